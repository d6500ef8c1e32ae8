"""The conventions of every command line, each command in a child process: -V/--version,
--help in plain text with the files and the environment, a quiet end when the reader of
the output goes away (the epilog, the simulator's progress line and legends, in-process:
``tests/unit/test_command_line.py``)."""

from __future__ import annotations

import os
import re
import subprocess

import pytest
from threethirteen.core import __version__
from threethirteen.repl.kit.command_line import CLOSED_PIPE, FILES_AND_ENVIRONMENT

from tests.helpers import ROOT
from tests.helpers.child import Cli

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


def description_of(text: str) -> list[str]:
    """The lines of a --help between its usage and its options."""
    lines = text.splitlines()
    start = lines.index("") + 1
    return lines[start : lines.index("options:")]


@pytest.mark.parametrize("command", SUBCOMMANDS)
@pytest.mark.parametrize(("columns", "widest"), [(60, 58), (80, 78), (140, 98)])
def test_every_help_uses_the_terminals_width(
    command: str, columns: int, widest: int, cli: Cli
) -> None:
    """The description's paragraphs are wrapped to the terminal (as the options are), at
    most 100 columns wide however wide the terminal: not at the 60 columns they are
    written in. What is indented (a command to type) is kept as written."""
    text = cli.run(command, "--help", env={"COLUMNS": str(columns)}).stdout
    described = description_of(text)
    assert max(len(line) for line in described) > widest - 16
    assert max(len(line) for line in text.splitlines()) <= widest
    written = " ".join(description_of(cli.run(command, "--help").stdout))
    assert " ".join(described).split() == written.split()  # the same words, rewrapped


@pytest.mark.parametrize("columns", [80, 60])
def test_the_commands_list_fits(columns: int, cli: Cli) -> None:
    """``threethirteen --help`` lists every command in the terminal's width."""
    text = cli.run("--help", env={"COLUMNS": str(columns)}).stdout
    assert "threethirteen replay FILE|NAME" in text and "threethirteen serve" in text
    assert [line for line in text.splitlines() if len(line) > columns] == []


def test_each_option_says_what_it_means(cli: Cli) -> None:
    simulate = cli.run("simulate", "--help").stdout
    flat = " ".join(simulate.split())
    assert "--seed S game i is dealt from seed S + i" in flat
    assert "--jobs N play in N processes" in flat
    assert "--against BASE the other players of --compare (default greedy)" in flat
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
        ("--help",),
        ("--version",),
        ("history",),
        ("stats",),
        ("rules",),
    ],
    ids=[
        *("simulate", "bench", "verify", "analyze", "replay", "play"),
        *("help", "version", "history", "stats", "rules"),
    ],
)
def test_a_closed_pipe_ends_quietly(argv: tuple[str, ...], cli: Cli) -> None:
    result = closed_pipe_run(cli, *argv)
    assert result.returncode == CLOSED_PIPE == 141
    assert result.stderr == ""  # no traceback, no "Exception ignored"


def test_what_a_closed_pipe_stops_is_printed_to_an_open_one(cli: Cli) -> None:
    result = cli.run("simulate", "--games", "2", "--players", "greedy,greedy,greedy,greedy")
    assert result.returncode == 0
    assert result.stdout.startswith("2 games, seeds 1–2")
