"""The game in a pseudo-terminal (pexpect), as a person plays it: a terminal that answers
the program's cursor position requests, the screen as :mod:`tests.helpers.vt` renders it,
and the ways a session ends."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pexpect

from tests.helpers.child import Cli
from tests.helpers.vt import render

CPR = "\x1b[6n"
"""prompt_toolkit asks the terminal where the cursor is; a real terminal answers."""


class Terminal:
    """The game in a pseudo-terminal that answers cursor position requests like a real one.

    (prompt_toolkit draws the bottom toolbar only once it knows the terminal's answer.)
    """

    def __init__(self, child: pexpect.spawn, rows: int = 24, cols: int = 80) -> None:
        self.child = child
        self.rows = rows
        self.cols = cols
        self.stream: list[str] = []

    def expect(self, pattern: str | type[pexpect.EOF], timeout: float = 30) -> str:
        """Wait for ``pattern`` (a regular expression); what came before it."""
        seen: str = ""
        while True:
            index = self.child.expect([re.escape(CPR), pattern], timeout=timeout)
            seen += str(self.child.before)
            after = self.child.after
            self.stream += [str(self.child.before), after if isinstance(after, str) else ""]
            if index == 1:
                return seen
            self.child.send(f"\x1b[{self.rows};1R")  # the cursor is on the bottom row

    def screen(self) -> list[str]:
        """The rows of the screen, once the program has stopped drawing for a moment."""
        while True:
            try:
                self.child.expect(r"[\s\S]+", timeout=0.5)  # all that has come
            except pexpect.TIMEOUT:
                return render("".join(self.stream), rows=self.rows, cols=self.cols)
            drawn = str(self.child.after)
            self.stream.append(drawn)
            if CPR in drawn:
                self.child.send(f"\x1b[{self.rows};1R")

    def screen_with(self, row: str, timeout: float = 30) -> list[str]:
        """The rows of the screen once one of them is ``row``: the keys sent before have been
        answered, however long the program took (:meth:`screen` alone waits only until it
        stops drawing for a moment)."""
        deadline = time.monotonic() + timeout
        while row not in (rows := self.screen()):
            assert time.monotonic() < deadline, f"no row {row!r} in {timeout} s: {rows}"
        return rows

    def said(self) -> str:
        """The screen's text in one line, as :func:`shows` reads it: each row ends in a space,
        but a row written to its last column ends in :data:`WRAP` (it may go on in the next
        row, within a word), and each run of spaces is one."""
        rows = self.screen()
        text = "".join(row + (WRAP if len(row) >= self.cols else " ") for row in rows)
        return " ".join(text.split())

    def send(self, text: str) -> None:
        self.child.send(text)

    @property
    def match(self) -> re.Match[str]:
        return self.child.match  # type: ignore[no-any-return]


WRAP = "\x00"
"""Where :meth:`Terminal.said` found a row written to its last column."""


def shows(said: str, sentence: str) -> int:
    """How many times ``sentence`` is in :meth:`Terminal.said`'s text, its rows joined again.

    A line longer than the screen is wrapped at its last column: by prompt_toolkit (a
    question, the prompt) wherever that falls, within a word too, and by the game's own
    :func:`~threethirteen.repl.kit.render.fit` at a space, which it leaves out. So where a
    row was full, the sentence may go on at once (its next letter) or after the space."""
    pattern = ""
    for here, after in zip(sentence, [*sentence[1:], ""], strict=True):
        if here == " ":
            pattern += f"(?: ?{WRAP} ?| )"
        else:
            pattern += re.escape(here) + (f"{WRAP}?" if after not in ("", " ") else "")
    return len(re.findall(pattern, said))


def spawn_cli(
    tmp_path: Path,
    *argv: str,
    colour: bool = False,
    size: tuple[int, int] = (24, 80),
    term: str = "xterm-256color",
) -> Terminal:
    """``threethirteen ARGV`` in a pseudo-terminal of ``size`` (rows, columns), 80×24 unless
    told, with its files under ``tmp_path`` (the clean environment of
    :class:`~tests.helpers.child.Cli`)."""
    cli = Cli(tmp_path)
    env = cli.environment(TERM=term) if colour else cli.environment(TERM=term, NO_COLOR="1")
    program, *args = cli.argv(*argv)
    child = pexpect.spawn(
        program,
        args,
        env=env,
        cwd=str(cli.folder),
        dimensions=size,
        encoding="utf-8",
        timeout=30,
    )
    return Terminal(child, *size)


def spawn(
    tmp_path: Path,
    *args: str,
    colour: bool = False,
    size: tuple[int, int] = (24, 80),
    term: str = "xterm-256color",
) -> Terminal:
    """A game at the easiest level, with no pause between AI turns."""
    return spawn_cli(
        tmp_path,
        "play",
        "--speed",
        "instant",
        "--level",
        "easy",
        *args,
        colour=colour,
        size=size,
        term=term,
    )


def leave(term: Terminal) -> None:
    term.send("quit\r")
    term.expect("The game is saved|Goodbye")
    ended(term)


def ended(term: Terminal) -> None:
    term.expect(pexpect.EOF)
    term.child.close()
    assert term.child.exitstatus == 0
