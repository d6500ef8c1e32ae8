"""Verifying a log: re-decide every recorded command from the start against the rules.

Folding a log trusts it; verifying does not. Each recorded draw, discard and
piece of help is turned back into the command that caused it and decided again
on the state so far; the events the rules produce must be exactly the ones
recorded (the deals too, re-dealt from the seed when the log claims to be
seeded; the scores too, recomputed by the solver).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs
from attrs import field, frozen

from .cards import ROUNDS, Card, card_penalty, wild_rank_for_round
from .deck import RecordedShuffler, Shuffler
from .errors import GameError, VerificationError
from .events import (
    AssistanceUsed,
    CardDiscarded,
    CardDrawn,
    DrawSource,
    Event,
    GameStarted,
    PlayerWentOut,
    RoundDealt,
    RoundScored,
    StockRebuilt,
)
from .log import GameLog
from .melds import is_meld
from .rules import Assist, Command, Discard, Draw, StartGame, decide
from .seats import seat_names
from .state import GameState, evolve


@frozen
class Verdict:
    """The outcome of a verification: ``ok``, or the first bad ``line`` and why.

    ``problem`` says why in a key and typed parameters (``str(problem)`` in English);
    the terminal program says a whole verdict in its language (``Texts.verdict``).
    """

    ok: bool
    events: int
    line: int | None = None
    problem: VerificationError | None = None
    state: GameState = field(factory=GameState)
    complete: bool = True
    """False when the log stops inside the events of one move (an interrupted save)."""


def command_for(events: Sequence[Event], at: int, state: GameState) -> Command | None:
    """The command that caused the recorded event at index ``at``, if it starts a move.

    ``state`` is the game before that event.
    """
    event = events[at]
    match event:
        case GameStarted():
            return StartGame(
                seed=event.seed,
                options=event.options,
                players=event.players,
                salt=event.salt,
                seats=event.seats,
                decks=event.decks,
            )
        case CardDrawn():
            return Draw(seat=event.seat, source=event.source, reason=event.reason)
        case StockRebuilt():
            following = events[at + 1] if at + 1 < len(events) else None
            if isinstance(following, CardDrawn):
                return Draw(seat=following.seat, source=following.source, reason=following.reason)
            return None
        case CardDiscarded():
            return Discard(seat=event.seat, card=event.card, reason=event.reason)
        case AssistanceUsed():
            return Assist(seat=event.seat, help=event.help)
    # A round ended by the safety rule: the seat to act drew from an empty stock.
    if state.round is not None and not state.round.stock and not state.round.has_drawn:
        return Draw(seat=state.round.turn, source=DrawSource.STOCK)
    return None


def _valid_arrangement(
    hand: tuple[Card, ...],
    melds: tuple[tuple[Card, ...], ...],
    unmelded: tuple[Card, ...],
    state: GameState,
) -> bool:
    """Whether ``melds`` + ``unmelded`` split ``hand`` into valid melds and loose cards."""
    round_no = state.round.round_no if state.round else 0
    if not 1 <= round_no <= ROUNDS:
        return False
    wild = wild_rank_for_round(round_no)
    aces_high = state.options.aces_high
    used = [card for meld in melds for card in meld] + list(unmelded)
    return Counter(used) == Counter(hand) and all(
        is_meld(meld, wild, aces_high=aces_high) for meld in melds
    )


def _same_scoring(recorded: Event, expected: Event, state: GameState) -> bool:
    """Equal but for the choice among equally good arrangements.

    A hand can often be arranged in several ways with the same lowest penalty;
    which one a solver shows is not a rule, so a log written by another version
    (or another program) is right when its arrangement is valid and as good.
    """
    if isinstance(recorded, PlayerWentOut) and isinstance(expected, PlayerWentOut):
        hand = state.round.hands[recorded.seat] if state.round else ()
        return attrs.evolve(recorded, melds=expected.melds) == expected and _valid_arrangement(
            hand, recorded.melds, (), state
        )
    if isinstance(recorded, RoundScored) and isinstance(expected, RoundScored):
        if len(recorded.scores) != len(expected.scores):
            return False
        wild = wild_rank_for_round(recorded.round_no)
        aces_high = state.options.aces_high
        for mine, theirs in zip(recorded.scores, expected.scores, strict=True):
            if (mine.hand, mine.penalty) != (theirs.hand, theirs.penalty):
                return False
            if not _valid_arrangement(mine.hand, mine.melds, mine.unmelded, state):
                return False
            penalty = sum(card_penalty(card, wild, aces_high=aces_high) for card in mine.unmelded)
            if penalty != mine.penalty:
                return False
        return attrs.evolve(recorded, scores=expected.scores) == expected
    return False


def _difference(recorded: Event, expected: Event) -> VerificationError:
    """The first way ``recorded`` is not the ``expected`` event: its type, or a field."""
    kind = type(recorded).__name__
    if type(recorded) is not type(expected):
        given = type(expected).__name__
        return VerificationError("verify_other_event", recorded=kind, given=given)
    for attribute in attrs.fields(type(recorded)):
        name = attribute.name
        mine, theirs = getattr(recorded, name), getattr(expected, name)
        if mine != theirs:
            name, mine, theirs = _first_unequal(name, mine, theirs)
            return VerificationError(
                "verify_other_value", type=kind, field=name, recorded=mine, given=theirs
            )
    return VerificationError("verify_events_differ")


def _first_unequal(name: str, mine: object, theirs: object) -> tuple[str, object, object]:
    """The first part where two unequal values differ, named (``scores[1].melds``), so that
    a message quotes that part, not four whole scores (a card is said whole)."""
    if isinstance(mine, tuple) and isinstance(theirs, tuple) and len(mine) == len(theirs):
        pairs = enumerate(zip(mine, theirs, strict=True))
        at = next((i for i, (a, b) in pairs if a != b), None)
        if at is not None:
            return _first_unequal(f"{name}[{at}]", mine[at], theirs[at])
    kind = type(mine)
    if attrs.has(kind) and kind is type(theirs) and kind.__str__ is object.__str__:
        for attribute in attrs.fields(kind):
            a, b = getattr(mine, attribute.name), getattr(theirs, attribute.name)
            if a != b:
                return _first_unequal(f"{name}.{attribute.name}", a, b)
    return name, mine, theirs


def verify_events(
    events: Sequence[Event], *, first_line: int = 2, shuffler: Shuffler | None = None
) -> Verdict:
    """Re-decide ``events`` from the start; the first event is on line ``first_line``.

    Chance comes from ``shuffler`` when given, else from the seed of a seeded log.
    """
    if not events or not isinstance(events[0], GameStarted):
        return Verdict(False, 0, first_line, VerificationError("verify_no_start"))
    started = events[0]
    if shuffler is None:
        shuffler = None if started.seeded else RecordedShuffler(events)
    state = GameState()
    at = 0
    while at < len(events):
        line = first_line + at
        command = command_for(events, at, state)
        if command is None:
            uncaused = VerificationError("verify_uncaused", type=type(events[at]).__name__)
            return Verdict(False, at, line, uncaused, state)
        try:
            produced = decide(state, command, shuffler)
        except (GameError, ValueError) as error:
            return Verdict(False, at, line, VerificationError("verify_illegal", error=error), state)
        inner = state
        for offset, expected in enumerate(produced):
            if at + offset >= len(events):
                # The log stops inside the consequences of one command (an interrupted
                # save, e.g. mid-deal): what is there agrees, so it is a true prefix.
                return Verdict(True, len(events), state=inner, complete=False)
            recorded = events[at + offset]
            if recorded != expected and not _same_scoring(recorded, expected, inner):
                why = _difference(recorded, expected)
                if isinstance(expected, RoundDealt) and started.seeded:
                    why = VerificationError("verify_not_from_seed", problem=why)
                if isinstance(expected, GameStarted) and (
                    recorded_promise(recorded) != expected.commitment
                ):
                    why = VerificationError("verify_broken_promise")
                return Verdict(False, at + offset, line + offset, why, inner)
            inner = evolve(inner, recorded)
        state = inner
        at += len(produced)
    return Verdict(True, len(events), state=state)


def recorded_promise(event: Event) -> str | None:
    """The commitment a ``GameStarted`` recorded, if any."""
    return event.commitment if isinstance(event, GameStarted) else None


def verify_log(log: GameLog) -> Verdict:
    """Verify a log read by :func:`core.log.read_log`."""
    return verify_game(log.events)


def verify_game(events: Sequence[Event]) -> Verdict:
    """Verify a whole game's ``events``, its deals from its seed (``--verify``, the replay).

    A game that promised its deal (a commitment) must be dealt from its seed, or the
    promise could not be checked. The seats' names are another program's to choose, as
    the reader takes them: they are checked as the default names, then kept.
    """
    started = events[0] if events else None
    if not isinstance(started, GameStarted):
        return verify_events(events)
    if started.commitment is not None and not started.seeded:
        return Verdict(False, 0, 2, VerificationError("verify_promise_unseeded"))
    named = (attrs.evolve(started, seats=seat_names(len(started.seats))), *events[1:])
    verdict = verify_events(named)
    if verdict.state.started is None:
        return verdict
    state = attrs.evolve(verdict.state, started=started)
    return attrs.evolve(verdict, state=state)
