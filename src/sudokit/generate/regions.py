"""Jigsaw regions: N connected regions of N cells each, drawn by random swaps across region borders."""

from __future__ import annotations

import numpy as np

SWAPS_PER_CELL = 4  # successful swaps per cell: enough for the boxes to be gone from sight


def neighbours(n: int) -> list[list[int]]:
    """The orthogonal neighbours of every cell of an N x N grid."""
    out = []
    for c in range(n * n):
        r, k = divmod(c, n)
        out.append([rr * n + kk for rr, kk in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1))
                    if 0 <= rr < n and 0 <= kk < n])
    return out


def connected(labels: np.ndarray, region: int, adj) -> bool:
    """True if the cells labelled `region` form one orthogonally connected piece."""
    cells = np.flatnonzero(labels == region).tolist()
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        c = todo.pop()
        for d in adj[c]:
            if d not in seen and labels[d] == region:
                seen.add(d)
                todo.append(d)
    return len(seen) == len(cells)


def random_regions(n: int, box: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """N x N region labels 0..N-1: the boxes, then random two-cell swaps that keep every region connected."""
    r, c = box
    grid = np.arange(n * n).reshape(n, n)
    labels = ((grid // n) // r * (n // c) + (grid % n) // c).ravel()
    adj = neighbours(n)
    border = [(a, b) for a in range(n * n) for b in adj[a] if a < b]
    done, tries = 0, 0
    while done < SWAPS_PER_CELL * n * n and tries < 50 * n * n:
        tries += 1
        a, b = border[rng.integers(len(border))]
        ra, rb = labels[a], labels[b]
        if ra == rb:
            continue
        # a joins b's region; some cell of b's region next to a's region goes the other way
        back = [x for x in np.flatnonzero(labels == rb).tolist() if x != b and any(labels[y] == ra for y in adj[x])]
        if not back:
            continue
        x = back[rng.integers(len(back))]
        labels[a], labels[x] = rb, ra
        if connected(labels, ra, adj) and connected(labels, rb, adj):
            done += 1
        else:
            labels[a], labels[x] = ra, rb
    return labels.reshape(n, n)
