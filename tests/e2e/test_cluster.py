"""``threethirteen simulate`` wherever it plays: the same games, byte for byte, in one
process, in two, on a local Dask cluster of two workers, on a cluster that loses a
worker in the middle, and in a run killed and started again; a full disk stops a run
without losing a game.

Each run is the real command in a child process; the clusters are real Dask schedulers
and workers (``python -m dask scheduler`` / ``worker``), killed with SIGKILL.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from distributed import Client

from tests.helpers.child import Cli

GAMES = ("--games", "24", "--seed", "21", "--players", "easy,greedy,easy,easy")
"""A run of cheap games (about a tenth of a second each)."""


def report(stdout: str) -> str:
    """The printed report without its decision times: those are measured, not played."""
    lines = stdout.splitlines()
    cut = next((i for i, line in enumerate(lines) if line.startswith("decision times")), None)
    return "\n".join(lines[:cut])


def run_lines(path: Path) -> list[str]:
    """The lines of ``path``: a finished run leaves them in job order (here, by seed),
    however they were played, so the same run gives the same bytes."""
    lines = path.read_text().splitlines()
    assert lines == sorted(lines, key=lambda line: json.loads(line)["seed"]), "not in order"
    return lines


def count_lines(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


def wait_for_lines(path: Path, count: int, run: subprocess.Popen[str]) -> None:
    """Wait until ``path`` holds ``count`` games (the run must still be going), however long
    a busy machine takes (the test's time limit is the net)."""
    while count_lines(path) < count:
        assert run.poll() is None, run.communicate()
        time.sleep(0.05)


Alone = tuple[list[str], str, dict[str, bytes]]
"""A run's games' lines (sorted), its report and its games' logs by name."""


def logs(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.glob("game-*.jsonl"))}


@pytest.fixture(scope="module")
def alone(tmp_path_factory: pytest.TempPathFactory) -> Alone:
    """The run in one process, its logs kept."""
    cli = Cli(tmp_path_factory.mktemp("alone"))
    done = cli.run(
        "simulate", *GAMES, "--jobs", "1", "--out", "r.jsonl", "--log-dir", "logs", "--quiet"
    )
    assert done.returncode == 0, done.stderr
    return run_lines(cli.folder / "r.jsonl"), report(done.stdout), logs(cli.folder / "logs")


@pytest.mark.parametrize("venue", [["--jobs", "2"], ["--cluster", "local:2"]])
def test_every_venue_plays_the_same_games_and_says_the_same(
    cli: Cli, alone: Alone, venue: list[str]
) -> None:
    done = cli.run("simulate", *GAMES, *venue, "--out", "r.jsonl", "--log-dir", "logs", "--quiet")
    assert done.returncode == 0, done.stderr
    assert run_lines(cli.folder / "r.jsonl") == alone[0]
    assert report(done.stdout) == alone[1]
    assert logs(cli.folder / "logs") == alone[2]  # every event of every game, byte for byte
    assert len(alone[2]) == 24
    assert done.stderr == ""  # a local cluster starts and stops without a word


def test_json_games_are_the_same_on_a_cluster(cli: Cli) -> None:
    here = cli.run("simulate", *GAMES, "--json", "--quiet")
    there = cli.run("simulate", *GAMES, "--json", "--quiet", "--cluster", "local:2")
    assert here.returncode == there.returncode == 0, there.stderr
    assert json.loads(here.stdout)["games"] == json.loads(there.stdout)["games"]


