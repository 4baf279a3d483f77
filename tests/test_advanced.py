"""SE's advanced rules for dynamic chains (kernels/advanced.py) against a plain-Python reference: the previous
scan of every pattern, kept here as written before the place masks let the kernel skip patterns with no erased
parent. Same instances, offs and parents, in the same order, on narrowed grids of random and rated puzzles."""

from __future__ import annotations

import numpy as np
import pytest

from conftest import random_puzzle
from sudokit.geometry import box_geometry
from sudokit.kernels.advanced import RULES as NRULES, _advanced, _places, begin_places, erase_places
from sudokit.logic.api import candidates
from sudokit.logic.candidates import houses_of
from sudokit.logic.forcing import _place_track, tables

G9 = box_geometry(3, 3)


def _lost(c, d, cand, work):
    """True if the narrowed grid lost candidate d of cell c."""
    return bool(cand[c] >> d & 1) and not work[c] >> d & 1


def _locking(n, cand, work, geo, out, par):
    """Locked candidates, every place of the digit in each crossing scanned."""
    unit_cells, cross, group_end = geo[1], geo[6], geo[7]
    g0 = 0
    for g1 in group_end:
        for d in range(n):
            for i in range(g0, g1):
                a, b = cross[i]
                cells = [c for c in unit_cells[a] if work[c] >> d & 1]
                if len(cells) < 2 or any(c not in unit_cells[b] for c in cells):
                    continue
                p0 = len(par)
                par += [(c * n + d) * 2 for c in unit_cells[a] if _lost(c, d, cand, work) and c not in unit_cells[b]]
                if len(par) > p0:
                    out += [((c * n + d) * 2, p0, len(par)) for c in unit_cells[b]
                            if work[c] >> d & 1 and c not in unit_cells[a]]
        g0 = g1


def _hidden_pairs(n, cand, work, geo, out, par):
    """Hidden pairs in units of 5+ unsolved cells, every digit pair scanned."""
    unit_cells, set_units = geo[1], geo[8]
    for u in set_units:
        if sum(cand[c] != 0 for c in unit_cells[u]) <= 4:
            continue
        for d2 in range(1, n):
            for d1 in range(d2):
                both = 1 << d1 | 1 << d2
                ws = [work[c] for c in unit_cells[u]]
                if sum(w >> d1 & 1 for w in ws) < 2 or sum(w >> d2 & 1 for w in ws) < 2 or \
                        sum(w & both != 0 for w in ws) != 2:
                    continue
                p0 = len(par)
                par += [(c * n + d) * 2 for c in unit_cells[u] if not work[c] & both
                        for d in (d1, d2) if cand[c] >> d & 1]
                if len(par) > p0:
                    out += [((c * n + d) * 2, p0, len(par)) for c in unit_cells[u] if work[c] & both
                            for d in range(n) if d not in (d1, d2) and work[c] >> d & 1]


def _naked_pairs(n, cand, work, geo, out, par):
    """Naked pairs in units of 4+ unsolved cells, every cell pair scanned."""
    unit_cells, set_units = geo[1], geo[8]
    for u in set_units:
        if sum(cand[c] != 0 for c in unit_cells[u]) < 4:
            continue
        for j2 in range(1, n):
            for j1 in range(j2):
                a, b = unit_cells[u, j1], unit_cells[u, j2]
                m = work[a] | work[b]
                if bin(work[a]).count("1") < 2 or bin(work[b]).count("1") < 2 or bin(m).count("1") != 2:
                    continue
                p0 = len(par)
                par += [(c * n + d) * 2 for c in (a, b) for d in range(n) if _lost(c, d, cand, work) and not m >> d & 1]
                if len(par) > p0:
                    out += [((c * n + d) * 2, p0, len(par)) for c in unit_cells[u] if c != a and c != b
                            for d in range(n) if (work[c] & m) >> d & 1]


