"""The README is a page a player reads in two minutes, and its Quick start is two commands
that work on a fresh machine: one installs the game and starts it, one installs the test
dependencies and runs every test, the way CI (``.ci/run``) does."""

from __future__ import annotations

import re
import shlex

from tests.helpers import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
MOST_LINES = 150
VENV = ["python3 -m venv .venv", ". .venv/bin/activate"]
"""Every Quick start command installs into a virtual environment of its own, which it
activates: a system ``pip`` refuses to install outside one (PEP 668), and the sections
after it call ``threethirteen`` by its name."""


def section(title: str) -> str:
    """The text of a ``##`` section of the README."""
    after = README.split(f"\n## {title}\n", 1)[1]
    return after.split("\n## ", 1)[0]


def commands(text: str) -> list[list[str]]:
    """Each ```sh block of ``text`` (one line each), as its ``&&``-joined commands."""
    blocks = re.findall(r"^```sh\n(.*?)^```$", text, re.M | re.S)
    assert all(block.count("\n") == 1 for block in blocks), blocks
    return [[part.strip() for part in block.strip().split("&&")] for block in blocks]


def ci_command(after: str) -> str:
    """The line ``.ci/run`` runs after its ``echo "== …"`` line that starts with ``after``."""
    lines = CI.split("\n")
    (index,) = [i for i, line in enumerate(lines) if line.startswith(f'echo "== {after}')]
    return lines[index + 1].strip()


def test_the_readme_is_short() -> None:
    assert README.count("\n") <= MOST_LINES


def test_the_quick_start_is_two_commands_in_a_virtual_environment() -> None:
    play, test = commands(section("Quick start"))
    for command in (play, test):
        assert command[:2] == VENV, command
        assert not any(part.startswith("sudo") for part in command), command
    assert play[2:] == ["pip install .", "threethirteen"]
    assert test[2] == "pip install -e '.[test]'"


def test_the_test_command_is_the_one_ci_runs() -> None:
    (_, _, install, run) = commands(section("Quick start"))[1]
    ci_install = next(line for line in CI.split("\n") if "pip install" in line and "-e" in line)
    assert shlex.split(install)[-2:] == shlex.split(ci_install)[-2:] == ["-e", ".[test]"]
    assert run == ci_command("pytest") == "pytest"


def test_the_quick_start_says_how_to_get_the_code() -> None:
    assert "git clone https://github.com/threethirteen/threethirteen.git" in section("Quick start")
