"""The scores drawn in a width: the end of a round (every hand revealed) and the score
sheet, a column per seat, for two to eight players.

At a table of eight a column is narrow: a seat's name that does not fit its column is
said by its initials (Lower left: LL; Oben rechts: OR), named in full under the sheet,
and the wild rank's column (the round's number says it too) gives its room to the names
before any name is cut.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.cards import wild_rank_for_round
from ...core.events import MAX_TURNS, RoundEnd, RoundScored
from ...core.seats import DEFAULT_SEATS
from ..words.i18n import Texts
from .layout import Text, plain, wrap
from .render import card_text, from_place, melds_text

SHEET_COLUMN = 7
"""The width of a seat's column on the score sheet; wider for a player's longer name …"""
SHEET_COLUMN_MAX = 11
"""… up to this (a longer name is cut, with an ellipsis), so that four fit in 60 columns;
narrower for more seats in the width, down to …"""
SHEET_COLUMN_MIN = 4
"""… this: a penalty of three digits and a space (eight seats in 60 columns take five)."""


def short_name(name: str, room: int) -> str:
    """``name`` in at most ``room`` characters: whole; else, in a narrow column, the
    initials of a name of several words (``Lower left``: ``LL``); else cut, with ``…``."""
    if len(name) <= room:
        return name
    if len(name.split()) > 1 and len(initials(name)) <= room < SHEET_COLUMN_MAX - 1:
        return initials(name)
    return name[: room - 1] + "…"


def initials(name: str) -> str:
    """The first letter of each word of ``name``, as a capital: ``Top left``: ``TL``."""
    return "".join(word[0].upper() for word in name.split())


def _column(names: Sequence[str], fixed: int, width: int) -> int:
    """The widest seat column (a space, then the name) that fits the sheet in ``width``,
    the ``fixed`` columns and who went out (said in a column's room) counted."""
    seats = len(names)
    column = max(SHEET_COLUMN, min(SHEET_COLUMN_MAX, 1 + max(len(name) for name in names)))
    while column > SHEET_COLUMN_MIN and fixed + seats * column + column - 1 > width:
        column -= 1
    return column


def _reads_whole(names: Sequence[str], column: int) -> bool:
    """Whether every name is in its column whole or by its initials (none is cut)."""
    return not any(short_name(name, column - 1).endswith("…") for name in names)


def render_score_sheet(
    sheet: Sequence[RoundScored],
    tx: Texts,
    *,
    assisted: bool = False,
    me: int | None = 0,
    width: int = 80,
) -> Text:
    """The score sheet, round by round, with the totals, its columns from the place of seat
    ``me`` (``None``: someone watching), in ``width`` columns."""
    if not sheet:
        return [("class:dim", tx("sheet.empty")), ("", "\n")]
    order = from_place(me, len(sheet[0].scores))
    out: Text = [("class:title", tx("sheet.title"))]
    if assisted:
        out.append(("class:warn", f"  ({tx('table.assisted')})"))
    out.append(("", "\n"))
    full = [tx.seat(s) for s in order]
    wild: int | None = max(4, len(tx("sheet.wild")))
    column = _column(full, 5 + 1 + max(4, len(tx("sheet.wild"))) + 1 + 3, width)
    if not _reads_whole(full, column):  # the round's number says the wild rank too
        wild, column = None, _column(full, 5 + 1 + 3, width)
    names = [short_name(name, column - 1) for name in full]
    if any(short == initials(name) != name for short, name in zip(names, full, strict=True)):
        # one seat by its initials: every seat of several words too (TL and TR, not Top left
        # beside TR)
        several = [len(name.split()) > 1 for name in full]
        names = [initials(n) if m else s for n, m, s in zip(full, several, names, strict=True)]
    fixed = 6 + (0 if wild is None else wild + 1)
    room = width - fixed - len(order) * column - 3  # who went out: in full if all fit
    full_or_short = full if max(len(name) for name in full) <= room else names
    head = f"{tx('sheet.round'):>5} " + ("" if wild is None else f"{tx('sheet.wild'):>{wild}} ")
    head += "".join(f"{name:>{column}}" for name in names) + f"   {tx('sheet.out')}"
    out += [("class:label", head), ("", "\n")]
    for scored in sheet:
        row = f"{scored.round_no:>5} "
        if wild is not None:
            row += f"{tx.rank(wild_rank_for_round(scored.round_no)):>{wild}} "
        row += "".join(f"{scored.scores[s].penalty:>{column}}" for s in order)
        who = tx("sheet.nobody")
        if scored.went_out is not None:
            who = full_or_short[order.index(scored.went_out)]
        out += [("", row + f"   {who}"), ("", "\n")]
    totals = sheet[-1].totals
    low = min(totals)
    out.append(("class:label", f"{tx('sheet.total'):>5} " + " " * (fixed - 6)))
    for s in order:
        out.append(("class:good" if totals[s] == low else "", f"{totals[s]:>{column}}"))
    out.append(("", "\n"))
    said = [f"{short} {name}" for short, name in zip(names, full, strict=True) if short != name]
    if said:  # the initials and cut names, in full
        out += _legend(said, width)
    return out


def _legend(said: Sequence[str], width: int) -> Text:
    """``LL Lower left · UL Upper left · …`` in lines of at most ``width``."""
    out: Text = []
    line = ""
    for part in said:
        joined = f"{line} · {part}" if line else part
        if line and len(joined) > width:
            out += [("class:dim", line), ("", "\n")]
            joined = part
        line = joined
    return [*out, ("class:dim", line), ("", "\n")]


def render_round_over(
    scored: RoundScored, tx: Texts, width: int = 80, *, title: bool = True, me: int | None = 0
) -> Text:
    """Every hand revealed with its melds and penalty, and who went out (under a ``title``),
    from the place of seat ``me`` (``None``: someone watching). At a table of more than
    four, a hand that fits goes on its seat's line, so the round's end stays on a screen."""
    wild = wild_rank_for_round(scored.round_no)
    out: Text = []
    if title:
        out += [("class:title", round_over_title(scored, tx, me=me)), ("", "\n")]
    seats = len(scored.scores)
    names = max(len(tx.seat(s)) for s in range(seats))
    went_out = f"  ({tx('round.went_out')})"
    for s in from_place(me, seats):
        score = scored.scores[s]
        style = "class:seat.you" if s == me else "class:seat"
        line: Text = [("", "  "), (style, tx.seat(s).ljust(names)), ("", "  ")]
        pen_style = "class:good" if score.penalty == 0 else "class:penalty"
        line.append((pen_style, tx("round.line", penalty=score.penalty, total=scored.totals[s])))
        mark: Text = [("class:good", went_out)] if scored.went_out == s else []
        tokens: list[Text] = [melds_text([meld], wild, tx) for meld in score.melds]
        tokens += [[card_text(card, wild, tx)] for card in score.unmelded]
        hand = " ".join(plain(token) for token in tokens)
        if seats > DEFAULT_SEATS and len(plain([*line, *mark])) + 2 + len(hand) <= width:
            out += [*line, ("", " "), *wrap([], tokens, width, 0)[:-1], *mark, ("", "\n")]
            continue
        out += [*line, *mark, ("", "\n")]
        out += wrap([("", " " * (names + 3))], tokens, width, names + 3)
    return out


def round_over_title(scored: RoundScored, tx: Texts, *, me: int | None = 0) -> str:
    """``Round 3 is over: Left went out.`` (or the stock ran out), told to seat ``me``."""
    out = scored.went_out
    if scored.ended_by == RoundEnd.WENT_OUT and out is not None and out == me:
        return tx("round.over_you", round=scored.round_no)  # German: du bist, not "Du ist"
    if scored.ended_by == RoundEnd.WENT_OUT and out is not None:
        return tx("round.over_out", round=scored.round_no, seat=tx.seat(out))
    if scored.ended_by == RoundEnd.TURNS_PLAYED:
        return tx("round.over_turns", round=scored.round_no, turns=MAX_TURNS)
    return tx("round.over_stock", round=scored.round_no)
