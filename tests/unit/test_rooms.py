"""A shared table without the network: a room, its sessions, its log on disk, a restart.

The SSH side is tested with the real client in ``tests/e2e/test_server.py``; here the room
and the hall are driven directly on an event loop, with sessions that record what they hear.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from threethirteen.core.events import (
    Assistance,
    AssistanceUsed,
    CardDrawn,
    DrawSource,
    Event,
    GameStarted,
)
from threethirteen.core.fairness import keeps_promise
from threethirteen.core.lab.analysis import analyze, discard_value
from threethirteen.core.rules import Discard, Draw
from threethirteen.core.seen import StartSeen
from threethirteen.core.turns import PersonTurn, Scope
from threethirteen.core.verify import verify_events
from threethirteen.repl.files.reading import load_file
from threethirteen.repl.kit.coach import THRESHOLD
from threethirteen.repl.kit.safe import clean_line
from threethirteen.repl.master.refused import Unbound
from threethirteen.repl.protocol.acts import (
    Act,
    AskLog,
    Binding,
    Play,
    SetAuto,
    SetCoach,
    Start,
)
from threethirteen.repl.server.hall import Hall
from threethirteen.repl.server.limits import Limits
from threethirteen.repl.server.lobby import read_options
from threethirteen.repl.server.names import Identity, KeyBook, name_problem
from threethirteen.repl.server.room import Plan, Refused, Room

from tests.helpers.rooms import Ear, settle

SEED, SALT = 2213, "c0ffee" * 5 + "00"


def new_hall(folder: Path, pool: ThreadPoolExecutor) -> Hall:
    return Hall(folder, pool=pool, limits=Limits(), pace=0.0, deal=lambda: (SEED, SALT))


def turn(room: Room) -> int | None:
    assert room.table is not None
    return room.table.snapshot.state.turn


def ana_and_ben(folder: Path, pool: ThreadPoolExecutor, *, pace: float) -> tuple[Room, Ear, Ear]:
    """A table of ana and ben (seats 0 and 1) and two AI seats, not started: the room,
    and each person's place at it."""
    plan = Plan(code="KITE-7", host="ana", people=("ana", "ben", None, None))
    room = Room(plan, folder, pool=pool, pace=pace, deal=lambda: (SEED, SALT))
    return room, Ear.at(room, "ana", 0), Ear.at(room, "ben", 1)


async def move(room: Room, ear: Ear) -> None:
    """The seat of ``ear`` draws from the stock and discards its first card."""
    seat = ear.binding.seat
    assert room.table is not None and seat is not None
    await ear.play(room, Draw(seat=seat, source=DrawSource.STOCK))
    mine = room.table.view(seat).mine
    assert mine is not None
    await ear.play(room, Discard(seat=seat, card=mine.hand[0]))


class Refusals:
    """Every refusal ``room``'s master makes, with the binding it refused (also those told
    to nobody: a binding that has ended has no place to hear them)."""

    def __init__(self, room: Room) -> None:
        self.made: list[tuple[Binding, BaseException]] = []
        master = room.master
        refuse = master.refuse

        def refusing(binding: Binding, error: BaseException) -> None:
            self.made.append((binding, error))
            refuse(binding, error)

        master.refuse = refusing  # type: ignore[method-assign]

    async def of(self, room: Room, binding: Binding, act: Act) -> BaseException | None:
        """Send ``act`` as ``binding`` (whoever holds its link), once the table took it up:
        why it was refused (``None``: it was not)."""
        before = len(self.made)
        assert room.master.inbox.put(binding, act)
        await room.master.quiet()
        refused = [error for by, error in self.made[before:] if by is binding]
        return refused[-1] if refused else None


