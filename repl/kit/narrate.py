"""Events told as sentences: "Left takes 7♥ from the discard pile, discards K♣."

The one narrator of the game, for every front. :func:`narrate` tells a batch of
events as one seat was told them (:mod:`core.seen`: redacted by the table before they
reached the front): a :class:`Say` line for each turn (an opponent's take and discard
are one sentence), and the end of a round or of the game as their own items, which the
front shows as screens; :func:`recent` is the ``log`` command's lines, :func:`hint_lines`
a hint. :func:`describe` tells one event of a whole log with every card named (the
replay hides nothing), and :func:`reason_of` an AI decision's recorded reason in the
player's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from ...core.cards import Card, Rank, hand_size_for_round
from ...core.events import (
    AssistanceUsed,
    CardDiscarded,
    CardDrawn,
    DrawSource,
    Event,
    GameEnded,
    GameStarted,
    PlayerWentOut,
    RoundDealt,
    RoundScored,
    StockRebuilt,
)
from ...core.rules import Discard
from ...core.seen import DealSeen, RebuildSeen, Seen, UnseenDraw
from ...core.state import GameState
from ...core.told import Hint
from ..words.i18n import Texts
from .render import Text, card_text, melds_text
from .sheet import round_over_title


@frozen
class Say:
    """One line of narration."""

    text: Text


@frozen
class RoundOver:
    """A round was scored: the loop shows every hand and the score sheet."""

    scored: RoundScored


@frozen
class GameOver:
    """The game ended: the loop shows the result."""

    ended: GameEnded


Item = Say | RoundOver | GameOver


def narrate(
    events: Sequence[Seen],
    wild: Rank | None,
    tx: Texts,
    *,
    auto: bool = False,
    assists: bool = False,
    me: int | None = 0,
) -> list[Item]:
    """The items telling ``events`` (as seat ``me`` was told them, :mod:`core.seen`), which
    happened while ``wild`` was the wild rank (``None`` between rounds).

    ``auto`` marks ``me``'s moves as played by the AI; ``assists`` tells the help ``me``
    took too (the ``log`` does; live, the help speaks for itself). ``me`` is the seat told
    as "you"; ``None`` for someone watching, to whom every seat is another's.
    """
    items: list[Item] = []
    i = 0
    while i < len(events):
        event = events[i]
        match event:
            case UnseenDraw() | CardDrawn() if event.seat != me or auto:
                discard = events[i + 1] if i + 1 < len(events) else None
                if isinstance(discard, CardDiscarded) and discard.seat == event.seat:
                    items.append(Say(_turn(event, discard, wild, tx, auto, me)))
                    i += 2
                    continue
                items.append(Say(_turn(event, None, wild, tx, auto, me)))
            case CardDrawn():
                key = "say.you_draw" if event.source == DrawSource.STOCK else "say.you_take"
                items.append(Say(sentence(tx, key, card=event.card, wild=wild)))
            case CardDiscarded():
                if event.seat == me:
                    line = sentence(tx, "say.you_discard", card=event.card, wild=wild)
                    items.append(Say(line + (_auto(tx) if auto else [])))
                else:  # a discard alone: the turn was begun before (a game rebuilt mid-turn)
                    line = sentence(
                        tx, "replay.discard", card=event.card, wild=wild, seat=tx.seat(event.seat)
                    )
                    items.append(Say(line))
            case PlayerWentOut():
                key = "say.you_out" if event.seat == me else "say.ai_out"
                melds = melds_text(event.melds, wild, tx)
                items.append(Say(sentence(tx, key, seat=tx.seat(event.seat), melds=melds)))
            case RebuildSeen():
                items.append(Say([("class:dim", tx("say.rebuilt", n=event.rebuild_no))]))
            case RoundScored():
                items.append(RoundOver(event))
            case DealSeen():
                wild = event.wild_rank
                items.append(Say(dealt_line(event.round_no, event.dealer, event.wild_rank, tx)))
            case GameEnded():
                items.append(GameOver(event))
            case AssistanceUsed() if event.seat == me and assists:
                key = f"say.{event.help.value}_used"
                items.append(Say([("class:dim", tx(key))]))
        i += 1
    return items


def recent(events: Sequence[Seen], tx: Texts, count: int, *, me: int | None = 0) -> Text:
    """The last ``count`` things that happened, one line each, told to seat ``me``
    (``None``: to someone watching): the ``log`` command."""
    lines: list[Text] = []
    for item in narrate(events, None, tx, assists=True, me=me):
        match item:
            case Say():
                lines.append(item.text)
            case RoundOver():
                lines.append([("class:title", round_over_title(item.scored, tx, me=me))])
            case GameOver():
                lines.append([("class:title", tx("game.over"))])
    out: Text = []
    for line in lines[-count:]:
        out += [*line, ("", "\n")]
    return out


def hint_lines(hint: Hint, tx: Texts) -> list[tuple[str, str]]:
    """What the helper AI would do, then why, in the player's language (with styles)."""
    command = hint.command
    if isinstance(command, Discard):
        action = tx("msg.action_discard", card=command.card)
    elif command.source == DrawSource.DISCARD:
        action = tx("msg.action_take", card=hint.card)
    else:
        action = tx("msg.action_stock")
    lines = [(tx("msg.hint", action=action), "class:good")]
    # the action is said above; the reason, in the player's language, says why
    why = tx.reason(hint.reason, action=False)
    if why:
        lines.append((tx("msg.hint_why", reason=why), "class:dim"))
    return lines


