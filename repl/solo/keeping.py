"""What a game in play keeps in the data folder, as the player hears of it: the autosave
failing on a full disk and saving again, what leaving does to an unsaved game, the
statistics (a broken file is kept aside, never counted over) and the history of games."""

from __future__ import annotations

import errno
from collections.abc import Sequence
from pathlib import Path

from attrs import frozen

from ...core.events import Event, GameEnded
from ...core.moves import is_move_of
from ..files.bounded import NotAFile
from ..files.history import keep_game
from ..files.log_file import LogFile
from ..files.paths import os_detail
from ..files.save_names import is_kept_game
from ..files.stats import StatsFile, read_stats, save_stats
from ..words.i18n import Texts
from .settings import YOU

Said = tuple[str, str]
"""A line to tell and its style (``class:warn``)."""
WARN = "class:warn"

NOT_WRITABLE = frozenset({errno.EACCES, errno.EPERM, errno.EROFS})
"""The errors of a folder that cannot be written at all (permissions, a read-only disk),
as against one that is full for now (``ENOSPC``, ``EFBIG``, ``EDQUOT``)."""


def not_writable(error: OSError | None) -> bool:
    """Whether ``error`` says the folder cannot be written, rather than that it is full."""
    return error is not None and error.errno in NOT_WRITABLE


def autosave_news(failure: OSError | None, tx: Texts, autosave: LogFile | None) -> tuple[str, str]:
    """What the player hears when the autosave fails (once) or saves again; its style.

    A folder that cannot be written is said to be so (the game is not autosaved), a full
    disk to be full (the game is saved again as soon as it has room).
    """
    if failure is None:
        return tx("msg.autosave_again"), "class:good"
    if not_writable(failure):
        folder = autosave.path.parent if autosave is not None else "?"
        return tx("msg.autosave_not_writable", path=folder, detail=os_detail(failure)), "class:warn"
    return tx("msg.autosave_failed", detail=os_detail(failure)), "class:warn"


def kept_in_place(autosave: LogFile, error: OSError, tx: Texts) -> str:
    """Why an unfinished game stays where it is (it could not be moved aside) and the game
    that takes its place is not autosaved: nothing played is written over."""
    said = {"path": autosave.path, "detail": os_detail(error)}
    if not_writable(error):
        return tx("msg.kept_in_place_read_only", folder=autosave.path.parent, **said)
    return tx("msg.kept_in_place", **said)


@frozen(kw_only=True)
class Origin:
    """The file the game in play was loaded from, and its log then (``events``). A game
    switched away from unchanged is not kept aside again: its file holds it. An unfinished
    game kept aside and loaded is taken back (``taken``): its file is gone, the autosave
    holds it, and it goes back under its own name when another game takes its place."""

    path: Path
    events: tuple[Event, ...]
    taken: bool = False


def origin_of(
    path: Path | None, events: Sequence[Event], autosave: LogFile | None
) -> Origin | None:
    """Where the game now in play (``events``) came from: ``path`` (``None``: a new game,
    from nowhere). A kept unfinished game is taken back once the autosave holds it."""
    if path is None:
        return None
    taken = False
    if is_kept_game(path) and autosave is not None and autosave.failure is None:
        try:
            path.unlink()
            taken = True
        except OSError:  # it stays there, and counts as a save
            pass
    return Origin(path=path, events=tuple(events), taken=taken)


def put_aside(autosave: LogFile, events: Sequence[Event], origin: Origin | None) -> Path | None:
    """Keep the unfinished game in play (``events``, autosaved) before another takes its
    place; where it went, or ``None`` when it need not be kept: it has no move of yours,
    or it is as it was loaded (its file holds it). A kept game taken back goes back to its
    own name. :class:`OSError` when it cannot be moved."""
    if origin is not None and origin.taken:
        return autosave.keep_aside(at=origin.path)
    if origin is not None and tuple(events) == origin.events:
        return None
    if any(is_move_of(event, YOU) for event in events):
        return autosave.keep_aside()
    return None


def kept_line(path: Path, tx: Texts) -> str:
    """Where the unfinished game is kept, and how to take it back."""
    return tx("msg.kept_previous", path=path, name=path.name)


def leave_question(autosave: LogFile | None, tx: Texts) -> str:
    """What Ctrl-D asks: a game not autosaved, or whose last moves are not, is said to be."""
    if autosave is None or not_writable(autosave.failure):
        return tx("msg.leave_unsaved")
    if autosave.failure is not None:
        return tx("msg.leave_save_failed", detail=os_detail(autosave.failure))
    return tx("msg.leave_confirm")


def goodbye(autosave: LogFile | None, tx: Texts, *, over: bool) -> str:
    """The last words: whether the game can be resumed (``over``: nothing to resume)."""
    if autosave is not None and not_writable(autosave.failure):
        return tx("msg.bye_over" if over else "msg.bye_unsaved")
    if autosave is not None and autosave.failure is not None:
        return tx("msg.bye_save_failed")
    if over:
        return tx("msg.bye_over")
    return tx("msg.bye" if autosave is not None else "msg.bye_unsaved")


def record_result(
    events: Sequence[Event], ended: GameEnded, *, seat: int, assisted: bool, tx: Texts
) -> list[Said]:
    """Count a finished game (``events``, ending with ``ended``) in your statistics and keep
    it in your history; what to tell, one line each with its style: a broken file kept
    aside, what could not be written (warnings), the game's number in the history.

    Statistics that cannot be read are not written over: the game is not counted.
    """
    told = []
    try:
        found = read_stats()
        found.stats.record(ended, seat=seat, assisted=assisted)
        save_stats(found.stats)
        told += [(WARN, line) for line in broken_stats(found, tx)]
    except OSError as error:
        told.append((WARN, tx("msg.stats_not_saved", detail=stats_detail(error, tx))))
    try:
        kept = keep_game(events, seat=seat, assisted=assisted)
    except OSError as error:
        told.append((WARN, tx("history.not_kept", detail=stats_detail(error, tx))))
    else:
        told.append(("class:dim", tx("history.kept", number=kept.number)))
    return told


def stats_detail(error: OSError, tx: Texts) -> str:
    """Why the statistics cannot be read, in a few words (a FIFO in their place is said)."""
    return tx("msg.not_a_file") if isinstance(error, NotAFile) else os_detail(error)


def broken_stats(found: StatsFile, tx: Texts) -> list[str]:
    """The line that says where a broken statistics file was kept, if one was."""
    return [tx("msg.stats_broken", path=found.kept)] if found.kept is not None else []
