"""Two to eight seats: random playouts with fixed seeds and hypothesis keep the engine's
invariants at every count (cards conserved, turn order, last turns, scoring, "two tie, all
tie"), and the start is refused outside the rules in the game's words."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from threethirteen.core.cards import decks_deal, joker_choices
from threethirteen.core.errors import InvalidCommandError
from threethirteen.core.events import (
    CardDiscarded,
    DrawSource,
    Event,
    GameEnded,
    GameOptions,
    GameStarted,
    RoundScored,
)
from threethirteen.core.rules import (
    Discard,
    Draw,
    StartGame,
    decide,
    default_players,
    new_game,
)
from threethirteen.core.seats import (
    DECKS_BY_SEATS,
    DEFAULT_SEATS,
    MAX_SEATS,
    MIN_SEATS,
    decks_for,
    seat_names,
)
from threethirteen.core.state import GameState

from tests.helpers.games import with_totals
from tests.helpers.playouts import playout
from tests.helpers.seat_counts import check_playout, play_checked

COUNTS = range(MIN_SEATS, MAX_SEATS + 1)


@pytest.mark.parametrize("seats", COUNTS)
def test_a_playout_at_every_count_keeps_the_rules(seats: int) -> None:
    """One seed at each count (another, and more options: tests/e2e/test_seat_counts.py)."""
    check_playout(1, seats)


@settings(max_examples=4, deadline=None)
@given(
    seats=st.integers(MIN_SEATS, MAX_SEATS),
    seed=st.integers(0, 2**32),
    per_deck=st.integers(0, 2),
    aces_high=st.booleans(),
)
def test_any_count_any_options(seats: int, seed: int, per_deck: int, aces_high: bool) -> None:
    jokers = joker_choices(decks_for(seats))[per_deck]
    play_checked(seed, seats, GameOptions(jokers=jokers, aces_high=aces_high))


@pytest.mark.parametrize("seats", COUNTS)
def test_two_tie_all_tie_at_every_count(seats: int) -> None:
    """Two or more sharing the lowest total: nobody wins; one alone lowest: that one."""
    steps = list(playout(5, seats=seats))
    before, events, _ = next(step for step in steps if isinstance(step[1][-1], GameEnded))
    scored = next(event for event in events if isinstance(event, RoundScored))
    penalties = [score.penalty for score in scored.scores]
    command = _command_of(before, events)
    for tied in ((0, seats - 1), (0,)):
        finals = [100 if seat in tied else 150 for seat in range(seats)]
        totals = tuple(f - p for f, p in zip(finals, penalties, strict=True))
        ended = decide(with_totals(before, totals), command)[-1]
        assert isinstance(ended, GameEnded) and list(ended.totals) == finals
        assert ended.winner == (None if len(tied) > 1 else 0)


def _command_of(state: GameState, events: Sequence[Event]) -> Draw | Discard:
    """The last command of a game again: the discard that ended it, or the draw from an
    empty stock that the safety rule ended it at."""
    first = events[0]
    if isinstance(first, CardDiscarded):
        return Discard(seat=first.seat, card=first.card)
    assert state.round is not None
    return Draw(seat=state.round.turn, source=DrawSource.STOCK)


def test_the_ladder_deals_round_11_with_a_stock() -> None:
    assert set(DECKS_BY_SEATS) == set(COUNTS) and DECKS_BY_SEATS[DEFAULT_SEATS] == 2
    for seats, decks in DECKS_BY_SEATS.items():
        assert decks_deal(decks, seats)


def test_the_names_read_clockwise_from_you() -> None:
    assert seat_names() == ("You", "Left", "Top", "Right")
    for seats in COUNTS:
        names = seat_names(seats)
        assert len(names) == len(set(names)) == seats and names[0] == "You"


@pytest.mark.parametrize(
    ("players", "said"),
    [
        (("human",), "a game needs 2 to 8 players, one per seat, not 1"),
        (("human",) * 9, "a game needs 2 to 8 players, one per seat, not 9"),
    ],
)
def test_a_start_outside_2_to_8_is_refused(players: tuple[str, ...], said: str) -> None:
    with pytest.raises(InvalidCommandError) as caught:
        decide(GameState(), StartGame(seed=1, players=players))
    assert str(caught.value) == said and caught.value.key == "bad_players"


def test_a_start_whose_lists_do_not_match_is_refused() -> None:
    five = default_players(5)
    with pytest.raises(InvalidCommandError, match="its 5 seats, and seats names 4"):
        decide(GameState(), StartGame(seed=1, players=five, seats=seat_names(4)))
    with pytest.raises(InvalidCommandError, match="cannot deal round 11 to 8 players"):
        decide(GameState(), StartGame(seed=1, players=default_players(8), decks=2))
    with pytest.raises(InvalidCommandError, match="1 to 3 decks, not 4"):
        decide(GameState(), StartGame(seed=1, players=five, decks=4))
    with pytest.raises(InvalidCommandError, match="jokers must be 0, 3 or 6"):
        decide(
            GameState(),
            StartGame(seed=1, players=default_players(6), options=GameOptions(jokers=4)),
        )


def test_four_seats_is_the_default_and_deals_as_before() -> None:
    """The default game is four seats with two decks; a seed deals as it always has (the
    shipped replays verify from their seeds, tests/unit/test_replays.py)."""
    state, events = new_game(42)
    started = events[0]
    assert isinstance(started, GameStarted)
    assert (started.seat_count, started.decks, state.seat_count) == (4, 2, 4)
    _, again = new_game(42, players=default_players(4), decks=2)
    assert again == events
