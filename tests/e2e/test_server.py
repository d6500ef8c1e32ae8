"""``threethirteen serve`` end to end: the real OpenSSH client in a pseudo-terminal against a
server on loopback, as friends would play (see :mod:`tests.helpers.sshclient`).

Two players, ana and ben, share a table with two AI seats (the greedy AI, so that whole
games take seconds); the host is ana at the table's seat 0 and ben sits at seat 1. The
games that are played (1-3) run on a server whose deal the test knows (``dealt``: ana
deals round 1, so ben plays first) and whose ``auto`` is the greedy AI too; the privacy
test runs :func:`serve` in this process with its own deal; the refusals (5-7) run
``threethirteen serve`` itself. Timings are never asserted; every wait has a generous
timeout.
"""

from __future__ import annotations

import json
import re
import shutil
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from threethirteen.core.events import (
    CardDiscarded,
    CardDrawn,
    Event,
    GameStarted,
    PlayerWentOut,
    RoundDealt,
    RoundScored,
    StockRebuilt,
)
from threethirteen.core.rules import new_game
from threethirteen.repl.files.reading import load_file

from tests.helpers.child import Cli
from tests.helpers.sshclient import (
    SSH,
    SSH_KEYGEN,
    SSH_OPTIONS,
    InProcess,
    Player,
    Server,
    client_environment,
    deal,
    ssh_argv,
    ssh_run,
)

pytestmark = pytest.mark.skipif(
    SSH is None or SSH_KEYGEN is None, reason="needs the OpenSSH client (ssh and ssh-keygen)"
)

CARD = r"(?:10|[2-9AJQK])[♣♦♥♠]"
"""A card as the game writes it (no jokers at these tables)."""

HAND = r"Your hand, by suit: ([^\r\n]*)"
SEED = 1118
SALT = "5a1e" * 8
"""A deal where ana deals round 1 (see :func:`dealt`)."""


# -- fixtures ---------------------------------------------------------------------------


@pytest.fixture
def dealt(tmp_path: Path) -> Iterator[Server]:
    """The same server dealing every game from :data:`SEED` (ana deals round 1, so ben
    plays first, and under :func:`play_turn` nobody goes out in the first six turns
    each), with the greedy AI for ``auto`` (see :func:`tests.helpers.sshclient.main`)."""
    running = Server(tmp_path / "server", deal=(SEED, SALT)).start()
    yield running
    running.stop()


# -- playing ----------------------------------------------------------------------------


def open_table(ana: Player, ben: Player, *, watcher: Player | None = None) -> str:
    """ana makes a table (greedy AI) and ben joins it (someone may watch); ana deals. The code."""
    ana.expect(r"Welcome, ana\.")
    ana.line("new --level greedy")
    code = ana.expect(r"Table ([A-Z]{4}-\d+) is yours").group(1)
    ben.expect(r"Welcome, ben\.")
    ben.line(f"join {code}")
    ben.expect(rf"Table {code}")
    ana.expect(r"ben sits down \(Left\)")
    if watcher is not None:
        watcher.line(f"watch {code}")
        watcher.expect(rf"Watching table {code}")
    deal(ana, ben)
    return code


def discards(name: str, card: str) -> str:
    """What a player is told when ``name`` draws from the stock and discards ``card`` (in one
    line, or two when the draw came first on its own): a shared table calls its players by
    their names."""
    return rf"{name} (?:draws from the stock, )?discards {re.escape(card)}\."


def cards(text: str) -> list[str]:
    return re.findall(CARD, text)


def hand(player: Player) -> list[str]:
    """The hand the next table shown to ``player`` holds."""
    return cards(player.expect(HAND).group(1))


def play_turn(player: Player) -> str:
    """On ``player``'s turn: draw from the stock and discard the card drawn; that card."""
    player.expect(r"your turn: draw or take")
    player.line("d")
    drawn = player.expect(rf"You draw ({CARD}) from the stock\.").group(1)
    player.discard(drawn)
    return drawn


TURN = re.compile(r"your turn: (?:draw or take|discard a card)")


