"""A place's port at a shared table: what one binding may ask of its room, bound by the room.

:meth:`Room.bind <repl.server.room.Room.bind>` hands each session a :class:`RoomPort`: the
:class:`~repl.kit.port.Port` every seated front plays through, and the few more things a
shared table's commands ask (who sits where, talk, the start). Every operation is one the
room bound to this binding here, in :func:`port_for`, so each call names the binding and
the room checks it first; the port holds the operations, the binding's plain facts and
nothing else. The session keeps the port and never the room: what it can reach of the
table ends at the port (the room behind the operations is the port's own), which is where
the privacy test's walk stops.

What becomes of a command the session sent (refused, or a hint) is told back to the
session (:class:`~.binding.Session`); the table's news comes to it from the room.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from attrs import frozen

from ...core.rules import Discard, Draw
from ...core.seen import Seen
from ...core.told import Hint, Told
from ...core.turns import Scope
from ...core.views import SeatView
from ..kit.port import Port
from .binding import Binding, Session
from .plan import Plan
from .talk import Talk


@frozen(kw_only=True)
class Who:
    """Who is at a shared table now, as ``who`` shows it: each seat's person (``None``: an
    AI's, or free before the start), who plays each seat as the log names it, the host,
    whether the game has started, who of the people is here, which seats took help, who is
    muted, who watches, and what the host allows watchers (``off``, ``on``, ``talk``).
    ``missing`` people must still sit down before the start (the AI takes ``ai`` seats)."""

    people: tuple[str | None, ...]
    players: tuple[str, ...]
    host: str
    started: bool
    here: frozenset[str]
    assisted: frozenset[int]
    muted: tuple[str, ...]
    watching: tuple[str, ...]
    watchers: str
    missing: int
    ai: int | None

    def names(self) -> list[str]:
        """Everyone at the table, and whoever is muted there (``mute``, ``unmute``)."""
        people = [name for name in self.people if name]
        return list(dict.fromkeys([*people, *self.watching, *self.muted]))


@frozen(kw_only=True)
class RoomPort(Port):
    """One binding's port to its room: the seat's :class:`~repl.kit.port.Port` and what a
    shared table's commands ask. ``binding`` is the credential every operation carries
    (the room's to check: it names the player and the seat, nothing more). ``code`` is the
    table's, ``turn_time`` its turn clock
    (``None``: none), ``away`` how many events there were when this player last left the
    running game (``None``: they had not, or this place watches).

    ``start`` deals (the host's, once everyone is seated); ``say``, ``mute``, ``unmute``
    and ``set_watchers`` are the talk at the table (refused with :class:`~.binding.Refused`);
    ``missed`` is what the seat missed since the log had that many events; ``people``
    each seat's person; ``leave`` ends the binding.
    """

    binding: Binding
    code: str
    turn_time: int | None
    away: int | None
    who: Callable[[], Who]
    people: Callable[[], tuple[str | None, ...]]
    missed: Callable[[int], Told | None]
    start: Callable[[], None]
    say: Callable[[str, Callable[[], str | None]], None]
    mute: Callable[[str], None]
    unmute: Callable[[str], None]
    set_watchers: Callable[[str], None]
    leave: Callable[[], None]
    coach: Callable[[bool], None]
    """The coach on or off for this seat (:mod:`.coaching`)."""


class Desk(Protocol):
    """What a port asks of the room that binds it (:class:`~.room.Room` has all of it)."""

    talk: Talk

    @property
    def plan(self) -> Plan: ...

    @property
    def code(self) -> str: ...

    @property
    def started(self) -> bool: ...

    def present(self, name: str) -> bool: ...

    def assisted(self, seat: int) -> bool: ...

    def unbind(self, binding: Binding) -> None: ...

    def seen(self, binding: Binding) -> tuple[Seen, ...]: ...

    def missed(self, binding: Binding, since: int) -> Told | None: ...

    def autopilot(self, binding: Binding) -> Scope | None: ...

    def start(self, binding: Binding) -> Coroutine[Any, Any, None]: ...

    def submit(
        self, binding: Binding, command: Draw | Discard, told: int | None = None
    ) -> asyncio.Future[object]: ...

    def hint(self, binding: Binding, told: int | None = None) -> asyncio.Future[Hint]: ...

    def auto(self, binding: Binding, scope: Scope | None) -> None: ...

    def coach(self, binding: Binding, on: bool) -> None: ...

    def time_left(self, seat: int) -> float | None: ...


def who_at(room: Desk) -> Who:
    """Who is at ``room`` now."""
    plan, talk = room.plan, room.talk
    people = plan.people
    return Who(
        people=people,
        players=plan.players(),
        host=plan.host,
        started=room.started,
        here=frozenset(name for name in people if name and room.present(name)),
        assisted=frozenset(seat for seat in range(len(people)) if room.assisted(seat)),
        muted=tuple(talk.muted),
        watching=tuple(talk.watching()),
        watchers=talk.watchers,
        missing=plan.missing(),
        ai=plan.ai,
    )


def port_for(
    room: Desk, binding: Binding, session: Session, view: SeatView | None, away: int | None
) -> RoomPort:
    """The port of ``binding`` for its session ``session``, which was given ``view`` (and
    left the running game when it had ``away`` events): each operation bound to the
    binding here, and nothing of the room besides."""
    seat, talk = binding.seat, room.talk

    def send(command: Draw | Discard, told: int | None) -> None:
        session.sent(room.submit(binding, command, told), move=True)

    def hint(told: int | None) -> None:
        session.asked(room.hint(binding, told))

    def auto(scope: Scope | None) -> None:
        try:
            room.auto(binding, scope)
        except Exception as error:  # the room refused it (the binding ended, the game is over)
            session.refused(error)

    def time_left() -> float | None:
        return None if seat is None else room.time_left(seat)

    def start() -> None:
        session.sent(asyncio.ensure_future(room.start(binding)), move=False)

    def say(line: str, caps: Callable[[], str | None]) -> None:
        talk.say(binding, line, caps)

    return RoomPort(
        seat=seat,
        view=view,
        send=send,
        hint=hint,
        auto=auto,
        autopilot=lambda: room.autopilot(binding),
        seen=lambda: room.seen(binding),
        time_left=time_left,
        binding=binding,
        code=room.code,
        turn_time=room.plan.turn_time,
        away=away,
        who=lambda: who_at(room),
        people=lambda: room.plan.people,  # (the plan of now: the room makes a new one)
        missed=lambda since: room.missed(binding, since),
        start=start,
        say=say,
        mute=lambda name: talk.mute(binding, name),
        unmute=lambda name: talk.unmute(binding, name),
        set_watchers=lambda how: talk.set_watchers(binding, how),
        leave=lambda: room.unbind(binding),
        coach=lambda on: room.coach(binding, on),
    )
