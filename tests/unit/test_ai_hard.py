"""The hard level's parts: beliefs from public moves, sampled draws, played-forward leaves."""

from __future__ import annotations

import random
from collections import Counter

import attrs
from threethirteen.core.ai.beliefs import read_beliefs
from threethirteen.core.ai.hands import RoundFacts, codes_of
from threethirteen.core.ai.hard import HardPolicy
from threethirteen.core.ai.lookahead import leave_value, play_forward, sample_draws
from threethirteen.core.cards import parse_card, parse_cards
from threethirteen.core.events import DrawSource, GameOptions
from threethirteen.core.rules import Discard, Draw, decide, new_game
from threethirteen.core.state import GameState, MoveKind, PublicMove, evolve
from threethirteen.core.views import view_for


def after(state: GameState, *commands: Draw | Discard) -> GameState:
    for command in commands:
        for event in decide(state, command):
            state = evolve(state, event)
    return state


def test_stock_weights_add_up_to_the_cards_nobody_has_seen() -> None:
    state, _ = new_game(31, GameOptions(jokers=2))
    view = view_for(state, 0)
    beliefs = read_beliefs(view)
    hidden_in_hands = sum(beliefs.hidden[s] for s in range(4) if s != 0)
    total = sum(weight for _, weight in beliefs.stock_weights())
    assert abs(total - (sum(beliefs.unseen.values()) - hidden_in_hands)) < 1.0
    assert total == sum(weight for _, weight in HardPolicy().unseen(view))


def test_a_pickup_makes_its_rank_likelier_in_that_hand_and_a_pass_less_likely() -> None:
    state, _ = new_game(32)
    view = view_for(state, 0)
    seven = parse_card("7h").code
    history = (
        PublicMove(seat=1, kind=MoveKind.TOOK, card=parse_card("7s")),
        PublicMove(seat=1, kind=MoveKind.DISCARDED, card=parse_card("kd")),
        PublicMove(seat=2, kind=MoveKind.DREW, passed=parse_card("7c")),
        PublicMove(seat=2, kind=MoveKind.DISCARDED, card=parse_card("qd")),
    )
    beliefs = read_beliefs(attrs.evolve(view, history=history, round_no=1))
    assert beliefs.affinity[1][seven] > 1.5
    assert beliefs.affinity[2][seven] < 1.0
    assert beliefs.pickups == (0, 1, 0, 0)
    # Seat 0's next player is seat 1, who collects sevens: a seven would feed it.
    assert beliefs.feeds(seven) > 0.3
    assert beliefs.feeds(parse_card("2c").code) == 0.0


def test_sampled_draws_are_seeded_and_respect_copies() -> None:
    weights = [(1, 2.0), (2, 1.0), (3, 0.5)]
    one = sample_draws(weights, 50, 3, random.Random(5))
    assert one == sample_draws(weights, 50, 3, random.Random(5))
    for draws in one:
        assert len(draws) == 3
        counts = Counter(draws)
        assert counts[1] <= 2 and counts[2] <= 1 and counts[3] <= 1


def test_playing_forward_values_going_out_at_zero() -> None:
    table = RoundFacts(1, False)  # threes wild
    leave = codes_of(parse_cards("5h 6h 9c"))
    seven = parse_card("7h").code
    assert play_forward(table, leave, [seven], [0.5]) == 0.0
    king = parse_card("kd").code
    # No help: the leave keeps 20 points whether the round ends or not.
    assert play_forward(table, leave, [king, king], [0.5, 0.5]) == 20.0
    assert leave_value(table, leave, [[seven], [king]], [1.0]) == 10.0


def test_hard_takes_a_card_that_goes_out_on_the_last_turn() -> None:
    state, _ = new_game(33)
    view = view_for(state, 0)
    view = attrs.evolve(
        view,
        round_no=1,
        wild_rank=parse_card("3h").rank,
        hand=parse_cards("5h 6h kc"),
        discard_top=parse_card("7h"),
        discard_pile=(parse_card("7h"),),
        went_out=2,
    )
    policy = HardPolicy()
    assert policy.choose_draw(view) == DrawSource.DISCARD
    assert policy.last_reason.startswith("take 7♥: last turn")
