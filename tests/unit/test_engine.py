"""Random playouts with fixed seeds: the engine's invariants hold at every event."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from threethirteen.core.cards import (
    hand_size_for_round,
    new_deck,
    sort_cards,
    wild_rank_for_round,
)
from threethirteen.core.events import (
    CardDiscarded,
    CardDrawn,
    DrawSource,
    GameEnded,
    GameOptions,
    PlayerWentOut,
    RoundDealt,
    RoundEnd,
    RoundScored,
    StockRebuilt,
)
from threethirteen.core.log import encode_log, read_log
from threethirteen.core.melds import best_arrangement
from threethirteen.core.rules import decide
from threethirteen.core.seats import DEFAULT_SEATS as SEATS
from threethirteen.core.state import GameState, Phase, cards_in_play, fold

from tests.helpers.games import with_totals
from tests.helpers.playouts import greedy_move, play_game, playout

OPTIONS = [
    GameOptions(),
    GameOptions(jokers=2),
    GameOptions(jokers=4, aces_high=True),
    GameOptions(aces_high=True),
]


@pytest.mark.parametrize("seed,options", [(s, o) for s in (1, 2) for o in OPTIONS])
def test_cards_are_conserved_and_fold_matches_live_state(seed: int, options: GameOptions) -> None:
    deck = sort_cards(new_deck(options.jokers))
    log = []
    for step, (_, events, after) in enumerate(playout(seed, options)):
        log.extend(events)
        if after.round is not None:
            assert cards_in_play(after.round) == deck
        if step % 25 == 0 or after.ended is not None:
            assert fold(log) == after
    assert after.phase == Phase.GAME_OVER


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_save_load_fold_is_identical(seed: int) -> None:
    state, log = play_game(seed, GameOptions(jokers=2))
    text = encode_log(log)
    loaded = read_log(text)
    assert loaded.events == tuple(log)
    assert loaded.state == state == fold(loaded.events)
    assert encode_log(loaded.events) == text


@pytest.mark.parametrize("seed", [6, 7])
def test_every_round_is_dealt_right(seed: int) -> None:
    _state, log = play_game(seed)
    deals = [event for event in log if isinstance(event, RoundDealt)]
    assert [deal.round_no for deal in deals] == list(range(1, 12))
    first_dealer = fold(log[:1]).started.first_dealer  # type: ignore[union-attr]
    for deal in deals:
        size = hand_size_for_round(deal.round_no)
        assert [len(hand) for hand in deal.hands] == [size] * SEATS
        assert deal.wild_rank == wild_rank_for_round(deal.round_no)
        assert deal.dealer == (first_dealer + deal.round_no - 1) % SEATS
        assert len(deal.stock) == 104 - SEATS * size - 1


def _rounds(log: list) -> list[list]:
    rounds: list[list] = []
    for event in log:
        if isinstance(event, RoundDealt):
            rounds.append([])
        if rounds:
            rounds[-1].append(event)
    return rounds


@pytest.mark.parametrize("seed", [8, 9, 10])
def test_after_going_out_every_other_seat_gets_one_turn(seed: int) -> None:
    _, log = play_game(seed, GameOptions(jokers=4))
    went_out_rounds = 0
    for events in _rounds(log):
        out = [i for i, e in enumerate(events) if isinstance(e, PlayerWentOut)]
        scored = next(e for e in events if isinstance(e, RoundScored))
        if not out:
            assert scored.ended_by == RoundEnd.STOCK_EXHAUSTED
            continue
        went_out_rounds += 1
        assert len(out) == 1
        going_out = events[out[0]]
        after = events[out[0] + 1 :]
        discards = [e.seat for e in after if isinstance(e, CardDiscarded)]
        draws = [e.seat for e in after if isinstance(e, CardDrawn)]
        expected = [(going_out.seat + i) % SEATS for i in (1, 2, 3)]
        assert discards == draws == expected == list(going_out.last_turns)
        assert scored.went_out == going_out.seat
        assert scored.scores[going_out.seat].penalty == 0
    assert went_out_rounds > 5  # the greedy player goes out in most rounds


@pytest.mark.parametrize(
    "seed,options", [(11, GameOptions()), (12, GameOptions(jokers=4, aces_high=True))]
)
def test_scores_are_the_solvers_penalties(seed: int, options: GameOptions) -> None:
    state, log = play_game(seed, options)
    totals = [0] * SEATS
    for event in log:
        if isinstance(event, RoundScored):
            for seat, score in enumerate(event.scores):
                best = best_arrangement(score.hand, event.round_no, aces_high=options.aces_high)
                assert score.penalty == best.penalty
                assert Counter(score.hand) == Counter(
                    [*score.unmelded, *(card for meld in score.melds for card in meld)]
                )
                totals[seat] += score.penalty
            assert list(event.totals) == totals
    ended = log[-1]
    assert isinstance(ended, GameEnded)
    assert list(ended.totals) == totals == list(state.totals)
    low = min(totals)
    expected = totals.index(low) if totals.count(low) == 1 else None
    assert ended.winner == expected


def test_a_tie_for_lowest_total_has_no_winner() -> None:
    """Play a game to its very last discard, set the totals so the end ties, and finish it."""
    steps = list(playout(13))
    before, events, _ = steps[-1]
    assert isinstance(events[-1], GameEnded)
    assert before.round is not None and before.round.round_no == 11
    command_events = [e for e in events if isinstance(e, CardDiscarded)]
    assert len(command_events) == 1
    discard = command_events[0]
    hands = list(before.round.hands)
    rest = list(hands[discard.seat])
    rest.remove(discard.card)
    hands[discard.seat] = tuple(rest)
    penalties = [best_arrangement(hand, 11).penalty for hand in hands]
    for tied in ([0, 1], [1, 2, 3], [0, 1, 2, 3]):
        finals = [200 if seat in tied else 250 for seat in range(SEATS)]
        rigged = with_totals(before, [f - p for f, p in zip(finals, penalties, strict=False)])
        from threethirteen.core.rules import Discard

        ended = decide(rigged, Discard(seat=discard.seat, card=discard.card))[-1]
        assert isinstance(ended, GameEnded)
        assert list(ended.totals) == finals
        assert ended.winner is None
    finals = [200, 201, 201, 250]
    rigged = with_totals(before, [f - p for f, p in zip(finals, penalties, strict=False)])
    from threethirteen.core.rules import Discard

    ended = decide(rigged, Discard(seat=discard.seat, card=discard.card))[-1]
    assert isinstance(ended, GameEnded) and ended.winner == 0


def test_the_same_seed_deals_the_same_cards_whatever_the_players_do() -> None:
    deals_a = [e for e in play_game(21)[1] if isinstance(e, RoundDealt)]
    different_play = random.Random(99)

    def other_player(state: GameState, rng: random.Random):  # type: ignore[no-untyped-def]
        return greedy_move(state, different_play)

    log = [e for _, events, _ in playout(21, choose=other_player) for e in events]
    deals_b = [e for e in log if isinstance(e, RoundDealt)]
    assert deals_a == deals_b
    assert [e for e in play_game(22)[1] if isinstance(e, RoundDealt)] != deals_a


def test_stock_rebuilds_and_the_safety_rule() -> None:
    """Players who only ever draw from the stock exhaust it: two rebuilds, then the round ends."""

    def stock_only(state: GameState, rng: random.Random):  # type: ignore[no-untyped-def]
        move = greedy_move(state, rng)
        from threethirteen.core.rules import Draw

        if isinstance(move, Draw):
            return Draw(seat=move.seat, source=DrawSource.STOCK)
        # Never go out: discard the card that leaves the highest penalty.
        assert state.round is not None
        hand = state.round.hands[move.seat]
        from threethirteen.core.rules import Discard

        def penalty_without(card):  # type: ignore[no-untyped-def]
            rest = list(hand)
            rest.remove(card)
            return best_arrangement(rest, state.round.round_no).penalty  # type: ignore[union-attr]

        return Discard(seat=move.seat, card=max(hand, key=penalty_without))

    seen_rebuilds = seen_safety = 0
    for seed in range(30, 40):
        for before, events, after in playout(seed, choose=stock_only):
            rebuilds = [e for e in events if isinstance(e, StockRebuilt)]
            for rebuild in rebuilds:
                seen_rebuilds += 1
                assert before.round is not None
                assert before.round.stock == ()
                assert sort_cards(rebuild.stock) == sort_cards(before.round.discard_pile[:-1])
                assert (
                    after.round is None
                    or after.round.discard_pile == before.round.discard_pile[-1:]
                )
            scored = [e for e in events if isinstance(e, RoundScored)]
            if scored and scored[0].ended_by == RoundEnd.STOCK_EXHAUSTED:
                seen_safety += 1
                assert before.round is not None
                assert before.round.stock == () and before.round.rebuilds == 2
                assert not any(isinstance(e, CardDrawn) for e in events)
        if seen_safety:
            break
    assert seen_rebuilds >= 2 and seen_safety >= 1
