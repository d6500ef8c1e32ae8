"""The server under load: tables of scripted SSH clients, and what they wait for.

:func:`measure` starts a real server in a child process (``python -m`` :mod:`.timed`,
on 127.0.0.1, port 0, a temporary folder, no pause before AI turns), so that its
CPU time and memory are its own, and drives tables of scripted clients at once
with asyncssh's client, each in a terminal of 100 x 40 that answers the cursor
position requests a real terminal answers. Each table plays as people would: a
host makes it (``new``), the others ``join CODE``; once every table is seated,
each host deals (``start``) within one pause of the others,
then each player, when the table shown to them says it is their turn, types
``d`` and then ``x CARD`` (the highest card their best melds leave over).

What is measured: for every move typed, the time from sending it to the moment
the last other player at the table has received its narration ("Left draws
from the stock."); the server's CPU time and peak memory (``/proc``); and the
lag of its event loop, which the child measures itself (a timer every 10 ms).
Clients of the same table match moves seat by seat: the k-th move a seat typed
is the k-th move of that seat each other player is told of.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import resource
import signal
import sys
import tempfile
import time
from collections import deque
from pathlib import Path
from typing import Any

import asyncssh
from attrs import define, field, frozen

SEATS = ("You", "Left", "Top", "Right")
"""How a player's screen names the seats, from their own place."""

_ESCAPE = re.compile(
    r"\x1b(\[[0-9;?<=>]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|.)"
)
"""Terminal control sequences (colours, cursor moves), removed before reading a line."""
_MOVE = re.compile(
    r"(Left|Top|Right) (?:draws from the stock|takes \S+ from the discard pile)(, discards \S+)?"
    r"|(Left|Top|Right) discards \S+\."
)
_HEADER = re.compile(r"Round \d+/11 · (\d+) cards · wild")
_HAND = re.compile(r"Your hand, by suit: (.*)")
_BEST = re.compile(r"Best melds: (.*?)· penalty")
_CARD = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])")
_RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}
_SUITS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
_CPR = "\x1b[6n"


@frozen(kw_only=True)
class Scenario:
    """Tables played at once: how many, people at each, and the AI level of empty seats."""

    tables: int
    humans: int = 4
    moves: int = 60
    """Moves typed per table at most (a draw and a discard are two); fewer if the game ends."""
    think: float = 1.0
    """Seconds a player waits before typing each move, on average."""
    level: str = "medium"
    ai_table: str | None = None
    """The level of one AI seat at the first table (which then seats one person fewer)."""


@frozen(kw_only=True)
class Figures:
    """What one run measured."""

    sessions: int
    latencies: tuple[float, ...]
    """Seconds from a move typed to the last other person at its table told, every table
    but an AI one (when the scenario has one)."""
    ai_latencies: tuple[float, ...]
    """The same at the table with the AI seat."""
    missing: int
    """Moves some other player at the table was never seen to be told of."""
    wall: float
    play_wall: float
    """Seconds from the last table dealt to the end."""
    server_cpu: float
    setup_cpu: float
    """The server's CPU seconds until every table was dealt (logins, lobby, joining)."""
    server_rss_before: int
    server_rss_peak: int
    loop_lag: dict[str, float]
    collector: dict[str, dict[str, float]]
    """The server's garbage collections in play, by generation (``"0"``, ``"1"``, ``"2"``):
    how many, the longest and the total pause, in seconds."""
    held_by_full: int
    """Moves slower than :data:`SLOW` that were in flight during a full collection."""
    slow: int
    """Moves slower than :data:`SLOW`."""
    renders: int
    """Prompts the server drew in play (in every session)."""
    objects: int
    """Objects the server's collector tracked when the play started."""
    frozen: int
    """Of them, those frozen out of its collections (``gc.freeze``)."""
    clients_cpu: float
    games_over: int
    stalled: int
    refused: int
    """Moves the server's rate limit refused (typed again: their latency counts from then)."""
    """Tables that neither reached their moves nor the game's end in time."""


SLOW = 0.1
"""A move slower than this (seconds) is looked at: was a full collection under way?"""


