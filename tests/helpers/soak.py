"""A soak: normal tables beside hostile clients, ``python -m tests.helpers.soak MINUTES``.

A test's tool, not the product's (``threethirteen bench --server`` is the host's measure
of their machine): it attacks a server and passes or fails. A server (the timed one of
``bench --server``, with a password file) gets ``--tables`` normal tables of scripted
players, as ``bench --server`` plays them, for MINUTES of play; once they are seated, the
hostile clients of :mod:`tests.helpers.hostile_clients` join in (``--hostile NAME,…``, by
default all of :data:`~tests.helpers.hostile_clients.HOSTILES`; ``none`` plays the normal
tables alone).

A probe logs in every :data:`PROBE_EVERY` seconds and waits for the lobby: the server
answered throughout when every probe got there within :data:`PROBE_LIMIT`. At the end
every normal table's log on disk is read: it must hold every move its players were told
of. The soak passes (exit code 0) when nothing was lost, every table played, the server
answered throughout, no key took a seated password player's name and a client that never
reads was let go; the normal tables' p99 is printed, and what the hostile clients did and
met.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import signal
import sys
import tempfile
import time
from pathlib import Path

import asyncssh
from attrs import define, field
from threethirteen.core import __version__
from threethirteen.core.events import CardDiscarded, CardDrawn, GameStarted
from threethirteen.core.log import read_log
from threethirteen.repl.lab.server_load import (
    Scenario,
    Tables,
    close_clients,
    count_moves,
    deal,
    make_tables,
    play_table,
    settle,
)
from threethirteen.repl.lab.server_process import (
    ServerRun,
    collection_lines,
    percentile,
    proc_memory,
    row,
    start_server,
    stop_server,
)

from tests.helpers.attacks import connect
from tests.helpers.hostile_clients import (
    HOSTILES,
    PASSWORD,
    Arena,
    Hostile,
    until_seen,
)

PROBE_EVERY = 5.0
PROBE_LIMIT = 10.0


@define
class Probes:
    """The server's answers to a fresh login, throughout the soak."""

    times: list[float] = field(factory=list)
    failed: int = 0


