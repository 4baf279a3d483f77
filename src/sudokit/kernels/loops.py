"""The loops of unique rectangles and unique loops (logic/unique_loops.py) in numba: the same loops, in the
same order, as the Python walk finds them.

From every bivalue cell (digits v1, v2), a depth-first walk through houses (box, row, column; never twice in a
row the same kind) over cells holding both digits, allowing two cells with extra digits (or any number whose
extras are one digit), records each return to the start after 4 or more cells. A loop is kept when every house it
touches is visited once from an odd and once from an even position (SE's test). The walk keeps its frames on an
explicit stack.

Speed (ulk; the 385 states SE's walk hands the unique-loop producer on the 40 puzzles of ER 5-9.3 of
benchmarks/rate.py, best of 5): a step reads each house's places of the pair from masks made once per pair (in
unit order, so the same loops in the same order) instead of testing the n cells of three houses: unique_loops
12.9 -> 5.5 ms, easiest_loop 13.9 -> 6.5 ms. Tried and lost: not extending a path that already visits a house
from a position of the same parity (exact: such a path never closes into a valid loop) - the marks cost more
than the few paths it cuts (unique_loops 12.9 -> 16-17 ms).
cascade.walk's screen is loop_step (sewalk3): it needs only whether some loop gives a step, so the walk from a
bivalue cell never enters a lower bivalue cell of the pair (each loop is then found from its lowest one only, in
both directions, so both orders of its two extra cells still reach type 3, which tells them apart; a valid loop
never leaves and re-enters a cell through one kind of house, so any rotation passes the walk's kind rule) and it
stops at the first loop with a step. On the walk's loop states, best of 5: ER 5-7 (87) easiest_loop 45 -> 13 us,
ER 5-9.3 (340) 17 -> 11 us; same answer on all 21,146 walk states captured at ER 5-7 and 5-9.3 (1,869 with a step).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import clz, ctz, popcount
from .se import _empty


@njit(cache=True)
def _valid(loop, length, cell_units, nunits, even, odd):
    """SE's test of a loop: no house twice among odd or even positions, and the same houses in both."""
    for i in range(length):
        for j in range(3):
            h = cell_units[loop[i], j]
            seen = odd if i % 2 else even
            if seen[h]:
                _clear(loop, length, cell_units, even, odd)
                return False
            seen[h] = True
    ok = True
    for i in range(length):
        for j in range(3):
            h = cell_units[loop[i], j]
            if even[h] != odd[h]:
                ok = False
    _clear(loop, length, cell_units, even, odd)
    return ok


@njit(cache=True)
def _clear(loop, length, cell_units, even, odd):
    """Unmark the houses of a loop."""
    for i in range(length):
        for j in range(3):
            even[cell_units[loop[i], j]] = False
            odd[cell_units[loop[i], j]] = False


@njit(cache=True)
def unique_loops(n, cand, cell_units, unit_cells, out_cells, out_len, out_v):
    """Every valid loop (cells in order into out_cells[k, :out_len[k]], digits out_v[k]); returns how many
    (at most out_cells.shape[0]: the walk stops when the buffer is full)."""
    none = np.zeros(1, np.int64)  # loop_step's arguments, unused here
    return _search(False, n, cand, cell_units, unit_cells, out_cells, out_len, out_v, none, np.zeros((1, 1), np.bool_),
                   none, none, none)


@njit(cache=True)
def loop_step(n, values, cand, cell_units, unit_cells, sees, peers_ptr, peers_idx, best):
    """1 if some valid loop gives a unique loop step (kernels/cascade.walk's screen for SE's producer; Python
    builds the step), else 0. The walk from a bivalue cell never enters a lower bivalue cell (a loop is found from
    its lowest one, in both directions, so with both orders of two extra cells, which type 3 tells apart)."""
    dummy = np.zeros((1, 1), np.int64)
    return _search(True, n, cand, cell_units, unit_cells, dummy, best, dummy, values, sees, peers_ptr, peers_idx,
                   best)


