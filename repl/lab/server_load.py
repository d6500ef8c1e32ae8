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

The players are :mod:`.scripted`'s; ``Scenario(front="web")`` seats :mod:`.web_load`'s
browsers instead of terminals (``bench --server --web``), in the same run.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import resource
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

import asyncssh
from attrs import define, evolve, field, frozen

from .scripted import LOGIN_TRIES, BenchTable, Player, value
from .server_process import (
    SLOW,
    ServerRun,
    proc_cpu,
    proc_memory,
    start_server,
    stop_server,
)

if TYPE_CHECKING:
    from .web_load import WebClient

ESCAPE = re.compile(r"\x1b(\[[0-9;?<=>]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|.)")
"""Terminal control sequences (colours, cursor moves), removed before reading a line."""
_MOVE = re.compile(
    r"(t\d+p\d|AI \d) (?:draws from the stock|takes \S+ from the discard pile)(, discards \S+)?"
    r"|(t\d+p\d|AI \d) discards \S+\."
)
_HEADER = re.compile(r"Round \d+/11 · (\d+) cards · wild")
_HAND = re.compile(r"Your hand, by suit: (.*)")
_BEST = re.compile(r"Best melds(?: after discarding (\S+))?: (.*?)· penalty")
_CARD = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])")
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
    front: str = "ssh"
    """How the people play: ``ssh`` (a terminal each) or ``web`` (a browser's WebSocket)."""


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
    reclaims: int
    """Full looks at every object (frozen ones too) the collector policy took in play."""
    loop_cpu: float
    """CPU seconds of the server's event loop thread in play (the rest is the workers')."""
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


@define
class Client(Player):
    """A scripted player in their own terminal, over SSH: told a move by its narration
    ("Left draws from the stock.")."""

    process: asyncssh.SSHClientProcess[str] | None = None
    conn: asyncssh.SSHClientConnection | None = None
    pending: str = ""
    my_turn: bool = False
    size: int = 0
    hand: list[str] = field(factory=list)
    reader: asyncio.Future[None] | None = None

    async def connect(self, port: int, address: str) -> None:
        await _connect(self, port, asyncssh.generate_private_key("ssh-ed25519"), address)
        await asyncio.wait_for(self.lobby.wait(), 30)

    def send(self, line: str) -> None:
        if self.process is not None:
            with contextlib.suppress(OSError, asyncssh.Error):
                self.process.stdin.write(line + "\r")

    def close(self) -> asyncio.Future[None] | None:
        self.closing = True
        if self.conn is None:
            return None
        self.conn.close()
        return asyncio.ensure_future(self.conn.wait_closed())

    def feed(self, text: str, now: float) -> None:
        """Take in what the server sent: answer cursor requests, read whole lines."""
        if _CPR in text and self.process is not None:
            self.process.stdin.write("\x1b[40;1R" * text.count(_CPR))
        self.pending += text
        if "\n" not in self.pending:
            return
        whole, _, self.pending = self.pending.rpartition("\n")
        for line in ESCAPE.sub("", whole).replace("\r", "").split("\n"):
            self.read(line, now)

    def read(self, line: str, now: float) -> None:
        self.said(line)
        table = self.table
        if "This is the lobby" in line:
            self.lobby.set()
        if (made := re.search(r"Table ([A-Z]{4}-\d+) is yours", line)) is not None:
            table.code = made.group(1)
            table.code_known.set()
        for move in _MOVE.finditer(line):
            who = move.group(1) or move.group(3)  # a player's name (t7p2), or AI 3
            seat = int(who[-1]) if who.startswith("t") else int(who.split()[1]) - 1
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
            _, _, rest = best.group(2).partition("left over:")
            left_over = [rank + suit for rank, suit in _CARD.findall(rest)]
            self.turn(left_over, best.group(1))

    def turn(self, left_over: list[str], suggested: str | None = None) -> None:
        """The table shown says it is our turn: draw, or discard the card the table suggests
        (the highest card left over when it suggests none)."""
        if len(self.hand) <= self.size:
            self.move("d")
        else:
            plain = suggested if suggested and _CARD.fullmatch(suggested) else None
            pick = plain or max(left_over or self.hand, key=value)
            self.move("x " + pick[:-1] + _SUITS[pick[-1]])


# -- the clients ---------------------------------------------------------------------------


