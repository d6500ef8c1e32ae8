"""A game's log on disk, grown one line per event: a crash loses at most the line being
written, and a write that fails (a full disk) is cut back to the last whole line and
written again later (or, at a server's table, refused: nobody is told a move the disk
does not hold)."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path

from ...core.events import Event
from ...core.log import encode_log, event_line
from ...core.store import StoreRefused
from .atomic import move_aside, sync_folder, write_atomic
from .paths import os_detail
from .save_names import SAVE_SUFFIX

Write = Callable[[int, bytes], int]
"""How bytes reach a file descriptor (:func:`os.write`; a test gives one that fails)."""

SaveTold = Callable[[OSError | None], None]
"""What hears that the log file failed (the error) or is written again (``None``)."""


class LogFile:
    """A game's log on disk (a game at a terminal's autosave, a server's table file), the
    event store of its :class:`~core.table.Table`: kept equal to :meth:`Timeline.recorded`
    by :meth:`sync`.

    A failed write (a full disk: ``ENOSPC``, ``EFBIG``) never reaches the table of a game
    at a terminal: the file is cut back to its last whole line, ``told`` hears the error
    once, the game goes on in memory, and the next :meth:`sync` writes everything not yet
    written. With ``refuse`` (a server's table, where a move told is a move others saw)
    the file is cut back to where it was before the change, ``told`` hears the error
    once, and the change is refused (:class:`~core.store.StoreRefused`): the table keeps
    nothing of it, and a later change is written when the disk has room again.
    """

    def __init__(self, path: Path, *, write: Write = os.write, refuse: bool = False) -> None:
        self.path = path
        self.told: SaveTold | None = None
        self.failure: OSError | None = None
        self.refuse = refuse
        self._write = write
        self._count = 0  # events in the file
        self._last: Event | None = None  # the last of them (the log's own object, not a copy)
        self._torn = False  # a cut-off line could not be cut back: rewrite the whole file

    def sync(self, events: Sequence[Event]) -> None:
        """Make the file hold ``events``: append what is new, or rewrite it when it shrank.

        Never raises :class:`OSError`: a failure is kept in :attr:`failure` and told
        (and, with :attr:`refuse`, raised as :class:`~core.store.StoreRefused`).
        """
        try:
            self._sync(events)
        except OSError as error:
            if self.failure is None and self.told is not None:
                self.told(error)
            self.failure = error
            if self.refuse:
                raise StoreRefused(os_detail(error)) from error
            return
        if self.failure is not None:
            self.failure = None
            if self.told is not None:
                self.told(None)

    def _sync(self, events: Sequence[Event]) -> None:
        done = self._count
        # The log only grows, or is cut back by an undo and grows again with new events:
        # while the event last written is still in its place (the same object, as a redo
        # puts it back), the file holds a prefix of ``events`` and only the rest is new.
        if done and not self._torn and len(events) >= done and events[done - 1] is self._last:
            if len(events) > done:
                self._append(events, done)
            return
        if events:
            write_atomic(self.path, encode_log(events))
        else:
            self.path.unlink(missing_ok=True)
        self._remember(events)
        self._torn = False

    def _remember(self, events: Sequence[Event]) -> None:
        self._count = len(events)
        self._last = events[-1] if events else None

    def _append(self, events: Sequence[Event], done: int) -> None:
        """Append ``events[done:]``, one line each; on failure, cut the file back to where
        it was, so that no cut-off line is left for later lines to follow."""
        created = not self.path.exists()
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            start, last = os.fstat(fd).st_size, self._last
            try:
                for seq in range(done, len(events)):
                    size = os.fstat(fd).st_size
                    data = event_line(seq + 1, events[seq]).encode("utf-8")
                    try:
                        while data:
                            data = data[self._write(fd, data) :]
                    except OSError:
                        self._cut(fd, size)
                        raise
                    self._count, self._last = seq + 1, events[seq]
                try:  # one move's lines are on the disk before anyone hears of the move
                    os.fsync(fd)
                except OSError:
                    self._torn = True  # what reached the disk is unknown: rewrite it whole
                    raise
            except OSError:
                if self.refuse:  # a refused change leaves none of its lines behind
                    self._cut(fd, start)
                    self._count, self._last = done, last
                raise
        finally:
            os.close(fd)
        if created:
            sync_folder(self.path.parent)

    def _cut(self, fd: int, size: int) -> None:
        """Cut the file back to ``size`` bytes (or, failing that, rewrite it whole later)."""
        try:
            os.ftruncate(fd, size)
        except OSError:
            self._torn = True

    def adopt(self, events: Sequence[Event]) -> None:
        """The file already holds ``events`` (a resumed game): only remember them."""
        self._remember(events)

    def keep_aside(self, kind: str = "unfinished", *, at: Path | None = None) -> Path | None:
        """Move the file aside under a new name (``unfinished-DATE-TIME.jsonl``), or to
        ``at`` while no file is there (the name it had before it was taken back); its path.

        An unfinished game about to be replaced by another is kept this way, so
        that nothing played is lost; a fresh name each time never overwrites one.
        """
        if not self.path.exists():
            return None
        if at is not None and not at.exists():
            os.replace(self.path, at)
            sync_folder(at.parent)
            target = at
        else:
            target = move_aside(self.path, kind, SAVE_SUFFIX)
        self._remember(())
        self._torn = False
        return target