def named_move(event: Event | Seen, tx: Texts) -> str:
    """The player's move that starts ``event`` in a few words (``your take of 7♥``): what
    an undo took back, or a redo played again."""
    if isinstance(event, CardDiscarded):
        return tx("msg.what_discard", card=event.card)
    if isinstance(event, CardDrawn) and event.source == DrawSource.DISCARD:
        return tx("msg.what_take", card=event.card)
    return tx("msg.what_draw")


def dealt_line(round_no: int, dealer: int, wild: Rank, tx: Texts) -> Text:
    """ "Round 4/11 · dealer: Top · 6 cards each · wild: 6"."""
    text = tx(
        "say.dealt",
        round=round_no,
        dealer=tx.seat(dealer),
        size=hand_size_for_round(round_no),
        wild=tx.rank(wild),
    )
    return [("class:title", text)]


def _turn(
    draw: CardDrawn | UnseenDraw,
    discard: CardDiscarded | None,
    wild: Rank | None,
    tx: Texts,
    auto: bool,
    me: int | None,
) -> Text:
    if isinstance(draw, CardDrawn) and draw.seat == me:
        key = "say.you_draw" if draw.source == DrawSource.STOCK else "say.you_take"
        mine = sentence(tx, key, card=draw.card, wild=wild)
        if discard is not None:
            mine += [("", " "), *sentence(tx, "say.you_discard", card=discard.card, wild=wild)]
        return mine + (_auto(tx) if auto else [])
    name = tx.seat(draw.seat)
    if isinstance(draw, UnseenDraw) or draw.source == DrawSource.STOCK:
        line: Text = [("", tx("say.ai_draw", seat=name))]
    else:
        line = sentence(tx, "say.ai_take", seat=name, card=draw.card, wild=wild)
    if discard is None:
        return [*line, ("", ".")]
    return line + _discard(discard, wild, tx)


def _discard(discard: CardDiscarded, wild: Rank | None, tx: Texts) -> Text:
    return sentence(tx, "say.ai_discard", card=discard.card, wild=wild)


def _auto(tx: Texts) -> Text:
    return [("class:dim", tx("say.auto"))]


def sentence(
    tx: Texts, key: str, *, card: Card | None = None, wild: Rank | None = None, **params: object
) -> Text:
    """The sentence ``key`` with ``{card}`` (and ``{melds}``) drawn in colour."""
    marker = "\x00"
    melds = params.pop("melds", None)
    template = tx(key, card=marker, melds=marker, **params)
    pieces = template.split(marker)
    out: Text = [("", pieces[0])]
    fills: list[Text] = []
    if card is not None:
        fills.append([card_text(card, wild, tx)])
    if isinstance(melds, list):
        fills.append(melds)
    for piece, fill in zip(pieces[1:], fills, strict=False):
        out += fill
        out.append(("", piece))
    return [fragment for fragment in out if fragment[1]]


def reason_of(event: Event, tx: Texts) -> str:
    """An AI decision's recorded reason in the player's language, without the action the
    event's own sentence says (``discard 9♣: …``)."""
    reason = event.reason if isinstance(event, CardDrawn | CardDiscarded) else ""
    return tx.reason(reason, action=False) if reason else ""


def describe(event: Event, before: GameState, tx: Texts, *, me: int | None = 0) -> Text:
    """One event in words, every card named (a replay hides nothing); seat ``me`` is
    "you"."""
    wild = before.round.wild_rank if before.round else None
    you = getattr(event, "seat", None) == me
    match event:
        case GameStarted():
            options = event.options
            text = tx(
                "replay.started",
                seed=event.seed,
                jokers=tx("replay.jokers", n=options.jokers)
                if options.jokers
                else tx("replay.no_jokers"),
                aces=tx("aces.high") if options.aces_high else tx("aces.low"),
                dealer=tx.seat(event.first_dealer),
            )
            return [("class:title", text)]
        case RoundDealt():
            return dealt_line(event.round_no, event.dealer, event.wild_rank, tx)
        case CardDrawn():
            stock = event.source == DrawSource.STOCK
            if you:
                key = "say.you_draw" if stock else "say.you_take"
            else:
                key = "replay.draw" if stock else "replay.take"
            return sentence(tx, key, card=event.card, wild=wild, seat=tx.seat(event.seat))
        case CardDiscarded():
            key = "say.you_discard" if you else "replay.discard"
            return sentence(tx, key, card=event.card, wild=wild, seat=tx.seat(event.seat))
        case PlayerWentOut():
            key = "say.you_out" if you else "say.ai_out"
            melds = melds_text(event.melds, wild, tx)
            return sentence(tx, key, seat=tx.seat(event.seat), melds=melds)
        case StockRebuilt():
            return [("class:dim", tx("say.rebuilt", n=event.rebuild_no))]
        case RoundScored():
            return [("class:title", round_over_title(event, tx, me=me))]
        case AssistanceUsed():
            if you:
                return [("class:dim", tx(f"say.{event.help.value}_used"))]
            return [
                ("class:dim", tx("replay.help_used", seat=tx.seat(event.seat), help=event.help))
            ]
        case GameEnded():
            return [("class:title", tx("game.over"))]
    return [("", type(event).__name__)]
