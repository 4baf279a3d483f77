"""The README's Python examples run as written (in order, in one namespace) and say what they claim."""

import re
from pathlib import Path

README = (Path(__file__).parent.parent / "README.md").read_text()


def test_readme_python_blocks_run(monkeypatch):
    monkeypatch.chdir(Path(__file__).parent.parent)  # the examples name files from the repository root
    blocks = re.findall(r"```python\n(.*?)```", README, re.S)
    assert len(blocks) >= 3
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, "README.md", "exec"), namespace)  # noqa: S102 - the README's own examples
    assert namespace["puzzle"].check(namespace["solution"])
    assert namespace["killer"].check(namespace["killer"].solve())


def test_readme_opens_with_the_two_commands():
    commands = re.findall(r"```sh\n(.*?)\n```", README, re.S)[:2]
    assert commands[0].endswith("pip install . && sudokit solve examples/hardest.txt")
    assert commands[1].endswith("pip install '.[test]' && python -m pytest")
