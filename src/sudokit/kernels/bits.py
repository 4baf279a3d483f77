"""Bit intrinsics shared by the numba kernels: one LLVM instruction each on x86-64 (POPCNT, TZCNT, LZCNT).

With NUMBA_DISABLE_JIT=1 the kernels run as plain Python, where an intrinsic cannot run: the same three names
are then plain functions on the int64 bit pattern (the README's debugging advice must work).
"""

import numpy as np
from llvmlite import ir
from numba import config, types
from numba.extending import intrinsic

# Index type for array reads whose index comes from data (a cell or node number read from another array, a
# ctz result): numba adds a negative-index wraparound (sar/and/add) to every signed index it cannot prove
# non-negative; A[U(i)] has none.  +37-52% on the general bitmask kernel, part of +8% on the 9x9 one.
U = np.uint64


@intrinsic
def popcount(typingctx, x):
    """llvm.ctpop on an int64 (one POPCNT instruction on x86-64)."""
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        (val,) = args
        val = context.cast(builder, val, signature.args[0], types.int64)
        fn = builder.module.declare_intrinsic("llvm.ctpop", [ir.IntType(64)])
        return builder.call(fn, [val])

    return types.int64(x), codegen


@intrinsic
def ctz(typingctx, x):
    """llvm.cttz on an int64: index of the lowest set bit (x != 0)."""
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        (val,) = args
        val = context.cast(builder, val, signature.args[0], types.int64)
        fn = builder.module.declare_intrinsic("llvm.cttz", [ir.IntType(64), ir.IntType(1)])
        return builder.call(fn, [val, ir.Constant(ir.IntType(1), 1)])

    return types.int64(x), codegen


@intrinsic
def clz(typingctx, x):
    """llvm.ctlz on an int64: number of leading zero bits (x != 0)."""
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        (val,) = args
        val = context.cast(builder, val, signature.args[0], types.int64)
        fn = builder.module.declare_intrinsic("llvm.ctlz", [ir.IntType(64), ir.IntType(1)])
        return builder.call(fn, [val, ir.Constant(ir.IntType(1), 1)])

    return types.int64(x), codegen


_MASK64 = (1 << 64) - 1


def _popcount_py(x):
    """Set bits of the int64 bit pattern of x."""
    return np.int64(bin(int(x) & _MASK64).count("1"))


def _ctz_py(x):
    """Index of the lowest set bit of the int64 bit pattern of x (x != 0)."""
    v = int(x) & _MASK64
    return np.int64((v & -v).bit_length() - 1)


def _clz_py(x):
    """Leading zero bits of the int64 bit pattern of x (x != 0)."""
    return np.int64(64 - (int(x) & _MASK64).bit_length())


if config.DISABLE_JIT:  # pragma: no cover - exercised by tests/test_nojit.py in a subprocess
    popcount, ctz, clz = _popcount_py, _ctz_py, _clz_py
