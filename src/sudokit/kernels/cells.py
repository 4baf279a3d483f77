"""Dancing Cells: Knuth's Algorithm C (exact cover with colors) on sparse sets, over flat uint32 arrays.

Same contract as kernels/dlx.py: one resumable kernel `search`, the whole search state in caller arrays, run
until `limit` more solutions (PAUSED_LIMIT), exhaustion (DONE) or `max_nodes` nodes (PAUSED_NODES); the first
`len(out_len)` solutions of the call go to `out_opts` as the user's option indices, in the order chosen.

Layout (a *node* is an entry of the problem's CSR arrays; cover/solver.py `build_cells` makes them):

    opt_ptr[o] .. opt_ptr[o+1]   the nodes of option o         opt_of[z]  option of node z
    itm[z], col[z]               item (0-based, primaries first) and color (0 = none) of node z
    setm[base[i] .. base[i]+size[i])   the active options of item i, as nodes; loc[z] = z's place in it
    item[0 .. active)            the active items (a sparse set; pos[i] = place of i in `item`)
    lv[level] = (chosen item, index of the option tried in its set, `active` after choosing, trail start)
    trail                        (item, size) pairs of the items active at each level, for undo

A node in search (Knuth's SSXC): choose the active primary item i with fewest options (MRV; ties to the first,
or at random if seeded; none left = a solution), deactivate it and remove the other nodes of each of its
options from the sets of the active items, then save (item, size) of every active item. Trying option x:
deactivate x's other items that are still active, then, for each of them, j, hide the options in j's set
(all of them if x uses j uncolored, only those with another color or none if x gives j color c) by removing
their other nodes from the sets of the items that were active before x. A secondary item already inactive
was made so by an earlier option with the same color (an option with another color would have been hidden),
so it needs nothing. x is abandoned as soon as an active primary item would lose its last option. Undo =
restore `active` and the saved sizes (a sparse set forgets nothing when its size shrinks). A forced choice
(size 1) saves nothing: leaving it, the parent's restore covers it. (x itself is in no set it could be
hidden from twice: choosing i already removed the other nodes of all of i's options.)

The trail is bounded by sum over levels of the active items; the kernel pauses with PAUSED_TRAIL before a
node whose save would not fit, and the driver grows the array and resumes.

Measured (quarter pentominoes: 6x10, X in one quarter, 2339 solutions; same process, alternating,
time.process_time, a loaded 2-core box; see the table in benchmarks/cover.py output):
    FIGURES
"""

import numpy as np
from numba import njit

# state[] slots
ST_OP, ST_LEVEL, ST_RNG, ST_SEEDED, ST_ACTIVE, ST_NPRIM = 0, 1, 2, 3, 4, 5
# resume points: enter a level, try the current option, undo it and take the next, leave the level
OP_ENTER, OP_TRY, OP_RETRY, OP_LEAVE = 0, 1, 2, 3
# return status (PAUSED_TRAIL: grow `trail` and call again)
DONE, PAUSED_LIMIT, PAUSED_NODES, PAUSED_TRAIL = 0, 1, 2, 3
# stats[] slots
SOLUTIONS, NODES, UPDATES, CLEANSINGS = 0, 1, 2, 3
# lv[level, ...] slots
L_ITEM, L_INDEX, L_ACTIVE, L_TRAIL = 0, 1, 2, 3

Z = np.uint32(0)
O = np.uint32(1)
NONE = np.uint32(0xFFFFFFFF)


@njit(cache=True, inline="always")
def _remove(z, j, setm, loc, base, size):
    """Take node z out of item j's set: swap it with the last active node of the set."""
    s = size[j] - O
    b = base[j]
    l = loc[z]
    w = setm[b + s]
    setm[b + l] = w
    loc[w] = l
    setm[b + s] = z
    loc[z] = s
    size[j] = s


@njit(cache=True, inline="always")
def _deactivate(j, item, pos, active):
    """Swap item j to the end of the active items; return the new count."""
    a = active - O
    p = pos[j]
    last = item[a]
    item[p] = last
    pos[last] = p
    item[a] = j
    pos[j] = a
    return a


