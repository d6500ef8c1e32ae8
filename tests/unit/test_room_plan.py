"""Who sits where: the room alone changes its plan, and puts it on disk before anyone hears
of a seat.

The hall's writer is held at a gate (``write_atomic`` waits for the test), so that what
the table tells, and when the lobby goes to the table, is seen against what is on disk.
"""

from __future__ import annotations

import asyncio
import errno
import io
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from threethirteen.repl.files.atomic import write_atomic
from threethirteen.repl.kit.screen import PlainScreen
from threethirteen.repl.protocol.acts import Start
from threethirteen.repl.protocol.link import Link
from threethirteen.repl.protocol.news import News, Note
from threethirteen.repl.server import hall as hall_module
from threethirteen.repl.server.door import Door
from threethirteen.repl.server.hall import Hall
from threethirteen.repl.server.limits import Limits
from threethirteen.repl.server.lobby import LobbyFront
from threethirteen.repl.server.names import Identity
from threethirteen.repl.server.plan import Plan, read_plan
from threethirteen.repl.server.room import Refused, Room
from threethirteen.repl.words.i18n import Texts

from tests.helpers.rooms import Ear

SEED, SALT = 2213, "c0ffee" * 5 + "00"


class Gate:
    """``write_atomic`` of the hall, held until the test lets each write through (or
    refuses it, as a full disk would)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.open = threading.Event()
        self.open.set()
        self.refuse = 0
        """How many of the next writes the disk refuses."""
        self.waiting = asyncio.Event()
        """A write is held at the gate."""
        self.plans: list[Plan] = []
        """Every plan written, in order."""
        self._lock = threading.Lock()

    def __call__(self, path: Path, text: str, **options: object) -> None:
        if not self.open.is_set():
            self.loop.call_soon_threadsafe(self.waiting.set)
            self.open.wait()
        with self._lock:
            if self.refuse:
                self.refuse -= 1
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        write_atomic(path, text, **options)  # type: ignore[arg-type]
        self.plans.append(read_plan(text))

    def hold(self) -> None:
        self.open.clear()
        self.waiting.clear()

    def release(self) -> None:
        self.open.set()


class Witness(Ear):
    """A place that, the moment it is told someone sat down, reads the table's plan on
    disk."""

    def __init__(self, link: Link, path: Callable[[], Path]) -> None:
        super().__init__(link)
        self.path = path
        self.on_disk: list[tuple[str | None, ...]] = []
        put = link.news.put

        def told(news: News) -> bool:
            if isinstance(news, Note) and news.key == "server.sat_down":
                self.on_disk.append(on_disk(self.path()).people)
            return put(news)

        link.news.put = told  # type: ignore[method-assign]


def on_disk(path: Path) -> Plan:
    return read_plan(path.read_bytes())


def new_hall(folder: Path, pool: ThreadPoolExecutor, reports: list[str] | None = None) -> Hall:
    report = (reports if reports is not None else []).append
    return Hall(
        folder, pool=pool, limits=Limits(), pace=0.0, deal=lambda: (SEED, SALT), report=report
    )


def plan_path(hall: Hall, room: Room) -> Path:
    return hall.folder / f"{room.code}.json"


def run(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    test: Callable[[Hall, Gate, list[str]], object],
) -> None:
    async def go() -> None:
        gate = Gate(asyncio.get_running_loop())
        monkeypatch.setattr(hall_module, "write_atomic", gate)
        reports: list[str] = []
        with ThreadPoolExecutor(2) as pool:
            hall = new_hall(tmp_path, pool, reports)
            hall.load()
            await test(hall, gate, reports)  # type: ignore[misc]
            await hall.stop()

    asyncio.run(go())


def test_a_seat_is_told_only_once_its_plan_is_on_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ben's seat is taken at once, but the table hears of it only after the plan with ben
    is on disk; cy, sitting down meanwhile, gets the next seat, and is written after."""

    async def test(hall: Hall, gate: Gate, reports: list[str]) -> None:
        room = await hall.create(Identity("ana", None), Plan(code="", host=""))
        assert on_disk(plan_path(hall, room)).people == ("ana", None, None, None)
        ana = Witness(room.link("ana", 0), lambda: plan_path(hall, room))
        gate.hold()
        ben = asyncio.ensure_future(room.sit(Identity("ben", None)))
        cy = asyncio.ensure_future(room.sit(Identity("cy", None)))
        await gate.waiting.wait()  # ben's plan is at the gate
        assert room.plan.people == ("ana", "ben", "cy", None)  # both seats taken at once
        assert not ben.done() and not cy.done()
        assert "server.sat_down" not in [note.key for note in ana.notes]  # nobody was told
        assert all(who.people[1:] == (None,) * 3 for who in ana.seating)  # nor shown
        assert on_disk(plan_path(hall, room)).people == ("ana", None, None, None)
        gate.release()
        assert await ben == 1 and await cy == 2
        assert [note.params for note in ana.notes if note.key == "server.sat_down"] == [
            (("name", "ben"), ("seat", 1)),
            (("name", "cy"), ("seat", 2)),
        ]
        assert ana.on_disk[0][1] == "ben" and ana.on_disk[1][:3] == ("ana", "ben", "cy")
        assert [plan.people for plan in gate.plans][-1] == ("ana", "ben", "cy", None)
        assert on_disk(plan_path(hall, room)) == room.plan

    run(tmp_path, monkeypatch, test)


