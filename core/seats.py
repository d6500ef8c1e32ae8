"""The seats of a table, clockwise from the person at the bottom, and how many decks they
play with.

The lowest module of the engine: everything else may import it, it imports nothing.
"""

MIN_SEATS = 2
"""The fewest players at a table."""
MAX_SEATS = 8
"""The most players at a table."""
DEFAULT_SEATS = 4
"""Players at a table unless the game says otherwise: you against Left, Top and Right."""

MAX_DECKS = 3
"""The most decks a game is played with."""

DECKS_BY_SEATS: dict[int, int] = {2: 1, 3: 2, 4: 2, 5: 2, 6: 3, 7: 3, 8: 3}
"""The deck ladder (RULES.md, "Two to eight players"): the decks a table of each size
plays with, so that round 11 always leaves a real stock (measured: ``threethirteen
simulate --ladder``)."""

_NAMES_BY_SEATS: dict[int, tuple[str, ...]] = {
    2: ("You", "Top"),
    3: ("You", "Left", "Right"),
    4: ("You", "Left", "Top", "Right"),
    5: ("You", "Left", "Top left", "Top right", "Right"),
    6: ("You", "Left", "Top left", "Top", "Top right", "Right"),
    7: ("You", "Lower left", "Upper left", "Top left", "Top right", "Upper right", "Lower right"),
    8: (
        "You",
        "Lower left",
        "Upper left",
        "Top left",
        "Top",
        "Top right",
        "Upper right",
        "Lower right",
    ),
}


def decks_for(seats: int) -> int:
    """The decks a table of ``seats`` plays with (the ladder); two outside it."""
    return DECKS_BY_SEATS.get(seats, 2)


def seat_names(seats: int = DEFAULT_SEATS) -> tuple[str, ...]:
    """Each seat's name at a table of ``seats``, by seat number, clockwise from you:
    where each player sits, seen from the bottom. Outside 2 to 8, ``Seat 1`` … ."""
    names = _NAMES_BY_SEATS.get(seats)
    return names if names is not None else tuple(f"Seat {seat + 1}" for seat in range(seats))


def seat_name(seat: int, seats: int = DEFAULT_SEATS) -> str:
    """One seat's name at a table of ``seats`` (``Seat 6`` for a seat beyond its names)."""
    names = seat_names(seats)
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


SEAT_NAMES: tuple[str, ...] = seat_names(DEFAULT_SEATS)
"""Each seat's name at four: 0 You, 1 Left, 2 Top, 3 Right."""

MAX_SEAT_NAME = 40
"""The longest name a seat may have (a shared table calls seats by their players' names)."""
