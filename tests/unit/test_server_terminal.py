"""A person at a server, in their terminal, through the real classes without the network
(issue 37, items 11 and 12): the language chosen with ``lang`` kept for their name (over
a reconnect and a restart), the toolbar before the deal and while the table waits for
someone away, the lobby's seats (free before the start, the AI's once the game runs) as
the terminal and the browser's list show them, and what a refused new name says to the
host and to the person. (The same in OpenSSH's client: tests/e2e/test_server_terminal.py.)
"""

from __future__ import annotations

import asyncio
import io
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import asyncssh
import attrs
import pytest
from threethirteen.repl.kit.render import plain
from threethirteen.repl.kit.screen import PlainScreen
from threethirteen.repl.kit.seat import SeatFront
from threethirteen.repl.protocol.acts import Start
from threethirteen.repl.server.directory import JoinTable, MakeTable
from threethirteen.repl.server.door import Door
from threethirteen.repl.server.hall import Hall
from threethirteen.repl.server.limits import Limits
from threethirteen.repl.server.lobby import LobbyFront
from threethirteen.repl.server.names import Identity, KeyBook
from threethirteen.repl.server.plan import Plan
from threethirteen.repl.server.room import Room
from threethirteen.repl.server.serve import FILES_AND_ENVIRONMENT
from threethirteen.repl.server.service import Service
from threethirteen.repl.server.ssh import GameServer
from threethirteen.repl.server.table_session import sit_down
from threethirteen.repl.server.terminal import Guest
from threethirteen.repl.words.i18n import Texts

from tests.helpers.channel import Channel
from tests.helpers.rooms import Ear, Terminal, settle

ANA = Identity("ana", "SHA256:ana-key")
SEED, SALT = 77, "ab" * 16


# -- lang, kept for the name -------------------------------------------------------------


def service_at(folder: Path, said: list[str]) -> Service:
    """A server over ``folder`` as it starts: its tables and its book of names read."""
    hall = Hall(folder, pool=ThreadPoolExecutor(1), limits=Limits())
    hall.load()
    return Service(hall, KeyBook(folder / "keys.json"), report=said.append)


class Login:
    """``who`` logged in at ``service``, at the lobby's prompt in a terminal with no
    language of its own (no ``LANG`` sent)."""

    def __init__(self, service: Service, who: Identity) -> None:
        self.chan = Channel((80, 24))
        self.guest = Guest(service, who, self.chan)  # type: ignore[arg-type]
        self.task: asyncio.Task[None] | None = None

    async def start(self, bar: str) -> None:
        """Until the lobby's toolbar says ``bar``."""
        self.task = asyncio.ensure_future(self.guest.run())
        await settle(lambda: bar in self.chan.text())

    def enter(self, line: str) -> None:
        app = self.guest.lines.running()
        assert app is not None
        app.exit(result=line)

    async def stop(self) -> None:
        assert self.task is not None
        self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)


def test_lang_is_kept_for_the_name_over_a_reconnect_and_a_restart(tmp_path: Path) -> None:
    async def scenario() -> None:
        said: list[str] = []
        service = service_at(tmp_path, said)
        assert service.keys.take(ANA.name, str(ANA.key))
        assert await service.keys.keep(ANA.name)
        first = Login(service, ANA)
        await first.start("ana in the lobby")
        first.enter("lang de")
        await settle(lambda: "ana in der Lobby" in first.chan.text())
        await first.stop()
        # a reconnect: German from the first word, though the terminal sends no LANG
        again = Login(service, ANA)
        await again.start("ana in der Lobby")
        assert "Willkommen, ana" in again.chan.text()
        await again.stop()
        assert await service.keys.flush()
        # on disk, with the name; a restart reads it back
        book = json.loads((tmp_path / "keys.json").read_text())
        assert book["ana"]["lang"] == "de"
        restarted = service_at(tmp_path, said)
        assert restarted.keys.language(ANA) == "de"
        after = Login(restarted, ANA)
        await after.start("ana in der Lobby")
        after.enter("lang en")  # chosen back: English at the next login
        await settle(lambda: "ana in the lobby" in after.chan.text())
        await after.stop()
        assert await restarted.keys.flush()
        assert KeyBook(tmp_path / "keys.json").language(ANA) == "en"
        # the name's, for the key that owns it: not for the password, nor another key
        assert restarted.keys.language(Identity("ana", None)) is None
        assert restarted.keys.language(Identity("ana", "SHA256:other")) is None

    asyncio.run(scenario())