def auto(*players: Player, scope: str = "game") -> None:
    """Each of ``players``, on their next turn, has the AI take over for the ``scope``."""
    waiting = list(players)
    deadline = time.monotonic() + 60
    while waiting:
        assert time.monotonic() < deadline, [p.tail() for p in waiting]
        time.sleep(0.05)
        for player in tuple(waiting):
            if player.find(TURN) is None:
                continue
            player.line(f"auto {scope}")
            said = player.expect(r"The AI plays [a-z ]+ for you|No hint now: it is not your turn")
            if said.group(0).startswith("The AI"):
                waiting.remove(player)


def without(held: list[str], gone: str, *more: str) -> list[str]:
    kept = list(held)
    kept.remove(gone)
    return sorted([*kept, *more])


def commitment(player: Player) -> str:
    # shown in four groups of 16 digits, perhaps broken over two rows
    found = player.expect(r"Commitment to this game's seed:\s+((?:[0-9a-f]{16}\s+){3}[0-9a-f]{16})")
    return "".join(found.group(1).split())


def event_lines(log: Path) -> list[str]:
    """A table's log, its header left out: one line per event."""
    return log.read_text(encoding="utf-8").splitlines()[1:]


def fetch_and_verify(port: int, key: Path, name: str, code: str, home: Path, cli: Cli) -> Path:
    """``ssh NAME@HOST log CODE > game.jsonl``, then ``threethirteen replay --verify`` on it."""
    game = cli.folder / f"{code}.jsonl"
    with game.open("wb") as out:
        fetched = ssh_run(port, key, name, "log", code, home=home, stdout=out)
    assert fetched.returncode == 0, fetched.stderr
    verified = cli.run("replay", str(game), "--verify")
    assert verified.returncode == 0, verified.stdout + verified.stderr
    return game


# -- 1. a whole game, and its log ---------------------------------------------------------


def test_two_players_play_a_game_to_its_end_and_its_log_verifies(
    dealt: Server, connect: Callable[..., Player], keys: dict[str, Path], home: Path, cli: Cli
) -> None:
    server = dealt
    ana, ben = connect(server.port, "ana"), connect(server.port, "ben")
    code = open_table(ana, ben)
    promised = commitment(ana)
    assert commitment(ben) == promised
    auto(ana, ben)
    for player in (ana, ben):
        player.expect(r"Game over after 11 rounds\.", timeout=90)
    seed, salt = ana.expect(r"The seed was (\d+), the salt ([0-9a-f]+):").groups()
    ana.expect(r"this was the deal promised")
    ben.expect(rf"The seed was {seed}, the salt {salt}:")
    # the line that fetches the log is the one that works: port, name and the address used
    fetch = rf"ssh -p {server.port} ben@127\.0\.0\.1 log {code} > {code.lower()}\.jsonl"
    ben.expect(r"\s+".join(fetch.split(" ")))

    game = fetch_and_verify(server.port, keys["ben"], "ben", code, home, cli)
    header, started, *rest = game.read_text(encoding="utf-8").splitlines()
    first = json.loads(started)
    assert (first["type"], first["seed"], first["salt"]) == ("GameStarted", int(seed), salt)
    assert first["commitment"] == promised
    assert json.loads(rest[-1])["type"] == "GameEnded"

    # the same game under another seed breaks the promise made at the start
    forged = game.with_name("forged.jsonl")
    lines = [json.loads(header), first]
    for line in lines:
        line["seed"] = int(seed) + 1
    forged.write_text(
        "\n".join([*(json.dumps(line) for line in lines), *rest]) + "\n", encoding="utf-8"
    )
    refused = cli.run("replay", str(forged), "--verify")
    assert refused.returncode == 1, refused.stdout + refused.stderr
    said = (refused.stdout + refused.stderr).lower()
    assert "commitment" in said or "promise" in said, said


# -- 2. a player drops out and comes back ---------------------------------------------------


