"""What is said and done at a shared table, attacked with real clients against a real
``threethirteen serve`` on loopback (issue 25, findings 6, 9 and 10; 11 is driven on an event
loop in ``tests/unit/test_talk.py``).

The players are OpenSSH's ``ssh`` in a pseudo-terminal of 80 columns; the crowd of watchers
is asyncssh clients from another loopback address. Every wait is on what a terminal
receives, with a generous bound; figures are printed (``pytest -s``), never asserted.
"""

from __future__ import annotations

import asyncio
import re
import time
import unicodedata
from collections.abc import Callable
from pathlib import Path

import asyncssh
import pytest
from threethirteen.repl.server.limits import Limits

from tests.helpers.attacks import ANSWER, Screen, connect, figure
from tests.helpers.sshclient import SSH, SSH_KEYGEN, Player, Server, deal

pytestmark = pytest.mark.skipif(
    SSH is None or SSH_KEYGEN is None, reason="needs the OpenSSH client (ssh and ssh-keygen)"
)

CROWD = ("eve", "w1", "w2", "w3", "w4")
"""The names of the crowd (one key, one address: five new names, three sessions each)."""

LIMITS = Limits()


def open_table(ana: Player, ben: Player, *options: str) -> str:
    """ana makes a table and ben joins it; the code."""
    ana.expect(r"Welcome, ana\.")
    ana.line(" ".join(("new", *options)))
    code = ana.expect(r"Table ([A-Z]{4}-\d+) is yours").group(1)
    ben.expect(r"Welcome, ben\.")
    ben.line(f"join {code}")
    ben.expect(rf"Table {code}")
    ana.expect(r"ben sits down")
    return code


class Watcher:
    """One asyncssh session watching a table: what it received, and how to type."""

    def __init__(
        self,
        name: str,
        conn: asyncssh.SSHClientConnection,
        chan: asyncssh.SSHClientChannel[bytes],
        screen: Screen,
    ) -> None:
        self.name = name
        self.conn = conn
        self.chan = chan
        self.screen = screen

    def type(self, *lines: str) -> None:
        self.chan.write("".join(line + "\r" for line in lines).encode("utf-8"))

    def mark(self) -> int:
        return len(self.screen.text())

    async def wait_for(self, pattern: str, since: int = 0) -> None:
        """Until ``pattern`` (a regular expression) came after ``since`` characters."""
        deadline = time.monotonic() + ANSWER * 3
        while not re.search(pattern, self.screen.text()[since:]):
            assert time.monotonic() < deadline, f"{self.name}: no {pattern!r}"
            await asyncio.sleep(0.05)


async def crowd(port: int, key: Path, code: str) -> list[Watcher]:
    """Fifteen sessions from 127.0.0.2 (five names, three each) watching ``code``."""

    async def one(name: str) -> Watcher:
        conn = await connect(port, name, key=key, source="127.0.0.2")
        chan, screen = await conn.create_session(
            Screen, term_type="xterm", term_size=(80, 24), encoding=None
        )
        assert isinstance(screen, Screen)
        watcher = Watcher(name, conn, chan, screen)
        await watcher.wait_for(rf"Welcome, {name}\.")
        watcher.type(f"watch {code}")
        await watcher.wait_for(rf"Watching table {code}")
        return watcher

    # one after another: an address has at most 8 logins under way at once
    return [await one(name) for _ in range(3) for name in CROWD]


def said(text: str, tag: str) -> int:
    """How many watcher's lines tagged ``tag`` a terminal received."""
    return len(re.findall(rf"[a-z0-9]+ \(watching\): {tag}", text))


# -- 6. a crowd of watchers ----------------------------------------------------------------


