"""Hints and the coach at shared tables hold no more of the server than their share: one
table's flood of them at round 11 (13 cards) never keeps another table's AI turn from a
thread, a hint asked again for the same position is worked out once, and past the caps a
hint is refused and a move goes unjudged, in the game's words.

A judgement is held (a :class:`threading.Event` the test sets) instead of being slow, and
the AI's threads are counted (:class:`~tests.helpers.rooms.Watched`): whether a turn waits
behind the held work is seen at once, without a clock.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from threethirteen.core.events import (
    Assistance,
    AssistanceUsed,
    CardDiscarded,
    CardDrawn,
    DrawSource,
)
from threethirteen.core.lab.analysis import Decision
from threethirteen.core.rules import Discard, Draw
from threethirteen.core.state import GameState
from threethirteen.core.told import Moved
from threethirteen.repl.master import coach as coaching
from threethirteen.repl.master.coach import Advice, Coach
from threethirteen.repl.protocol.acts import AskHint, Play, SetCoach
from threethirteen.repl.server.hall import Hall
from threethirteen.repl.server.limits import Limits
from threethirteen.repl.server.names import Identity
from threethirteen.repl.server.room import Plan, Room

from tests.helpers.rooms import HELD, Ear, Watched, played_to, settle

DEAL = (2213, "c0ffee" * 5 + "00")
ROUND = 11
"""Thirteen cards: the longest hints and judgements of a game."""
FLOOD = 24


class Held:
    """Every judgement of the coach waits until :attr:`go` is set; :attr:`started` counts
    those begun."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.started = 0
        self._counting = threading.Lock()

    def coach(self) -> type[Coach]:
        held = self

        class HeldCoach(Coach):
            def judge(self, before: GameState, move: CardDrawn | CardDiscarded) -> Decision | None:
                with held._counting:
                    held.started += 1
                held.go.wait()
                return super().judge(before, move)

        return HeldCoach


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[Held]:
    """The coach's judgements held until the test lets them go (at its end, whatever
    happened, so that no thread waits on)."""
    holding = Held()
    monkeypatch.setattr(coaching, "Coach", holding.coach())
    try:
        yield holding
    finally:
        holding.go.set()


def room_at(
    folder: Path,
    table: tuple[str, str, int],
    pools: tuple[ThreadPoolExecutor, Watched],
    pace: float,
    advice: Advice | None = None,
) -> Room:
    """A table (``table``: its code, and the person at seat 0) with three greedy AI seats,
    its game at round 11 with the seat ``table`` names to draw."""
    code, person, seat = table
    plan = Plan(code=code, host=person, people=(person, None, None, None), level="greedy")
    events = played_to(plan, ROUND, seat, DEAL)
    files, think = pools
    return Room(plan, folder, pool=files, think=think, pace=pace, events=events, advice=advice)


async def flood(room: Room, at: Ear) -> None:
    """The person at ``room`` draws with the coach on (a judgement), then asks for a hint
    and draws again (refused) ``FLOOD`` times each; the hints are answered later (as
    :attr:`Ear.hints`), the draws are refused meanwhile."""
    assert await at.send(room, SetCoach(True)) is None
    await at.play(room, Draw(seat=0, source=DrawSource.STOCK))
    assert at.link is not None
    for _ in range(FLOOD):
        assert at.link.send(AskHint(seen=None))
    again = Play(command=Draw(seat=0, source=DrawSource.STOCK), seen=None)
    for _ in range(FLOOD):
        assert at.link.send(again)
    await settle(lambda: len(at.refusals) >= FLOOD)
    assert len(at.refusals) == FLOOD and all(refused.rule for refused in at.refusals)


def ai_moved(ear: Ear) -> bool:
    return any(isinstance(t.change, Moved) and t.change.events for t in ear.told)


def test_a_flood_of_help_at_one_table_keeps_no_other_tables_turn_from_a_thread(
    tmp_path: Path, held: Held
) -> None:
    """At round 11, ana turns the coach on, draws, and asks for a hint and draws again
    (refused: she has drawn) two dozen times each while the coach's judgement of her draw
    is still being made: before, each of those moves took a thread that waited there for
    the judgement before it, and the AI's two were soon both taken. Table B's AI
    turn is played and told meanwhile: it is not left waiting for a thread behind ana's
    hints and judgements. The hint, asked 24 times for one position, is worked out (and
    recorded) once."""

    async def play() -> None:
        with ThreadPoolExecutor(1) as files, Watched(2) as think:
            a = room_at(tmp_path, ("KITE-7", "ana", 0), (files, think), HELD)
            b = room_at(tmp_path, ("MOTH-3", "bob", 1), (files, think), 0.0)
            ana = Ear.at(a, "ana", 0)
            await flood(a, ana)
            await settle(lambda: held.started == 1)
            bob = Ear.at(b, "bob", 0)  # seat 1, the AI, is to draw: its turn is due at once
            await settle(lambda: ai_moved(bob) or think.starved())
            assert ai_moved(bob), "B's AI turn waits for a thread behind A's help"
            assert held.started == 1  # ana's help takes one thread: her hints wait their turn
            assert not [e for e in a.events if getattr(e, "help", None) == Assistance.HINT]
            held.go.set()
            await settle(lambda: len(ana.hints) == FLOOD)
            given = ana.hints
            assert len(set(given)) == 1 and given[0].command.seat == 0
            helped = [e for e in a.events if isinstance(e, AssistanceUsed)]
            assert [e.help for e in helped] == [Assistance.COACH, Assistance.HINT]
            lane = a.master.lane
            await settle(lambda: lane.waiting == 0 and not lane.advice.asked)
            assert len(ana.refusals) == FLOOD  # (the draws again: no hint was refused)

    asyncio.run(play())


