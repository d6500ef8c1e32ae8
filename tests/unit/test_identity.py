"""One owner per name, whatever the way in (issue 25, findings 2 and 3): the book of names
with its times (a name that never sat is freed after a while, read from either form of
``keys.json``), the password's hold on a name, two logins at the same moment, and a
room that knows its own bindings from ones alike. A table that is over is its players'
only (issue 34, finding 4): who sat there is kept, and a later owner of the name sees
none of it, at the prompt or by ``ssh NAME@HOST log CODE`` (the browser's side is in
tests/unit/test_web.py)."""

from __future__ import annotations

import asyncio
import json
import os
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import asyncssh
import pytest
from threethirteen.core import table as core_table
from threethirteen.core.turns import Scope
from threethirteen.repl.master.refused import Unbound
from threethirteen.repl.protocol.acts import Binding, Leave, SetAuto, Start
from threethirteen.repl.server.hall import Hall, NoLog
from threethirteen.repl.server.limits import Limits
from threethirteen.repl.server.names import DAY, Identity, KeyBook
from threethirteen.repl.server.plan import Plan
from threethirteen.repl.server.room import Room
from threethirteen.repl.server.service import Service
from threethirteen.repl.server.session import GameSession
from threethirteen.repl.server.ssh import GameServer

from tests.helpers.channel import Channel
from tests.helpers.rooms import Ear, settle

SEED, SALT = 1118, "5a1e" * 8


