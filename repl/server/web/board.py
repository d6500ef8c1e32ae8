"""The table as one place sees it, as the page draws it: the ``board`` message (docs/web.md).

Everything here is made from what the place's front holds: the latest
:class:`~core.views.SeatView` the table told it (already redacted for that seat) and who
sits where (:class:`~...protocol.news.Who`). No message is made from anything else, so no
message can carry a card the place may not see: its own hand, and what the whole table saw.

>>> from threethirteen.core.cards import parse_card
>>> from threethirteen.repl.words.i18n import Texts
>>> card_json(parse_card("qh"), None, Texts("de"))["label"], card_json(parse_card("10s"), None,
...     Texts("en"))["code"]
('D♥', '10s')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....core.cards import Card, Rank, hand_size_for_round, wild_rank_for_round
from ....core.errors import GameError
from ....core.events import DrawSource, RoundScored
from ....core.melds import best_arrangement
from ....core.rules import Discard, Draw, check_seen
from ....core.state import Phase
from ....core.told import Hint
from ....core.views import PlayerView, SeatView
from ...kit.render import (
    action_parts,
    best_discard,
    from_place,
    last_turns,
    penalty_after,
    plain,
    sorted_hand,
    table_order,
)
from ...protocol.news import Who
from ...words.i18n import Texts

Json = dict[str, Any]


def card_code(card: Card) -> str:
    """What a player types for ``card``: ``7h``, ``10s``, ``Qd``, ``jk``."""
    if card.rank is None or card.suit is None:
        return "jk"
    return card.rank.symbol + card.suit.value


def card_json(card: Card, wild: Rank | None, tx: Texts) -> Json:
    """One card: what to type, how the language writes it, and what it is (wild, joker)."""
    joker = card.is_joker
    return {
        "code": card_code(card),
        "label": tx.card(card),
        "rank": "" if card.rank is None else tx.rank(card.rank),
        "suit": "" if card.suit is None else card.suit.value,
        "symbol": "" if card.suit is None else card.suit.symbol,
        "red": card.suit is not None and card.suit.is_red,
        "wild": joker or (wild is not None and card.rank == wild),
        "joker": joker,
    }


def cards_json(cards: Sequence[Card], wild: Rank | None, tx: Texts) -> list[Json]:
    """Cards in the order given."""
    return [card_json(card, wild, tx) for card in cards]


def board_json(
    view: SeatView | None,
    seat: int | None,
    who: Who,
    tx: Texts,
    *,
    code: str,
    clock: float | None,
    me: str,
    hint: tuple[int, Hint] | None = None,
) -> Json:
    """The ``board`` message of the place ``seat`` (``None``: watching) of the player ``me``
    at table ``code``, from the ``view`` its front holds (``None``: not dealt yet); ``clock``
    is what is left of the seat's turn clock (said only on its own turn); ``hint`` the
    helper AI's last hint and the state id it was given at (shown while the table is
    still there)."""
    seats = len(who.people)
    board: Json = {
        "type": "board",
        "code": code,
        "seat": seat,
        "started": who.started,
        "host": who.host,
        "events": 0 if view is None else view.event_count,
        "round": None,
        "seats": _seats(view, seat, who, tx, seats),
        "hand": None,
        "melds": None,
        "left_over": None,
        "penalty": None,
        "taken": None,
        "best": None,
        "hint": None,
        "can": {"draw": False, "take": False, "discard": False, "start": False},
        "clock": clock if view is not None and view.my_turn else None,
        "sheet": None if view is None else _sheet(view, seat, tx),
        "result": None if view is None else _result(view, tx),
    }
    board["can"]["start"] = who.start_refusal(me, seat) is None
    if view is None or view.ended is not None or view.round is None:
        return board
    round_ = view.round
    wild = round_.wild_rank
    board["round"] = {
        "no": round_.round_no,
        "size": hand_size_for_round(round_.round_no),
        "wild": tx.rank(wild),
        "dealer": tx.seat(round_.dealer),
        "phase": "draw" if round_.phase == Phase.DRAW else "discard",
        "stock": round_.stock_size,
        "discard_top": None
        if round_.discard_top is None
        else card_json(round_.discard_top, wild, tx),
        "discard_count": len(round_.discard_pile),
        "went_out": None if round_.went_out is None else tx.seat(round_.went_out),
        "last_turn": seat is not None
        and round_.went_out not in (None, seat)
        and seat in round_.last_turns,
    }
    mine = view.mine
    if mine is not None and seat is not None:
        discard = any(_may(view, Discard(seat=seat, card=card)) for card in mine.hand)
        board.update(_hand(mine, tx, discard))
        board["can"].update(
            draw=_may(view, Draw(seat=seat, source=DrawSource.STOCK)),
            take=_may(view, Draw(seat=seat, source=DrawSource.DISCARD)),
            discard=discard,
        )
        if hint is not None and hint[0] == view.event_count:
            board["hint"] = _hint(hint[1])
    return board


def _hint(hint: Hint) -> Json:
    """The helper AI's move, as the page marks it: the pile to draw from, or the card to
    put down (``code``); its reason is said in the narration."""
    if isinstance(hint.command, Draw):
        return {"draw": hint.command.source.value, "code": None}
    return {"draw": None, "code": card_code(hint.command.card)}


def _may(view: SeatView, command: Draw | Discard) -> bool:
    """Whether the rules let the seat make ``command`` now, as far as it sees (the rules'
    own check, :func:`core.rules.check_seen`: the board says no more than a front would)."""
    try:
        check_seen(view, command)
    except GameError:
        return False
    return True


def _hand(mine: PlayerView, tx: Texts, discarding: bool) -> Json:
    """The seat's hand in suit and rank order, its best melds, what is left and its cost;
    while it must put a card down, each card's ``after`` (the penalty after putting it
    down) and the ``best`` card to put down (the terminal's aid)."""
    wild = mine.wild_rank
    arrangement = best_arrangement(mine.hand, mine.round_no, aces_high=mine.aces_high)
    groups = sorted_hand(mine.hand, "suit", arrangement, mine.aces_high)
    ordered = [card for group in groups for card in group]
    taken = mine.must_not_discard
    hand = cards_json(ordered, wild, tx)
    best = None
    if discarding:
        for card, shown in zip(ordered, hand, strict=True):
            if card != taken:
                shown["after"] = penalty_after(mine, card)
        thrown = best_discard(mine)
        best = None if thrown is None else card_code(thrown)
    return {
        "hand": hand,
        "melds": [cards_json(meld, wild, tx) for meld in arrangement.melds],
        "left_over": cards_json(arrangement.unmelded, wild, tx),
        "penalty": arrangement.penalty,
        "taken": None if taken is None else card_json(taken, wild, tx),
        "best": best,
    }


def _seats(view: SeatView | None, seat: int | None, who: Who, tx: Texts, count: int) -> list[Json]:
    """Every seat in table order (the others clockwise from your left, then you; seat 1
    first for someone watching): who, where, cards held, total, last action, turn, and
    who plays it now (:meth:`~...protocol.news.Who.playing`: the AI for its person, whom
    the table does not wait for then, away or not)."""
    round_ = None if view is None or view.ended is not None else view.round
    order = from_place(None, count) if seat is None else table_order(seat, count)
    turns = None if round_ is None else last_turns(round_.history, count)
    to_act = None
    if round_ is not None and (round_.went_out is None or round_.last_turns):
        to_act = round_.turn
    totals = () if view is None else view.totals
    out = []
    for s in order:
        person, playing = who.people[s], who.playing(s)
        last = ""
        if round_ is not None and turns is not None:
            last = " ".join(plain(part) for part in action_parts(turns[s], round_.wild_rank, tx))
        out.append(
            {
                "index": s,
                "name": tx.seat(s),
                "place": tx.place(s),
                "you": s == seat,
                "person": person is not None,
                "ai": playing == "ai",
                "cards": None if round_ is None else round_.hand_sizes[s],
                "total": totals[s] if s < len(totals) else 0,
                "last": last,
                "turn": to_act == s,
                "here": person is not None and person in who.here,
                "auto": playing == "auto",
                "host": person is not None and person == who.host,
            }
        )
    return out


def _sheet(view: SeatView, seat: int | None, tx: Texts) -> Json | None:
    """The score sheet so far: each round's penalties by seat, and the totals."""
    if not view.score_sheet:
        return None
    return {
        "seats": [tx.seat(s) for s in range(view.seat_count)],
        "you": seat,
        "rounds": [
            {"no": scored.round_no, "scores": [score.penalty for score in scored.scores]}
            for scored in view.score_sheet
        ],
        "totals": list(view.totals),
    }


def _result(view: SeatView, tx: Texts) -> Json | None:
    """The game's result once it is over: the totals and the winner (none, when two or
    more share the lowest total)."""
    ended = view.ended
    if ended is None:
        return None
    winners = [] if ended.winner is None else [tx.seat(ended.winner)]
    result: Json = {"totals": list(ended.totals), "winners": winners, "tie": ended.winner is None}
    ranked = sorted(range(len(ended.totals)), key=lambda s: (ended.totals[s], s))
    result["standings"] = [
        {"name": tx.seat(s), "total": ended.totals[s], "you": s == view.seat} for s in ranked
    ]
    result["log"] = view.seat is not None  # a seat may keep the game's log (``log``)
    return result


def round_over_json(
    scored: RoundScored, seat: int | None, tx: Texts, *, again: bool = False
) -> Json:
    """The ``round_over`` message: who went out (or how the round ended), every hand laid
    out as its melds and what is left over, each seat's penalty of the round and its new
    total; you first, then the others clockwise. Every hand is shown to the whole table at
    a round's end. ``again``: told before, now in other words (the language switched)."""
    wild = wild_rank_for_round(scored.round_no)
    count = len(scored.scores)
    order = from_place(seat, count)
    hands = []
    for s in order:
        score = scored.scores[s]
        hands.append(
            {
                "name": tx.seat(s),
                "you": s == seat,
                "out": s == scored.went_out,
                "melds": [cards_json(meld, wild, tx) for meld in score.melds],
                "left_over": cards_json(score.unmelded, wild, tx),
                "penalty": score.penalty,
                "total": scored.totals[s],
            }
        )
    went_out = None if scored.went_out is None else tx.seat(scored.went_out)
    return {
        "type": "round_over",
        "again": again,
        "no": scored.round_no,
        "wild": tx.rank(wild),
        "went_out": went_out,
        "ended_by": scored.ended_by.value,
        "hands": hands,
    }


def tables_json(rows: Sequence[Json]) -> Json:
    """The ``tables`` message of the lobby."""
    return {"type": "tables", "tables": list(rows)}
