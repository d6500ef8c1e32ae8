"""Drawing the game as styled text: the table, the end of a round, the score sheet.

Everything here is a pure function from game data to :data:`Text` (a list of
``(style, text)`` fragments, newlines inside), so a replay mode can draw the
same table with every hand shown (``render_table(..., hands=...)``). Styles
are class names (``class:card.red``) that :mod:`repl.kit.style` colours; without
colour the text alone says everything (suit symbols are always there).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from ...core.cards import Card, Rank, card_penalty, hand_size_for_round, wild_rank_for_round
from ...core.events import GameEnded, GameOptions
from ...core.melds import Arrangement, best_arrangement
from ...core.state import MoveKind, Phase, PublicMove
from ...core.views import PlayerView, SeatView
from ..files.config import SORTS
from ..words.i18n import Texts
from .layout import Text as Text
from .layout import fit as fit
from .layout import plain as plain
from .layout import reflow as reflow
from .layout import toolbar as toolbar
from .layout import unbroken as unbroken
from .layout import whole_pieces, wrap
from .style import WILD_MARK


def from_place(me: int | None, seats: int) -> tuple[int, ...]:
    """The ``seats`` clockwise from ``me`` (``me`` first; seat 0 first for someone watching)."""
    first = me or 0
    return tuple((first + i) % seats for i in range(seats))


def table_order(me: int, seats: int) -> tuple[int, ...]:
    """Seats as the table lists them for the person at ``me``: the others clockwise
    (Left, Top, Right at four), then you."""
    return (*from_place(me, seats)[1:], me)


def card_text(card: Card, wild: Rank | None, tx: Texts) -> tuple[str, str]:
    """One card with its colour class, as ``tx``'s language shows it (German ``D♥``); wild
    cards get ``card.wild`` too."""
    style = "class:card.red" if card.suit is not None and card.suit.is_red else "class:card.black"
    if card.is_joker or (wild is not None and card.rank == wild):
        style += " class:card.wild"
    return (style, tx.card(card))


def cards_text(cards: Iterable[Card], wild: Rank | None, tx: Texts, gap: str = "") -> Text:
    """Cards separated by spaces (styled ``gap``: ``class:gap`` spaces are never broken)."""
    out: Text = []
    for card in cards:
        if out:
            out.append((gap, " "))
        out.append(card_text(card, wild, tx))
    return out


def melds_text(melds: Iterable[Sequence[Card]], wild: Rank | None, tx: Texts) -> Text:
    """``[5♥ 6♥ 7♥] [Q♣ Q♦ JK]``."""
    out: Text = []
    for meld in melds:
        if out:
            out.append(("", " "))
        out += [("class:meld", "["), *cards_text(meld, wild, tx, "class:gap"), ("class:meld", "]")]
    return out


def _position(card: Card, aces_high: bool) -> int:
    if card.rank is None:
        return 99
    if aces_high and card.rank == Rank.ACE:
        return 14
    return card.rank.value


def sorted_hand(
    hand: Sequence[Card], how: str, arrangement: Arrangement, aces_high: bool
) -> list[list[Card]]:
    """The hand in groups: by suit, by rank, or as its best melds then the rest."""
    if how == "melds":
        groups = [list(meld) for meld in arrangement.melds]
        return [*groups, list(arrangement.unmelded)] if arrangement.unmelded else groups
    if how == "rank":
        ordered = sorted(hand, key=lambda c: (_position(c, aces_high), c.code))
        return [ordered]
    by_suit: dict[int, list[Card]] = {}
    for card in sorted(hand, key=lambda c: (c.code // 13, _position(c, aces_high))):
        by_suit.setdefault(card.code // 13 if not card.is_joker else 4, []).append(card)
    return [by_suit[key] for key in sorted(by_suit)]


def last_turns(history: Sequence[PublicMove], seats: int) -> list[list[PublicMove]]:
    """Each seat's latest turn this round (its take or draw, its discard, going out)."""
    turns: list[list[PublicMove]] = [[] for _ in range(seats)]
    for move in history:
        if move.kind in (MoveKind.DREW, MoveKind.TOOK):
            turns[move.seat] = [move]
        else:
            turns[move.seat].append(move)
    return turns


