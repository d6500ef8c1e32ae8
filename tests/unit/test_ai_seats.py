"""Every AI level plays at every table size (2 to 8 seats) through its view alone; its
beliefs and card tracking count the table's own seats and decks."""

from __future__ import annotations

import pytest
from threethirteen.core.ai.beliefs import read_beliefs
from threethirteen.core.ai.tracking import pickups, unseen_counts
from threethirteen.core.cards import new_deck
from threethirteen.core.events import GameOptions, RoundScored
from threethirteen.core.players import LEVELS, load_policy, play_game, play_on
from threethirteen.core.rules import new_game
from threethirteen.core.verify import verify_game
from threethirteen.core.views import view_for


@pytest.mark.parametrize("seats", [2, 3, 8])
@pytest.mark.parametrize("level", [level for level in LEVELS if level != "hard"])
def test_a_level_plays_rounds_at_any_count(level: str, seats: int) -> None:
    """The first three rounds (whole games: tests/e2e/test_whole_games.py)."""
    log = play_game(11, (level,) * seats, rounds=3)
    assert verify_game(log).ok
    assert sum(isinstance(event, RoundScored) for event in log) == 3


@pytest.mark.parametrize("seats", [2, 8])
def test_hard_plays_rounds_at_the_smallest_and_the_largest_table(seats: int) -> None:
    log = play_game(12, ("hard",) * seats, rounds=2)
    assert verify_game(log).ok


@pytest.mark.parametrize(("seats", "decks"), [(2, 1), (5, 2), (8, 3)])
def test_beliefs_and_tracking_count_the_tables_seats_and_decks(seats: int, decks: int) -> None:
    start, _ = new_game(3, GameOptions(jokers=decks), players=("greedy",) * seats)
    greedy = [load_policy("greedy")] * seats
    state = start
    for step, (_, after) in enumerate(play_on(start, greedy)):
        if after.round is not None and after.round.round_no == 2:
            state = after  # into round 2: moves seen, cards taken
        if step > 6 * seats and state.round is not None and state.round.round_no == 2:
            break
    assert state.round is not None
    view = view_for(state, state.round.turn)
    beliefs = read_beliefs(view)
    assert len(beliefs.affinity) == len(beliefs.hidden) == len(pickups(view)) == seats
    in_all = len(new_deck(decks, decks))
    seen = (
        len(view.hand)
        + len(view.discard_pile)
        + sum(len(known) for seat, known in enumerate(view.known_cards) if seat != view.seat)
    )
    assert sum(unseen_counts(view).values()) == in_all - seen
