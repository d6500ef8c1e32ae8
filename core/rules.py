"""Commands, and the one place where the rules are checked: :func:`decide`.

``decide(state, command)`` returns the events the command causes, or raises an
:class:`~core.errors.IllegalMoveError` naming the card and the situation; it
never changes anything. ``check``/``can`` ask the same question without the
events, for completions, hints and tests.

>>> from core.events import GameOptions
>>> state = fold(decide(GameState(), StartGame(seed=7)))
>>> state.round.round_no, len(state.round.hands[0]), state.phase.value
(1, 3, 'draw')
"""

from __future__ import annotations

from typing import assert_never

from attrs import field, frozen

from .cards import (
    ROUNDS,
    Card,
    decks_deal,
    hand_size_for_round,
    joker_choices,
    new_deck,
)
from .cards import wild_rank_for_round as _wild_rank
from .deck import SeededShuffler, Shuffler
from .errors import Action, IllegalMoveError, InvalidCommandError
from .events import (
    MAX_REBUILDS,
    MAX_TURNS,
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
    RoundEnd,
    RoundScored,
    SeatScore,
    StockRebuilt,
)
from .fairness import commitment, is_salt
from .log_bounds import recorded_reason, records_help
from .melds import best_arrangement
from .seats import MAX_DECKS, MAX_SEAT_NAME, MAX_SEATS, MIN_SEATS, decks_for, seat_names
from .state import GameState, MoveKind, Phase, RoundState, evolve, fold
from .views import SeatView

DEFAULT_PLAYERS: tuple[str, ...] = ("human", "medium", "medium", "medium")


def default_players(seats: int) -> tuple[str, ...]:
    """You and ``seats - 1`` medium AI players."""
    return ("human", *("medium",) * (seats - 1))


@frozen(kw_only=True)
class StartGame:
    """Start a game: its seed, its options and who plays each seat (2 to 8 seats, one
    player each; the seat count is the number of players)."""

    seed: int
    options: GameOptions = field(factory=GameOptions)
    players: tuple[str, ...] = DEFAULT_PLAYERS
    salt: str | None = None
    """A random salt keeps the seed secret behind a commitment (a shared table)."""
    seats: tuple[str, ...] = field()
    """What each seat is called: by default where it sits (You, Left, Top, Right at four,
    :func:`core.seats.seat_names`); the players' names at a shared table."""
    decks: int = field()
    """The decks the game is played with: by default the ladder's (two at four seats)."""

    @seats.default
    def _default_seats(self) -> tuple[str, ...]:
        return seat_names(len(self.players))

    @decks.default
    def _default_decks(self) -> int:
        return decks_for(len(self.players))

    @property
    def seat_count(self) -> int:
        """Players at the table."""
        return len(self.players)


@frozen(kw_only=True)
class Draw:
    """``seat`` takes the top card of the stock or of the discard pile."""

    seat: int
    source: DrawSource
    reason: str = field(default="", converter=recorded_reason)
    """Why (an AI's words), as recorded: on one line, cut to the log's bound."""


@frozen(kw_only=True)
class Discard:
    """``seat`` discards ``card`` from the hand."""

    seat: int
    card: Card
    reason: str = field(default="", converter=recorded_reason)
    """Why (an AI's words), as recorded: on one line, cut to the log's bound."""


@frozen(kw_only=True)
class Assist:
    """Record that ``seat`` took help (a hint, an AI turn, an undo past a seen card); past
    the round's bound it is given but not recorded (:func:`core.log_bounds.records_help`)."""

    seat: int
    help: Assistance


Command = StartGame | Draw | Discard | Assist


def decide(
    state: GameState, command: Command, shuffler: Shuffler | None = None
) -> tuple[Event, ...]:
    """The events ``command`` causes in ``state``; ``IllegalMoveError`` if the rules forbid it.

    ``shuffler`` supplies chance (the first dealer, deck orders); by default the
    game's own :class:`SeededShuffler`. It is asked only when a round is dealt
    or the stock is rebuilt.
    """
    check(state, command)
    match command:
        case StartGame():
            return _start(command, shuffler or SeededShuffler(command.seed))
        case Draw():
            return _draw(state, command, _shuffler_of(state, shuffler))
        case Discard():
            return _discard(state, command, _shuffler_of(state, shuffler))
        case Assist():
            if not records_help(state, command.seat, command.help):
                return ()
            return (AssistanceUsed(seat=command.seat, help=command.help),)
    assert_never(command)


