"""A session reaches only what its seat may see: proved by walking its objects.

Two people and someone watching sit at a table dealt from a *marked* deck: every card
is a fresh object, so a card is known by its identity, not only its face. They play
through the one seated front exactly as over SSH (the room, its master, the worker
thread), asking for everything a seat may ask (``log``, ``hint``, ``melds``, ``who``,
completion). After every move of the first round, everything each session can *reach*
is walked (``gc.get_referents``, :mod:`tests.helpers.objects`: what it holds, what that
holds, closures included), into the link the master handed it (its binding, its view,
its facts, its newsbox and all the news in it) up to the master's inbox, the link's one
way to the master (which wakes the master: past it are the master and the room), and
the event loop: the walk's only boundaries. None of it may be a card that is hidden from
its seat (another's hand, the stock), a game state, a table, a master or a room. The
walk must be able to fail: a leak is planted, once by a front that keeps what it should
not, once by a session that keeps its room, and once by a table that stops redacting;
and walked past the inbox it finds the room and every hand.
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
from threethirteen.repl.master.master import Master
from threethirteen.repl.protocol.link import Inbox
from threethirteen.repl.server.names import Identity
from threethirteen.repl.server.room import Plan, Room
from threethirteen.repl.server.service import Service
from threethirteen.repl.server.table_session import TableSession, sit_down
from threethirteen.repl.server.terminal import Guest

from tests.helpers.channel import Channel, service_for
from tests.helpers.objects import path_to, reachable
from tests.helpers.rooms import Terminal, settle

SEED, SALT = 31, "0123456789abcdef" * 2
BOUNDARIES: tuple[type, ...] = (Inbox, asyncio.AbstractEventLoop)
"""Where a session's walk ends, and nowhere else: the master's inbox (the link's one way
to the master: it wakes the master, and holds the acts every place at the table sent),
and the event loop (which runs every task of the server)."""
PAST_THE_INBOX: tuple[type, ...] = (asyncio.AbstractEventLoop, Executor, threading.Thread)
"""A walk that goes on through the inbox into the master and the room (not into the loop,
nor the worker threads, which hold nothing a room does not)."""
WHOLE_GAME: tuple[type, ...] = (
    GameState,
    RoundState,
    Table,
    Timeline,
    RoundDealt,
    StockRebuilt,
    Master,
    Room,
)


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


def session_at(room: Room, name: str, seat: int | None) -> TableSession:
    """A connection of ``name`` seated at ``seat`` (``None``: watching), as the server
    seats one: the session keeps its link, never the room."""
    return sit_down(room, Terminal(name), seat, lang="en", screen=PlainScreen(io.StringIO()))


def hidden_from(room: Room, seat: int | None) -> dict[int, Card]:
    """The cards (by identity) that ``seat`` (``None``: someone watching) may not know now:
    the others' hands and the stock, less every card that was ever face up (a hand that
    went out is laid down as melds: every place is told them)."""
    assert room.table is not None
    round_ = room.table.state.round
    assert round_ is not None
    face_up = {id(card) for card in round_.discard_pile}
    face_up |= {id(m.card) for m in round_.history if m.kind != MoveKind.DREW and m.card}
    face_up |= {id(m.passed) for m in round_.history if m.passed is not None}
    if round_.went_out is not None:
        face_up |= {id(card) for card in round_.hands[round_.went_out]}
    cards = [c for s, hand in enumerate(round_.hands) if s != seat for c in hand]
    cards += list(round_.stock)
    return {id(card): card for card in cards if id(card) not in face_up}


def leaks(
    session: TableSession, hidden: dict[int, Card], boundaries: tuple[type, ...] = BOUNDARIES
) -> Iterator[str]:
    """What ``session`` can reach that its seat may not see (hidden cards, whole game
    states, the table, the master, the room), walking up to ``boundaries``."""
    for held in reachable(session, boundaries=boundaries):
        if id(held) in hidden:
            yield f"the hidden card {held}"
        elif isinstance(held, WHOLE_GAME):
            yield f"a {type(held).__name__}"


Check = Callable[[Room, dict[str, TableSession]], None]


def play_marked_round(tmp_path: Path, check: Check) -> None:
    """Ana (0) and ben (1) play round 1 through their fronts, eve watches; ``check`` after
    every move of theirs and at every change of the table it is told of (an AI's turn, or
    a few at once), while round 1 is in play."""

    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            people: list[str | None] = ["ana", "ben", None, None]
            plan = Plan(code="MINT-7", host="ana", people=people, level="greedy")
            room = Room(plan, tmp_path, pool=pool, pace=0.0, events=marked_deal())
            sessions = {
                "ana": session_at(room, "ana", 0),
                "ben": session_at(room, "ben", 1),
                "eve": session_at(room, "eve", None),
            }
            for session in sessions.values():
                session.front.begin()
            assert room.table is not None
            moves, checked = 0, -1  # checked: the table's change last checked
            while room.table.state.round is not None and room.table.state.round.round_no == 1:
                # a change not checked yet (an AI's turn, one or more), or a person to play
                await settle(
                    lambda t=room.table, c=checked: (
                        t.snapshot.number != c or to_play(t, sessions) is not None
                    )
                )
                checked = room.table.snapshot.number
                check(room, sessions)
                if moves >= 12:
                    break
                front = to_play(room.table, sessions)
                if front is None:
                    continue  # an AI is to play, or the front has not been told yet
                turn = room.table.snapshot.state.turn
                hints = said(front).count("Hint: ")
                for line in ("hint", "log 40", "melds", "who", "score", "seed"):
                    front.execute(line)
                # the hint is asked on the worker: told before the move, or the move would be
                # typed against a table that moved on (the hint is help, in the log)
                await settle(lambda f=front, n=hints: said(f).count("Hint: ") > n)
                list(front.completer().get_completions(Document("x "), CompleteEvent()))
                table = room.table
                number = table.snapshot.number
                front.execute("d")
                await settle(lambda t=table, n=number: t.snapshot.number > n)
                await settle(lambda t=table, f=front: told_up_to_date(f, t))
                check(room, sessions)
                mine = front.view.mine if front.view is not None else None
                if mine is None:
                    break  # the draw ended the round (the stock ran out)
                front.execute(f"x {card_word(mine.hand[0])}")
                await settle(lambda t=table, s=turn: t.snapshot.state.turn != s)
                moves += 1
            assert moves >= 4, "the round ended too soon to prove anything"

    asyncio.run(play())


def to_play(table: Table, sessions: dict[str, TableSession]) -> SeatFront | None:
    """The front of the person to play, once it has been told that it is their turn."""
    turn = table.snapshot.state.turn
    if turn not in (0, 1):
        return None
    front = sessions["ana" if turn == 0 else "ben"].front
    view = front.view
    return front if view is not None and view.mine is not None and view.mine.turn == turn else None


def said(front: SeatFront) -> str:
    """Everything shown at ``front`` so far."""
    screen = front.screen
    assert isinstance(screen, PlainScreen) and isinstance(screen.stream, io.StringIO)
    return screen.stream.getvalue()


def told_up_to_date(front: SeatFront, table: Table) -> bool:
    view = front.view
    return view is not None and view.event_count == table.snapshot.state.event_count


def test_no_session_reaches_a_card_its_seat_may_not_see(tmp_path: Path) -> None:
    checked = []

    def check(room: Room, sessions: dict[str, TableSession]) -> None:
        assert room.table is not None
        if room.table.state.round is None or room.table.state.round.round_no != 1:
            return
        assert not len(room.master.inbox)  # where the walk stops holds nobody's acts
        for name, seat in (("ana", 0), ("ben", 1), ("eve", None)):
            hidden = hidden_from(room, seat)
            assert len(hidden) > 20
            found = list(leaks(sessions[name], hidden))
            assert not found, f"{name} reaches {found[:5]}"
        # the walk does see cards: each player's own hand, as the front was told it
        state = room.table.state
        for name, seat in (("ana", 0), ("ben", 1)):
            session = sessions[name]
            view = session.front.view
            if view is None or view.event_count != state.event_count:
                continue
            own = {id(card) for card in state.round.hands[seat]}  # type: ignore[union-attr]
            walked = reachable(session, boundaries=BOUNDARIES)
            assert own <= {id(o) for o in walked}, name
        checked.append(True)

    play_marked_round(tmp_path, check)
    assert len(checked) > 8


def test_a_session_reaches_its_table_only_through_its_inbox(tmp_path: Path) -> None:
    """Walked past the master's inbox, a session reaches the master, the room, the table
    and every hand; short of it, nothing of them: the inbox its link holds is the one way
    there (and the walk can find a room)."""
    found: dict[str, list[str]] = {}

    def check(room: Room, sessions: dict[str, TableSession]) -> None:
        if found:
            return
        session = sessions["ben"]
        found["past"] = list(leaks(session, hidden_from(room, 1), PAST_THE_INBOX))
        found["short"] = list(leaks(session, hidden_from(room, 1)))
        found["way"] = path_to(
            session, lambda held: isinstance(held, Room), boundaries=PAST_THE_INBOX
        )
        inbox = session.link.inbox
        assert inbox is room.master.inbox
        found["inbox"] = path_to(session, lambda held: held is inbox, boundaries=PAST_THE_INBOX)

    play_marked_round(tmp_path, check)
    assert {"a Room", "a Master", "a Table"} <= set(found["past"])
    assert any("hidden card" in leak for leak in found["past"])
    assert not found["short"], found["short"][:5]
    way = found["way"]
    assert "Inbox" in way and way.index("Inbox") < way.index("Master"), way  # through it
    assert found["inbox"] == ["TableSession", "Link", "Inbox"]  # the link's, right there


def test_the_walk_finds_a_leak_a_front_plants(tmp_path: Path) -> None:
    """A test that cannot fail is a defect: a front that keeps the whole game is caught."""
    found: list[str] = []

    def check(room: Room, sessions: dict[str, TableSession]) -> None:
        assert room.table is not None
        if found or room.table.state.round is None:
            return
        front = sessions["ben"].front
        front.spy = room.table.snapshot  # type: ignore[attr-defined]
        found.extend(leaks(sessions["ben"], hidden_from(room, 1)))
        del front.spy  # type: ignore[attr-defined]

    play_marked_round(tmp_path, check)
    assert any("hidden card" in leak for leak in found)
    assert any("GameState" in leak for leak in found)


def test_the_walk_finds_a_session_that_keeps_its_room(tmp_path: Path) -> None:
    """A session that keeps the room it was seated from (as a session kept it before it
    held a link), rather than only its link, is caught: the room, its master, the table,
    every hand."""
    found: list[str] = []

    def check(room: Room, sessions: dict[str, TableSession]) -> None:
        assert room.table is not None
        if found or room.table.state.round is None:
            return
        session = sessions["eve"]
        assert not list(leaks(session, hidden_from(room, None)))  # (as it was seated)
        session.room = room  # type: ignore[attr-defined]
        found.extend(leaks(session, hidden_from(room, None)))
        del session.room  # type: ignore[attr-defined]

    play_marked_round(tmp_path, check)
    assert {"a Room", "a Master", "a Table", "a GameState"} <= set(found), set(found)
    assert any("hidden card" in leak for leak in found)


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

    def check(room: Room, sessions: dict[str, TableSession]) -> None:
        assert room.table is not None
        if room.table.state.round is not None and room.table.state.round.round_no == 1:
            found.extend(leaks(sessions["ana"], hidden_from(room, 0)))
        if found:
            raise Caught

    with pytest.raises(Caught):
        play_marked_round(tmp_path, check)
    assert any("hidden card" in leak for leak in found)


def test_a_guest_at_a_table_reaches_it_only_through_its_inbox(tmp_path: Path) -> None:
    """A whole connection (its prompt, its keyboard, its task, the fronts it moves between)
    seated at a running game: short of its link's inbox and of the service (the lobby's,
    which knows every table), it reaches no hidden card, no table, no master, no room;
    past the inbox it does."""

    async def scenario() -> None:
        service = service_for(tmp_path, [])
        chan = Channel((100, 30))
        guest = Guest(service, Identity("ana", None), chan)  # type: ignore[arg-type]
        task = asyncio.ensure_future(guest.run())
        await settle(lambda: "ana in the lobby" in chan.text())
        guest.received(b"new --seats 2\r")
        await settle(lambda: guest.place is not None)
        place = guest.place
        assert place is not None
        guest.received(b"start\r")
        await settle(lambda: place.front.view is not None and place.front.view.round is not None)
        room = service.hall.rooms[place.code]
        assert room.table is not None and room.table.state.round is not None
        hidden = hidden_from(room, 0)
        assert len(hidden) > 20
        short: list[str] = []
        for held in reachable(guest, boundaries=(*BOUNDARIES, Service)):
            if id(held) in hidden or isinstance(held, WHOLE_GAME):
                short.append(type(held).__name__)
        walked = reachable(guest, boundaries=(*PAST_THE_INBOX, Service))
        past = {type(held).__name__ for held in walked}
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        assert not short, short[:5]
        assert {"Room", "Master", "Table", "GameState"} <= past

    asyncio.run(scenario())
