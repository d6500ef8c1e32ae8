"""The tables of a server open to strangers, attacked without the network: tables that run
out, a code space that runs out, a tampered plan, a full disk, a move as the turn clock runs
out. Each attack is bounded; the rooms and the hall run on an event loop, with a clock the
test moves where time matters (the attacks over SSH are in tests/e2e/test_server_tables.py).
"""

from __future__ import annotations

import asyncio
import errno
import gc
import json
import os
import secrets
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from threethirteen.core import table as core_table
from threethirteen.core.events import AssistanceUsed, CardDrawn, DrawSource, GameStarted
from threethirteen.core.rules import Discard, Draw, decide
from threethirteen.core.told import Moved
from threethirteen.core.turns import AiTurn, AutoTurn, PersonTurn, Scope
from threethirteen.repl.files import log_file
from threethirteen.repl.files.reading import load_file
from threethirteen.repl.master import engine as engine_module
from threethirteen.repl.master.engine import LoopEngine
from threethirteen.repl.protocol.acts import AskHint, AskLog, Play, SetAuto, Start
from threethirteen.repl.protocol.news import SeenLog
from threethirteen.repl.server.codes import CODES, NUMBERS, WORDS, free_code
from threethirteen.repl.server.hall import PAST, Hall, NoLog
from threethirteen.repl.server.limits import Limits
from threethirteen.repl.server.names import Identity
from threethirteen.repl.server.plan import CODE, Plan, plan_text
from threethirteen.repl.server.room import Refused, Room

from tests.helpers.rooms import HELD, Disk, Ear, WallClock, at_rest, loop_errors, settle

SEED, SALT = 2213, "c0ffee" * 5 + "00"


def new_hall(folder: Path, pool: ThreadPoolExecutor, **options: object) -> Hall:
    limits = options.pop("limits", Limits())
    return Hall(
        folder,
        pool=pool,
        limits=limits,
        pace=0.0,
        deal=lambda: (SEED, SALT),
        **options,  # type: ignore[arg-type]
    )


async def made(hall: Hall, host: str, address: str = "", **options: object) -> Room:
    plan = Plan(code="", host="", level="greedy", **options)  # type: ignore[arg-type]
    return await hall.create(Identity(host, None), plan, address)


def clock_wound(room: Room) -> bool:
    """Whether the turn clock runs for ana's turn as the game stands."""
    assert room.table is not None
    state = room.table.snapshot.state
    return state.turn == 0 and room.master.drive.clock.key == (0, state.event_count)


def turn(room: Room) -> int | None:
    assert room.table is not None
    return room.table.snapshot.state.turn


async def dealt_by(room: Room, name: str) -> Ear:
    """``name`` sits down at their seat 0 of ``room`` and deals (which the table takes)."""
    ear = Ear.at(room, name, 0)
    assert await ear.send(room, Start()) is None
    return ear


def hold(room: Room) -> None:
    """The AI turns of ``room`` wait from now on (for longer than any test)."""
    engine = room.master.engine
    assert isinstance(engine, LoopEngine)
    engine.pace = HELD


# -- 2. tables run out for everybody ------------------------------------------------------


