"""The engine's speed, measured: the meld solver on random dealt hands, cold and warm, and
whole games played and folded, and the hard level's decisions in round 11.

The clock is passed in (reading one is measurement, not I/O), so that the figures are
taken here and printed elsewhere. The games are played by
:func:`~core.players.play_on`, the one loop in which policies play, by
:class:`LowestPenaltyPolicy` players (one per seat, four by default, or the 2 and 8 of the
smallest and largest tables) that share one random generator.

>>> ticks = iter(range(100))
>>> times = time_games(2026, games=1, clock=lambda: float(next(ticks)))
>>> times.events > 100, times.game_seconds, times.fold_seconds
(True, 1.0, 1.0)
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence

import attrs
from attrs import frozen

from ..cards import ROUNDS, Card, joker_choices, new_deck
from ..deck import SeededShuffler
from ..events import DrawSource, Event, GameOptions
from ..melds import best_arrangement, clear_cache
from ..players import Policy, load_policy, play_on
from ..rules import deal_round, new_game
from ..seats import DEFAULT_SEATS, decks_for
from ..state import evolve, fold
from ..views import PlayerView
from .simulation import Clock

SIZE_BANDS: tuple[tuple[int, int], ...] = ((3, 8), (9, 11), (12, 14))
"""The hand sizes the solver is timed on: the early, the middle and the late rounds."""

Deal = tuple[tuple[Card, ...], int, bool]
"""A hand to solve, the round it is solved in, and whether aces are high."""


def random_hands(count: int, low: int, high: int, rng: random.Random, decks: int = 2) -> list[Deal]:
    """``count`` (hand, round, aces_high) deals of ``low``–``high`` cards from ``decks``
    decks (two: a table of four), with none, one or two jokers per deck in turn."""
    jokers = joker_choices(decks)
    hands = []
    for i in range(count):
        deck = list(new_deck(jokers[i % 3], decks))
        rng.shuffle(deck)
        size = rng.randint(low, high)
        hands.append((tuple(deck[:size]), rng.randint(1, 11), rng.random() < 0.5))
    return hands


def high_percentile(samples: Sequence[float], share: float) -> float:
    """The sample at index ``⌊share · n⌋`` of the sorted samples (the benchmark's p99)."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def time_solver(hands: Sequence[Deal], *, cold: bool, clock: Clock) -> tuple[float, float]:
    """Median and p99 microseconds per ``best_arrangement`` call: ``cold`` with the caches
    cleared before each call, else warm (the same hand solved just before)."""
    samples = []
    for hand, round_no, aces_high in hands:
        if cold:
            clear_cache()
        else:
            best_arrangement(hand, round_no, aces_high=aces_high)
        start = clock()
        best_arrangement(hand, round_no, aces_high=aces_high)
        samples.append((clock() - start) * 1e6)
    return statistics.median(samples), high_percentile(samples, 0.99)


class LowestPenaltyPolicy:
    """A plain player for timing: draws at random, discards to the lowest penalty
    (of equal ones, the first card of the sorted hand)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose_draw(self, view: PlayerView) -> DrawSource:
        sources = [DrawSource.STOCK]
        if view.discard_pile:
            sources.append(DrawSource.DISCARD)
        return self.rng.choice(sources)

    def choose_discard(self, view: PlayerView) -> Card:
        def penalty(card: Card) -> int:
            rest = list(view.hand)
            rest.remove(card)
            return best_arrangement(rest, view.round_no, aces_high=view.aces_high).penalty

        cards = [card for card in dict.fromkeys(view.hand) if card != view.must_not_discard]
        return min(cards, key=penalty)


def benchmark_game(seed: int, seats: int = DEFAULT_SEATS) -> tuple[Event, ...]:
    """The log of one game with a joker per deck between ``seats`` lowest-penalty players
    (four by default: two jokers)."""
    decks = decks_for(seats)
    players = ("human",) + ("medium",) * (seats - 1)  # as the log names them: not timed
    start, first = new_game(seed, GameOptions(jokers=decks), players=players)
    player = LowestPenaltyPolicy(random.Random(seed))
    log = list(first)
    for events, _ in play_on(start, [player] * start.seat_count):
        log.extend(events)
    return tuple(log)


@frozen(kw_only=True)
class GameTimes:
    """Whole games timed: the mean seconds to play one, and the seconds to fold them all."""

    games: int
    events: int
    """The events of all the games together."""
    game_seconds: float
    fold_seconds: float

    @property
    def events_per_second(self) -> float:
        """Events folded per second."""
        return self.events / self.fold_seconds


def time_games(seed: int, games: int, *, clock: Clock, seats: int = DEFAULT_SEATS) -> GameTimes:
    """Play ``games`` benchmark games at ``seats`` (seeds ``seed``, ``seed + 1`` …), then fold
    their logs."""
    start = clock()
    logs = [benchmark_game(seed + i, seats) for i in range(games)]
    game_seconds = (clock() - start) / games
    start = clock()
    for log in logs:
        fold(log)
    fold_seconds = clock() - start
    events = sum(len(log) for log in logs)
    return GameTimes(
        games=games, events=events, game_seconds=game_seconds, fold_seconds=fold_seconds
    )


class _Timed:
    """A policy whose every decision is timed on ``clock`` (the seconds go to ``took``)."""

    def __init__(self, policy: Policy, clock: Clock, took: list[float]) -> None:
        self.policy, self.clock, self.took = policy, clock, took

    def choose_draw(self, view: PlayerView) -> str | DrawSource:
        start = self.clock()
        choice = self.policy.choose_draw(view)
        self.took.append(self.clock() - start)
        return choice

    def choose_discard(self, view: PlayerView) -> Card:
        start = self.clock()
        choice = self.policy.choose_discard(view)
        self.took.append(self.clock() - start)
        return choice


def time_last_round_decisions(
    seed: int, rounds: int, *, clock: Clock, seats: int = DEFAULT_SEATS, level: str = "hard"
) -> list[float]:
    """Seconds of each decision of ``level`` (seat 0; greedy players in the others) in
    round 11, the longest hands, at a table of ``seats``: ``rounds`` rounds dealt from
    seeds ``seed``, ``seed + 1`` … as the game deals them."""
    took: list[float] = []
    for offset in range(rounds):
        players = (level,) + ("greedy",) * (seats - 1)
        start, _ = new_game(seed + offset, players=players)
        assert start.started is not None
        dealt = deal_round(start.started, ROUNDS, SeededShuffler(seed + offset))
        state = evolve(attrs.evolve(start, round=None), dealt)
        timed = _Timed(load_policy(level), clock, took)
        policies = [timed, *(load_policy("greedy") for _ in range(seats - 1))]
        for _, after in play_on(state, policies):
            if after.round is None or after.round.round_no != ROUNDS:
                break
    return took
