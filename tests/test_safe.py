"""Text from a file or a keyboard reaches the terminal shown, never obeyed (issue #11).

A crafted log (control characters in its reasons, seat names, players, engine, unknown
keys, bad cards) is replayed from a script, verified, analysed, rebuilt with
``--replay-to`` and loaded: no control character but the newline reaches standard output
or error. At a terminal (a pseudo-terminal) no escape sequence of the file reaches it.
"""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

import pexpect
import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.output.vt100 import Vt100_Output
from threethirteen.repl.kit.safe import is_safe, visible
from threethirteen.repl.kit.screen import PlainScreen, TerminalScreen
from threethirteen.repl.kit.style import STYLE

from tests.child import Cli
from tests.hostile import ESCAPES, TEXTS
from tests.test_pty_game import spawn_cli

CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""Any character :func:`visible` shows: C0 but the newline, DEL, C1, bidi controls."""

FROM_THE_FILE = ("\x1b]0;owned", "\x07", "\x1b[2J", "\x1b[H", "\x9b", "\u202e", "\u2066", "\x08")
"""What the crafted strings would make a terminal do, as the terminal would get it."""


def test_every_control_is_shown_and_nothing_else_changes() -> None:
    controls = [*range(0x0A), *range(0x0B, 0x20), *range(0x7F, 0xA0)]
    controls += [*range(0x202A, 0x202F), *range(0x2066, 0x206A)]
    for code in controls:
        shown = visible(chr(code))
        assert shown and not CONTROL.search(shown), hex(code)
        assert not is_safe(chr(code))
    ordinary = "You took 7♥ — Ärger ½ 10♠ JK\n"
    assert visible(ordinary) == ordinary and is_safe(ordinary)
    assert visible("a\tb") == "a b"
    assert visible("\x1b[2J\x9b\u202e") == "^[[2J<U+009B><U+202E>"


def test_the_plain_screen_shows_controls() -> None:
    stream = io.StringIO()
    PlainScreen(stream).show([("", "why: " + ESCAPES + "\n"), ("class:warn", ESCAPES)])
    assert "why: ^[]0;owned^G" in stream.getvalue()
    assert not CONTROL.search(stream.getvalue().replace("\n", ""))


@pytest.mark.parametrize("plain_text", [False, True])
def test_the_terminal_screen_obeys_none_of_them(plain_text: bool) -> None:
    stream = io.StringIO()
    output = Vt100_Output(stream, lambda: Size(rows=24, columns=80), term="xterm")
    screen = TerminalScreen(style=STYLE, plain_text=plain_text, output=output)
    screen.show([("class:dim", "why: " + ESCAPES + "\n")])
    written = stream.getvalue()
    assert "why: ^[]0;owned^G" in written
    for sequence in FROM_THE_FILE:
        assert sequence not in written
    assert CONTROL.sub("", screen.transcript[0]) == screen.transcript[0]


INJECTED = ("reasons", "seats", "players", "engine", "format", "unknown-key", "unknown-type")
INJECTED += ("bad-card", "bad-source")


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
        done = cli.run(*args, timeout=60)
        said = done.stdout + done.stderr
        assert done.returncode in (0, 1), (args, said)
        assert "Traceback" not in said, args
        assert not CONTROL.search(said.replace("\n", "")), (args, said)
    assert name != "reasons" or "^[]0;owned^G" in cli.run(*_runs(cli, path)[0]).stdout


def test_a_terminal_replay_writes_no_escape_sequence_of_the_file(tmp_path: Path) -> None:
    (tmp_path / "game.jsonl").write_text(TEXTS["reasons"](), encoding="utf-8")
    term = spawn_cli(tmp_path, "replay", "game.jsonl")
    term.expect("event 1/")
    term.send("next\r")
    term.send("next\r")
    term.expect(re.escape("why: fine ^[]0;owned^G^[[2J^[[H<U+009B>31m<U+202E>evil"))
    term.send("quit\r")
    term.expect(pexpect.EOF)
    written = "".join(term.stream)
    # the prompt moves its cursor with backspaces of its own: look for the file's escapes
    for sequence in ("\x1b]0;owned", "\x07", "\x1b[2J", "\x9b", "\u202e", "\u2066"):
        assert sequence not in written, repr(sequence)
    term.child.close()
    assert term.child.exitstatus == 0


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
