"""Byte-level reading and writing of one-puzzle-per-line files for the batch path: numba code only.

One pass over the bytes each way, no Python object per line.  The numpy versions they replace made a dozen
whole-file temporaries (int64 prefix sums, 8x the file), which cost more than solving on easy sets: on the
17-clue set x4 (197k puzzles) the parse took 2.0 s and the formatting 0.9 s against 1.3 s of solving.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import U

# flags of a parsed row
ROW_OK, ROW_BAD, ROW_ODD = 0, 1, 2  # ROW_ODD: leading whitespace or unusual bytes, decoded in Python


def byte_classes() -> np.ndarray:
    """Byte -> bit 1 whitespace, bit 2 unusual (>= 128 or 28..31: str.split may split there), bit 4 newline."""
    cls = np.zeros(256, np.uint8)
    cls[[9, 10, 11, 12, 13, 32]] = 1
    cls[128:] = 2
    cls[28:32] = 2
    cls[10] |= 4
    return cls


@njit(cache=True, inline="always")
def _space(b):
    """ASCII whitespace as str.split sees it (space, \\t, \\n, \\v, \\f, \\r)."""
    return b == 32 or (9 <= b <= 13)


@njit(cache=True, error_model="numpy")
def parse_rows(buf, lut, cls, ncells, grids, line_no, flags):
    """Rows of a line file: blank lines and lines starting with '#' skipped; a row is the first run of ncells
    cells through lut (255 = not a cell), ended by whitespace or the line's end.

    grids uint8 [R, ncells], line_no int64 [R] (1-based), flags int8 [R] are filled (R >= the lines in buf);
    a row's flag is ROW_OK, ROW_BAD (grid left 0) or ROW_ODD (leading whitespace, or a byte >= 128 or in
    28..31 which str.split may read as whitespace: the caller decodes it); cls is byte_classes().  Returns the
    number of rows.
    """
    n = buf.shape[0]
    i = 0
    line = 0
    rows = 0
    while i < n:
        line += 1
        s = i
        # the common line first: N*N cells and its end (2x faster on the tdoku sets than classifying each byte)
        k = 0
        top = min(ncells, n - s)
        while k < top:
            v = lut[buf[U(s + k)]]
            if v == 255:
                break
            grids[U(rows), U(k)] = v
            k += 1
        if k == ncells and (s + k == n or buf[s + k] == 10):
            line_no[rows] = line
            flags[rows] = ROW_OK
            rows += 1
            i = s + k + 1
            continue
        # cells hold no whitespace, unusual byte or newline: the scan goes on after them
        i = s + k
        any_bits = 0  # one table lookup a byte (bit 1 whitespace, 2 unusual, 4 newline), one branch
        all_bits = 6 if k else 7
        while i < n:
            k = cls[buf[U(i)]]
            if k & 4:
                break
            any_bits |= k
            all_bits &= k
            i += 1
        nonblank = i > s and (all_bits & 1) == 0
        odd = (any_bits & 2) != 0
        e = i
        i += 1
        if not nonblank or buf[s] == 35:  # blank, or '#'
            continue
        line_no[rows] = line
        for c in range(ncells):
            grids[rows, c] = 0
        if odd or _space(buf[s]):
            flags[rows] = ROW_ODD
        elif e - s < ncells or (s + ncells < e and not _space(buf[s + ncells])):
            flags[rows] = ROW_BAD
        else:
            flag = ROW_OK
            for c in range(ncells):
                v = lut[buf[s + c]]
                if v == 255:
                    flag = ROW_BAD
                grids[rows, c] = v
            if flag == ROW_BAD:
                for c in range(ncells):
                    grids[rows, c] = 0
            flags[rows] = flag
        rows += 1
    return rows


@njit(cache=True, error_model="numpy")
def format_rows(solutions, src, kind, alphabet, words, word_ptr, out):
    """Answer lines into out (uint8, large enough): row r is solutions[src[r]] through alphabet when
    kind[r] < 0, else words[word_ptr[k]:word_ptr[k + 1]] for k = kind[r]; each line ends with a newline.
    Returns the number of bytes written."""
    ncells = solutions.shape[1]
    pos = 0
    for r in range(kind.shape[0]):
        k = kind[r]
        if k < 0:
            row = solutions[U(src[r])]
            for c in range(ncells):
                out[U(pos + c)] = alphabet[U(row[c])]
            pos += ncells
        else:
            for j in range(word_ptr[U(k)], word_ptr[U(k + 1)]):
                out[U(pos)] = words[U(j)]
                pos += 1
        out[U(pos)] = 10
        pos += 1
    return pos