@pytest.mark.parametrize(
    "lang", ['"fr"', '"de\\u001b[2J"', "1", 'null, "x": 1', '"' + "d" * 300 + '"']
)
def test_a_language_in_the_book_that_the_game_does_not_speak_is_refused(
    tmp_path: Path, lang: str
) -> None:
    """The book is a file from outside: a name's language is one the game speaks, or the
    book is not read (the server says so at start, as for any other fault of it)."""
    path = tmp_path / "keys.json"
    entry = '{"key": "SHA256:k", "claimed": 1.0, "sat": null, "lang": ' + lang + "}"
    path.write_text('{"ana": ' + entry + "}")
    with pytest.raises(ValueError, match="not a book of names and keys"):
        KeyBook(path)


def test_a_password_login_chooses_a_language_for_this_login_only(tmp_path: Path) -> None:
    """Someone without a key has no entry in the book: ``lang`` holds for the login."""
    book = KeyBook(tmp_path / "keys.json")
    book.choose(Identity("pat", None), "de")
    assert book.language(Identity("pat", None)) is None and len(book) == 0
    assert book.take("ana", "SHA256:ana")
    book.choose(Identity("ana", "SHA256:someone-else"), "de")
    assert book.language(Identity("ana", "SHA256:ana")) is None


# -- the toolbar at a table ----------------------------------------------------------------


def seated(room: Room, name: str, seat: int | None, lang: str = "en") -> SeatFront:
    place = sit_down(room, Terminal(name), seat, lang=lang, screen=PlainScreen(io.StringIO()))
    place.front.begin()
    return place.front


def bar(front: SeatFront) -> str:
    return plain(front.toolbar()).strip()


def test_the_host_is_told_to_start_and_the_others_whom_they_wait_for(tmp_path: Path) -> None:
    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            plan = Plan(code="SAGE-1", host="ana", ai=1, people=("ana", "ben", None, None))
            room = Room(plan, tmp_path, pool=pool, pace=0.0, deal=lambda: (SEED, SALT))
            ana, ben = seated(room, "ana", 0), seated(room, "ben", 1)
            anna = seated(room, "ana", 0, "de")
            await settle(lambda: ana.who is not None and ben.who is not None)
            # --ai 1: one more person must sit down first
            assert bar(ana) == "SAGE-1 · 1 more must sit down, then start"
            assert bar(anna) == "SAGE-1 · noch einer muss sich setzen, dann starten"
            assert bar(ben) == "SAGE-1 · waiting for ana to start"
            assert await room.sit(Identity("cy", None)) == 2
            cy = seated(room, "cy", 2)
            await settle(lambda: ana.who is not None and "cy" in ana.who.people)
            assert bar(ana) == "SAGE-1 · start deals when you are ready"
            await settle(lambda: anna.who is not None and "cy" in anna.who.people)
            assert bar(anna) == "SAGE-1 · starten gibt, sobald ihr bereit seid"
            assert bar(cy) == "SAGE-1 · waiting for ana to start"
            eve = seated(room, "eve", None)
            assert bar(eve).startswith("SAGE-1 · watching")
            await room.close()

    asyncio.run(play())


def test_the_bar_says_the_table_waits_for_someone_away(tmp_path: Path) -> None:
    """A person's turn while they are away (no clock): the others read that the table
    waits for them, and that they are away, not that they are playing."""

    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            plan = Plan(code="SAGE-2", host="ana", seats=2, ai=0, people=("ana", "ben"))
            room = Room(plan, tmp_path, pool=pool, pace=0.0, deal=lambda: (SEED, SALT))
            ana, anna = seated(room, "ana", 0), seated(room, "ana", 0, "de")
            ben_place = sit_down(
                room, Terminal("ben"), 1, lang="en", screen=PlainScreen(io.StringIO())
            )
            ben = ben_place.front
            ben.begin()
            ana.execute("start")
            await settle(lambda: ana.view is not None and ana.view.mine is not None)
            assert ana.view is not None and ana.view.mine is not None
            if ana.view.mine.turn == 0:  # ana's turn first: she plays it, ben's comes
                ana.execute("d")
                await settle(lambda: ana.view.mine.phase.name == "DISCARD")  # type: ignore[union-attr]
                card = ana.view.mine.hand[0]  # type: ignore[union-attr]
                ana.execute(f"x {card.rank.symbol}{card.suit.value}")
            await settle(lambda: ana.view.mine.turn == 1)  # type: ignore[union-attr]
            await settle(lambda: "ben is playing" in bar(ana))  # ben is here: he plays
            ben_place.leave()
            await settle(lambda: "waiting for ben, away" in bar(ana))
            await settle(lambda: "wartet auf ben (weg)" in bar(anna))
            back = seated(room, "ben", 1)  # he comes back
            await settle(lambda: "ben is playing" in bar(ana))
            assert back.view is not None and back.view.my_turn
            await room.close()

    asyncio.run(play())


