"""``threethirteen simulate`` at a terminal: prompt_toolkit's progress bar while the games
are played (done, rate, time left), gone when the report is printed; plain lines in a
pipe; Ctrl-C stops a run that ``--out`` keeps."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pexpect

from tests.helpers.child import Cli
from tests.helpers.terminal import Terminal, spawn_cli
from tests.helpers.vt import render

RUN = ("simulate", "--games", "40", "--seed", "3", "--players", "easy,easy,easy,easy")


def look(term: Terminal, seconds: float) -> list[str]:
    """The screen after reading what the program draws for ``seconds`` (the bar redraws
    itself all the time, so there is no pause to wait for)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and term.child.isalive():
        try:
            term.child.expect(r"[\s\S]+", timeout=0.1)
            term.stream.append(str(term.child.after))
        except (pexpect.TIMEOUT, pexpect.EOF):
            pass
    return render("".join(term.stream), rows=term.rows, cols=term.cols)


def test_a_terminal_shows_the_bar_with_games_rate_and_time_left(tmp_path: Path) -> None:
    term = spawn_cli(tmp_path, *RUN, "--jobs", "2")
    term.expect(r"games/s")
    rows = look(term, 1.5)
    assert "40 games on 2 processes" in rows, rows
    shape = r"games +\d+/ ?40 \[[#.]+\] [\d.]+ games/s, (about \d+ (s|min) left|time left \?)"
    assert any(re.fullmatch(shape, row.strip()) for row in rows), rows
    term.expect(pexpect.EOF, timeout=120)
    term.child.close()
    assert term.child.exitstatus == 0
    look(term, 0)
    rows = render("".join(term.stream), rows=200, cols=term.cols)  # the report scrolled on
    assert any(row.startswith("You   easy") for row in rows), rows
    bars = [row for row in rows if "games/s" in row]
    assert bars and re.search(r"40/ ?40 .* games/s, done in \d+ s$", bars[-1].strip()), rows


def test_ctrl_c_stops_the_run_and_the_file_keeps_its_games(tmp_path: Path) -> None:
    term = spawn_cli(tmp_path, *RUN, "--out", "r.jsonl")
    out = tmp_path / "r.jsonl"
    deadline = time.monotonic() + 60
    while not out.exists() or out.read_text().count("\n") < 2:
        look(term, 0.2)  # keep reading what it draws
        assert time.monotonic() < deadline
    term.send("\x03")
    term.expect(pexpect.EOF, timeout=30)
    term.child.close()
    assert term.child.exitstatus == 130
    said = " ".join(" ".join(look(term, 0)).split())
    kept = out.read_text().count("\n")
    assert 2 <= kept < 40
    assert f"stopped after {kept} of 40 games; r.jsonl keeps them" in said, said
    assert "Traceback" not in said


def test_a_pipe_gets_plain_lines(tmp_path: Path) -> None:
    done = Cli(tmp_path).run("simulate", "--games", "10", "--players", "easy,easy,easy,easy")
    assert done.returncode == 0
    lines = done.stderr.splitlines()
    assert len(lines) == 10 and "\x1b" not in done.stderr
    assert re.fullmatch(r"games 10/10 \(\d+ s, [\d.]+ games/s, done in \d+ s\)", lines[-1])
