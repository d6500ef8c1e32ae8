"""A seat's view holds what that seat may know, and nothing about other hands or the stock."""

from __future__ import annotations

import random

import attrs
import pytest
from threethirteen.core.cards import Card
from threethirteen.core.events import (
    DrawSource,
    GameOptions,
    PlayerWentOut,
    RoundDealt,
    RoundScored,
)
from threethirteen.core.seats import DEFAULT_SEATS as SEATS
from threethirteen.core.seen import DealSeen, StartSeen, redact
from threethirteen.core.state import GameState, MoveKind, Phase, evolve
from threethirteen.core.views import PlayerView, round_view, seat_view, view_for

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


def named_cards(event: object) -> list[Card]:
    """Every card an event (or an event as a seat is told it) names, wherever it lies."""
    found: list[Card] = []

    def walk(value: object) -> None:
        if isinstance(value, Card):
            found.append(value)
        elif isinstance(value, tuple):
            for item in value:
                walk(item)
        elif attrs.has(type(value)):
            for field in attrs.fields(type(value)):
                walk(getattr(value, field.name))

    walk(event)
    return found


@pytest.mark.parametrize("seed", [3, 29])
def test_a_seat_is_told_no_card_it_may_not_see(seed: int) -> None:
    """Every event as a seat (or someone watching) is told it names only cards that seat
    sees after it: its own hand, the discard pile, the public moves, and what the rules lay
    face up (melds of going out, every hand at the scoring). The seed stays a secret."""
    _, events = play_game(seed, GameOptions(jokers=2))
    state = GameState()
    for event in events:
        state = evolve(state, event)
        face_up: list[Card] = []
        if isinstance(event, PlayerWentOut | RoundScored):
            face_up = named_cards(event)  # laid down for everyone by the rules
        for seat in (*range(SEATS), None):
            told = redact(event, seat, secret=True)
            if isinstance(told, StartSeen):
                assert told.seed is None and told.salt is None and told.commitment is None
            known = list(face_up)
            if state.round is not None:
                public = view_for(state, 0)
                known += list(public.discard_pile)
                known += [m.card for m in public.history if m.card is not None]
                if seat is not None:
                    known += list(state.round.hands[seat])
            for card in named_cards(told):
                assert card in known, (seat, told)
            if seat is not None and isinstance(event, RoundDealt):
                assert isinstance(told, DealSeen) and told.hand == event.hands[seat]


@pytest.mark.parametrize("seed", [3, 29])
def test_a_seats_view_of_the_game_is_its_player_view(seed: int) -> None:
    """The whole game from one place (what a front shows) holds the seat's own view of the
    round, the public part for someone watching, and nothing of the seed while it is secret."""
    _, events = play_game(seed)
    state = GameState()
    for event in events:
        state = evolve(state, event)
        if state.round is None or state.ended is not None:
            continue
        for seat in range(SEATS):
            assert seat_view(state, seat).mine == view_for(state, seat)
        watched = seat_view(state, None)
        assert watched.mine is None and watched.round == round_view(state)
        assert not isinstance(watched.round, PlayerView)
    assert seat_view(state, 0).ended == state.ended
