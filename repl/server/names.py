"""Who is who: a player's name, and the SSH key that owns it.

The name is the SSH user name. The first public key that logs in under a name
keeps it (trust on first use); the same name with another key is refused. A
server may also let people without a key in with a password its host sets;
they cannot take a name a key owns.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import re
from concurrent.futures import Executor
from pathlib import Path

from ..files.storage import write_atomic

NAME = re.compile(r"[a-z][a-z0-9_-]{0,15}")
"""A player's name: a lower-case letter, then up to 15 letters, digits, ``_`` or ``-``."""

MAX_NAMES = 10_000
"""The most names a book keeps keys for by default (a full book refuses new names; a
server's own cap is :attr:`~.house.Limits.names_total`)."""


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name (a text key), or ``None``."""
    if NAME.fullmatch(name) is None:
        return "server.bad_name"
    return None


class KeyBook:
    """The names and the key fingerprint that owns each, in ``keys.json`` (one file,
    rewritten atomically; the server alone writes it).

    A server takes a name at once, in memory (:meth:`take`), so that two logins cannot
    both take it, and writes the book in a worker thread (:meth:`keep`): the event loop
    never waits for the disk, and names taken while one write runs share the next.
    """

    def __init__(self, path: Path, *, most: int = MAX_NAMES, pool: Executor | None = None) -> None:
        self.path = path
        self.most = most
        self.pool = pool
        self._owners: dict[str, str] = {}
        self._unwritten: dict[str, str] = {}
        self._writing: asyncio.Lock | None = None
        if path.exists():
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in data.items()
            ):
                raise ValueError(f"{path} is not a book of names and keys")
            self._owners = dict(data)

    def __len__(self) -> int:
        return len(self._owners)

    def owner(self, name: str) -> str | None:
        """The fingerprint of the key that owns ``name``, if a key does."""
        return self._owners.get(name)

    def claim(self, name: str, fingerprint: str) -> bool:
        """Whether ``fingerprint`` may use ``name``: it owns it, or takes it now (kept on
        disk before the answer is yes; this thread waits for the disk)."""
        owner = self._owners.get(name)
        if owner is not None:
            return hmac.compare_digest(owner, fingerprint)
        if len(self._owners) >= self.most:
            return False
        owners = {**self._owners, name: fingerprint}
        self._write(owners)
        self._owners = owners
        return True

    def take(self, name: str, fingerprint: str) -> bool:
        """Take ``name`` for ``fingerprint`` now, in memory (:meth:`keep` writes it);
        whether it is theirs: it was, or it was free and the book not full."""
        owner = self._owners.get(name)
        if owner is not None:
            return hmac.compare_digest(owner, fingerprint)
        if len(self._owners) >= self.most:
            return False
        self._owners[name] = fingerprint
        self._unwritten[name] = fingerprint
        return True

    async def keep(self, name: str) -> bool:
        """Wait until ``name`` is on disk; whether it is (``False``: the book could not be
        written, and every name taken since the last write is free again)."""
        if self._writing is None:
            self._writing = asyncio.Lock()
        async with self._writing:
            if name not in self._unwritten:
                return name in self._owners  # written meanwhile, or given back
            owners = dict(self._owners)
            taken = dict(self._unwritten)
            loop = asyncio.get_running_loop()
            try:
                await loop.run_in_executor(self.pool, self._write, owners)
            except OSError:
                for gone, fingerprint in taken.items():
                    if self._owners.get(gone) == fingerprint:
                        del self._owners[gone]
                    self._unwritten.pop(gone, None)
                return False
            for done in taken:
                self._unwritten.pop(done, None)
            return True

    def _write(self, owners: dict[str, str]) -> None:
        text = json.dumps(owners, indent=1, sort_keys=True) + "\n"
        write_atomic(self.path, text, mode=0o600)


def password_matches(expected: str | None, given: str) -> bool:
    """Whether ``given`` is the server's password (never, when the server has none)."""
    if not expected:
        return False
    return hmac.compare_digest(expected.encode("utf-8"), given.encode("utf-8", "replace"))
