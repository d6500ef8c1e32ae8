"""``threethirteen simulate --gain BOT --against BASE``: a player's gain over a base player,
one decision at a time (:mod:`core.lab.gain` measures; this is its front: the processes, the
progress and the table)."""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable, Sequence

from ...core.lab.gain import GainJob, GainReport, GameGain, measure_gain
from .processes import measured


def gain_games(
    jobs: Sequence[GainJob], workers: int, done: Callable[[int], None]
) -> list[GameGain]:
    """Every job's game measured, in ``workers`` processes when more than one; ``done`` is
    told how many games are measured after each."""
    games = []
    for finished, game in enumerate(measured(measure_gain, jobs, workers), start=1):
        games.append(game)
        done(finished)
    return games


def _points(mean: float, half: float) -> str:
    if math.isnan(half):
        return f"{mean:+.2f}"
    return f"{mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}]"


def gain_text(
    report: GainReport, candidate: str, base: str, playouts: int, seeds: str, width: int = 80
) -> str:
    """The gain per game, in all and by part, with what it was measured on; the sentences
    filled to ``width`` columns."""
    said = (
        f"{candidate} against {base}, decision by decision: {report.games} games ({seeds}), "
        f"{candidate} in each seat in turn, {base} in the others. {candidate} chose otherwise "
        f"than {base} would have in {report.changed} of {report.decisions} decisions; each "
        f"such choice and {base}'s were played out {playouts} times to the round's end, "
        f"{base} playing every seat on."
    )
    lines = [
        *textwrap.wrap(said, width),
        "",
        f"{'gain per game (lower is better)':<34}{'choices':>8}  points (95% interval)",
    ]
    for part in report.parts:
        lines.append(f"{part.label:<34}{part.changed:>8}  {_points(part.mean, part.half_width)}")
    whole = report.whole
    if report.games and report.base_total > 0:
        share = 100 * whole.mean / report.base_total
        half = 100 * whole.half_width / report.base_total
        total = (
            f"{candidate}'s mean total {report.candidate_total:.1f}; {base} in the same seats "
            f"would have scored {report.base_total:.1f}: {_points(share, half)}%"
        )
        lines += ["", *textwrap.wrap(total, width)]
    for game in report.failed:
        lines += textwrap.wrap(f"game {game.seed} was not finished: {game.error}", width)
    return "\n".join(lines)