def test_two_people_play_a_round_and_a_restart_resumes_it(tmp_path: Path) -> None:
    """Moves go through the room to the table, onto disk, then to each session in order;
    a new hall on the same folder finds the table where it was, every seat kept."""

    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            hall = new_hall(tmp_path, pool)
            hall.load()
            room = await hall.create(Identity("ana", None), Plan(code="", host=""))
            assert (
                await room.sit(Identity("ben", None)) == 1
                and await room.sit(Identity("ana", None)) == 0
            )
            ana = Ear.at(room, "ana", 0)
            assert ana.link is not None and ana.link.view is None  # nothing to see before the deal
            ben = Ear.at(room, "ben", 1)
            assert await ana.send(room, Start()) is None
            started = room.events[0]
            assert isinstance(started, GameStarted) and started.players[:2] == ("human", "human")
            assert started.commitment is not None
            assert keeps_promise(started.commitment, SEED, SALT)
            told_start = ana.events[0]
            assert isinstance(told_start, StartSeen) and told_start.seed is None  # a secret
            # play until both people have made three moves each
            for _ in range(6):
                await settle(lambda: turn(room) in (0, 1))
                before = len(room.events)
                await move(room, ana if turn(room) == 0 else ben)
                assert len(room.events) > before
            on_disk = load_file(room.log_path).events
            assert on_disk == room.events
            await settle(lambda: ana.told[-1].number == room.table.snapshot.number)  # type: ignore[union-attr]
            for ear, seat in ((ana, 0), (ben, 1)):
                numbers = [t.number for t in ear.told]
                assert numbers == sorted(set(numbers))  # every change once, in order
                assert all(t.seat == seat for t in ear.told)
                assert len(ear.events) == len(room.events)  # each event told, redacted
            assert any(n.key == "server.started" for n in ana.notes)
            count = len(room.events)
            room.master.unlink(ben.binding)
            assert room.master.away_since["ben"] == count

        with ThreadPoolExecutor(2) as pool:
            again = new_hall(tmp_path, pool)
            again.load()
            resumed = again.find(room.code.lower())
            assert resumed is not None and len(resumed.events) == count
            assert resumed.plan.people[:2] == ("ana", "ben")
            back = again.directory.waiting_for("ben")  # (ben's way back, as published)
            assert back is not None and back.code == resumed.code
            assert verify_events(resumed.events).ok

    asyncio.run(play())


def test_a_table_log_cut_mid_line_resumes_without_that_line(tmp_path: Path) -> None:
    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            hall = new_hall(tmp_path, pool)
            hall.load()
            room = await hall.create(Identity("ana", None), Plan(code="", host=""))
            assert not isinstance(room, str)
            assert await Ear.at(room, "ana", 0).send(room, Start()) is None
            await settle(lambda: turn(room) == 0)
            count = len(room.events)
            with room.log_path.open("a", encoding="utf-8") as file:
                file.write('{"seq": 99, "type": "CardDr')  # the server died mid-write
        with ThreadPoolExecutor(2) as pool:
            again = new_hall(tmp_path, pool)
            again.load()
            resumed = again.find(room.code)
            assert resumed is not None and len(resumed.events) == count
            ana = Ear.at(resumed, "ana", 0)
            await ana.play(resumed, Draw(seat=0, source=DrawSource.STOCK))
            assert load_file(resumed.log_path).events == resumed.events
            assert isinstance(resumed.events[-1], CardDrawn)

    asyncio.run(play())


def test_the_clock_plays_a_slow_persons_turn(tmp_path: Path) -> None:
    """With a turn time, a person who does not move has the turn played by the AI (and
    the game marked assisted, and the table told); then the game goes on."""

    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            hall = new_hall(tmp_path, pool)
            hall.load()
            room = await hall.create(
                Identity("ana", None), Plan(code="", host="", turn_time=1, level="greedy")
            )
            assert not isinstance(room, str)
            ear = Ear.at(room, "ana", 0)
            assert await ear.send(room, Start()) is None
            await settle(lambda: room.master.assisted(0))
            # the game goes on: the next seat draws (its turn is over in a moment, so that
            # "the turn is not ana's" would be seen only now and then)
            await settle(lambda: drawn_after(room.events, seat=0) is not None)
            assert "server.time_up" in [n.key for n in ear.notes]
            taken = [e for e in room.events if isinstance(e, CardDrawn) and e.seat == 0]
            assert taken  # the AI took a card for ana
            await room.close()

    asyncio.run(play())


def drawn_after(events: Sequence[Event], *, seat: int) -> CardDrawn | None:
    """The first card drawn by another seat after ``seat``'s first draw."""
    drawn = [event for event in events if isinstance(event, CardDrawn)]
    first = next((i for i, event in enumerate(drawn) if event.seat == seat), None)
    if first is None:
        return None
    return next((event for event in drawn[first:] if event.seat != seat), None)


