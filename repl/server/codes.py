"""Table codes (``KITE-7``): a word and a number, easy to say across a room.

A new table's code is drawn at random: a few tries, then every code once from one drawn
at random, so that finding a free code is bounded however many are taken. A code is
taken while a table has it, and for good by a table that cannot be resumed (its files
keep that name: :mod:`.kept`).

>>> code_at(0), code_at(1), code_at(CODES - 1), code_at(CODES)
('BARK-2', 'BARK-3', 'TEAL-99', 'BARK-2')
>>> free_code(lambda most: 0, lambda code: code in {"BARK-2", "BARK-3"})
'BARK-4'
"""

from __future__ import annotations

from collections.abc import Callable

WORDS = (
    "BARK", "COVE", "DUNE", "FERN", "GLEN", "HAZE", "IRIS", "JADE", "KITE", "LAMP",
    "LARK", "MINT", "MOSS", "NOVA", "OPAL", "PEAR", "PINE", "REEF", "ROOK", "SAGE",
    "SILK", "TIDE", "VALE", "WOLF", "WREN", "YARN", "ZINC", "BELL", "CORN", "DOVE",
    "BEAM", "CLAY", "DAWN", "DUSK", "ECHO", "FAWN", "FROG", "GALE", "GUST", "HARP",
    "HILL", "KELP", "LAKE", "LEAF", "LIME", "LYNX", "MESA", "MIST", "ORCA", "PALM",
    "PLUM", "RAIN", "ROSE", "RUBY", "SAND", "SEAL", "SNOW", "STAR", "SWAN", "TEAL",
)  # fmt: skip
"""The words of table codes (``KITE-7``): short, distinct, easy to say across a room."""

NUMBERS = range(2, 100)
CODES = len(WORDS) * len(NUMBERS)
"""How many table codes there are (5,880)."""

TRIES = 32
"""The codes drawn at random before every code is tried in turn."""


def code_at(number: int) -> str:
    """The table code numbered ``number`` (counted round :data:`CODES`)."""
    word, count = divmod(number % CODES, len(NUMBERS))
    return f"{WORDS[word]}-{NUMBERS[count]}"


def free_code(draw: Callable[[int], int], taken: Callable[[str], bool]) -> str | None:
    """A code that is not ``taken``, each drawn by ``draw`` (a number below the one it is
    given); ``None`` when every code is taken."""
    for _ in range(TRIES):
        code = code_at(draw(CODES))
        if not taken(code):
            return code
    start = draw(CODES)
    for step in range(CODES):
        code = code_at(start + step)
        if not taken(code):
            return code
    return None
