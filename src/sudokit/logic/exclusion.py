"""Aligned exclusion (Sudoku Explainer): for k cells, try every combination of their candidates; a combination is
impossible if two of the cells see each other and hold the same digit, or if it takes every candidate of a cell
with 2..k candidates that sees all k cells. A candidate in no possible combination goes. Pairs: 6.2, triples: 7.5.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

import numpy as np

from .candidates import Candidates, Houses, bits, digits_of
from .notation import cells_text, result_text
from .table import step


def _bases(state: Candidates, k: int):
    """SE's base cells (2+ candidates, no naked single among their peers) and their excluders (2..k candidates)."""
    cand, peers = state.cand, state.houses.peers
    out = {}
    for c, m in enumerate(cand):
        if m.bit_count() < 2:
            continue
        near = [p for p in bits(peers[c]) if not state.values[p]]
        if any(cand[p].bit_count() == 1 for p in near):
            continue
        excl = sum(1 << p for p in near if 2 <= cand[p].bit_count() <= k)
        if excl:
            out[c] = excl
    return out


def _exclude(state: Candidates, cells, excluders: int):
    """The eliminations of aligned exclusion on cells with these common excluders."""
    cand, h = state.cand, state.houses
    masks = [cand[e] for e in bits(excluders)]
    options = [digits_of(cand[c]) for c in cells]
    allowed = [0] * len(cells)
    for combo in product(*options):
        bad = False
        for i in range(len(cells)):
            for j in range(i):
                if combo[i] == combo[j] and h.sees(cells[i], cells[j]):
                    bad = True
        if not bad:
            used = 0
            for d in combo:
                used |= 1 << (d - 1)
            bad = any(m & ~used == 0 for m in masks)
        if not bad:
            for i, d in enumerate(combo):
                allowed[i] |= 1 << (d - 1)
    return [(c, d) for c, a in zip(cells, allowed) for d in digits_of(cand[c] & ~a)]


def aligned_pair_exclusion(state: Candidates):
    """APE steps in SE's pair order."""
    n = state.n
    base = _bases(state, 2)
    cells = list(base)
    for j in range(1, len(cells)):
        for i in range(j):
            a, b = cells[i], cells[j]
            common = base[a] & base[b]
            if common.bit_count() < 2:
                continue
            elim = _exclude(state, (a, b), common)
            if elim:
                text = f"Aligned Pair Exclusion: {cells_text((a, b), n)} => {result_text(elim, (), n)}"
                yield step("aligned-pair-exclusion", text, cells=(a, b), eliminations=elim,
                           digits=sorted({d for _, d in elim}))


def aligned_triple_exclusion(state: Candidates):
    """ATE steps: two base cells, a third among the cells either excludes, two common excluders or more."""
    n = state.n
    base = _bases(state, 3)
    cells = list(base)
    for j in range(1, len(cells)):
        for i in range(j):
            a, b = cells[i], cells[j]
            twin = [c for c in bits(base[a] | base[b]) if c in base and c not in (a, b)]
            for c in twin:
                common = base[a] & base[b] & base[c]
                if common.bit_count() < 2:
                    continue
                elim = _exclude(state, (a, b, c), common)
                if elim:
                    text = f"Aligned Triple Exclusion: {cells_text((a, b, c), n)} => {result_text(elim, (), n)}"
                    yield step("aligned-triple-exclusion", text, cells=(a, b, c), eliminations=elim,
                               digits=sorted({d for _, d in elim}))


@lru_cache(maxsize=8)
def _sees(houses: Houses):
    """The peer table as the kernel reads it: CSR peers and a boolean sees[a, b] matrix."""
    from .forcing import tables

    geo = tables(houses)
    sees = np.zeros((houses.ncells, houses.ncells), np.bool_)
    for c in range(houses.ncells):
        sees[c, geo[5][geo[4][c]:geo[4][c + 1]]] = True
    return geo[4], geo[5], sees


def first_aligned_exclusion(state: Candidates, k: int):
    """SE's first aligned pair (k=2) or triple (k=3) exclusion, found by the numba kernel, as a Step (or None)."""
    from ..kernels.exclusion import first_exclusion

    ptr, idx, sees = _sees(state.houses)
    cells = np.zeros(3, np.int64)
    out = np.zeros((state.houses.ncells * state.n, 2), np.int64)
    count = first_exclusion(k, np.array(state.cand, np.uint64), ptr, idx, sees, cells, out)
    if not count:
        return None
    elim = [(int(c), int(d)) for c, d in out[:count]]
    cells = [int(c) for c in cells[:k]]
    slug, name = ("aligned-pair-exclusion", "Aligned Pair") if k == 2 else ("aligned-triple-exclusion", "Aligned Triple")
    return step(slug, f"{name} Exclusion: {cells_text(cells, state.n)} => {result_text(elim, (), state.n)}",
                cells=cells, eliminations=elim, digits=sorted({d for _, d in elim}))