class Clock:
    """A clock the test moves on."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


# -- the book of names ---------------------------------------------------------------------


def test_a_name_that_never_sat_is_free_again_after_a_day(tmp_path: Path) -> None:
    clock = Clock()
    book = KeyBook(tmp_path / "keys.json", clock=clock)
    assert book.claim("ana", "SHA256:a") and book.claim("ben", "SHA256:b")
    book.sat("ben")
    clock.now += DAY - 1
    assert book.owner("ana") == "SHA256:a" and not book.take("ana", "SHA256:x")
    clock.now += 1
    assert book.owner("ana") is None and book.lapsed("ana")  # a day: nobody's
    assert book.owner("ben") == "SHA256:b"  # sat once: his for good
    clock.now += 100 * DAY
    assert book.owner("ben") == "SHA256:b"
    assert book.take("ana", "SHA256:x") and book.owner("ana") == "SHA256:x"  # a new claim
    clock.now += DAY - 1
    assert book.owner("ana") == "SHA256:x"  # its own day, from its own claim


def test_a_name_whose_key_is_logged_in_is_never_freed(tmp_path: Path) -> None:
    clock = Clock()
    book = KeyBook(tmp_path / "keys.json", most=2, clock=clock)
    here = {"ana"}
    book.in_use = lambda name: name in here
    assert book.claim("ana", "SHA256:a") and book.claim("ben", "SHA256:b")
    assert book.full() and not book.take("cid", "SHA256:c")
    clock.now += 2 * DAY
    assert book.owner("ana") == "SHA256:a" and book.owner("ben") is None
    assert not book.full()  # ben's name is freed to make room
    assert len(book) == 1 and book.take("cid", "SHA256:c")
    here.clear()
    assert book.forget_lapsed() == 1 and book.owner("ana") is None  # ana gone: freed too


def test_the_book_keeps_when_each_name_was_claimed_and_sat(tmp_path: Path) -> None:
    clock = Clock(1_700_000_000.0)
    path = tmp_path / "keys.json"
    with ThreadPoolExecutor(1) as pool:
        book = KeyBook(path, pool=pool, clock=clock)

        async def play() -> None:
            assert book.take("ana", "SHA256:a") and book.take("ben", "SHA256:b")
            assert await book.keep("ana")
            clock.now += 60
            book.sat("ben")  # written soon, on the worker
            assert await book.flush()

        asyncio.run(play())
    kept = json.loads(path.read_text(encoding="utf-8"))
    assert kept == {
        "ana": {"key": "SHA256:a", "claimed": 1_700_000_000.0, "sat": None},
        "ben": {"key": "SHA256:b", "claimed": 1_700_000_000.0, "sat": 1_700_000_060.0},
    }
    assert os.stat(path).st_mode & 0o777 == 0o600
    assert not list(tmp_path.glob(".*"))  # written atomically: no temporary file left
    again = KeyBook(path, clock=Clock(1_700_000_000.0 + DAY))
    assert again.owner("ana") is None and again.owner("ben") == "SHA256:b"
    assert again.entry("ben") == book.entry("ben")


def test_a_book_of_the_old_form_is_read_and_the_hall_says_who_sat(tmp_path: Path) -> None:
    path = tmp_path / "keys.json"
    path.write_text(json.dumps({"ana": "SHA256:a", "ben": "SHA256:b"}), encoding="utf-8")
    clock = Clock()
    book = KeyBook(path, clock=clock)
    assert book.owner("ana") == "SHA256:a" and book.entry("ana").claimed == clock.now  # type: ignore[union-attr]
    book.seated_before(["ben", "zoe"])  # ben sat at a table; zoe is nobody's
    clock.now += DAY
    assert book.owner("ana") is None and book.owner("ben") == "SHA256:b"
    asyncio.run(book.flush())  # written in the new form
    assert json.loads(path.read_text())["ben"]["sat"] == clock.now - DAY


@pytest.mark.parametrize(
    "text",
    [
        "[]",
        '{"ana": 3}',
        '{"ana": ""}',
        '{"ana": {"key": "SHA256:a"}}',
        '{"ana": {"key": "SHA256:a", "claimed": "today", "sat": null}}',
        '{"ana": {"key": "SHA256:a", "claimed": NaN, "sat": null}}',
        '{"ana": {"key": "SHA256:a", "claimed": 1.0, "sat": true}}',
        '{"ana": {"key": "SHA256:a", "claimed": 1.0, "sat": null, "more": 1}}',
        "\xff not text",
    ],
)
def test_a_book_that_is_not_one_is_refused(tmp_path: Path, text: str) -> None:
    path = tmp_path / "keys.json"
    path.write_bytes(text.encode("utf-8", "surrogateescape") if text[0] != "\xff" else b"\xff")
    with pytest.raises(ValueError, match="is not a book of names and keys"):
        KeyBook(path)


def test_a_book_too_long_for_its_names_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "keys.json"
    path.write_text('{"ana": "SHA256:a"}' + " " * (10_000 * 256 + 5000), encoding="utf-8")
    with pytest.raises(ValueError, match="longer than a book"):
        KeyBook(path)


# -- the service: a name sits, the password holds, two logins at once ---------------------


def service_here(tmp_path: Path, clock: Clock | None = None) -> Service:
    limits = Limits()
    hall = Hall(tmp_path, pool=ThreadPoolExecutor(1), limits=limits, pace=0.0,
                deal=lambda: (SEED, SALT))  # fmt: skip
    hall.load()
    book = KeyBook(tmp_path / "keys.json", clock=clock or Clock())
    return Service(hall, book, password="correct horse", limits=limits, report=lambda line: None)


def test_the_hall_tells_the_book_when_a_name_sits_down(tmp_path: Path) -> None:
    clock = Clock()
    service = service_here(tmp_path, clock)

    async def play() -> None:
        assert service.keys.take("ana", "SHA256:a") and service.keys.take("ben", "SHA256:b")
        room = await service.hall.create(Identity("ana", None), Plan(code="", host=""), "127.0.0.2")
        assert not isinstance(room, str)
        await service.hall.stop()

    asyncio.run(play())
    clock.now += 2 * DAY
    assert service.keys.owner("ana") == "SHA256:a"  # sat down as the table's host
    assert service.keys.owner("ben") is None


class Conn:
    """What a login asks of its connection: a banner shown, the connection closed."""

    def __init__(self) -> None:
        self.banners: list[str] = []
        self.closed: str | None = None

    def send_auth_banner(self, text: str) -> None:
        self.banners.append(text)

    def disconnect(self, code: int, text: str) -> None:
        self.closed = text

    def get_extra_info(self, name: str, default: object = None) -> object:
        return default


def login(service: Service, name: str, address: str) -> tuple[GameServer, Conn]:
    server = GameServer(service)
    conn = Conn()
    server.conn = conn  # type: ignore[assignment]
    server.address = server.peer = address
    assert server.begin_auth(name)
    return server, conn


def completed(server: GameServer) -> None:
    """The login completes, on an event loop as asyncssh calls it (it starts the waits of
    a logged-in connection, on the loop's timers)."""

    async def complete() -> None:
        server.auth_completed()

    asyncio.run(complete())


KEY = asyncssh.generate_private_key("ssh-ed25519")


@pytest.mark.parametrize("first", ["password", "key"])
def test_a_key_and_the_password_at_the_same_moment_give_the_name_to_one(
    tmp_path: Path, first: str
) -> None:
    """Both are let through (each checked before the other completed); the one whose
    login completes first has the name, the other is closed with the reason."""
    service = service_here(tmp_path)
    by_key, key_conn = login(service, "carol", "127.0.0.2")
    by_password, password_conn = login(service, "carol", "127.0.0.3")
    assert by_key.validate_public_key("carol", KEY)
    assert asyncio.run(by_password.validate_password("carol", "correct horse"))
    order = [by_password, by_key] if first == "password" else [by_key, by_password]
    for server in order:
        completed(server)
    winner, loser = order
    assert winner.logged_in and not loser.logged_in
    closed = key_conn.closed if first == "password" else password_conn.closed
    assert closed is not None
    if first == "password":
        assert "in use by a player who logs in with the password" in closed
        assert service.keys.owner("carol") is None
    else:
        assert "belongs to a key" in closed
        assert service.keys.owner("carol") == KEY.get_fingerprint("sha256")


def test_a_seated_password_player_holds_the_name_after_they_leave(tmp_path: Path) -> None:
    """carol came in with the password and sits at a table: her connection ends, and
    still no key may take her name; once she stands up and is gone, a key may."""
    service = service_here(tmp_path)
    carol, _ = login(service, "carol", "127.0.0.3")
    assert asyncio.run(carol.validate_password("carol", "correct horse"))
    completed(carol)

    async def sit() -> Room:
        return await service.hall.create(
            Identity("carol", None), Plan(code="", host=""), "127.0.0.3"
        )

    async def stand() -> None:
        service.hall.leave(room.code, "carol")

    room = asyncio.run(sit())
    carol.connection_lost(None)
    assert service.by_password["carol"] == 0 and service.password_holds("carol")
    eve, eve_conn = login(service, "carol", "127.0.0.9")
    assert not eve.validate_public_key("carol", KEY)
    assert any("in use by a player who logs in with the password" in b for b in eve_conn.banners)
    assert any("benutzt jemand, der sich mit dem Passwort anmeldet" in b for b in eve_conn.banners)
    asyncio.run(stand())
    assert not service.password_holds("carol")
    later, _ = login(service, "carol", "127.0.0.9")
    assert later.validate_public_key("carol", KEY)


def test_a_password_login_frees_a_key_name_that_lapsed(tmp_path: Path) -> None:
    clock = Clock()
    service = service_here(tmp_path, clock)
    assert service.keys.take("carol", "SHA256:old")
    clock.now += DAY
    carol, _ = login(service, "carol", "127.0.0.3")
    assert asyncio.run(carol.validate_password("carol", "correct horse"))
    completed(carol)
    assert carol.logged_in and service.keys.entry("carol") is None
    service.keys.sat("carol")  # sitting down now keeps nothing for the old key
    assert service.keys.owner("carol") is None


# -- a room knows its own bindings ---------------------------------------------------------


def test_a_binding_alike_is_not_the_binding(tmp_path: Path) -> None:
    """A binding with the number, name and seat of one in force is refused (told to
    nobody: not to the place of the real one), and cannot end the real one."""
    with ThreadPoolExecutor(1) as pool:
        hall = Hall(tmp_path, pool=pool, limits=Limits(), pace=0.0, deal=lambda: (SEED, SALT))

        async def play() -> None:
            room = await hall.create(Identity("ana", None), Plan(code="", host=""))
            assert not isinstance(room, str)
            master = room.master
            ear = Ear.at(room, "ana", 0)
            binding = ear.binding
            alike = Binding(binding.number, binding.name, binding.seat)
            assert alike == binding and alike is not binding
            assert master.is_bound(binding) and not master.is_bound(alike)
            refused: list[tuple[Binding, BaseException]] = []
            refuse = master.refuse

            def refusing(by: Binding, error: BaseException) -> None:
                refused.append((by, error))
                refuse(by, error)

            master.refuse = refusing  # type: ignore[method-assign, assignment]
            ear.refusals.clear()
            assert master.inbox.put(alike, Start())  # the way in of whoever holds a link
            await master.quiet()
            assert not room.started
            assert [(by, type(error)) for by, error in refused] == [(alike, Unbound)]
            assert refused[0][0] is alike
            assert ear.refusals == []  # the real one hears nothing of it
            assert master.inbox.put(alike, Leave())
            await master.quiet()
            master.unlink(alike)
            assert master.is_bound(binding) and room.present("ana")
            assert await ear.send(room, Start()) is None  # the real one deals
            assert room.started
            await hall.stop()

        asyncio.run(play())


# -- a table that is over is its players' only (issue 34, finding 4) -----------------------

ANA_KEY = asyncssh.generate_private_key("ssh-ed25519")


class SshChannel(Channel):
    """A session channel that keeps what goes to standard error too (``log CODE``)."""

    def __init__(self) -> None:
        super().__init__((100, 30))
        self.errors: list[bytes] = []

    def write_stderr(self, data: bytes) -> None:
        self.errors.append(data)


async def logged_in(
    service: Service, name: str, address: str, key: asyncssh.SSHKey | None = None
) -> GameServer:
    """``name`` logs in from ``address`` with ``key`` (``None``: with the password)."""
    server, _ = login(service, name, address)
    if key is None:
        assert await server.validate_password(name, "correct horse")
    else:
        assert server.validate_public_key(name, key)
    server.auth_completed()
    assert server.logged_in, f"{name} was not let in"
    return server


async def command(server: GameServer, line: str) -> SshChannel:
    """``ssh NAME@HOST LINE`` on the connection ``server`` logged in: its channel, once the
    command is done."""
    chan = SshChannel()
    session = server.session_requested()
    assert isinstance(session, GameSession)
    session.connection_made(chan)  # type: ignore[arg-type]
    session.exec_requested(line)
    session.session_started()
    await settle(lambda: chan.exited is not None)
    session.connection_lost(None)
    return chan


class Prompt:
    """The game's prompt in a terminal, on the connection ``server`` logged in."""

    def __init__(self, server: GameServer) -> None:
        self.chan = SshChannel()
        session = server.session_requested()
        assert isinstance(session, GameSession)
        self.session = session
        session.connection_made(self.chan)  # type: ignore[arg-type]
        assert session.pty_requested("xterm", (100, 30, 0, 0), {})
        session.session_started()

    async def says(self, line: str, *answers: str) -> str:
        """Type ``line`` (nothing: the welcome); what was written until one of ``answers``
        came."""
        since = len(self.chan.writes)
        if line:
            self.session.data_received(line.encode() + b"\r", None)
        await settle(lambda: any(answer in self.chan.text(since) for answer in answers))
        return self.chan.text(since)

    async def close(self) -> None:
        self.session.connection_lost(None)
        if self.session.task is not None:
            await asyncio.gather(self.session.task, return_exceptions=True)


async def finished(service: Service, who: Identity) -> str:
    """``who`` makes a table of two and lets the AI play their game (``auto game``): its
    code, once it is over and in the past."""
    hall = service.hall
    room = await hall.create(who, Plan(code="", host="", level="greedy", seats=2), "127.0.0.3")
    ear = Ear.at(room, who.name, 0)
    assert await ear.send(room, Start()) is None
    assert await ear.send(room, SetAuto(Scope.GAME)) is None
    await settle(lambda: room.code not in hall.rooms)
    room.master.unlink(ear.binding)
    return room.code


NO_HISTORY = "None of the tables you sat at is over yet."
NO_LOG = "No table with that code that you sat at."
FETCH = "ssh -p 2213 pat@127.0.0.1 log"
"""The command that fetches a log, as the prompt says it to pat."""


def test_a_key_that_takes_a_password_player_s_name_later_sees_none_of_their_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pat comes in with the password, plays a game to its end and leaves. eve's key then
    takes the name ``pat`` (a name nobody holds is free): her ``history`` is empty, and
    ``log CODE`` is no table of hers, at the prompt and as ``ssh pat@HOST log CODE``. Her
    name lapses (it never sat); pat comes back with the password and has both again."""
    monkeypatch.setattr(core_table, "HELPER_LEVELS", ("greedy",))
    clock = Clock()
    service = service_here(tmp_path, clock)

    async def scenario() -> None:
        pat = await logged_in(service, "pat", "127.0.0.3")
        code = await finished(service, pat.who)
        pat.connection_lost(None)
        eve = await logged_in(service, "pat", "127.0.0.9", KEY)
        assert service.keys.owner("pat") == KEY.get_fingerprint("sha256")
        assert service.hall.history(eve.who) == []
        prompt = Prompt(eve)
        await prompt.says("", "Welcome, pat.")
        assert "ssh -p" not in await prompt.says("history", NO_HISTORY, FETCH)
        assert "ssh -p" not in await prompt.says(f"log {code}", NO_LOG, FETCH)
        await prompt.close()
        fetched = await command(eve, f"log {code}")
        assert fetched.exited == 1 and b"".join(fetched.errors) == NO_LOG.encode() + b"\n"
        assert fetched.written == b""
        eve.connection_lost(None)

        clock.now += DAY  # eve's key never sat: the name is free again, for the password
        back = await logged_in(service, "pat", "127.0.0.3")
        assert [past.plan.code for past in service.hall.history(back.who)] == [code]
        prompt = Prompt(back)
        await prompt.says("", "Welcome, pat.")
        await prompt.says("history", f"ssh -p 2213 pat@127.0.0.1 log {code}")
        await prompt.close()
        fetched = await command(back, f"log {code.lower()}")
        past = next((tmp_path / "tables" / "past").glob(f"*-{code}.jsonl"))
        assert fetched.exited == 0 and fetched.written == past.read_bytes()
        back.connection_lost(None)
        await service.hall.stop()

    asyncio.run(scenario())


def test_a_key_player_keeps_their_tables_over_a_restart_and_nobody_else_has_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ana plays with her key; her table is hers at the prompt and by ``log CODE``, also
    after a restart; the password under her name is refused, and a seat of hers is not
    a password player's of the same name."""
    monkeypatch.setattr(core_table, "HELPER_LEVELS", ("greedy",))

    async def play() -> str:
        service = service_here(tmp_path)
        ana = await logged_in(service, "ana", "127.0.0.2", ANA_KEY)
        code = await finished(service, ana.who)
        assert service.hall.history(Identity("ana", None)) == []  # the password never sat
        assert await service.hall.fetch_log(Identity("ana", "SHA256:other"), code) == NoLog.NONE
        ana.connection_lost(None)
        assert await service.keys.flush()
        await service.hall.stop()
        return code

    code = asyncio.run(play())

    async def restarted() -> None:
        service = service_here(tmp_path)
        ana = await logged_in(service, "ana", "127.0.0.2", ANA_KEY)
        prompt = Prompt(ana)
        await prompt.says("", "Welcome, ana.")
        await prompt.says("history", f"ssh -p 2213 ana@127.0.0.1 log {code}")
        await prompt.close()
        fetched = await command(ana, f"log {code}")
        assert fetched.exited == 0 and fetched.written.startswith(b'{"format": "threethirteen-log"')
        ana.connection_lost(None)
        await service.hall.stop()

    asyncio.run(restarted())


def test_a_plan_written_before_seats_kept_who_sat_loads_and_gives_nobody_else_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Plans of an older server have no ``keys``: they load (a table that is over, and one
    in play), and a seat of theirs is the key's that owns the name now only if the book
    says it owned it already when the table was made; else nobody's (a password seat,
    a key that claimed the name since)."""
    monkeypatch.setattr(core_table, "HELPER_LEVELS", ("greedy",))
    clock = Clock()

    async def play() -> tuple[str, str]:
        service = service_here(tmp_path, clock)
        assert service.keys.take("ana", "SHA256:ana")
        assert await service.keys.flush()
        ana_code = await finished(service, Identity("ana", "SHA256:ana"))
        pat_code = await finished(service, Identity("pat", None))
        room = await service.hall.create(Identity("ana", "SHA256:ana"), Plan(code="", host=""))
        await service.hall.stop()
        return ana_code, pat_code, room.code

    ana_code, pat_code, open_code = asyncio.run(play())
    tables = tmp_path / "tables"
    for path in [*(tables / "past").glob("*.json"), tables / f"{open_code}.json"]:
        plan = json.loads(path.read_text(encoding="utf-8"))
        del plan["keys"]  # as an older server wrote it
        path.write_text(json.dumps(plan), encoding="utf-8")

    async def restarted() -> None:
        service = service_here(tmp_path, clock)
        hall = service.hall
        assert open_code in hall.rooms and hall.rooms[open_code].plan.keys == ()
        assert [past.plan.code for past in hall.history(Identity("ana", "SHA256:ana"))] == [
            ana_code
        ]
        assert hall.history(Identity("ana", None)) == []
        assert hall.history(Identity("pat", None)) == []  # the password: nobody's now
        clock.now = time.time() + 60  # a key claims pat after the table was made
        assert service.keys.take("pat", "SHA256:pat")
        assert hall.history(Identity("pat", "SHA256:pat")) == []
        assert await hall.fetch_log(Identity("pat", "SHA256:pat"), pat_code) == NoLog.NONE
        assert isinstance(await hall.fetch_log(Identity("ana", "SHA256:ana"), ana_code), bytes)
        await hall.stop()

    asyncio.run(restarted())
