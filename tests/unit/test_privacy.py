"""A session holds only what its seat may see: proved by walking its objects.

Two people and someone watching sit at a table dealt from a *marked* deck: every card
is a fresh object, so a card is known by its identity, not only its face. They play
through the one seated front exactly as over SSH (the room, its bindings, the worker
thread), asking for everything a seat may ask (``log``, ``hint``, ``melds``, ``who``,
completion). After every move of the first round, the objects each session holds are
walked (``gc.get_referents``, :mod:`tests.objects`) up to the room that hands it its
seat's news: none may be a card that is hidden from its seat (another's hand, the
stock), and none a game state. Then a leak is planted, once by a front that keeps what
it should not and once by a table that stops redacting, and the walk must find it.
"""

from __future__ import annotations

import asyncio
import io
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path

import attrs
import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from threethirteen.core import table as core_table
from threethirteen.core.cards import Card
from threethirteen.core.events import Event, RoundDealt, StockRebuilt
from threethirteen.core.rules import new_game
from threethirteen.core.state import GameState, MoveKind, RoundState
from threethirteen.core.table import Table
from threethirteen.core.timeline import Timeline
from threethirteen.core.views import SeatView, view_for
from threethirteen.repl.kit.completer import card_word
from threethirteen.repl.kit.screen import PlainScreen
from threethirteen.repl.kit.seat import SeatFront
from threethirteen.repl.server.hall import Hall
from threethirteen.repl.server.room import Plan, Room
from threethirteen.repl.server.seat import RoomLink, TableTexts
from threethirteen.repl.words.grammar import SHARED
from threethirteen.repl.words.i18n import Texts

from tests.helpers.objects import reachable
from tests.helpers.rooms import Terminal, settle

SEED, SALT = 31, "0123456789abcdef" * 2
BOUNDARIES: tuple[type, ...] = (Room, Hall, asyncio.AbstractEventLoop, Executor, threading.Thread)
"""Where a session's objects end: the room that binds it (it hands the session its seat's
news and holds the table), the event loop, the worker threads."""
WHOLE_GAME: tuple[type, ...] = (GameState, RoundState, Table, Timeline, RoundDealt, StockRebuilt)


