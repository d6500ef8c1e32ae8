"""The tables of ``threethirteen serve`` attacked over SSH (issue 17): the real OpenSSH
client on loopback, several source addresses (``ssh -b 127.0.0.N``: every 127.0.0.0/8
address is this machine's), and another player whose answers are timed meanwhile. The
times are measured and reported (``record_property``, and printed), never asserted; every
wait has a generous timeout. The same attacks without the network are in
``tests/unit/test_hall.py``.
"""

from __future__ import annotations

import gc
import statistics
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import asyncssh
import attrs
import pytest
from threethirteen.core.log import read_log
from threethirteen.repl.server.hall import Hall
from threethirteen.repl.server.limits import Limits
from threethirteen.repl.server.names import Identity

from tests.helpers.child import Cli
from tests.helpers.sshclient import (
    SSH,
    SSH_KEYGEN,
    InProcess,
    Player,
    Server,
    make_key,
    ssh_run,
)

pytestmark = pytest.mark.skipif(
    SSH is None or SSH_KEYGEN is None, reason="needs the OpenSSH client (ssh and ssh-keygen)"
)

NAMES = tuple(f"p{number}" for number in range(10))
SEED, SALT = 1118, "5a1e" * 8


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("keys")
    return {name: make_key(folder, name) for name in (*NAMES, "eve", "ana")}


def answer_time(player: Player) -> float:
    """Seconds from typing ``tables`` to the first line of its answer."""
    player.drain(0.05)
    player.seen = len(player.text)  # what came before is an earlier answer
    started = time.monotonic()
    player.line("tables")
    player.expect(r"(?:No open tables yet|[A-Z]{4}-\d+ +\d/\d +[a-z])")
    return time.monotonic() - started


def hall_of(server: InProcess) -> Hall:
    """The hall of the server running in this process."""
    halls = [found for found in gc.get_objects() if isinstance(found, Hall)]
    folder = server.folder / "tables"
    return next(hall for hall in halls if hall.folder == folder)


MADE = r"Table ([A-Z]{4}-\d+) is yours"
REFUSED = (
    r"(You host as many open tables as one player may \(3"
    r"|As many open tables were made from your address as one address may \(6)"
)


def attack(player: Player, rounds: int, made: list[str], refused: Counter[str]) -> None:
    """``new``, ``start``, ``leave``, ``rounds`` times: a started game waits for its host."""
    for _ in range(rounds):
        player.line("new --level greedy")
        found = player.expect(rf"{MADE}|{REFUSED}")
        if found.group(1) is None:
            refused[found.group(2)[:8]] += 1
            continue
        made.append(found.group(1))
        player.line("start")
        player.expect(r"The cards are dealt\.")
        player.line("leave")
        player.expect(rf"Welcome, {player.name}\. This is the lobby\.")


