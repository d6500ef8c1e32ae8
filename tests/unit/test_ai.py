"""The AI levels: legal, explained, seeded, and blind to everything but their view."""

from __future__ import annotations

import itertools
import json
import random
import time

import attrs
import pytest
from threethirteen.core.ai.easy import GreedyPolicy
from threethirteen.core.ai.hands import RoundFacts, codes_of, outlook, with_card, without
from threethirteen.core.ai.tracking import unseen_counts
from threethirteen.core.cards import Card, new_deck, parse_card, parse_cards
from threethirteen.core.errors import GameError
from threethirteen.core.events import DrawSource, GameOptions, RoundScored
from threethirteen.core.lab.simulation import GameJob, play_job
from threethirteen.core.melds import best_arrangement
from threethirteen.core.players import LEVELS, PolicyError, load_policy, play_game, policy_turn
from threethirteen.core.rules import new_game
from threethirteen.core.seats import DEFAULT_SEATS as SEATS
from threethirteen.core.state import Phase
from threethirteen.core.verify import verify_game
from threethirteen.core.views import PlayerView, view_for

from tests.helpers.games import play_log
from tests.helpers.playouts import shuffle_hidden, states_of_play


def test_every_level_loads_by_name() -> None:
    for level in LEVELS:
        policy = load_policy(level)
        assert hasattr(policy, "choose_draw") and hasattr(policy, "choose_discard")


def test_all_levels_play_rounds_legally_with_a_reason_for_each_move() -> None:
    """Three rounds of each level, two jokers (whole games: tests/e2e/test_whole_games.py)."""
    players = ("greedy", "easy", "medium", "hard")
    text = play_log(5, players, GameOptions(jokers=2), rounds=3)
    assert text.count('"type": "RoundScored"') == 3
    moves = [line for line in text.splitlines() if '"CardD' in line]
    assert len(moves) > 40 and all('"reason": ""' not in line for line in moves)
    assert {json.loads(line)["seat"] for line in moves} == set(range(SEATS))


def test_aces_high_and_four_jokers_play_legally() -> None:
    log = play_game(
        8,
        ("hard", "medium", "easy", "greedy"),
        GameOptions(jokers=4, aces_high=True),
        rounds=3,
    )
    assert verify_game(log).ok
    assert sum(isinstance(event, RoundScored) for event in log) == 3


class Spy:
    """Wraps a level and records what it is handed."""

    def __init__(self, level: str) -> None:
        self.inner = load_policy(level)
        self.seen: list[object] = []

    def choose_draw(self, view: PlayerView) -> str | DrawSource:
        self.seen.append(view)
        return self.inner.choose_draw(view)

    def choose_discard(self, view: PlayerView) -> Card:
        self.seen.append(view)
        return self.inner.choose_discard(view)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_levels_see_only_views_and_ignore_hidden_cards(level: str) -> None:
    spy = Spy(level)
    rng = random.Random(3)
    start, _ = new_game(3, GameOptions(jokers=2))
    greedy = load_policy("greedy")
    states = states_of_play(start, [greedy, spy, greedy, greedy])
    left_to_act = (state for state in states if state.ended is None and state.turn == 1)
    for state in itertools.islice(left_to_act, 40):
        other = shuffle_hidden(state, 1, rng)
        a, b = load_policy(level), load_policy(level)
        if state.phase == Phase.DRAW:
            assert a.choose_draw(view_for(state, 1)) == b.choose_draw(view_for(other, 1))
        else:
            assert a.choose_discard(view_for(state, 1)) == b.choose_discard(view_for(other, 1))
    assert spy.seen and all(type(view) is PlayerView for view in spy.seen)


class BadDraw:
    def choose_draw(self, view: PlayerView) -> str:
        return "the river"

    def choose_discard(self, view: PlayerView) -> Card:
        return view.hand[0]


