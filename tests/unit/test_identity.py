"""One owner per name, whatever the way in (issue 25, findings 2 and 3): the book of names
with its times (a name that never sat is freed after a while, read from either form of
``keys.json``), the password's hold on a name, two logins at the same moment, and a
room that knows its own bindings from ones alike."""

from __future__ import annotations

import asyncio
import json
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import asyncssh
import pytest
from threethirteen.repl.server.binding import Binding, Unbound
from threethirteen.repl.server.hall import Hall
from threethirteen.repl.server.house import Limits, Service
from threethirteen.repl.server.names import DAY, KeyBook
from threethirteen.repl.server.plan import Plan
from threethirteen.repl.server.room import Room
from threethirteen.repl.server.ssh import GameServer

from tests.helpers.rooms import Ear

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
        room = await service.hall.create("ana", Plan(code="", host=""), "127.0.0.2")
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
        return await service.hall.create("carol", Plan(code="", host=""), "127.0.0.3")

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
    """A binding with the number, name and seat of one in force is refused, and cannot
    end the real one."""
    with ThreadPoolExecutor(1) as pool:
        hall = Hall(tmp_path, pool=pool, limits=Limits(), pace=0.0, deal=lambda: (SEED, SALT))

        async def play() -> None:
            room = await hall.create("ana", Plan(code="", host=""))
            assert not isinstance(room, str)
            binding = room.bind(Ear(), "ana", 0).binding
            alike = Binding(binding.number, binding.name, binding.seat)
            assert alike == binding and alike is not binding
            assert room.is_bound(binding) and not room.is_bound(alike)
            with pytest.raises(Unbound):
                await room.start(alike)
            room.unbind(alike)
            assert room.is_bound(binding) and room.present("ana")
            await hall.stop()

        asyncio.run(play())