def test_new_start_leave_a_hundred_times_is_capped_and_the_tables_close(
    tmp_path: Path,
    connect: Callable[..., Player],
    keys: dict[str, Path],
    home: Path,
    record_property: Callable[[str, object], None],
) -> None:
    """Finding 2: ten names (five on each of two addresses) make a table, deal and leave,
    ten times each, while eve (a third address) asks for the tables and is timed. Each name
    hosts at most 3 open tables and each address 6; once the tables have been abandoned
    (the test shortens ``abandoned_after`` and sweeps) they are closed, ``new`` works
    again, the host is told in the lobby, ``history`` lists them, and a restart finds none
    of them open; their ``log CODE`` says the game was closed (its seed stays secret)."""
    server = InProcess(tmp_path / "server", lambda: (SEED, SALT), limits=Limits()).start()
    try:
        players = {
            name: connect(server.port, name, f"127.0.0.{2 + number // 5}")
            for number, name in enumerate(NAMES)
        }
        eve = connect(server.port, "eve", "127.0.0.4")
        for player in (*players.values(), eve):
            player.expect(rf"Welcome, {player.name}\.")
        made: list[str] = []
        refused: Counter[str] = Counter()
        threads = [
            threading.Thread(target=attack, args=(player, 10, made, refused), daemon=True)
            for player in players.values()
        ]
        started = time.monotonic()
        for thread in threads:
            thread.start()
        answers = []
        while any(thread.is_alive() for thread in threads):
            answers.append(answer_time(eve))
            time.sleep(0.6)  # (a session may run 20 commands in 10 seconds)
        for thread in threads:
            thread.join(120)
        attack_seconds = time.monotonic() - started
        assert len(made) == 12 and sum(refused.values()) == 100 - 12, (made, refused)

        hall = hall_of(server)
        rooms = hall.open_tables()
        assert len(rooms) == 12
        assert max(Counter(room.plan.host for room in rooms).values()) <= 3
        assert Counter(room.plan.address for room in rooms) == {"127.0.0.2": 6, "127.0.0.3": 6}
        assert all(room.started for room in rooms)

        # an hour later, as far as the tables know
        hall.limits = attrs.evolve(hall.limits, abandoned_after=0.5)
        time.sleep(0.6)
        assert server._loop is not None
        server._loop.call_soon_threadsafe(hall.sweep)
        eve.line("tables")
        eve.expect(r"No open tables yet", timeout=30)
        players["p0"].line("new --level greedy")
        players["p0"].expect(MADE)  # new works again
        back = connect(server.port, "p1", "127.0.0.2")
        back.expect(r"Your table [A-Z]{4}-\d+ was closed: nobody was at it for 1 min\.")
        back.line("history")
        when = r"\d{4}-\d\d-\d\d \d\d:\d\d"
        back.expect(rf"[A-Z]{{4}}-\d+\s+{when}\s+p1, AI 2 \(greedy\), [^·]*·\s+closed:\s+nobody")
        answers.append(answer_time(eve))
    finally:
        server.stop()
    record_property("attack_seconds", round(attack_seconds, 2))
    record_property("answer_seconds_max", round(max(answers), 3))
    record_property("answer_seconds_median", round(statistics.median(answers), 3))
    print(
        f"\nattack: {attack_seconds:.1f} s, 100 x new/start/leave by 10 names; "
        f"eve's tables answered {len(answers)} times, median {statistics.median(answers):.3f} s, "
        f"max {max(answers):.3f} s"
    )
    assert not [line for line in server.reports if "error" in line.lower()], server.reports
    assert sum("closed: nobody was at it" in line for line in server.reports) == 12

    restarted = InProcess(tmp_path / "server", lambda: (SEED, SALT)).start()
    try:
        hall = hall_of(restarted)
        assert len(hall.open_tables()) == 1  # p0's new table, and none of the twelve
        p2 = asyncssh.read_private_key(str(keys["p2"])).get_fingerprint("sha256")
        past = hall.history(Identity("p2", p2))  # the tables p2's key sat at
        assert past and all(entry.plan.abandoned for entry in past)
        code = past[0].plan.code
        closed = ssh_run(restarted.port, keys["p2"], "p2", "log", code, home=home)
        assert closed.returncode == 1 and b"closed before its end" in closed.stderr
    finally:
        restarted.stop()


def test_a_finished_game_leaves_the_tables_and_its_log_is_fetched_after_a_restart(
    tmp_path: Path,
    connect: Callable[..., Player],
    keys: dict[str, Path],
    home: Path,
    cli: Cli,
) -> None:
    """Finding 3's other half: a finished table leaves the open tables (and the hall's
    working set), its player lists it (``history``), and ``log CODE`` sends its log after a
    restart too: the log verifies."""
    server = Server(tmp_path / "server", deal=(SEED, SALT)).start()
    try:
        ana = connect(server.port, "ana")
        ana.expect(r"Welcome, ana\.")
        ana.line("new --level greedy")
        code = ana.expect(r"Table ([A-Z]{4}-\d+) is yours").group(1)
        ana.line("start")
        ana.expect(r"The cards are dealt\.")
        ana.line("auto game")
        ana.expect(r"The AI plays [a-z ]+ for you")
        ana.expect(r"Game over after 11 rounds\.")
        ana.line("leave")
        ana.expect(r"Welcome, ana\. This is the lobby\.")
        ana.line("tables")
        ana.expect(r"No open tables yet")
        ana.line("history")
        found = ana.expect(
            rf"{code}\s+\d{{4}}-\d\d-\d\d \d\d:\d\d\s+ana (\d+), AI 2 \(greedy\) \d+"
        )
        total = int(found.group(1))  # ana's total, which the log must say too
        # the line that fetches it, as ana reached this server: no placeholder to fill in
        ana.expect(rf"from your own computer:\s+ssh -p {server.port} ana@127\.0\.0\.1 log\s+{code}")
        ana.line(f"log {code.lower()}")  # the lobby's own command says it too, with a file
        lower = code.lower()
        ana.expect(rf"ssh -p {server.port} ana@127\.0\.0\.1 log\s+{code}\s+>\s+{lower}\.jsonl")
        ana.line("log NOPE-1")
        ana.expect(r"No table with that code that you sat at\.")
        server.kill()
        ana.wait_end()
        server.start()
        game = cli.folder / "game.jsonl"
        with game.open("wb") as out:
            fetched = ssh_run(server.port, keys["ana"], "ana", "log", code, home=home, stdout=out)
        assert fetched.returncode == 0, fetched.stderr
        verified = cli.run("replay", str(game), "--verify")
        assert verified.returncode == 0, verified.stdout + verified.stderr
        ended = read_log(game.read_text(encoding="utf-8")).state.ended
        assert ended is not None and ended.totals[0] == total
        other = ssh_run(server.port, keys["eve"], "eve", "log", code, home=home)
        assert other.returncode == 1 and b"No table with that code" in other.stderr
    finally:
        server.stop()
