"""A table's plan: how its host set it up, who sits at each seat, and how it ended.

The plan is kept in ``tables/CODE.json`` beside the table's log. A file on disk is a
stranger's file: it is read bounded, structured by ``cattrs`` (no key it does not know)
and then checked field by field (:meth:`Plan.problem`), so that no plan can name code to
import (an AI ``level`` is one of :data:`~core.players.LEVELS`) or a person the server
would not let in.

>>> plan = Plan(code="KITE-7", host="ana", people=["ana", None, None, None])
>>> plan.problem() is None, plan.players()
(True, ('human', 'medium', 'medium', 'medium'))
>>> read_plan(plan_text(plan).replace('"medium"', '"os:system"'))
Traceback (most recent call last):
ValueError: level: 'os:system' is not an AI level
"""

from __future__ import annotations

import json
import math
import re

import cattrs
from attrs import define, field

from ...core.events import GameOptions
from ...core.players import LEVELS
from ...core.seats import DEFAULT_SEATS
from .names import name_problem

CODE = re.compile(r"[A-Z]{4}-[1-9][0-9]?")
"""A table code as the server makes them (``KITE-7``)."""

TURN_TIMES = range(10, 3601)
"""How long a turn may be given, in seconds (``new --turn-time``)."""

JOKERS = (0, 2, 4)

MAX_PLAN = 1 << 16
"""The longest plan file read, in bytes (a plan is a few hundred)."""

_plans = cattrs.Converter(forbid_extra_keys=True)


@define(kw_only=True)
class Plan:
    """A table as its host set it up: the options, and who sits at each seat.

    ``people`` holds each seat's player name, ``None`` for a seat the AI will play;
    ``address`` is where the host's connection came from (the cap of tables per
    address counts it). A table that is over keeps its plan with the time it ended
    (``finished``), the final ``totals`` of a game played to its end, or ``abandoned``
    for a table closed because nobody was at it; ``told`` are the players who have
    been told of that in the lobby.
    """

    code: str
    host: str
    jokers: int = 0
    aces_high: bool = False
    level: str = "medium"
    turn_time: int | None = None
    people: list[str | None] = field(factory=lambda: [None] * DEFAULT_SEATS)
    created: float = 0.0
    address: str = ""
    finished: float | None = None
    totals: list[int] | None = None
    abandoned: bool = False
    told: list[str] = field(factory=list)

    def options(self) -> GameOptions:
        return GameOptions(jokers=self.jokers, aces_high=self.aces_high)

    def players(self) -> tuple[str, ...]:
        """Who plays each seat, as the log names them: ``human`` or an AI level."""
        return tuple("human" if name else self.level for name in self.people)

    def seats(self) -> tuple[str, ...]:
        """What the log calls each seat: its player's name, or ``AI`` and its number."""
        return tuple(name or f"AI {seat + 1}" for seat, name in enumerate(self.people))

    def problem(self) -> str | None:
        """What makes this plan one the server would never have written, or ``None``."""
        people = self.people
        checks = (
            (CODE.fullmatch(self.code) is not None, "code", self.code),
            (name_problem(self.host) is None, "host", self.host),
            (self.jokers in JOKERS, "jokers", self.jokers),
            (self.level in LEVELS, "level", self.level),
            (self.turn_time is None or self.turn_time in TURN_TIMES, "turn_time", self.turn_time),
            (len(people) == DEFAULT_SEATS, "people", len(people)),
            (all(p is None or name_problem(p) is None for p in people), "people", people),
            (math.isfinite(self.created), "created", self.created),
            (len(self.address) <= 64 and self.address.isprintable(), "address", self.address),
            (self.finished is None or math.isfinite(self.finished), "finished", self.finished),
            (self.totals is None or len(self.totals) == len(people), "totals", self.totals),
            (all(name in people for name in self.told), "told", self.told),
        )
        for fine, what, value in checks:
            if not fine:
                said = "is not an AI level" if what == "level" else "cannot be"
                return f"{what}: {str(value)[:40]!r} {said}"
        return None


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