def action_parts(moves: Sequence[PublicMove], wild: Rank, tx: Texts) -> list[Text]:
    """``took 7♥,`` ``discarded K♣`` (a dash before a seat's first turn): the phrases of a
    seat's turn, each but the last ending in its comma, so that a line too narrow for
    them all is broken between two, never inside one."""
    parts: list[Text] = []
    for move in moves:
        if move.kind == MoveKind.DREW:
            parts.append([("", tx("act.drew"))])
        elif move.kind == MoveKind.WENT_OUT:
            parts.append([("class:good", tx("act.went_out"))])
        elif move.card is not None:
            key = "act.took" if move.kind == MoveKind.TOOK else "act.discarded"
            before, _, after = tx(key, card="\x00").partition("\x00")
            parts.append([("", before), card_text(move.card, wild, tx), ("", after)])
    if not parts:
        return [[("class:dim", tx("act.none"))]]
    return [[*part, ("", ",")] for part in parts[:-1]] + parts[-1:]


def render_table(
    view: PlayerView,
    tx: Texts,
    *,
    sort: str = "suit",
    width: int = 80,
    hands: tuple[tuple[Card, ...], ...] | None = None,
    assisted: bool = False,
) -> Text:
    """The table as ``view``'s seat sees it; a replay, which hides nothing, gives every
    seat's ``hands`` to show them too."""
    seat = view.seat
    wild = view.wild_rank
    out: Text = []
    header = tx(
        "table.header",
        round=view.round_no,
        size=view.round_no + 2,
        wild=tx.rank(wild),
        dealer=tx.seat(view.dealer),
    )
    out += header_lines(header, f"({tx('table.assisted')})" if assisted else None, width)
    top = view.discard_top
    piles: Text = [
        ("", tx("table.piles", stock=view.stock_size)),
        card_text(top, wild, tx) if top else ("class:dim", tx("table.empty_pile")),
    ]
    out += piles + _status(view, tx, width - len(plain(piles)), width) + [("", "\n")]
    names = max(len(tx.seat(s)) for s in range(view.seat_count))
    turns = last_turns(view.history, view.seat_count)
    # after the last of the last turns nobody is to act: the round is scored next
    to_act = None if view.went_out is not None and not view.last_turns else view.turn
    for s in table_order(seat, view.seat_count):
        out += _seat_line(view, s, names, turns[s], tx, to_act, width)
        if hands is not None and s != seat:
            hand = hands[s]
            arrangement = best_arrangement(hand, view.round_no, aces_high=view.aces_high)
            tokens = _grouped(hand, "melds", arrangement, view, tx)
            style = "class:good" if arrangement.penalty == 0 else "class:dim"
            tokens.append([(style, "· " + tx("table.penalty", penalty=arrangement.penalty))])
            out += wrap([("", " " * (names + 5))], tokens, width, names + 5)
    out += render_hand(view, tx, sort=sort, width=width)
    return out


def header_lines(header: str, mark: str | None, width: int) -> Text:
    """The table's first line and its mark (``(assisted)``) in ``width`` columns: broken
    between its `` · `` pieces, never inside one, and the mark beside it while it fits,
    else on a line of its own."""
    pieces = header.split(" · ")
    lines = [pieces[0]]
    for piece in pieces[1:]:
        if len(lines[-1]) + 3 + len(piece) <= width:
            lines[-1] += " · " + piece
        else:
            lines.append("  " + piece)
    out: Text = []
    for number, line in enumerate(lines):
        out += [("", "\n")] if number else []
        out.append(("class:title", line))
    if mark is not None:
        beside = len(lines[-1]) + 2 + len(mark) <= width
        out.append(("class:warn", ("  " if beside else "\n  ") + mark))
    out.append(("", "\n"))
    return out