class Dask:
    """A Dask scheduler on 127.0.0.1 and its workers of one thread, each its own process
    (no nanny to bring a worker back), all killed at :meth:`close`."""

    def __init__(self, folder: Path) -> None:
        file = folder / "scheduler.json"
        self.processes: list[subprocess.Popen[bytes]] = []
        self._start(
            *("scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard"),
            *("--scheduler-file", str(file)),
        )
        scheduler = self.processes[0]
        while not file.exists() or not file.read_text().strip():
            assert scheduler.poll() is None, "the scheduler ended before it said its address"
            time.sleep(0.1)
        self.address: str = json.loads(file.read_text())["address"]

    def _start(self, *argv: str) -> subprocess.Popen[bytes]:
        process = subprocess.Popen(
            [sys.executable, "-m", "dask", *argv],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.processes.append(process)
        return process

    def add_worker(self) -> subprocess.Popen[bytes]:
        return self._start(
            "worker", self.address, "--nthreads", "1", "--no-nanny", "--no-dashboard"
        )

    def wait_for_workers(self, count: int) -> None:
        """Wait until ``count`` workers have joined the scheduler (as long as it takes: a
        busy machine starts a worker late)."""
        with Client(self.address, timeout="120s") as client:
            client.wait_for_workers(count)

    def close(self) -> None:
        for process in self.processes:
            process.kill()
            process.wait()


@pytest.fixture
def dask(tmp_path: Path) -> Iterator[Dask]:
    """A scheduler with no workers yet."""
    running = Dask(tmp_path)
    try:
        yield running
    finally:
        running.close()


@pytest.fixture
def scheduler(dask: Dask) -> tuple[str, list[subprocess.Popen[bytes]]]:
    """A scheduler and two workers that have joined it: its address and the workers."""
    workers = [dask.add_worker(), dask.add_worker()]
    dask.wait_for_workers(len(workers))
    return dask.address, workers


def test_the_games_wait_for_a_worker_that_joins_late(cli: Cli, alone: Alone, dask: Dask) -> None:
    run = cli.start("simulate", *GAMES, "--cluster", dask.address, "--out", "r.jsonl")
    waiting = f"the scheduler at {dask.address} has no workers yet: the games wait"
    assert run.stderr is not None
    said = ""
    while waiting not in said:  # the run has reached the scheduler and says it waits
        line = run.stderr.readline()
        assert line, f"the run ended without saying it waits: {said}"
        said += line
    assert run.poll() is None and count_lines(cli.folder / "r.jsonl") == 0
    dask.add_worker()
    stdout, stderr = run.communicate()
    assert run.returncode == 0, said + stderr
    assert run_lines(cli.folder / "r.jsonl") == alone[0]
    assert report(stdout) == alone[1]


def test_a_worker_killed_in_the_middle_changes_no_game(
    cli: Cli,
    alone: Alone,
    scheduler: tuple[str, list[subprocess.Popen[bytes]]],
) -> None:
    address, workers = scheduler
    out = cli.folder / "r.jsonl"
    run = cli.start("simulate", *GAMES, "--cluster", address, "--batch", "1", "--out", "r.jsonl")
    wait_for_lines(out, 6, run)
    workers[0].send_signal(signal.SIGKILL)  # the engine plays its games again elsewhere
    workers[0].wait()
    killed_at = count_lines(out)
    stdout, stderr = run.communicate()
    assert run.returncode == 0, stderr
    assert killed_at < 24
    assert run_lines(out) == alone[0]
    assert report(stdout) == alone[1]


def test_a_local_worker_killed_in_the_middle_changes_no_game(cli: Cli, alone: Alone) -> None:
    out = cli.folder / "r.jsonl"
    run = cli.start("simulate", *GAMES, "--cluster", "local:2", "--batch", "1", "--out", "r.jsonl")
    wait_for_lines(out, 6, run)
    workers = [
        child
        for child in psutil.Process(run.pid).children(recursive=True)
        if "resource_tracker" not in " ".join(child.cmdline())
    ]
    assert len(workers) == 2, [child.cmdline() for child in workers]
    os.kill(workers[0].pid, signal.SIGKILL)  # its nanny starts another
    stdout, stderr = run.communicate()
    assert run.returncode == 0, stderr
    assert run_lines(out) == alone[0]
    assert report(stdout) == alone[1]


@pytest.mark.parametrize("venue", [["--jobs", "1"], ["--jobs", "2"]])
def test_a_killed_run_goes_on_where_it_stopped(cli: Cli, alone: Alone, venue: list[str]) -> None:
    out = cli.folder / "r.jsonl"
    run = subprocess.Popen(
        cli.argv("simulate", *GAMES, *venue, "--out", "r.jsonl"),
        env=cli.environment(),
        cwd=cli.folder,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        while count_lines(out) < 5:
            assert run.poll() is None
            time.sleep(0.02)
    finally:
        os.killpg(run.pid, signal.SIGKILL)  # the run and its processes, at once
        run.wait()
    kept = count_lines(out)
    assert 5 <= kept < 24
    again = cli.run("simulate", *GAMES, *venue, "--out", "r.jsonl")
    assert again.returncode == 0, again.stderr
    assert f"r.jsonl holds {kept} of this run's 24 games; the other {24 - kept} are played now" in (
        again.stderr
    )
    assert run_lines(out) == alone[0]
    assert report(again.stdout) == alone[1]
    # a third time plays nothing and says the same
    third = cli.run("simulate", *GAMES, *venue, "--out", "r.jsonl", "--quiet")
    assert report(third.stdout) == alone[1] and run_lines(out) == alone[0]


def test_a_full_disk_stops_the_run_and_loses_no_game(cli: Cli, alone: Alone) -> None:
    out = cli.folder / "r.jsonl"

    def small_disk() -> None:  # in the child: files may not grow past 3 games' lines
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (1200, 1200))

    full = subprocess.run(
        cli.argv("simulate", *GAMES, "--out", "r.jsonl", "--quiet"),
        env=cli.environment(),
        cwd=cli.folder,
        capture_output=True,
        text=True,
        preexec_fn=small_disk,
        check=False,
    )
    assert full.returncode == 2
    assert "cannot write r.jsonl: File too large; the games written before are kept" in full.stderr
    assert "Traceback" not in full.stderr
    kept = count_lines(out)
    assert 1 <= kept < 24
    cut = not out.read_bytes().endswith(b"\n")  # the limit fell inside a line, or not
    again = cli.run("simulate", *GAMES, "--out", "r.jsonl")
    assert again.returncode == 0, again.stderr
    assert ("its last line was cut off" in again.stderr) == cut
    assert run_lines(out) == alone[0]


def test_a_worker_that_cannot_load_a_player_is_said_before_any_game(
    cli: Cli, scheduler: tuple[str, list[subprocess.Popen[bytes]]]
) -> None:
    address, _ = scheduler
    # a bot this machine has (the run's folder is on its path) and the workers have not
    (cli.folder / "only_here.py").write_text(
        "from threethirteen.core.ai.easy import GreedyPolicy as Mine\n"
    )
    done = cli.run(
        "simulate",
        *("--games", "4", "--players", "only_here:Mine,easy,easy,easy"),
        *("--cluster", address, "--out", "r.jsonl", "--quiet"),
    )
    assert done.returncode == 2
    said = done.stderr.strip()
    assert said.startswith("threethirteen simulate: the worker at tcp://127.0.0.1:"), said
    assert "cannot play: cannot load the player 'only_here:Mine'" in said
    assert said.endswith("ModuleNotFoundError: No module named 'only_here'")
    assert len(said.splitlines()) == 1 and "Traceback" not in said
    assert (cli.folder / "r.jsonl").read_text() == ""


def test_the_duplicate_method_gives_the_same_file_and_report_on_a_cluster_and_resumed(
    cli: Cli,
) -> None:
    """``--compare``: every candidate in every seat on the same seeds, as one process, on a
    local cluster, and stopped after a few games then continued: the same file and the
    same ``--json`` report, but for the decision times."""
    compare = ("simulate", "--compare", "easy", "--against", "greedy", "--games", "5")
    compare += ("--seed", "9", "--seats", "3", "--json", "--quiet")

    def measured_apart(text: str, timed: int) -> dict[str, object]:
        """The report but for what was measured: ``timed`` games played in this run."""
        data = json.loads(text)
        assert data.pop("timed_games") == timed and isinstance(data.pop("decision_ms"), dict)
        return data

    here = cli.run(*compare, "--out", "here.jsonl")
    there = cli.run(*compare, "--out", "there.jsonl", "--cluster", "local:2")
    assert here.returncode == there.returncode == 0, there.stderr
    assert measured_apart(here.stdout, 20) == measured_apart(there.stdout, 20)
    whole = (cli.folder / "here.jsonl").read_bytes()
    assert (cli.folder / "there.jsonl").read_bytes() == whole
    assert whole.count(b"\n") == 5 * (1 + 3)  # greedy alone, then easy in each of 3 seats
    # the first 7 games of the file, as a run stopped there leaves them, in another order
    kept = whole.splitlines(keepends=True)[:7]
    (cli.folder / "resumed.jsonl").write_bytes(b"".join(reversed(kept)))
    again = cli.run(*compare, "--out", "resumed.jsonl", "--jobs", "2")
    assert again.returncode == 0, again.stderr
    assert measured_apart(again.stdout, 20 - 7) == measured_apart(here.stdout, 20)
    assert (cli.folder / "resumed.jsonl").read_bytes() == whole
