"""What every front shares: reading a line, refusing it in words, saying things, crashes.

A front renders a game for one person and turns their lines into commands: a seat at a
table (:class:`~repl.kit.seat.SeatFront`, at a terminal or at a shared table), the replay
(:class:`~repl.solo.replay_front.ReplayFront`, in front of a recorded log) and a server's
lobby. The loop (:mod:`repl.kit.loop`) runs each the same way. A front dispatches a line
through one table of :class:`Command` handlers, and writes only to its own
:class:`~repl.kit.screen.Screen`, never to the process's standard output.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from attrs import frozen

from ...core.errors import GameError
from ...core.events import Event
from ..files.crash import write_crash
from ..words.grammar import Grammar, Parsed, UsageError
from ..words.i18n import Texts
from .completer import GameCompleter
from .render import Text, reflow
from .screen import Screen


class Quit(Exception):
    """The player asked to leave."""


Run = Callable[[Parsed], "str | None"]
"""What a command does; why it failed (already said), or ``None``."""
Problem = Callable[[Parsed], "str | None"]
"""Why a command cannot run now, in words (the validator shows it before Enter); ``None``
when it can."""
Caution = Callable[[Parsed], "str | None"]
"""A word of warning before a command that can run but may be regretted (a wild card
discarded): the first Enter shows it under the line, a second Enter runs the line."""


@frozen
class Command:
    """One command of a front: what it does, why it cannot run now (if it ever cannot), and
    what to warn of before it runs (if anything)."""

    run: Run
    problem: Problem | None = None
    caution: Caution | None = None


class Front:
    """One person's side of a game: a grammar of commands, a screen, a language.

    :attr:`commands` maps each command of :attr:`grammar` to its :class:`Command`;
    subclasses fill it, and say which log a crash file should hold (:meth:`crash_log`).
    """

    grammar: Grammar

    def __init__(self, *, tx: Texts, screen: Screen) -> None:
        self.tx = tx
        self.screen = screen
        self.commands: dict[str, Command] = {}

    # -- what the loop asks of a front -----------------------------------------------

    def begin(self) -> None:
        """Show where things stand before the first prompt."""

    def between_lines(self) -> None:
        """Play what is due after a line, before the next prompt (the loop calls it after
        every line: at a game of one's own, the opponents' turns)."""

    def toolbar(self) -> Text:
        """The bottom toolbar: where things stand and what to do."""
        return []

    def completer(self) -> GameCompleter:
        """Completion for this front's commands (Enter asks it too, see :mod:`repl.kit.keys`)."""
        return GameCompleter(lambda: None, self.tx, self.grammar)

    def leave_question(self) -> str | None:
        """What Ctrl-D asks before leaving, or ``None`` to leave at once."""
        return None

    def leave(self) -> None:
        """Save what needs saving and say goodbye."""

    # -- a line --------------------------------------------------------------------

    def execute(self, line: str) -> str | None:
        """Run one line; why it was refused (already said), or ``None``.

        Raises :class:`Quit` to leave. Bad input is answered, never raised.
        """
        try:
            parsed = self.grammar.parse(line)
        except UsageError as error:
            return self.refuse(self.tx(error.key, **error.params))
        except GameError as error:
            return self.refuse(self.tx.error(error))
        return self.run_parsed(parsed)

    def run_parsed(self, parsed: Parsed | None) -> str | None:
        """Check ``parsed`` (``None`` for an empty line), then run it."""
        if parsed is None:
            return self.empty_line()
        problem = self.problem(parsed)
        if problem is not None:
            return self.refuse(problem)
        return self.run(parsed)

    def empty_line(self) -> str | None:
        """What Enter on an empty line does."""
        return None

    def problem(self, parsed: Parsed) -> str | None:
        """Why ``parsed`` cannot run now, in words; ``None`` when it can."""
        command = self.commands.get(parsed.name)
        if command is None or command.problem is None:
            return None
        return command.problem(parsed)

    def caution(self, parsed: Parsed) -> str | None:
        """What to warn of before ``parsed`` runs (Enter shows it first), or ``None``."""
        command = self.commands.get(parsed.name)
        if command is None or command.caution is None:
            return None
        return command.caution(parsed)

    def checked_against(self) -> object:
        """What the checks before Enter depend on (a seat's view: the events it was told);
        when it changes while a line is typed, the line is checked again, so that an
        answer to an older state does not stay under it."""
        return None

    def run(self, parsed: Parsed) -> str | None:
        """Carry out ``parsed`` (its problems were checked); why it failed, or ``None``."""
        return self.commands[parsed.name].run(parsed)

    # -- saying --------------------------------------------------------------------

    def say(self, text: str, style: str = "") -> None:
        """One message, broken to the screen's width."""
        self.screen.show([*reflow([(style, text)], self.screen.width), ("", "\n")])

    def refuse(self, reason: str) -> str:
        """Say why a command cannot run; the reason, for a script to stop at."""
        self.say(reason, "class:error")
        return reason

    # -- trouble -------------------------------------------------------------------

    def crash_log(self) -> tuple[int | None, Sequence[Event]]:
        """The seed and the events a crash file keeps, so the error can be reproduced."""
        return None, ()

    def crash(self, error: BaseException, command: str) -> None:
        """Write a crash file for an unexpected error and say where; the front goes on."""
        seed, events = self.crash_log()
        try:
            path: Path | str = write_crash(error, seed=seed, command=command, events=events)
        except OSError as write_error:
            path = f"(not written: {write_error})"
        detail = f"{type(error).__name__}: {error}"
        self.say(self.tx("msg.crash", error=detail, path=path), "class:error")