def check(state: GameState, command: Command) -> None:
    """Raise the error :func:`decide` would raise for ``command``; return if it is legal."""
    match command:
        case StartGame():
            _check_start(state, command)
        case Draw() | Discard():
            _check_move(_position(state, command.seat), command)
        case Assist():
            _check_assist(state, command)


def can(state: GameState, command: Command) -> bool:
    """Whether :func:`decide` would accept ``command`` now."""
    try:
        check(state, command)
    except IllegalMoveError:
        return False
    except InvalidCommandError:
        return False
    return True


def legal_commands(state: GameState) -> tuple[Draw | Discard, ...]:
    """Every legal move of the seat to act (one discard per distinct card)."""
    round_ = state.round
    if round_ is None or state.phase not in (Phase.DRAW, Phase.DISCARD):
        return ()
    seat = round_.turn
    if state.phase == Phase.DRAW:
        sources = [DrawSource.STOCK]
        if round_.discard_pile:
            sources.append(DrawSource.DISCARD)
        return tuple(Draw(seat=seat, source=source) for source in sources)
    return tuple(
        Discard(seat=seat, card=card)
        for card in dict.fromkeys(round_.hands[seat])
        if card != round_.taken_from_discard
    )


# -- checking -------------------------------------------------------------------------


def _check_start(state: GameState, command: StartGame) -> None:
    if state.started is not None:
        raise IllegalMoveError("game_started")
    count = command.seat_count
    if not MIN_SEATS <= count <= MAX_SEATS:
        raise InvalidCommandError("bad_players", count=count)
    if len(command.seats) != count:
        raise InvalidCommandError(
            "bad_seat_count", count=count, field="seats", given=len(command.seats)
        )
    if not 1 <= command.decks <= MAX_DECKS:
        raise InvalidCommandError("bad_decks", decks=command.decks, most=MAX_DECKS)
    if not decks_deal(command.decks, count):
        least = next(d for d in range(1, MAX_DECKS + 1) if decks_deal(d, count))
        raise InvalidCommandError("too_few_decks", decks=command.decks, count=count, least=least)
    if command.options.jokers not in joker_choices(command.decks):
        decks = command.decks
        jokers = command.options.jokers
        raise InvalidCommandError("bad_jokers", jokers=jokers, one=decks, two=2 * decks)
    if command.salt is not None and not is_salt(command.salt):
        raise InvalidCommandError("bad_salt")
    if not all(0 < len(name) <= MAX_SEAT_NAME and name.isprintable() for name in command.seats):
        raise InvalidCommandError("bad_seat_names", seats=count, count=len(command.seats))


def _check_assist(state: GameState, command: Assist) -> None:
    if state.started is None:
        raise IllegalMoveError("no_game")
    if state.ended is not None:
        raise IllegalMoveError("game_over")
    if not 0 <= command.seat < state.seat_count:
        raise InvalidCommandError("bad_seat", number=command.seat, last=state.seat_count - 1)


@frozen(kw_only=True)
class _Position:
    """What a seat's draw or discard is judged by; the seat itself sees all of it, so the
    same judgement serves the table (from the whole state) and a front (from the seat's
    view, before Enter)."""

    seat: int
    over: bool
    turn: int | None
    """The seat to act, ``None`` when no round is in play."""
    has_drawn: bool
    taken: Card | None
    discard_top: Card | None
    hand: tuple[Card, ...]


def _position(state: GameState, seat: int) -> _Position:
    if state.started is None:
        raise IllegalMoveError("no_game")
    if state.ended is not None:
        raise IllegalMoveError("game_over")
    if not 0 <= seat < state.seat_count:
        raise InvalidCommandError("bad_seat", number=seat, last=state.seat_count - 1)
    round_ = state.round
    return _Position(
        seat=seat,
        over=state.ended is not None,
        turn=None if round_ is None else round_.turn,
        has_drawn=round_ is not None and round_.has_drawn,
        taken=None if round_ is None else round_.taken_from_discard,
        discard_top=None if round_ is None else round_.discard_top,
        hand=() if round_ is None else round_.hands[seat],
    )


