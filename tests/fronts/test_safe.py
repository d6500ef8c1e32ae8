"""Text from a file reaches the terminal shown, never obeyed (issue #11): at a terminal (a
pseudo-terminal), no escape sequence of a crafted log reaches it."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect

from tests.helpers.hostile import TEXTS
from tests.helpers.terminal import spawn_cli


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