def test_a_crowd_of_watchers_is_quiet_capped_muted_and_sent_away(
    server: Server, keys: dict[str, Path], connect: Callable[..., Player]
) -> None:
    """15 sessions from one address watch ana and ben's table. Their words are refused
    until ana lets watchers talk, and then marked; ana mutes w1; then all 15 say as fast as
    they may (4 lines of 200 characters each at once): what reaches ana and ben is bounded
    by the address's lines a minute, never w1's; ``watchers off`` sends the crowd back to
    the lobby and ``watch CODE`` is refused."""
    ana, ben = connect(server.port, "ana"), connect(server.port, "ben")
    code = open_table(ana, ben)

    async def attack() -> tuple[int, float]:
        watchers = await crowd(server.port, keys["eve"], code)
        try:
            return await talk(watchers)
        finally:
            for watcher in watchers:
                watcher.conn.close()

    async def talk(watchers: list[Watcher]) -> tuple[int, float]:
        first, w1, w2 = watchers[0], watchers[1], watchers[2]
        assert (first.name, w1.name, w2.name) == ("eve", "w1", "w2")
        # watchers are quiet by default
        since = first.mark()
        first.type("say quiet-line")
        await first.wait_for(r"Watchers do not talk at this table", since)
        # the host lets them talk; their lines are marked
        marks = [w.mark() for w in watchers]
        await asyncio.to_thread(ana.line, "watchers talk")
        for watcher, mark in zip(watchers, marks, strict=True):
            await watcher.wait_for(r"ana lets watchers talk", mark)
        # the host mutes w1: told once, and its lines reach nobody
        marks = [w.mark() for w in watchers]
        await asyncio.to_thread(ana.line, "mute w1")
        for watcher, mark in zip(watchers, marks, strict=True):
            if watcher.name == "w1":
                await watcher.wait_for(r"The host muted you at this table", mark)
        since = w1.mark()
        w1.type("say muted-line", "who")
        await w1.wait_for(r"Watching, and talking:", since)
        w2.type("say heard-line")
        await asyncio.to_thread(ana.expect, r"w2 \(watching\): heard-line")
        # the flood: every session says four lines of 200 characters at once, then who
        start = time.monotonic()
        marks = [w.mark() for w in watchers]
        for number, watcher in enumerate(watchers):
            lines = [f"say flood-{watcher.name}-{number}-{n} ".ljust(204, "x") for n in range(4)]
            watcher.type(*lines, "who")
        for watcher, mark in zip(watchers, marks, strict=True):  # each said all, then who
            await watcher.wait_for(r"Watching, and talking:", mark)
        took = time.monotonic() - start
        for player in (ana, ben):  # who answers after every line told before it
            await asyncio.to_thread(player.line, "who")
            await asyncio.to_thread(player.expect, r"Watching, and talking:")
        # the host closes the table to watchers: every one of them is sent to the lobby
        marks = [w.mark() for w in watchers]
        await asyncio.to_thread(ana.line, "watchers off")
        await asyncio.to_thread(ana.expect, r"You closed the table to watchers")
        for watcher, mark in zip(watchers, marks, strict=True):
            await watcher.wait_for(r"The host closed this table to watchers", mark)
        since = first.mark()
        first.type(f"watch {code}")
        await first.wait_for(rf"Table {code} is closed to watchers", since)
        return 4 * len(watchers), took

    ana_mark, ben_mark = len(ana.text), len(ben.text)
    attempted, took = asyncio.run(attack())
    reached = {p.name: said(p.text[m:], "flood-") for p, m in ((ana, ana_mark), (ben, ben_mark))}
    figure(
        f"crowd of 15 sessions: {attempted} lines of 200 characters typed in {took:.1f} s, "
        f"{reached['ana']} reached ana and {reached['ben']} ben "
        f"(caps: {LIMITS.says_per_address}/min an address, {LIMITS.says_per_table}/min a table)"
    )
    for player, mark in ((ana, ana_mark), (ben, ben_mark)):
        text = player.text[mark:]
        assert "quiet-line" not in text and "muted-line" not in text
        assert "w1 (watching)" not in text  # muted: nothing of w1 reaches anyone
        assert said(text, "heard-line") == 1
        # the address spoke once before the flood: the rest of its minute is all that passes
        assert 1 <= reached[player.name] <= LIMITS.says_per_address - 1
        assert reached[player.name] <= LIMITS.says_per_table
    ana.line("who")
    ana.expect(r"Closed to watchers\.")
    assert server.alive()


def test_watchers_sent_away_land_in_the_lobby(
    server: Server, keys: dict[str, Path], connect: Callable[..., Player]
) -> None:
    """``watchers off`` sends someone watching back to the lobby, with a word why."""
    ana, ben = connect(server.port, "ana"), connect(server.port, "ben")
    code = open_table(ana, ben)
    eve = connect(server.port, "eve")
    eve.expect(r"Welcome, eve\.")
    eve.line(f"watch {code}")
    eve.expect(rf"Watching table {code}")
    ana.line("watchers off")
    eve.expect(r"The host closed this table to watchers: back to the lobby\.")
    eve.expect(r"Welcome, eve\.")
    eve.line(f"watch {code}")
    eve.expect(rf"Table {code} is closed to watchers")
    ana.line("watchers on")
    ana.expect(r"Anyone may watch this table now")  # (the table took it: eve may come)
    eve.line(f"watch {code}")
    eve.expect(rf"Watching table {code}")


