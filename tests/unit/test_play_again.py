"""Another game at a shared table (``again``): asked by one who played at a table whose game
is over, a new table set up as it was, its asker the host; the others who played there are
told, each in their own words, and asking there again sits them at that table, never at a
second one. Strangers, a game not over and the caps on tables are refused."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from threethirteen.core import table as core_table
from threethirteen.core.turns import Scope
from threethirteen.repl.protocol.acts import SetAuto, Start
from threethirteen.repl.protocol.link import Link
from threethirteen.repl.protocol.news import Note
from threethirteen.repl.server.directory import PlayAgain
from threethirteen.repl.server.door import Door
from threethirteen.repl.server.hall import Hall
from threethirteen.repl.server.limits import Limits
from threethirteen.repl.server.names import Identity
from threethirteen.repl.server.plan import Plan
from threethirteen.repl.server.room import Refused, Room
from threethirteen.repl.words.i18n import Texts

from tests.helpers.rooms import Ear, loop_errors, settle

SEED, SALT = 2213, "c0ffee" * 5 + "00"
ANA, BEN, EVE = Identity("ana", "SHA256:a"), Identity("ben", None), Identity("eve", None)


def new_hall(folder: Path, pool: ThreadPoolExecutor, limits: Limits) -> Hall:
    hall = Hall(folder, pool=pool, limits=limits, pace=0.0, deal=lambda: (SEED, SALT))
    hall.load()
    return hall


async def on_auto(hall: Hall, plan: Plan) -> tuple[Room, Ear, Ear]:
    """A table set up by ``plan`` that ana made from 10.0.0.1 and ben sat at, dealt, both
    on auto for the whole game; their places at it."""
    room = await hall.create(ANA, plan, "10.0.0.1")
    await room.sit(BEN)
    ana, ben = Ear.at(room, "ana", 0), Ear.at(room, "ben", 1)
    assert await ana.send(room, Start()) is None
    assert await ana.send(room, SetAuto(Scope.GAME)) is None
    assert await ben.send(room, SetAuto(Scope.GAME)) is None
    return room, ana, ben


async def finished(hall: Hall) -> tuple[Room, Ear, Ear]:
    """A table of three seats (one the AI's, a 30 s turn clock, two jokers, aces high),
    played to its end on auto (:func:`on_auto`) and moved to the past."""
    plan = Plan(
        code="", host="", level="greedy", seats=3, jokers=2, aces_high=True, turn_time=30,
        ai=1, people=(None,) * 3,
    )  # fmt: skip
    room, ana, ben = await on_auto(hall, plan)
    await settle(lambda: room.code not in hall.rooms)
    assert room.finished
    return room, ana, ben


def asked(ear: Ear) -> list[Note]:
    return [note for note in ear.notes if note.key == "server.again_asked"]


def run(tmp_path: Path, test: Callable[[Hall, Door], Awaitable[None]], **limits: int) -> None:
    async def main() -> None:
        errors = loop_errors()
        with ThreadPoolExecutor(2) as pool:
            hall = new_hall(tmp_path, pool, Limits(**limits))  # type: ignore[arg-type]
            await test(hall, Door(hall))
            await hall.stop()
        assert not errors, errors

    asyncio.run(main())


@pytest.fixture(autouse=True)
def helpers_greedy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(core_table, "HELPER_LEVELS", ("greedy",))


def test_again_makes_a_table_set_up_as_the_last_and_tells_the_others(tmp_path: Path) -> None:
    async def test(hall: Hall, door: Door) -> None:
        old, ana, ben = await finished(hall)
        link, made = await door.again(PlayAgain(BEN, old.code.lower(), "10.0.0.2"))
        assert made and link.seat == 0 and link.name == "ben"
        new = hall.rooms[link.facts.code or ""]
        assert new.code != old.code and not new.started
        plan, was = new.plan, old.plan
        assert (plan.seats, plan.jokers, plan.aces_high, plan.level, plan.turn_time, plan.ai) == (
            was.seats, was.jokers, was.aces_high, was.level, was.turn_time, was.ai
        )  # fmt: skip
        assert plan.host == "ben" and plan.people == ("ben", None, None)
        assert plan.address == "10.0.0.2" and plan.finished is None and plan.totals is None
        # ana is told (and nobody seats her); ben, who asked, is not
        [note] = asked(ana)
        assert note.values == {"name": "ben", "code": new.code}
        assert asked(ben) == [] and new.seat_of("ana") is None
        said_en, said_de = (Texts(lang)(note.key, **note.values) for lang in ("en", "de"))
        assert "ben" in said_en and new.code in said_en and "again" in said_en
        assert "ben" in said_de and new.code in said_de and "nochmal" in said_de

    run(tmp_path, test)


def test_again_is_taken_as_soon_as_the_game_ended_while_its_files_still_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The result reaches the players before the table's files are moved to the past (on a
    worker): a "Play again" clicked at once is taken, not refused as a game not over."""
    moving = threading.Event()
    move_to_past = Hall._move_to_past

    def slow_move(hall: Hall, room: Room) -> None:
        moving.wait()
        move_to_past(hall, room)

    monkeypatch.setattr(Hall, "_move_to_past", slow_move)

    async def test(hall: Hall, door: Door) -> None:
        plan = Plan(code="", host="", level="greedy", seats=2, people=(None,) * 2)
        room, ana, _ = await on_auto(hall, plan)
        await settle(lambda: room.finished and room.plan.finished is not None)
        try:
            assert room.code in hall.rooms  # its files wait to be moved
            # asked now (the new table's files wait for the old one's to be moved)
            asking = asyncio.ensure_future(door.again(PlayAgain(BEN, room.code, "10.0.0.2")))
        finally:
            moving.set()
        link, made = await asking
        assert made and link.facts.code != room.code
        assert [note.values["code"] for note in asked(ana)] == [link.facts.code]
        await settle(lambda: room.code not in hall.rooms)

    run(tmp_path, test)


def test_a_second_asker_sits_at_the_same_new_table(tmp_path: Path) -> None:
    async def test(hall: Hall, door: Door) -> None:
        old, ana, ben = await finished(hall)
        first, second = await asyncio.gather(
            door.again(PlayAgain(ANA, old.code, "10.0.0.1")),
            door.again(PlayAgain(BEN, old.code, "10.0.0.2")),
        )
        links: list[Link] = [first[0], second[0]]
        assert [made for _, made in (first, second)] == [True, False]  # one table, not two
        assert links[0].facts.code == links[1].facts.code and len(hall.open_tables()) == 1
        new = hall.rooms[links[0].facts.code or ""]
        assert new.plan.people == ("ana", "ben", None) and new.plan.host == "ana"
        assert [link.seat for link in links] == [0, 1]
        assert len(asked(ben)) == 1 and asked(ana) == []
        # asked again by the host: her own seat, no table more
        link, made = await door.again(PlayAgain(ANA, old.code, "10.0.0.1"))
        assert not made and link.seat == 0 and len(hall.open_tables()) == 1
        # once that game started, again makes another table
        assert await Ear(links[0]).send(new, Start()) is None
        link, made = await door.again(PlayAgain(BEN, old.code, "10.0.0.2"))
        assert made and link.facts.code != new.code and len(hall.open_tables()) == 2

    run(tmp_path, test)


def test_strangers_a_game_not_over_and_unknown_codes_are_refused(tmp_path: Path) -> None:
    async def test(hall: Hall, door: Door) -> None:
        old, ana, ben = await finished(hall)
        with pytest.raises(Refused) as eve:  # never sat there
            await door.again(PlayAgain(EVE, old.code))
        assert (eve.value.key, eve.value.params) == ("server.again_not_yours", {"code": old.code})
        with pytest.raises(Refused) as impostor:  # ana's name, not ana's key
            await door.again(PlayAgain(Identity("ana", "SHA256:x"), old.code))
        assert impostor.value.key == "server.again_not_yours"
        running = await hall.create(EVE, Plan(code="", host="", level="greedy"), "10.0.0.9")
        with pytest.raises(Refused) as not_over:
            await door.again(PlayAgain(EVE, running.code))
        assert not_over.value.key == "server.again_not_over"
        with pytest.raises(Refused) as not_hers:
            await door.again(PlayAgain(ANA, running.code))
        assert not_hers.value.key == "server.again_not_yours"
        with pytest.raises(Refused) as nowhere:
            await door.again(PlayAgain(ANA, "x" * 5000))
        assert nowhere.value.key == "server.no_such_table"
        assert nowhere.value.params == {"code": "X" * 12}
        assert asked(ana) == asked(ben) == [] and len(hall.open_tables()) == 1
        for key in ("server.again_not_yours", "server.again_not_over"):
            for lang in ("en", "de"):
                assert Texts(lang)(key, code="KITE-7") != key

    run(tmp_path, test)


def test_again_is_held_to_the_caps_on_tables(tmp_path: Path) -> None:
    async def test(hall: Hall, door: Door) -> None:
        old, ana, ben = await finished(hall)
        await hall.create(ANA, Plan(code="", host="", level="greedy"), "10.0.0.3")
        with pytest.raises(Refused) as per_name:  # ana hosts as many as she may
            await door.again(PlayAgain(ANA, old.code, "10.0.0.1"))
        assert per_name.value.key == "server.tables_per_name"
        with pytest.raises(Refused) as per_address:  # ben's address hosts as many
            await door.again(PlayAgain(BEN, old.code, "10.0.0.3"))
        assert per_address.value.key == "server.tables_per_address"
        await hall.create(EVE, Plan(code="", host="", level="greedy"), "10.0.0.4")
        with pytest.raises(Refused) as total:  # the server has as many tables as it may
            await door.again(PlayAgain(BEN, old.code, "10.0.0.2"))
        assert total.value.key == "server.too_many_tables"
        assert asked(ana) == asked(ben) == [] and len(hall.open_tables()) == 2

    run(tmp_path, test, tables_per_name=1, tables_per_address=1, tables_total=2)