def _seen_position(view: SeatView, seat: int) -> _Position:
    if view.seat is None or seat != view.seat:
        raise IllegalMoveError("not_your_seat", number=view.seat, other=seat)
    mine = view.mine
    return _Position(
        seat=seat,
        over=view.ended is not None,
        turn=None if mine is None else mine.turn,
        has_drawn=mine is not None and mine.phase == Phase.DISCARD,
        taken=None if mine is None else mine.must_not_discard,
        discard_top=None if mine is None else mine.discard_top,
        hand=() if mine is None else mine.hand,
    )


def _check_turn(position: _Position, action: Action) -> None:
    if position.over:
        raise IllegalMoveError("game_over")
    if position.turn is None:
        raise IllegalMoveError("no_game")
    if position.turn != position.seat:
        raise IllegalMoveError(
            "not_your_turn", seat=position.seat, action=action, turn=position.turn
        )


def _check_move(position: _Position, command: Draw | Discard) -> None:
    seat = position.seat
    if isinstance(command, Draw):
        _check_turn(position, Action.DRAW)
        if position.has_drawn:  # the card is None when it came from the stock
            raise IllegalMoveError("already_drawn", seat=seat, card=position.taken)
        if command.source == DrawSource.DISCARD and position.discard_top is None:
            raise IllegalMoveError("empty_discard_pile", seat=seat)
        return
    card = command.card
    _check_turn(position, Action.DISCARD)
    if not position.has_drawn:
        raise IllegalMoveError("draw_first", seat=seat, top=position.discard_top)
    if card not in position.hand:
        raise IllegalMoveError("not_in_hand", seat=seat, card=card, hand=position.hand)
    if card == position.taken:
        raise IllegalMoveError("taken_this_turn", seat=seat, card=card)


def check_seen(view: SeatView, command: Draw | Discard) -> None:
    """Raise what :func:`decide` would raise for the seat's own ``command``, judged from
    what the seat sees (``view``): a front asks this before Enter, without the table."""
    _check_move(_seen_position(view, command.seat), command)


def _shuffler_of(state: GameState, shuffler: Shuffler | None) -> Shuffler:
    if shuffler is not None:
        return shuffler
    assert state.started is not None  # checked before
    if not state.started.seeded:
        raise IllegalMoveError("stacked_deck")
    return SeededShuffler(state.started.seed)


# -- deciding -------------------------------------------------------------------------


