"""Who is who: a player's name, and the SSH key that owns it.

The name is the SSH user name. The first public key that logs in under a name
keeps it (trust on first use); the same name with another key is refused. A
server may also let people without a key in with a password its host sets;
they cannot take a name a key owns.
"""

from __future__ import annotations

import hmac
import json
import re
from pathlib import Path

from ..files.storage import write_atomic

NAME = re.compile(r"[a-z][a-z0-9_-]{0,15}")
"""A player's name: a lower-case letter, then up to 15 letters, digits, ``_`` or ``-``."""

MAX_NAMES = 10_000
"""The most names a server keeps keys for (a full book refuses new names)."""


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name (a text key), or ``None``."""
    if NAME.fullmatch(name) is None:
        return "server.bad_name"
    return None


class KeyBook:
    """The names and the key fingerprint that owns each, in ``keys.json`` (one file,
    rewritten atomically; the server alone writes it)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._owners: dict[str, str] = {}
        if path.exists():
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in data.items()
            ):
                raise ValueError(f"{path} is not a book of names and keys")
            self._owners = dict(data)

    def owner(self, name: str) -> str | None:
        """The fingerprint of the key that owns ``name``, if a key does."""
        return self._owners.get(name)

    def claim(self, name: str, fingerprint: str) -> bool:
        """Whether ``fingerprint`` may use ``name``: it owns it, or takes it now (kept on
        disk before the answer is yes)."""
        owner = self._owners.get(name)
        if owner is not None:
            return hmac.compare_digest(owner, fingerprint)
        if len(self._owners) >= MAX_NAMES:
            return False
        owners = {**self._owners, name: fingerprint}
        write_atomic(self.path, json.dumps(owners, indent=1, sort_keys=True) + "\n", mode=0o600)
        self._owners = owners
        return True


def password_matches(expected: str | None, given: str) -> bool:
    """Whether ``given`` is the server's password (never, when the server has none)."""
    if not expected:
        return False
    return hmac.compare_digest(expected.encode("utf-8"), given.encode("utf-8", "replace"))
