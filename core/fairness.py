"""Fair deals at a shared table: a commitment to the seed, checked when it is revealed.

At a shared table the seed stays secret while the game runs (whoever knew it could
work out every hand). At the start every player is shown a commitment instead: the
SHA-256 of the seed and a random salt (a hash commitment, as in coin flipping by
telephone, Blum 1981). When the game is over the seed and the salt are revealed;
anyone can then check that they give the commitment and that every round was dealt
from that seed (``threethirteen replay FILE --verify``).

>>> digest = commitment(17, "5eed")
>>> len(digest), keeps_promise(digest, 17, "5eed"), keeps_promise(digest, 18, "5eed")
(64, True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import re

SALT_HEX = 32
"""The length of a salt the game makes: 32 hexadecimal digits (128 random bits)."""

_HEX = re.compile(r"[0-9a-f]+")


def commitment(seed: int, salt: str) -> str:
    """The SHA-256 (64 hexadecimal digits) of ``seed`` and ``salt``."""
    return hashlib.sha256(f"threethirteen-seed:{seed}:{salt}".encode()).hexdigest()


def keeps_promise(digest: str, seed: int, salt: str) -> bool:
    """Whether ``seed`` and ``salt`` give ``digest``: the deal was the one promised."""
    return hmac.compare_digest(commitment(seed, salt), digest)


def is_digest(text: str) -> bool:
    """Whether ``text`` is written like a commitment (64 lower-case hexadecimal digits)."""
    return len(text) == 64 and _HEX.fullmatch(text) is not None


def is_salt(text: str) -> bool:
    """Whether ``text`` is written like a salt (1 to 64 lower-case hexadecimal digits)."""
    return 0 < len(text) <= 64 and _HEX.fullmatch(text) is not None


def promise_problems(digest: str | None, salt: str | None) -> list[str]:
    """What is wrong with a recorded commitment and salt, in words (nothing: ``[]``).

    They come together, each written as the game writes them."""
    if (digest is None) != (salt is None):
        return ["a commitment and its salt come together"]
    if digest is not None and not is_digest(digest):
        return ["the commitment is not 64 hexadecimal digits"]
    if salt is not None and not is_salt(salt):
        return ["the salt is not 1 to 64 hexadecimal digits"]
    return []
