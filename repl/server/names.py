"""Who is who: a player's name, and the SSH key that owns it.

The name is the SSH user name. The first public key that logs in under a name
keeps it (trust on first use); the same name with another key is refused. A
server may also let people without a key in with a password its host sets;
they cannot take a name a key owns, nor a key one they use (see
:meth:`~.service.Service.password_holds`).

A name whose key never sat at a table is kept for
:attr:`~.limits.Limits.unseated_names_kept` only (a day), then it is free again: names
claimed and never played cannot fill the book for good. A name that sat once is its
key's for as long as the book is kept.

Who someone is, once logged in, is an :class:`Identity`: their name and how they proved
it (a key's fingerprint, or the password). A table's seats keep that proof
(:attr:`Identity.proof`), so that its history and its log go to the one who sat there, not
to a later owner of the name (:meth:`~.hall.Hall.sat_there`).
"""

from __future__ import annotations

import asyncio
import hmac
import json
import math
import re
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import attrs
from attrs import frozen

from ..files.atomic import write_atomic
from ..files.bounded import TooLarge, read_bounded
from ..words.i18n import LANGUAGES

NAME = re.compile(r"[a-z][a-z0-9_-]{0,15}")
"""A player's name: a lower-case letter, then up to 15 letters, digits, ``_`` or ``-``."""

MAX_NAMES = 10_000
"""The most names a book keeps keys for by default (a full book refuses new names; a
server's own cap is :attr:`~.limits.Limits.names_total`)."""

DAY = 86_400.0
"""Seconds in a day: how long a name that never sat is kept by default."""

SAT_WRITTEN = DAY
"""How stale the time a name last sat may be on disk: a sitting is written at once when
it is the name's first, or when the one on disk is older than this (a day); the others go
with the next write."""

ENTRY_BYTES = 256
"""The most bytes one name takes in ``keys.json`` (the file is bounded before it is read)."""


PASSWORD = "password"
"""What a seat keeps of someone who came in with the server's password (a key's fingerprint
is never this: an SSH key's begins ``SHA256:``, a browser's ``WEB:``)."""


@frozen
class Identity:
    """Someone logged in: the ``name`` they play under, and the fingerprint of the ``key``
    they proved it with (``None``: they came in with the server's password).

    >>> Identity("pat", None).proof, Identity("ana", "SHA256:x").proof
    ('password', 'SHA256:x')
    """

    name: str
    key: str | None

    @property
    def proof(self) -> str:
        """What a seat they sit at keeps of them: their key's fingerprint, or :data:`PASSWORD`."""
        return PASSWORD if self.key is None else self.key


def is_proof(proof: str) -> bool:
    """Whether ``proof`` may be what a seat keeps of its player (a plan is a stranger's
    file): :data:`PASSWORD`, or a fingerprint as the book keeps one (printable ASCII, no
    space, at most 200 characters)."""
    return 0 < len(proof) <= 200 and proof.isascii() and proof.isprintable() and " " not in proof