def _x_wings(n, cand, work, geo, placed, out, par):
    """X-Wings, column bases then row bases, every line pair and digit scanned."""
    unit_cells = geo[1]
    for base_rows in (0, 1):
        off = 0 if base_rows else n
        for l2 in range(1, n):
            for l1 in range(l2):
                for d in range(n):
                    if placed[d] + 4 > n:
                        continue
                    lines = [[j for j in range(n) if work[unit_cells[off + line, j]] >> d & 1] for line in (l1, l2)]
                    cover = set(lines[0]) | set(lines[1])
                    if min(len(lines[0]), len(lines[1])) < 2 or len(cover) != 2:
                        continue
                    p0 = len(par)
                    par += [(c * n + d) * 2 for line in (l1, l2) for j, c in enumerate(unit_cells[off + line])
                            if j not in cover and _lost(c, d, cand, work)]
                    if len(par) > p0:
                        out += [((c * n + d) * 2, p0, len(par)) for j in sorted(cover)
                                for i, c in enumerate(unit_cells[(n - off) + j])
                                if i != l1 and i != l2 and work[c] >> d & 1]


def reference(n, cand, work, geo, placed):
    """The offs (off pid, parent pids) of every instance of the first rule that has one."""
    cand, work = [int(x) for x in cand], [int(x) for x in work]
    for rule in (_locking, _hidden_pairs, _naked_pairs, _x_wings):
        out, par = [], []
        rule(n, cand, work, geo, *((placed,) if rule is _x_wings else ()), out, par)
        if out:
            return [(e, par[a:b]) for e, a, b in out]
    return []


def kernel(n, cand, work, geo, placed, kept=None, track=None):
    """The same from kernels/advanced._advanced, over _places' masks, or over a run's kept masks (begin_places on
    `track`, then erase_places over the erased candidates' off pids in the order `kept`)."""
    adv = np.zeros((4 * len(cand) * n, 3), np.int64)
    adv_par = np.zeros(8 * len(cand) * n, np.int64)
    places = np.zeros((2, geo[1].shape[0], n), np.int64)
    lost = _places(n, cand, work, geo[1], places)
    dirty = np.full(NRULES * n, -1, np.int64)  # every house: the crossings' table is not read
    xmask = np.zeros((1, 1), np.uint64)
    if kept is not None:
        assert begin_places(n, cand, geo[1], geo[6], *track)
        recs = np.arange(len(kept), dtype=np.int64)
        kept_lost = erase_places(kept.reshape(1, -1), 0, recs, 0, len(kept), n, cand, geo[0], geo[1], track[3],
                                 track[5])
        units = geo[1].shape[0]
        assert kept_lost == lost and np.array_equal(track[3][:, :units], places)
        assert all((track[5][r * n + d] >> u & 1) == (places[1, u, d] != 0) for u in range(units) for d in range(n)
                   for r in range(NRULES))
        places, lost, dirty, xmask = track[3], kept_lost, track[5], track[6]
    k = _advanced(n, cand, work, geo[1], geo[6], geo[7], geo[8], geo[9], geo[11], placed, places, lost, dirty,
                  xmask, adv, adv_par)
    return [(int(e), [int(x) for x in adv_par[a:b]]) for e, a, b in adv[:k]]


def erased_pids(rng, n, cand, work):
    """The off pids of the candidates work lost, shuffled (a run erases them in any order)."""
    pids = [(c * n + d) * 2 for c in range(len(cand)) for d in range(n) if cand[c] >> np.uint64(d) & np.uint64(1)
            and not work[c] >> np.uint64(d) & np.uint64(1)]
    return np.array(rng.permutation(pids), np.int64)


def narrowed(rng, keep):
    """A random puzzle's candidates and a narrowed copy: each candidate erased with probability 0.1-0.5."""
    state = candidates(random_puzzle(rng, G9, keep), G9)
    cand = np.array(state.cand, np.uint64)
    placed = np.bincount(np.array(state.values, np.int64), minlength=G9.n + 1)[1:].astype(np.int64)
    work = cand.copy()
    p = rng.uniform(0.1, 0.5)
    for c in range(len(cand)):
        for d in range(G9.n):
            if cand[c] >> np.uint64(d) & np.uint64(1) and rng.random() < p:
                work[c] &= ~(np.uint64(1) << np.uint64(d))
    return cand, work, placed