def test_auto_at_a_shared_table_is_taken_while_another_seat_plays(tmp_path: Path) -> None:
    """``auto game`` while another seat is to act is taken; it starts at ana's next turn."""

    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            hall = new_hall(tmp_path, pool)
            hall.load()
            room = await hall.create(Identity("ana", None), Plan(code="", host="", level="greedy"))
            assert not isinstance(room, str)
            await room.sit(Identity("ben", None))
            ana = Ear.at(room, "ana", 0)
            ben = Ear.at(room, "ben", 1)
            assert await ana.send(room, Start()) is None
            await settle(lambda: turn(room) in (0, 1))
            assert turn(room) == 1  # the deal (SEED): ben is to play before ana
            assert await ana.send(room, SetAuto(Scope.GAME)) is None  # ben is to play
            assert not room.master.assisted(0)
            await move(room, ben)
            await settle(lambda: turn(room) == 1)  # ana's turn was played by the AI
            assert room.master.assisted(0)
            assert await ana.send(room, SetAuto(None)) is None
            await move(room, ben)
            await settle(lambda: turn(room) == 0)  # auto off: ana plays her turns again
            assert room.table is not None  # the table waits for her, no AI turn is due
            assert room.table.next_step() == PersonTurn(0) and room.table.autopilot(0) is None
            assert [p.scope for p in ana.piloted] == [Scope.GAME, None]  # as she was told

    asyncio.run(play())


def test_the_ghost_seat_two_sessions_of_one_name_and_one_leaves(tmp_path: Path) -> None:
    """Two sessions of ana sit at seat 0 before the start; one leaves, which gives the seat
    up. The other is bound no more: it is sent away, its commands are refused, and when
    carl takes the seat it hears nothing of carl's game."""

    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            hall = new_hall(tmp_path, pool)
            hall.load()
            room = await hall.create(Identity("ana", None), Plan(code="", host=""))
            assert not isinstance(room, str)
            await room.sit(Identity("ben", None))
            refusals = Refusals(room)
            first, second = Ear.at(room, "ana", 0), Ear.at(room, "ana", 0)
            ben = Ear.at(room, "ben", 1)
            ana_2 = second.binding
            room.master.unlink(first.binding)
            room.stand("ana")  # the first terminal typed leave
            assert second.sent_away == 1 and not room.master.is_bound(ana_2)
            assert (
                await room.sit(Identity("carl", None)) == 0
            )  # the seat is free again: carl takes it
            carl = Ear.at(room, "carl", 0)
            # ana is not the host of anything here any more
            assert isinstance(await refusals.of(room, ana_2, Start()), Unbound)
            assert not room.started
            assert await ben.send(room, Start()) is None  # ben became host when ana left
            await settle(lambda: turn(room) in (0, 1))
            assert second.told == []  # the ghost hears nothing of carl's seat
            draw = Play(command=Draw(seat=0, source=DrawSource.STOCK), seen=None)
            assert isinstance(await refusals.of(room, ana_2, draw), Unbound)
            assert isinstance(await refusals.of(room, ana_2, SetAuto(Scope.GAME)), Unbound)
            assert isinstance(await refusals.of(room, ana_2, AskLog()), Unbound)
            assert room.table is not None and room.table.autopilot(0) is None
            assert second.told == [] and second.other == []  # nothing of the log either
            assert turn(room) == 1  # the deal (SEED): ben plays before seat 0
            await move(room, ben)
            await settle(lambda: turn(room) == 0)
            before = len(room.events)
            await move(room, carl)  # carl plays seat 0, as the room binds him
            assert len(room.events) > before and second.told == []

    asyncio.run(play())


