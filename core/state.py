"""The state of a game, and the reducer that folds events into it.

:func:`evolve` trusts the log: it applies one event without checking a rule
(the rules live in :mod:`core.rules`) and without randomness (every deck order
is in the events). :func:`fold` rebuilds any state from a log.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from attrs import evolve as _replace
from attrs import frozen

from .cards import Card, Rank, sort_cards
from .events import (
    Assistance,
    AssistanceUsed,
    CardDiscarded,
    CardDrawn,
    DrawSource,
    Event,
    GameEnded,
    GameOptions,
    GameStarted,
    PlayerWentOut,
    RoundDealt,
    RoundScored,
    StockRebuilt,
)
from .seats import DEFAULT_SEATS


class Phase(enum.Enum):
    """What the game waits for."""

    NOT_STARTED = "not started"
    DRAW = "draw"
    """The player to act must take a card from the stock or the discard pile."""
    DISCARD = "discard"
    """The player to act has taken a card and must discard one."""
    ROUND_OVER = "round over"
    """A round was scored and the next one is not dealt yet (seen only mid-log)."""
    GAME_OVER = "game over"


class MoveKind(enum.StrEnum):
    """A public move, as every seat at the table sees it."""

    DREW = "drew"
    """Drew the (hidden) top of the stock, passing on the discard top."""
    TOOK = "took"
    """Took the (visible) top of the discard pile."""
    DISCARDED = "discarded"
    WENT_OUT = "went out"


@frozen(kw_only=True)
class PublicMove:
    """One move of the current round as the whole table saw it.

    ``card`` is the card taken, discarded or ``None`` for a stock draw;
    ``passed`` is the discard top a player left lying when drawing from the stock.
    """

    seat: int
    kind: MoveKind
    card: Card | None = None
    passed: Card | None = None


@frozen(kw_only=True)
class RoundState:
    """One round in play.

    Hands are kept sorted; the stock is top first, the discard pile top last.
    """

    round_no: int
    dealer: int
    wild_rank: Rank
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    turn: int
    has_drawn: bool = False
    taken_from_discard: Card | None = None
    rebuilds: int = 0
    helps: int = 0
    """How many ``AssistanceUsed`` this round recorded (bounded: :mod:`core.log_bounds`)."""
    went_out: int | None = None
    last_turns: tuple[int, ...] = ()
    history: tuple[PublicMove, ...] = ()

    @property
    def discard_top(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None


@frozen(kw_only=True)
class GameState:
    """A whole game: how it started, the round in play, the score sheet and the end.

    ``event_count`` is the number of events folded so far (the next event's
    sequence number is ``event_count + 1``).
    """

    started: GameStarted | None = None
    round: RoundState | None = None
    score_sheet: tuple[RoundScored, ...] = ()
    ended: GameEnded | None = None
    assisted: frozenset[tuple[int, Assistance]] = frozenset()
    """Every (seat, kind of help) used so far; a seat that took help played an assisted game."""
    event_count: int = 0

    @property
    def phase(self) -> Phase:
        if self.ended is not None:
            return Phase.GAME_OVER
        if self.started is None:
            return Phase.NOT_STARTED
        if self.round is None:
            return Phase.ROUND_OVER
        return Phase.DISCARD if self.round.has_drawn else Phase.DRAW

    @property
    def options(self) -> GameOptions:
        return self.started.options if self.started else GameOptions()

    @property
    def seat_count(self) -> int:
        """Players at the table (four before the game starts)."""
        return self.started.seat_count if self.started else DEFAULT_SEATS

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total so far: the score sheet's last line (nought before it has one)."""
        return self.score_sheet[-1].totals if self.score_sheet else (0,) * self.seat_count

    @property
    def seed(self) -> int | None:
        return self.started.seed if self.started else None

    def is_assisted(self, seat: int) -> bool:
        """Whether ``seat`` took any help (hint, auto, undo past a seen card) in this game."""
        return any(helped == seat for helped, _ in self.assisted)

    @property
    def turn(self) -> int | None:
        """The seat to act, or ``None`` when nobody is to act."""
        return self.round.turn if self.round is not None and self.ended is None else None


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``cards`` less one copy of ``card``; a card that is not there means a broken log."""
    i = cards.index(card)  # ValueError if the log moves a card that is not there
    return cards[:i] + cards[i + 1 :]


def _replace_at(
    items: tuple[tuple[Card, ...], ...], seat: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return (*items[:seat], hand, *items[seat + 1 :])


def evolve(state: GameState, event: Event) -> GameState:
    """The state after ``event``. Trusts the log: no rule is checked here."""
    count = state.event_count + 1
    match event:
        case GameStarted():
            return GameState(started=event, event_count=count)
        case RoundDealt():
            round_ = RoundState(
                round_no=event.round_no,
                dealer=event.dealer,
                wild_rank=event.wild_rank,
                hands=tuple(sort_cards(hand) for hand in event.hands),
                stock=event.stock,
                discard_pile=(event.upcard,),
                turn=(event.dealer + 1) % len(event.hands),
            )
            return _replace(state, round=round_, event_count=count)
        case CardDrawn():
            return _replace(state, round=_drawn(_round(state), event), event_count=count)
        case CardDiscarded():
            return _replace(state, round=_discarded(_round(state), event), event_count=count)
        case PlayerWentOut():
            round_ = _round(state)
            move = PublicMove(seat=event.seat, kind=MoveKind.WENT_OUT)
            round_ = _replace(
                round_,
                went_out=event.seat,
                last_turns=event.last_turns,
                history=(*round_.history, move),
            )
            return _replace(state, round=round_, event_count=count)
        case StockRebuilt():
            round_ = _round(state)
            round_ = _replace(
                round_,
                stock=event.stock,
                discard_pile=round_.discard_pile[-1:],
                rebuilds=event.rebuild_no,
            )
            return _replace(state, round=round_, event_count=count)
        case RoundScored():
            return _replace(
                state,
                round=None,
                score_sheet=(*state.score_sheet, event),
                event_count=count,
            )
        case AssistanceUsed():
            assisted = state.assisted | {(event.seat, event.help)}
            helped = (
                None if state.round is None else _replace(state.round, helps=state.round.helps + 1)
            )
            return _replace(state, assisted=assisted, round=helped, event_count=count)
        case GameEnded():
            return _replace(state, ended=event, event_count=count)
    raise TypeError(f"not an event: {event!r}")


def _round(state: GameState) -> RoundState:
    if state.round is None:
        raise ValueError("no round is in play")
    return state.round


def _drawn(round_: RoundState, event: CardDrawn) -> RoundState:
    hand = sort_cards((*round_.hands[event.seat], event.card))
    if event.source == DrawSource.STOCK:
        if not round_.stock or round_.stock[0] != event.card:
            raise ValueError(f"{event.card} is not the top of the stock")
        move = PublicMove(seat=event.seat, kind=MoveKind.DREW, passed=round_.discard_top)
        return _replace(
            round_,
            hands=_replace_at(round_.hands, event.seat, hand),
            stock=round_.stock[1:],
            has_drawn=True,
            history=(*round_.history, move),
        )
    if round_.discard_top != event.card:
        raise ValueError(f"{event.card} is not the top of the discard pile")
    move = PublicMove(seat=event.seat, kind=MoveKind.TOOK, card=event.card)
    return _replace(
        round_,
        hands=_replace_at(round_.hands, event.seat, hand),
        discard_pile=round_.discard_pile[:-1],
        has_drawn=True,
        taken_from_discard=event.card,
        history=(*round_.history, move),
    )


def _discarded(round_: RoundState, event: CardDiscarded) -> RoundState:
    hand = _without(round_.hands[event.seat], event.card)
    move = PublicMove(seat=event.seat, kind=MoveKind.DISCARDED, card=event.card)
    last_turns = round_.last_turns
    if last_turns and last_turns[0] == event.seat:
        last_turns = last_turns[1:]
    return _replace(
        round_,
        hands=_replace_at(round_.hands, event.seat, hand),
        discard_pile=(*round_.discard_pile, event.card),
        turn=(event.seat + 1) % len(round_.hands),
        has_drawn=False,
        taken_from_discard=None,
        last_turns=last_turns,
        history=(*round_.history, move),
    )


def fold(events: Iterable[Event], state: GameState | None = None) -> GameState:
    """Fold ``events`` into ``state`` (a new game when omitted)."""
    state = GameState() if state is None else state
    for event in events:
        state = evolve(state, event)
    return state


def cards_in_play(round_: RoundState) -> tuple[Card, ...]:
    """Every card of the round, wherever it lies: hands, stock and discard pile."""
    return sort_cards(
        (*(card for hand in round_.hands for card in hand), *round_.stock, *round_.discard_pile)
    )