def marked_deal() -> tuple[Event, ...]:
    """A game's first events with every card of the deal a fresh object of its own."""
    _, (started, dealt) = new_game(SEED, players=("human", "human", "greedy", "greedy"), salt=SALT)
    assert isinstance(dealt, RoundDealt)

    def fresh(cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return tuple(Card(card.rank, card.suit) for card in cards)

    marked = attrs.evolve(
        dealt,
        hands=tuple(fresh(hand) for hand in dealt.hands),
        upcard=fresh((dealt.upcard,))[0],
        stock=fresh(dealt.stock),
    )
    return started, marked


def front_at(room: Room, name: str, seat: int | None) -> SeatFront:
    tx: Texts = TableTexts("en", lambda: room.plan.people, seat)
    link = RoomLink(room, Terminal(name), seat)
    return SeatFront(link, tx=tx, screen=PlainScreen(io.StringIO()), grammar=SHARED)


def hidden_from(room: Room, seat: int | None) -> dict[int, Card]:
    """The cards (by identity) that ``seat`` (``None``: someone watching) may not know now:
    the others' hands and the stock, less every card that was ever face up."""
    assert room.table is not None
    round_ = room.table.state.round
    assert round_ is not None
    face_up = {id(card) for card in round_.discard_pile}
    face_up |= {id(m.card) for m in round_.history if m.kind != MoveKind.DREW and m.card}
    face_up |= {id(m.passed) for m in round_.history if m.passed is not None}
    cards = [c for s, hand in enumerate(round_.hands) if s != seat for c in hand]
    cards += list(round_.stock)
    return {id(card): card for card in cards if id(card) not in face_up}


def leaks(front: SeatFront, hidden: dict[int, Card]) -> Iterator[str]:
    """What ``front`` holds that its seat may not see: hidden cards, whole game states."""
    for held in reachable(front, boundaries=BOUNDARIES):
        if id(held) in hidden:
            yield f"the hidden card {held}"
        elif isinstance(held, WHOLE_GAME):
            yield f"a {type(held).__name__}"


def play_marked_round(tmp_path: Path, check: Callable[[Room, dict[str, SeatFront]], None]) -> None:
    """Ana (0) and ben (1) play round 1 through their fronts, eve watches; ``check`` after
    every move of theirs and every AI turn, while round 1 is in play."""

    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            people: list[str | None] = ["ana", "ben", None, None]
            plan = Plan(code="MINT-7", host="ana", people=people, level="greedy")
            room = Room(plan, tmp_path, pool=pool, pace=0.0, events=marked_deal())
            fronts = {
                "ana": front_at(room, "ana", 0),
                "ben": front_at(room, "ben", 1),
                "eve": front_at(room, "eve", None),
            }
            for front in fronts.values():
                front.begin()
            assert room.table is not None
            moves = 0
            while room.table.state.round is not None and room.table.state.round.round_no == 1:
                await asyncio.sleep(0.02)
                check(room, fronts)
                turn = room.table.snapshot.state.turn
                if turn not in (0, 1) or moves >= 12:
                    if moves >= 12:
                        break
                    continue
                front = fronts["ana" if turn == 0 else "ben"]
                view = front.view
                if view is None or view.mine is None or view.mine.turn != turn:
                    continue  # the front has not been told yet
                table = room.table
                asked = table.snapshot.number
                for line in ("hint", "log 40", "melds", "who", "score", "seed"):
                    front.execute(line)
                # the hint is recorded (help given) on a worker, the helper AI then thinks
                # on under the table's lock: the draw waits until the front was told of the
                # hint, or the hint's own record, landing late, would pass for the draw's
                # below, the discard would be typed before the draw (refused), and the
                # turn would never pass
                await settle(lambda t=table, n=asked: t.snapshot.number > n)
                await settle(lambda t=table, f=front: told_up_to_date(f, t))
                check(room, fronts)
                list(front.completer().get_completions(Document("x "), CompleteEvent()))
                number = table.snapshot.number
                front.execute("d")
                await settle(lambda t=table, n=number: t.snapshot.number > n)
                await settle(lambda t=table, f=front: told_up_to_date(f, t))
                check(room, fronts)
                mine = front.view.mine if front.view is not None else None
                if mine is None:
                    break  # the draw ended the round (the stock ran out)
                front.execute(f"x {card_word(mine.hand[0])}")
                await settle(lambda t=table, s=turn: t.snapshot.state.turn != s)
                moves += 1
            assert moves >= 4, "the round ended too soon to prove anything"

    asyncio.run(play())


def told_up_to_date(front: SeatFront, table: Table) -> bool:
    view = front.view
    return view is not None and view.event_count == table.snapshot.state.event_count


def test_no_session_holds_a_card_its_seat_may_not_see(tmp_path: Path) -> None:
    checked = []

    def check(room: Room, fronts: dict[str, SeatFront]) -> None:
        assert room.table is not None
        if room.table.state.round is None or room.table.state.round.round_no != 1:
            return
        for name, seat in (("ana", 0), ("ben", 1), ("eve", None)):
            hidden = hidden_from(room, seat)
            assert len(hidden) > 20
            found = list(leaks(fronts[name], hidden))
            assert not found, f"{name} holds {found[:5]}"
        # the walk does see cards: each player's own hand, as the front was told it
        state = room.table.state
        for name, seat in (("ana", 0), ("ben", 1)):
            front = fronts[name]
            if front.view is None or front.view.event_count != state.event_count:
                continue
            own = {id(card) for card in state.round.hands[seat]}  # type: ignore[union-attr]
            held = {id(o) for o in reachable(front, boundaries=BOUNDARIES)}
            assert own <= held, name
        checked.append(True)

    play_marked_round(tmp_path, check)
    assert len(checked) > 8


def test_the_walk_finds_a_leak_a_front_plants(tmp_path: Path) -> None:
    """A test that cannot fail is a defect: a front that keeps the whole game is caught."""
    found: list[str] = []

    def check(room: Room, fronts: dict[str, SeatFront]) -> None:
        assert room.table is not None
        if found or room.table.state.round is None:
            return
        fronts["ben"].spy = room.table.snapshot  # type: ignore[attr-defined]
        found.extend(leaks(fronts["ben"], hidden_from(room, 1)))
        del fronts["ben"].spy  # type: ignore[attr-defined]

    play_marked_round(tmp_path, check)
    assert any("hidden card" in leak for leak in found)
    assert any("GameState" in leak for leak in found)


def test_the_walk_finds_a_table_that_tells_a_seat_another_seats_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table that gets the redaction wrong (the next seat's view told to each seat, the
    ghost seat's leak) is caught in what the session holds."""
    real = core_table.seat_view

    def wrong_seat(
        state: GameState, seat: int | None, helped: frozenset[int] | None = None
    ) -> SeatView:
        told = real(state, seat, helped)
        if seat is None or state.round is None:
            return told
        return attrs.evolve(told, round=view_for(state, (seat + 1) % 4))

    monkeypatch.setattr(core_table, "seat_view", wrong_seat)
    found: list[str] = []

    class Caught(Exception):
        pass

    def check(room: Room, fronts: dict[str, SeatFront]) -> None:
        assert room.table is not None
        if room.table.state.round is not None and room.table.state.round.round_no == 1:
            found.extend(leaks(fronts["ana"], hidden_from(room, 0)))
        if found:
            raise Caught

    with pytest.raises(Caught):
        play_marked_round(tmp_path, check)
    assert any("hidden card" in leak for leak in found)
