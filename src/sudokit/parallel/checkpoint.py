"""Checkpoints: a journal of finished parts, so a run killed and started again with the same arguments resumes.

The journal is a text file of JSON lines, one per finished task, appended and flushed as each task finishes (the
operating system keeps what was written when the process is killed; it is fsync'ed at most every few seconds
against a machine crash). Each record names its job (a digest of everything that decides the answer: the problem,
the mode, the limit, the algorithm, the seed) and carries the task's result. A line cut short by the kill is
ignored. Records of other jobs are kept, so one file can serve every puzzle of a run.

    journal = Journal(path)                 # reads what a previous run finished
    journal.done(job)                       # {task key: record} for this job
    journal.add(job, key, record)           # one more finished task
"""

from __future__ import annotations

import hashlib
import json
import os
import time

from ..errors import InputError

FORMAT = "sudokit-checkpoint-1"
SYNC_SECONDS = 5.0


def digest(*parts) -> str:
    """A short stable digest of bytes, strings, numbers and numpy arrays (dtype and shape included)."""
    h = hashlib.sha256()
    for part in parts:
        if hasattr(part, "tobytes"):
            h.update(f"{part.dtype}{part.shape}".encode())
            part = part.tobytes()
        elif not isinstance(part, bytes):
            part = repr(part).encode()
        h.update(len(part).to_bytes(8, "little"))
        h.update(part)
    return h.hexdigest()[:24]


def _header(line: str) -> str | None:
    """The format a journal's first line names (None if it is not a journal's first line)."""
    try:
        head = json.loads(line)
    except ValueError:
        return None
    return head.get("format") if isinstance(head, dict) else None


class Journal:
    """An append-only journal of finished tasks (see the module docstring); path None journals nothing."""

    def __init__(self, path: str | None):
        self.path = path
        self.records: dict[str, dict] = {}
        self._fh = None
        self._synced = time.monotonic()
        if path is None:
            return
        if os.path.exists(path):
            self._read(path)
        try:
            self._fh = open(path, "a", encoding="utf-8")
        except OSError as exc:
            raise InputError(f"checkpoint {path}: {exc.strerror}") from None
        if os.path.getsize(path) == 0:
            self._write({"format": FORMAT})

    def _read(self, path: str) -> None:
        """Load the records of a previous run (a torn last line is ignored)."""
        try:
            with open(path, encoding="utf-8") as fh:
                lines = fh.read().split("\n")
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(f"checkpoint {path}: cannot read it ({exc})") from None
        if lines and lines[0] and _header(lines[0]) != FORMAT:
            raise InputError(f"checkpoint {path}: not a sudokit checkpoint (give a new file, or this run's own)")
        for line in lines[1:]:
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(rec, dict) and "job" in rec and "key" in rec:
                self.records[f"{rec['job']}/{rec['key']}"] = rec

    def done(self, job: str) -> dict[str, dict]:
        """The finished tasks of a job: {key: record}."""
        prefix = job + "/"
        return {k[len(prefix):]: r for k, r in self.records.items() if k.startswith(prefix)}

    def add(self, job: str, key: str, record: dict) -> None:
        """Journal one finished task (flushed now, fsync'ed every few seconds)."""
        rec = {"job": job, "key": key, **record}
        self.records[f"{job}/{key}"] = rec
        if self._fh is not None:
            self._write(rec)

    def _write(self, rec: dict) -> None:
        self._fh.write(json.dumps(rec, separators=(",", ":")) + "\n")
        self._fh.flush()
        if time.monotonic() - self._synced > SYNC_SECONDS:
            os.fsync(self._fh.fileno())
            self._synced = time.monotonic()

    def close(self) -> None:
        """Flush and close the file."""
        if self._fh is not None:
            self._fh.flush()
            os.fsync(self._fh.fileno())
            self._fh.close()
            self._fh = None

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc) -> bool:
        self.close()
        return False