@njit(cache=True)
def _search(screen, n, cand, cell_units, unit_cells, out_cells, out_len, out_v, values, sees, peers_ptr, peers_idx,
            best):
    """unique_loops, or with screen loop_step: from each bivalue cell, lower bivalue cells skipped, each valid
    loop tried for a step (_loop_best) until one has one (values .. best: its arguments)."""
    ncells = cand.shape[0]
    nunits = unit_cells.shape[0]
    maxl = out_cells.shape[1]
    loop = np.empty(ncells, np.int64)
    inloop = np.zeros(ncells, np.bool_)
    fk = np.zeros(ncells, np.int64)
    fm = np.zeros(ncells, np.int64)
    fallow = np.zeros(ncells, np.int64)
    fextra = np.zeros(ncells, np.uint64)
    flast = np.zeros(ncells, np.int64)
    even = np.zeros(nunits, np.bool_)
    odd = np.zeros(nunits, np.bool_)
    # each house's places of both digits of a pair (masks of unit indices), made once per pair: a step reads the
    # places, in unit order, instead of testing all n cells of its three houses
    places = np.empty((n * n, nunits), np.int64)
    made = np.zeros(n * n, np.bool_)
    extras, pool, cells = np.empty(ncells, np.int64), np.empty(ncells, np.int64), np.empty(ncells, np.int64)
    pos = np.empty(2 * n, np.int64)  # _loop_best's scratch (screen)
    count = 0
    for start in range(ncells):
        both = cand[start]
        if popcount(both) != 2:
            continue
        pair = _pair(both, n)
        if not made[pair]:
            _pair_places(both, n, cand, unit_cells, places[pair])
            made[pair] = True
        pm = places[pair]
        loop[0] = start
        inloop[start] = True
        fk[0], fm[0], fallow[0], fextra[0], flast[0] = -1, 0, 2, 0, -1
        depth = 1
        while depth > 0:
            f = depth - 1
            cell = loop[f]
            if fm[f] == 0:  # the next house of the cell (never the kind of the one it was reached by)
                k = fk[f] + 1
                if k == flast[f]:
                    k += 1
                if k >= 3:
                    inloop[cell] = False
                    depth -= 1
                    continue
                fk[f] = k
                fm[f] = pm[cell_units[cell, k]]
                continue
            j = ctz(fm[f])
            fm[f] &= fm[f] - 1
            nxt = unit_cells[cell_units[cell, fk[f]], j]
            if nxt == start and depth >= 4:
                if screen:
                    if _valid(loop, depth, cell_units, nunits, even, odd):
                        v1, v2 = _two(both)
                        best[0] = -1
                        if _loop_best(loop, depth, v1, v2, best, n, values, cand, cell_units, unit_cells, sees,
                                      peers_ptr, peers_idx, extras, pool, cells, pos):
                            for c in range(depth):
                                inloop[loop[c]] = False
                            return 1
                    continue
                if depth <= maxl and _valid(loop, depth, cell_units, nunits, even, odd):
                    if count >= out_cells.shape[0]:
                        for c in range(depth):
                            inloop[loop[c]] = False
                        return count
                    for c in range(depth):
                        out_cells[count, c] = loop[c]
                    out_len[count] = depth
                    out_v[count, 0], out_v[count, 1] = _two(both)
                    count += 1
                continue
            if inloop[nxt] or (screen and nxt < start and cand[nxt] & both == cand[nxt]):
                continue
            more = fextra[f] | (cand[nxt] & ~both)
            card = popcount(cand[nxt])
            if card == 2 or popcount(more) == 1 or fallow[f] > 0:
                loop[depth] = nxt
                inloop[nxt] = True
                fk[depth], fm[depth], fextra[depth], flast[depth] = -1, 0, more, fk[f]
                fallow[depth] = fallow[f] - (1 if card > 2 else 0)
                depth += 1
    return count