def _status(view: PlayerView, tx: Texts, room: int, width: int) -> Text:
    """Who went out and whether this is your last turn, after the piles while they fit
    there, else whole on a line of their own (a piece with no room at all is left out)."""
    if view.went_out is None:
        return []
    pieces = [[("class:warn", f"{tx.seat(view.went_out)}: {tx('table.out')}")]]
    if view.went_out != view.seat and view.seat in view.last_turns:
        pieces.append([("class:warn", tx("table.last_turn"))])
    if len(plain(whole_pieces(pieces, width, lead="   "))) <= room:
        return whole_pieces(pieces, room, lead="   ")
    return [("", "\n"), *whole_pieces(pieces, width, lead="  ")]


def _seat_line(
    view: PlayerView,
    s: int,
    names: int,
    moves: Sequence[PublicMove],
    tx: Texts,
    to_act: int | None,
    width: int,
) -> Text:
    marker = "▶ " if to_act == s and view.phase in (Phase.DRAW, Phase.DISCARD) else "  "
    size = view.hand_sizes[s]
    count = tx("card_one") if size == 1 else tx("cards", n=size)
    style = "class:seat.you" if s == view.seat else "class:seat"
    line: Text = [
        ("class:turn", marker),
        (style, tx.seat(s).ljust(names)),
        ("", f"  {count:<10} {tx('table.total', total=view.scores[s])}  "),
    ]
    # the moves in their column, broken between phrases on a narrow screen
    return wrap(line, action_parts(moves, view.wild_rank, tx), width, len(plain(line)) + 1)


def _grouped(
    hand: Sequence[Card], how: str, arrangement: Arrangement, view: PlayerView, tx: Texts
) -> list[Text]:
    groups = sorted_hand(hand, how, arrangement, view.aces_high)
    melded = how == "melds" and bool(arrangement.melds)
    tokens: list[Text] = []
    for index, group in enumerate(groups):
        is_meld = melded and index < len(arrangement.melds)
        for position, card in enumerate(group):
            token: Text = []
            if is_meld and position == 0:
                token.append(("class:meld", "["))
            style, text = card_text(card, view.wild_rank, tx)
            if card == view.must_not_discard:
                style += " class:taken"
            token.append((style, text))
            if is_meld and position == len(group) - 1:
                token.append(("class:meld", "]"))
            if position == len(group) - 1 and index < len(groups) - 1 and how == "suit":
                token.append(("", " "))
            tokens.append(token)
    return tokens


def render_hand(view: PlayerView, tx: Texts, *, sort: str = "suit", width: int = 80) -> Text:
    """Your hand in the chosen order, your best melds and their penalty; while you must put
    a card down, the best melds and the penalty left after the best card to put down (the
    hand as it stands, a card over, may meld everything and mislead)."""
    arrangement = best_arrangement(view.hand, view.round_no, aces_high=view.aces_high)
    label = tx("table.hand", sort=tx(f"sort.{sort}"))
    out = wrap([("class:label", label)], _grouped(view.hand, sort, arrangement, view, tx), width, 4)
    thrown = best_discard(view)
    if thrown is not None:
        arrangement = _kept(view.hand, thrown, view.round_no, view.aces_high)
        title = tx("table.best_after", card=tx.card(thrown))
    else:
        title = tx("table.best")
    out += _best_lines(arrangement, title, view, tx, width)
    if view.must_not_discard is not None:
        taken = "    " + tx.card(view.must_not_discard) + " " + tx("table.taken")
        out += [("class:dim", taken), ("", "\n")]
    return out


def _best_lines(
    arrangement: Arrangement, title: str, view: PlayerView, tx: Texts, width: int
) -> Text:
    """``Best melds: [6♣ 6♦ 6♠] · left over: 2♣ · penalty 2`` on one line where it fits,
    else the melds, then what is left over and the penalty on a line of their own (never
    a line that starts with the penalty's dot)."""
    melded: list[Text] = [melds_text([meld], view.wild_rank, tx) for meld in arrangement.melds]
    if not melded:
        melded.append([("class:dim", tx("table.no_melds"))])
    left: list[Text] = []
    if arrangement.unmelded:
        left.append([("class:dim", tx("table.left_over"))])
        left += [[card_text(card, view.wild_rank, tx)] for card in arrangement.unmelded]
    style = "class:good" if arrangement.penalty == 0 else "class:penalty"
    penalty: Text = [(style, tx("table.penalty", penalty=arrangement.penalty))]
    label: Text = [("class:label", title)]
    dotted = [_dot(token) for token in left[:1]] + left[1:] + [_dot(penalty)]
    whole = wrap(label, melded + dotted, width, 4)
    if plain(whole).count("\n") == 1:
        return whole
    rest = left[:1] + left[1:] + [_dot(penalty) if left else penalty]
    return wrap(label, melded, width, 4) + wrap([("", "   ")], rest, width, 4)