def test_a_player_who_drops_out_comes_back_to_their_seat(
    dealt: Server, connect: Callable[..., Player]
) -> None:
    ana, ben = connect(dealt.port, "ana"), connect(dealt.port, "ben")
    code = open_table(ana, ben)
    held = hand(ben)
    thrown = play_turn(ben)
    ana.expect(discards("ben", thrown))

    ben.kill()
    ana.expect(r"ben is away; their seat waits for them\.")
    ana_thrown = play_turn(ana)

    back = connect(dealt.port, "ben")
    back.expect(rf"Table {code}")
    back.expect(r"While you were away \(\d+ events\):")
    back.expect(discards("ana", ana_thrown))
    back.expect(r"You\s+ben \(here\)")
    assert sorted(hand(back)) == sorted(held)
    ana.line("who")
    ana.expect(r"Left\s+ben \(here\)")

    again = play_turn(back)
    ana.expect(discards("ben", again))


# -- 3. the server is killed and started again ------------------------------------------


def test_a_table_survives_the_server_killed_mid_round(
    dealt: Server, connect: Callable[..., Player], keys: dict[str, Path], home: Path, cli: Cli
) -> None:
    server = dealt
    ana, ben = connect(server.port, "ana"), connect(server.port, "ben")
    code = open_table(ana, ben)
    ben_held = hand(ben)
    promised = commitment(ben)
    ben_thrown = play_turn(ben)
    ana.expect(discards("ben", ben_thrown))
    ana_held = hand(ana)
    ana.expect(r"your turn: draw or take")
    ana.line("d")
    ana_drawn = ana.expect(rf"You draw ({CARD}) from the stock\.").group(1)

    log = server.folder / "tables" / f"{code}.jsonl"
    before = event_lines(log)
    server.kill()
    for player in (ana, ben):
        player.wait_end()
    server.start()  # the same folder, another port
    server.wait_log(f"table {code} resumed at event {len(before)}")
    assert event_lines(log) == before

    ana, ben = connect(server.port, "ana"), connect(server.port, "ben")
    ana.expect(rf"Table {code}")
    assert commitment(ana) == promised
    assert sorted(hand(ana)) == sorted([*ana_held, ana_drawn])
    ana.expect(r"your turn: discard a card")
    ben.expect(rf"Table {code}")
    assert sorted(hand(ben)) == sorted(ben_held)
    ben.line("log")
    ben.expect(rf"You discard {re.escape(ben_thrown)}")
    ana.discard(ana_drawn)
    ben.expect(discards("ana", ana_drawn))

    auto(ana, ben)
    for player in (ana, ben):
        player.expect(r"Game over after 11 rounds\.", timeout=90)
    game = fetch_and_verify(server.port, keys["ana"], "ana", code, home, cli)
    assert game.read_text(encoding="utf-8").splitlines()[1 : len(before) + 1] == before


# -- 4. privacy -----------------------------------------------------------------------------


def known_to(seat: int | None, events: list[Event]) -> tuple[set[str], set[str]]:
    """Round 1 up to its scoring: every card of the deck, and the cards ``seat`` (``None``
    for someone watching) may have seen: its own hand and draws, and what was face up."""
    deck: set[str] = set()
    seen: set[str] = set()
    for event in events:
        match event:
            case RoundDealt():
                assert event.round_no == 1
                deck |= {str(c) for hand_ in event.hands for c in hand_}
                deck |= {str(c) for c in (event.upcard, *event.stock)}
                seen.add(str(event.upcard))
                if seat is not None:
                    seen |= {str(c) for c in event.hands[seat]}
            case CardDrawn() if event.seat == seat:
                seen.add(str(event.card))
            case CardDiscarded():
                seen.add(str(event.card))
            case PlayerWentOut():
                seen |= {str(c) for meld in event.melds for c in meld}
            case StockRebuilt():
                pass
            case RoundScored():
                break
    return deck, seen


