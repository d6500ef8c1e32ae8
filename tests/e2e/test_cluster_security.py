"""``simulate --cluster`` as a stranger on the same machine sees it: the ports of a local
cluster, tried with a plain Dask client and with a client holding a certificate of its own,
run none of the stranger's code; a scheduler behind TLS takes a run whose certificates are in
Dask's configuration, as docs/cluster.md says, and a run without them is told in one line.

Each run is the real command in a child process; the stranger is another child process with
nothing of the run but the ports it found listening (as any local user finds them).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from tests.helpers.child import Cli

ATTACK = r"""
import asyncio, os, socket, sys
from pathlib import Path
from distributed import Client
from distributed.core import rpc
from distributed.protocol.pickle import dumps
from distributed.security import Security

marks = Path(sys.argv[1])

def mark(how):
    # what a stranger's code does in the run's processes: here, leave a file behind
    (marks / f"ran-{how}-{os.getpid()}").write_text("the stranger's code ran here\n")
    return os.getpid()

def web(port):
    # a web page of Dask's (read-only pages: health, metrics), not a port that runs code
    with socket.create_connection(("127.0.0.1", port), timeout=10) as there:
        there.sendall(b"GET /health HTTP/1.0\r\n\r\n")
        try:
            return there.recv(5) == b"HTTP/"
        except OSError:
            return False

async def run_there(address):
    # the call a scheduler, a nanny and a worker each answer: run this pickled function
    async with rpc(address, timeout=10) as there:
        return await there.run(function=dumps(mark), args=dumps(("rpc",)))

for port in map(int, sys.argv[2:]):
    if web(port):
        print(f"{port} web page: skipped")
        continue
    tries = [
        ("plain client", f"tcp://127.0.0.1:{port}", None),
        ("own certificate", f"tls://127.0.0.1:{port}", Security.temporary()),
    ]
    for name, address, security in tries:
        try:
            with Client(address, timeout=5, security=security) as client:
                ran = client.submit(mark, "client", pure=False).result(60)
                print(f"{port} {name}: ran in", ran)
        except Exception as error:
            print(f"{port} {name}: refused ({type(error).__name__})")
    try:
        print(f"{port} rpc: ran", asyncio.run(run_there(f"tcp://127.0.0.1:{port}")))
    except Exception as error:
        print(f"{port} rpc: refused ({type(error).__name__})")