@njit(cache=True)
def _pair(both, n):
    """The index of a bivalue mask's digit pair (v1 - 1) * n + v2 - 1."""
    a = ctz(both)
    return a * n + ctz(both & (both - np.uint64(1)))


@njit(cache=True)
def _pair_places(both, n, cand, unit_cells, out):
    """out[u]: the unit indices of the cells of unit u holding both digits of `both`."""
    for u in range(unit_cells.shape[0]):
        m = 0
        for j in range(n):
            if cand[unit_cells[u, j]] & both == both:
                m |= 1 << j
        out[u] = m


@njit(cache=True)
def _two(m):
    """The two digits (1-based) of a bivalue mask."""
    a = 0
    while not (m >> np.uint64(a)) & np.uint64(1):
        a += 1
    b = a + 1
    while not (m >> np.uint64(b)) & np.uint64(1):
        b += 1
    return a + 1, b + 1


@njit(cache=True)
def _set(s, c):
    s[c >> 6] |= np.uint64(1) << np.uint64(c & 63)


@njit(cache=True)
def _has(s, c):
    return (s[c >> 6] >> np.uint64(c & 63)) & np.uint64(1) != 0


@njit(cache=True)
def _add_bug(cell, d, peers, bcells, bmask, nb, rest, common, started):
    """logic/unique_loops._add_bug: BUG value d of cell (bcells/bmask in first-seen order, nb[0] of them); common
    narrows to the cells seeing every BUG cell; False when SE gives up (several cells, several values, no common
    cell)."""
    W = common.shape[0]
    bit = np.uint64(1) << np.uint64(d)
    j = -1
    for i in range(nb[0]):
        if bcells[i] == cell:
            j = i
    if j < 0:
        j = nb[0]
        bcells[j] = cell
        bmask[j] = 0
        nb[0] += 1
    bmask[j] |= bit
    rest[cell] &= ~bit
    for w in range(W):
        common[w] = peers[cell, w] if not started[0] else common[w] & peers[cell, w]
    started[0] = True
    allv = np.uint64(0)
    for i in range(nb[0]):
        c = bcells[i]
        common[c >> 6] &= ~(np.uint64(1) << np.uint64(c & 63))
        allv |= bmask[i]
    if nb[0] > 1 and popcount(allv) > 1:
        for w in range(W):
            if common[w]:
                return True
        return False
    return True


@njit(cache=True)
def bug_cells(n, values, cand, unit_cells, peers, bcells, bmask):
    """logic/unique_loops._bug_cells over flat arrays: SE's BUG cells (bcells, in the order the Python dict has
    them) and their BUG values (bmask, bit d = digit d + 1); returns how many, 0 when the grid is no BUG. Houses:
    the 3n rows, columns and boxes (unit_cells rows 0 .. 3n - 1), in SE's order boxes, rows, columns."""
    ncells = cand.shape[0]
    W = peers.shape[1]
    fat = np.zeros(W, np.uint64)
    for c in range(ncells):
        if popcount(cand[c]) >= 3:
            _set(fat, c)
    rest = cand.copy()
    common = np.zeros(W, np.uint64)
    started = np.zeros(1, np.bool_)
    nb = np.zeros(1, np.int64)
    extra = np.empty(ncells, np.int64)
    nextra = -1  # -1: None
    only = 0
    one_value = True
    fatpos = np.empty(n, np.int64)
    for i in range(3 * n):
        house = 2 * n + i if i < n else i - n
        for d in range(n):
            bit = np.uint64(1) << np.uint64(d)
            count = 0
            nf = 0
            for j in range(n):
                c = unit_cells[house, j]
                if cand[c] & bit:
                    count += 1
                    if _has(fat, c):
                        fatpos[nf] = c
                        nf += 1
            if count == 0 or count == 2:
                continue
            if nf == 0:
                return 0
            # the fat places in cell order (unit_cells rows are not sorted for every house kind)
            for a in range(1, nf):
                x = fatpos[a]
                b = a - 1
                while b >= 0 and fatpos[b] > x:
                    fatpos[b + 1] = fatpos[b]
                    b -= 1
                fatpos[b + 1] = x
            if nextra < 0:
                nextra = nf
                for a in range(nf):
                    extra[a] = fatpos[a]
                only = d
            elif one_value:
                if only == d:
                    for a in range(nf):
                        dup = False
                        for b in range(nextra):
                            if extra[b] == fatpos[a]:
                                dup = True
                        if not dup:
                            extra[nextra] = fatpos[a]
                            nextra += 1
                else:
                    one_value = False
            if nf == 1:
                if not _add_bug(fatpos[0], d, peers, bcells, bmask, nb, rest, common, started):
                    return 0
    if one_value and nextra > 0 and nextra > nb[0]:
        for a in range(nextra):
            c = extra[a]
            seen = False
            for b in range(nb[0]):
                if bcells[b] == c:
                    seen = True
            if not seen:
                if not _add_bug(c, only, peers, bcells, bmask, nb, rest, common, started):
                    return 0
    if nb[0] == 0:
        return 0
    # _is_grave: without the BUG values every empty cell is bivalue and every digit has 0 or 2 places a house
    for c in range(ncells):
        if values[c] == 0 and popcount(rest[c]) != 2:
            return 0
    for house in range(3 * n):
        for d in range(n):
            bit = np.uint64(1) << np.uint64(d)
            count = 0
            for j in range(n):
                if rest[unit_cells[house, j]] & bit:
                    count += 1
            if count != 0 and count != 2:
                return 0
    return nb[0]