def test_new_start_leave_a_hundred_times_is_capped_and_the_tables_are_closed(
    tmp_path: Path,
) -> None:
    """The attack: ten names on three addresses make a table, deal and leave, 100 times.
    Each name hosts at most 3 open tables, each address 6; the started games wait for
    their absent players only until nobody was at them for ``abandoned_after``: then they
    are closed (the server's log says so), ``new`` works again, and the players are told
    once in the lobby; their ``log CODE`` says the game was closed (its seed stays secret)."""
    clock = WallClock(time.time())
    reports: list[str] = []

    hosted: Counter[str] = Counter()

    async def attack() -> None:
        nonlocal hosted
        errors = loop_errors()
        with ThreadPoolExecutor(2) as pool:
            hall = new_hall(tmp_path, pool, clock=clock, report=reports.append)
            hall.load()
            refused: Counter[str] = Counter()
            for i in range(100):
                name, address = f"name{i % 10}", f"10.0.0.{i % 10 // 4}"
                try:
                    room = await hall.create(
                        Identity(name, None), Plan(code="", host="", level="greedy"), address
                    )
                except Refused as why:
                    refused[why.key] += 1
                    continue
                ear = await dealt_by(room, name)
                room.master.unlink(ear.binding)  # leave: the game keeps the seat and waits
            # 4 + 4 names on two addresses (6 each), 2 names on the third (3 each)
            assert len(hall.open_tables()) == 6 + 6 + 6
            assert set(refused) == {"server.tables_per_address", "server.tables_per_name"}
            assert sum(refused.values()) == 100 - 18
            rooms = hall.open_tables()
            hosted = Counter(room.plan.host for room in rooms)
            assert max(hosted.values()) == 3 and len(hosted) == 10
            assert max(Counter(room.plan.address for room in rooms).values()) == 6
            waiting = PersonTurn(0)  # each game waits for its host, who is gone
            await settle(lambda: all(r.table and r.table.next_step() == waiting for r in rooms))
            codes = {room.code for room in rooms}
            hall.sweep()  # nobody there, but not for long: nothing is closed
            assert len(hall.open_tables()) == 18
            clock.now += Limits().abandoned_after
            hall.sweep()
            await settle(lambda: not hall.rooms)
            assert sum("closed: nobody was at it" in line for line in reports) == 18
            assert all(not (tmp_path / "tables" / f"{code}.json").exists() for code in codes)
            news = hall.closed_news(Identity("name0", None))
            assert len(news) == hosted["name0"] and {past.plan.code for past in news} <= codes
            assert hall.closed_news(Identity("name0", None)) == []  # told once
            assert await hall.fetch_log(Identity("name0", None), news[0].plan.code) == NoLog.CLOSED
            assert all(past.plan.abandoned for past in hall.history(Identity("name1", None)))
            again = await made(hall, "name0", "10.0.0.0")  # new works again
            assert again.code in hall.rooms
            await hall.stop()
        assert not errors, errors
        with ThreadPoolExecutor(2) as pool:
            restarted = new_hall(tmp_path, pool, clock=clock)
            restarted.load()
            assert list(restarted.rooms) == [again.code]
            assert len(restarted.history(Identity("name5", None))) == hosted["name5"]
            assert restarted.closed_news(Identity("name0", None)) == []  # told before the restart
            assert len(restarted.closed_news(Identity("name1", None))) == hosted["name1"]

    asyncio.run(attack())


def test_tables_nobody_came_back_to_are_closed_after_a_restart(tmp_path: Path) -> None:
    """Tables left before the server stopped count their idle time from their files: a
    restart frees them as soon as they are abandoned, not an hour after it."""

    async def leave_them() -> list[str]:
        with ThreadPoolExecutor(2) as pool:
            hall = new_hall(tmp_path, pool)
            hall.load()
            codes = []
            for name in ("ana", "ben"):
                room = await made(hall, name)
                ear = await dealt_by(room, name)
                room.master.unlink(ear.binding)
                codes.append(room.code)
            codes.append((await made(hall, "carl")).code)  # waiting to start, nobody there
            await hall.stop()
            return codes

    codes = asyncio.run(leave_them())
    reports: list[str] = []

    async def restart() -> None:
        clock = WallClock(time.time() + Limits().abandoned_after + 1)
        with ThreadPoolExecutor(2) as pool:
            hall = new_hall(tmp_path, pool, clock=clock, report=reports.append)
            hall.load()
            assert sorted(hall.rooms) == sorted(codes)
            hall.sweep()
            await settle(lambda: not hall.rooms)
            assert (await made(hall, "ana")).code
            await hall.stop()

    asyncio.run(restart())
    assert sum("closed: nobody was at it" in line for line in reports) == 3


# -- auto over a restart (issue 34, 5e) -----------------------------------------------------


def waits_for_her(room: Room) -> bool:
    """Whether the table waits for ana to play her turn."""
    return room.table is not None and room.table.next_step() == PersonTurn(0)


async def at_her_turn(hall: Hall) -> tuple[Room, Ear]:
    """ana at a table of two, dealt, the AI played up to her turn; she is at the table."""
    room = await made(hall, "ana", seats=2)
    ana = await dealt_by(room, "ana")
    await settle(lambda: waits_for_her(room))
    return room, ana


