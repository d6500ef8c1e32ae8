"""A trivial legal-move player and random playouts with fixed seeds, for the engine tests;
the states a game passes through as policies play it (``core.players.play_on``); and a
state with the cards a seat cannot see dealt differently."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

import attrs
from attrs import frozen
from threethirteen.core.events import DrawSource, Event, GameOptions
from threethirteen.core.log import encode_log
from threethirteen.core.melds import best_arrangement
from threethirteen.core.players import Policy, play_on
from threethirteen.core.rules import (
    Discard,
    Draw,
    decide,
    default_players,
    legal_commands,
    new_game,
)
from threethirteen.core.seats import DEFAULT_SEATS as SEATS
from threethirteen.core.state import GameState, evolve

Step = tuple[GameState, tuple[Event, ...], GameState]


def greedy_move(state: GameState, rng: random.Random) -> Draw | Discard:
    """Take the discard or draw at random; discard the card that leaves the lowest penalty."""
    moves = legal_commands(state)
    assert moves, f"nobody can move in phase {state.phase}"
    if isinstance(moves[0], Draw):
        move = rng.choice(moves)
        assert isinstance(move, Draw)
        return move
    assert state.round is not None
    hand = list(state.round.hands[state.round.turn])

    def penalty_after(move: Draw | Discard) -> int:
        assert isinstance(move, Discard)
        rest = list(hand)
        rest.remove(move.card)
        return best_arrangement(
            rest, state.round.round_no if state.round else 1, aces_high=state.options.aces_high
        ).penalty

    scored = sorted(moves, key=lambda m: (penalty_after(m), rng.random()))
    return scored[0] if rng.random() < 0.9 else rng.choice(moves)


def playout(
    seed: int,
    options: GameOptions | None = None,
    choose: Callable[[GameState, random.Random], Draw | Discard] = greedy_move,
    seats: int = SEATS,
) -> Iterator[Step]:
    """Play a whole game at a table of ``seats``; yield (state before, events, state after)
    for every command."""
    rng = random.Random(seed)
    state, events = new_game(seed, options, players=default_players(seats))
    yield GameState(), events, state
    while state.ended is None:
        command = choose(state, rng)
        new_events = decide(state, command)
        after = state
        for event in new_events:
            after = evolve(after, event)
        yield state, new_events, after
        state = after


def play_game(
    seed: int, options: GameOptions | None = None, seats: int = SEATS
) -> tuple[GameState, list[Event]]:
    """The final state and the whole log of one greedy playout at a table of ``seats``."""
    log: list[Event] = []
    final = GameState()
    for _, events, after in playout(seed, options, seats=seats):
        log.extend(events)
        final = after
    return final, log


def random_source(rng: random.Random) -> DrawSource:
    return rng.choice([DrawSource.STOCK, DrawSource.DISCARD])


def states_of_play(start: GameState, policies: Sequence[Policy]) -> Iterator[GameState]:
    """``start``, then the state after each decision as ``policies`` play on from it."""
    yield start
    for _, after in play_on(start, policies):
        yield after


@frozen
class Recorded:
    """A greedy playout, recorded: its final state and its log as events, text and lines."""

    state: GameState
    events: tuple[Event, ...]
    text: str
    lines: tuple[str, ...]


def record(seed: int, options: GameOptions | None = None) -> Recorded:
    """The greedy playout of ``seed``, recorded."""
    state, log = play_game(seed, options)
    text = encode_log(log)
    return Recorded(state, tuple(log), text, tuple(text.splitlines(keepends=True)))


def shuffle_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same game as ``seat`` sees it: other hands and the stock dealt differently."""
    round_ = state.round
    assert round_ is not None
    others = [s for s in range(SEATS) if s != seat]
    hidden = [card for s in others for card in round_.hands[s]] + list(round_.stock)
    rng.shuffle(hidden)
    hands = list(round_.hands)
    for s in others:
        size = len(hands[s])
        hands[s], hidden = tuple(sorted(hidden[:size])), hidden[size:]
    return attrs.evolve(state, round=attrs.evolve(round_, hands=tuple(hands), stock=tuple(hidden)))
