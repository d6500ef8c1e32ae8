"""What simulated games showed, and how it is told: per-seat statistics and tables.

:mod:`repl.simulate` plays the games; this module sums them up (means with 95%
intervals, going-out rates, round penalties, decision times) and writes the
tables, each with a legend saying what its columns mean, or the ``--json`` object.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

from attrs import field, frozen
from threethirteen.core.events import SEAT_NAMES

Z95 = 1.96


@frozen(kw_only=True)
class GameResult:
    """What one game showed: totals, winner, rounds gone out, round penalties, decision times."""

    seed: int
    totals: tuple[int, ...] = ()
    winner: int | None = None
    went_out: tuple[int, ...] = ()
    rounds: int = 0
    penalties: tuple[tuple[int, ...], ...] = ()
    decision_ms: tuple[tuple[float, ...], ...] = ()
    error: str | None = field(default=None)


# -- statistics ----------------------------------------------------------------------


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    if not values:
        return math.nan, math.nan
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan
    return mean, Z95 * statistics.stdev(values) / math.sqrt(len(values))


def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` quantile (nearest rank) of ``values``; NaN when there are none."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


@frozen(kw_only=True)
class SeatSummary:
    """One seat over many games."""

    seat: int
    player: str
    mean_total: float
    interval: float
    wins: int
    went_out_rate: float
    mean_round_penalty: float
    p50_ms: float
    p99_ms: float


def summarise(players: Sequence[str], results: Sequence[GameResult]) -> list[SeatSummary]:
    """Per seat: mean total with interval, wins, going-out rate, round penalty, decision times."""
    out = []
    for seat, player in enumerate(players):
        mean, half = mean_interval([r.totals[seat] for r in results])
        rounds = sum(r.rounds for r in results)
        penalties = [p for r in results for p in r.penalties[seat]]
        times = [t for r in results for t in r.decision_ms[seat]]
        out.append(
            SeatSummary(
                seat=seat,
                player=player,
                mean_total=mean,
                interval=half,
                wins=sum(1 for r in results if r.winner == seat),
                went_out_rate=sum(r.went_out[seat] for r in results) / rounds if rounds else 0.0,
                mean_round_penalty=statistics.fmean(penalties) if penalties else math.nan,
                p50_ms=percentile(times, 0.5),
                p99_ms=percentile(times, 0.99),
            )
        )
    return out


def decision_times(
    players: Sequence[str], results: Sequence[GameResult]
) -> dict[str, dict[str, float]]:
    """p50/p99 decision milliseconds by player (seats with the same player pooled)."""
    pooled: dict[str, list[float]] = {}
    for seat, player in enumerate(players):
        pooled.setdefault(player, []).extend(t for r in results for t in r.decision_ms[seat])
    return {
        player: {"p50": percentile(times, 0.5), "p99": percentile(times, 0.99)}
        for player, times in pooled.items()
    }


TABLE_LEGEND = """\
mean total: the mean final total of a game (lower is better)
±: the half-width of that mean's 95% interval (— for one game)
wins: games won outright (a shared lowest total has no winner)
out %: the share of all rounds played in which the seat went out
round pen: the seat's mean penalty per round
p50 ms, p99 ms: the median and the 99th percentile time of one decision"""
"""What the columns of :func:`table_text` mean, printed under it."""


def table_text(players: Sequence[str], results: Sequence[GameResult]) -> str:
    """The readable per-seat table, with its legend."""
    rows = summarise(players, results)
    ties = sum(1 for r in results if r.winner is None)
    width = max(8, *(len(row.player) for row in rows))
    lines = [
        f"{len(results)} {'game' if len(results) == 1 else 'games'}, "
        f"seeds {results[0].seed}–{results[-1].seed}; "
        f"{ties} with no winner (a shared lowest total)",
        f"{'seat':<6}{'player':<{width + 2}}{'mean total':>18}{'wins':>7}{'out %':>8}"
        f"{'round pen':>11}{'p50 ms':>9}{'p99 ms':>9}",
    ]
    for row in rows:
        # one game has no interval: say so rather than print "nan"
        spread = "—" if math.isnan(row.interval) else f"{row.interval:.1f}"
        total = f"{row.mean_total:.1f} ± {spread}"
        lines.append(
            f"{SEAT_NAMES[row.seat]:<6}{row.player:<{width + 2}}{total:>18}{row.wins:>7}"
            f"{100 * row.went_out_rate:>7.1f}%{row.mean_round_penalty:>11.2f}"
            f"{row.p50_ms:>9.2f}{row.p99_ms:>9.1f}"
        )
    lines += ["", TABLE_LEGEND]
    return "\n".join(lines)


def json_object(players: Sequence[str], results: Sequence[GameResult]) -> dict[str, Any]:
    """The ``--json`` object: every game, decision times by player, and the per-seat table."""
    return {
        "players": list(players),
        "games": [{"seed": r.seed, "totals": list(r.totals), "winner": r.winner} for r in results],
        "decision_ms": decision_times(players, results),
        "seats": [
            {
                "seat": row.seat,
                "player": row.player,
                "mean_total": row.mean_total,
                "interval95": row.interval,
                "wins": row.wins,
                "went_out_rate": row.went_out_rate,
                "mean_round_penalty": row.mean_round_penalty,
            }
            for row in summarise(players, results)
        ],
        "no_winner": sum(1 for r in results if r.winner is None),
    }


def json_safe(value: Any) -> Any:
    """``value`` with every NaN replaced by ``None`` (JSON has no NaN)."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {key: json_safe(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [json_safe(item) for item in value]
    return value