def test_no_session_is_sent_a_card_its_seat_may_not_see(
    tmp_path: Path, connect: Callable[..., Player]
) -> None:
    server = InProcess(tmp_path / "server", lambda: (SEED, SALT)).start()
    try:
        ana, ben = connect(server.port, "ana"), connect(server.port, "ben")
        eve = connect(server.port, "eve")
        eve.expect(r"Welcome, eve\.")
        code = open_table(ana, ben, watcher=eve)

        # each player, on their first turn, asks for everything a seat may ask for, draws,
        # and opens the completion menu of discard (their own cards); then six turns each
        for player in (ben, ana):
            player.expect(r"your turn: draw or take")
            for line in ("who", "log 40", "melds", "seed", "hint"):
                player.line(line)
                player.drain(0.1)
            player.line("d")
            drawn = player.expect(rf"You draw ({CARD}) from the stock").group(1)
            player.send("x \t")
            player.drain(0.3)
            player.send("\x03")
            player.discard(drawn)
        for _ in range(5):
            for player in (ben, ana):
                play_turn(player)
        eve.line("log 40")
        for player in (ana, ben, eve):
            player.drain(0.5)
        # what each connection's session holds now, its objects walked as the server has them
        log = tmp_path / "server" / "tables" / f"{code}.jsonl"
        held = held_by_sessions(list(load_file(log).events), server.reports)
    finally:
        server.stop()
    assert not [line for line in server.reports if "error" in line.lower()], server.reports
    assert set(held) == {"ana", "ben", "eve"}
    for name, leaks in held.items():
        assert not leaks, f"{name}'s session holds {sorted(leaks)[:8]}"

    tables = tmp_path / "server" / "tables"
    plan = json.loads((tables / f"{code}.json").read_text(encoding="utf-8"))
    events = list(load_file(tables / f"{code}.jsonl").events)
    started = events[0]
    assert isinstance(started, GameStarted) and started.seed == SEED and started.salt == SALT
    _, dealt = new_game(SEED, started.options, started.players, salt=SALT, seats=started.seats)
    assert started.seats == ("ana", "ben", "AI 3", "AI 4")  # the log keeps the names
    assert events[:2] == list(dealt[:2])  # the deal the test prepared

    for player, seat in ((ana, plan["people"].index("ana")), (ben, 1), (eve, None)):
        if seat is not None:
            assert plan["people"][seat] == player.name
        deck, seen = known_to(seat, events)
        hidden = deck - seen
        assert len(hidden) > 10, (player.name, sorted(hidden))
        text = player.text
        ends = [text.find(mark) for mark in ("Round 1 is over", "Round 2/11")]
        before_scoring = text[: min([end for end in ends if end >= 0], default=len(text))]
        shown = set(cards(before_scoring))
        assert shown, f"{player.name} saw no card at all"
        if seat is not None:
            dealt_hand = next(e for e in events if isinstance(e, RoundDealt)).hands[seat]
            assert {str(c) for c in dealt_hand} <= shown  # the check can see cards
        leaked = shown & hidden
        where = [before_scoring[max(i - 300, 0) : i + 20] for i in map(before_scoring.find, leaked)]
        assert not leaked, f"{player.name} (seat {seat}) was sent {sorted(leaked)}: {where}"


