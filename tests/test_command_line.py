"""The conventions of every command line: -V/--version, --help in plain text with the files
and the environment, a quiet end when the reader of the output goes away, and the
simulator's progress line and legends."""

from __future__ import annotations

import io
import os
import re
import subprocess
from pathlib import Path

import pytest
from threethirteen.core import __version__
from threethirteen.repl.kit.command_line import CLOSED_PIPE, FILES_AND_ENVIRONMENT
from threethirteen.repl.lab.results import COMPARE_LEGEND, TABLE_LEGEND
from threethirteen.repl.lab.simulate import Progress, main

from tests.child import Cli

ROOT = Path(__file__).resolve().parent.parent
SUBCOMMANDS = ("play", "replay", "simulate", "bench", "rules")
REPLAY = ROOT / "replays" / "no-winner.jsonl"


# -- the version ---------------------------------------------------------------------------


@pytest.mark.parametrize("command", SUBCOMMANDS)
@pytest.mark.parametrize("flag", ["-V", "--version"])
def test_every_command_tells_its_version(command: str, flag: str, cli: Cli) -> None:
    result = cli.run(command, flag)
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"threethirteen {__version__}\n"
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)


# -- --help ----------------------------------------------------------------------------------


@pytest.mark.parametrize("command", SUBCOMMANDS)
@pytest.mark.parametrize("columns", [80, 60])
def test_every_help_is_plain_text_that_fits(command: str, columns: int, cli: Cli) -> None:
    result = cli.run(command, "--help", env={"COLUMNS": str(columns)})
    assert result.returncode == 0, result.stderr
    text = result.stdout
    assert "``" not in text and ":mod:" not in text and ":class:" not in text
    assert text.startswith(f"usage: threethirteen {command} ")
    assert FILES_AND_ENVIRONMENT in text  # the one shared epilog, as written
    too_wide = [line for line in text.splitlines() if len(line) > columns]
    assert not too_wide


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


def test_each_option_says_what_it_means(cli: Cli) -> None:
    simulate = cli.run("simulate", "--help").stdout
    flat = " ".join(simulate.split())
    assert "--seed S game i is dealt from seed S + i" in flat
    assert "--jobs N play in N processes" in flat
    assert "--against BASE the other three players of --compare (default greedy)" in flat
    play = " ".join(cli.run("play", "--help").stdout.split())
    assert "--speed SPEED how fast the opponents' turns are told" in play
    assert "Options given here win over the config file" in play
    replay = " ".join(cli.run("replay", "--help").stdout.split())
    assert "--at N open at event N" in replay
    bench = " ".join(cli.run("bench", "--help").stdout.split())
    assert "--hands N hands per size band (default 3000)" in bench


# -- a reader that goes away -------------------------------------------------------------


def closed_pipe_run(cli: Cli, *argv: str) -> subprocess.CompletedProcess[str]:
    """Run with stdout a pipe whose reader is already gone: every write fails at once."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return cli.run(*argv, stdout=write_end)
    finally:
        os.close(write_end)


@pytest.mark.parametrize(
    "argv",
    [
        ("simulate", "--quiet", "--games", "2", "--players", "greedy,greedy,greedy,greedy"),
        ("bench", "--quick"),
        ("replay", str(REPLAY), "--verify"),
        ("replay", str(REPLAY), "--analyze"),
        ("replay", str(REPLAY)),  # stdin is not a terminal: a script (here an empty one)
        ("play", "--seed", "3"),
    ],
    ids=["simulate", "bench", "verify", "analyze", "replay", "play"],
)
def test_a_closed_pipe_ends_quietly(argv: tuple[str, ...], cli: Cli) -> None:
    result = closed_pipe_run(cli, *argv)
    assert result.returncode == CLOSED_PIPE == 141
    assert result.stderr == ""  # no traceback, no "Exception ignored"


def test_what_a_closed_pipe_stops_is_printed_to_an_open_one(cli: Cli) -> None:
    result = cli.run("simulate", "--games", "2", "--players", "greedy,greedy,greedy,greedy")
    assert result.returncode == 0
    assert result.stdout.startswith("2 games, seeds 1–2")


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
    table, legend = out.rstrip("\n").split("\n\n")
    assert legend == TABLE_LEGEND
    header = table.splitlines()[1]
    for column in ("mean total", "wins", "out %", "round pen", "p50 ms", "p99 ms"):
        assert column in header and column in legend
    assert "±" in table and "±: the half-width of that mean's 95% interval" in legend
    assert all(len(line) <= 80 for line in legend.splitlines())
    assert "out %: the share of all rounds played in which the seat went out" in legend
    assert "round pen: the seat's mean penalty per round" in legend


def test_the_comparison_explains_its_columns(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--quiet", "--games", "1", "--compare", "easy", "--against", "greedy"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.rstrip("\n").endswith(COMPARE_LEGEND.format(baseline="greedy"))
    assert "vs greedy (95% interval)" in out
    assert "vs greedy: its total minus greedy's in the same seat" in out
    assert all(len(line) <= 80 for line in COMPARE_LEGEND.format(baseline="greedy").splitlines())
