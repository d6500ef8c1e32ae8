"""Events: the facts of a game, in the past tense, immutable.

A game is its log of events. :func:`core.rules.decide` produces them after
checking the rules; :func:`core.state.evolve` folds them into a state without
checking anything. Every random outcome (the first dealer, each deck order) is
written into an event, so folding a log never needs a random generator.
"""

from __future__ import annotations

import enum

from attrs import field, frozen

from .cards import Card, Rank
from .seats import DEFAULT_SEATS
from .seats import SEAT_NAMES as SEAT_NAMES


class DrawSource(enum.StrEnum):
    """Where a player takes a card from. Plain strings ``"stock"``/``"discard"`` compare equal."""

    STOCK = "stock"
    DISCARD = "discard"


class RoundEnd(enum.StrEnum):
    """Why a round ended."""

    WENT_OUT = "went_out"
    """Someone went out and every other player had one last turn."""
    STOCK_EXHAUSTED = "stock_exhausted"
    """The stock would have been rebuilt a third time (the safety rule)."""
    TURNS_PLAYED = "turns_played"
    """The round's :data:`MAX_TURNS`-th turn was played (the other safety rule)."""


MAX_REBUILDS = 2
"""A round ends instead of rebuilding the stock a third time (RULES.md's safety rule)."""
MAX_TURNS = 500
"""A round ends after its 500th turn (RULES.md's safety rule: players who only take the
discard top could pass cards forever; of 2,898 simulated games the longest round had 103)."""


@frozen(kw_only=True)
class GameOptions:
    """The options a game is played with: 0, 2 or 4 jokers; aces low or high."""

    jokers: int = 0
    aces_high: bool = False


@frozen(kw_only=True)
class GameStarted:
    """A game began. ``seeded`` is true when every deck order follows from ``seed``.

    ``players`` says who plays each seat (``"human"``, an AI level such as
    ``"hard"``, or a ``module:Class``); ``first_dealer`` was drawn from the seed.
    ``seat_count`` players (2 to 8) play with ``decks`` decks: the ladder gives them, and
    the log says them, so that it folds without the ladder.
    """

    seed: int
    options: GameOptions
    seat_count: int = DEFAULT_SEATS
    decks: int = 2
    seats: tuple[str, ...] = SEAT_NAMES
    players: tuple[str, ...]
    first_dealer: int
    seeded: bool = True
    commitment: str | None = None
    """At a shared table: :func:`core.fairness.commitment` of the seed and ``salt``, shown
    to every player at the start while the seed stays secret until the game is over."""
    salt: str | None = None
    """The random text mixed into the commitment (revealed with the seed at the end)."""


@frozen(kw_only=True)
class RoundDealt:
    """A round was dealt: every hand (by seat), the upcard and the whole stock, top first."""

    round_no: int
    dealer: int
    wild_rank: Rank
    hands: tuple[tuple[Card, ...], ...]
    upcard: Card
    stock: tuple[Card, ...]


@frozen(kw_only=True)
class CardDrawn:
    """``seat`` took ``card`` from the top of the stock or of the discard pile."""

    seat: int
    source: DrawSource
    card: Card
    reason: str = ""


@frozen(kw_only=True)
class CardDiscarded:
    """``seat`` put ``card`` face up on the discard pile."""

    seat: int
    card: Card
    reason: str = ""


@frozen(kw_only=True)
class PlayerWentOut:
    """``seat`` went out: every card in hand is in one of ``melds``.

    ``last_turns`` lists, in turn order, the seats that each get one last turn.
    """

    seat: int
    melds: tuple[tuple[Card, ...], ...]
    last_turns: tuple[int, ...]


@frozen(kw_only=True)
class StockRebuilt:
    """The empty stock was rebuilt from the discard pile (all but its top card).

    ``rebuild_no`` counts rebuilds in this round (1 or 2); ``stock`` is the new
    order, top first.
    """

    round_no: int
    rebuild_no: int
    stock: tuple[Card, ...]


@frozen(kw_only=True)
class SeatScore:
    """One seat's scoring of a round: its final hand, best arrangement and penalty."""

    hand: tuple[Card, ...]
    melds: tuple[tuple[Card, ...], ...]
    unmelded: tuple[Card, ...]
    penalty: int


@frozen(kw_only=True)
class RoundScored:
    """Round ``round_no`` was scored; ``totals`` are the game totals after it."""

    round_no: int
    ended_by: RoundEnd
    went_out: int | None
    scores: tuple[SeatScore, ...]
    totals: tuple[int, ...]


class Assistance(enum.StrEnum):
    """Help a player took that makes the game "assisted" on the score sheet."""

    HINT = "hint"
    """Asked the AI what to do."""
    AUTO = "auto"
    """Let the AI play a turn."""
    UNDO = "undo"
    """Took back a move after having seen a card that was hidden before it."""
    COACH = "coach"
    """Had the AI say, after a costly move, what it would have done."""


@frozen(kw_only=True)
class AssistanceUsed:
    """``seat`` took help (a hint, an AI turn, an undo past a seen card); no card moved."""

    seat: int
    help: Assistance


@frozen(kw_only=True)
class GameEnded:
    """The game is over. ``winner`` is ``None`` when two or more share the lowest total."""

    totals: tuple[int, ...]
    winner: int | None = field(default=None)


Event = (
    GameStarted
    | RoundDealt
    | CardDrawn
    | CardDiscarded
    | PlayerWentOut
    | StockRebuilt
    | RoundScored
    | AssistanceUsed
    | GameEnded
)
EVENT_TYPES: tuple[type[Event], ...] = (
    GameStarted,
    RoundDealt,
    CardDrawn,
    CardDiscarded,
    PlayerWentOut,
    StockRebuilt,
    RoundScored,
    AssistanceUsed,
    GameEnded,
)
