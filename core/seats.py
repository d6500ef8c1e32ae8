"""The four seats of the table, clockwise from the person at the bottom.

The lowest module of the engine: everything else may import it, it imports nothing.
"""

SEATS = 4
"""Players at a table."""

SEAT_NAMES: tuple[str, ...] = ("You", "Left", "Top", "Right")
"""Each seat's name, by seat number: 0 You, 1 Left, 2 Top, 3 Right."""

MAX_SEAT_NAME = 40
"""The longest name a seat may have (a shared table calls seats by their players' names)."""
