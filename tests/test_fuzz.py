"""Fuzzing in CI: a short hypothesis run per command, in-process and as real processes (tests/fuzzing.py).

Every run: no exception but SystemExit, no traceback, an exit code from the documented set, and right answers
whenever it exits 0. SUDOKIT_FUZZ_EXAMPLES sets the examples per command (default 25); benchmarks/fuzz.py is the
long run (>= 10,000 cases per command).
"""

import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings

import fuzzing

EXAMPLES = int(os.environ.get("SUDOKIT_FUZZ_EXAMPLES", "25"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("command", list(fuzzing.CASES))
def test_fuzz_in_process(command):
    @SETTINGS
    @given(case=fuzzing.CASES[command]())
    def one(case):
        fuzzing.fuzz_one(command, case)

    one()


@pytest.mark.parametrize("command", ["solve", "cover"])
def test_fuzz_real_processes(command, tmp_path):
    @settings(SETTINGS, max_examples=4)
    @given(case=fuzzing.CASES[command]())
    def one(case):
        text, args = case
        path = tmp_path / "input.txt"
        path.write_bytes(text.encode("utf-8"))
        out = subprocess.run([sys.executable, "-m", "sudokit", *args, str(path)], capture_output=True, timeout=120)
        err = out.stderr.decode("utf-8", "replace")
        assert "Traceback" not in err and out.returncode in fuzzing.EXIT_CODES, (args, text, out.returncode, err)
        if out.returncode == 0:
            fuzzing.check_answers(command, text, args, out.stdout.decode())

    one()


@SETTINGS
@given(case=fuzzing.api_case())
def test_fuzz_sudoku_engines_answer_right_or_refuse_cleanly(case):
    fuzzing.api_one(case)


@SETTINGS
@given(case=fuzzing.cover_api_case())
def test_fuzz_cover_api_counts_right_or_refuses_cleanly(case):
    fuzzing.cover_api_one(case)