def _dot(token: Text) -> Text:
    """``token`` after the `` · `` that separates it from what comes before."""
    style = token[0][0] if token else ""
    return [(style, "· "), *token]


def penalty_of(view: PlayerView) -> int:
    """The penalty of the hand in ``view``: as it stands (its best arrangement), or while
    you must put a card down, what is left after the best card to put down."""
    thrown = best_discard(view)
    if thrown is not None:
        return _kept(view.hand, thrown, view.round_no, view.aces_high).penalty
    return best_arrangement(view.hand, view.round_no, aces_high=view.aces_high).penalty


def best_discard(view: PlayerView) -> Card | None:
    """The card to put down that leaves the lowest penalty, while it is your turn to put one
    down (``None`` otherwise); never the card just taken, and a wild card only to go out or
    when nothing else may go (one left over costs 15, so throwing it lowers the penalty
    most now, while it would complete any meld later); among cards that leave as much, the
    costliest."""
    if view.phase != Phase.DISCARD or view.turn != view.seat:
        return None
    return _best_discard(view.hand, view.round_no, view.aces_high, view.must_not_discard)


@functools.lru_cache(maxsize=64)
def _best_discard(
    hand: tuple[Card, ...], round_no: int, aces_high: bool, keep: Card | None
) -> Card | None:
    wild = wild_rank_for_round(round_no)

    def leaves(card: Card) -> tuple[bool, int, bool, int]:
        is_wild = card.is_joker or card.rank == wild
        points = card_penalty(card, wild, aces_high=aces_high)
        left = _kept(hand, card, round_no, aces_high).penalty
        return (is_wild and left > 0, left, is_wild, -points)

    allowed = [card for card in dict.fromkeys(hand) if card != keep]
    return min(allowed, key=leaves) if allowed else None


def penalty_after(view: PlayerView, card: Card) -> int:
    """Your penalty after putting ``card`` down (the best arrangement of the rest)."""
    return _kept(view.hand, card, view.round_no, view.aces_high).penalty


@functools.lru_cache(maxsize=256)
def _kept(hand: tuple[Card, ...], thrown: Card, round_no: int, aces_high: bool) -> Arrangement:
    """The best arrangement of ``hand`` less one ``thrown``."""
    rest = list(hand)
    rest.remove(thrown)
    return best_arrangement(rest, round_no, aces_high=aces_high)


def render_melds(view: PlayerView, tx: Texts, width: int = 80) -> Text:
    """The ``melds`` command: your best melds, and what each card left over costs (while you
    must put a card down, after the best card to put down)."""
    thrown = best_discard(view)
    if thrown is not None:
        arrangement = _kept(view.hand, thrown, view.round_no, view.aces_high)
        title = tx("table.best_after", card=tx.card(thrown))
    else:
        arrangement = best_arrangement(view.hand, view.round_no, aces_high=view.aces_high)
        title = tx("table.best")
    wild = view.wild_rank
    out: Text = []
    tokens: list[Text] = [melds_text([meld], wild, tx) for meld in arrangement.melds]
    if not tokens:
        tokens.append([("class:dim", tx("table.no_melds"))])
    out += wrap([("class:label", title)], tokens, width, 4)
    if arrangement.unmelded:
        costs: list[Text] = []
        for card in arrangement.unmelded:
            points = card_penalty(card, wild, aces_high=view.aces_high)
            costs.append([card_text(card, wild, tx), ("class:dim", f" ({points})")])
        out += wrap([("class:label", tx("table.left_over"))], costs, width, 4)
    style = "class:good" if arrangement.penalty == 0 else "class:penalty"
    out += [(style, tx("table.penalty", penalty=arrangement.penalty)), ("", "\n")]
    return out


