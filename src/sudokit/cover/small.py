"""Dancing cells in plain Python, for problems too small to be worth loading numba.

A `sudokit cover` run on Knuth's six-option examples spent most of its time importing numba and loading the
compiled kernels, not solving. `Tiny` is the unseeded search of kernels/cells.py move for move, on Python lists:
the same active-item array and its swaps, the same MRV rule (fewest options; ties to the lowest item; the first
item with at most one option ends the scan), the same option order (a chosen item's set sorted), the same early
abandonment, so it finds the same solutions in the same order with the same node, update and cleansing counts
(tests/test_cover_family.py checks that against the kernel). Undo copies the sizes of the active items per level.

It runs under a budget of work (nodes plus removals): `run` returns None once the budget is spent, and
cover/solver.py then hands the problem to the numba kernel, fast-forwarding past the solutions already returned.
`estimate_work` tells beforehand whether a search is worth starting here at all: Knuth's random probes (see
parallel/probes.py), each weighing the work of the nodes on its path (entering, and trying every option).
"""

from __future__ import annotations

import random

DONE, PAUSED_LIMIT, PAUSED_NODES = 0, 1, 2
ENTER, TRY, RETRY, LEAVE = 0, 1, 2, 3


class Tiny:
    """A paused dancing-cells search over a problem's CSR arrays (dropped options left out)."""

    def __init__(self, problem, ties: str = "degree"):
        from .solver import cells_entries

        ptr = problem.opt_ptr.tolist()
        entries, colors = cells_entries(problem, ties)  # the kernel's order of the entries within each option
        items = entries.tolist()
        dropped = set(problem.dropped)
        n = problem.n_items
        self.nprim = problem.n_primary
        self.owner = [k for k in range(problem.n_options) for _ in range(ptr[k], ptr[k + 1])]
        self.start = [ptr[k] for k in self.owner]
        self.end = [ptr[k + 1] for k in self.owner]
        self.itm = items
        self.col = colors.tolist()
        members: list[list[int]] = [[] for _ in range(n)]
        for z, i in enumerate(items):
            if self.owner[z] not in dropped:
                members[i].append(z)
        self.base, self.size, base = [], [len(m) for m in members], 0
        for m in members:
            self.base.append(base)
            base += len(m)
        self.setm = [z for m in members for z in m]
        self.loc = [0] * len(items)
        for i, m in enumerate(members):
            for t, z in enumerate(m):
                self.loc[z] = t
        self.item = list(range(n))
        self.pos = list(range(n))
        self.active = n
        self.prim = list(range(self.nprim))  # the active primary items first, for the MRV scan
        self.ppos = list(range(self.nprim))
        self.pactive = self.nprim
        self.levels: list[list] = []  # per level: item, index, active after choosing, saved (item, size), pactive
        self.level = 0
        self.op = ENTER
        self.nodes = self.updates = self.cleansings = self.solutions = 0

    def clone(self) -> "Tiny":
        """A copy whose search can run without touching this one."""
        twin = object.__new__(Tiny)
        twin.__dict__.update(self.__dict__)
        for name in ("size", "setm", "loc", "item", "pos", "prim", "ppos"):
            setattr(twin, name, list(getattr(self, name)))
        twin.levels = [list(lv) for lv in self.levels]
        return twin

    def _remove(self, z: int, j: int) -> None:
        """Swap node z to the end of item j's set and shrink it (kernels/cells.py _remove)."""
        s = self.size[j] - 1
        b = self.base[j]
        w = self.setm[b + s]
        self.setm[b + self.loc[z]] = w
        self.loc[w] = self.loc[z]
        self.setm[b + s] = z
        self.loc[z] = s
        self.size[j] = s

    def _deactivate(self, j: int) -> None:
        """Swap item j to the end of the active items."""
        a = self.active - 1
        p = self.pos[j]
        last = self.item[a]
        self.item[p] = last
        self.pos[last] = p
        self.item[a] = j
        self.pos[j] = a
        self.active = a
        if j < self.nprim:
            a = self.pactive - 1
            p = self.ppos[j]
            last = self.prim[a]
            self.prim[p] = last
            self.ppos[last] = p
            self.prim[a] = j
            self.ppos[j] = a
            self.pactive = a

    def _hide(self, z: int, ze: int, start: int, active: int) -> int:
        """Remove nodes z..ze-1 from the items active before `start`; -1 - removed if a primary item still active
        (before `active`) would run out."""
        removed = 0
        for y in range(z, ze):
            j = self.itm[y]
            pj = self.pos[j]
            if pj < start:
                if self.size[j] == 1 and pj < active and j < self.nprim:
                    return -1 - removed
                self._remove(y, j)
                removed += 1
        return removed

    def _choose(self) -> tuple[int, int]:
        """The MRV primary item and its size, or (-1, 0) when none is active."""
        best, bs = -1, 1 << 62
        for a in range(self.pactive):
            i = self.prim[a]
            s = self.size[i]
            if s < bs or (s == bs and i < best):
                best, bs = i, s
                if s <= 1:
                    break
        return best, bs

    def _enter(self) -> str:
        """Choose an item and hide its options: 'chose', or 'solution' (no primary item left), or 'dead'."""
        i, bs = self._choose()
        if i < 0:
            return "solution"
        if bs == 0:
            return "dead"
        self._deactivate(i)
        b = self.base[i]
        self.setm[b:b + bs] = sorted(self.setm[b:b + bs])
        for t in range(bs):
            self.loc[self.setm[b + t]] = t
        for t in range(bs):
            y = self.setm[b + t]
            self.updates += self._hide(self.start[y], y, self.active, 0) + self._hide(y + 1, self.end[y], self.active, 0)
        saved = [(j, self.size[j]) for j in self.item[:self.active]] if bs > 1 else None
        del self.levels[self.level:]
        self.levels.append([i, 0, self.active, saved, self.pactive])
        return "chose"

    def _try(self, level: list) -> bool:
        """Commit the option at the level's index; False if an active primary item ran out of options."""
        i, k = level[0], level[1]
        x = self.setm[self.base[i] + k]
        start = self.active
        zs, ze = self.start[x], self.end[x]
        for z in range(zs, ze):
            if z != x and self.pos[self.itm[z]] < self.active:
                self._deactivate(self.itm[z])
        for z in range(zs, ze):
            j = self.itm[z]
            if z == x or self.pos[j] >= start:
                continue
            c, b = self.col[z], self.base[j]
            t = 0
            while t < self.size[j]:
                y = self.setm[b + t]
                t += 1
                if c and self.col[y] == c:
                    self.cleansings += 1
                    continue
                r = self._hide(self.start[y], y, start, self.active)
                if r >= 0:
                    self.updates += r
                    r = self._hide(y + 1, self.end[y], start, self.active)
                if r < 0:
                    self.updates += -1 - r
                    return False
                self.updates += r
        return True

    def run(self, limit: int, keep: int, max_nodes: int, budget: int):
        """Up to `limit` more solutions (the first `keep` returned) as the kernel would find them: (status,
        solutions), or None once nodes + removals pass `budget` (the state is then of no further use)."""
        found: list[tuple[int, ...]] = []
        count = 0
        work = self.nodes + self.updates + budget
        while True:
            if self.nodes + self.updates > work:
                return None
            if self.op == ENTER:
                if max_nodes and self.nodes >= max_nodes:
                    return PAUSED_NODES, found
                self.nodes += 1
                what = self._enter()
                self.op = TRY if what == "chose" else LEAVE
                if what == "solution":
                    self.solutions += 1
                    count += 1
                    if len(found) < keep:
                        found.append(tuple(self.owner[self.setm[self.base[lv[0]] + lv[1]]]
                                           for lv in self.levels[:self.level]))
                    if count >= limit:
                        return PAUSED_LIMIT, found
            elif self.op == TRY:
                level = self.levels[self.level]
                if level[1] >= self.size[level[0]]:
                    self.op = LEAVE
                elif self._try(level):
                    self.level += 1
                    self.op = ENTER
                else:
                    self.op = LEAVE if self.size[level[0]] == 1 else RETRY
            elif self.op == RETRY:
                level = self.levels[self.level]
                if self.size[level[0]] == 1:
                    self.op = LEAVE
                    continue
                self.active = level[2]
                self.pactive = level[4]
                for j, size in level[3]:
                    self.size[j] = size
                level[1] += 1
                self.op = TRY
            else:  # LEAVE
                if self.level == 0:
                    return DONE, found
                self.level -= 1
                self.op = RETRY


