"""What many games showed, seat by seat and player by player, and how long decisions took.

Everything here but :func:`decision_times` reads only what a game's deals and players fix
(totals, winner, rounds gone out, penalties), so the same games give the same standings
wherever and whenever they were played. Decision times are wall-clock measurement: a game
read back from a file has none (``decision_ms == ()``), and they are told apart.

>>> from .simulation import GameResult
>>> games = [
...     GameResult(seed=1, totals=(10, 20), winner=0, went_out=(1, 0), rounds=1,
...                penalties=((0,), (20,))),
...     GameResult(seed=2, totals=(30, 20), winner=1, went_out=(0, 1), rounds=1,
...                penalties=((30,), (0,))),
... ]
>>> [(p.player, p.mean_total, p.win_share) for p in summarise_players(("hard", "hard"), games)]
[('hard', 20.0, 1.0)]
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from attrs import frozen

from .simulation import GameResult, mean_interval, percentile


@frozen(kw_only=True)
class SeatSummary:
    """One seat over many games."""

    seat: int
    player: str
    mean_total: float
    interval: float
    """The half-width of the 95% interval of ``mean_total`` (NaN for one game)."""
    wins: int
    win_share: float
    """``wins`` as a share of the games."""
    went_out_rate: float
    """The share of all rounds played in which the seat went out."""
    mean_round_penalty: float


def summarise(players: Sequence[str], results: Sequence[GameResult]) -> list[SeatSummary]:
    """Per seat: mean total with interval, wins and win share, going-out rate, round penalty."""
    out = []
    rounds = sum(r.rounds for r in results)
    for seat, player in enumerate(players):
        mean, half = mean_interval([r.totals[seat] for r in results])
        penalties = [p for r in results for p in r.penalties[seat]]
        wins = sum(1 for r in results if r.winner == seat)
        out.append(
            SeatSummary(
                seat=seat,
                player=player,
                mean_total=mean,
                interval=half,
                wins=wins,
                win_share=wins / len(results) if results else math.nan,
                went_out_rate=sum(r.went_out[seat] for r in results) / rounds if rounds else 0.0,
                mean_round_penalty=statistics.fmean(penalties) if penalties else math.nan,
            )
        )
    return out


@frozen(kw_only=True)
class PlayerSummary:
    """One player over many games, pooled over the seats it held.

    A game counts once: its sample is the mean total of the player's seats in that game,
    since seats at one table are not independent of each other.
    """

    player: str
    seats: tuple[int, ...]
    mean_total: float
    interval: float
    """The half-width of the 95% interval of ``mean_total``, over games (NaN for one)."""
    wins: int
    """Games won by one of its seats."""
    win_share: float


def summarise_players(players: Sequence[str], results: Sequence[GameResult]) -> list[PlayerSummary]:
    """Per player, in the order of its first seat: pooled mean total, interval, win share."""
    held: dict[str, list[int]] = {}
    for seat, player in enumerate(players):
        held.setdefault(player, []).append(seat)
    out = []
    for player, seats in held.items():
        per_game = [statistics.fmean(r.totals[s] for s in seats) for r in results]
        mean, half = mean_interval(per_game)
        wins = sum(1 for r in results if r.winner in seats)
        out.append(
            PlayerSummary(
                player=player,
                seats=tuple(seats),
                mean_total=mean,
                interval=half,
                wins=wins,
                win_share=wins / len(results) if results else math.nan,
            )
        )
    return out


def shows_players(players: Sequence[str]) -> bool:
    """Whether the per-player block tells something: a player holds more than one seat
    (with one player in each seat it would repeat the seats' rows)."""
    return len(set(players)) < len(players)


@frozen(kw_only=True)
class DecisionTimes:
    """The median and the 99th percentile time of one decision, in milliseconds."""

    p50: float
    p99: float

    @classmethod
    def of(cls, times: Sequence[float]) -> DecisionTimes:
        return cls(p50=percentile(times, 0.5), p99=percentile(times, 0.99))


@frozen(kw_only=True)
class TimedPlayers:
    """Decision times by player over the games that were timed in this run."""

    timed_games: int
    """Games with decision times (a game read back from a file has none)."""
    games: int
    by_player: tuple[tuple[str, DecisionTimes], ...]
    """Each player that was timed, in the order it first sat down."""


def decision_times(lineups: Sequence[Sequence[str]], results: Sequence[GameResult]) -> TimedPlayers:
    """Decision times by player, pooled over every seat it held in every timed game;
    ``lineups[i]`` are the players of ``results[i]``."""
    pooled: dict[str, list[float]] = {}
    timed = 0
    for lineup, result in zip(lineups, results, strict=True):
        if not result.decision_ms:
            continue
        timed += 1
        for player, times in zip(lineup, result.decision_ms, strict=True):
            pooled.setdefault(player, []).extend(times)
    return TimedPlayers(
        timed_games=timed,
        games=len(results),
        by_player=tuple((player, DecisionTimes.of(times)) for player, times in pooled.items()),
    )