def test_an_illegal_move_names_the_player_and_is_not_replaced() -> None:
    job = GameJob(
        seed=1,
        players=("greedy", "tests.helpers.bots:StockCheater", "greedy", "greedy"),
        options=GameOptions(),
    )
    result, log = play_job(job, clock=time.perf_counter)
    assert result.error is not None and log == ()
    assert "tests.helpers.bots:StockCheater" in result.error and "Left" in result.error
    assert "illegal move" in result.error and "not in the hand" in result.error
    start, _ = new_game(1)
    state = next(
        state
        for state in states_of_play(start, [GreedyPolicy()] * SEATS)
        if state.turn == 1 and state.phase == Phase.DRAW
    )
    with pytest.raises(PolicyError, match=r"BadDraw.*'the river'"):
        policy_turn(state, BadDraw(), "BadDraw")


def test_an_unimportable_player_gives_a_clear_error() -> None:
    with pytest.raises(GameError, match="no_such_module"):
        load_policy("no_such_module:Bot")
    with pytest.raises(GameError, match="not a player"):
        load_policy("cleverest")


# -- judging hands ----------------------------------------------------------------------


def test_after_draw_is_trying_every_discard_but_for_rare_ties() -> None:
    # Leaving out the highest unmelded card of one best arrangement misses a higher
    # card another equally good arrangement leaves out: never better, rarely worse.
    rng = random.Random(17)
    deck = list(new_deck(2))
    misses = 0
    for _ in range(200):
        rng.shuffle(deck)
        round_no = rng.randint(1, 11)
        table = RoundFacts(round_no, rng.random() < 0.5)
        leave = codes_of(deck[: round_no + 2])
        code = deck[round_no + 2].code
        grown = with_card(leave, code)
        exact = min(table.penalty(without(grown, c)) for c in set(grown))
        found = table.after_draw(leave, code)
        assert found >= exact
        misses += found != exact
    assert misses <= 10


def test_outlook_counts_outs_and_going_out() -> None:
    table = RoundFacts(1, False)  # 3s wild
    leave = codes_of(parse_cards("5h 6h 9c"))
    unseen = [(parse_card("7h").code, 2.0), (parse_card("kd").code, 2.0)]
    look = outlook(table, leave, unseen)
    assert look.penalty == 20
    # 7♥ melds 5♥6♥7♥ and the 9♣ goes: out; K♦ is higher than everything: nothing changes.
    assert look.going_out == 2.0 and look.outs == ((parse_card("7h").code, 2.0),)
    assert look.expected == pytest.approx(10.0)


def test_greedy_takes_only_a_card_that_lowers_the_penalty() -> None:
    state, _ = new_game(21)
    view = view_for(state, state.turn or 0)
    table = RoundFacts(view.round_no, view.aces_high)
    hand = codes_of(view.hand)
    assert view.discard_top is not None
    top = view.discard_top.code
    after = table.discards(with_card(hand, top), top)[0][0]
    choice = GreedyPolicy().choose_draw(view)
    assert (choice == DrawSource.DISCARD) == (after < table.penalty(hand))


def test_greedy_discards_to_the_lowest_penalty_highest_card_on_ties() -> None:
    state, _ = new_game(22)
    view = attrs.evolve(
        view_for(state, state.turn or 0),
        hand=parse_cards("4h 5h 6h 8c kd"),
        round_no=3,
        phase=Phase.DISCARD,
    )
    policy = GreedyPolicy()
    assert policy.choose_discard(view) == parse_card("kd")
    assert policy.last_reason == "discard K♦: leaves 8"


def test_unseen_cards_leave_out_what_the_seat_has_seen() -> None:
    state, _ = new_game(23, GameOptions(jokers=2))
    view = view_for(state, 0)
    counts = unseen_counts(view)
    assert sum(counts.values()) == 106 - len(view.hand) - len(view.discard_pile)
    for card in view.hand:
        assert counts.get(card.code, 0) <= 1


def test_the_arrangement_the_ai_uses_is_the_solvers() -> None:
    table = RoundFacts(3, False)
    hand = codes_of(parse_cards("7h 7h 7s 8h 9h"))
    assert table.penalty(hand) == best_arrangement(parse_cards("7h 7h 7s 8h 9h"), 3).penalty == 14