# -- the lobby's list of tables ------------------------------------------------------------


def test_the_lobby_shows_free_seats_before_the_start_and_the_ai_s_once_it_runs(
    tmp_path: Path,
) -> None:
    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            hall = Hall(tmp_path, pool=pool, limits=Limits(), pace=10.0**9,
                        deal=lambda: (SEED, SALT))  # fmt: skip
            hall.load()
            room = await hall.create(Identity("ana", None), Plan(code="", host="", level="easy"))
            await room.sit(Identity("ben", None))
            shown = io.StringIO()
            cy = LobbyFront(
                Door(hall),
                who=Identity("cy", None),
                tx=Texts("en"),
                screen=PlainScreen(shown),
                go=lambda link: None,
                language=lambda lang: None,
            )
            cy.execute("tables")
            said = " ".join(shown.getvalue().split())
            assert f"{room.code} 2/4 ana, ben, free, free · " in said
            assert said.endswith("waiting to start")
            (row,) = (listed.row(Texts("en"), "cy") for listed in hall.directory.tables)
            assert (row["taken"], row["people"], row["ai"]) == (2, ["ana", "ben", None, None], [])
            Ear.at(room, "ana", 0).link.send(Start())  # type: ignore[union-attr]
            await settle(lambda: room.started and room.round_no() == 1)
            shown.truncate(0)
            shown.seek(0)
            cy.execute("tables")
            said = " ".join(shown.getvalue().split())
            assert f"{room.code} 4/4 ana, ben, AI 3 (easy), AI 4 (easy) · " in said
            assert "free" not in said and said.endswith("round 1/11")
            (row,) = (listed.row(Texts("de"), "ben") for listed in hall.directory.tables)
            assert row["people"] == ["ana", "ben", "KI 3 (leicht)", "KI 4 (leicht)"]
            assert (row["taken"], row["ai"], row["mine"], row["started"]) == (4, [2, 3], True, True)
            cy.execute(f"join {room.code}")  # a running game: watch it instead
            await cy.settled()
            assert "That game has started" in shown.getvalue()
            await hall.stop()

    asyncio.run(play())


# -- what the host reads ------------------------------------------------------------------


class Conn:
    """What a login asks of its connection: a banner shown, the connection closed."""

    def __init__(self) -> None:
        self.banners: list[str] = []

    def send_auth_banner(self, text: str) -> None:
        self.banners.append(text)

    def disconnect(self, code: int, text: str) -> None:
        raise AssertionError(f"closed: {text}")

    def get_extra_info(self, name: str, default: object = None) -> object:
        return default


def test_the_sixth_new_name_of_an_address_tells_the_host_the_limit_and_how_to_raise_it(
    tmp_path: Path,
) -> None:
    """Friends behind one router: the sixth new name within the hour from their address
    is refused; the person reads why and what they may do, in both languages (before the
    login nobody knows theirs), and the host's log names the limit and how to raise it."""
    said: list[str] = []
    service = service_at(tmp_path, said)
    key = asyncssh.generate_private_key("ssh-ed25519")
    for n in range(1, 7):
        server = GameServer(service)
        conn = Conn()
        server.conn = conn  # type: ignore[assignment]
        server.address = server.peer = "198.51.100.7"
        assert server.begin_auth(f"friend{n}")
        let_in = server.validate_public_key(f"friend{n}", key)
        if n < 6:
            assert let_in and server._name_lost() is None  # (taken, as the login completes)
            continue
        assert not let_in
        (banner,) = conn.banners
        told = " ".join(banner.split())
        assert "Your address has claimed 5 new names within the hour" in told
        assert "people behind one router share it" in told
        assert "ask whoever runs the server to raise the limit" in told
        assert "bitte den Betreiber des Servers, die Grenze anzuheben" in told
    (line,) = [line for line in said if "a new name" in line]
    assert line.startswith("refused 198.51.100.7: a new name: the address's new names")
    assert "limit new_names_per_address; to raise it: threethirteen serve --print-limits" in line
    assert "--limits limits.toml" in line


