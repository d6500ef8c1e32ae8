"""The acts a place at a table sends its master: small frozen records, the same from a
terminal, an SSH session and a page (as JSON through :mod:`.codec`).

A move carries the state id its sender saw (``seen``: how many events of the game the
place had been told when the person chose it, the ``event_count`` of the view it was
typed or clicked against); the master refuses a move the table has moved on from, as
boardgame.io's master refuses an update with an old ``stateID``. The master checks who
sends it first (:class:`Binding`): an act is always sent by one binding, never by a seat.

>>> from threethirteen.core.rules import Draw
>>> from threethirteen.core.events import DrawSource
>>> Play(command=Draw(seat=0, source=DrawSource.STOCK), seen=12).seen
12
"""

from __future__ import annotations

from attrs import frozen

from ...core.rules import Discard, Draw
from ...core.turns import Scope


@frozen
class Binding:
    """One place's credential at a table: the player ``name`` speaks for ``seat``
    (``None``: watches). ``number`` tells bindings apart; the master ends a binding when its
    place leaves or its seat is given up, and refuses it from then on."""

    number: int
    name: str
    seat: int | None


@frozen(kw_only=True)
class Play:
    """Draw, take or discard: ``command``, chosen when the place had been told ``seen``
    events (``None``: whatever the table holds now, for a script that waits for nothing)."""

    command: Draw | Discard
    seen: int | None


@frozen(kw_only=True)
class AskHint:
    """What the helper AI would do now (recorded as help), for the table as it was when the
    place had been told ``seen`` events."""

    seen: int | None


@frozen
class SetAuto:
    """The AI plays for the place's seat from its next turn (or this one) for a ``turn``, a
    ``round`` or the ``game``; ``None`` gives the turns back."""

    scope: Scope | None


@frozen
class SetCoach:
    """The coach on or off for the place's seat: each of its moves judged after it."""

    on: bool


@frozen
class AskLog:
    """The log so far, as the place may know it (the ``log`` command)."""


@frozen
class Start:
    """Deal (the host's, once every seat a person must take is taken)."""


@frozen
class Speak:
    """A line for everyone at the table (made safe by the master)."""

    text: str


@frozen
class Mute:
    """The host mutes ``name`` at the table (``on``), or lets them talk again."""

    name: str
    on: bool = True


@frozen
class SetWatchers:
    """What the host allows those watching: ``off``, ``on`` (quiet) or ``talk``."""

    how: str


@frozen
class Leave:
    """The place gets up: its binding ends."""


@frozen
class Undo:
    """Take the seat's last move back (a table of one's own only)."""


@frozen
class Redo:
    """Play the move taken back again (a table of one's own only)."""


Act = (
    Play | AskHint | SetAuto | SetCoach | AskLog | Start | Speak | Mute | SetWatchers | Leave | Undo
    | Redo
)
"""Every act a place may send."""

MOVES = (Play, AskHint, Undo, Redo)
"""The acts that change the game, or ask about it as it stands: each waits its turn at the
table, one change at a time."""
