"""Reading a log file from anywhere, bounded: refused quickly when it is not a saved game.

A replay or a bug report comes from a stranger, and its path may name anything: a FIFO
that nobody writes to, ``/dev/zero``, a folder, a file of gigabytes. :func:`read_log_bytes`
reads it as every file from outside is read (:mod:`.bounded`: only a regular file of at
most :data:`MAX_LOG_BYTES`, opened without blocking, never read past the limit) and says
what is wrong in the game's words. :func:`load_file` reads and parses a whole log.
"""

from __future__ import annotations

import stat
from pathlib import Path

from attrs import evolve, frozen

from ...core.cards import Card
from ...core.deck import RecordedShuffler
from ...core.errors import LogFormatError
from ...core.events import GameStarted
from ...core.log import GameLog, TruncatedLogError, read_log
from ...core.log_bounds import MAX_LOG_BYTES
from ...core.seats import seat_names
from ...core.verify import verify_events
from .bounded import NotAFile, TooLarge, read_bounded

__all__ = ["MAX_LOG_BYTES", "load_file", "read_log_bytes"]


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a pipe (FIFO)"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


def _kind(mode: int) -> str:
    return next((said for test, said in _KINDS if test(mode)), "not a regular file")


def _unreadable(path: Path, error: OSError) -> LogFormatError:
    return LogFormatError("file_unreadable", path=str(path), detail=error.strerror or str(error))


def read_log_bytes(path: Path, limit: int = MAX_LOG_BYTES) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them (read by
    :func:`~.bounded.read_bounded`).

    Raises ``LogFormatError`` (never blocking) when ``path`` is missing or unreadable,
    is not a regular file (a folder, a FIFO, a device), or is larger than ``limit``.
    """
    try:
        return read_bounded(path, limit)
    except NotAFile as error:
        kind = "not a regular file" if error.mode is None else _kind(error.mode)
        raise LogFormatError("file_not_regular", path=str(path), kind=kind) from None
    except TooLarge as error:
        raise LogFormatError(
            "file_too_big", path=str(path), size=error.size, limit=limit
        ) from None
    except IsADirectoryError:
        raise LogFormatError("file_not_regular", path=str(path), kind="a folder") from None
    except OSError as error:
        raise _unreadable(path, error) from None


def load_file(path: Path, *, rules: bool = True) -> GameLog:
    """Read a saved game; every problem becomes a ``LogFormatError`` naming the file or line.

    A cut-off last line raises :class:`core.log.TruncatedLogError`, which holds the
    complete events before it. Every move is decided again by the rules
    (:func:`core.verify.verify_log`, through :func:`core.rules.decide`): a move the rules
    forbid, or an event they do not give, is refused at its line. ``rules=False`` leaves
    that to the caller (``--verify`` says its own verdict).
    """
    data = read_log_bytes(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise LogFormatError("log_not_utf8", line=line) from None
    if not rules:
        return read_log(text)
    try:
        log = read_log(text)
    except TruncatedLogError as error:
        _check_rules(error.prefix)  # a move against the rules before the cut comes first
        raise
    _check_rules(log)
    return log


@frozen
class _AsRecorded:
    """Chance as the log recorded it; past the log's end, the cards as they lie.

    A log may stop inside a move (a round scored, the next deal not yet written): the
    deal decided there is compared with nothing, so any order does.
    """

    started: GameStarted
    recorded: RecordedShuffler

    @property
    def seeded(self) -> bool:
        return self.started.seeded  # as the log says: decide writes it into GameStarted

    def first_dealer(self, seats: int) -> int:
        return self.recorded.first_dealer(seats)

    def deal_order(self, round_no: int, deck: tuple[Card, ...]) -> tuple[Card, ...]:
        try:
            return self.recorded.deal_order(round_no, deck)
        except ValueError:
            return deck

    def rebuild_order(
        self, round_no: int, rebuild_no: int, cards: tuple[Card, ...]
    ) -> tuple[Card, ...]:
        try:
            return self.recorded.rebuild_order(round_no, rebuild_no, cards)
        except ValueError:
            return cards


def _check_rules(log: GameLog) -> None:
    """Refuse ``log`` at the first event the rules do not give.

    :func:`core.log.read_log` has already bounded every hand (whose turn it is, no card
    twice), so deciding again is quick: a whole game takes milliseconds. Chance is taken
    from the log as recorded: whether a deal follows from the seed is no rule of a move,
    and ``--verify`` and the replay say it.
    """
    started = log.events[0]
    assert isinstance(started, GameStarted)  # read_log starts every log so
    chance = _AsRecorded(started, RecordedShuffler(log.events))
    # the seats' names are another program's to choose (said as they are), not a rule
    named = (evolve(started, seats=seat_names(len(started.seats))), *log.events[1:])
    verdict = verify_events(named, shuffler=chance)
    if verdict.ok:
        return  # a log that stops inside a move is a true prefix: resumed, or replayed
    at = verdict.events
    kind = type(log.events[at]).__name__ if at < len(log.events) else "GameStarted"
    raise LogFormatError("log_against_rules", line=verdict.line, type=kind, problem=verdict.problem)
