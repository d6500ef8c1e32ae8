"""How a kind of table shows itself at a seat: a game at a terminal, or a shared table."""

from __future__ import annotations

from attrs import frozen


@frozen(kw_only=True)
class Manner:
    """How a kind of table shows itself at a seat.

    ``code`` is a shared table's code (first in the toolbar); ``over`` the toolbar's words
    once the game is over; ``keys`` puts the keys' hint in the toolbar and ``assisted`` the
    assisted mark on the table (a game at a terminal); ``what_next`` ends the result with
    what to do next; ``immediate`` is true where a command has taken effect before the prompt
    comes back (at a terminal), false where it is told when it happens (a shared table).
    """

    code: str | None = None
    fetch: str | None = None
    """The command that fetches a shared table's log (``ssh -p PORT NAME@HOST log CODE``),
    for a player who sat at it."""
    over: str = "bar.over"
    keys: bool = True
    assisted: bool = True
    what_next: bool = True
    immediate: bool = True
