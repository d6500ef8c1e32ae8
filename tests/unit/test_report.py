"""The simulator's report from hand-made results: the numbers worked out by brute force, the
chart within its width, ``--json`` carrying every number, and decision times kept apart."""

from __future__ import annotations

import json
import math

import attrs
import pytest
from threethirteen.core.events import GameOptions
from threethirteen.core.lab.simulation import Duplicate, GameResult
from threethirteen.repl.lab.report_chart import (
    MEAN,
    compare_chart,
    nice_scale,
    seat_chart,
    span_on_axis,
)
from threethirteen.repl.lab.results import (
    compare_object,
    compare_report,
    json_safe,
    table_object,
    table_report,
    table_text,
    times_text,
)

PLAYERS = ("hard", "medium", "medium", "greedy")
TOTALS = [(60, 90, 120, 150), (40, 100, 80, 160), (70, 95, 130, 140), (55, 85, 110, 155)]
TIMES = ((1.0, 3.0), (10.0, 20.0, 30.0), (12.0,), (0.5, 0.25))


def game(seed: int, totals: tuple[int, ...], timed: bool) -> GameResult:
    low = min(totals)
    winner = totals.index(low) if totals.count(low) == 1 else None
    seats = len(totals)
    return GameResult(
        seed=seed,
        totals=totals,
        winner=winner,
        went_out=tuple(1 if seat == winner else 0 for seat in range(seats)),
        rounds=11,
        penalties=tuple((t // 11,) * 11 for t in totals),
        decision_ms=TIMES[:seats] if timed else (),
    )


def results(timed: tuple[bool, ...] = (True, False, True, False)) -> list[GameResult]:
    return [game(100 + i, t, on) for i, (t, on) in enumerate(zip(TOTALS, timed, strict=True))]


def mean_and_half(values: list[float]) -> tuple[float, float]:
    """By hand: the mean and 1.96 sample standard deviations over the root of the count."""
    n = len(values)
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(variance) / math.sqrt(n)


def nearest_rank(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(1, math.ceil(share * len(ordered))) - 1]


def without_times(text: str) -> str:
    head, _, _ = text.partition("\n\ndecision times")
    return head


# -- plain mode --------------------------------------------------------------------


def test_the_table_has_every_seat_and_player_worked_out_by_hand() -> None:
    games = results()
    text = table_text(PLAYERS, games)
    data = json_safe(table_object(PLAYERS, games))
    for seat in range(4):
        mean, half = mean_and_half([t[seat] for t in TOTALS])
        wins = sum(1 for g in games if g.winner == seat)
        assert f"{mean:.1f} ± {half:.1f}" in text
        row = data["seats"][seat]
        assert row["mean_total"] == pytest.approx(mean)
        assert row["interval95"] == pytest.approx(half)
        assert row["wins"] == wins and row["win_share"] == pytest.approx(wins / 4)
    # medium holds Left and Top: a game counts once, as the mean of its two seats
    mean, half = mean_and_half([(t[1] + t[2]) / 2 for t in TOTALS])
    medium = next(p for p in data["by_player"] if p["player"] == "medium")
    assert medium["seats"] == [1, 2] and medium["seat_names"] == ["Left", "Top"]
    assert medium["mean_total"] == pytest.approx(mean)
    assert medium["interval95"] == pytest.approx(half)
    wins = sum(1 for g in games if g.winner in (1, 2))
    assert medium["win_share"] == pytest.approx(wins / 4)
    block = text.split("\nby player\n")[1]
    assert "Left, Top" in block and f"{mean:.1f} ± {half:.1f}" in block
    assert f"{100 * wins / 4:.1f}%" in block
    assert "p50" not in text and "p99" not in text
    assert [p["player"] for p in data["by_player"]] == ["hard", "medium", "greedy"]


def test_one_game_has_no_interval_and_json_says_null() -> None:
    games = results()[:1]
    text = table_text(PLAYERS, games)
    assert "nan" not in text and "± —" in text
    data = json.loads(json.dumps(json_safe(table_object(PLAYERS, games))))
    assert data["seats"][0]["interval95"] is None
    assert data["by_player"][0]["interval95"] is None


@pytest.mark.parametrize("width", [60, 80])
def test_the_chart_fits_and_its_bars_order_as_the_means(width: int) -> None:
    chart = seat_chart(PLAYERS, results(), width)
    lines = chart.splitlines()
    assert all(len(line) <= width for line in lines)
    assert "\x1b" not in chart
    rows = [line for line in lines if MEAN in line and "±" in line]
    assert len(rows) == 4 + 3  # four seats, three players
    means = [sum(t[seat] for t in TOTALS) / 4 for seat in range(4)]
    ends = [row.index(MEAN) for row in rows[:4]]
    order = sorted(range(4), key=lambda seat: means[seat])
    assert [ends[seat] for seat in order] == sorted(ends)
    assert ends[order[0]] < ends[order[-1]]
    axis = lines[lines.index(rows[-1]) + 1]
    assert axis.split() == ["0", "100", "200"]


def test_the_bar_is_as_long_as_the_mean() -> None:
    chart = seat_chart(("greedy", "greedy"), [game(1, (50, 100), True)], 80)
    you, top, _pooled = (line for line in chart.splitlines() if MEAN in line and "±" in line)
    # one game: no interval, a plain bar; 100 points fill half the scale of 200
    assert you.count("█") * 2 == pytest.approx(top.count("█"), abs=1)


def test_nice_scales() -> None:
    assert [nice_scale(v) for v in (0.3, 1.0, 1.2, 2.2, 4.9, 7, 130)] == [
        0.5,
        1.0,
        2.0,
        2.5,
        5.0,
        10.0,
        200.0,
    ]
    assert nice_scale(math.nan) == 1.0


def test_decision_times_are_pooled_and_counted_apart() -> None:
    text = times_text([PLAYERS] * 4, results())
    assert text.startswith("decision times (2 of 4 games timed;")
    medium = [t for _ in range(2) for seat in (1, 2) for t in TIMES[seat]]
    line = next(line for line in text.splitlines() if line.startswith("medium"))
    assert f"p50 {nearest_rank(medium, 0.5):>6.2f} ms" in line
    assert f"p99 {nearest_rank(medium, 0.99):>6.1f} ms" in line
    data = table_object(PLAYERS, results())
    assert data["timed_games"] == 2
    assert data["decision_ms"]["medium"] == {
        "p50": nearest_rank(medium, 0.5),
        "p99": nearest_rank(medium, 0.99),
    }
    untimed = results((False,) * 4)
    said = times_text([PLAYERS] * 4, untimed)
    assert said.startswith("decision times: none (all 4 games were read back from --out")
    assert "none" in times_text([PLAYERS] * 4, untimed)
    assert table_object(PLAYERS, untimed)["decision_ms"] == {}


def test_the_report_but_its_times_is_the_same_without_times() -> None:
    timed = results((True,) * 4)
    read_back = [attrs.evolve(g, decision_ms=()) for g in timed]
    assert table_report(PLAYERS, timed) != table_report(PLAYERS, read_back)
    assert without_times(table_report(PLAYERS, timed)) == without_times(
        table_report(PLAYERS, read_back)
    )
    one, two = table_object(PLAYERS, timed), table_object(PLAYERS, read_back)
    for data in (one, two):
        del data["decision_ms"], data["timed_games"]
    assert one == two


# -- the duplicate comparison ------------------------------------------------------


SEEDS = (1, 2, 3)
DUPLICATE = Duplicate(
    candidates=("easy", "medium"),
    baseline="greedy",
    seeds=SEEDS,
    options=GameOptions(),
    seat_count=2,
)


def duplicate_results(timed: bool) -> list[GameResult]:
    """Made-up totals: the baseline scores 100 + 7·seed in seat 0 and 90 + 3·seed in seat
    1; easy scores 5·seat + seed more and medium 10 + seed less than it in the same seat."""
    out = []
    for job in DUPLICATE.jobs():
        totals = []
        for seat, player in enumerate(job.players):
            base = (100 + 7 * job.seed, 90 + 3 * job.seed)[seat]
            shift = {"greedy": 0, "easy": 5 * seat + job.seed, "medium": -10 - job.seed}
            totals.append(base + shift[player] * (1 + job.seed % 2))
        out.append(game(job.seed, tuple(totals), timed and job.seed != 2))
    return out


def test_the_comparison_seat_by_seat_worked_out_by_hand() -> None:
    games = duplicate_results(True)
    lineups = [job.players for job in DUPLICATE.jobs()]
    report = DUPLICATE.compare(games)
    data = json_safe(compare_object(report, lineups, games))
    text = compare_report(report, lineups, games)
    for k, candidate in enumerate(("easy", "medium")):
        row = data["candidates"][k]
        assert row["candidate"] == candidate and "decision_ms" not in row
        for seat in range(2):
            shift = [(5 * seat + s if k == 0 else -10 - s) * (1 + s % 2) for s in SEEDS]
            mine = [(100 + 7 * s, 90 + 3 * s)[seat] + d for s, d in zip(SEEDS, shift, strict=True)]
            diff, half = mean_and_half([float(d) for d in shift])
            here = row["seats"][seat]
            assert here["seat_name"] == ("You", "Top")[seat]
            assert here["mean_total"] == pytest.approx(sum(mine) / 3)
            assert here["difference"] == pytest.approx(diff)
            assert here["interval95"] == pytest.approx([diff - half, diff + half])
            start = 3 * (1 + 2 * k) + 3 * seat
            won = sum(1 for g in games[start : start + 3] if g.winner == seat)
            assert here["win_share"] == pytest.approx(won / 3)
            assert f"{diff:+.1f} [{diff - half:+.1f}, {diff + half:+.1f}]" in text
    # every timed game but seed 2's; greedy's times pooled over every seat it held
    assert data["timed_games"] == 15 - 5
    greedy = [
        t
        for lineup, g in zip(lineups, games, strict=True)
        if g.decision_ms
        for seat, player in enumerate(lineup)
        if player == "greedy"
        for t in TIMES[seat]
    ]
    assert data["decision_ms"]["greedy"]["p50"] == nearest_rank(greedy, 0.5)
    assert set(data["decision_ms"]) == {"greedy", "easy", "medium"}
    assert "decision times (10 of 15 games timed;" in text


@pytest.mark.parametrize("width", [60, 80])
def test_the_comparison_chart_is_centred_on_zero(width: int) -> None:
    report = DUPLICATE.compare(duplicate_results(True))
    chart = compare_chart(report, width)
    lines = chart.splitlines()
    assert all(len(line) <= width for line in lines) and "\x1b" not in chart
    rows = [line for line in lines if "●" in line and not line.startswith("├")]
    assert [row.split("  ")[0] for row in rows] == [
        "easy − greedy",
        "medium − greedy",
        "medium − easy",
    ]
    zero = rows[0].index("│") if "│" in rows[0] else None
    marks = [row.index("●") for row in rows]
    differences = [row.versus.difference for row in report.candidates] + [
        pair.versus.difference for pair in report.pairs
    ]
    assert differences[0] > 0 > differences[1]
    assert marks[1] < marks[0]  # medium scores lower than greedy: left of easy
    if zero is not None:
        assert marks[1] < zero < marks[0]
    axis = lines[lines.index(rows[-1]) + 1].split()
    assert axis[1] == "0" and axis[0] == "-" + axis[2].lstrip("+")
    assert "left of 0" in chart


def test_a_span_on_the_axis() -> None:
    # -5 … +5 over eleven columns: a column a point, 0 in the middle
    assert span_on_axis(2.0, (-1.0, 4.0), 5.0, 11) == "    ├┼─●─┤ "
    assert span_on_axis(-3.0, (-4.0, -2.0), 5.0, 11) == " ├●┤ │     "
    assert span_on_axis(1.0, (math.nan, math.nan), 5.0, 11) == "     │●    "


def test_the_comparison_but_its_times_is_the_same_without_times() -> None:
    lineups = [job.players for job in DUPLICATE.jobs()]
    timed, read_back = duplicate_results(True), duplicate_results(False)
    report = DUPLICATE.compare(timed)
    assert report == DUPLICATE.compare(read_back)
    one = compare_report(report, lineups, timed)
    two = compare_report(report, lineups, read_back)
    assert one != two and without_times(one) == without_times(two)
    assert "decision times: none" in two
    first, second = (
        compare_object(report, lineups, timed),
        compare_object(report, lineups, read_back),
    )
    assert second["timed_games"] == 0 and second["decision_ms"] == {}
    for data in (first, second):
        del data["decision_ms"], data["timed_games"]
    assert first == second
