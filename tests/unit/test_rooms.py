"""A shared table without the network: a room, its sessions, its log on disk, a restart.

The SSH side is tested with the real client in ``tests/e2e/test_server.py``; here the room
and the hall are driven directly on an event loop, with sessions that record what they hear.
"""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from threethirteen.core.events import CardDrawn, DrawSource, GameStarted
from threethirteen.core.fairness import keeps_promise
from threethirteen.core.rules import Discard, Draw
from threethirteen.core.state import fold
from threethirteen.core.table import Played
from threethirteen.core.verify import verify_events
from threethirteen.repl.files.reading import load_file
from threethirteen.repl.server.hall import Hall
from threethirteen.repl.server.lobby import read_options
from threethirteen.repl.server.names import KeyBook, name_problem
from threethirteen.repl.server.room import News, Note, Plan
from threethirteen.repl.server.seat import clean_line

SEED, SALT = 2213, "c0ffee" * 5 + "00"


class Ear:
    """A session that keeps everything it hears."""

    def __init__(self, name: str) -> None:
        self._name = name
        self.heard: list[News] = []

    @property
    def name(self) -> str:
        return self._name

    def hear(self, news: News) -> None:
        self.heard.append(news)


async def settle(room_events: object, until: object, seconds: float = 20.0) -> None:
    """Wait (on the loop) until ``until()`` holds."""
    for _ in range(int(seconds / 0.01)):
        if until():  # type: ignore[operator]
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the room did not get there")


def new_hall(folder: Path, pool: ThreadPoolExecutor) -> Hall:
    return Hall(folder, pool=pool, pace=0.0, deal=lambda: (SEED, SALT))


def test_two_people_play_a_round_and_a_restart_resumes_it(tmp_path: Path) -> None:
    """Moves go through the room to the table, onto disk, then to each session in order;
    a new hall on the same folder finds the table where it was, every seat kept."""

    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            hall = new_hall(tmp_path, pool)
            hall.load()
            made = hall.create("ana", Plan(code="", host=""))
            assert not isinstance(made, str)
            room = made
            assert room.sit("ben") == 1 and room.sit("ana") == 0
            hall.keep(room)
            ana, ben = Ear("ana"), Ear("ben")
            room.join(ana)
            room.join(ben)
            await room.start()
            started = room.events[0]
            assert isinstance(started, GameStarted) and started.players[:2] == ("human", "human")
            assert started.commitment is not None
            assert keeps_promise(started.commitment, SEED, SALT)
            # play until both people have made three moves each
            moves = 0
            while moves < 6:
                await settle(room, lambda: room.state.turn in (0, 1))
                seat = room.state.turn
                assert seat is not None and room.state.round is not None
                before = len(room.events)
                await room.submit(seat, Draw(seat=seat, source=DrawSource.STOCK))
                card = room.state.round.hands[seat][0]
                await room.submit(seat, Discard(seat=seat, card=card))
                assert len(room.events) > before
                moves += 1
            on_disk = load_file(room.log_path).events
            assert on_disk == room.events == room.table.events  # type: ignore[union-attr]
            for ear in (ana, ben):
                played = [e for n in ear.heard if isinstance(n, Played) for e in n.events]
                assert tuple(played) == room.events  # every event, once, in order
            assert any(isinstance(n, Note) and n.key == "server.started" for n in ana.heard)
            count = len(room.events)
            room.part(ben)
            assert room.away_since["ben"] == count

        with ThreadPoolExecutor(2) as pool:
            again = new_hall(tmp_path, pool)
            again.load()
            resumed = again.find(room.code.lower())
            assert resumed is not None and len(resumed.events) == count
            assert resumed.plan.people[:2] == ["ana", "ben"]
            assert again.seat_waiting_for("ben") is resumed
            assert verify_events(resumed.events).ok

    asyncio.run(play())


def test_a_table_log_cut_mid_line_resumes_without_that_line(tmp_path: Path) -> None:
    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            hall = new_hall(tmp_path, pool)
            hall.load()
            room = hall.create("ana", Plan(code="", host=""))
            assert not isinstance(room, str)
            await room.start()
            await settle(room, lambda: room.state.turn == 0)
            count = len(room.events)
            with room.log_path.open("a", encoding="utf-8") as file:
                file.write('{"seq": 99, "type": "CardDr')  # the server died mid-write
        with ThreadPoolExecutor(2) as pool:
            again = new_hall(tmp_path, pool)
            again.load()
            resumed = again.find(room.code)
            assert resumed is not None and len(resumed.events) == count
            await resumed.submit(0, Draw(seat=0, source=DrawSource.STOCK))
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
            room = hall.create("ana", Plan(code="", host="", turn_time=1, level="greedy"))
            assert not isinstance(room, str)
            ear = Ear("ana")
            room.join(ear)
            await room.start()
            await settle(room, lambda: room.assisted(0))
            await settle(room, lambda: room.state.turn not in (0, None))
            notes = [n.key for n in ear.heard if isinstance(n, Note)]
            assert "server.time_up" in notes
            taken = [e for e in room.events if isinstance(e, CardDrawn) and e.seat == 0]
            assert taken  # the AI took a card for ana

    asyncio.run(play())


def test_names_keys_options_and_said_lines(tmp_path: Path) -> None:
    assert name_problem("ana") is None and name_problem("ana-2_b") is None
    for bad in ("Ana", "a b", "", "x" * 17, "1ana", "änna", "ana\x1b"):
        assert name_problem(bad) == "server.bad_name"
    book = KeyBook(tmp_path / "keys.json")
    assert book.claim("ana", "SHA256:one") and book.claim("ana", "SHA256:one")
    assert not book.claim("ana", "SHA256:two")
    assert KeyBook(tmp_path / "keys.json").owner("ana") == "SHA256:one"  # kept on disk
    assert json.loads((tmp_path / "keys.json").read_text()) == {"ana": "SHA256:one"}
    plan = read_options("--jokers 4 --aces hoch --level easy --turn-time 60")
    assert isinstance(plan, Plan) and (plan.jokers, plan.aces_high, plan.turn_time) == (
        4, True, 60,
    )  # fmt: skip
    assert read_options("--turn-time ²") == "server.bad_turn_time"
    assert read_options("--jokers") == "server.bad_options"
    assert read_options("--level genius") == "server.bad_level"
    said = clean_line("hi \x1b]0;pwned\x07 there\u202e" + "x" * 500)
    assert "\x1b" not in said and "\x07" not in said and "\u202e" not in said
    assert len(said) == 200 and said.startswith("hi ")


@pytest.mark.parametrize("seat", [1, 2, 3])
def test_a_seat_is_told_its_game_from_its_own_place(seat: int) -> None:
    """What the room hands a seat's front folds into that seat's own view at seat 0."""
    from threethirteen.core.rules import new_game
    from threethirteen.core.views import seen_from, view_for

    _, events = new_game(SEED, salt=SALT)
    state = fold(events)
    mine = fold([seen_from(event, seat) for event in events])
    assert view_for(mine, 0).hand == view_for(state, seat).hand
    assert mine.started is not None and mine.started.commitment == state.started.commitment  # type: ignore[union-attr]
