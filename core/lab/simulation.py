"""Measuring AI players over many games: the games to play, playing one, what it showed,
the mean and its interval, and the duplicate comparison (the standings by seat and by
player, and the decision times, are :mod:`.standings`'s).

Game ``i`` of a run is dealt from seed ``S + i``, so two runs with different players
see the same deals. A game is played by :func:`~core.players.play_on`, the one loop in
which policies play; each decision is timed with a clock the caller passes in (reading a
clock is measurement, not I/O). Where the games run (one process or many) and what is
written or printed about them is the caller's business.

>>> job = GameJob(seed=7, players=("greedy",) * 4, options=GameOptions())
>>> result, log = play_job(job, clock=lambda: 0.0)
>>> len(result.totals), result.rounds, type(log[-1]).__name__
(4, 11, 'GameEnded')
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence

from attrs import frozen

from ..cards import Card
from ..errors import GameError
from ..events import (
    DrawSource,
    Event,
    GameEnded,
    GameOptions,
    PlayerWentOut,
    RoundScored,
)
from ..players import Policy, load_policy, play_on
from ..rules import new_game
from ..seats import DEFAULT_SEATS, seat_name
from ..views import PlayerView

Clock = Callable[[], float]
"""Seconds from any fixed start, such as :func:`time.perf_counter`."""

Z95 = 1.96
"""The normal quantile of a two-sided 95% interval."""


@frozen(kw_only=True)
class GameJob:
    """One game to play: its seed, options and players (levels or ``module:Class``)."""

    seed: int
    players: tuple[str, ...]
    options: GameOptions


@frozen(kw_only=True)
class GameResult:
    """What one game showed: totals, winner, rounds gone out, round penalties, decision times.

    A game a player could not finish has only its ``seed`` and the ``error`` that ended it.
    Decision times are measured where the game was played: a game read back from a file
    has ``decision_ms == ()``, and nothing but :func:`.standings.decision_times` reads them.
    """

    seed: int
    totals: tuple[int, ...] = ()
    winner: int | None = None
    went_out: tuple[int, ...] = ()
    rounds: int = 0
    penalties: tuple[tuple[int, ...], ...] = ()
    decision_ms: tuple[tuple[float, ...], ...] = ()
    error: str | None = None


class SimulationError(Exception):
    """A game could not be played to the end (a player failed); the message names it."""


class TimedPolicy:
    """A policy whose every choice is timed, in milliseconds, with ``clock``."""

    def __init__(self, policy: Policy, clock: Clock) -> None:
        self.policy = policy
        self.clock = clock
        self.times: list[float] = []

    @property
    def last_reason(self) -> str:
        reason = getattr(self.policy, "last_reason", "")
        return reason if isinstance(reason, str) else ""

    def choose_draw(self, view: PlayerView) -> str | DrawSource:
        start = self.clock()
        choice = self.policy.choose_draw(view)
        self.times.append((self.clock() - start) * 1000)
        return choice

    def choose_discard(self, view: PlayerView) -> Card:
        start = self.clock()
        choice = self.policy.choose_discard(view)
        self.times.append((self.clock() - start) * 1000)
        return choice


def player_label(spec: str, seat: int, seats: int = DEFAULT_SEATS) -> str:
    """How errors name a player at a table of ``seats``: ``'hard' (seat Top)``."""
    return f"{spec!r} (seat {seat_name(seat, seats)})"


def check_players(players: Sequence[str]) -> None:
    """Load each player once, so that a bad name fails before any game is played."""
    for seat, spec in enumerate(players):
        try:
            load_policy(spec)
        except GameError as error:
            label = player_label(spec, seat, len(players))
            raise SimulationError(f"{label}: {error}") from None


def play_job(job: GameJob, *, clock: Clock) -> tuple[GameResult, tuple[Event, ...]]:
    """Play one whole game: its result and its log.

    A player that fails to load, moves illegally or crashes ends the game: the result
    then names it in ``error`` and the log is empty.
    """
    try:
        seats = [TimedPolicy(load_policy(spec), clock) for spec in job.players]
    except GameError as error:
        return GameResult(seed=job.seed, error=str(error)), ()
    count = len(job.players)
    names = [player_label(spec, seat, count) for seat, spec in enumerate(job.players)]
    start, first = new_game(job.seed, job.options, players=job.players)
    log: list[Event] = list(first)
    deciding = start  # the state in which the next decision is asked for
    try:
        for events, after in play_on(start, seats, names):
            log.extend(events)
            deciding = after
    except GameError as error:
        return GameResult(seed=job.seed, error=str(error)), ()
    except Exception as error:  # a bot's own crash is its problem, named as such
        assert deciding.turn is not None
        failed = f"the player {names[deciding.turn]} failed: {error!r}"
        return GameResult(seed=job.seed, error=failed), ()
    times = tuple(tuple(seat.times) for seat in seats)
    return game_result(job.seed, log, times), tuple(log)


def game_result(
    seed: int, log: Sequence[Event], decision_ms: tuple[tuple[float, ...], ...] = ()
) -> GameResult:
    """What the log of a finished game shows, with the decision times it was played in."""
    seats = len(log[-1].totals) if isinstance(log[-1], GameEnded) else DEFAULT_SEATS
    went_out = [0] * seats
    penalties: list[list[int]] = [[] for _ in range(seats)]
    rounds = 0
    for event in log:
        if isinstance(event, PlayerWentOut):
            went_out[event.seat] += 1
        elif isinstance(event, RoundScored):
            rounds += 1
            for seat, score in enumerate(event.scores):
                penalties[seat].append(score.penalty)
    ended = log[-1]
    assert isinstance(ended, GameEnded)
    return GameResult(
        seed=seed,
        totals=ended.totals,
        winner=ended.winner,
        went_out=tuple(went_out),
        rounds=rounds,
        penalties=tuple(tuple(p) for p in penalties),
        decision_ms=decision_ms,
    )


# -- statistics ----------------------------------------------------------------------


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation).

    >>> mean_interval([1.0, 2.0, 3.0])[0]
    2.0
    """
    if not values:
        return math.nan, math.nan
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan
    return mean, Z95 * statistics.stdev(values) / math.sqrt(len(values))