"""
"""A local user's attack on every port given: a Dask client without credentials and one
with a self-made certificate submit a task, and a bare ``run`` message asks whatever answers
there to call a function; code that runs leaves a file in the marks folder."""


def listening_ports(pid: int) -> set[int]:
    """The TCP ports that ``pid`` and its children listen on (the scheduler and the nannies
    in the run's process, each worker in its own)."""
    run = psutil.Process(pid)
    ports = set()
    for process in [run, *run.children(recursive=True)]:
        try:
            found = process.net_connections(kind="tcp")
        except psutil.NoSuchProcess:
            continue
        ports |= {c.laddr.port for c in found if c.status == psutil.CONN_LISTEN}
    return ports


@pytest.fixture
def local_run(cli: Cli) -> Iterator[subprocess.Popen[bytes]]:
    """``simulate --cluster local:1`` playing a long run, its first game kept (so its
    scheduler and its worker are up); killed with all its processes at the end."""
    out = cli.folder / "r.jsonl"
    run = subprocess.Popen(
        cli.argv(
            *("simulate", "--games", "20000", "--players", "greedy,greedy,greedy,greedy"),
            *("--cluster", "local:1", "--batch", "1", "--out", "r.jsonl", "--quiet"),
        ),
        env=cli.environment(),
        cwd=cli.folder,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        while not out.exists() or not out.read_bytes().count(b"\n"):  # the first game
            assert run.poll() is None, run.communicate()[1]
            time.sleep(0.05)
        yield run
    finally:
        os.killpg(run.pid, signal.SIGKILL)  # the run and its worker, at once
        run.wait()


@pytest.mark.timeout(600)
def test_no_stranger_runs_code_in_a_local_cluster(
    cli: Cli, local_run: subprocess.Popen[bytes]
) -> None:
    ports = listening_ports(local_run.pid)
    marks = cli.folder / "marks"
    marks.mkdir()
    attack = subprocess.run(
        [sys.executable, "-c", ATTACK, str(marks), *map(str, sorted(ports))],
        env=cli.environment(),
        cwd=cli.folder,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    lines = attack.stdout.splitlines()
    said = [line for line in lines if not line.endswith("web page: skipped")]
    assert attack.returncode == 0, attack.stderr
    # the scheduler, the nanny and the worker, three tries each (their web pages only looked at)
    tried = len(ports) - (len(lines) - len(said))
    assert tried >= 3 and len(said) == 3 * tried, attack.stdout
    assert local_run.poll() is None  # the run was there all along, and still is
    assert sorted(os.listdir(marks)) == [], attack.stdout  # none of its code ran anywhere
    assert all(": refused (" in line for line in said), attack.stdout


def tls_files(folder: Path) -> dict[str, Path]:
    """A key and a self-signed certificate (its own CA) in PEM files, readable by their
    owner alone, as docs/cluster.md has the scheduler, the workers and the run take them."""
    from distributed.security import Security

    made = Security.temporary()
    files = {"ca": folder / "ca.pem", "cert": folder / "dask.pem", "key": folder / "dask.key"}
    for name, text in (("ca", made.tls_ca_file), ("cert", made.tls_client_cert)):
        files[name].write_text(text)
    files["key"].touch(mode=0o600)
    files["key"].write_text(made.tls_client_key)
    return files


def dask_tls(files: dict[str, Path]) -> dict[str, str]:
    """Dask's configuration of a client's TLS in environment variables, as docs/cluster.md
    gives it (the same keys as ``distributed.comm.tls`` in ``~/.config/dask/*.yaml``)."""
    return {
        "DASK_DISTRIBUTED__COMM__TLS__CA_FILE": str(files["ca"]),
        "DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT": str(files["cert"]),
        "DASK_DISTRIBUTED__COMM__TLS__CLIENT__KEY": str(files["key"]),
    }


class TlsDask:
    """A Dask scheduler on 127.0.0.1 that speaks TLS only, and one worker, with the
    certificates of :func:`tls_files`; all killed at :meth:`close`."""

    def __init__(self, folder: Path, files: dict[str, Path]) -> None:
        tls = ("--tls-ca-file", str(files["ca"]), "--tls-cert", str(files["cert"]))
        tls += ("--tls-key", str(files["key"]))
        file = folder / "scheduler.json"
        self.processes: list[subprocess.Popen[bytes]] = []
        self._start("scheduler", "--host", "127.0.0.1", "--port", "0", "--protocol", "tls", *tls,
                    "--no-dashboard", "--scheduler-file", str(file))  # fmt: skip
        scheduler = self.processes[0]
        while not file.exists() or not file.read_text().strip():
            assert scheduler.poll() is None, "the scheduler ended before it said its address"
            time.sleep(0.1)
        self.address: str = json.loads(file.read_text())["address"]
        self._start("worker", self.address, "--nthreads", "1", "--no-dashboard", *tls)

    def _start(self, *argv: str) -> None:
        self.processes.append(
            subprocess.Popen(
                [sys.executable, "-m", "dask", *argv],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )

    def close(self) -> None:
        for process in self.processes:
            process.kill()
            process.wait()


@pytest.fixture
def tls_dask(tmp_path: Path) -> Iterator[tuple[TlsDask, dict[str, Path]]]:
    files = tls_files(tmp_path)
    running = TlsDask(tmp_path, files)
    try:
        yield running, files
    finally:
        running.close()


def test_a_tls_scheduler_takes_a_run_with_the_certificates_of_dasks_configuration(
    cli: Cli, tls_dask: tuple[TlsDask, dict[str, Path]]
) -> None:
    dask, files = tls_dask
    assert dask.address.startswith("tls://127.0.0.1:")
    run = ("simulate", "--games", "3", "--seed", "5", "--players", "greedy,easy,greedy,easy")
    run += ("--json", "--quiet")
    here = cli.run(*run)
    there = cli.run(*run, "--cluster", dask.address, env=dask_tls(files))
    assert here.returncode == there.returncode == 0, there.stderr
    assert json.loads(here.stdout)["games"] == json.loads(there.stdout)["games"]
    # without the certificates: one line that says where they go, and no game
    bare = cli.run(*run, "--cluster", dask.address)
    assert bare.returncode == 2 and bare.stdout == ""
    said = bare.stderr.strip()
    assert len(said.splitlines()) == 1 and "Traceback" not in said, said
    assert said.startswith(f"threethirteen simulate: --cluster {dask.address} speaks TLS"), said
    assert "distributed.comm.tls" in said
    # a plain tcp:// address to it: refused in one line too
    plain = dask.address.replace("tls://", "tcp://")
    wrong = cli.run(*run, "--cluster", plain)
    assert wrong.returncode == 2 and len(wrong.stderr.strip().splitlines()) == 1, wrong.stderr
    assert "closed the connection at once; one that speaks TLS" in wrong.stderr
    strict = {**dask_tls(files), "DASK_DISTRIBUTED__COMM__REQUIRE_ENCRYPTION": "true"}
    unsent = cli.run(*run, "--cluster", plain, env=strict)
    assert unsent.returncode == 2 and len(unsent.stderr.strip().splitlines()) == 1
    assert "asks for TLS (distributed.comm.require-encryption)" in unsent.stderr
    # a certificate of another CA: refused both ways, in one line
    foreign = dask_tls(tls_files(cli.folder))
    refused = cli.run(*run, "--cluster", dask.address, env=foreign)
    assert refused.returncode == 2 and len(refused.stderr.strip().splitlines()) == 1
    assert "do not take each other's TLS certificates" in refused.stderr


LOGGED = ("simulate", "--games", "3", "--seed", "21", "--players", "greedy,greedy,greedy,greedy")
"""A short run that keeps its games' logs (``game-21.jsonl`` to ``game-23.jsonl``)."""


def test_a_link_or_a_fifo_at_a_games_log_is_never_opened(cli: Cli) -> None:
    folder = Path("logs\x1b]0;owned\x07")  # a folder's name that a terminal would obey
    logs = cli.folder / folder
    logs.mkdir()
    precious = cli.folder / "precious.txt"
    precious.write_text("someone's own file\n")
    (logs / "game-21.jsonl").symlink_to(precious)
    os.mkfifo(logs / "game-22.jsonl")
    # the run neither writes through the link nor waits at the FIFO (the test's time limit
    # is the net for a run that would wait there)
    linked = cli.run(*LOGGED, "--log-dir", str(folder), "--quiet")
    assert precious.read_text() == "someone's own file\n"
    assert linked.returncode == 2 and linked.stdout == ""
    shown = "logs^[]0;owned^G"
    assert linked.stderr == (
        f"threethirteen simulate: {shown}/game-21.jsonl is a link, not a file: a game's log "
        f"replaces only a file of its name (move it away, or give another --log-dir)\n"
    )
    assert sorted(os.listdir(logs)) == ["game-21.jsonl", "game-22.jsonl"]  # before any game
    (logs / "game-21.jsonl").unlink()
    fifo = cli.run(*LOGGED, "--log-dir", str(folder), "--quiet")
    assert fifo.returncode == 2
    assert fifo.stderr.startswith(
        f"threethirteen simulate: {shown}/game-22.jsonl is a FIFO, not a file: "
    )
    assert len(fifo.stderr.splitlines()) == 1
    # with the FIFO gone, the run writes every log, and again into the same folder
    (logs / "game-22.jsonl").unlink()
    for _ in range(2):
        done = cli.run(*LOGGED, "--log-dir", str(folder), "--quiet")
        assert done.returncode == 0 and done.stderr == "", done.stderr
        assert sorted(os.listdir(logs)) == [f"game-{seed}.jsonl" for seed in (21, 22, 23)]
    assert precious.read_text() == "someone's own file\n"