def render_game_over(
    ended: GameEnded,
    tx: Texts,
    *,
    seat: int | None = 0,
    assisted: bool,
    what_next: bool = True,
    title: bool = True,
) -> Text:
    """The winner, or nobody on a shared lowest total; the place of ``seat`` (``None``:
    someone watching, who has none) and, in play, what next."""
    totals = ended.totals
    low = min(totals)
    out: Text = [("class:title", tx("game.over")), ("", "\n")] if title else []
    if ended.winner == seat:
        out.append(("class:good", tx("game.you_win", total=low)))
    elif ended.winner is not None:
        out.append(("class:title", tx("game.winner", seat=tx.seat(ended.winner), total=low)))
    else:
        sharing = [tx.seat(s) for s, total in enumerate(totals) if total == low]
        out.append(("class:warn", tx("game.nobody", seats=tx.join(sharing), total=low)))
    out.append(("", "\n"))
    if seat is not None:
        place = 1 + sum(1 for total in totals if total < totals[seat])
        out += [
            ("", tx("game.your_total", total=totals[seat], place=place, seats=len(totals))),
            ("", "\n"),
        ]
    if assisted:
        out += [("class:warn", tx("game.assisted")), ("", "\n")]
    if what_next:
        out += [("class:dim", tx("game.next")), ("", "\n")]
    return out


def render_rules(
    options: GameOptions, round_no: int | None, tx: Texts, *, seats: int = 4, decks: int = 2
) -> Text:
    """The rules, with this game's options filled in (the players and decks of its table,
    and the round in play, if any)."""
    players = "" if seats == 4 else tx("rules.players", seats=seats)
    jokers = tx("rules.jokers", n=options.jokers) if options.jokers else ""
    aces = tx("aces.high") if options.aces_high else tx("aces.low")
    wild = tx.rank(wild_rank_for_round(round_no)) if round_no is not None else "—"
    body = tx(
        "rules.text",
        cards=tx(f"rules.decks.{decks}"),
        jokers=jokers,
        aces=aces,
        run_line=tx("rules.run_high") if options.aces_high else tx("rules.run_low"),
        ace=15 if options.aces_high else 1,
        round=round_no if round_no is not None else tx("rules.between"),
        wild=wild,
    )
    mark = tx("rules.wild_mark", mark=WILD_MARK)
    title = [("class:title", tx("rules.title")), ("", "\n")]
    return [*title, ("", players + body), ("", "\n" + mark + "\n")]


def next_sort(current: str) -> str:
    """The hand order after ``current``: suit, rank, melds, suit …"""
    return SORTS[(SORTS.index(current) + 1) % len(SORTS)]


def watch_text(view: SeatView, tx: Texts) -> Text:
    """The table as everyone sees it: round, dealer, wild rank, discard pile top, cards held."""
    round_ = view.round
    if view.ended is not None or round_ is None:
        over = tx("server.bar_over") if view.ended else tx("server.bar_waiting")
        return [("", over), ("", "\n")]
    line = tx(
        "say.dealt",
        round=round_.round_no,
        dealer=tx.seat(round_.dealer),
        size=hand_size_for_round(round_.round_no),
        wild=tx.rank(round_.wild_rank),
    )
    out: Text = [("class:title", line), ("", "\n")]
    top = (round_.discard_top,) if round_.discard_top is not None else ()
    out += [("", "  " + tx("server.pile")), *cards_text(top, round_.wild_rank, tx), ("", "\n")]
    for seat, held in enumerate(round_.hand_sizes):
        mark = "▶ " if seat == round_.turn else "  "
        total = tx("table.total", total=view.totals[seat]) if seat < len(view.totals) else ""
        line = f"{mark}{tx.seat(seat):<12} {tx('server.cards_held', n=held):<10} {total}"
        out += [("", line.rstrip()), ("", "\n")]
    return out