def held_by_sessions(events: list[Event], reports: list[str]) -> dict[str, set[str]]:
    """For each connection's session at the table (a :class:`Guest` of the server running in
    this process): what its objects hold that its seat may not see in round 1 (the faces of
    hidden cards), and any whole game state. The walk stops at the server's shared objects
    (the service, the hall, the room), the table master's inbox (the one way a link leads to
    the master), the event loop, the worker threads and the SSH transport."""
    import asyncio
    import gc
    import threading
    from concurrent.futures import Executor

    import asyncssh
    from prompt_toolkit import PromptSession
    from prompt_toolkit.application import Application
    from threethirteen.core.cards import Card
    from threethirteen.core.state import GameState, RoundState, fold
    from threethirteen.core.table import Table
    from threethirteen.repl.protocol.link import Inbox
    from threethirteen.repl.server.hall import Hall
    from threethirteen.repl.server.room import Room
    from threethirteen.repl.server.service import Service
    from threethirteen.repl.server.terminal import Guest

    from tests.helpers.objects import path_to, reachable

    assert not any(isinstance(event, RoundScored) for event in events), "round 1 is over"
    boundaries: tuple[type, ...] = (
        Service, Hall, Room, Inbox, asyncio.AbstractEventLoop, Executor, threading.Thread,
        asyncssh.SSHServerChannel, asyncssh.SSHServerConnection,
    )  # fmt: skip
    held: dict[str, set[str]] = {}
    # only this server's sessions (it reports to ``reports``): a session of an earlier test
    # on the same worker may not be collected yet, its table long gone
    guests = [
        found
        for found in gc.get_objects()
        if isinstance(found, Guest) and getattr(found.service.report, "__self__", None) is reports
    ]
    assert guests, "no session of this server was found"
    for guest in guests:
        seat = {"ana": 0, "ben": 1}.get(guest.name)
        deck, seen = known_to(seat, events)
        hidden = deck - seen
        assert len(hidden) > 10
        own = guest.lines.session.app if guest.lines.session is not None else None

        def elsewhere(found: object, own: object = own, guest: object = guest) -> bool:
            # prompt_toolkit's filters are shared by every application: through them the walk
            # would reach other connections' prompts; their sessions are walked in turn
            return isinstance(found, Guest | PromptSession | Application) and found not in (
                own,
                guest,
                getattr(getattr(guest, "lines", None), "session", None),
            )

        leaks: set[str] = set()
        faces: set[str] = set()
        for found in reachable(guest, boundaries=boundaries, stop=elsewhere):
            if isinstance(found, Card):
                faces.add(str(found))
            if isinstance(found, Card) and str(found) in hidden:
                leaks.add(str(found))
            elif isinstance(found, GameState | RoundState | Table | RoundDealt):
                leaks.add(type(found).__name__)
        if seat is not None:  # the walk does reach cards: the seat's own hand
            round_ = fold(events).round
            assert round_ is not None and {str(c) for c in round_.hands[seat]} <= faces
        if leaks:  # say where, to find the leak
            first = next(iter(leaks))
            chain = path_to(
                guest,
                lambda o, first=first: str(o) == first or type(o).__name__ == first,
                boundaries=boundaries,
                stop=elsewhere,
            )
            leaks.add(" -> ".join(chain))
        held[guest.name] = leaks
    return held


def test_a_seat_given_up_in_one_terminal_is_given_up_in_every_terminal(
    server: Server, connect: Callable[..., Player]
) -> None:
    """The ghost seat: ana sits at her table in two terminals; in one she leaves before the
    start, which gives the seat up. The other terminal is sent back to the lobby at once;
    ben takes the free seat, and nothing of his game reaches ana's other terminal."""
    first = connect(server.port, "ana")
    first.expect(r"Welcome, ana\.")
    first.line("new --level greedy")
    code = first.expect(r"Table ([A-Z]{4}-\d+) is yours").group(1)
    eve = connect(server.port, "eve")
    eve.expect(r"Welcome, eve\.")
    eve.line(f"join {code}")
    eve.expect(rf"Table {code}")
    second = connect(server.port, "ana")
    second.expect(r"Welcome, ana\.")
    second.line(f"join {code}")
    second.expect(rf"Table {code}")
    first.line("leave")
    second.expect(r"You no longer sit at this table")
    second.expect(r"Welcome, ana\. This is the lobby\.")
    ben = connect(server.port, "ben")
    ben.expect(r"Welcome, ben\.")
    ben.line(f"join {code}")
    ben.expect(rf"Table {code}")
    eve.expect(r"ben sits down")
    eve.line("start")  # eve is the host now
    dealt = cards(ben.expect(HAND).group(1))
    assert dealt
    second.line("d")  # in the lobby: no move of anyone's
    second.expect(r"Unknown command 'd'")
    second.drain(0.5)
    after = second.text[second.text.rfind("You no longer sit") :]
    assert "The cards are dealt" not in after and "Your hand" not in after
    assert "You draw" not in after