def percentile(values: tuple[float, ...] | list[float], share: float) -> float:
    """The value at ``share`` (0-1) of the sorted values (nearest rank); 0 if none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


@define
class BenchTable:
    """One table of the run: its code and the moves each seat typed, with their times."""

    number: int
    humans: int
    ai_level: str | None
    moves: int
    code: str = ""
    typed: int = 0
    over: bool = False
    sent: dict[int, list[float]] = field(factory=dict)
    code_known: asyncio.Event = field(factory=asyncio.Event)
    seated: asyncio.Event = field(factory=asyncio.Event)
    finished: asyncio.Event = field(factory=asyncio.Event)
    sat_down: int = 0
    refused: int = 0
    """Moves the server's rate limit refused (typed again a second later)."""

    def done(self) -> bool:
        return self.over or self.typed >= self.moves


@define
class Client:
    """A scripted player in their own terminal."""

    name: str
    seat: int
    table: BenchTable
    think: float
    rng: random.Random
    """Each pause is between half and one and a half times :attr:`think`, so that tables
    do not move in step (25 moves at the same instant would measure a burst)."""
    process: asyncssh.SSHClientProcess[str] | None = None
    conn: asyncssh.SSHClientConnection | None = None
    told: dict[int, list[float]] = field(factory=dict)
    """For each other seat (the table's numbering): when each of its moves was told here."""
    pending: str = ""
    lobby: asyncio.Event = field(factory=asyncio.Event)
    my_turn: bool = False
    size: int = 0
    hand: list[str] = field(factory=list)
    acting: bool = False
    closing: bool = False
    typing: str = ""
    """The last move typed."""
    reader: asyncio.Future[None] | None = None
    last: deque[str] = field(factory=lambda: deque(maxlen=30))
    """The last lines shown (to tell what a stalled table was waiting for)."""

    def feed(self, text: str, now: float) -> None:
        """Take in what the server sent: answer cursor requests, read whole lines."""
        if _CPR in text and self.process is not None:
            self.process.stdin.write("\x1b[40;1R" * text.count(_CPR))
        self.pending += text
        if "\n" not in self.pending:
            return
        whole, _, self.pending = self.pending.rpartition("\n")
        for line in _ESCAPE.sub("", whole).replace("\r", "").split("\n"):
            self.read(line, now)

    def read(self, line: str, now: float) -> None:
        table = self.table
        if line.strip():
            self.last.append(line)
        if "This is the lobby" in line:
            self.lobby.set()
        if (made := re.search(r"Table ([A-Z]{4}-\d+) is yours", line)) is not None:
            table.code = made.group(1)
            table.code_known.set()
        if self.seat == 0 and " sits down (" in line:
            table.sat_down += 1
            if table.sat_down >= table.humans - 1:
                table.seated.set()
        if "Too many commands at once" in line and self.typing:
            # the server's rate limit refused the move: type it again a moment later
            table.refused += 1
            table.sent[self.seat].pop()
            self.acting = True
            asyncio.get_running_loop().call_later(1.0, self._type, self.typing)
        if "Game over after" in line:
            table.over = True
            table.finished.set()
        for move in _MOVE.finditer(line):
            place = move.group(1) or move.group(3)
            seat = (self.seat + SEATS.index(place)) % 4
            told = self.told.setdefault(seat, [])
            told.append(now)
            if move.group(2):  # a draw and a discard told in one line: two moves
                told.append(now)
        if (header := _HEADER.search(line)) is not None:
            self.size = int(header.group(1))
            self.my_turn = False
        if "▶ You" in line:
            self.my_turn = True
        if (hand := _HAND.search(line)) is not None:
            self.hand = [rank + suit for rank, suit in _CARD.findall(hand.group(1))]
        if (best := _BEST.search(line)) is not None and self.my_turn:
            self.my_turn = False
            _, _, rest = best.group(1).partition("left over:")
            left_over = [rank + suit for rank, suit in _CARD.findall(rest)]
            self.turn(left_over)

    def turn(self, left_over: list[str]) -> None:
        """The table shown says it is our turn: draw, or discard the highest card left over."""
        table = self.table
        if table.done() or self.acting:
            self._stop_if_done()
            return
        if len(self.hand) <= self.size:
            line = "d"
        else:
            pick = max(left_over or self.hand, key=_value)
            line = "x " + pick[:-1] + _SUITS[pick[-1]]
        table.typed += 1
        self.acting = True
        pause = self.think * self.rng.uniform(0.5, 1.5)
        asyncio.get_running_loop().call_later(pause, self._type, line)

    def _type(self, line: str) -> None:
        self.acting = False
        if self.process is None or self.closing:
            return
        self.typing = line
        self.table.sent.setdefault(self.seat, []).append(time.perf_counter())
        with contextlib.suppress(OSError, asyncssh.Error):
            self.process.stdin.write(line + "\r")
        self._stop_if_done()

    def _stop_if_done(self) -> None:
        if self.table.done():
            self.table.finished.set()


