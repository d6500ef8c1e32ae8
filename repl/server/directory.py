"""The open tables as the lobby lists them: for each, a :class:`Listed`, a record that never
changes (its plan, whether its game started, the round in play, what the host allows those
watching). The lobby in a terminal and the browser's list of tables read the same records,
and so say the same of each seat: who sits there, the AI once the game started, or a seat
still free.

>>> waiting = Listed("KITE-7", Plan(code="KITE-7", host="ana", people=("ana", None, None, None)))
>>> waiting.taken, waiting.free, [waiting.player(seat) for seat in range(4)]
(1, 3, ['ana', None, None, None])
>>> running = Listed("KITE-7", waiting.plan, started=True, round_no=2)
>>> running.taken, running.free, running.player(1)
(4, 0, 'medium')
>>> running.seat_words(1, Texts("en")), waiting.seat_words(1, Texts("de"))
('AI 2 (medium)', 'frei')
"""

from __future__ import annotations

from attrs import frozen

from ..words.i18n import Texts
from .plan import Plan


@frozen
class Listed:
    """One open table as the lobby lists it: its ``code`` and ``plan`` (who sits where, the
    options), whether its game ``started``, the round in play (``round_no``: 0 before the
    deal and between rounds), and what the host allows those watching (``watchers``:
    ``off``, ``on``, ``talk``)."""

    code: str
    plan: Plan
    started: bool = False
    round_no: int = 0
    watchers: str = "on"

    def player(self, seat: int) -> str | None:
        """Who plays ``seat``: a person's name, the AI's level once the game started (the
        AI plays every seat no person took), or ``None`` for a seat still free."""
        name = self.plan.people[seat]
        if name:
            return name
        return self.plan.level if self.started else None

    def ai(self, seat: int) -> bool:
        """Whether the AI plays ``seat`` (only once the game started: before, a seat
        without a person is free)."""
        return self.started and not self.plan.people[seat]

    @property
    def taken(self) -> int:
        """The seats taken: by people, and once the game started by the AI too."""
        return self.plan.seats if self.started else self.plan.seats - self.free

    @property
    def free(self) -> int:
        """The seats a person may still take (none once the game started)."""
        return 0 if self.started else self.plan.people.count(None)

    def seat_words(self, seat: int, tx: Texts) -> str:
        """``seat`` as the lobby shows it, in the words of ``tx``: the person's name, the AI
        with its number and level, or free."""
        if self.ai(seat):
            return tx("server.ai_short", number=seat + 1, level=tx.level(self.plan.level))
        return self.plan.people[seat] or tx("server.seat_free")

    def row(self, tx: Texts, me: str) -> dict[str, object]:
        """This table in the browser's list of tables (the ``tables`` message, in the
        words of ``tx``, for the player ``me``): each seat as the lobby shows it (a free
        seat ``null``), the seats the AI plays, the seats taken."""
        seats = range(self.plan.seats)
        return {
            "code": self.code,
            "seats": self.plan.seats,
            "taken": self.taken,
            "people": [None if self.player(s) is None else self.seat_words(s, tx) for s in seats],
            "ai": [seat for seat in seats if self.ai(seat)],
            "started": self.started,
            "round": self.round_no if self.started else None,
            "options": options_text(self.plan, tx),
            "mine": me in self.plan.people,
        }


def options_text(plan: Plan, tx: Texts) -> str:
    """A table's options as the lobby lists them: jokers, aces, the AI's level (and how
    many seats it may take), the turn clock."""
    aces = tx("aces.high") if plan.aces_high else tx("aces.low")
    options = tx("server.options", jokers=plan.jokers, aces=aces, level=tx.level(plan.level))
    if plan.ai is not None:
        if plan.ai == 1:
            options += tx("server.ai_most_one")
        else:
            options += tx("server.ai_most", n=plan.ai) if plan.ai else tx("server.no_ai")
    if plan.turn_time:
        options += tx("server.turn_time", seconds=plan.turn_time)
    return options
