"""The deck ladder measured: how often the stock runs out in round 11 (13 cards each) for
each seat count and number of decks, under the game's own rule for an empty stock (rebuilt
from the discard pile; the safety rule ends the round instead of a third rebuild).

Each measured round is round 11 of a game dealt from seed ``S + i`` and played to its end
by AI players (a level, such as ``greedy`` or ``medium``), so two runs see the same deals.

>>> cell = measure(LadderJob(seats=2, decks=1, jokers=0, seeds=(1, 2), player="greedy"))
>>> cell.rounds, 0 <= cell.ran_out <= cell.rounds
(2, True)
"""

from __future__ import annotations

import statistics

import attrs
from attrs import frozen

from ..cards import ROUNDS, decks_deal, joker_choices
from ..deck import SeededShuffler
from ..events import GameOptions, RoundEnd, RoundScored, StockRebuilt
from ..players import load_policy, play_on
from ..rules import deal_round, new_game
from ..seats import MAX_DECKS, MAX_SEATS, MIN_SEATS, seat_names
from ..state import evolve


@frozen(kw_only=True)
class LastRound:
    """One round 11 played out: the stock after the deal, its rebuilds, how it ended."""

    stock: int
    rebuilds: int
    exhausted: bool
    """The safety rule ended it: the stock was empty after two rebuilds."""
    turns: int


@frozen(kw_only=True)
class LadderJob:
    """Round 11 at ``seats`` with ``decks`` (and ``jokers`` in all), on each of ``seeds``."""

    seats: int
    decks: int
    jokers: int
    seeds: tuple[int, ...]
    player: str


@frozen(kw_only=True)
class LadderCell:
    """What the rounds of one :class:`LadderJob` showed."""

    seats: int
    decks: int
    jokers: int
    rounds: int
    stock: int
    """Cards in the stock after the deal of round 11."""
    ran_out: int
    """Rounds in which the stock ran out at least once (rebuilt from the discard pile)."""
    exhausted: int
    """Rounds the safety rule ended (the stock empty after two rebuilds)."""
    mean_turns: float
    """Turns (discards) in a round, on average."""


def play_last_round(seed: int, seats: int, decks: int, jokers: int, player: str) -> LastRound:
    """Round 11 of the game dealt from ``seed``, played to its end by ``player`` in every
    seat: it is dealt as the game deals it, from the start's own shuffler."""
    players = (player,) * seats
    options = GameOptions(jokers=jokers)
    start, _ = new_game(seed, options, players=players, seats=seat_names(seats), decks=decks)
    assert start.started is not None
    dealt = deal_round(start.started, ROUNDS, SeededShuffler(seed))
    state = evolve(attrs.evolve(start, round=None), dealt)
    policies = [load_policy(player) for _ in range(seats)]
    rebuilds = turns = 0
    exhausted = False
    for events, _ in play_on(state, policies):
        for event in events:
            if isinstance(event, StockRebuilt):
                rebuilds += 1
            elif isinstance(event, RoundScored):
                exhausted = event.ended_by == RoundEnd.STOCK_EXHAUSTED
        turns += sum(type(event).__name__ == "CardDiscarded" for event in events)
    return LastRound(stock=len(dealt.stock), rebuilds=rebuilds, exhausted=exhausted, turns=turns)


def measure(job: LadderJob) -> LadderCell:
    """Every round of ``job``, summed up."""
    rounds = [
        play_last_round(seed, job.seats, job.decks, job.jokers, job.player) for seed in job.seeds
    ]
    return LadderCell(
        seats=job.seats,
        decks=job.decks,
        jokers=job.jokers,
        rounds=len(rounds),
        stock=rounds[0].stock,
        ran_out=sum(r.rebuilds > 0 for r in rounds),
        exhausted=sum(r.exhausted for r in rounds),
        mean_turns=statistics.fmean(r.turns for r in rounds),
    )


def ladder_jobs(seeds: tuple[int, ...], player: str) -> list[LadderJob]:
    """Every seat count (2 to 8) with 1 to 3 decks, without jokers and with two per deck;
    only the decks that can deal round 11 at that count."""
    return [
        LadderJob(seats=seats, decks=decks, jokers=jokers, seeds=seeds, player=player)
        for seats in range(MIN_SEATS, MAX_SEATS + 1)
        for decks in range(1, MAX_DECKS + 1)
        if decks_deal(decks, seats)
        for jokers in (0, joker_choices(decks)[2])
    ]