@pytest.mark.parametrize("threads", [1, 2])
def test_hints_and_the_coach_leave_the_ai_a_thread_for_its_turns(
    tmp_path: Path, held: Held, threads: int
) -> None:
    """Two tables flood their help at once (one judgement each held) on a server whose AI
    thinks on two threads: their help takes one of them at once (``advice_threads``), so a
    third table's AI turn takes the other. Given both (no thread kept), the turn would
    wait behind them: the reserve is what keeps it moving."""

    async def play() -> None:
        advice = Advice(threads=threads)
        with ThreadPoolExecutor(1) as files, Watched(2) as think:
            pools = (files, think)
            a = room_at(tmp_path, ("KITE-7", "ana", 0), pools, HELD, advice)
            c = room_at(tmp_path, ("LARK-5", "cy", 0), pools, HELD, advice)
            b = room_at(tmp_path, ("MOTH-3", "bob", 1), pools, 0.0, advice)
            for room, name in ((a, "ana"), (c, "cy")):
                await flood(room, Ear.at(room, name, 0))
            await settle(lambda: held.started == threads)
            bob = Ear.at(b, "bob", 0)
            await settle(lambda: ai_moved(bob) or think.starved())
            assert ai_moved(bob) is (threads == 1)
            held.go.set()
            await settle(lambda: ai_moved(bob) and not advice.asked)

    asyncio.run(play())


def test_past_the_caps_a_hint_is_refused_and_a_move_goes_unjudged_in_the_games_words(
    tmp_path: Path, held: Held
) -> None:
    """ana may have two hints or judgements not had yet (``advice_per_name``): with her
    draw's judgement held and a hint asked, another hint is refused, and her discard is
    played but not judged; she hears both. Her table takes three at once
    (``advice_per_table``): ben's hint there is refused as well."""

    async def play() -> None:
        advice = Advice(per_name=2, per_table=3)
        with ThreadPoolExecutor(1) as files, Watched(2) as think:
            plan = Plan(code="KITE-7", host="ana", people=("ana", "ben", None, None))
            events = played_to(plan, ROUND, 0, DEAL)
            room = Room(plan, tmp_path, pool=files, think=think, events=events, advice=advice)
            ana = Ear.at(room, "ana", 0)
            ben = Ear.at(room, "ben", 1)
            assert ana.link is not None and ben.link is not None
            lane = room.master.lane
            assert await ana.send(room, SetCoach(True)) is None
            await ana.play(room, Draw(seat=0, source=DrawSource.STOCK))
            await settle(lambda: held.started == 1)
            assert ana.link.send(AskHint(seen=None))
            assert ana.link.send(AskHint(seen=None))  # the same ask: answered once, counted once
            told = room.table.snapshot.state.event_count  # type: ignore[union-attr]
            assert ana.link.send(AskHint(seen=told))  # another ask (what she was told)
            # (the acts are taken up in order: the third is refused after the second joined)
            await settle(lambda: ana.refusals)
            assert [r.key for r in ana.refusals] == ["server.advice_busy"]
            assert lane.waiting == 2 and advice.asked["ana"] == 2
            mine = room.table.view(0).mine  # type: ignore[union-attr]
            assert mine is not None
            assert ana.link.send(Play(command=Discard(seat=0, card=mine.hand[0]), seen=None))
            await settle(lambda: "server.coach_behind" in [n.key for n in ana.notes])
            assert [n.key for n in ana.notes][-1] == "server.coach_behind"
            assert isinstance(room.events[-1], CardDiscarded) and room.events[-1].seat == 0
            assert lane.waiting == 2
            assert ben.link.send(AskHint(seen=None))  # not ana's: the table's third
            await settle(lambda: lane.waiting == 3)
            assert ben.link.send(AskHint(seen=0))
            await settle(lambda: ben.refusals)
            assert [r.key for r in ben.refusals] == ["server.advice_busy"]
            held.go.set()
            await room.master.quiet()  # every ask answered (or refused by the table)
            await settle(lambda: lane.waiting == 0 and not advice.asked)
            assert held.started == 1  # the discard was let pass
            # her two asks, worked out once after her discard: she is not to act any more
            assert [r.key for r in ana.refusals[1:]] == ["hint_not_your_turn"] * 2
            assert ana.hints == [] and len(ben.hints) == 1

    asyncio.run(play())


def test_a_servers_tables_share_its_advice_which_leaves_the_ai_a_thread(tmp_path: Path) -> None:
    """The caps come from the server's limits, and its tables share them; however many
    threads a limits file gives hints and the coach, one of the AI's is kept for its turns
    (unless it has only one)."""
    limits = Limits(advice_per_name=3, advice_per_table=5, advice_threads=5)
    for workers, most in ((1, 1), (2, 1), (4, 3), (8, 5)):
        assert Advice.of(limits, workers=workers).most_threads == most
    advice = Advice.of(limits, workers=2)
    assert (advice.per_name, advice.per_table) == (3, 5)

    async def play() -> None:
        with ThreadPoolExecutor(1) as pool:
            hall = Hall(tmp_path, pool=pool, limits=limits, advice=advice)
            hall.load()
            one = await hall.create(Identity("ana", None), Plan(code="", host=""))
            other = await hall.create(Identity("ben", None), Plan(code="", host=""))
            assert one.master.lane.advice is other.master.lane.advice is advice
            await hall.stop()

    asyncio.run(play())
