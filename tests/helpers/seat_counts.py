"""Random playouts at any seat count, each step checked against the engine's invariants at
that count (cards conserved, turn order, last turns, scoring, "two tie, all tie"), every
seat's view at every step; for ``tests/unit/test_seat_counts.py`` and its e2e twin."""

from __future__ import annotations

from collections.abc import Sequence

from threethirteen.core.cards import new_deck, sort_cards
from threethirteen.core.events import (
    CardDiscarded,
    Event,
    GameEnded,
    GameOptions,
    GameStarted,
    PlayerWentOut,
    RoundDealt,
    RoundScored,
)
from threethirteen.core.log import encode_log, read_log
from threethirteen.core.seats import decks_for, seat_names
from threethirteen.core.state import GameState, cards_in_play, fold
from threethirteen.core.verify import verify_game
from threethirteen.core.views import seat_view, view_for

from tests.helpers.playouts import playout


def check_step(before: GameState, events: Sequence[Event], after: GameState) -> None:
    """The invariants of one command's events at any seat count."""
    seats = after.seat_count
    started = after.started
    assert started is not None and len(after.totals) == seats
    deck = sort_cards(new_deck(started.options.jokers, started.decks))
    state = before
    for event in events:
        state = fold((event,), state)
        if state.round is not None:
            assert len(state.round.hands) == seats
            assert cards_in_play(state.round) == deck, "hands + stock + discard pile = the decks"
        match event:
            case RoundDealt():
                assert event.dealer == (started.first_dealer + event.round_no - 1) % seats
                assert state.turn == (event.dealer + 1) % seats
            case CardDiscarded() if state.round is not None:
                assert state.round.turn == (event.seat + 1) % seats
            case PlayerWentOut():
                assert event.last_turns == tuple((event.seat + i) % seats for i in range(1, seats))
            case RoundScored():
                previous = before.totals
                penalties = [score.penalty for score in event.scores]
                assert len(event.scores) == seats
                assert list(event.totals) == [
                    a + b for a, b in zip(previous, penalties, strict=True)
                ]
                if event.went_out is not None:
                    assert penalties[event.went_out] == 0
            case GameEnded():
                low = min(event.totals)
                lowest = [seat for seat, total in enumerate(event.totals) if total == low]
                assert event.winner == (lowest[0] if len(lowest) == 1 else None)


def play_checked(seed: int, seats: int, options: GameOptions | None = None) -> list[Event]:
    log: list[Event] = []
    final = GameState()
    for before, events, after in playout(seed, options, seats=seats):
        if before.started is not None:
            check_step(before, events, after)
        for seat in range(seats):  # every seat's view works at every count
            if after.round is not None and after.ended is None:
                assert view_for(after, seat).seat_count == seats
        log += events
        final = after
    assert final.ended is not None and fold(log) == final
    return log


def check_playout(seed: int, seats: int) -> None:
    """The greedy playout of ``seed`` at ``seats``, with as many jokers as decks: every step
    checked, and its log reads back the same, says its count and verifies."""
    log = play_checked(seed, seats, GameOptions(jokers=decks_for(seats)))
    started = log[0]
    assert isinstance(started, GameStarted)
    assert (started.seat_count, started.decks) == (seats, decks_for(seats))
    assert started.seats == seat_names(seats)
    again = read_log(encode_log(log))  # the log says its count: it reads back the same
    assert again.events == tuple(log) and again.header["seat_count"] == seats
    verdict = verify_game(log)
    assert verdict.ok, verdict.problem
    view = seat_view(again.state, 0)
    assert view.seat_count == seats and view.decks == decks_for(seats)
