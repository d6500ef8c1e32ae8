"""Tables found on disk at start that cannot be resumed, and kept as they are.

A table whose files the server cannot read back when it starts (the log reader refuses
its log, its plan is not what the server writes, a file cannot be read, its plan is
missing) is not dropped: its game is lost to its players, but its code is never given to
a new table and its files stay where they are, byte for byte, for the host to look at
(``threethirteen replay --verify tables/CODE.jsonl`` says why a log is refused). The
server's log says so at start; the lobby tells its players, and ``tables`` lists it with
the reason, in the players' words. A table the host mends by hand resumes at the next
start.

The reason told in the lobby quotes nothing from the files: a log's error is said only
when it holds nothing but numbers (``help is recorded again over 200 times in one
round``), as
an error may name a hand of the game, or a path of the server's folder.

>>> kept = refused_log("KITE-7", None, LogFormatError("log_too_much_help", line=212, limit=200))
>>> kept.said(Texts("en"))  # doctest: +NORMALIZE_WHITESPACE
'cannot be resumed: its log is refused at line 212
 (help is recorded again over 200 times in one round)'
>>> Kept("ROOK-3", "server.kept_plan").said(Texts("de"))
'lässt sich nicht fortsetzen: sein Plan lässt sich nicht lesen'
"""

from __future__ import annotations

from attrs import frozen

from ...core.errors import GameError, LogFormatError
from ..words.i18n import Texts
from .plan import Plan

REASONS = (
    "server.kept_plan",
    "server.kept_no_plan",
    "server.kept_log",
    "server.kept_log_hidden",
    "server.kept_log_unread",
    "server.kept_table",
)
"""Why a table cannot be resumed, as the text keys that say it: its plan cannot be read,
its plan is missing, its log is refused at a line (and why, or not when the error
quotes the file), its log cannot be read as a file, the table cannot be set up again
from its plan and log."""


@frozen
class Kept:
    """A table that cannot be resumed: its ``code``, why (``reason``, one of
    :data:`REASONS`), its ``plan`` if it could be read (who sat there), and for a log
    refused at a line, the ``line`` and the ``error`` that says why."""

    code: str
    reason: str
    plan: Plan | None = None
    line: int | None = None
    error: GameError | None = None

    def people(self) -> list[str]:
        """The names at the table, as its plan says (none when it could not be read)."""
        return [] if self.plan is None else [name for name in self.plan.people if name]

    def said(self, tx: Texts) -> str:
        """``cannot be resumed: …`` and why, in the words of ``tx``."""
        why = None if self.error is None else tx.error(_without_line(self.error))
        return tx("server.kept", reason=tx(self.reason, line=self.line, why=why))


def refused_log(code: str, plan: Plan | None, error: BaseException) -> Kept:
    """The table ``code`` whose log was refused by ``error``."""
    if not isinstance(error, LogFormatError) or error.line is None:
        return Kept(code, "server.kept_log_unread", plan)  # a folder, a FIFO, too big
    if not _only_numbers(error):
        return Kept(code, "server.kept_log_hidden", plan, error.line)
    return Kept(code, "server.kept_log", plan, error.line, error)


def _only_numbers(error: GameError) -> bool:
    """Whether ``error`` says nothing but numbers of its own (no card, no text of a file)."""
    return all(type(value) is int for value in error.params.values())


def _without_line(error: GameError) -> GameError:
    """The same error without its line (the reason says the line already)."""
    return GameError(error.key, **error.params)
