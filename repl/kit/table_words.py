"""The words of a place at a table besides the game's own: each seat by its player's name
at a shared table (:class:`TableTexts`), a note of what happened there (:func:`note_text`),
and who sits where (:func:`who_text`), all made from what the place was told.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..protocol.news import Note, Who
from ..words.i18n import Texts
from .render import Text, from_place, table_order
from .safe import clean_name

WHO_WATCHERS = 10
"""The names of those watching that ``who`` lists (then how many more)."""

WARNINGS = (
    "msg.ai_failed", "server.hurry", "server.time_up_you", "server.muted_you",
    "server.again_asked",
)  # fmt: skip
"""The notes said as a warning."""


class TableTexts(Texts):
    """The words of a shared table: every seat called by its player's name (an AI seat by
    its number), the seat ``me`` being "you"; ``place`` still says where a seat sits, seen
    from ``me`` with the names of the table's size (Left, Top, Right at four), or its number
    for someone watching (``me`` is ``None``). ``names`` are the people as last told."""

    def __init__(
        self, lang: str, names: Callable[[], Sequence[str | None]], me: int | None
    ) -> None:
        super().__init__(lang, seats=max(len(names()), 2))
        self.names = names
        self.me = me

    def seat(self, seat: int) -> str:
        if seat == self.me:
            return self("seat.0")
        names = self.names()
        name = names[seat] if seat < len(names) else None
        return clean_name(name) if name else self("server.ai_seat", n=seat + 1)

    def place(self, seat: int) -> str:
        if self.me is None:
            return str(seat + 1)
        return super().seat((seat - self.me) % self.seat_count)


def note_text(note: Note, tx: Texts, me: str = "") -> tuple[str, str]:
    """A note of what happened at a table besides a move, in words, and its style, as the
    player ``me`` reads it (what happened to them is said to them as "you")."""
    values = dict(note.values)
    key = note.key
    if values.get("name") == me and tx.has(f"{key}_you"):
        key = f"{key}_you"
    if "seat" in values:
        values["seat"] = tx.place(int(str(values["seat"])))
    style = "class:warn" if key in WARNINGS else "class:dim"
    if key == "server.said":
        style = "class:good"
    if "name" in values:
        values["name"] = clean_name(str(values["name"]))
    return tx(key, **values), style


def who_text(who: Who, tx: Texts, me: int | None) -> Text:
    """Every seat from ``me``'s place, as the table shows them (the others clockwise from
    the left, then you at the bottom), or by number for someone watching: who plays it."""
    out: Text = []
    count = len(who.people)
    order = from_place(None, count) if me is None else table_order(me, count)
    width = max(8, *(len(tx.place(seat)) for seat in order))
    for seat in order:
        place = tx.place(seat)
        name = who.people[seat]
        if name:
            state = "server.here" if name in who.here else "server.away"
            host = tx("server.host") if name == who.host else ""
            helped = tx("server.assisted") if who.started and seat in who.assisted else ""
            auto = tx("server.auto_mark") if who.playing(seat) == "auto" else ""
            muted = tx("server.muted_mark") if name in who.muted else ""
            shown = f"{name}{host} ({tx(state)}{auto}{helped}{muted})"
        else:
            level = who.players[seat]
            known = tx.has(f"level.{level}")
            level = tx(f"level.{level}") if known else level
            shown = tx("server.ai_level", level=level) if who.started else "—"
        out += [("", f"  {place:<{width}} {shown}"), ("", "\n")]
    watching = [
        tx("server.who_muted", name=name) if name in who.muted else name for name in who.watching
    ]
    if who.watchers == "off":
        out += [("class:dim", tx("server.who_no_watchers")), ("", "\n")]
    elif watching:
        listed = ", ".join(watching[:WHO_WATCHERS])
        if len(watching) > WHO_WATCHERS:
            listed = tx("server.who_more", names=listed, n=len(watching) - WHO_WATCHERS)
        key = "server.who_talking" if who.watchers == "talk" else "server.who_watching"
        out += [("class:dim", tx(key, names=listed)), ("", "\n")]
    return out