def test_two_sit_at_once_and_each_has_a_seat_of_their_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def test(hall: Hall, gate: Gate, reports: list[str]) -> None:
        room = await hall.create(Identity("ana", None), Plan(code="", host="", seats=3))
        seats = await asyncio.gather(
            room.sit(Identity("ben", None)), room.sit(Identity("cy", None)), return_exceptions=True
        )
        assert sorted(seats) == [1, 2]  # type: ignore[type-var]
        with pytest.raises(Refused, match=r"server\.table_full"):
            await room.sit(Identity("dan", None))
        assert await room.sit(Identity("ben", None)) == 1  # their own seat again (another terminal)
        assert on_disk(plan_path(hall, room)).people == ("ana", "ben", "cy")
        writes = len(gate.plans)
        await room.sit(Identity("cy", None))
        assert len(gate.plans) == writes  # on disk already: nothing written again

    run(tmp_path, monkeypatch, test)


def test_a_sit_the_disk_refuses_is_undone_and_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk refuses ben's plan: ben is not seated and nobody hears he sat down, while
    cy, who sat down meanwhile, keeps the seat she took; the hall's log says why."""

    async def test(hall: Hall, gate: Gate, reports: list[str]) -> None:
        room = await hall.create(Identity("ana", None), Plan(code="", host=""))
        ana = Ear.at(room, "ana", 0)
        gate.refuse = 1
        ben, cy = await asyncio.gather(
            room.sit(Identity("ben", None)), room.sit(Identity("cy", None)), return_exceptions=True
        )
        assert isinstance(ben, Refused) and ben.key == "server.plan_unsaved"
        assert cy == 2
        assert room.plan.people == ("ana", None, "cy", None)
        assert on_disk(plan_path(hall, room)).people == ("ana", None, "cy", None)
        sat = [dict(note.params)["name"] for note in ana.notes if note.key == "server.sat_down"]
        assert sat == ["cy"]
        assert any(f"cannot write the plan of {room.code}" in line for line in reports)
        assert await room.sit(Identity("ben", None)) == 1  # the disk takes it again
        said = Texts("de")("server.plan_unsaved")
        assert "nicht" in said and Texts("en")("server.plan_unsaved") != "server.plan_unsaved"

    run(tmp_path, monkeypatch, test)


def test_a_table_the_disk_refuses_is_not_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def test(hall: Hall, gate: Gate, reports: list[str]) -> None:
        gate.refuse = 1
        with pytest.raises(Refused, match=r"server\.plan_unsaved"):
            await hall.create(Identity("ana", None), Plan(code="", host=""))
        assert hall.rooms == {} and list(hall.folder.glob("*.json")) == []
        room = await hall.create(Identity("ana", None), Plan(code="", host=""))
        assert hall.find(room.code) is room and plan_path(hall, room).exists()

    run(tmp_path, monkeypatch, test)