# -- 5. names and keys --------------------------------------------------------------------


def test_a_name_belongs_to_its_first_key_and_bad_names_are_refused(
    server: Server, keys: dict[str, Path], home: Path
) -> None:
    first = ssh_run(server.port, keys["ana"], "ana", "log", "KITE-7", home=home)
    assert first.returncode == 1, first.stderr  # logged in; no such table
    assert b"No table with that code that you sat at" in first.stderr

    taken = ssh_run(server.port, keys["eve"], "ana", "log", "KITE-7", home=home)
    assert taken.returncode == 255
    assert b"The name 'ana' belongs to another key on this server" in taken.stderr
    assert b"Permission denied" in taken.stderr
    assert ssh_run(server.port, keys["ana"], "ana", "log", "KITE-7", home=home).returncode == 1

    for bad in ("Bad Name", "a" * 40, "Ana", "1ana", "ana.b"):
        refused = ssh_run(server.port, keys["eve"], bad, "log", "KITE-7", home=home)
        assert refused.returncode == 255, bad
        shown = bad[:20].encode()
        assert b"'" + shown + b"' cannot be a player's name" in refused.stderr, refused.stderr
    server.wait_log("name ana with another key")
    assert server.alive()


def test_a_friend_without_a_key_is_told_how_to_make_one(server: Server, home: Path) -> None:
    assert SSH is not None
    # no key at all, whatever keys (or agent) the user running the tests has: ssh reads
    # ~/.ssh of the account, not of $HOME, and falls back to it for a missing -i file
    argv = [SSH, "-F", "/dev/null", "-o", "StrictHostKeyChecking=no",
            "-o", "UserKnownHostsFile=/dev/null", "-o", "IdentitiesOnly=yes",
            "-o", "IdentityFile=none", "-o", "IdentityAgent=none", "-o", "BatchMode=no",
            "-p", str(server.port), "bob@127.0.0.1", "log", "KITE-7"]  # fmt: skip
    keyless = subprocess.run(
        argv, stdin=subprocess.DEVNULL, capture_output=True, env=client_environment(home),
        timeout=60, check=False,
    )  # fmt: skip
    said = keyless.stderr.decode("utf-8", "replace")
    assert keyless.returncode == 255, said
    assert said.count("ssh-keygen -t ed25519") == 2, said  # once in English, once in German
    assert f"then connect again:\r\n  ssh -p {server.port} bob@127.0.0.1\r\n" in said
    assert "Erzeuge einen (bei jeder Frage Enter drücken)" in said  # ssh shows it as it is
    assert "Permission denied" in said
    server.wait_log("bob without a key")
    assert server.alive()


# -- 6. nothing but the game --------------------------------------------------------------


