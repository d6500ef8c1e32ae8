"""The score sheet as a small chart: one line per player, a bar per round, the taller the
more penalty points (people would rather look than read)."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.events import RoundScored
from ..words.i18n import Texts
from .render import Text, from_place

BARS = "▁▂▃▄▅▆▇█"
"""From a few penalty points to the most any player took in one round of the game."""
NONE = "·"
"""A round without penalty points (the player went out, or melded everything)."""


def bar(penalty: int, most: int) -> str:
    """One round's bar: :data:`NONE` for 0, else one of :data:`BARS` by ``penalty``'s share
    of ``most``."""
    if penalty <= 0 or most <= 0:
        return NONE
    return BARS[min(len(BARS) - 1, (penalty * len(BARS) - 1) // most)]


def render_score_chart(sheet: Sequence[RoundScored], tx: Texts, *, me: int | None = 0) -> Text:
    """Each player's penalty round by round as a row of bars, and their total; the lowest
    total marked. The rows from the place of seat ``me``."""
    if not sheet:
        return []
    order = from_place(me, len(sheet[0].scores))
    most = max(scored.scores[s].penalty for scored in sheet for s in order)
    names = [tx.seat(s) for s in order]
    width = min(max(len(name) for name in names), 12)
    totals = sheet[-1].totals
    low = min(totals)
    out: Text = [("class:title", tx("chart.title", most=most)), ("", "\n")]
    for seat, name in zip(order, names, strict=True):
        bars = "".join(bar(scored.scores[seat].penalty, most) for scored in sheet)
        label = name if len(name) <= width else name[: width - 1] + "…"
        out += [("class:label", f"  {label:<{width}}  "), ("", bars)]
        total = tx("chart.total", total=totals[seat])
        out += [("class:good" if totals[seat] == low else "", f"  {total}"), ("", "\n")]
    return out
