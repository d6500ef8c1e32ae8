"""The news a table's master tells one place at it: small frozen records, the same for a
terminal, an SSH session and a page (as JSON through :mod:`.codec`).

A place is told only what it may know: a change of the game comes redacted for its seat
(:class:`~core.told.Told`, made by the engine); everything else a front draws (whose turn
it is and for how long, who sits where, whether the AI plays for it) is pushed as news
when it changes, so that no front asks its table anything while it draws. Text is made
only at the edge, in the reader's language: news carries keys and values, never words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from attrs import frozen

from ...core.errors import GameError, IllegalMoveError
from ...core.events import CardDiscarded, CardDrawn
from ...core.lab.analysis import Decision
from ...core.seen import Seen
from ...core.told import Hint, Told
from ...core.turns import Scope
from ...core.views import SeatView

Values = tuple[tuple[str, object], ...]
"""The values of a sentence, by name (a name, a seat number, a line someone said)."""

Playing = Literal["here", "away", "auto", "ai", "free"]
"""Who plays a seat now (:meth:`Who.playing`)."""


@frozen
class Note:
    """Something that happened at the table besides a move: ``key`` in the texts, with its
    values."""

    key: str
    params: Values = ()

    @property
    def values(self) -> dict[str, object]:
        return dict(self.params)


@frozen
class Refusal:
    """An act the master refused, and why: ``key`` in the texts with its values; ``rule``
    when it is the engine's (:class:`~core.errors.GameError`, said by the rules' own
    sentences, with its typed values), else the table's (``server.*``, ``msg.*``)."""

    key: str
    params: Values = ()
    rule: bool = False

    @property
    def values(self) -> dict[str, object]:
        return dict(self.params)

    @property
    def stale(self) -> bool:
        """Whether the act was typed against a table that has moved on since."""
        return self.rule and self.key == "stale_command"

    @staticmethod
    def of(error: GameError) -> Refusal:
        """The engine's refusal ``error``, as news."""
        return Refusal(error.key, tuple(error.params.items()), rule=True)

    def error(self) -> GameError:
        """The engine's refusal again, to be said in a language (for a ``rule``)."""
        return IllegalMoveError(self.key, **self.values)


@frozen(kw_only=True)
class Who:
    """Who is at a table now: each seat's person (``None``: an AI's, or free before the
    start), who plays each seat as the log names it, the host, whether the game has
    started, who of the people is here, which seats took help, which people's seats the AI
    plays now (``auto``, or a turn whose clock ran out), who is muted, who watches, and what
    the host allows watchers (``off``, ``on``, ``talk``). ``missing`` people must still sit
    down before the start (the AI takes ``ai`` seats)."""

    people: tuple[str | None, ...]
    players: tuple[str, ...]
    host: str
    started: bool
    here: frozenset[str]
    assisted: frozenset[int]
    auto: frozenset[int]
    muted: tuple[str, ...]
    watching: tuple[str, ...]
    watchers: str
    missing: int
    ai: int | None

    def playing(self, seat: int) -> Playing:
        """Who plays ``seat`` now: its person, ``here`` at the table or ``away`` from it
        (then the table waits for them); the AI for its person (``auto``: nobody is waited
        for, here or away); the AI at a seat no person took (``ai``), or nobody yet
        (``free``, before the start). The one place every front decides what it says of a
        seat, and whom the table waits for."""
        name = self.people[seat] if 0 <= seat < len(self.people) else None
        if name is None:
            return "ai" if self.started else "free"
        if seat in self.auto:
            return "auto"
        return "here" if name in self.here else "away"

    def names(self) -> list[str]:
        """Everyone at the table, and whoever is muted there (``mute``, ``unmute``)."""
        people = [name for name in self.people if name]
        return list(dict.fromkeys([*people, *self.watching, *self.muted]))

    def start_refusal(self, name: str, seat: int | None) -> Refusal | None:
        """Why ``name`` at ``seat`` may not deal now (``None``: they may). The one place
        "may start" is decided: the master refuses by it, a front greys its button by it."""
        if seat is None:
            return Refusal("server.only_watching")
        if self.started:
            return Refusal("server.already_started")
        if name != self.host:
            return Refusal("server.host_only", (("host", self.host),))
        if self.missing:
            return Refusal("server.seats_for_people", (("n", self.missing), ("ai", self.ai)))
        return None


@frozen
class Seating:
    """Who is at the table now (told whenever it changes)."""

    who: Who


@frozen
class Hinted:
    """What the helper AI would do now, and why (recorded as help)."""

    hint: Hint


@frozen(kw_only=True)
class Advised:
    """The coach's verdict on the seat's last ``move``: it cost clearly more than the hard
    AI's choice, ``decision``."""

    decision: Decision
    move: CardDrawn | CardDiscarded


@frozen
class Piloted:
    """For how long the AI plays for this seat now (``None``: the person plays); told
    whenever it changes (``auto``, its end, a turn the clock ran out on). ``stopped``: the
    person took their turns back before it ended (Ctrl-C at a terminal)."""

    scope: Scope | None
    stopped: bool = False


@frozen
class Clock:
    """This seat's turn clock: ``seconds`` left when it was wound or told, ``None`` when it
    stopped (the move was made, the turn is over)."""

    seconds: float | None


@frozen
class Unseated:
    """The master ended this place's binding: its seat was given up (in another terminal),
    or the host closed the table to those watching (``watching``)."""

    watching: bool = False


@frozen
class WhileAway:
    """What the seat missed while its player was away: ``missed`` events, told as one
    change."""

    missed: int
    told: Told


@frozen
class SeenLog:
    """The log so far as the place may know it (asked with ``AskLog``)."""

    events: Sequence[Seen]


@frozen
class Reset:
    """Another game at this place from now on (a new one dealt, or one loaded, at a table
    of one's own): its view."""

    view: SeatView | None


News = (
    Told
    | Note
    | Refusal
    | Seating
    | Hinted
    | Advised
    | Piloted
    | Clock
    | Unseated
    | WhileAway
    | SeenLog
    | Reset
)
"""Everything a place may be told."""