def _value(card: str) -> int:
    rank = card[:-1]
    return _RANKS.get(rank) or int(rank)


# -- the server, in a child process ------------------------------------------------------


def proc_cpu(pid: int) -> float:
    """A process's CPU time so far (user and system, every thread), in seconds."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as file:
        fields = file.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def proc_memory(pid: int, key: str) -> int:
    """A line of ``/proc/PID/status`` in bytes (``VmRSS``, ``VmHWM``: the peak)."""
    with open(f"/proc/{pid}/status", encoding="ascii") as file:
        for line in file:
            if line.startswith(key + ":"):
                return int(line.split()[1]) * 1024
    return 0


async def start_server(
    folder: Path, profile: Path | None
) -> tuple[asyncio.subprocess.Process, int]:
    """The server in a child process; the process and its port."""
    argv = [sys.executable, "-m", "threethirteen.repl.lab.timed_server", str(folder)]
    if profile is not None:
        argv.append(str(profile))
    child = await asyncio.create_subprocess_exec(
        *argv, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL
    )
    assert child.stdout is not None
    line = await asyncio.wait_for(child.stdout.readline(), 30)
    if not line.startswith(b"port "):
        raise RuntimeError(f"the server did not start: {line!r}")
    return child, int(line.split()[1])


async def stop_server(child: asyncio.subprocess.Process) -> dict[str, Any]:
    """Stop the server; what it measured of itself (see :mod:`.timed_server`)."""
    child.terminate()
    try:
        out, _ = await asyncio.wait_for(child.communicate(), 120)
    except TimeoutError:
        child.kill()
        await child.wait()
        return {}
    for line in out.decode().splitlines():
        if line.startswith("figures "):
            figures: dict[str, Any] = json.loads(line[len("figures ") :])
            return figures
    return {}


# -- the clients ---------------------------------------------------------------------------


async def _connect(client: Client, port: int, key: asyncssh.SSHKey, address: str) -> None:
    conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        local_addr=(address, 0),
        known_hosts=None,
        client_keys=[key],
        username=client.name,
        agent_path=None,
        config=(),
    )
    client.conn = conn
    client.process = await conn.create_process(term_type="xterm", term_size=(100, 40))
    client.reader = asyncio.ensure_future(_read(client))


async def _read(client: Client) -> None:
    process = client.process
    assert process is not None
    with contextlib.suppress(Exception):
        while True:
            text = await process.stdout.read(65536)
            if not text:
                break
            client.feed(text, time.perf_counter())


async def _play_table(table: BenchTable, clients: list[Client], port: int) -> None:
    host, *guests = clients
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in clients]
    address = f"127.0.{1 + table.number // 200}.{10 + table.number % 200}"
    await _connect(host, port, keys[0], address)
    await asyncio.wait_for(host.lobby.wait(), 30)
    new = "new" + (f" --level {table.ai_level}" if table.ai_level else "")
    assert host.process is not None
    host.process.stdin.write(new + "\r")
    await asyncio.wait_for(table.code_known.wait(), 30)
    for guest, key in zip(guests, keys[1:], strict=True):
        await _connect(guest, port, key, address)
        await asyncio.wait_for(guest.lobby.wait(), 30)
        assert guest.process is not None
        guest.process.stdin.write(f"join {table.code}\r")
    if guests:
        await asyncio.wait_for(table.seated.wait(), 30)


def _start(table: BenchTable, host: Client) -> None:
    """The host deals."""
    if host.process is not None:
        host.process.stdin.write("start\r")


async def _run(scenario: Scenario, folder: Path, profile: Path | None) -> Figures:
    child, port = await start_server(folder, profile)
    pid = child.pid
    rss_before = proc_memory(pid, "VmRSS")
    cpu_before = proc_cpu(pid)
    own_before = resource.getrusage(resource.RUSAGE_SELF)
    started = time.perf_counter()
    tables: list[BenchTable] = []
    clients: list[Client] = []
    try:
        for number in range(scenario.tables):
            ai = scenario.ai_table if number == 0 else None
            humans = scenario.humans
            if ai is not None and humans == 4:
                humans = 3  # the AI takes the fourth seat
            table = BenchTable(number, humans, ai or scenario.level, scenario.moves)
            tables.append(table)
            seats = [
                Client(
                    f"t{number}p{seat}",
                    seat,
                    table,
                    scenario.think,
                    random.Random(number * 4 + seat),
                )
                for seat in range(humans)
            ]
            clients += seats
        by_table = [[c for c in clients if c.table is table] for table in tables]
        await asyncio.gather(
            *(
                _play_table(table, seated, port)
                for table, seated in zip(tables, by_table, strict=True)
            )
        )
        # every table is seated before any is dealt (logins are the heaviest work, and
        # are not what is measured); the deals are spread over one pause
        playing = time.perf_counter()
        setup_cpu = proc_cpu(pid) - cpu_before
        child.send_signal(signal.SIGUSR1)  # the server counts from here
        loop = asyncio.get_running_loop()
        for table, seated in zip(tables, by_table, strict=True):
            pause = random.Random(table.number).uniform(0, scenario.think)
            loop.call_later(pause, _start, table, seated[0])
        waits = [asyncio.ensure_future(table.finished.wait()) for table in tables]
        limit = 60 + scenario.moves * (scenario.think + 1.0)
        _, stalled = await asyncio.wait(waits, timeout=limit)
        for waiting in stalled:
            waiting.cancel()
        stalled_tables = len(stalled)
        if stalled and os.environ.get("THREETHIRTEEN_BENCH_DEBUG"):
            for table, seated in zip(tables, by_table, strict=True):
                if not table.finished.is_set():
                    for c in seated:
                        print(f"--- {c.name} acting={c.acting}", *c.last, sep="\n", file=sys.stderr)
        await _settle(tables, by_table)
        wall = time.perf_counter() - started
        play_wall = time.perf_counter() - playing
        server_cpu = proc_cpu(pid) - cpu_before
        peak = proc_memory(pid, "VmHWM")
    finally:
        for client in clients:
            client.closing = True
            if client.conn is not None:
                client.conn.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(
                asyncio.gather(*(c.conn.wait_closed() for c in clients if c.conn)), 10
            )
        watched = await stop_server(child)
    own_after = resource.getrusage(resource.RUSAGE_SELF)
    latencies: list[float] = []
    ai_latencies: list[float] = []
    missing = slow = held = 0
    full = [(float(start), float(end)) for start, end in watched.get("full", [])]
    for table, seated in zip(tables, by_table, strict=True):
        into = ai_latencies if scenario.ai_table is not None and table.number == 0 else latencies
        for seat, times in table.sent.items():
            for k, sent in enumerate(times):
                told = [c.told.get(seat, []) for c in seated if c.seat != seat]
                if any(len(heard) <= k for heard in told):
                    missing += 1
                    continue
                seen = max(heard[k] for heard in told)
                into.append(seen - sent)
                if seen - sent > SLOW:
                    slow += 1
                    held += any(start < seen and end > sent for start, end in full)
    return Figures(
        sessions=len(clients),
        latencies=tuple(latencies),
        ai_latencies=tuple(ai_latencies),
        missing=missing,
        wall=wall,
        play_wall=play_wall,
        server_cpu=server_cpu,
        setup_cpu=setup_cpu,
        server_rss_before=rss_before,
        server_rss_peak=peak,
        loop_lag=watched.get("lag", {}),
        collector=watched.get("gc", {}),
        held_by_full=held,
        slow=slow,
        renders=int(watched.get("renders", 0)),
        objects=int(watched.get("objects", 0)),
        frozen=int(watched.get("frozen", 0)),
        clients_cpu=(own_after.ru_utime + own_after.ru_stime)
        - (own_before.ru_utime + own_before.ru_stime),
        games_over=sum(1 for table in tables if table.over),
        stalled=stalled_tables,
        refused=sum(table.refused for table in tables),
    )


async def _settle(
    tables: list[BenchTable], by_table: list[list[Client]], wait: float = 5.0
) -> None:
    """Wait (a few seconds at most) until every move typed has been told at its table."""
    deadline = time.perf_counter() + wait
    while time.perf_counter() < deadline:
        behind = any(
            len(c.told.get(seat, [])) < len(times)
            for table, seated in zip(tables, by_table, strict=True)
            for seat, times in table.sent.items()
            for c in seated
            if c.seat != seat
        )
        if not behind:
            return
        await asyncio.sleep(0.05)


def measure(scenario: Scenario, *, profile: Path | None = None) -> Figures:
    """Run ``scenario`` against a new server in a temporary folder; what was measured."""
    with tempfile.TemporaryDirectory(prefix="threethirteen-bench-") as folder:
        return asyncio.run(_run(scenario, Path(folder) / "server", profile))