def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` quantile (nearest rank) of ``values``; NaN when there are none.

    >>> percentile([5.0, 1.0, 3.0], 0.5)
    3.0
    """
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


# -- the duplicate comparison --------------------------------------------------------


@frozen(kw_only=True)
class Difference:
    """A mean difference of game totals (same seat, same deal) and its 95% interval."""

    difference: float
    interval95: tuple[float, float]

    @classmethod
    def between(cls, mine: Sequence[Sequence[int]], theirs: Sequence[Sequence[int]]) -> Difference:
        """From two tables of totals by seed and seat: averaged over the seats of each seed,
        the interval over seeds."""
        per_seed = [
            statistics.fmean(a - b for a, b in zip(x, y, strict=True))
            for x, y in zip(mine, theirs, strict=True)
        ]
        diff, half = mean_interval(per_seed)
        return cls(difference=diff, interval95=(diff - half, diff + half))


@frozen(kw_only=True)
class SeatVersus:
    """One candidate in one seat against the baseline in that seat on the same deals."""

    seat: int
    mean_total: float
    baseline_mean_total: float
    """The baseline's mean total in this seat at the baseline's own table."""
    versus: Difference
    """Its total minus the baseline's in this seat, deal by deal; the interval over seeds."""
    win_share: float
    """The share of its games in this seat that it won."""


@frozen(kw_only=True)
class CandidateReport:
    """One candidate against three baselines, in each seat in turn."""

    candidate: str
    mean_total: float
    versus: Difference
    """Its total minus the baseline's in the same seat on the same deal."""
    relative: float
    """``versus.difference`` as a share of the baseline's mean total."""
    relative_interval95: tuple[float, float]
    win_share: float
    seats: tuple[SeatVersus, ...] = ()
    """The same, seat by seat."""


@frozen(kw_only=True)
class PairReport:
    """Two candidates compared seat by seat on the same deals: ``candidate − reference``."""

    candidate: str
    reference: str
    versus: Difference


@frozen(kw_only=True)
class Comparison:
    """What the duplicate method showed."""

    baseline: str
    games_per_lineup: int
    seeds: tuple[int, int]
    """The first and the last seed."""
    options: GameOptions
    baseline_mean_total: float
    candidates: tuple[CandidateReport, ...]
    pairs: tuple[PairReport, ...]
    seat_count: int = DEFAULT_SEATS
    """Players at each table."""


@frozen(kw_only=True)
class Duplicate:
    """The duplicate method: each candidate in each seat in turn against the baseline in
    every other seat, and the baseline alone at the table, all on the same seeds.

    :meth:`jobs` lists the games; :meth:`compare` reads their results, in that order.
    A candidate's difference on a seed is its total minus the baseline's total in the
    same seat on the same deal, averaged over the seats; two candidates are
    compared the same way, seat by seat. Intervals are over seeds.
    """

    candidates: tuple[str, ...]
    baseline: str
    seeds: tuple[int, ...]
    options: GameOptions
    seat_count: int = DEFAULT_SEATS
    """Players at each table (2 to 8): every candidate sits in every seat in turn."""

    def jobs(self) -> list[GameJob]:
        """The baseline table on every seed, then each candidate in seat 0, 1, 2, … ."""
        seats = self.seat_count
        lineups = [tuple([self.baseline] * seats)]
        for candidate in self.candidates:
            for seat in range(seats):
                lineup = [self.baseline] * seats
                lineup[seat] = candidate
                lineups.append(tuple(lineup))
        return [
            GameJob(seed=seed, players=lineup, options=self.options)
            for lineup in lineups
            for seed in self.seeds
        ]

    def compare(self, results: Sequence[GameResult]) -> Comparison:
        """The comparison, from the results of :meth:`jobs` in their order."""
        n = len(self.seeds)
        seats = self.seat_count
        base = results[:n]
        base_mean = statistics.fmean(t for game in base for t in game.totals)
        base_totals = [list(game.totals) for game in base]
        reports = []
        totals = []
        for k, candidate in enumerate(self.candidates):
            block = results[n * (1 + seats * k) : n * (1 + seats * (k + 1))]
            mine = [[block[seat * n + i].totals[seat] for seat in range(seats)] for i in range(n)]
            totals.append(mine)
            wins = sum(
                block[seat * n + i].winner == seat for seat in range(seats) for i in range(n)
            )
            in_seat = []
            for seat in range(seats):
                mine_here = [[row[seat]] for row in mine]
                theirs_here = [[row[seat]] for row in base_totals]
                won = sum(game.winner == seat for game in block[seat * n : (seat + 1) * n])
                in_seat.append(
                    SeatVersus(
                        seat=seat,
                        mean_total=statistics.fmean(row[0] for row in mine_here),
                        baseline_mean_total=statistics.fmean(row[0] for row in theirs_here),
                        versus=Difference.between(mine_here, theirs_here),
                        win_share=won / n,
                    )
                )
            versus = Difference.between(mine, base_totals)
            low, high = versus.interval95
            reports.append(
                CandidateReport(
                    candidate=candidate,
                    mean_total=statistics.fmean(t for row in mine for t in row),
                    versus=versus,
                    relative=versus.difference / base_mean,
                    relative_interval95=(low / base_mean, high / base_mean),
                    win_share=wins / (seats * n),
                    seats=tuple(in_seat),
                )
            )
        pairs = [
            PairReport(
                candidate=self.candidates[j],
                reference=first,
                versus=Difference.between(totals[j], totals[i]),
            )
            for i, first in enumerate(self.candidates)
            for j in range(i + 1, len(self.candidates))
        ]
        return Comparison(
            baseline=self.baseline,
            games_per_lineup=n,
            seeds=(self.seeds[0], self.seeds[-1]),
            options=self.options,
            baseline_mean_total=base_mean,
            candidates=tuple(reports),
            pairs=tuple(pairs),
            seat_count=seats,
        )