async def _connect(client: Client, port: int, key: asyncssh.SSHKey, address: str) -> None:
    """Log ``client`` in. A server busy with logins (it takes a few at once, as OpenSSH's
    MaxStartups) is tried again after a short wait, as a person would."""
    for attempt in range(LOGIN_TRIES):
        try:
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
            break
        except asyncssh.DisconnectError as error:
            if error.code != asyncssh.DISC_TOO_MANY_CONNECTIONS or attempt == LOGIN_TRIES - 1:
                raise
            await asyncio.sleep(random.uniform(0.2, 1.0))
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


async def play_table(table: BenchTable, clients: list[Player], port: int) -> None:
    """The host logs in and makes the table (``new``), then the others join it."""
    host, *guests = clients
    # each client a host of its own, in a network of its own (a /24: the server shares its
    # budgets per network, and a bench is not a flood)
    first = table.number * 8
    addresses = [f"127.{1 + n // 250}.{n % 250}.10" for n in range(first, first + len(clients))]
    await host.connect(port, addresses[0])
    host.send("new" + (f" --level {table.ai_level}" if table.ai_level else ""))
    await asyncio.wait_for(table.code_known.wait(), 30)
    for guest, address in zip(guests, addresses[1:], strict=True):
        await guest.connect(port, address)
        guest.send(f"join {table.code}")
    if guests:
        await asyncio.wait_for(table.seated.wait(), 30)


Tables = list[tuple[BenchTable, list[Player]]]
"""The tables of a run, each with its players (the host first)."""


def make_tables(scenario: Scenario, first: int = 0) -> Tables:
    """The tables of ``scenario`` (numbered from ``first``), each with its players, on the
    scenario's front."""
    front: type[Player] = Client
    if scenario.front == "web":
        from .web_load import WebClient  # aiohttp's client: imported when it plays

        front = WebClient
    made: Tables = []
    for number in range(first, first + scenario.tables):
        ai = scenario.ai_table if number == first else None
        humans = scenario.humans
        if ai is not None and humans == 4:
            humans = 3  # the AI takes the fourth seat
        table = BenchTable(number, humans, ai or scenario.level, scenario.moves)
        seats = [
            front(f"t{number}p{s}", s, table, scenario.think, random.Random(number * 4 + s))
            for s in range(humans)
        ]
        for player in seats:
            player.meet(seats)
        made.append((table, seats))
    return made


def deal(made: Tables, think: float) -> None:
    """Each host deals within one pause of the others (25 deals at once would be a burst)."""
    loop = asyncio.get_running_loop()
    for table, seated in made:
        pause = random.Random(table.number).uniform(0, think)
        loop.call_later(pause, seated[0].send, "start")


@frozen(kw_only=True)
class Moves:
    """The moves of a run, as the other players at each table were told of them."""

    latencies: tuple[float, ...]
    ai_latencies: tuple[float, ...]
    missing: int
    slow: int
    held_by_full: int


def count_moves(
    made: Tables,
    full: list[tuple[float, float]],
    ai_table: int | None = None,
) -> Moves:
    """For every move typed, when the last other player at its table was told of it (the
    k-th move a seat typed is the k-th of that seat each other player is told of); the
    slow ones, and those in flight during a full collection (``full``: start, end)."""
    latencies: list[float] = []
    ai_latencies: list[float] = []
    missing = slow = held = 0
    for table, seated in made:
        into = ai_latencies if table.number == ai_table else latencies
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
    return Moves(
        latencies=tuple(latencies),
        ai_latencies=tuple(ai_latencies),
        missing=missing,
        slow=slow,
        held_by_full=held,
    )


def close_clients(clients: list[Player]) -> list[asyncio.Future[None]]:
    """Close every client's connection; what to wait for."""
    closing = (client.close() for client in clients)
    return [done for done in closing if done is not None]