# SE's choice among unique loop steps (logic/unique_loops.easiest_unique_loop): the lowest (price, type) over the
# steps of every valid loop, first found on ties. Only whether each step exists is decided here (its price and
# type); Python rebuilds the chosen loop's steps and keeps the first with that key. Prices in tenths.


@njit(cache=True)
def _loop_price(size):
    """SE's price of a unique loop of size cells, in tenths."""
    return 50 if size >= 10 else 47 if size >= 8 else 46 if size >= 6 else 45


@njit(cache=True)
def _sees_all(x, cells, k, sees):
    """True if cell x sees every one of cells[:k] (never itself: sees has a false diagonal)."""
    for i in range(k):
        if not sees[x, cells[i]]:
            return False
    return True


@njit(cache=True)
def _digit_victim(d, cells, k, cand, sees, peers_ptr, peers_idx):
    """True if some cell seeing every cell of cells[:k] holding digit d (0-based) has d: SE's eliminations of a
    naked set's digit (and type 2's extra digit)."""
    bit = np.uint64(1) << np.uint64(d)
    holders = np.empty(k, np.int64)
    m = 0
    for i in range(k):
        if cand[cells[i]] & bit:
            holders[m] = cells[i]
            m += 1
    if m == 0:
        return False
    h0 = holders[0]
    for i in range(peers_ptr[h0], peers_ptr[h0 + 1]):
        x = peers_idx[i]
        if cand[x] & bit and _sees_all(x, holders, m, sees):
            return True
    return False