COMPARE_LEGEND = """\
mean total: the candidate's mean game total (lower is better)
vs {baseline}: its total minus {baseline}'s in the same seat on the same deal
  (points a game, and a share of {baseline}'s mean); [low, high]: its 95% interval
win share: the share of its games (against 3 × {baseline}) the candidate won
p50 ms, p99 ms: the median and the 99th percentile time of one decision
A − B: A's total minus B's, same seat, same deal (below 0: A scores lower)"""
"""What the columns of :func:`compare_text` mean, printed under it."""


def compare_text(report: dict[str, Any]) -> str:
    """The duplicate comparison as a readable table, with its legend."""
    baseline = report["baseline"]
    lines = [
        f"duplicate deals: {report['games_per_lineup']} seeds "
        f"({report['seeds'][0]}–{report['seeds'][1]}), each candidate in each of the 4 seats "
        f"against 3 × {baseline}; {baseline} alone averages "
        f"{report['baseline_mean_total']:.1f} a game",
        f"{'player':<12}{'mean total':>11}{'vs ' + baseline + ' (95% interval)':>40}"
        f"{'win share':>11}{'p50 ms':>9}{'p99 ms':>9}",
    ]
    for row in report["candidates"]:
        low, high = row["relative_interval95"]
        versus = (
            f"{row['difference']:+.1f} = {100 * row['relative']:+.1f}% "
            f"[{100 * low:+.1f}%, {100 * high:+.1f}%]"
        )
        lines.append(
            f"{row['candidate']:<12}{row['mean_total']:>11.1f}{versus:>40}"
            f"{100 * row['win_share']:>10.1f}%{row['decision_ms']['p50']:>9.2f}"
            f"{row['decision_ms']['p99']:>9.1f}"
        )
    for pair in report["pairs"]:
        low, high = pair["interval95"]
        lines.append(
            f"{pair['candidate']} − {pair['reference']}: {pair['difference']:+.2f} points a game, "
            f"95% interval [{low:+.2f}, {high:+.2f}]"
        )
    lines += ["", COMPARE_LEGEND.format(baseline=baseline)]
    return "\n".join(lines)