def test_no_command_forwarding_or_sftp_is_served(
    server: Server, keys: dict[str, Path], home: Path, tmp_path: Path
) -> None:
    key = keys["ana"]
    for command in (("ls",), ("log",), ("cat", "/etc/passwd"), ("log", "KITE-7", "now")):
        refused = ssh_run(server.port, key, "ana", *command, home=home)
        assert refused.returncode == 2, command
        assert b"The only command this server runs is: log CODE" in refused.stderr
        assert refused.stdout == b""

    no_terminal = ssh_run(server.port, key, "ana", options=("-T",), home=home)
    assert no_terminal.returncode == 1
    assert b"This game needs a terminal" in no_terminal.stdout

    remote = ssh_run(
        server.port,
        key,
        "ana",
        options=("-N", "-R", "0:127.0.0.1:9", "-o", "ExitOnForwardFailure=yes"),
        home=home,
    )
    assert remote.returncode == 255
    assert b"forwarding failed" in remote.stderr

    # a local forward is asked for only when something connects to it: the channel is refused
    # (its local end is a socket file of this test's, not a port another test could take)
    local = tmp_path / "forward.sock"
    tunnel = subprocess.Popen(
        ssh_argv(server.port, key, "ana", "-N", "-L", f"{local}:127.0.0.1:{server.port}"),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=client_environment(home),
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            through = socket.socket(socket.AF_UNIX)
            through.settimeout(20)
            try:
                through.connect(str(local))
                break
            except OSError:
                through.close()
                assert time.monotonic() < deadline and tunnel.poll() is None
                time.sleep(0.1)
        with through:
            assert through.recv(100) == b""  # closed: no SSH banner came through
    finally:
        tunnel.kill()  # (a busy ssh may take long to act on SIGTERM)
        _, said = tunnel.communicate(timeout=20)
    assert b"open failed" in said, said

    sftp = shutil.which("sftp")
    if sftp is not None:
        argv = [sftp, *SSH_OPTIONS, "-P", str(server.port), "-i", str(key), "-b", "-"]
        transfer = subprocess.run(
            [*argv, "ana@127.0.0.1"],
            input=b"ls\n",
            capture_output=True,
            env=client_environment(home),
            timeout=60,
            check=False,
        )
        assert transfer.returncode != 0
        assert b"subsystem request failed" in transfer.stderr, transfer.stderr
        server.wait_log("refused ana: subsystem sftp")
    assert server.alive()


# -- 7. hostile input ---------------------------------------------------------------------


def test_hostile_input_is_refused_or_shown_as_text(
    server: Server, connect: Callable[..., Player]
) -> None:
    ana, ben = connect(server.port, "ana"), connect(server.port, "ben")
    ana.expect(r"Welcome, ana\.")
    ana.line("new")
    code = ana.expect(r"Table ([A-Z]{4}-\d+) is yours").group(1)
    ben.expect(r"Welcome, ben\.")  # keys sent before the session reads them are lost
    ben.line(f"join {code}")
    ana.expect(r"ben sits down")

    # a line typed key by key, as people type (checked at every key while typing)
    for key in "say hello ben, this is typed one key at a time\r":
        ana.send(key)
        time.sleep(0.01)
    ben.expect(r"ana: hello ben, this is typed one key at a time")

    # a line far too long is refused, and the session goes on
    ana.line("say " + "y" * 5000)
    ana.expect(r"This line is too long: a command has at most 1000 characters")
    ana.send("\x03")  # Ctrl-C clears it, as the message says
    ana.line("say still here")
    ben.expect(r"ana: still here")

    # escape sequences and control characters, typed and pasted, reach ben as text only
    title = "\x1b]0;pwned\x07"
    ana.line(f"say typed {title} done")
    ben.expect(r"ana: typed .*done")
    paste = f"pasted {title}\x1b[2J\x9b31m\x08\x07\u202eevil done"
    ana.send(f"say \x1b[200~{paste}\x1b[201~\r")
    ben.expect(r"ana: pasted .*pwned.*evil done")
    ben.drain(0.3)
    stream = ben.stream
    for raw in (title, "\x1b]", "\x1b[2J", "\x9b", "\u202e"):
        assert raw not in stream, repr(raw)
    for said in ("typed", "pasted"):  # what ben's terminal got of each line: colours, text
        found = re.search(rf"ana:(?:\x1b\[[0-9;]*m| )+{said}", stream)
        assert found, said
        start = found.start()
        line = re.sub(r"\x1b\[[0-9;]*m", "", stream[start : stream.index("done", start)])
        assert all(char.isprintable() or char in "\r\n" for char in line), repr(line)

    # clients that hang up at once, or speak nonsense, do not hurt the server
    for greeting in (
        b"",
        b"SSH-2.0-nonsense\r\n" + bytes(range(256)) * 8,
        b"GET / HTTP/1.0\r\n\r\n",
    ):
        with socket.create_connection(("127.0.0.1", server.port), timeout=20) as rude:
            if greeting:
                rude.sendall(greeting)
    connect(server.port, "eve").kill()
    assert server.alive()
    ana.line("who")
    ana.expect(r"Left\s+ben \(here\)")
    eve = connect(server.port, "eve")
    eve.expect(r"Welcome, eve\.")
    eve.expect(rf"{code}\s+2/4\s+ana, ben")
