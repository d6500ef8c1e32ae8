"""The conventions of every command line, in-process: the help's epilog names the files
and the environment; the simulator's progress line and legends. (Each command's version,
help and quiet end in a child process: ``tests/e2e/test_command_line.py``.)"""

from __future__ import annotations

import io

import pytest
from threethirteen.repl.kit.command_line import FILES_AND_ENVIRONMENT
from threethirteen.repl.lab.results import COMPARE_LEGEND, PLAYERS_LEGEND, TABLE_LEGEND
from threethirteen.repl.lab.simulate import Progress, main

# -- the help's epilog ---------------------------------------------------------------------


def test_the_epilog_names_the_files_and_what_the_environment_changes() -> None:
    for name in (
        "$XDG_DATA_HOME/threethirteen",
        "~/.local/share/threethirteen",
        "$XDG_CONFIG_HOME/threethirteen/config.toml",
        "~/.config/threethirteen/config.toml",
        "XDG_DATA_HOME",
        "XDG_CONFIG_HOME",
        "NO_COLOR",
        "LC_ALL",
        "LC_MESSAGES",
        "LANG",
        "LANGUAGE",
    ):
        assert name in FILES_AND_ENVIRONMENT
    assert all(len(line) <= 60 for line in FILES_AND_ENVIRONMENT.splitlines())


# -- the simulator's progress and legends --------------------------------------------------


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_last_progress_line_is_erased_on_a_terminal() -> None:
    stream = _Terminal()
    progress = Progress(3, stream, True)
    for done in (1, 2, 3):
        progress.update(done)
    progress.close()
    written = stream.getvalue()
    assert written.count("\r") == 4 and "games 3/3" in written
    assert written.endswith("\r\x1b[K") and "\n" not in written


def test_progress_into_a_file_is_whole_lines_left_as_they_are() -> None:
    stream = io.StringIO()
    progress = Progress(3, stream, True)
    for done in (1, 2, 3):
        progress.update(done)
    progress.close()
    lines = stream.getvalue().split("\n")
    assert [line.split(" (")[0] for line in lines[:-1]] == ["games 1/3", "games 2/3", "games 3/3"]
    assert lines[-1] == "" and "\r" not in stream.getvalue() and "\x1b" not in stream.getvalue()


def test_the_table_explains_its_columns(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--quiet", "--games", "2", "--players", "greedy,greedy,easy,greedy"]) == 0
    out = capsys.readouterr().out
    # the table, the block by player, the legend, the chart, the decision times
    table, players, legend, chart, times = out.rstrip("\n").split("\n\n")
    assert legend == TABLE_LEGEND + "\n" + PLAYERS_LEGEND and players.startswith("by player")
    header = table.splitlines()[1]
    for column in ("mean total", "wins", "win share", "out %", "round pen"):
        assert column in header and column in legend
    assert "p50" not in table + legend + chart and "\x1b" not in chart
    assert times.startswith("decision times (2 of 2 games timed") and "p50" in times
    assert "±" in table and "±: the half-width of that mean's 95% interval" in legend
    assert all(len(line) <= 80 for line in legend.splitlines())
    assert "out %: the share of all rounds played in which the seat went out" in legend
    assert "round pen: the seat's mean penalty per round" in legend
    # one player in each seat: no block by player, and no word of it
    assert main(["--quiet", "--games", "1", "--seats", "2", "--players", "greedy,easy"]) == 0
    assert "by player" not in capsys.readouterr().out


def test_the_comparison_explains_its_columns(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--quiet", "--games", "1", "--compare", "easy", "--against", "greedy"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert f"\n\n{COMPARE_LEGEND.format(baseline='greedy')}\n\n" in out
    assert "vs greedy (95% interval)" in out
    assert "vs greedy: its total minus greedy's in the same seat" in out
    assert all(len(line) <= 80 for line in COMPARE_LEGEND.format(baseline="greedy").splitlines())