def test_serve_help_says_the_server_s_files_not_a_game_s() -> None:
    for name in ("--data DIR", "host_key", "keys.json", "tables/", "XDG_DATA_HOME", "LANG"):
        assert name in FILES_AND_ENVIRONMENT
    assert "config.toml" not in FILES_AND_ENVIRONMENT and "saved games" not in FILES_AND_ENVIRONMENT
    assert all(len(line) <= 60 for line in FILES_AND_ENVIRONMENT.splitlines())


# -- the directory: a record published after each change -----------------------------------


def test_the_hall_publishes_a_directory_after_each_change_and_only_then(tmp_path: Path) -> None:
    """The fronts read a record that never changes; the hall publishes a new one when what
    it lists changed (a table made, a seat taken, the deal, a table closed), not for a move
    that changes nothing listed. The name checks read it too."""

    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            hall = Hall(tmp_path, pool=pool, limits=Limits(), pace=10.0**9,
                        deal=lambda: (SEED, SALT))  # fmt: skip
            hall.load()
            service = Service(hall, KeyBook(tmp_path / "keys.json"))
            empty = hall.directory
            assert empty.tables == () and not service.password_holds("pat")
            with pytest.raises(attrs.exceptions.FrozenInstanceError):
                empty.tables = ()  # type: ignore[misc]
            door = Door(hall)
            link = await door.make(MakeTable(Identity("pat", None), Plan(code="", host="")))
            made = hall.directory
            assert made is not empty and empty.tables == ()  # the old one is as it was
            (listed,) = made.tables
            assert listed.plan.people[0] == "pat" and listed.code == link.facts.code
            assert service.password_holds("pat")  # (read from the directory)
            ben = await door.join(JoinTable(Identity("ben", None), listed.code))
            assert ben.seat == 1 and hall.directory.tables[0].plan.people[1] == "ben"
            link.send(Start())
            await settle(lambda: hall.directory.tables[0].started)
            dealt = hall.directory
            assert dealt.tables[0].round_no == 1 and dealt.tables[0].taken == 4
            room = hall.find(listed.code)
            assert room is not None
            room.changed()  # a change that lists nothing new: nothing published
            assert hall.directory is dealt
            assert door.back(Identity("ben", None), lambda code: None) is not None
            hall.sweep()  # (nobody is idle yet: nothing closed)
            assert hall.directory is dealt
            room.closed = True  # closed: out of the directory at once
            assert hall.directory.tables == () and not service.password_holds("pat")
            await hall.stop()

    asyncio.run(play())


@pytest.mark.parametrize(
    ("key", "params"),
    [
        ("server.banner_bad_name", {"name": "Bad_Name_Of_Sixteen"}),
        ("server.banner_other_key", {"name": "ana"}),
        ("server.banner_key_name", {"name": "ana"}),
        ("server.banner_password_name", {"name": "carol"}),
        ("server.banner_no_key", {"command": "ssh -p 2222 ana@play.example.org"}),
    ],
)
def test_a_refusals_banner_fits_an_80_column_terminal_and_keeps_its_commands_whole(
    key: str, params: dict[str, object]
) -> None:
    """ssh shows a banner as it comes: a line wider than the terminal is cut in the middle
    of a word ("tak/es"). Each line is at most 78 wide, and a command stays on one line."""
    from threethirteen.repl.server.ssh import BANNER_WIDTH, both

    said = both(key, **params)
    lines = said.split("\r\n")
    assert BANNER_WIDTH <= 78 and all(len(line) <= BANNER_WIDTH for line in lines), lines
    assert "\n" not in said.replace("\r\n", "")  # every line ends as a terminal wants it
    for command in ("ssh NAME@host", "ssh OTHER@host", "ssh ANDERER@host", "ssh-keygen -t ed25519"):
        if command in " ".join(lines):
            assert any(command in line for line in lines), (command, lines)
    if "command" in params:
        assert sum(line.strip() == params["command"] for line in lines) == 2  # en and de
