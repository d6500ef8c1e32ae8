"""Two to eight seats, played out further than the unit tests do
(tests/unit/test_seat_counts.py): another seed at every count, and more hypothesis examples
of any count with any options."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from threethirteen.core.cards import joker_choices
from threethirteen.core.events import GameOptions
from threethirteen.core.seats import MAX_SEATS, MIN_SEATS, decks_for

from tests.helpers.seat_counts import check_playout, play_checked


@pytest.mark.parametrize("seats", range(MIN_SEATS, MAX_SEATS + 1))
def test_another_playout_at_every_count_keeps_the_rules(seats: int) -> None:
    check_playout(22, seats)


@settings(max_examples=30, deadline=None)
@given(
    seats=st.integers(MIN_SEATS, MAX_SEATS),
    seed=st.integers(0, 2**32),
    per_deck=st.integers(0, 2),
    aces_high=st.booleans(),
)
def test_any_count_any_options(seats: int, seed: int, per_deck: int, aces_high: bool) -> None:
    jokers = joker_choices(decks_for(seats))[per_deck]
    play_checked(seed, seats, GameOptions(jokers=jokers, aces_high=aces_high))