async def _run(scenario: Scenario, folder: Path, how: ServerRun) -> Figures:
    child, port = await start_server(folder, evolve(how, web=scenario.front == "web"))
    pid = child.pid
    rss_before = proc_memory(pid, "VmRSS")
    cpu_before = proc_cpu(pid)
    own_before = resource.getrusage(resource.RUSAGE_SELF)
    started = time.perf_counter()
    made = make_tables(scenario)
    clients = [client for _, seated in made for client in seated]
    try:
        await asyncio.gather(*(play_table(table, seated, port) for table, seated in made))
        # every table is seated before any is dealt (logins are the heaviest work, and
        # are not what is measured); the deals are spread over one pause
        playing = time.perf_counter()
        setup_cpu = proc_cpu(pid) - cpu_before
        child.send_signal(signal.SIGUSR1)  # the server counts from here
        for browser in _browsers(clients):
            browser.counting = True
        deal(made, scenario.think)
        waits = [asyncio.ensure_future(table.finished.wait()) for table, _ in made]
        limit = 60 + scenario.moves * (scenario.think + 1.0)
        _, stalled = await asyncio.wait(waits, timeout=limit)
        for waiting in stalled:
            waiting.cancel()
        if stalled and os.environ.get("THREETHIRTEEN_BENCH_DEBUG"):
            for table, seated in made:
                if not table.finished.is_set():
                    for c in seated:
                        print(f"--- {c.name} acting={c.acting}", *c.last, sep="\n", file=sys.stderr)
        await settle(made)
        wall = time.perf_counter() - started
        play_wall = time.perf_counter() - playing
        server_cpu = proc_cpu(pid) - cpu_before
        peak = proc_memory(pid, "VmHWM")
    finally:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(asyncio.gather(*close_clients(clients)), 10)
        watched = await stop_server(child)
    own_after = resource.getrusage(resource.RUSAGE_SELF)
    browsers = _browsers(clients)
    if browsers:
        typed_moves = sum(len(table.sent.get(seat, [])) for table, _ in made for seat in table.sent)
        per = max(typed_moves, 1) * len(browsers) // max(len(made), 1)
        received = sum(client.received for client in browsers)
        frames = sum(client.frames for client in browsers)
        print(
            f"received by each browser per move typed at its table: {received / per:.0f} bytes"
            f" in {frames / per:.2f} frames ({typed_moves} moves)"
        )
    full = [(float(start), float(end)) for start, end in watched.get("full", [])]
    ai_table = 0 if scenario.ai_table is not None else None
    moves = count_moves(made, full, ai_table)
    return Figures(
        sessions=len(clients),
        latencies=moves.latencies,
        ai_latencies=moves.ai_latencies,
        missing=moves.missing,
        wall=wall,
        play_wall=play_wall,
        server_cpu=server_cpu,
        setup_cpu=setup_cpu,
        server_rss_before=rss_before,
        server_rss_peak=peak,
        loop_lag=watched.get("lag", {}),
        collector=watched.get("gc", {}),
        held_by_full=moves.held_by_full,
        slow=moves.slow,
        renders=int(watched.get("renders", 0)),
        reclaims=int(watched.get("reclaims", 0)),
        loop_cpu=float(watched.get("loop_cpu", 0.0)),
        objects=int(watched.get("objects", 0)),
        frozen=int(watched.get("frozen", 0)),
        clients_cpu=(own_after.ru_utime + own_after.ru_stime)
        - (own_before.ru_utime + own_before.ru_stime),
        games_over=sum(1 for table, _ in made if table.over),
        stalled=len(stalled),
        refused=sum(table.refused for table, _ in made),
    )


def _browsers(clients: list[Player]) -> list[WebClient]:
    """The players among ``clients`` that are browsers (a web run's)."""
    if not clients or type(clients[0]).__name__ != "WebClient":
        return []
    from .web_load import WebClient

    return [client for client in clients if isinstance(client, WebClient)]


async def settle(made: Tables, wait: float = 5.0) -> None:
    """Wait (a few seconds at most) until every move typed has been told at its table."""
    deadline = time.perf_counter() + wait
    while time.perf_counter() < deadline:
        behind = any(
            len(c.told.get(seat, [])) < len(times)
            for table, seated in made
            for seat, times in table.sent.items()
            for c in seated
            if c.seat != seat
        )
        if not behind:
            return
        await asyncio.sleep(0.05)


def measure(scenario: Scenario, how: ServerRun | None = None) -> Figures:
    """Run ``scenario`` against a new server in a temporary folder; what was measured."""
    with tempfile.TemporaryDirectory(prefix="threethirteen-bench-") as folder:
        return asyncio.run(_run(scenario, Path(folder) / "server", how or ServerRun()))