@pytest.mark.parametrize("seed", range(4))
def test_advanced_matches_reference_scan(seed):
    rng = np.random.default_rng(seed)
    geo = tables(houses_of(G9))
    fired = 0
    track = _place_track(G9.n, G9.ncells)  # one for every grid: its base masks are remade when the grid changes
    for _ in range(60):
        cand, work, placed = narrowed(rng, rng.uniform(0.25, 0.45))
        want = reference(G9.n, cand, work, geo, placed)
        assert kernel(G9.n, cand, work, geo, placed) == want
        for _ in range(2):  # the second run on the grid reuses the base masks
            assert kernel(G9.n, cand, work, geo, placed, erased_pids(rng, G9.n, cand, work), track) == want
        fired += bool(want)
    assert fired >= 10  # the rules do fire on these grids


def _rule_kernel(name, n, cand, work, geo, placed):
    """One rule's offs and parents from its kernel (kernels/advanced._adv_*), over _places' masks and erased
    digits."""
    import sudokit.kernels.advanced as A

    places = np.zeros((2, geo[1].shape[0], n), np.int64)
    lost = A._places(n, cand, work, geo[1], places)
    adv = np.zeros((4 * len(cand) * n, 3), np.int64)
    adv_par = np.zeros(8 * len(cand) * n, np.int64)
    dirty = np.full(NRULES * n, -1, np.int64)
    if name == "locking":
        k = A._adv_locking(n, cand, work, geo[1], geo[6], geo[7], geo[9], geo[11], places, lost, dirty,
                           np.zeros((1, 1), np.uint64), adv, adv_par)
    elif name == "hidden":
        k = A._adv_hidden_pairs(n, cand, work, geo[1], geo[8], places, dirty, adv, adv_par)
    elif name == "naked":
        k = A._adv_naked_pairs(n, cand, work, geo[1], geo[8], dirty, adv, adv_par)
    else:
        k = A._adv_x_wings(n, cand, work, geo[1], placed, places, lost, dirty, adv, adv_par)
    return [(int(e), [int(x) for x in adv_par[a:b]]) for e, a, b in adv[:k]]


RULES = {"locking": _locking, "hidden": _hidden_pairs, "naked": _naked_pairs, "xwing": _x_wings}


@pytest.mark.parametrize("name", sorted(RULES))
def test_each_rule_matches_reference_scan(name):
    rng = np.random.default_rng(7)
    geo = tables(houses_of(G9))
    fired = 0
    for _ in range(150):
        cand, work, placed = narrowed(rng, rng.uniform(0.2, 0.45))
        out, par = [], []
        RULES[name](G9.n, [int(x) for x in cand], [int(x) for x in work], geo,
                    *((placed,) if name == "xwing" else ()), out, par)
        want = [(e, par[a:b]) for e, a, b in out]
        assert _rule_kernel(name, G9.n, cand, work, geo, placed) == want
        fired += bool(want)
    assert fired >= 5, fired  # the rule does fire on these grids


