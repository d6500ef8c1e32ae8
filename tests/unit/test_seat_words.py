"""The seats' names at every table size, in both languages: the engine's English names,
translated by the fronts' words (``Texts(lang, seats)``)."""

from __future__ import annotations

from threethirteen.core.seats import MAX_SEATS, MIN_SEATS, seat_names
from threethirteen.repl.words import de, en
from threethirteen.repl.words.i18n import Texts

COUNTS = range(MIN_SEATS, MAX_SEATS + 1)


def test_the_seats_are_named_at_every_count_in_both_languages() -> None:
    for count in COUNTS:
        assert en.SEAT_NAMES[count] == seat_names(count)
        german = de.SEAT_NAMES[count]
        assert len(german) == len(set(german)) == count and german[0] == "Du"
        assert [Texts("de", count).seat(s) for s in range(count)] == list(german)
        assert [Texts("en", count).seat(s) for s in range(count)] == list(seat_names(count))
    assert de.SEAT_NAMES[4] == tuple(de.TEXTS[f"seat.{s}"] for s in range(4))
    assert Texts("de").seat(2) == "Oben" and Texts("en", 2).seat(1) == "Top"
