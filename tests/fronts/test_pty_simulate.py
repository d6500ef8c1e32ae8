"""``threethirteen simulate`` at a terminal: prompt_toolkit's progress bar while the games
are played (done, rate, time left), gone when the report is printed; plain lines in a
pipe; Ctrl-C stops a run that ``--out`` keeps."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from tests.helpers.child import Cli
from tests.helpers.terminal import spawn_cli

RUN = ("simulate", "--games", "1000", "--seed", "3", "--players", "easy,easy,easy,easy")
"""A run that Ctrl-C stops after its first games: far from its end however long a busy
machine makes the key take to reach it (40 games were once played to their end first)."""
SHORT = ("simulate", "--games", "12", "--seed", "3", "--players", "easy,easy,easy,easy")
"""A run short enough to be played to its end within the test's time on a busy machine."""


BAR = (
    r"games +\d+/ ?(1000|12) +\[[#.]+\] [\d.]+ games/s, "
    r"(about [\d.]+ (s|min|h) left|time left \?)"
)
"""The progress bar while the games are played."""


def test_a_terminal_shows_the_bar_with_games_rate_and_time_left(tmp_path: Path) -> None:
    term = spawn_cli(tmp_path, *SHORT, "--jobs", "2")
    term.expect(r"games/s")
    rows = term.screen_until(
        lambda rows: (
            "12 games on 2 processes" in rows
            and any(re.fullmatch(BAR, row.strip()) for row in rows)
        ),
        "the heading and the bar",
        settle=False,  # the bar redraws itself all the time: no pause to wait for
    )
    assert rows.index("12 games on 2 processes") < min(
        i for i, row in enumerate(rows) if re.fullmatch(BAR, row.strip())
    )
    term.expect(pexpect.EOF)
    term.child.close()
    assert term.child.exitstatus == 0
    rows = term.rendered(rows=200)  # the report scrolled on
    assert any(row.startswith("You   easy") for row in rows), rows
    bars = [row for row in rows if "games/s" in row]
    assert bars and re.search(r"12/ ?12 .* games/s, done in \d+ s$", bars[-1].strip()), rows


@pytest.mark.parametrize("sigint_ignored", [False, True], ids=["sigint-default", "sigint-ignored"])
def test_ctrl_c_stops_the_run_and_the_file_keeps_its_games(
    tmp_path: Path, sigint_ignored: bool
) -> None:
    """Ctrl-C at the bar is a key the bar reads, and it stops the run, also in a program
    started with SIGINT ignored (a script's background job, or a suite run as one)."""
    term = spawn_cli(tmp_path, *RUN, "--out", "r.jsonl", sigint_ignored=sigint_ignored)
    out = tmp_path / "r.jsonl"
    term.screen_until(  # the bar is drawn: it reads the keys (Ctrl-C is one of them)
        lambda rows: any(re.fullmatch(BAR, row.strip()) for row in rows), "the bar", settle=False
    )
    while not out.exists() or out.read_text().count("\n") < 2:
        term.more()  # keep reading what it draws until two games are kept
    term.send("\x03")
    term.expect(pexpect.EOF)
    term.child.close()
    assert term.child.exitstatus == 130
    said = " ".join(" ".join(term.rendered()).split())
    kept = out.read_text().count("\n")
    assert 2 <= kept < 1000
    assert f"stopped after {kept} of 1000 games; r.jsonl keeps them" in said, said
    assert "Traceback" not in said


def test_a_pipe_gets_plain_lines(tmp_path: Path) -> None:
    done = Cli(tmp_path).run("simulate", "--games", "10", "--players", "easy,easy,easy,easy")
    assert done.returncode == 0
    lines = done.stderr.splitlines()
    assert len(lines) == 10 and "\x1b" not in done.stderr
    assert re.fullmatch(r"games 10/10 \(\d+ s, [\d.]+ games/s, done in \d+ s\)", lines[-1])