class _Emitter:
    """Collects events while folding them, so each next event sees the state before it."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)

    @property
    def round(self) -> RoundState:
        assert self.state.round is not None
        return self.state.round


def _start(command: StartGame, shuffler: Shuffler) -> tuple[Event, ...]:
    out = _Emitter(GameState())
    out.emit(
        GameStarted(
            seed=command.seed,
            options=command.options,
            players=command.players,
            seats=command.seats,
            seat_count=command.seat_count,
            decks=command.decks,
            first_dealer=shuffler.first_dealer(command.seat_count),
            seeded=shuffler.seeded,
            commitment=None if command.salt is None else commitment(command.seed, command.salt),
            salt=command.salt,
        )
    )
    _deal(out, 1, shuffler)
    return tuple(out.events)


def _deal(out: _Emitter, round_no: int, shuffler: Shuffler) -> None:
    started = out.state.started
    assert started is not None
    out.emit(deal_round(started, round_no, shuffler))


def deal_round(started: GameStarted, round_no: int, shuffler: Shuffler) -> RoundDealt:
    """The deal of round ``round_no`` of the game ``started``: its dealer, each seat's hand
    from the shuffled decks (one card at a time, left of the dealer first), the upcard and
    the stock."""
    seats = started.seat_count
    dealer = (started.first_dealer + round_no - 1) % seats
    order = shuffler.deal_order(round_no, new_deck(started.options.jokers, started.decks))
    size = hand_size_for_round(round_no)
    # One card at a time, starting left of the dealer: card i goes to seat dealer+1+i.
    hands = tuple(
        tuple(order[(seat - dealer - 1) % seats : seats * size : seats]) for seat in range(seats)
    )
    return RoundDealt(
        round_no=round_no,
        dealer=dealer,
        wild_rank=_wild_rank(round_no),
        hands=hands,
        upcard=order[seats * size],
        stock=order[seats * size + 1 :],
    )


def _draw(state: GameState, command: Draw, shuffler: Shuffler) -> tuple[Event, ...]:
    out = _Emitter(state)
    round_ = out.round
    if command.source == DrawSource.DISCARD:
        card = round_.discard_pile[-1]
    else:
        if not round_.stock:
            if round_.rebuilds >= MAX_REBUILDS:
                _score_round(out, RoundEnd.STOCK_EXHAUSTED, shuffler)
                return tuple(out.events)
            rebuild_no = round_.rebuilds + 1
            stock = shuffler.rebuild_order(round_.round_no, rebuild_no, round_.discard_pile[:-1])
            out.emit(StockRebuilt(round_no=round_.round_no, rebuild_no=rebuild_no, stock=stock))
        card = out.round.stock[0]
    out.emit(CardDrawn(seat=command.seat, source=command.source, card=card, reason=command.reason))
    return tuple(out.events)


def _discard(state: GameState, command: Discard, shuffler: Shuffler) -> tuple[Event, ...]:
    out = _Emitter(state)
    out.emit(CardDiscarded(seat=command.seat, card=command.card, reason=command.reason))
    round_ = out.round
    if round_.went_out is None:
        arrangement = best_arrangement(
            round_.hands[command.seat], round_.round_no, aces_high=state.options.aces_high
        )
        if arrangement.penalty == 0:
            seats = len(round_.hands)
            others = tuple((command.seat + i) % seats for i in range(1, seats))
            out.emit(PlayerWentOut(seat=command.seat, melds=arrangement.melds, last_turns=others))
    elif not round_.last_turns:
        _score_round(out, RoundEnd.WENT_OUT, shuffler)
        return tuple(out.events)
    if _turns_played(out.round) >= MAX_TURNS:
        _score_round(out, RoundEnd.TURNS_PLAYED, shuffler)
    return tuple(out.events)


def _turns_played(round_: RoundState) -> int:
    """The turns of ``round_`` played so far (each ends with a discard)."""
    return sum(move.kind == MoveKind.DISCARDED for move in round_.history)


def _score_round(out: _Emitter, ended_by: RoundEnd, shuffler: Shuffler) -> None:
    round_ = out.round
    aces_high = out.state.options.aces_high
    scores = []
    for hand in round_.hands:
        arrangement = best_arrangement(hand, round_.round_no, aces_high=aces_high)
        scores.append(
            SeatScore(
                hand=hand,
                melds=arrangement.melds,
                unmelded=arrangement.unmelded,
                penalty=arrangement.penalty,
            )
        )
    totals = tuple(
        total + score.penalty for total, score in zip(out.state.totals, scores, strict=True)
    )
    out.emit(
        RoundScored(
            round_no=round_.round_no,
            ended_by=ended_by,
            went_out=round_.went_out,
            scores=tuple(scores),
            totals=totals,
        )
    )
    if round_.round_no < ROUNDS:
        _deal(out, round_.round_no + 1, shuffler)
    else:
        low = min(totals)
        winners = [seat for seat, total in enumerate(totals) if total == low]
        out.emit(GameEnded(totals=totals, winner=winners[0] if len(winners) == 1 else None))


def new_game(
    seed: int,
    options: GameOptions | None = None,
    players: tuple[str, ...] = DEFAULT_PLAYERS,
    shuffler: Shuffler | None = None,
    *,
    salt: str | None = None,
    seats: tuple[str, ...] | None = None,
    decks: int | None = None,
) -> tuple[GameState, tuple[Event, ...]]:
    """Start a game: its first events and the state they fold into. With ``salt`` the
    game is committed to its seed (see :mod:`core.fairness`); ``seats`` names the seats
    (by default where they sit), ``decks`` overrides the ladder (a measurement)."""
    count = len(players)
    start = StartGame(
        seed=seed,
        options=options or GameOptions(),
        players=players,
        salt=salt,
        seats=seat_names(count) if seats is None else seats,
        decks=decks_for(count) if decks is None else decks,
    )
    events = decide(GameState(), start, shuffler)
    return fold(events), events