@njit(cache=True)
def _naked3(u, k, a, b, extra, n, unit_cells, cand, sees, peers_ptr, peers_idx, pool, cells):
    """True if a type 3 naked set of k cells exists in unit u (a's extra digits as one cell, k - 1 others, not b)
    with an elimination (logic/unique_loops._type3_naked)."""
    m = 0
    for j in range(n):
        c = unit_cells[u, j]
        if c != a and c != b and popcount(cand[c]) >= 2 and popcount(cand[c] | extra) <= k:
            pool[m] = c
            m += 1
    r = k - 1
    if r > m:
        return False
    common = extra & cand[a] & cand[b]
    combo = (1 << r) - 1
    while combo < (1 << m):
        others = np.uint64(0)
        for i in range(m):
            if combo >> i & 1:
                others |= cand[pool[i]]
        if popcount(common | others) == k and popcount(extra | others) == k:
            q = 0
            for i in range(m):
                if combo >> i & 1:
                    cells[q] = pool[i]
                    q += 1
            cells[q], cells[q + 1] = a, b
            digits = extra | others
            while digits:
                if _digit_victim(ctz(digits), cells, q + 2, cand, sees, peers_ptr, peers_idx):
                    return True
                digits &= digits - np.uint64(1)
        low = combo & -combo
        ripple = combo + low
        combo = ripple | (((combo ^ ripple) >> 2) // low)
    return False


@njit(cache=True)
def _hidden3(u, k, a, b, v1, v2, extra, n, unit_cells, cand, pos):
    """True if a type 3 hidden set exists in unit u (the loop digits and k - 2 others in k cells without b) with
    an elimination (logic/unique_loops._type3_hidden); places as masks of unit indices."""
    ja, jb = -1, -1
    for j in range(n):
        pos[j] = 0
    for j in range(n):
        c = unit_cells[u, j]
        if c == a:
            ja = j
        if c == b:
            jb = j
            continue
        m = cand[c]
        while m:
            pos[ctz(m)] |= 1 << j
            m &= m - np.uint64(1)
    base, other = pos[v1 - 1], pos[v2 - 1]
    if base == 0 or other == 0:
        return False
    base |= other
    if popcount(base) > k:
        return False
    # the digits that may join (compacted to the front of pos, in digit order)
    m = 0
    if k > 2:
        for d in range(n):
            if d != v1 - 1 and d != v2 - 1 and not (extra >> np.uint64(d)) & np.uint64(1):
                p = pos[d]
                if p and popcount(p | base) <= k:
                    pos[m] = p
                    pos[n + m] = d
                    m += 1
    r = k - 2
    if r > m:
        return False
    combo = (1 << r) - 1
    while combo < (1 << m):
        union = base
        keep = (np.uint64(1) << np.uint64(v1 - 1)) | (np.uint64(1) << np.uint64(v2 - 1))
        for i in range(m):
            if combo >> i & 1:
                union |= pos[i]
                keep |= np.uint64(1) << np.uint64(pos[n + i])
        if popcount(union) == k:
            if ja >= 0:
                union &= ~(1 << ja)
            while union:
                if cand[unit_cells[u, ctz(union)]] & ~keep:
                    return True
                union &= union - 1
        if r == 0:
            break
        low = combo & -combo
        ripple = combo + low
        combo = ripple | (((combo ^ ripple) >> 2) // low)
    return False


@njit(cache=True)
def _type3(t, cap, a, b, v1, v2, extra, n, values, cand, cell_units, unit_cells, sees, peers_ptr, peers_idx, pool,
           cells, pos):
    """The lowest price (tenths) below cap of a type 3 step of a loop of price t, or cap if none: set sizes 2..7,
    each house of a and b (a hidden set of size k costs t + k - 2, a naked one t + k - 1)."""
    best = cap
    for k in range(2, 8):
        if t + k - 2 >= best:
            break
        for i in range(3):
            u = cell_units[a, i]
            if u != cell_units[b, 0] and u != cell_units[b, 1] and u != cell_units[b, 2]:
                continue
            empty = _empty(u, n, unit_cells, values)
            if t + k - 1 < best and 2 * k <= empty and k >= popcount(extra) and \
                    _naked3(u, k, a, b, extra, n, unit_cells, cand, sees, peers_ptr, peers_idx, pool, cells):
                best = t + k - 1
            if 2 * k < empty and _hidden3(u, k, a, b, v1, v2, extra, n, unit_cells, cand, pos):
                return t + k - 2
    return best


@njit(cache=True)
def _type2(z, extras, ne, cand, sees, peers_ptr, peers_idx):
    """True if extra digit z (0-based) leaves a cell seeing every extra cell (type 2)."""
    bit = np.uint64(1) << np.uint64(z)
    e0 = extras[0]
    for i in range(peers_ptr[e0], peers_ptr[e0 + 1]):
        x = peers_idx[i]
        if cand[x] & bit and _sees_all(x, extras, ne, sees):
            return True
    return False


@njit(cache=True)
def _type4(a, b, v1, v2, n, cell_units, unit_cells, cand):
    """True if a loop digit has no place but a and b in a house of both (type 4)."""
    for lock in (v1, v2):
        bit = np.uint64(1) << np.uint64(lock - 1)
        for i in range(3):
            u = cell_units[a, i]
            if u != cell_units[b, 0] and u != cell_units[b, 1] and u != cell_units[b, 2]:
                continue
            alone = True
            for j in range(n):
                c = unit_cells[u, j]
                if c != a and c != b and cand[c] & bit:
                    alone = False
            if alone:
                return True
    return False


@njit(cache=True)
def _loop_best(loop, size, v1, v2, best, n, values, cand, cell_units, unit_cells, sees, peers_ptr, peers_idx,
               extras, pool, cells, pos):
    """Lower best = [loop, price, type] to this loop's cheapest step when it is cheaper (logic/unique_loops.
    _loop_steps: type 1, or type 2, or types 3 then 4); True if it did."""
    t = _loop_price(size)
    key = best[1] * 8 + best[2] if best[0] >= 0 else 1 << 40
    both = (np.uint64(1) << np.uint64(v1 - 1)) | (np.uint64(1) << np.uint64(v2 - 1))
    ne = 0
    mask = np.uint64(0)
    for i in range(size):
        c = loop[i]
        if popcount(cand[c]) > 2:
            extras[ne] = c
            ne += 1
            mask |= cand[c] & ~both
    mine = 1 << 40
    if ne == 1:
        mine = t * 8 + 1
    if ne > 2 or (ne == 2 and popcount(mask) == 1):
        z = 63 - clz(mask)
        if t * 8 + 2 < mine and _type2(z, extras, ne, cand, sees, peers_ptr, peers_idx):
            mine = t * 8 + 2
    if ne == 2:
        a, b = extras[0], extras[1]
        if popcount(mask) >= 2 and t * 8 + 3 < min(key, mine):
            cap = min(key, mine) // 8 + 1  # a type 3 step of price p beats key when p * 8 + 3 < key
            p = _type3(t, cap, a, b, v1, v2, mask, n, values, cand, cell_units, unit_cells, sees, peers_ptr,
                       peers_idx, pool, cells, pos)
            if p * 8 + 3 < mine:
                mine = p * 8 + 3
        if t * 8 + 4 < mine and _type4(a, b, v1, v2, n, cell_units, unit_cells, cand):
            mine = t * 8 + 4
    if mine < key:
        best[1], best[2] = mine // 8, mine % 8
        return True
    return False


@njit(cache=True)
def easiest_loop(n, values, cand, cell_units, unit_cells, sees, peers_ptr, peers_idx, out_cells, out_len, out_v,
                 best):
    """SE's unique loop choice over the loops `unique_loops` finds (into out_cells, out_len, out_v): best = [index
    of the loop, price in tenths, type] of the lowest (price, type), first found on ties; False if no step."""
    k = unique_loops(n, cand, cell_units, unit_cells, out_cells, out_len, out_v)
    best[0], best[1], best[2] = -1, 0, 0
    ncells = cand.shape[0]
    extras = np.empty(ncells, np.int64)
    pool = np.empty(ncells, np.int64)
    cells = np.empty(ncells, np.int64)
    pos = np.empty(2 * n, np.int64)
    for i in range(k):
        size = out_len[i]
        if best[0] >= 0 and _loop_price(size) > best[1]:
            continue
        if _loop_best(out_cells[i], size, out_v[i, 0], out_v[i, 1], best, n, values, cand, cell_units, unit_cells,
                      sees, peers_ptr, peers_idx, extras, pool, cells, pos):
            best[0] = i
            if best[1] == 45 and best[2] == 1:
                break
    return best[0] >= 0
