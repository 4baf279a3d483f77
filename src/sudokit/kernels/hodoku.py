"""HoDoKu-path finders' hot loops in numba: screens that tell the readable Python finders (logic/) which candidates
are worth turning into steps, so the finder's output (order, steps, texts) stays the Python code's own.

ALS-XZ (logic/als.als_xz): of the RC-linked ALS pairs (a < b), only a few eliminate anything; `xz_hits` marks
those, so Python builds steps for them alone. Measured on the dev bank's 8.5-9.3 band: ALS-XZ was ~15% of a
HoDoKu rating, 36,000 Python pair checks for 57 searches.

Tables as logic/als.Alses keeps them: cells[a, w] (the ALS's cells as words), digits[a] (its digit mask),
zb[a, d, w] (the cells outside ALS a holding digit d + 1 that see every d + 1 of it); links in CSR (ptr, nbr, rcs).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .implications import _and_any


@njit(cache=True)
def _outside(x, y, W):
    """True if word row x has a bit outside word row y."""
    for w in range(W):
        if x[w] & ~y[w]:
            return True
    return False


@njit(cache=True)
def xz_hits(ptr, nbr, rcs, digits, cells, zb, n, out):
    """out[j] = 1 for each link j (a -> b, b > a) whose ALS-XZ eliminates, else 0 (logic/als._xz's test)."""
    W = cells.shape[1]
    na = ptr.shape[0] - 1
    for a in range(na):
        for j in range(ptr[a], ptr[a + 1]):
            out[j] = 0
            b = nbr[j]
            if b <= a:
                continue
            rc = rcs[j]
            single = rc & (rc - np.uint64(1)) == 0
            common = digits[a] & digits[b]
            if single:
                common &= ~rc
            hit = False
            for z in range(n):
                if (common >> np.uint64(z)) & np.uint64(1) and _and_any(zb[a, z], zb[b, z], W):
                    hit = True
                    break
            if not hit and not single:
                for side in range(2):
                    x = a if side == 0 else b
                    y = b if side == 0 else a
                    rest = digits[x] & ~rc
                    for z in range(n):
                        if (rest >> np.uint64(z)) & np.uint64(1) and _outside(zb[x, z], cells[y], W):
                            hit = True
                            break
                    if hit:
                        break
            if hit:
                out[j] = 1