# -- 9. a said line at 80 columns ---------------------------------------------------------

FORGED = "ana wins with 12."


def columns(char: str) -> int:
    """The columns a terminal draws ``char`` in: two for East Asian wide and fullwidth
    characters (U+3164, the "wide blank", among them), none for a combining mark."""
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in "WF" else 1


def rows(stream: str, width: int) -> list[str]:
    """The rows a terminal of ``width`` columns shows of ``stream``: colours dropped, a
    line ended by CR, LF or a cursor move, and a run wider than the screen wrapped."""
    found = []
    for run in re.split(r"\r|\n|\x1b\[[0-9;?]*[A-HJKf]|\x1b\][^\x07]*\x07", stream):
        row, used = "", 0
        for char in re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", run):
            size = columns(char)
            if used + size > width:
                found.append(row)
                row, used = "", 0
            row, used = row + char, used + size
        found.append(row)
    return found


def test_a_said_line_of_wide_blanks_never_puts_a_forged_line_at_a_rows_start(
    server: Server, connect: Callable[..., Player]
) -> None:
    """ben says 37 wide blanks (U+3164) and "ana wins with 12.": at 80 columns the blanks
    took 74 of them, so the terminal put the forged words alone at the start of a row. Now
    they never start a row, and no row of ana's terminal is wider than it."""
    ana, ben = connect(server.port, "ana"), connect(server.port, "ben")
    open_table(ana, ben)
    ana.drain(0.3)
    mark = len(ana.stream)
    ben.line("say " + "\u3164" * 37 + " " + FORGED)
    ben.line("say " + "x" * 72 + " " + FORGED)  # one that must break: it breaks indented
    ana.expect(r"ben: x{72}")
    ana.expect(re.escape(FORGED))
    ana.drain(0.3)
    shown = rows(ana.stream[mark:], Player.cols)
    widest = max(sum(columns(c) for c in row) for row in shown)
    figure(f"wide blanks: the widest row ana's terminal got is {widest} columns of 80")
    starts = [row for row in shown if row.startswith(FORGED)]
    assert not starts, starts
    assert widest <= Player.cols
    assert any(row.startswith("ben: ") and FORGED in row for row in shown)  # blanks gone
    assert any(row.rstrip() == "  " + FORGED for row in shown)  # the long one, broken and indented


# -- 10. a refusal names the players ------------------------------------------------------

TURN = re.compile(r"your turn: draw or take|([a-z]+) is playing")


@pytest.mark.parametrize("seats", [2, 3])
def test_a_move_out_of_turn_is_refused_in_the_players_names(
    seats: int, server: Server, connect: Callable[..., Player]
) -> None:
    """At a table of two and of three people, each player whose turn it is not types ``d``:
    the refusal says whose turn it is by name, and names no seat (Left, Top, Right)."""
    ana, ben = connect(server.port, "ana"), connect(server.port, "ben")
    code = open_table(ana, ben, f"--seats {seats}", "--ai 0", "--level greedy")
    players = [ana, ben]
    if seats == 3:
        eve = connect(server.port, "eve")
        eve.expect(r"Welcome, eve\.")
        eve.line(f"join {code}")
        eve.expect(rf"Table {code}")
        players.append(eve)
    deal(*players)
    playing = {player.name: player.expect(TURN.pattern).group(1) for player in players}
    to_play = next(name for name, other in playing.items() if other is None)
    waiting = [player for player in players if playing[player.name] is not None]
    assert len(waiting) == seats - 1 and all(playing[p.name] == to_play for p in waiting)
    for player in waiting:
        player.line("d")
        refused = player.expect(r"(\S+) cannot take a card now: it is (\S+?)'s turn")
        line = refused.group(0)
        figure(f"{seats} seats: {player.name} told {line!r}")
        assert refused.group(1) == "You" and refused.group(2) == to_play, line
        assert not re.search(r"\b(Left|Top|Right)\b", line), line
