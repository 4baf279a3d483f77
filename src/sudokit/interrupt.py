"""Ctrl-C, SIGTERM and SIGHUP: one exception for all three, and kernel calls they can stop.

A numba kernel holds the thread that called it until it returns, and Python runs signal handlers only between
bytecodes, so a long kernel call in the main thread would ignore Ctrl-C. ``stoppable(kernel, *args, stop)`` runs
the call in a helper thread (the long-running kernels release the GIL) while the main thread waits: an interrupt
sets the kernel's stop flag (``stop[0] = 1``, read every few hundred nodes), waits for the kernel to return, and
re-raises. Nothing keeps running after the exception leaves.

``signals_raise()`` makes SIGTERM and SIGHUP raise ``Interrupted``, a KeyboardInterrupt, so every path that keeps
its answers on Ctrl-C keeps them on these too; ``exit_status`` is the shell's 128 + signal number.
"""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager

CAUGHT = ("SIGTERM", "SIGHUP")


class Interrupted(KeyboardInterrupt):
    """A SIGTERM or SIGHUP, raised like Ctrl-C; ``signum`` says which."""

    def __init__(self, signum: int):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def exit_status(exc: BaseException) -> int:
    """128 + the signal number: 130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP."""
    return 128 + getattr(exc, "signum", signal.SIGINT)


def _raise(signum, frame):
    """The handler of the caught signals."""
    raise Interrupted(signum)


@contextmanager
def signals_raise():
    """While inside, SIGTERM and SIGHUP raise Interrupted (main thread only; elsewhere nothing changes)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    names = [name for name in CAUGHT if hasattr(signal, name)]
    old = {name: signal.signal(getattr(signal, name), _raise) for name in names}
    try:
        yield
    finally:
        for name, handler in old.items():
            signal.signal(getattr(signal, name), handler)


def stop_flag():
    """A fresh stop flag for a kernel: int64[1], 0 = keep going."""
    import numpy as np

    return np.zeros(1, np.int64)


def stoppable(kernel, *args, stop):
    """kernel(*args, stop), run so that an interrupt stops it: see the module docstring."""
    if threading.current_thread() is not threading.main_thread():
        return kernel(*args, stop)  # signals reach only the main thread: nothing to wait for
    box: list = []

    def call() -> None:
        """The kernel call, its result or exception kept for the waiting thread."""
        try:
            box.append((True, kernel(*args, stop)))
        except BaseException as exc:  # noqa: BLE001 - handed to the waiting thread
            box.append((False, exc))

    worker = threading.Thread(target=call, name="sudokit-kernel", daemon=True)
    worker.start()
    try:
        worker.join()
    except BaseException:
        stop[0] = 1
        worker.join()
        raise
    ok, value = box[0]
    if not ok:
        raise value
    return value