def test_the_room_writes_who_stands_up_and_the_new_host(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ana, the host, leaves: the room makes ben host and writes it; ben leaves: the table
    nobody sits at is forgotten, its plan with it."""

    async def test(hall: Hall, gate: Gate, reports: list[str]) -> None:
        room = await hall.create(Identity("ana", None), Plan(code="", host=""))
        await room.sit(Identity("ben", None))
        before = room.plan
        hall.leave(room.code, "ana")
        assert room.plan is not before and before.host == "ana"  # a new plan, the old as it was
        await room.save()  # (after the write the room began)
        kept = on_disk(plan_path(hall, room))
        assert (kept.host, kept.people) == ("ben", (None, "ben", None, None))
        hall.leave(room.code, "ben")
        assert hall.find(room.code) is None
        await room.save()  # a table forgotten: its plan is written no more
        await hall.stop()
        assert not plan_path(hall, room).exists()

    run(tmp_path, monkeypatch, test)


def test_the_lobby_goes_to_the_table_once_the_seat_is_on_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``join`` goes to the table when ben's seat is on disk, not before (at once to a seat
    that is kept already); a join the disk refuses says so and stays in the lobby."""

    async def test(hall: Hall, gate: Gate, reports: list[str]) -> None:
        room = await hall.create(Identity("ana", None), Plan(code="", host=""))
        went: list[tuple[tuple[str | None, ...], str]] = []
        screen = io.StringIO()

        def lobby(name: str) -> LobbyFront:
            def go(link: Link) -> None:  # the lobby is answered with a link, not the room
                assert link.facts.code == room.code
                how = "watch" if link.seat is None else "play"
                went.append((on_disk(plan_path(hall, room)).people, how))

            return LobbyFront(
                Door(hall),
                who=Identity(name, None),
                tx=Texts("en"),
                screen=PlainScreen(screen),
                go=go,
                language=lambda lang: None,
            )

        ben = lobby("ben")
        gate.hold()
        ben.execute(f"join {room.code}")
        await gate.waiting.wait()
        assert went == [] and room.plan.people[1] == "ben"
        ben.execute(f"join {room.code}")  # typed again meanwhile: one join at a time
        assert "a moment" in screen.getvalue()
        gate.release()
        await ben.settled()
        assert went == [(("ana", "ben", None, None), "play")]
        lobby("ben").execute(f"join {room.code}")  # ben's other terminal: his seat is kept
        assert len(went) == 2  # at once: the prompt after the line is never waited on
        gate.refuse = 1
        cy = lobby("cy")
        cy.execute(f"join {room.code.lower()}")
        await cy.settled()
        assert len(went) == 2 and room.plan.people[2] is None
        assert Texts("en")("server.plan_unsaved") in " ".join(screen.getvalue().split())

    run(tmp_path, monkeypatch, test)


def test_a_lobby_left_while_its_seat_was_written_gives_the_seat_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The connection ends while ``new`` writes the table: it never goes there, and the
    table nobody sits at is forgotten."""

    async def test(hall: Hall, gate: Gate, reports: list[str]) -> None:
        went: list[Link] = []
        lobby = LobbyFront(
            Door(hall),
            who=Identity("ana", None),
            tx=Texts("en"),
            screen=PlainScreen(io.StringIO()),
            go=went.append,
            language=lambda lang: None,
        )
        gate.hold()
        lobby.execute("new --seats 2")
        await gate.waiting.wait()
        lobby.leave()
        gate.release()
        await lobby.settled()
        assert went == [] and hall.open_tables() == []

    run(tmp_path, monkeypatch, test)


def test_the_deal_waits_for_the_seats_on_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host starts while ben's seat is being written: the deal waits for it, and the
    disk refusing it leaves a seat the AI may not take, so nothing is dealt."""

    async def test(hall: Hall, gate: Gate, reports: list[str]) -> None:
        room = await hall.create(
            Identity("ana", None), Plan(code="", host="", seats=2, ai=0, level="greedy")
        )
        host = Ear.at(room, "ana", 0)
        assert host.link is not None
        gate.hold()
        ben = asyncio.ensure_future(room.sit(Identity("ben", None)))
        await gate.waiting.wait()
        assert host.link.send(Start())  # ben sits, in memory
        gate.refuse = 1
        gate.release()
        with pytest.raises(Refused, match=r"server\.plan_unsaved"):
            await ben
        await room.master.quiet()
        assert [r.key for r in host.refusals] == ["server.seats_for_people"]
        assert not room.started and not room.log_path.exists()
        assert await room.sit(Identity("ben", None)) == 1
        assert await host.send(room, Start()) is None
        assert room.table is not None and room.table.snapshot.events
        assert on_disk(plan_path(hall, room)).people == ("ana", "ben")
        await room.close()

    run(tmp_path, monkeypatch, test)
