"""How simulated games are told: the per-seat table, the comparison, the ``--json`` objects.

:mod:`core.lab.simulation` plays the games and sums them up; this module writes the
tables, each with a legend saying what its columns mean, or the JSON objects.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ...core.lab.simulation import Comparison, Difference, GameResult
from ...core.lab.standings import (
    TimedPlayers,
    decision_times,
    shows_players,
    summarise,
    summarise_players,
)
from ...core.seats import seat_name
from .report_chart import compare_chart, seat_chart

TABLE_LEGEND = """\
mean total: the mean final total of a game (lower is better)
±: the half-width of that mean's 95% interval (— for one game)
wins: games won outright (a shared lowest total has no winner)
win share: wins as a share of the games
out %: the share of all rounds played in which the seat went out
round pen: the seat's mean penalty per round"""
"""What the columns of :func:`table_text` mean, printed under it."""

PLAYERS_LEGEND = """by player: a player's seats pooled; each game counts once, with the mean
  total of the player's seats in it (seats at one table are not independent)"""
"""What the by-player block means, under the legend when the block is shown."""


def table_text(players: Sequence[str], results: Sequence[GameResult]) -> str:
    """The readable per-seat table, the per-player block when it tells something, and the
    legend."""
    rows = summarise(players, results)
    ties = sum(1 for r in results if r.winner is None)
    width = max(8, *(len(row.player) for row in rows))
    names = [seat_name(row.seat, len(players)) for row in rows]
    place = max(6, *(len(name) + 1 for name in names))  # "Right" and a space at four
    lines = [
        f"{len(results)} {'game' if len(results) == 1 else 'games'}, "
        f"seeds {results[0].seed}–{results[-1].seed}; "
        f"{ties} with no winner (a shared lowest total)",
        f"{'seat':<{place}}{'player':<{width + 2}}{'mean total':>18}{'wins':>7}"
        f"{'win share':>11}{'out %':>8}{'round pen':>11}",
    ]
    for row, name in zip(rows, names, strict=True):
        lines.append(
            f"{name:<{place}}{row.player:<{width + 2}}"
            f"{_mean_text(row.mean_total, row.interval):>18}{row.wins:>7}"
            f"{100 * row.win_share:>10.1f}%{100 * row.went_out_rate:>7.1f}%"
            f"{row.mean_round_penalty:>11.2f}"
        )
    if shows_players(players):
        pooled = summarise_players(players, results)
        held = [_seats_text(p.seats, len(players)) for p in pooled]
        room = max(6, *(len(text) + 2 for text in held))
        lines += [
            "",
            "by player",
            f"{'player':<{width + 2}}{'seats':<{room}}{'mean total':>18}{'wins':>7}"
            f"{'win share':>11}",
        ]
        for summary, text in zip(pooled, held, strict=True):
            lines.append(
                f"{summary.player:<{width + 2}}{text:<{room}}"
                f"{_mean_text(summary.mean_total, summary.interval):>18}{summary.wins:>7}"
                f"{100 * summary.win_share:>10.1f}%"
            )
    lines += ["", TABLE_LEGEND]
    if shows_players(players):
        lines.append(PLAYERS_LEGEND)
    return "\n".join(lines)


def table_report(players: Sequence[str], results: Sequence[GameResult], width: int = 80) -> str:
    """Everything ``simulate --players`` prints: the table, the chart (at most ``width``
    columns) and the decision times of the games timed in this run."""
    lineups = [tuple(players)] * len(results)
    return "\n\n".join(
        [
            table_text(players, results),
            seat_chart(players, results, width),
            times_text(lineups, results),
        ]
    )


def table_object(players: Sequence[str], results: Sequence[GameResult]) -> dict[str, Any]:
    """The ``--json`` object: every game, the per-seat table, the per-player standings, and
    the decision times of the games timed in this run."""
    count = len(players)
    return {
        "players": list(players),
        "games": [{"seed": r.seed, "totals": list(r.totals), "winner": r.winner} for r in results],
        "seats": [
            {
                "seat": row.seat,
                "seat_name": seat_name(row.seat, count),
                "player": row.player,
                "mean_total": row.mean_total,
                "interval95": row.interval,
                "wins": row.wins,
                "win_share": row.win_share,
                "went_out_rate": row.went_out_rate,
                "mean_round_penalty": row.mean_round_penalty,
            }
            for row in summarise(players, results)
        ],
        "by_player": [
            {
                "player": summary.player,
                "seats": list(summary.seats),
                "seat_names": [seat_name(seat, count) for seat in summary.seats],
                "mean_total": summary.mean_total,
                "interval95": summary.interval,
                "wins": summary.wins,
                "win_share": summary.win_share,
            }
            for summary in summarise_players(players, results)
        ],
        "no_winner": sum(1 for r in results if r.winner is None),
        **times_object(decision_times([tuple(players)] * len(results), results)),
    }