def test_names_keys_options_and_said_lines(tmp_path: Path) -> None:
    assert name_problem("ana") is None and name_problem("ana-2_b") is None
    for bad in ("Ana", "a b", "", "x" * 17, "1ana", "änna", "ana\x1b"):
        assert name_problem(bad) == "server.bad_name"
    book = KeyBook(tmp_path / "keys.json")
    assert book.claim("ana", "SHA256:one") and book.claim("ana", "SHA256:one")
    assert not book.claim("ana", "SHA256:two")
    assert KeyBook(tmp_path / "keys.json").owner("ana") == "SHA256:one"  # kept on disk
    kept = json.loads((tmp_path / "keys.json").read_text())["ana"]
    assert (kept["key"], kept["sat"]) == ("SHA256:one", None)  # claimed, never sat yet
    plan = read_options("--jokers 4 --aces hoch --level easy --turn-time 60")
    assert isinstance(plan, Plan) and (plan.jokers, plan.aces_high, plan.turn_time) == (
        4, True, 60,
    )  # fmt: skip
    for options, key in (
        ("--turn-time ²", "server.bad_turn_time"),
        ("--jokers", "server.bad_options"),
        ("--level genius", "server.bad_level"),
    ):
        with pytest.raises(Refused) as refused:
            read_options(options)
        assert refused.value.key == key
    said = clean_line("hi \x1b]0;pwned\x07 there\u202e" + "x" * 500)
    assert "\x1b" not in said and "\x07" not in said and "\u202e" not in said
    assert len(said) == 200 and said.startswith("hi ")


def test_a_persons_move_never_waits_behind_an_ai_that_thinks(tmp_path: Path) -> None:
    """The AI thinks on workers of its own: with every one of them busy (another table's
    long think), a person's move is decided, written and told all the same."""

    async def play() -> None:
        thinking, done = threading.Event(), threading.Event()

        def long_think() -> None:
            thinking.set()
            done.wait()

        with ThreadPoolExecutor(1) as files, ThreadPoolExecutor(1) as think:
            busy = think.submit(long_think)
            people = ("ana", "ben", "cy", "dee")
            plan = Plan(code="KITE-7", host="ana", people=people)
            room = Room(
                plan, tmp_path, pool=files, think=think, pace=0.0, deal=lambda: (SEED, SALT)
            )
            at = [Ear.at(room, name, seat) for seat, name in enumerate(people)]
            assert thinking.wait(60)
            assert await at[0].send(room, Start()) is None
            seat = turn(room)
            assert seat is not None
            before = len(room.events)
            await move(room, at[seat])  # on the files worker, while the AI's is held
            assert len(room.events) == before + 2 and not busy.done()
            assert load_file(room.log_path).events == room.events
            done.set()

    asyncio.run(play())


def test_a_player_who_comes_back_is_announced_to_the_others(tmp_path: Path) -> None:
    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            room, ana, ben = ana_and_ben(tmp_path, pool, pace=60.0)
            assert await ana.send(room, Start()) is None
            room.master.unlink(ben.binding)
            assert [n.key for n in ana.notes][-1] == "server.went_away"
            again = Ear.at(room, "ben", 1)
            assert ana.notes[-1].key == "server.came_back"
            assert dict(ana.notes[-1].params) == {"name": "ben"}
            assert not any(n.key == "server.came_back" for n in again.notes + ben.notes)
            Ear.at(room, "eve", None)  # someone watching comes and goes unannounced
            assert ana.notes[-1].key == "server.came_back"

    asyncio.run(play())


def test_the_coach_at_a_shared_table_speaks_to_its_seat_alone(tmp_path: Path) -> None:
    """ana turns the coach on and throws her worst card each turn: she alone hears the
    verdict on each move that cost two expected points more than the hard AI's choice (as
    ``replay --analyze`` judges it), and her game is assisted, recorded once."""

    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            room, ana, ben = ana_and_ben(tmp_path, pool, pace=0.0)
            assert await ana.send(room, SetCoach(True)) is None
            assert await ana.send(room, Start()) is None
            for _ in range(12):
                await settle(lambda: turn(room) in (0, 1))
                if turn(room) == 1:
                    await move(room, ben)
                    continue
                assert room.table is not None
                await ana.play(room, Draw(seat=0, source=DrawSource.STOCK))
                view = room.table.view(0).mine
                assert view is not None
                worst = max(view.hand, key=lambda card: discard_value(view, card))
                await ana.play(room, Discard(seat=0, card=worst))
            costly = [d for d in analyze(room.events, 0) if d.cost >= THRESHOLD]
            assert costly
            await settle(lambda: len(ana.advice) == len(costly))
            assert [d for d, _ in ana.advice] == costly and not ben.advice
            helped = [e for e in room.events if isinstance(e, AssistanceUsed)]
            assert [(e.seat, e.help) for e in helped] == [(0, Assistance.COACH)]
            assert await ana.send(room, SetCoach(False)) is None  # off: judged no more
            assert 0 not in room.master.coaching

    asyncio.run(play())
