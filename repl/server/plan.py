"""A table's plan: how its host set it up, who sits at each seat, and how it ended.

The plan is kept in ``tables/CODE.json`` beside the table's log. A file on disk is a
stranger's file: it is read bounded, structured by ``cattrs`` (no key it does not know)
and then checked field by field (:meth:`Plan.problem`), so that no plan can name code to
import (an AI ``level`` is one of :data:`~core.players.LEVELS`) or a person the server
would not let in.

A plan never changes: a change is a new plan (``attrs.evolve``), made by the table's
:class:`~.room.Room` (who sits where, the host) or by the hall once the table is over.

>>> plan = Plan(code="KITE-7", host="ana", people=("ana", None, None, None))
>>> plan.problem() is None, plan.players()
(True, ('human', 'medium', 'medium', 'medium'))
>>> plan.seating(1, Identity("ben", None)).seat_names()
('ana', 'ben', 'AI 3', 'AI 4')
>>> plan.seating(1, Identity("ben", "SHA256:b")).keys
(None, 'SHA256:b', None, None)
>>> Plan(code="KITE-7", host="ana", seats=9, people=(None,) * 9).problem()
"seats: '9' cannot be"
>>> read_plan(plan_text(plan).replace('"medium"', '"os:system"'))
Traceback (most recent call last):
ValueError: level: 'os:system' is not an AI level
"""

from __future__ import annotations

import json
import math
import re
import secrets
from collections.abc import Callable

import cattrs
from attrs import evolve, frozen

from ...core.cards import joker_choices
from ...core.events import Event, GameOptions
from ...core.fairness import SALT_HEX
from ...core.players import LEVELS
from ...core.rules import new_game
from ...core.seats import DEFAULT_SEATS, MAX_SEATS, MIN_SEATS, decks_for
from ...core.turns import Scope
from .names import Identity, is_proof, name_problem

CODE = re.compile(r"[A-Z]{4}-[1-9][0-9]?")
"""A table code as the server makes them (``KITE-7``)."""

TURN_TIMES = range(10, 3601)
"""How long a turn may be given, in seconds (``new --turn-time``)."""

SEATS = range(MIN_SEATS, MAX_SEATS + 1)
"""The seats a table may have (``new --seats``)."""

MAX_PLAN = 1 << 16
"""The longest plan file read, in bytes (a plan is a few hundred)."""

MAX_SINCE = 1 << 24
"""The most events a pilot may count (far more than a log the reader takes holds)."""

_plans = cattrs.Converter(forbid_extra_keys=True)

Deal = Callable[[], tuple[int, str]]
"""Where a new game's seed and salt come from (a test deals a prepared deck)."""


