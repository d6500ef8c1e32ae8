"""One shared table: who sits where, the AI seats, the turn clock, and who is told what.

A :class:`Room` holds a :class:`~core.table.Table` once its host starts the game.
Everything that changes the table (a person's move, an AI turn, a turn the clock
ran out on) runs on a worker thread, one at a time for the room, so a thinking AI
never holds up the server's event loop or another table. The table stores each move
in the room's log file before it tells anyone; the room then passes the change to
every session at the table, on the event loop, in order. Sessions read only the
room's own copy of the log (:attr:`Room.events`), never the table itself.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Protocol, TypeVar

from attrs import define, field, frozen

from ...core.events import Assistance, AssistanceUsed, Event, GameOptions
from ...core.fairness import SALT_HEX
from ...core.players import LEVELS, load_policy
from ...core.rules import Assist, Discard, Draw, new_game
from ...core.seats import SEATS
from ...core.state import GameState, Phase, evolve, fold
from ...core.table import Change, Played, Table
from ..files.storage import Autosave

_T = TypeVar("_T")

Deal = Callable[[], tuple[int, str]]
"""Where a new game's seed and salt come from (a test deals a prepared deck)."""


def secret_deal() -> tuple[int, str]:
    """A seed nobody can guess and a salt for the commitment to it."""
    return secrets.randbits(63), secrets.token_hex(SALT_HEX // 2)


@define(kw_only=True)
class Plan:
    """A table as its host set it up: the options, and who sits at each seat.

    ``people`` holds each seat's player name, ``None`` for a seat the AI will play.
    """

    code: str
    host: str
    jokers: int = 0
    aces_high: bool = False
    level: str = "medium"
    turn_time: int | None = None
    people: list[str | None] = field(factory=lambda: [None] * SEATS)
    created: float = 0.0

    def options(self) -> GameOptions:
        return GameOptions(jokers=self.jokers, aces_high=self.aces_high)

    def players(self) -> tuple[str, ...]:
        """Who plays each seat, as the log names them: ``human`` or an AI level."""
        return tuple("human" if name else self.level for name in self.people)


@frozen
class Note:
    """Something that happened at the table besides a move: ``key`` in the texts, with
    its parameters (a name, a seat number, a line someone said)."""

    key: str
    params: tuple[tuple[str, object], ...] = ()

    @property
    def values(self) -> dict[str, object]:
        return dict(self.params)


News = Change | Note


class Listener(Protocol):
    """A session at the table (a player or a spectator)."""

    @property
    def name(self) -> str:
        """The player's name."""

    def hear(self, news: News) -> None:
        """Tell the person ``news`` (called on the event loop, in order)."""


class Room:
    """A table of the server, before and during its game."""

    def __init__(
        self,
        plan: Plan,
        folder: Path,
        *,
        pool: Executor,
        pace: float = 1.0,
        deal: Deal = secret_deal,
        report: Callable[[str], None] = lambda line: None,
        events: Sequence[Event] = (),
    ) -> None:
        self.plan = plan
        self.folder = folder
        self.pool = pool
        self.pace = pace
        self.deal = deal
        self.report = report
        self.listeners: list[Listener] = []
        self.away_since: dict[str, int] = {}
        """For a player who left a running game: how many events there were then."""
        self.autopilot: dict[int, tuple[str, int]] = {}
        """Seats the AI plays for their player: the scope and the round it began in."""
        self.events: tuple[Event, ...] = ()
        self.state = GameState()
        self.table: Table | None = None
        self.store = Autosave(self.log_path)
        self.store.told = self._store_told
        self._gate = asyncio.Lock()
        self._pending: asyncio.TimerHandle | None = None
        self._clock: tuple[tuple[int, int], asyncio.TimerHandle] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._starting = False
        if events:
            self.events = tuple(events)
            self.state = fold(events)
            self._seat_game(events)
            self.store.adopt(events)

    # -- what the lobby and the sessions read ----------------------------------------

    @property
    def code(self) -> str:
        return self.plan.code

    @property
    def log_path(self) -> Path:
        return self.folder / f"{self.plan.code}.jsonl"

    @property
    def started(self) -> bool:
        return self.table is not None

    @property
    def finished(self) -> bool:
        return self.state.ended is not None

    def seat_of(self, name: str) -> int | None:
        """The seat ``name`` sits at, if any."""
        return self.plan.people.index(name) if name in self.plan.people else None

    def present(self, name: str) -> bool:
        """Whether ``name`` has a session at this table now."""
        return any(listener.name == name for listener in self.listeners)

    def people(self) -> list[str]:
        return [name for name in self.plan.people if name]

    def assisted(self, seat: int) -> bool:
        """Whether ``seat`` took help in this game (a hint, the AI for a turn)."""
        return any(isinstance(e, AssistanceUsed) and e.seat == seat for e in self.events)

    # -- sitting down and standing up ------------------------------------------------

    def sit(self, name: str) -> int | str:
        """Seat ``name``: their own seat in a game they play, else the next free one
        before the start. The seat, or why not (a text key)."""
        seat = self.seat_of(name)
        if seat is not None:
            return seat
        if self.started:
            return "server.already_started"
        if None not in self.plan.people:
            return "server.table_full"
        seat = self.plan.people.index(None)
        self.plan.people[seat] = name
        self.tell(Note("server.sat_down", (("name", name), ("seat", seat))))
        return seat

    def stand(self, name: str) -> None:
        """``name`` leaves a table whose game has not started: their seat is free again
        (the next player becomes host if the host left)."""
        seat = self.seat_of(name)
        if seat is None or self.started:
            return
        self.plan.people[seat] = None
        if self.plan.host == name and self.people():
            self.plan.host = self.people()[0]
        self.tell(Note("server.stood_up", (("name", name),)))

    def join(self, listener: Listener) -> None:
        self.listeners.append(listener)
        self.away_since.pop(listener.name, None)
        self._next()

    def part(self, listener: Listener) -> None:
        """``listener`` left the table (or lost the connection)."""
        if listener in self.listeners:
            self.listeners.remove(listener)
        if self.seat_of(listener.name) is not None and not self.present(listener.name):
            self.away_since[listener.name] = len(self.events)
            if self.started and not self.finished:
                self.tell(Note("server.went_away", (("name", listener.name),)))

    # -- the game --------------------------------------------------------------------

    async def start(self) -> object:
        """Deal: the AI takes every empty seat, the seed stays secret behind its commitment.
        A second call while the first deals does nothing."""
        if self._starting or self.started:
            return None
        self._starting = True
        seed, salt = self.deal()
        plan = self.plan
        _, events = new_game(seed, plan.options(), plan.players(), salt=salt)
        async with self._gate:
            await self._on_worker(lambda: self.store.sync(events))
        self._seat_game(events)
        self._heard(Played(events, GameState()))  # the room's own copy takes the deal here
        self.tell(Note("server.started"))
        return None

    def _seat_game(self, events: Sequence[Event]) -> None:
        players = fold(events).started
        assert players is not None
        policies = {
            seat: load_policy(player if player in LEVELS else self.plan.level)
            for seat, player in enumerate(players.players)
            if player != "human"
        }
        self.table = Table(events, policies, store=self.store)
        loop = asyncio.get_running_loop() if _in_loop() else None
        self._loop = loop
        self.table.subscribe(self._from_worker)

    def submit(self, seat: int, command: Draw | Discard) -> asyncio.Task[object]:
        """Play ``seat``'s move (checked again by the table); the task says how it went."""
        table = self._require_table()
        return asyncio.ensure_future(self._act(lambda: table.submit(seat, command)))

    def hint(self, seat: int) -> asyncio.Task[object]:
        """The helper AI's move for ``seat`` (recorded as help); the task gives the hint."""
        table = self._require_table()
        return asyncio.ensure_future(self._act(lambda: table.hint(seat)))

    def auto(self, seat: int, scope: str) -> asyncio.Task[object]:
        """The AI plays ``seat`` for its player: this ``turn``, this ``round`` or the ``game``."""
        table = self._require_table()
        round_no = self.state.round.round_no if self.state.round else 0
        self.autopilot[seat] = (scope, round_no)

        def record() -> object:
            return table.submit(seat, Assist(seat=seat, help=Assistance.AUTO))

        task = asyncio.ensure_future(self._act(record))
        task.add_done_callback(lambda _: self._next())
        return task

    def tell(self, news: News) -> None:
        """Pass ``news`` to everyone at the table."""
        for listener in tuple(self.listeners):
            listener.hear(news)

    # -- inside ----------------------------------------------------------------------

    def _require_table(self) -> Table:
        if self.table is None:
            raise RuntimeError("the game at this table has not started")
        return self.table

    async def _act(self, work: Callable[[], _T]) -> _T:
        async with self._gate:
            return await self._on_worker(work)

    async def _on_worker(self, work: Callable[[], _T]) -> _T:
        loop = asyncio.get_running_loop()
        self._loop = loop
        return await loop.run_in_executor(self.pool, work)

    def _from_worker(self, change: Change) -> None:
        """The table's listener: it may be called on a worker thread."""
        loop = self._loop
        if loop is None:
            return
        loop.call_soon_threadsafe(self._heard, change)

    def _heard(self, change: Change) -> None:
        if isinstance(change, Played):
            for event in change.events:
                self.state = evolve(self.state, event)
            self.events += change.events
            if self.state.ended is not None:
                self.report(f"table {self.code} finished ({len(self.events)} events)")
        self.tell(change)
        self._next()

    def _next(self) -> None:
        """After a change: an AI's turn is due (after the pace), or a person's clock runs."""
        state = self.state
        table = self.table
        if table is None or state.turn is None or state.ended is not None:
            return
        if state.phase not in (Phase.DRAW, Phase.DISCARD):
            return
        seat = state.turn
        if seat in table.policies or self._on_autopilot(seat):
            if self._pending is None:
                loop = asyncio.get_running_loop()
                self._pending = loop.call_later(self.pace, self._play_ai, seat)
            return
        self._wind_clock(seat)

    def _on_autopilot(self, seat: int) -> bool:
        kept = self.autopilot.get(seat)
        if kept is None:
            return False
        scope, round_no = kept
        current = self.state.round.round_no if self.state.round else 0
        if scope == "round" and current != round_no:
            del self.autopilot[seat]
            return False
        return True

    def _play_ai(self, seat: int) -> None:
        self._pending = None
        table = self._require_table()
        if self.state.turn != seat:
            self._next()
            return
        person = seat not in table.policies
        if person and self.autopilot.get(seat, ("", 0))[0] == "turn":
            del self.autopilot[seat]

        def turn() -> object:
            if table.state.turn != seat:  # a call for this turn queued twice: it is played
                return ()
            return table.play_turn(seat if person else None)

        task = asyncio.ensure_future(self._act(turn))
        task.add_done_callback(self._after_ai)

    def _after_ai(self, task: asyncio.Future[object]) -> None:
        if not task.cancelled() and task.exception() is not None:
            self.report(f"table {self.code}: AI turn failed: {task.exception()!r}")

    def _wind_clock(self, seat: int) -> None:
        """With a turn time, a person who does not move in time has the AI play the turn."""
        limit = self.plan.turn_time
        if not limit:
            return
        key = (seat, len(self.events))
        if self._clock is not None:
            if self._clock[0] == key:
                return
            self._clock[1].cancel()
        loop = asyncio.get_running_loop()
        self._clock = (key, loop.call_later(limit, self._time_up, key))

    def _time_up(self, key: tuple[int, int]) -> None:
        self._clock = None
        seat, count = key
        if len(self.events) != count or self.state.turn != seat:
            return
        name = self.plan.people[seat] or ""
        self.tell(Note("server.time_up", (("name", name), ("seat", seat))))
        self.autopilot[seat] = ("turn", 0)
        table = self._require_table()
        task = asyncio.ensure_future(
            self._act(lambda: table.submit(seat, Assist(seat=seat, help=Assistance.AUTO)))
        )
        task.add_done_callback(lambda _: self._next())

    def _store_told(self, failure: OSError | None) -> None:
        said = "saves again" if failure is None else f"cannot be saved: {failure}"
        self.report(f"table {self.code}: {said}")
        key = "server.store_back" if failure is None else "server.store_failed"
        loop = self._loop
        if loop is not None:
            loop.call_soon_threadsafe(self.tell, Note(key))


def _in_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True