def visible_name(name: str) -> str:
    """A refused user name, safe to show: printable ASCII only, at most 20 characters."""
    return "".join(c if c.isascii() and c.isprintable() else "?" for c in name[:20])


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name (a text key), or ``None``."""
    if NAME.fullmatch(name) is None:
        return "server.bad_name"
    return None


@frozen
class Entry:
    """A name in the book: the fingerprint of the ``key`` that owns it, when it was
    ``claimed`` and when it last ``sat`` at a table (``None``: never), in seconds since
    the epoch, and the language its player chose (``lang``: ``None`` until they chose
    one)."""

    key: str
    claimed: float
    sat: float | None = None
    lang: str | None = None


class KeyBook:
    """The names, the key fingerprint that owns each, when each was claimed and when it
    last sat at a table, in ``keys.json`` (one file, rewritten atomically; the server
    alone writes it).

    ``keys.json`` maps each name to ``{"key": FINGERPRINT, "claimed": TIME, "sat": TIME
    or null}``, and ``"lang": "en"|"de"`` once its player chose a language (:meth:`choose`,
    so that the next login is in it, also after a restart); a book written before names
    kept their times (``{name: FINGERPRINT}``) is read too, each name claimed when it is
    read and never sat (the server then marks those it finds at its tables:
    :meth:`seated_before`), and written anew at the next change.

    A server takes a name at once, in memory (:meth:`take`), so that two logins cannot
    both take it, and writes the book in a worker thread (:meth:`keep`): the event loop
    never waits for the disk, and names taken while one write runs share the next.
    """

    def __init__(
        self,
        path: Path,
        *,
        most: int = MAX_NAMES,
        pool: Executor | None = None,
        unseated_kept: float = DAY,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.path = path
        self.most = most
        self.pool = pool
        self.unseated_kept = unseated_kept
        self.clock = clock
        self.in_use: Callable[[str], bool] = lambda name: False
        """Whether a key is logged in under a name now (its name is never freed then)."""
        self._entries: dict[str, Entry] = {}
        self._unseated: dict[str, None] = {}
        """The names that never sat, the oldest claim first."""
        self._unwritten: dict[str, Entry] = {}
        """Names taken since the last write."""
        self._changed = False
        """Whether something besides a name taken waits for the next write (a sitting, a
        name freed, a book of the old form read)."""
        self._writing: asyncio.Lock | None = None
        self._flush: asyncio.Future[bool] | None = None
        if path.exists():
            self._read()

    def _read(self) -> None:
        most_bytes = max(self.most, MAX_NAMES) * ENTRY_BYTES + 4096
        try:
            data = read_bounded(self.path, most_bytes, follow=False)
        except TooLarge:
            raise ValueError(f"{self.path} is longer than a book of {self.most} names") from None
        try:
            found = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise ValueError(f"{self.path} is not a book of names and keys: {error}") from None
        if not isinstance(found, dict):
            raise ValueError(f"{self.path} is not a book of names and keys")
        now = self.clock()
        entries = {}
        for name, value in found.items():
            entry = _entry(value, now)
            if not isinstance(name, str) or entry is None:
                raise ValueError(f"{self.path} is not a book of names and keys")
            self._changed |= isinstance(value, str)
            entries[name] = entry
        self._entries = entries
        unseated = sorted((e.claimed, n) for n, e in entries.items() if e.sat is None)
        self._unseated = dict.fromkeys(name for _, name in unseated)

    def __len__(self) -> int:
        return len(self._entries)

    def owner(self, name: str) -> str | None:
        """The fingerprint of the key that owns ``name``, if a key does (a name that never
        sat and was claimed long ago is nobody's: :meth:`lapsed`)."""
        entry = self._entries.get(name)
        if entry is None or self.lapsed(name):
            return None
        return entry.key

    def owner_since(self, name: str, when: float) -> str | None:
        """The key that owns ``name`` now, if it owned it at ``when`` already: it claimed
        the name then or before (a name freed and claimed again has the time of its new
        claim). A book of the old form knows no claim before it was read, so none of its
        keys owned a name before that."""
        entry = self._entries.get(name)
        if entry is None or entry.claimed > when:
            return None
        return self.owner(name)

    def entry(self, name: str) -> Entry | None:
        """What the book holds of ``name`` (also when it lapsed)."""
        return self._entries.get(name)

    def lapsed(self, name: str) -> bool:
        """Whether ``name`` is in the book but free again: it never sat at a table, it
        was claimed :attr:`unseated_kept` seconds ago or more, and its key is not logged
        in now."""
        entry = self._entries.get(name)
        if entry is None or entry.sat is not None:
            return False
        return self.clock() - entry.claimed >= self.unseated_kept and not self.in_use(name)

    def full(self) -> bool:
        """Whether the book takes no new name (once the names that lapsed are freed)."""
        if len(self._entries) >= self.most:
            self.forget_lapsed()
        return len(self._entries) >= self.most

    def claim(self, name: str, fingerprint: str) -> bool:
        """Whether ``fingerprint`` may use ``name``: it owns it, or takes it now (kept on
        disk before the answer is yes; this thread waits for the disk)."""
        owner = self.owner(name)
        if owner is not None:
            return hmac.compare_digest(owner, fingerprint)
        if name not in self._entries and self.full():
            return False
        entries = {**self._entries, name: Entry(fingerprint, self.clock())}
        self._write(entries)
        self._set(name, entries[name])
        self._unwritten.pop(name, None)
        return True

    def take(self, name: str, fingerprint: str) -> bool:
        """Take ``name`` for ``fingerprint`` now, in memory (:meth:`keep` writes it);
        whether it is theirs: it was, or it was free and the book not full."""
        owner = self.owner(name)
        if owner is not None:
            return hmac.compare_digest(owner, fingerprint)
        if name not in self._entries and self.full():
            return False
        entry = Entry(fingerprint, self.clock())
        self._set(name, entry)
        self._unwritten[name] = entry
        return True

    def _set(self, name: str, entry: Entry) -> None:
        self._entries[name] = entry
        self._unseated.pop(name, None)
        if entry.sat is None:
            self._unseated[name] = None  # the newest claim last

    def language(self, who: Identity) -> str | None:
        """The language ``who`` chose at this server (``lang``), if they did: kept for a
        name a key owns, and read only by that key (someone who comes in with the password
        has no entry: they choose again)."""
        entry = self._entries.get(who.name)
        if entry is None or who.key is None or self.owner(who.name) != who.key:
            return None
        return entry.lang

    def choose(self, who: Identity, lang: str) -> None:
        """``who`` chose ``lang``: kept with their name, written soon (nothing for a name
        their key does not own, or a language the game does not speak)."""
        entry = self._entries.get(who.name)
        if entry is None or who.key is None or lang not in LANGUAGES:
            return
        if self.owner(who.name) != who.key or entry.lang == lang:
            return
        self._entries[who.name] = attrs.evolve(entry, lang=lang)
        if who.name in self._unwritten:
            self._unwritten[who.name] = self._entries[who.name]
        self._changed = True
        self._schedule()

    def sat(self, name: str) -> None:
        """``name`` sat down at a table: its key keeps it for good (nothing, for a name no
        key owns)."""
        entry = self._entries.get(name)
        if entry is None:
            return
        now = self.clock()
        self._entries[name] = attrs.evolve(entry, sat=now)
        self._unseated.pop(name, None)
        if name in self._unwritten:
            self._unwritten[name] = self._entries[name]
        if entry.sat is None or now - entry.sat >= SAT_WRITTEN:
            self._changed = True
            self._schedule()

    def seated_before(self, names: Iterable[str]) -> None:
        """Each of ``names`` sat at a table (the server's tables say so, open or over):
        one that the book says never sat has sat, now (a book of the old form, or a
        sitting the server had no time to write)."""
        for name in names:
            entry = self._entries.get(name)
            if entry is not None and entry.sat is None:
                self._entries[name] = attrs.evolve(entry, sat=self.clock())
                self._unseated.pop(name, None)
                self._changed = True
        if self._changed:
            self._schedule()

    def forget(self, name: str) -> bool:
        """Free ``name`` if it lapsed (someone without a key logs in under it); whether
        it did."""
        if not self.lapsed(name):
            return False
        self._drop(name)
        self._changed = True
        self._schedule()
        return True

    def forget_lapsed(self) -> int:
        """Free every name that lapsed (:meth:`lapsed`); how many. The names that never
        sat are kept oldest first, so this looks no further than the first one that is
        young yet."""
        now = self.clock()
        gone = []
        for name in self._unseated:
            if now - self._entries[name].claimed < self.unseated_kept:
                break
            if not self.in_use(name):
                gone.append(name)
        for name in gone:
            self._drop(name)
        if gone:
            self._changed = True
            self._schedule()
        return len(gone)

    def _drop(self, name: str) -> None:
        self._entries.pop(name, None)
        self._unseated.pop(name, None)
        self._unwritten.pop(name, None)

    # -- the file ----------------------------------------------------------------------

    async def keep(self, name: str) -> bool:
        """Wait until ``name`` is on disk; whether it is (``False``: the book could not be
        written, and every name taken since the last write is free again)."""
        async with self._lock():
            if name not in self._unwritten:
                return name in self._entries  # written meanwhile, or given back
            return await self._write_now()

    async def flush(self) -> bool:
        """Write what changed since the last write, if anything did, and what changes
        while it is written; whether the book on disk is as it is in memory."""
        async with self._lock():
            while self._changed or self._unwritten:
                if not await self._write_now():
                    return False
            return True

    def _lock(self) -> asyncio.Lock:
        if self._writing is None:
            self._writing = asyncio.Lock()
        return self._writing

    async def _write_now(self) -> bool:
        """Write the book as it is now (under the lock)."""
        entries = dict(self._entries)
        taken = dict(self._unwritten)
        changed, self._changed = self._changed, False
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(self.pool, self._write, entries)
        except OSError:
            for gone, entry in taken.items():
                if self._entries.get(gone) == entry:
                    self._drop(gone)
                self._unwritten.pop(gone, None)
            self._changed |= changed  # tried again with the next change
            return False
        for done in taken:
            if self._unwritten.get(done) == taken[done]:
                del self._unwritten[done]
        return True

    def _schedule(self) -> None:
        """Write the book soon, on a worker thread (once, however many changes come first;
        never without an event loop: :meth:`flush` then)."""
        if self._flush is not None and not self._flush.done():
            return
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return
        self._flush = asyncio.ensure_future(self.flush())
        self._flush.add_done_callback(_read_outcome)

    def _write(self, entries: dict[str, Entry]) -> None:
        book = {name: _written(entry) for name, entry in entries.items()}
        text = json.dumps(book, indent=1, sort_keys=True) + "\n"
        write_atomic(self.path, text, mode=0o600)


def _written(entry: Entry) -> dict[str, object]:
    """A name's entry as ``keys.json`` holds it (its language only once one was chosen)."""
    written: dict[str, object] = {"key": entry.key, "claimed": entry.claimed, "sat": entry.sat}
    if entry.lang is not None:
        written["lang"] = entry.lang
    return written


def _entry(value: Any, now: float) -> Entry | None:
    """A name's entry as ``keys.json`` holds it (or held it: a fingerprint alone, claimed
    ``now`` and never sat), or ``None`` when it is not one.

    >>> _entry({"key": "SHA256:k", "claimed": 1, "sat": None, "lang": "de"}, 0.0).lang
    'de'
    >>> _entry({"key": "SHA256:k", "claimed": 1, "sat": None, "lang": "fr"}, 0.0) is None
    True
    """
    if isinstance(value, str):
        return Entry(value, now) if 0 < len(value) <= 200 else None
    if not isinstance(value, dict) or not ENTRY_FIELDS <= set(value) <= {*ENTRY_FIELDS, "lang"}:
        return None
    key, claimed, sat = value["key"], value["claimed"], value["sat"]
    lang = value.get("lang")
    if not isinstance(key, str) or not key or len(key) > 200:
        return None
    if not _time(claimed) or not (sat is None or _time(sat)):
        return None
    if lang is not None and lang not in LANGUAGES:
        return None
    return Entry(key, float(claimed), None if sat is None else float(sat), lang)


ENTRY_FIELDS = frozenset({"key", "claimed", "sat"})
"""What every name's entry in ``keys.json`` holds (``lang`` besides, once chosen)."""


def _time(value: object) -> bool:
    """Whether ``value`` is a time the book may hold (seconds since the epoch)."""
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and value >= 0
    )


def _read_outcome(task: asyncio.Future[bool]) -> None:
    """A write's outcome is read (a failure was handled where it arose)."""
    if not task.cancelled():
        task.exception()


def password_matches(expected: str | None, given: str) -> bool:
    """Whether ``given`` is the server's password (never, when the server has none)."""
    if not expected:
        return False
    return hmac.compare_digest(expected.encode("utf-8"), given.encode("utf-8", "replace"))
