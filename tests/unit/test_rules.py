"""Illegal commands of every kind are refused with a clear message and change nothing."""

from __future__ import annotations

import pytest
from threethirteen.core.cards import parse_card
from threethirteen.core.errors import Action, IllegalMoveError, InvalidCommandError
from threethirteen.core.events import SEAT_NAMES, DrawSource, GameOptions
from threethirteen.core.rules import (
    Discard,
    Draw,
    StartGame,
    can,
    check,
    decide,
    legal_commands,
    new_game,
)
from threethirteen.core.seats import DEFAULT_SEATS as SEATS
from threethirteen.core.state import GameState, Phase, fold

from tests.helpers.playouts import play_game, playout


def refused(state: GameState, command: Draw | Discard | StartGame) -> IllegalMoveError:
    """Assert that ``command`` is refused and that nothing changed; return the error."""
    snapshot = (state, fold([]))
    with pytest.raises(IllegalMoveError) as caught:
        decide(state, command)
    assert not can(state, command)
    with pytest.raises(IllegalMoveError):
        check(state, command)
    assert (state, fold([])) == snapshot
    return caught.value


def test_commands_before_the_game_starts() -> None:
    error = refused(GameState(), Draw(seat=0, source=DrawSource.STOCK))
    assert error.key == "no_game"
    error = refused(GameState(), Discard(seat=0, card=parse_card("7h")))
    assert error.key == "no_game"


def test_errors_carry_typed_parameters_and_say_them_in_english() -> None:
    """A seat is its number, an action an Action, a card a Card (None: unseen), a hand a
    tuple; only ``str(error)`` turns them into English words."""
    state, _ = new_game(seed=5)
    round_ = state.round
    assert round_ is not None
    seat, other = round_.turn, (round_.turn + 1) % SEATS
    error = refused(state, Draw(seat=other, source=DrawSource.STOCK))
    assert error.params == {"seat": other, "action": Action.DRAW, "turn": seat}
    said = f"{SEAT_NAMES[other]} cannot take a card now: it is {SEAT_NAMES[seat]}'s turn"
    assert str(error) == said
    error = refused(state, Discard(seat=seat, card=round_.hands[seat][0]))
    assert error.params == {"seat": seat, "top": round_.discard_top}
    state = fold(decide(state, Draw(seat=seat, source=DrawSource.STOCK)), state)
    error = refused(state, Draw(seat=seat, source=DrawSource.STOCK))
    assert error.params == {"seat": seat, "card": None}
    assert "a card from the stock was taken this turn" in str(error)
    hand = state.round.hands[seat] if state.round else ()
    stranger = next(card for card in map(parse_card, ("7h", "8s", "2c")) if card not in hand)
    error = refused(state, Discard(seat=seat, card=stranger))
    assert error.params == {"seat": seat, "card": stranger, "hand": hand}
    assert str(error).endswith(f"it is not in the hand ({' '.join(map(str, hand))})")


def test_bad_options_are_invalid_commands() -> None:
    with pytest.raises(InvalidCommandError) as caught:
        decide(GameState(), StartGame(seed=1, options=GameOptions(jokers=3)))
    assert "0, 2 or 4" in str(caught.value)
    with pytest.raises(InvalidCommandError):
        decide(GameState(), StartGame(seed=1, players=("human",)))


def test_every_kind_of_illegal_move_along_a_game() -> None:
    kinds: set[str] = set()
    for before, _, _ in playout(41, GameOptions(jokers=2)):
        if before.round is None or before.phase not in (Phase.DRAW, Phase.DISCARD):
            continue
        round_ = before.round
        seat = round_.turn
        others = [s for s in range(SEATS) if s != seat]
        hand = round_.hands[seat]
        # Out of turn, both kinds of move.
        for other in others:
            error = refused(before, Draw(seat=other, source=DrawSource.STOCK))
            assert SEAT_NAMES[seat] in str(error) and SEAT_NAMES[other] in str(error)
            error = refused(before, Discard(seat=other, card=round_.hands[other][0]))
            kinds.add(error.key)
        refused(before, StartGame(seed=1))
        if before.phase == Phase.DRAW:
            error = refused(before, Discard(seat=seat, card=hand[0]))
            assert str(round_.discard_top) in str(error)
            kinds.add(error.key)
        else:
            for source in DrawSource:
                error = refused(before, Draw(seat=seat, source=source))
                kinds.add(error.key)
            missing = next(c for c in round_.stock if c not in hand) if round_.stock else None
            if missing is not None:
                error = refused(before, Discard(seat=seat, card=missing))
                assert str(missing) in str(error) and str(hand[0]) in str(error)
                kinds.add(error.key)
            taken = round_.taken_from_discard
            if taken is not None:
                error = refused(before, Discard(seat=seat, card=taken))
                assert str(taken) in str(error)
                kinds.add(error.key)
        assert all(can(before, move) for move in legal_commands(before))
    assert kinds == {
        "not_your_turn",
        "draw_first",
        "already_drawn",
        "not_in_hand",
        "taken_this_turn",
    }


def test_no_move_after_the_game_ends() -> None:
    state, _ = play_game(42)
    assert state.phase == Phase.GAME_OVER
    assert legal_commands(state) == ()
    assert refused(state, Draw(seat=0, source=DrawSource.STOCK)).key == "game_over"


def test_the_card_taken_may_not_go_back_but_its_twin_from_the_hand_may_not_either() -> None:
    """RULES.md: with two decks no card equal to the one taken may be discarded that turn."""
    state, _ = new_game(5)
    assert state.round is not None
    seat = state.round.turn
    top = state.round.discard_top
    assert top is not None
    state = fold(decide(state, Draw(seat=seat, source=DrawSource.DISCARD)), state)
    error = refused(state, Discard(seat=seat, card=top))
    assert error.key == "taken_this_turn"
    assert all(move.card != top for move in legal_commands(state))  # type: ignore[union-attr]