@pytest.mark.parametrize("seed", range(3))
def test_quiet_points_of_a_run_match_whole_scans(seed):
    """A run's quiet points as propagate meets them: each rule tries only the houses that lost a place since its
    last whole scan (dirty), the offs it finds are erased before the next quiet point, with more candidates
    erased meanwhile; every quiet point gives the reference scan's offs and parents."""
    rng = np.random.default_rng(seed + 20)
    geo = tables(houses_of(G9))
    n = G9.n
    track = _place_track(n, G9.ncells)
    adv = np.zeros((4 * G9.ncells * n, 3), np.int64)
    adv_par = np.zeros(8 * G9.ncells * n, np.int64)
    fired = points = 0
    for _ in range(12):
        cand, _, placed = narrowed(rng, rng.uniform(0.25, 0.45))
        work = cand.copy()
        assert begin_places(n, cand, geo[1], geo[6], *track)
        lost = np.uint64(0)
        for _ in range(40):
            want = reference(n, cand, work, geo, placed)
            k = _advanced(n, cand, work, geo[1], geo[6], geo[7], geo[8], geo[9], geo[11], placed, track[3], lost,
                          track[5], track[6], adv, adv_par)
            assert [(int(e), [int(x) for x in adv_par[a:b]]) for e, a, b in adv[:k]] == want
            points += 1
            fired += bool(want)
            gone = sorted({e for e, _ in want})  # the run erases the offs found, then more links fire
            pids = [(c * n + d) * 2 for c in range(len(cand)) for d in range(n)
                    if work[c] >> np.uint64(d) & np.uint64(1)]
            if not want:
                gone = [int(x) for x in rng.choice(pids, size=min(len(pids), int(rng.integers(1, 6))), replace=False)]
            if not gone or len(pids) - len(gone) < 2 * len(cand) // 3:
                break
            for e in gone:
                work[e // 2 // n] &= ~(np.uint64(1) << np.uint64(e // 2 % n))
            arr = np.array(gone, np.int64).reshape(1, -1)
            lost |= erase_places(arr, 0, np.arange(len(gone), dtype=np.int64), 0, len(gone), n, cand, geo[0], geo[1],
                                 track[3], track[5])
    assert fired >= 10 and points >= 100, (fired, points)


def _level1_runs(S, st, geo):
    """Every on and off run of a state at level 1 (SE's advanced rules at each quiet point): each one's records
    (pid, parents, cause) and result."""
    import sudokit.kernels.dynamic as D

    n, cand = G9.n, np.array(st.cand, np.uint64)
    S.sc[12][:] = np.bincount(np.array(st.values, np.int64), minlength=n + 1)[1:]
    out = []
    for start in [(c * n + d) * 2 + on for c in range(G9.ncells) for d in range(n) if int(cand[c]) >> d & 1
                  for on in (1, 0)]:
        D.propagate(0, start, True, True, n, cand, geo, S.st, S.sc, 1)
        pid, p0, pn, par, nrec, cause = S.st[0], S.st[1], S.st[2], S.st[3], S.st[4], S.st[7]
        out.append(([(int(pid[0, r]), par[0, p0[0, r]:p0[0, r] + pn[0, r]].tolist(), int(cause[0, r]))
                     for r in range(nrec[0])], S.sc[8].tolist()))
    return out


@pytest.mark.parametrize("seed", range(2))
def test_runs_with_kept_masks_match_runs_that_rescan(seed, monkeypatch):
    """propagate at level 1 with the run's kept place masks (begin_places/erase_places) against the fallback that
    makes them with _places at each quiet point (forced here by leaving no room for the houses): the same
    records, parents and causes in every run."""
    import sudokit.logic.forcing as F

    st = candidates(random_puzzle(np.random.default_rng(seed + 10), G9, 0.3), G9)
    geo = tables(st.houses)
    kept = _level1_runs(F.Stores(G9.n, G9.ncells, 2 * G9.ncells * G9.n + 8, 8 * G9.ncells * G9.n + 64), st, geo)
    monkeypatch.setattr(F, "TRACK_HOUSES", 0)  # 8 rows: fewer than the 27 houses
    rescan = F.Stores(G9.n, G9.ncells, 2 * G9.ncells * G9.n + 8, 8 * G9.ncells * G9.n + 64)
    assert rescan.sc[22][2].shape[0] < geo[1].shape[0]
    assert _level1_runs(rescan, st, geo) == kept
    assert sum(cause == -3 for recs, _ in kept for _, _, cause in recs) > 0  # the advanced rules fired
