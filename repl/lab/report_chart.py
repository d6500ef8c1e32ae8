"""The simulator's results as a small chart in plain characters, under the tables.

``simulate --players``: a bar per seat (and per player), as long as its mean game total,
ending in its 95% interval ``├──┼──┤`` with ``┼`` at the mean. ``simulate --compare``: each
candidate's difference to the baseline (and each pair's) on an axis centred on 0, the
interval a span ``├──●──┤`` and the mean ``●``. No colour and no escape codes: the chart
reads the same in a pipe, a file or a terminal of 60 columns.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence

from ...core.lab.simulation import Comparison, GameResult
from ...core.lab.standings import shows_players, summarise, summarise_players
from ...core.seats import seat_name

BAR = "█"
"""A bar's body, from 0 to the low end of its interval."""
MEAN = "┼"
"""The mean, at the end of a bar."""
DIFFERENCE = "●"
"""A mean difference, on the axis centred on 0."""
ZERO = "│"
"""0 on the axis of differences."""

MIN_AREA = 11
"""The fewest columns a bar or an axis gets, however narrow the width."""


def seat_chart(players: Sequence[str], results: Sequence[GameResult], width: int = 80) -> str:
    """One bar per seat, and one per player when the table has a by-player block: its length
    the mean game total, its end the 95% interval; at most ``width`` columns."""
    count = len(players)
    rows = [
        (f"{seat_name(row.seat, count)} {row.player}", row.mean_total, row.interval)
        for row in summarise(players, results)
    ]
    if shows_players(players):
        rows += [
            (
                f"{p.player}, {len(p.seats)} seat{'s' if len(p.seats) > 1 else ''}",
                p.mean_total,
                p.interval,
            )
            for p in summarise_players(players, results)
        ]
    numbers = [
        f"{mean:.1f} ± {'—' if math.isnan(half) else f'{half:.1f}'}" for _, mean, half in rows
    ]
    label, area = _columns([text for text, _, _ in rows], numbers, width)
    room = max(len(number) for number in numbers)
    top = nice_scale(max(mean + (0.0 if math.isnan(half) else half) for _, mean, half in rows))
    lines = _wrap("mean game total in points (lower is better)", width)
    for (text, mean, half), number in zip(rows, numbers, strict=True):
        drawn = bar(mean, half, top, area)
        lines.append(f"{_fit(text, label):<{label}} {drawn} {number:>{room}}")
    ticks = _ticks(area, [(0, "0"), (area // 2, f"{top / 2:g}"), (area - 1, f"{top:g}")])
    lines.append(f"{'':<{label}} {ticks}")
    legend = [
        f"{BAR * 3}├─{MEAN}─┤: a bar as long as the mean total",
        "├ ┤ its 95% interval",
        f"{MEAN} the mean",
    ]
    return "\n".join(lines + _phrases(legend, width))


def bar(mean: float, half: float, top: float, area: int) -> str:
    """A bar of ``area`` columns for a mean and the half-width of its interval, ``top``
    points filling them all: ``█`` up to the interval, ``├─┼─┤`` across it."""
    cells = [" "] * area
    at = _column(mean, top, area)
    if math.isnan(half):
        low = high = at
    else:
        low, high = _column(max(0.0, mean - half), top, area), _column(mean + half, top, area)
    for column in range(low):
        cells[column] = BAR
    for column in range(low, high + 1):
        cells[column] = "─"
    cells[low], cells[high] = "├", "┤"
    cells[at] = MEAN
    return "".join(cells)


def compare_chart(report: Comparison, width: int = 80) -> str:
    """Each candidate's difference to the baseline and each pair's, on an axis centred on
    0 (left of it: scores lower, better), the 95% interval as a span; at most ``width``
    columns."""
    baseline = report.baseline
    rows = [(f"{row.candidate} − {baseline}", row.versus) for row in report.candidates]
    rows += [(f"{pair.candidate} − {pair.reference}", pair.versus) for pair in report.pairs]
    numbers = []
    for _, versus in rows:
        low, high = versus.interval95
        span = "" if math.isnan(low) else f" [{low:+.1f}, {high:+.1f}]"
        numbers.append(f"{versus.difference:+.1f}{span}")
    label, area = _columns([text for text, _ in rows], numbers, width)
    room = max(len(number) for number in numbers)
    area -= 1 - area % 2  # odd, so that 0 has a middle column
    reach = [abs(v) for _, versus in rows for v in (versus.difference, *versus.interval95)]
    top = nice_scale(max((v for v in reach if not math.isnan(v)), default=0.0))
    lines = _wrap(f"difference to {baseline} on the same deals, points a game", width)
    for (text, versus), number in zip(rows, numbers, strict=True):
        span = span_on_axis(versus.difference, versus.interval95, top, area)
        lines.append(f"{_fit(text, label):<{label}} {span} {number:>{room}}")
    half = area // 2
    ticks = _ticks(area, [(0, f"{-top:g}"), (half, "0"), (area - 1, f"+{top:g}")])
    lines.append(f"{'':<{label}} {ticks}")
    legend = [
        f"├─{DIFFERENCE}─┤: the mean difference {DIFFERENCE} and its 95% interval",
        f"{ZERO} (┼ within the interval) is 0",
        "A − B left of 0: A scores lower than B (better)",
    ]
    return "\n".join(lines + _phrases(legend, width))


def span_on_axis(mean: float, interval: tuple[float, float], top: float, area: int) -> str:
    """An axis of ``area`` columns (odd) from ``-top`` to ``+top`` with 0 in the middle
    (``│``, or ``┼`` inside the interval), the interval drawn ``├───┤`` and the mean ``●``."""
    half = area // 2
    cells = [" "] * area
    cells[half] = ZERO

    def column(value: float) -> int:
        return max(0, min(area - 1, half + round(value / top * half)))

    low, high = interval
    if not (math.isnan(low) or math.isnan(high)):
        start, end = column(low), column(high)
        for at in range(start, end + 1):
            cells[at] = "─"
        cells[start], cells[end] = "├", "┤"
        if cells[half] == "─":
            cells[half] = "┼"  # 0 stays in sight inside the interval
    if not math.isnan(mean):
        cells[column(mean)] = DIFFERENCE
    return "".join(cells)


def nice_scale(value: float) -> float:
    """The smallest of 1, 2, 2.5, 5 × 10ⁿ at least ``value`` (1 for nothing to show).

    >>> nice_scale(87.3), nice_scale(4.1), nice_scale(0.0)
    (100.0, 5.0, 1.0)
    """
    if not value > 0 or math.isinf(value):
        return 1.0
    power = 10.0 ** math.floor(math.log10(value))
    return next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= value)


def _column(value: float, top: float, area: int) -> int:
    return max(0, min(area - 1, round(value / top * (area - 1))))


def _columns(labels: Sequence[str], numbers: Sequence[str], width: int) -> tuple[int, int]:
    """The label column and the drawing area, so that a row fits ``width`` (labels cut
    short before the area shrinks below :data:`MIN_AREA`)."""
    room = max(len(number) for number in numbers)
    label = min(max(len(text) for text in labels), max(6, width // 3))
    area = width - label - room - 2
    if area < MIN_AREA:
        label = max(6, label - (MIN_AREA - area))
        area = max(MIN_AREA, width - label - room - 2)
    return label, area


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _ticks(area: int, marks: Sequence[tuple[int, str]]) -> str:
    """A row of ``area`` columns with each label centred on its column, kept inside."""
    cells = [" "] * area
    for at, text in marks:
        start = max(0, min(area - len(text), at - len(text) // 2))
        cells[start : start + len(text)] = text
    return "".join(cells).rstrip()


def _wrap(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, width) or [""]


def _phrases(phrases: Sequence[str], width: int) -> list[str]:
    """The phrases of a legend joined by ``; ``, a line broken only between phrases (a
    phrase longer than ``width`` is wrapped on its own)."""
    lines: list[str] = []
    for phrase in phrases:
        if lines and len(lines[-1]) + 2 + len(phrase) <= width:
            lines[-1] += "; " + phrase
        else:
            lines += _wrap(phrase, width)
    return lines