def secret_deal() -> tuple[int, str]:
    """A seed nobody can guess and a salt for the commitment to it."""
    return secrets.randbits(63), secrets.token_hex(SALT_HEX // 2)


@frozen(kw_only=True)
class Pilot:
    """``auto SCOPE`` asked for ``seat`` when the table's log had ``since`` events.

    Kept in the plan, not in the log: the log holds the game's facts, and the help the AI
    gave is one of them (``AssistanceUsed``, then the moves it played), which replay and
    ``--verify`` read as they read any move. A request is not a fact of the game but who
    plays a seat from now on, as :attr:`Plan.people` says who sits there; kept with it, a
    restart plays on for that seat as long as the request holds: what has lapsed since is
    read from the log (see :meth:`~core.table.Table.resume_auto`).
    """

    seat: int
    scope: Scope
    since: int


@frozen(kw_only=True)
class Plan:
    """A table as its host set it up: the options, and who sits at each seat.

    ``people`` holds each seat's player name (``seats`` of them; an older plan without
    the count has four), ``None`` for a seat the AI will play; ``ai`` is how many seats
    the AI may take at the start (``None``: every empty one; ``0``: the table waits until
    people sit at every seat); ``address`` is where the host's connection came from (the
    caps on tables per address count it). A table that is over keeps its plan with the
    time it ended (``finished``), the final ``totals`` of a game played to its end, or
    ``abandoned`` for a table closed because nobody was at it; ``told`` are the players
    who have been told of that in the lobby. A plan is frozen: what changes is a new one.

    ``keys`` says how each seat's player proved their name when they sat down (a key's
    fingerprint, or the password: :attr:`~.names.Identity.proof`), ``None`` where nobody
    sits; a plan written before seats kept it has none, and a seat taken then has ``None``
    too (what that means: :meth:`~.hall.Hall.sat_there`). ``pilots`` are the seats the AI
    plays for their person (:class:`Pilot`).
    """

    code: str
    host: str
    jokers: int = 0
    aces_high: bool = False
    level: str = "medium"
    turn_time: int | None = None
    seats: int = DEFAULT_SEATS
    ai: int | None = None
    people: tuple[str | None, ...] = (None,) * DEFAULT_SEATS
    created: float = 0.0
    address: str = ""
    finished: float | None = None
    totals: tuple[int, ...] | None = None
    abandoned: bool = False
    told: tuple[str, ...] = ()
    keys: tuple[str | None, ...] = ()
    pilots: tuple[Pilot, ...] = ()

    def options(self) -> GameOptions:
        return GameOptions(jokers=self.jokers, aces_high=self.aces_high)

    def players(self) -> tuple[str, ...]:
        """Who plays each seat, as the log names them: ``human`` or an AI level."""
        return tuple("human" if name else self.level for name in self.people)

    def seating(self, seat: int, who: Identity | None) -> Plan:
        """This plan with ``who`` at ``seat``, and how they proved their name (``None``:
        the seat free again)."""
        people, keys = list(self.people), list(self.keys or (None,) * self.seats)
        people[seat], keys[seat] = (None, None) if who is None else (who.name, who.proof)
        return evolve(self, people=tuple(people), keys=tuple(keys))

    def proof(self, name: str) -> str | None:
        """What the seat of ``name`` keeps of how they proved their name (``None``: nobody
        of that name sits here, or the seat was taken before seats kept it)."""
        if name not in self.people or not self.keys:
            return None
        return self.keys[self.people.index(name)]

    def piloted(self, seat: int, scope: Scope | None, since: int) -> Plan:
        """This plan with ``auto SCOPE`` asked for ``seat`` when the log had ``since``
        events (``None``: ``auto off``); the same plan when nothing changes."""
        pilots = tuple(pilot for pilot in self.pilots if pilot.seat != seat)
        if scope is not None:
            pilots += (Pilot(seat=seat, scope=scope, since=since),)
        return self if pilots == self.pilots else evolve(self, pilots=pilots)

    def seat_names(self) -> tuple[str, ...]:
        """What the log calls each seat: its player's name, or ``AI`` and its number."""
        return tuple(name or f"AI {seat + 1}" for seat, name in enumerate(self.people))

    def first_events(self, seed: int, salt: str) -> tuple[Event, ...]:
        """The events that begin this table's game: the AI at every empty seat, the seats
        named for their players, the decks of the ladder, committed to ``seed``."""
        players, seats = self.players(), self.seat_names()
        return new_game(seed, self.options(), players, salt=salt, seats=seats)[1]

    def joker_choices(self) -> tuple[int, ...]:
        """The jokers a table of these seats may play with (one or two per deck, or none)."""
        return joker_choices(decks_for(self.seats))

    def weight(self) -> int:
        """What this table counts against the caps on tables: one for every four seats
        begun (a table of five to eight counts as two)."""
        return -(-self.seats // DEFAULT_SEATS)

    def missing(self) -> int:
        """How many more people must sit down before the host may start (the seats left
        empty beyond those the AI may take)."""
        empty = self.people.count(None)
        return 0 if self.ai is None else max(0, empty - self.ai)

    def problem(self) -> str | None:
        """What makes this plan one the server would never have written, or ``None``."""
        people = self.people
        checks = (
            (CODE.fullmatch(self.code) is not None, "code", self.code),
            (name_problem(self.host) is None, "host", self.host),
            (self.seats in SEATS, "seats", self.seats),
            (self.jokers in self.joker_choices(), "jokers", self.jokers),
            (self.level in LEVELS, "level", self.level),
            (self.turn_time is None or self.turn_time in TURN_TIMES, "turn_time", self.turn_time),
            (len(people) == self.seats, "people", len(people)),
            (self.ai is None or 0 <= self.ai < self.seats, "ai", self.ai),
            (all(p is None or name_problem(p) is None for p in people), "people", people),
            (math.isfinite(self.created), "created", self.created),
            (len(self.address) <= 64 and self.address.isprintable(), "address", self.address),
            (self.finished is None or math.isfinite(self.finished), "finished", self.finished),
            (self.totals is None or len(self.totals) == len(people), "totals", self.totals),
            (all(name in people for name in self.told), "told", self.told),
            (self._keys_fine(), "keys", self.keys),
            (self._pilots_fine(), "pilots", [pilot.seat for pilot in self.pilots]),
        )
        for fine, what, value in checks:
            if not fine:
                said = "is not an AI level" if what == "level" else "cannot be"
                shown = list(value) if isinstance(value, tuple) else value  # as in the file
                return f"{what}: {str(shown)[:40]!r} {said}"
        return None

    def _keys_fine(self) -> bool:
        """Whether ``keys`` holds a proof of a name for seats people sit at, and no more."""
        if not self.keys:
            return True
        pairs = zip(self.people, self.keys, strict=False)
        return len(self.keys) == self.seats and all(
            key is None or (name is not None and is_proof(key)) for name, key in pairs
        )

    def _pilots_fine(self) -> bool:
        """Whether each pilot is of a seat a person sits at, one a seat, at a count of events."""
        seats = [pilot.seat for pilot in self.pilots]
        return len(set(seats)) == len(seats) and all(
            0 <= pilot.seat < min(self.seats, len(self.people))
            and self.people[pilot.seat] is not None
            and 0 <= pilot.since <= MAX_SINCE
            for pilot in self.pilots
        )


def plan_text(plan: Plan) -> str:
    """The plan as it is kept on disk (JSON)."""
    return json.dumps(_plans.unstructure(plan), indent=1) + "\n"


def read_plan(text: str | bytes) -> Plan:
    """A plan read from a file; :class:`ValueError` naming what is wrong with it."""
    if len(text) > MAX_PLAN:
        raise ValueError(f"a plan of {len(text)} bytes is too long")
    try:
        plan = _plans.structure(json.loads(text), Plan)
    except (ValueError, TypeError, RecursionError, cattrs.BaseValidationError) as error:
        raise ValueError(f"not a table's plan: {error}") from None
    problem = plan.problem()
    if problem is not None:
        raise ValueError(problem)
    return plan
