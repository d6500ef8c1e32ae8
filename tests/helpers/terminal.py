"""The game in a pseudo-terminal (pexpect), as a person plays it: a terminal that answers
the program's cursor position requests, the screen as :mod:`tests.helpers.vt` renders it,
and the ways a session ends.

Every wait is for something the program shows (a pattern, a row, the end of its output),
however long a busy machine makes it take: none has a deadline of its own, the test's time
limit (pytest-timeout) is the only one. A wait that is stopped by it says on stderr what had
come so far."""

from __future__ import annotations

import contextlib
import functools
import re
import signal
import sys
import time
from collections.abc import Callable, Iterator
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
        """Everything the program wrote, piece by piece, as it came."""
        self._unseen = ""  # what came after the last match of :meth:`expect`
        self._tail = ""  # the end of what came: a request may be cut between two pieces
        self._match: re.Match[str] | None = None

    def expect(self, pattern: str | type[pexpect.EOF]) -> str:
        """Wait for ``pattern`` (a regular expression, ``.`` matching a line's end too, as
        pexpect's; or the end of the output) in what came after the last match; what came
        before it."""
        with self._saying(f"waiting for {pattern!r}"):
            while True:
                if isinstance(pattern, str) and (found := re.search(pattern, self._unseen, re.S)):
                    before, self._unseen = (
                        self._unseen[: found.start()],
                        self._unseen[found.end() :],
                    )
                    self._match = found
                    return before
                try:
                    self._read(None)
                except pexpect.EOF:
                    if pattern is not pexpect.EOF:
                        raise
                    before, self._unseen = self._unseen, ""
                    return before

    def _read(self, timeout: float | None) -> bool:
        """Read what the program writes next (waiting at most ``timeout`` seconds for it,
        ``None``: until it comes), answering each cursor position request completed in it
        (one may be cut between two pieces); whether anything came. :class:`pexpect.EOF`
        at the end of the output."""
        try:
            self.child.expect(r"[\s\S]+", timeout=timeout)
        except pexpect.TIMEOUT:
            return False
        piece = str(self.child.after)
        self.stream.append(piece)
        self._unseen += piece
        looked = self._tail + piece
        for _ in range(looked.count(CPR)):
            self.child.send(f"\x1b[{self.rows};1R")  # the cursor is on the bottom row
        self._tail = "" if looked.endswith(CPR) else looked[-(len(CPR) - 1) :]
        return True

    def rendered(self, rows: int | None = None) -> list[str]:
        """The rows of the screen from all that has come so far (``rows`` of them: the
        terminal's unless told; more keep what scrolled away)."""
        return render("".join(self.stream), rows=rows or self.rows, cols=self.cols)

    def screen(self) -> list[str]:
        """The rows of the screen, once the program has stopped drawing for a moment (what
        a test reads after waiting for what it needs: :meth:`expect`, :meth:`screen_until`)."""
        while self._read(0.5):
            pass
        return self.rendered()

    def screen_until(
        self, ready: Callable[[list[str]], object], what: str = "", *, settle: bool = True
    ) -> list[str]:
        """The rows of the screen once ``ready(rows)`` holds: the keys sent before have been
        answered, however long the program took. Each time it does not hold yet, wait for
        the program to draw more. With ``settle`` the screen is looked at once the program
        has stopped drawing for a moment; without, after each piece (a screen that redraws
        itself all the time, as a progress bar does, has no such moment)."""
        with self._saying(f"waiting for {what or ready}"):
            while not ready(rows := self.screen() if settle else self.rendered()):
                self.more()
        return rows

    def more(self) -> None:
        """Wait for the program to draw more (or to end: :class:`pexpect.EOF`)."""
        self._read(None)

    def screen_with(self, row: str) -> list[str]:
        """The rows of the screen once one of them is ``row`` (:meth:`screen_until`)."""
        return self.screen_until(lambda rows: row in rows, f"a row {row!r}")

    @contextlib.contextmanager
    def _saying(self, what: str) -> Iterator[None]:
        """On the way out of a wait that did not end well (the test's time limit, the end
        of the output), the screen so far and the last of what came, on stderr (pytest
        shows it with the failure)."""
        try:
            yield
        except BaseException:
            screen = "\n".join(self.rendered())
            last = "".join(self.stream)[-1500:]
            sys.stderr.write(f"{what}; the screen:\n{screen}\nthe last that came: {last!r}\n")
            raise

    def said(self) -> str:
        """The screen's text in one line, as :func:`shows` reads it: each row ends in a space,
        but a row written to its last column ends in :data:`WRAP` (it may go on in the next
        row, within a word), and each run of spaces is one."""
        rows = self.screen()
        text = "".join(row + (WRAP if len(row) >= self.cols else " ") for row in rows)
        return " ".join(text.split())

    def send(self, text: str) -> None:
        self.child.send(text)

    def type(self, text: str) -> None:
        """Type ``text`` once the program reads the keyboard itself (the terminal's echo is
        off), as a person types at a prompt: a prompt on a dumb terminal is written before
        it reads the keys, and keys that come in between the terminal echoes and holds as
        a line of its own."""
        while self.child.getecho():  # (pexpect's waitnoecho cannot wait without a deadline)
            time.sleep(0.01)
        self.child.send(text)

    @property
    def match(self) -> re.Match[str]:
        """What the last :meth:`expect` of a pattern found."""
        assert self._match is not None, "no pattern was found yet"
        return self._match


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
    sigint_ignored: bool = False,
) -> Terminal:
    """``threethirteen ARGV`` in a pseudo-terminal of ``size`` (rows, columns), 80×24 unless
    told, with its files under ``tmp_path`` (the clean environment of
    :class:`~tests.helpers.child.Cli`).

    It starts with SIGINT at its default, as a person's shell starts a program, whatever
    the tests' own (a test run started in the background by a script ignores it); with
    ``sigint_ignored``, as such a script's own background job starts."""
    cli = Cli(tmp_path)
    sigint = signal.SIG_IGN if sigint_ignored else signal.SIG_DFL
    env = cli.environment(TERM=term) if colour else cli.environment(TERM=term, NO_COLOR="1")
    program, *args = cli.argv(*argv)
    child = pexpect.spawn(
        program,
        args,
        env=env,
        cwd=str(cli.folder),
        dimensions=size,
        encoding="utf-8",
        timeout=None,  # a wait has no deadline of its own (see the module's docstring)
        preexec_fn=functools.partial(signal.signal, signal.SIGINT, sigint),
    )
    return Terminal(child, *size)


def spawn(
    tmp_path: Path,
    *args: str,
    colour: bool = False,
    size: tuple[int, int] = (24, 80),
    term: str = "xterm-256color",
) -> Terminal:
    """A game at the easiest level (the config file's, so that a plain ``spawn(home)`` asks
    for no game of its own and offers to resume the saved one), with no pause between AI
    turns."""
    config = Cli(tmp_path).config / "threethirteen" / "config.toml"
    if not config.exists():
        config.parent.mkdir(parents=True, exist_ok=True)
        config.write_text('level = "easy"\n', encoding="utf-8")
    return spawn_cli(
        tmp_path, "play", "--speed", "instant", *args, colour=colour, size=size, term=term
    )


def leave(term: Terminal) -> None:
    term.send("quit\r")
    term.expect("The game is saved|Goodbye")
    ended(term)


def ended(term: Terminal) -> None:
    term.expect(pexpect.EOF)
    term.child.close()
    assert term.child.exitstatus == 0