@njit(cache=True)
def search(opt_of, opt_ptr, itm, col, loc, setm, base, size, item, pos, lv, trail, state, limit, max_nodes,
           out_opts, out_len, stats):
    """Run Algorithm C on sparse sets from the saved state; return DONE, PAUSED_LIMIT, PAUSED_NODES or PAUSED_TRAIL."""
    n = np.uint32(item.shape[0])
    nprim = np.uint32(state[ST_NPRIM])
    op = state[ST_OP]
    level = np.uint32(state[ST_LEVEL])
    active = np.uint32(state[ST_ACTIVE])
    rng = state[ST_RNG]
    seeded = state[ST_SEEDED] != 0
    tcap = np.uint32(trail.shape[0])
    found = 0
    cap = out_len.shape[0]
    status = DONE
    nodes = stats[NODES]
    updates = 0
    cleansings = 0
    while True:
        if op == OP_ENTER:
            if max_nodes > 0 and nodes >= max_nodes:
                status = PAUSED_NODES
                break
            t0 = lv[level, L_TRAIL]
            if t0 + np.uint32(2) * active > tcap:
                status = PAUSED_TRAIL
                break
            nodes += 1
            # MRV over the active primary items
            best = n
            bs = NONE
            a = Z
            if seeded:
                ties = 0
                while a < active:
                    it = item[a]
                    if it < nprim:
                        s = size[it]
                        if s < bs:
                            best = it
                            bs = s
                            ties = 1
                            if s == Z:
                                break
                        elif s == bs:
                            ties += 1
                            rng = (rng * 1103515245 + 12345) & 0x7FFFFFFF  # the LCG of dlx._choose
                            if (rng >> 8) % ties == 0:
                                best = it
                    a += O
            else:
                while a < active:
                    it = item[a]
                    if it < nprim:
                        s = size[it]
                        if s < bs:
                            best = it
                            bs = s
                            if s <= O:
                                break
                    a += O
            if best == n:  # no active primary item: a solution
                stats[SOLUTIONS] += 1
                if found < cap:
                    for k in range(level):
                        ck = lv[k, L_ITEM]
                        out_opts[found, k] = opt_of[setm[base[ck] + lv[k, L_INDEX]]]
                    out_len[found] = level
                found += 1
                op = OP_LEAVE
                if found >= limit:
                    status = PAUSED_LIMIT
                    break
                continue
            if bs == Z:
                op = OP_LEAVE
                continue
            i = best
            active = _deactivate(i, item, pos, active)
            b = base[i]
            t = Z
            while t < bs:  # hide every option of i from the active items
                y = setm[b + t]
                o = opt_of[y]
                ze = opt_ptr[o + O]
                z = opt_ptr[o]
                while z < ze:
                    if z != y:
                        j = itm[z]
                        if pos[j] < active:
                            _remove(z, j, setm, loc, base, size)
                            updates += 1
                    z += O
                t += O
            lv[level, L_ACTIVE] = active
            lv[level, L_ITEM] = i
            lv[level, L_INDEX] = Z
            if bs > O:
                a = Z
                t = t0
                while a < active:
                    it = item[a]
                    trail[t] = it
                    trail[t + O] = size[it]
                    t += np.uint32(2)
                    a += O
                lv[level + O, L_TRAIL] = t
            else:
                lv[level + O, L_TRAIL] = t0
            op = OP_TRY
        elif op == OP_TRY:
            i = lv[level, L_ITEM]
            k = lv[level, L_INDEX]
            if k >= size[i]:
                op = OP_LEAVE
                continue
            x = setm[base[i] + k]
            o = opt_of[x]
            start = active
            z0 = opt_ptr[o]
            ze = opt_ptr[o + O]
            z = z0
            while z < ze:  # deactivate x's other items
                j = itm[z]
                if z != x and pos[j] < active:
                    active = _deactivate(j, item, pos, active)
                z += O
            ok = True
            zz = z0
            while zz < ze and ok:
                jj = itm[zz]
                if zz != x and pos[jj] < start:  # an item x has just made inactive: hide its options
                    c = col[zz]
                    b = base[jj]
                    t = Z
                    while t < size[jj]:
                        y = setm[b + t]
                        t += O
                        if c != Z and col[y] == c:
                            cleansings += 1  # same color: the option stays
                            continue
                        o2 = opt_of[y]
                        z = opt_ptr[o2]
                        z2 = opt_ptr[o2 + O]
                        while z < z2:
                            if z != y:
                                j = itm[z]
                                pj = pos[j]
                                if pj < start:
                                    if size[j] == O and pj < active and j < nprim:
                                        ok = False  # an active primary item would lose its last option
                                        break
                                    _remove(z, j, setm, loc, base, size)
                                    updates += 1
                            z += O
                        if not ok:
                            break
                zz += O
            if ok:
                level += O
                op = OP_ENTER
            elif size[i] == O:  # forced: nothing saved here, the parent restores
                op = OP_LEAVE
            else:
                op = OP_RETRY
        elif op == OP_RETRY:
            i = lv[level, L_ITEM]
            if size[i] == O:
                op = OP_LEAVE
                continue
            active = lv[level, L_ACTIVE]
            t = lv[level, L_TRAIL]
            te = lv[level + O, L_TRAIL]
            while t < te:
                size[trail[t]] = trail[t + O]
                t += np.uint32(2)
            lv[level, L_INDEX] += O
            op = OP_TRY
        else:  # OP_LEAVE
            if level == Z:
                status = DONE
                break
            level -= O
            op = OP_RETRY
    state[ST_OP] = op
    state[ST_LEVEL] = level
    state[ST_ACTIVE] = active
    state[ST_RNG] = rng
    stats[NODES] = nodes
    stats[UPDATES] += updates
    stats[CLEANSINGS] += cleansings
    return status