async def probe(port: int, probes: Probes) -> None:
    """Every :data:`PROBE_EVERY` seconds a fresh login, timed until the lobby shows."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    while True:
        started = time.perf_counter()
        try:
            async with await connect(port, "probe", key=key, source="127.0.8.1") as conn:
                process = await conn.create_process(term_type="xterm", term_size=(100, 40))
                await until_seen(process, "This is the lobby", PROBE_LIMIT)
            probes.times.append(time.perf_counter() - started)
        except asyncio.CancelledError:
            raise
        except Exception:
            probes.failed += 1
        await asyncio.sleep(max(0.0, PROBE_EVERY - (time.perf_counter() - started)))


def lost_moves(folder: Path, made: Tables) -> tuple[int, int]:
    """Moves the players of a normal table were told of that its log on disk does not hold
    (per seat: told of more draws and discards than the log has), and tables whose log
    cannot be read."""
    lost = unreadable = 0
    for table, seated in made:
        paths = list(folder.rglob(f"{table.code}.jsonl")) if table.code else []
        try:
            events = read_log(paths[0].read_text(encoding="utf-8")).events
        except Exception:
            unreadable += 1
            continue
        started = events[0] if events else None
        names = started.seats if isinstance(started, GameStarted) else ()
        for player in seated:
            # the players tell a move by its mover's name (t1p2: the table's third person),
            # the log by its seat: the people who join at once sit in the order they arrive
            if player.name not in names:
                continue
            seat = names.index(player.name)
            logged = sum(
                1 for e in events if isinstance(e, CardDrawn | CardDiscarded) and e.seat == seat
            )
            told = max(
                (len(c.told.get(player.seat, [])) for c in seated if c is not player), default=0
            )
            lost += max(0, told - logged)
    return lost, unreadable


async def _soak(args: argparse.Namespace, how: ServerRun, base: Path) -> int:
    minutes = float(args.soak)
    password = base / "password"
    password.write_text(PASSWORD + "\n", encoding="utf-8")
    how = ServerRun(gc=how.gc, password_file=password)
    folder = base / "server"
    scenario = Scenario(tables=args.tables, humans=args.humans, moves=10**9, think=args.think)
    child, port = await start_server(folder, how)
    made = make_tables(scenario)
    clients = [client for _, seated in made for client in seated]
    chosen = {name: HOSTILES[name] for name in args.hostile}
    hostiles = {name: Hostile(said) for name, (said, _) in chosen.items()}
    probes = Probes()
    tasks: list[asyncio.Future[None]] = []
    seated_ok = True
    try:
        try:
            await asyncio.gather(*(play_table(table, seated, port) for table, seated in made))
        except Exception:
            seated_ok = False
        rss_start = proc_memory(child.pid, "VmRSS")
        child.send_signal(signal.SIGUSR1)
        until = time.perf_counter() + minutes * 60
        for table, _ in made:
            table.until = until
        arena = Arena(port, tuple(table.code for table, _ in made))
        tasks = [
            asyncio.ensure_future(work(arena, hostiles[name])) for name, (_, work) in chosen.items()
        ]
        tasks.append(asyncio.ensure_future(probe(port, probes)))
        deal(made, scenario.think)
        await asyncio.sleep(max(0.0, until - time.perf_counter()))
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await settle(made, wait=15.0)
        rss_end = proc_memory(child.pid, "VmRSS")
        peak = proc_memory(child.pid, "VmHWM")
        alive = child.returncode is None
    finally:
        for task in tasks:
            task.cancel()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(asyncio.gather(*close_clients(clients)), 10)
        watched = await stop_server(child, wait=30.0)
    moves = count_moves(made, [tuple(pair) for pair in watched.get("full", [])])
    lost, unreadable = lost_moves(folder, made)
    played = sum(1 for table, _ in made if table.sent)
    mib = 1 << 20
    print(f"normal tables: {len(made)} of {args.humans} people, {played} played")
    print(f"{'':<36}{'moves':>7}{'p50':>9}{'p99':>9}{'max':>9}")
    row("the normal tables", moves.latencies)
    print(
        f"  moves never seen by every other player: {moves.missing}; moves told but not in "
        f"the table's log on disk: {lost}; logs that cannot be read: {unreadable}"
    )
    answered = max(probes.times, default=math.nan)
    print(
        f"  the server answered a fresh login {len(probes.times)} times "
        f"(slowest {answered:.1f} s), not within {PROBE_LIMIT:.0f} s {probes.failed} times; "
        f"{'running' if alive else 'STOPPED'} at the end"
    )
    print(
        f"  server memory: {rss_start / mib:.0f} MiB when the soak began, {rss_end / mib:.0f} "
        f"MiB at its end (peak {peak / mib:.0f} MiB)"
    )
    lag = watched.get("lag")
    if lag is None:
        print("  the server did not stop within 30 s of being asked (killed): no figures")
    else:
        print(
            f"  server event loop lag: p99 {lag.get('p99', 0) * 1000:.1f} ms, "
            f"max {lag.get('max', 0) * 1000:.1f} ms"
        )
        print("  server garbage collections in the soak:")
        for line in collection_lines(watched.get("gc", {}), int(watched.get("reclaims", 0))):
            print("    " + line)
    print("hostile clients (each from its own address, each bounded):")
    for hostile in hostiles.values():
        print("  " + hostile.line())
    problems = []
    if not seated_ok or played < len(made):
        problems.append("some normal tables never played")
    if moves.missing or lost or unreadable:
        problems.append("moves were lost")
    if "ACCEPTED" in hostiles.get("takeover", Hostile("")).note:
        problems.append("a key logged in under a seated password player's name")
    if "NOT let go" in hostiles.get("unread", Hostile("")).note:
        problems.append("a client that never reads was not let go")
    if probes.failed or not probes.times or not alive:
        problems.append("the server did not answer throughout")
    p99 = percentile(moves.latencies, 0.99) * 1000
    if problems:
        print(f"soak FAILED: {'; '.join(problems)} (normal tables' p99 {p99:.0f} ms)")
        return 1
    print(f"soak passed: nothing lost, the server answered throughout; p99 {p99:.0f} ms")
    return 0


def soak(args: argparse.Namespace, how: ServerRun) -> int:
    """Run the soak (see the module); the exit code: 0 when it passed."""
    print(
        f"threethirteen {__version__} soak: {args.soak:g} minutes, {args.tables} normal tables "
        f"of {args.humans} people ({args.think:g} s to think) beside hostile clients "
        f"({', '.join(args.hostile) or 'none'}); collector {how.gc}"
    )
    with tempfile.TemporaryDirectory(prefix="threethirteen-soak-") as base:
        return asyncio.run(_soak(args, how, Path(base)))


def main(argv: list[str] | None = None) -> int:
    """The soak's command line (see the module); the exit code."""
    parser = argparse.ArgumentParser(
        prog="python -m tests.helpers.soak",
        description="Normal tables and hostile clients at once against a new server; "
        "whether the normal tables lost anything, and their p99.",
    )
    parser.add_argument("soak", type=float, metavar="MINUTES", help="minutes of play")
    parser.add_argument("--tables", type=int, default=25, metavar="N",
                        help="normal tables (default 25)")  # fmt: skip
    parser.add_argument("--humans", type=int, default=4, choices=(2, 3, 4), metavar="H",
                        help="people at each normal table, 2-4 (default 4)")  # fmt: skip
    parser.add_argument("--think", type=float, default=1.0, metavar="SECONDS",
                        help="pause before each move typed, on average (default 1.0)")  # fmt: skip
    parser.add_argument("--gc", default="tuned", choices=("tuned", "default"),
                        help="the server's garbage collector (default tuned)")  # fmt: skip
    parser.add_argument("--hostile", default=",".join(HOSTILES), metavar="NAMES",
                        help=f"the hostile clients, by name: {', '.join(HOSTILES)} "
                        "(default all), or none")  # fmt: skip
    args = parser.parse_args(argv)
    args.hostile = [name for name in args.hostile.split(",") if name and name != "none"]
    unknown = set(args.hostile) - set(HOSTILES)
    if unknown:
        parser.error(f"--hostile: no hostile client called {', '.join(sorted(unknown))}")
    if args.tables < 1:
        parser.error("--tables must be at least 1")
    if not 0 <= args.think <= 60:
        parser.error("--think must be 0-60 seconds")
    if not 0 < args.soak <= 24 * 60:
        parser.error("MINUTES must be more than 0 and at most 1440")
    return soak(args, ServerRun(gc=args.gc))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
