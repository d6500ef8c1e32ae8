"""Text from a file or a keyboard reaches the terminal shown, never obeyed (issue #11).

A crafted log (control characters in its reasons, seat names, players, engine, unknown
keys, bad cards) is replayed from a script, verified, analysed, rebuilt with
``--replay-to`` and loaded by the command in a child process: no control character but
the newline reaches standard output or error. So too for a command name and a script line.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.helpers.child import Cli
from tests.helpers.hostile import CONTROL, INJECTED, TEXTS


def _runs(cli: Cli, path: Path) -> list[list[str]]:
    return [
        ["replay", str(path), "--script", str(cli.folder / "steps.txt")],
        ["replay", str(path), "--verify"],
        ["replay", str(path), "--analyze"],
        ["play", "--replay-to", f"{path}:40", "--script", str(cli.folder / "quit.txt")],
        ["play", "--seed", "3", "--script", str(cli.folder / "load.txt")],
    ]


@pytest.mark.parametrize("name", INJECTED)
def test_a_crafted_log_prints_no_control_character(cli: Cli, name: str) -> None:
    path = cli.folder / f"{name}.jsonl"
    path.write_text(TEXTS[name](), encoding="utf-8")
    (cli.folder / "steps.txt").write_text("\n" * 4 + "goto 40\nscores\nend\nquit\n")
    (cli.folder / "quit.txt").write_text("hand\nquit\n")
    (cli.folder / "load.txt").write_text(f"load {path}\nhand\n")
    for args in _runs(cli, path):
        done = cli.run(*args)
        said = done.stdout + done.stderr
        assert done.returncode in (0, 1), (args, said)
        assert "Traceback" not in said, args
        assert not CONTROL.search(said.replace("\n", "")), (args, said)
    assert name != "reasons" or "^[]0;owned^G" in cli.run(*_runs(cli, path)[0]).stdout


def test_an_unknown_command_is_named_visibly(cli: Cli) -> None:
    done = cli.run("\x1b]0;owned\x07")
    assert done.returncode == 2
    assert "unknown command '^[]0;owned^G'" in done.stderr


def test_a_script_line_with_controls_is_quoted_visibly(cli: Cli) -> None:
    done: subprocess.CompletedProcess[str] = cli.run(
        "play", "--seed", "3", input="x \x1b[2J\x07\u202e\n"
    )
    assert done.returncode == 1
    assert not CONTROL.search((done.stdout + done.stderr).replace("\n", ""))
    assert "> x ^[[2J^G<U+202E>" in done.stdout  # the line echoed as it was read