def times_text(lineups: Sequence[Sequence[str]], results: Sequence[GameResult]) -> str:
    """How long each player's decisions took, in the games timed in this run (``lineups[i]``
    are the players of ``results[i]``; a player's seats pooled)."""
    timed = decision_times(lineups, results)
    if not timed.timed_games:
        return (
            f"decision times: none (all {timed.games} games were read back from --out,\n"
            "which keeps no times: they are measured only where a game is played)"
        )
    lines = [
        f"decision times ({timed.timed_games} of {timed.games} games timed; "
        "games read back from --out have none):"
    ]
    width = max(len(player) for player, _ in timed.by_player)
    for player, times in timed.by_player:
        lines.append(f"{player:<{width}}  p50 {times.p50:>6.2f} ms  p99 {times.p99:>6.1f} ms")
    return "\n".join(lines)


def times_object(timed: TimedPlayers) -> dict[str, Any]:
    """``decision_ms`` (p50 and p99 by player) and ``timed_games``, for a ``--json`` object."""
    return {
        "decision_ms": {
            player: {"p50": times.p50, "p99": times.p99} for player, times in timed.by_player
        },
        "timed_games": timed.timed_games,
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
  You, Left, …: the candidate in that seat only, against {baseline} in that seat
  (points a game; the interval over seeds)
A − B: A's total minus B's, same seat, same deal (below 0: A scores lower)"""
"""What the columns of :func:`compare_text` mean, printed under it."""


def compare_text(report: Comparison) -> str:
    """The duplicate comparison as a readable table, each candidate seat by seat under
    it, with its legend."""
    baseline = report.baseline
    first, last = report.seeds
    names = [seat_name(seat, report.seat_count) for seat in range(report.seat_count)]
    label = max(12, *(len(row.candidate) + 1 for row in report.candidates))
    label = max(label, *(len(name) + 3 for name in names))
    lines = [
        f"duplicate deals: {report.games_per_lineup} seeds "
        f"({first}–{last}), each candidate in each of the {report.seat_count} seats",
        f"against {report.seat_count - 1} × {baseline}; {baseline} alone averages "
        f"{report.baseline_mean_total:.1f} a game",
        f"{'player':<{label}}{'mean total':>11}{'vs ' + baseline + ' (95% interval)':>40}"
        f"{'win share':>11}",
    ]
    for row in report.candidates:
        low, high = row.relative_interval95
        versus = (
            f"{row.versus.difference:+.1f} = {100 * row.relative:+.1f}% "
            f"{_interval_text(100 * low, 100 * high, '+.1f', '%')}"
        )
        lines.append(
            f"{row.candidate:<{label}}{row.mean_total:>11.1f}{versus:>40}"
            f"{100 * row.win_share:>10.1f}%"
        )
        for here, name in zip(row.seats, names, strict=True):
            versus = f"{here.versus.difference:+.1f} {_interval_text(*here.versus.interval95)}"
            lines.append(
                f"{'  ' + name:<{label}}{here.mean_total:>11.1f}{versus:>40}"
                f"{100 * here.win_share:>10.1f}%"
            )
    for pair in report.pairs:
        interval = _interval_text(*pair.versus.interval95, spec="+.2f")
        lines.append(
            f"{pair.candidate} − {pair.reference}: {pair.versus.difference:+.2f} points a game, "
            f"95% interval {interval}"
        )
    lines += ["", COMPARE_LEGEND.format(baseline=baseline)]
    return "\n".join(lines)


def compare_report(
    report: Comparison,
    lineups: Sequence[Sequence[str]],
    results: Sequence[GameResult],
    width: int = 80,
) -> str:
    """Everything ``simulate --compare`` prints: the table, the chart (at most ``width``
    columns) and the decision times of the games timed in this run (``lineups[i]`` are
    the players of ``results[i]``)."""
    return "\n\n".join(
        [compare_text(report), compare_chart(report, width), times_text(lineups, results)]
    )


def compare_object(
    report: Comparison, lineups: Sequence[Sequence[str]], results: Sequence[GameResult]
) -> dict[str, Any]:
    """The ``--compare … --json`` object (``lineups[i]`` are the players of ``results[i]``,
    for the decision times)."""
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
                "seats": [
                    {
                        "seat": here.seat,
                        "seat_name": seat_name(here.seat, report.seat_count),
                        "mean_total": here.mean_total,
                        "baseline_mean_total": here.baseline_mean_total,
                        **_difference_object(here.versus),
                        "win_share": here.win_share,
                    }
                    for here in row.seats
                ],
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
        **times_object(decision_times(lineups, results)),
    }


def _difference_object(versus: Difference) -> dict[str, Any]:
    return {"difference": versus.difference, "interval95": list(versus.interval95)}


def _mean_text(mean: float, half: float) -> str:
    """``81.2 ± 6.3``; one game has no interval: say so rather than print ``nan``."""
    return f"{mean:.1f} ± {'—' if math.isnan(half) else f'{half:.1f}'}"


def _interval_text(low: float, high: float, spec: str = "+.1f", unit: str = "") -> str:
    """``[-3.0, +5.4]``, or ``[—]`` for one seed (no interval)."""
    if math.isnan(low) or math.isnan(high):
        return "[—]"
    return f"[{low:{spec}}{unit}, {high:{spec}}{unit}]"


def _seats_text(seats: Sequence[int], count: int) -> str:
    """``Left, Top``; ``5 seats`` when the names would not fit a column."""
    text = ", ".join(seat_name(seat, count) for seat in seats)
    return text if len(text) <= 18 else f"{len(seats)} seats"