def test_auto_game_is_kept_over_a_restart_and_the_seat_is_played_without_her(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ana asks ``auto game`` and leaves; the server stops before the AI played her turn.
    Started again, nobody at the table, the AI plays her seat to the end, and the table is
    moved to the past (its end heard though nobody listened)."""
    monkeypatch.setattr(core_table, "HELPER_LEVELS", ("greedy",))

    async def asked() -> str:
        with ThreadPoolExecutor(2) as pool:
            hall = new_hall(tmp_path, pool)
            hall.load()
            room, ana = await at_her_turn(hall)
            hold(room)  # the server stops before the AI plays her turn
            assert await ana.send(room, SetAuto(Scope.GAME)) is None
            room.master.unlink(ana.binding)
            await hall.stop()
            return room.code

    code = asyncio.run(asked())

    async def restarted() -> None:
        with ThreadPoolExecutor(2) as pool:
            hall = new_hall(tmp_path, pool)
            hall.load()
            room = hall.rooms[code]
            await settle(lambda: room.finished or waits_for_her(room))
            assert room.finished, "the table waits for ana, who asked not to be waited for"
            await settle(lambda: code not in hall.rooms)
            assert hall.history(Identity("ana", None))[0].plan.totals is not None
            await hall.stop()

    asyncio.run(restarted())


def test_a_turn_played_and_auto_off_are_not_taken_again_at_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At three tables before the stop: ana's ``auto turn`` played its turn; her ``auto
    game`` was taken back (``auto off``); her ``auto game`` played a turn, its help in the
    log. After the restart the first two are hers to play, the third is the AI's, its help
    not recorded again."""
    monkeypatch.setattr(core_table, "HELPER_LEVELS", ("greedy",))

    async def asked() -> list[str]:
        with ThreadPoolExecutor(2) as pool:
            hall = new_hall(tmp_path, pool)
            hall.load()
            played, ana = await at_her_turn(hall)
            since = len(played.events)
            assert await ana.send(played, SetAuto(Scope.TURN)) is None
            await settle(lambda: len(played.events) > since and waits_for_her(played))
            off, ana = await at_her_turn(hall)
            hold(off)  # (her auto game is taken back before the AI plays her turn)
            assert await ana.send(off, SetAuto(Scope.GAME)) is None
            assert await ana.send(off, SetAuto(None)) is None
            helped, ana = await at_her_turn(hall)
            hold(helped)  # its turns are played here, one by one
            assert await ana.send(helped, SetAuto(Scope.GAME)) is None
            table = helped.table
            assert table is not None
            while (step := table.next_step()) != AutoTurn(0, record=False):
                assert isinstance(step, AutoTurn | AiTurn)
                table.play_step(step)
            await hall.stop()
            return [played.code, off.code, helped.code]

    played, off, helped = asyncio.run(asked())

    async def restarted() -> None:
        with ThreadPoolExecutor(2) as pool:
            hall = Hall(tmp_path, pool=pool, limits=Limits(), pace=HELD, deal=lambda: (SEED, SALT))
            hall.load()
            steps = {code: hall.rooms[code].table.next_step() for code in hall.rooms}  # type: ignore[union-attr]
            assert steps == {
                played: PersonTurn(0),
                off: PersonTurn(0),
                helped: AutoTurn(0, record=False),
            }
            await hall.stop()

    asyncio.run(restarted())


# -- 3. the code space ----------------------------------------------------------------------


def test_the_code_space_is_searched_in_bounded_steps_and_fits_the_caps(tmp_path: Path) -> None:
    codes = [f"{word}-{number}" for word in WORDS for number in NUMBERS]
    assert len(set(codes)) == CODES == 5880 and all(CODE.fullmatch(code) for code in codes)
    taken = set(codes[:-1])
    assert free_code(secrets.randbelow, taken.__contains__) == codes[-1]  # the last free one
    taken.add(codes[-1])
    assert free_code(secrets.randbelow, taken.__contains__) is None  # none: no spinning
    with ThreadPoolExecutor(1) as pool:
        new_hall(tmp_path, pool, limits=Limits(tables_total=CODES // 2))
        with pytest.raises(ValueError, match="open tables at most"):
            new_hall(tmp_path, pool, limits=Limits(tables_total=CODES // 2 + 1))


def test_a_finished_table_leaves_the_working_set_and_its_log_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game played to its end leaves ``rooms`` and the open tables; its players list it
    (``history``) and fetch its log, also after a restart, and nobody else can."""
    monkeypatch.setattr(core_table, "HELPER_LEVELS", ("greedy",))

    async def play() -> tuple[str, bytes]:
        errors = loop_errors()
        with ThreadPoolExecutor(2) as pool:
            hall = new_hall(tmp_path, pool)
            hall.load()
            room = await made(hall, "ana")
            ear = await dealt_by(room, "ana")
            assert await ear.send(room, SetAuto(Scope.GAME)) is None
            await settle(lambda: room.code not in hall.rooms)
            assert room.finished and hall.open_tables() == []
            log = next((tmp_path / "tables" / PAST).glob(f"*-{room.code}.jsonl"))
            text = log.read_bytes()
            assert load_file(log).events == room.events
            assert await hall.fetch_log(Identity("ana", None), room.code.lower()) == text
            assert await hall.fetch_log(Identity("eve", None), room.code) == NoLog.NONE
            past = hall.history(Identity("ana", None))[0]
            ended = room.table.snapshot.state.ended  # type: ignore[union-attr]
            assert ended is not None and past.plan.totals == tuple(ended.totals)
            assert await ear.send(room, AskLog()) is None  # the players at it still read it
            logs = [news for news in ear.other if isinstance(news, SeenLog)]
            assert len(logs) == 1 and logs[0].events
            assert ear.told[-1].after.ended is not None
            await hall.stop()
        assert not errors, errors
        return room.code, text

    code, text = asyncio.run(play())

    async def restart() -> None:
        with ThreadPoolExecutor(2) as pool:
            hall = new_hall(tmp_path, pool)
            hall.load()
            assert hall.rooms == {} and hall.history(Identity("ana", None))[0].plan.code == code
            assert await hall.fetch_log(Identity("ana", None), code) == text

    asyncio.run(restart())


# -- 10. a tampered plan --------------------------------------------------------------------


def test_a_tampered_plan_is_reported_and_skipped_and_imports_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    marker = tmp_path / "imported"
    modules = tmp_path / "modules"
    modules.mkdir()
    (modules / "evil_level_17.py").write_text(
        f"open({str(marker)!r}, 'w').close()\n\nclass Bot:\n    pass\n", encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(modules))

    async def leave_a_game() -> str:
        with ThreadPoolExecutor(2) as pool:
            hall = new_hall(tmp_path, pool)
            hall.load()
            room = await made(hall, "ana")
            await dealt_by(room, "ana")
            await hall.stop()
            return room.code

    code = asyncio.run(leave_a_game())
    tables = tmp_path / "tables"
    good = json.loads((tables / f"{code}.json").read_text(encoding="utf-8"))
    bad = {
        "level": {"level": "evil_level_17:Bot"},
        "extra": {"module": "evil_level_17"},
        "people": {"people": ["ana", None, None, None, "eve"]},
        "host": {"host": "Ana\x1b[2J"},
        "turn": {"turn_time": 0},
        "code": {"code": "KITE-7"},
        "keys": {"keys": ["two words", None, None, None]},
        "pilots": {"pilots": [{"seat": 1, "scope": "game", "since": 0}]},  # an AI's seat
    }
    for number, change in enumerate(bad.values(), start=2):
        other = f"ROOK-{number}"
        text = json.dumps({**good, "code": other} | change)
        (tables / f"{other}.json").write_text(text, encoding="utf-8")
    (tables / f"{code}.json").write_text(json.dumps(good | bad["level"]), encoding="utf-8")
    (tables / "REEF-2.json").write_text("[" * 100_000, encoding="utf-8")  # deep, and long
    (tables / "REEF-3.json").write_text("not json", encoding="utf-8")
    os.mkfifo(tables / "REEF-4.json")  # never read: it would wait for a writer
    reports: list[str] = []

    async def restart() -> None:
        with ThreadPoolExecutor(2) as pool:
            hall = new_hall(tmp_path, pool, report=reports.append)
            hall.load()
            assert hall.rooms == {}

    asyncio.run(restart())  # however long a busy machine takes (the test's time limit)
    skipped = [line for line in reports if "cannot be resumed" in line]
    assert len(skipped) == len(bad) + 4, reports
    assert any("is not an AI level" in line for line in skipped)
    assert not marker.exists() and "evil_level_17" not in sys.modules

    # the log names the module as a seat's player, the plan is fine: the plan's level plays
    (tables / f"{code}.json").write_text(json.dumps(good), encoding="utf-8")
    log = tables / f"{code}.jsonl"
    header, started, *rest = log.read_text(encoding="utf-8").splitlines()
    first = json.loads(started)
    top = json.loads(header)
    for line in (top, first):
        line["players"] = ["human", "evil_level_17:Bot", "greedy", "greedy"]
    log.write_text("\n".join([json.dumps(top), json.dumps(first), *rest]) + "\n", encoding="utf-8")

    async def resume() -> None:
        with ThreadPoolExecutor(2) as pool:
            hall = new_hall(tmp_path, pool)
            hall.load()
            room = hall.find(code)
            assert room is not None and room.table is not None
            assert type(room.table.policies[1]).__name__ == "GreedyPolicy"
            await hall.stop()

    asyncio.run(resume())
    assert not marker.exists() and "evil_level_17" not in sys.modules
    assert plan_text(Plan(code="KITE-7", host="ana")).count("level") == 1


# -- 11. a full disk ------------------------------------------------------------------------


async def two_at_a_table(hall: Hall) -> tuple[Room, dict[int, Ear]]:
    room = await made(hall, "ana")
    assert await room.sit(Identity("ben", None)) == 1
    seats = {seat: Ear.at(room, name, seat) for seat, name in enumerate(("ana", "ben"))}
    assert await seats[0].send(room, Start()) is None
    await settle(lambda: turn(room) in (0, 1))
    return room, seats


def test_a_full_disk_refuses_the_move_tells_nobody_and_the_log_is_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engine_module, "RETRY", 0.2)
    reports: list[str] = []

    async def play() -> tuple[str, tuple[object, ...]]:
        errors = loop_errors()
        with ThreadPoolExecutor(2) as pool:
            hall = new_hall(tmp_path, pool, report=reports.append)
            hall.load()
            room, seats = await two_at_a_table(hall)
            disk = Disk()
            room.store._write = disk
            assert room.table is not None
            seat = turn(room)
            assert seat is not None
            mover = seats[seat]
            before = room.events
            stock_top = room.table.state.round.stock[0]  # type: ignore[union-attr]
            heard = {s: len(ear.told) for s, ear in seats.items()}
            disk.full = True
            draw = Play(command=Draw(seat=seat, source=DrawSource.STOCK), seen=None)
            for _ in range(3):
                refusal = await mover.send(room, draw)
                assert refusal is not None and refusal.key == "server.cannot_save"
            refusal = await mover.send(room, AskHint(seen=None))
            assert refusal is not None and refusal.key == "server.cannot_save"
            await at_rest(room)  # whatever the refused commands set off is done by now
            assert room.events == before and load_file(room.log_path).events == before
            assert {s: len(ear.told) for s, ear in seats.items()} == heard  # told nothing
            assert not room.master.assisted(seat)
            assert sum("cannot be saved" in line for line in reports) == 1  # logged once
            for ear in seats.values():
                assert "server.store_failed" in [note.key for note in ear.notes]
            disk.full = False
            await mover.play(room, draw.command)
            drawn = mover.told[-1].change
            assert isinstance(drawn, Moved) and isinstance(drawn.events[0], CardDrawn)
            assert drawn.events[0].card == stock_top  # the card the refused draws would show
            assert load_file(room.log_path).events == room.events

            # an AI turn while the disk is full waits, told to nobody, and is played after
            view = room.table.view(seat).mine
            assert view is not None
            discard = Discard(seat=seat, card=view.hand[0])
            lines = len(decide(room.table.state, discard))
            disk.writes_left = lines  # the discard fits; then the disk is full again
            await mover.play(room, discard)
            count = len(room.events)
            if turn(room) not in (0, 1):  # an AI seat is to play
                refused = disk.refused  # refused, tried again (or, wrongly, kept):
                await settle(lambda: disk.refused >= refused + 2 or len(room.events) != count)
                assert len(room.events) == count  # still nothing
                disk.full = False
                await settle(lambda: len(room.events) > count)
            await hall.stop()
            assert load_file(room.log_path).events == room.events
            last = room.table.snapshot.number
            await settle(lambda: all(e.told[-1].number == last for e in seats.values()))
            for ear in seats.values():
                numbers = [t.number for t in ear.told]
                assert numbers == sorted(set(numbers))
        assert not errors, errors
        return room.code, room.events

    code, events = asyncio.run(play())

    async def restart() -> None:
        with ThreadPoolExecutor(2) as pool:
            hall = new_hall(tmp_path, pool)
            hall.load()
            resumed = hall.find(code)
            assert resumed is not None and resumed.events == events  # the log is the game

    asyncio.run(restart())


def test_a_full_disk_at_the_deal_lets_the_host_deal_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            hall = new_hall(tmp_path, pool)
            hall.load()
            room = await made(hall, "ana")
            ana = Ear.at(room, "ana", 0)

            def full(*args: object, **options: object) -> None:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

            with monkeypatch.context() as disk:
                disk.setattr(log_file, "write_atomic", full)
                refusal = await ana.send(room, Start())
                assert refusal is not None and refusal.key == "server.cannot_save"
            assert not room.started and not room.log_path.exists()
            assert await ana.send(room, Start()) is None
            assert room.started and isinstance(load_file(room.log_path).events[0], GameStarted)
            await hall.stop()

    asyncio.run(play())


# -- 12. a move as the turn clock runs out -------------------------------------------------


def test_a_move_as_the_clock_runs_out_is_the_persons_or_the_ais_never_both(
    tmp_path: Path,
) -> None:
    """ana's draw is on its way to the table (checked, being stored) when her turn clock
    runs out: the move is hers; no help is recorded, and the AI plays none of her turns.
    The other order (the clock first, the move a moment later): the AI plays this one turn
    (and the move is refused as the AI's), then ana plays her next turn herself. No task
    is left with an error nobody read."""

    async def play() -> None:
        errors = loop_errors()
        with ThreadPoolExecutor(2) as pool:
            hall = new_hall(tmp_path, pool)
            hall.load()
            room = await made(hall, "ana", turn_time=600)
            ana = await dealt_by(room, "ana")
            drive = room.master.drive
            table = room.table
            assert table is not None
            await settle(lambda: clock_wound(room))

            # the move first: stored while the clock runs out
            storing, go_on = threading.Event(), threading.Event()
            sync = room.store.sync

            def slow_sync(events: object) -> None:
                storing.set()
                go_on.wait(30)
                sync(events)  # type: ignore[arg-type]

            room.store.sync = slow_sync  # type: ignore[method-assign]
            key = drive.clock.key
            assert key is not None
            draw = Play(command=Draw(seat=0, source=DrawSource.STOCK), seen=None)
            assert ana.link is not None and ana.link.send(draw)
            await settle(storing.is_set)
            drive._time_up(*key)  # the clock runs out now, on the loop
            go_on.set()
            await room.master.quiet()
            assert ana.refusals == []  # the move was hers
            room.store.sync = sync  # type: ignore[method-assign]
            await at_rest(room)  # any AI turn the clock set off has been played by now
            assert not room.master.assisted(0) and table.next_step() == PersonTurn(0)
            assert not [e for e in room.events if isinstance(e, AssistanceUsed)]
            mine = table.view(0).mine
            assert mine is not None
            await ana.play(room, Discard(seat=0, card=mine.hand[0]))
            await settle(lambda: clock_wound(room))

            # the clock first: the AI plays this turn; the move is refused as the AI's
            key = drive.clock.key
            assert key is not None
            assert ana.link.send(draw)  # taken up by the master after the clock ran out:
            drive._time_up(*key)
            await room.master.quiet()
            refused = ana.refusals
            assert len(refused) == 1 and refused[0].rule, refused
            assert "AI" in str(refused[0].error())
            await settle(lambda: room.master.assisted(0) and clock_wound(room))
            assert table.next_step() == PersonTurn(0)  # her next turn is hers
            assert table.autopilot(0) is None
            helps = [e for e in room.events if isinstance(e, AssistanceUsed)]
            assert len(helps) == 1
            assert not isinstance(table.next_step(), AutoTurn)
            await hall.stop()
        gc.collect()
        await asyncio.sleep(0)
        assert not errors, errors

    asyncio.run(play())
