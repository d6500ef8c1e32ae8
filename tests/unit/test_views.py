"""A seat's view holds what that seat may know, and nothing about other hands or the stock."""

from __future__ import annotations

import random

import attrs
import pytest
from threethirteen.core.cards import SEATS
from threethirteen.core.events import DrawSource, GameOptions
from threethirteen.core.state import GameState, MoveKind, Phase
from threethirteen.core.views import PlayerView, view_for

from tests.helpers.playouts import play_game, playout, shuffle_hidden


@pytest.mark.parametrize("seed", [51, 52])
def test_views_do_not_depend_on_hidden_cards(seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    for _, _, after in playout(seed, GameOptions(jokers=2)):
        if after.round is None or after.ended is not None:
            continue
        for seat in range(SEATS):
            view = view_for(after, seat)
            assert view.hand == after.round.hands[seat]
            assert view_for(shuffle_hidden(after, seat, rng), seat) == view
            checked += 1
    assert checked > 100


def test_view_fields_follow_the_game() -> None:
    steps = list(playout(53))
    took = next(
        (before, after)
        for before, events, after in steps
        if after.phase == Phase.DISCARD
        and after.round is not None
        and after.round.taken_from_discard is not None
    )
    before, after = took
    assert after.round is not None and before.round is not None
    seat = after.round.turn
    view = view_for(after, seat)
    taken = after.round.taken_from_discard
    assert view.must_not_discard == taken
    assert taken in view.known_cards[seat]
    assert view.last_actions[seat] is not None and view.last_actions[seat].kind == MoveKind.TOOK  # type: ignore[union-attr]
    assert view.discard_pile == before.round.discard_pile[:-1]
    assert view.discard_top == (view.discard_pile[-1] if view.discard_pile else None)
    # Another seat sees the same public facts but no must_not_discard of its own.
    other = view_for(after, (seat + 1) % SEATS)
    assert other.must_not_discard is None
    assert other.known_cards == view.known_cards
    assert other.hand_sizes == view.hand_sizes
    assert sum(view.hand_sizes) == sum(len(h) for h in after.round.hands)
    assert view.stock_size == len(after.round.stock)


def test_a_stock_draw_shows_the_passed_card_but_not_the_drawn_one() -> None:
    for before, events, after in playout(54):
        drawn = [e for e in events if getattr(e, "source", None) == DrawSource.STOCK]
        if drawn and after.round is not None:
            move = view_for(after, 0).history[-1]
            assert move.kind == MoveKind.DREW and move.card is None
            assert move.passed == before.round.discard_top  # type: ignore[union-attr]
            return
    pytest.fail("no stock draw in a whole game")


def test_view_has_only_public_fields() -> None:
    names = {field.name for field in attrs.fields(PlayerView)}
    assert not names & {"hands", "stock", "seed", "state"}


@pytest.mark.parametrize("seed", [3, 29])
def test_a_game_seen_from_a_seat_is_the_same_game_turned(seed: int) -> None:
    """Folding the log as seat ``s`` tells it gives, at every step, seat ``s``'s own view
    at seat 0, the other seats keeping their places (s+1 is Left …), and the same
    totals and result turned the same way."""
    from threethirteen.core.state import evolve
    from threethirteen.core.views import seen_from

    _, events = play_game(seed, GameOptions(jokers=2))
    for seat in range(SEATS):
        state, turned = GameState(), GameState()
        for event in events:
            state, turned = evolve(state, event), evolve(turned, seen_from(event, seat))
            if state.round is None or state.ended is not None:
                continue
            mine, theirs = view_for(turned, 0), view_for(state, seat)
            assert mine.hand == theirs.hand and mine.discard_pile == theirs.discard_pile
            order = [(seat + k) % SEATS for k in range(SEATS)]
            assert mine.hand_sizes == tuple(theirs.hand_sizes[i] for i in order)
            assert mine.scores == tuple(theirs.scores[i] for i in order)
            assert order[mine.turn] == theirs.turn and order[mine.dealer] == theirs.dealer
        assert turned.ended is not None and state.ended is not None
        winner = state.ended.winner
        assert turned.ended.winner == (None if winner is None else (winner - seat) % SEATS)