def probe(root: Tiny, rng: random.Random, cap: float, budget: float) -> tuple[float, int]:
    """One random probe of the whole search's work (nodes + removals) from a fresh Tiny (left untouched): the
    estimate (inf once the probe's own work passes `budget`), and the work the probe itself did.

    At each node on the way every option is tried (and undone); the walk goes on through a random option that
    survived. The node's own work (1 + its removals) counts times the product of the degrees above it, so the
    mean over probes is an unbiased estimate of the work of the whole search. Stops early once past `cap`.
    """
    t = root.clone()
    weight, total = 1.0, 0.0
    while total <= cap:
        before = t.updates
        t.nodes += 1
        if t._enter() != "chose":
            return total + weight * (1 + t.updates - before), t.nodes + t.updates
        lv = t.levels[t.level]
        d = t.size[lv[0]]
        if d == 1:  # forced: nothing saved to undo with, and nothing to undo (the walk goes on through it)
            ok = t._try(lv)
            total += weight * (1 + t.updates - before)
            if not ok:
                break
        else:
            alive = []
            for k in range(d):
                if t.nodes + t.updates > budget:
                    return float("inf"), t.nodes + t.updates
                lv[1] = k
                if t._try(lv):
                    alive.append(k)
                t.active, t.pactive = lv[2], lv[4]
                for j, size in lv[3]:
                    t.size[j] = size
            total += weight * (1 + t.updates - before)
            if not alive:
                break
            weight *= len(alive)
            lv[1] = rng.choice(alive)
            t._try(lv)
        t.level += 1
    return total, t.nodes + t.updates


def estimate_work(problem, probes: int = 16, cap: float = float("inf"), seed: int = 0) -> float:
    """The mean of `probes` probes of the nodes + removals of the plain-Python search of problem, or inf as soon
    as it must exceed `cap` or the probes' own work passes cap / 32 (a tree that costly to probe is not small)."""
    root, rng = Tiny(problem), random.Random(seed)
    total, spent = 0.0, 0
    for _ in range(probes):
        work, cost = probe(root, rng, cap * probes - total, cap / 32 - spent)
        total, spent = total + work, spent + cost
        if total > cap * probes or spent > cap / 32:
            return float("inf")
    return total / probes
