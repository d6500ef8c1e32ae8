"""How simulated games are told: the per-seat table, the comparison, the ``--json`` objects.

:mod:`core.lab.simulation` plays the games and sums them up; this module writes the
tables, each with a legend saying what its columns mean, or the JSON objects.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ...core.lab.simulation import (
    Comparison,
    DecisionTimes,
    Difference,
    GameResult,
    decision_times,
    summarise,
)
from ...core.seats import seat_name

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
    names = [seat_name(row.seat, len(players)) for row in rows]
    place = max(6, *(len(name) + 1 for name in names))  # "Right" and a space at four
    lines = [
        f"{len(results)} {'game' if len(results) == 1 else 'games'}, "
        f"seeds {results[0].seed}–{results[-1].seed}; "
        f"{ties} with no winner (a shared lowest total)",
        f"{'seat':<{place}}{'player':<{width + 2}}{'mean total':>18}{'wins':>7}{'out %':>8}"
        f"{'round pen':>11}{'p50 ms':>9}{'p99 ms':>9}",
    ]
    for row, name in zip(rows, names, strict=True):
        # one game has no interval: say so rather than print "nan"
        spread = "—" if math.isnan(row.interval) else f"{row.interval:.1f}"
        total = f"{row.mean_total:.1f} ± {spread}"
        lines.append(
            f"{name:<{place}}{row.player:<{width + 2}}{total:>18}{row.wins:>7}"
            f"{100 * row.went_out_rate:>7.1f}%{row.mean_round_penalty:>11.2f}"
            f"{row.p50_ms:>9.2f}{row.p99_ms:>9.1f}"
        )
    lines += ["", TABLE_LEGEND]
    return "\n".join(lines)


def table_object(players: Sequence[str], results: Sequence[GameResult]) -> dict[str, Any]:
    """The ``--json`` object: every game, decision times by player, and the per-seat table."""
    return {
        "players": list(players),
        "games": [{"seed": r.seed, "totals": list(r.totals), "winner": r.winner} for r in results],
        "decision_ms": {
            player: _times_object(times)
            for player, times in decision_times(players, results).items()
        },
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
win share: the share of its games (with {baseline} in the other seats) it won
p50 ms, p99 ms: the median and the 99th percentile time of one decision
A − B: A's total minus B's, same seat, same deal (below 0: A scores lower)"""
"""What the columns of :func:`compare_text` mean, printed under it."""


def compare_text(report: Comparison) -> str:
    """The duplicate comparison as a readable table, with its legend."""
    baseline = report.baseline
    first, last = report.seeds
    lines = [
        f"duplicate deals: {report.games_per_lineup} seeds "
        f"({first}–{last}), each candidate in each of the {report.seat_count} seats "
        f"against {report.seat_count - 1} × {baseline}; {baseline} alone averages "
        f"{report.baseline_mean_total:.1f} a game",
        f"{'player':<12}{'mean total':>11}{'vs ' + baseline + ' (95% interval)':>40}"
        f"{'win share':>11}{'p50 ms':>9}{'p99 ms':>9}",
    ]
    for row in report.candidates:
        low, high = row.relative_interval95
        versus = (
            f"{row.versus.difference:+.1f} = {100 * row.relative:+.1f}% "
            f"[{100 * low:+.1f}%, {100 * high:+.1f}%]"
        )
        lines.append(
            f"{row.candidate:<12}{row.mean_total:>11.1f}{versus:>40}"
            f"{100 * row.win_share:>10.1f}%{row.decision_ms.p50:>9.2f}"
            f"{row.decision_ms.p99:>9.1f}"
        )
    for pair in report.pairs:
        low, high = pair.versus.interval95
        lines.append(
            f"{pair.candidate} − {pair.reference}: {pair.versus.difference:+.2f} points a game, "
            f"95% interval [{low:+.2f}, {high:+.2f}]"
        )
    lines += ["", COMPARE_LEGEND.format(baseline=baseline)]
    return "\n".join(lines)


def compare_object(report: Comparison) -> dict[str, Any]:
    """The ``--compare … --json`` object."""
    return {
        "baseline": report.baseline,
        "games_per_lineup": report.games_per_lineup,
        "seeds": list(report.seeds),
        "seat_count": report.seat_count,
        "options": {"jokers": report.options.jokers, "aces_high": report.options.aces_high},
        "baseline_mean_total": report.baseline_mean_total,
        "candidates": [
            {
                "candidate": row.candidate,
                "mean_total": row.mean_total,
                **_difference_object(row.versus),
                "relative": row.relative,
                "relative_interval95": list(row.relative_interval95),
                "win_share": row.win_share,
                "decision_ms": _times_object(row.decision_ms),
            }
            for row in report.candidates
        ],
        "pairs": [
            {
                "candidate": pair.candidate,
                "reference": pair.reference,
                **_difference_object(pair.versus),
            }
            for pair in report.pairs
        ],
    }


def _difference_object(versus: Difference) -> dict[str, Any]:
    return {"difference": versus.difference, "interval95": list(versus.interval95)}


def _times_object(times: DecisionTimes) -> dict[str, float]:
    return {"p50": times.p50, "p99": times.p99}
