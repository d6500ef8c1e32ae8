"""The bounds of a log: how big it is, how long its texts are, what they hold, how much
help one round records. They are one set for the writer and the reader: the rules
(:func:`core.rules.decide`) never make an event outside them, and the log reader
(:func:`core.log.read_log`) refuses a line outside them while it is read, before anything
costly is done with it, so every log the game writes reads back.

The largest log the rules allow (8 seats, 11 rounds of :data:`~core.events.MAX_TURNS`
turns, every reason as long as :data:`MAX_REASON`, all the help a round records) is
about 5 MiB, under :data:`MAX_LOG_BYTES` (``tests/unit/test_log_bounds.py`` writes one)."""

from __future__ import annotations

import re

from .cards import ROUNDS, decks_deal, hand_size_for_round, joker_choices, wild_rank_for_round
from .events import (
    MAX_REBUILDS,
    Assistance,
    Event,
    GameEnded,
    GameStarted,
    PlayerWentOut,
    RoundDealt,
    RoundScored,
    StockRebuilt,
)
from .fairness import promise_problems
from .seats import MAX_DECKS, MAX_SEAT_NAME, MAX_SEATS, MIN_SEATS
from .state import GameState

LINE_BREAK = re.compile("[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")
"""What ends a line (``str.splitlines``): no text of a log holds one, so none starts a
line of the game's output ("77 You discard K♠.")."""

MAX_LOG_BYTES = 8 * 1024 * 1024
"""The largest log a reader opens (a game at a terminal, a server's table): far above the
largest the rules allow."""
MAX_LINE = 64 * 1024
"""The longest line of a log (the largest event the rules make is under 4 KiB)."""
MAX_REASON = 300
"""The longest reason recorded for a move: a longer one (a bot's) is cut when the move is
made (:func:`recorded_reason`); the game's own AIs stay under 200."""
MAX_PLAYER = 80
"""The longest player of a seat: a level, or a ``module:Class`` path."""
MAX_ENGINE = 40
"""The longest engine version in a header."""
MAX_HELPS = 200
"""The most help one round records (``AssistanceUsed``: hints asked, turns the AI played
for a person, undos past a seen card) besides the first of each kind for each seat. More
is given but not recorded: it would say nothing new, the seat is marked assisted already.
A person who asks for a hint before every draw and every discard stays below it."""


def records_help(state: GameState, seat: int, help: Assistance) -> bool:
    """Whether ``seat`` taking ``help`` in ``state`` is recorded: always the first of its
    kind for the seat (it marks the game assisted), any other while the round has recorded
    fewer than :data:`MAX_HELPS`."""
    if (seat, help) not in state.assisted:
        return True
    return state.round is None or state.round.helps < MAX_HELPS


def recorded_reason(reason: str) -> str:
    """``reason`` as a move records it: on one line, at most :data:`MAX_REASON` characters."""
    one_line = " ".join(LINE_BREAK.split(reason)) if LINE_BREAK.search(reason) else reason
    return one_line if len(one_line) <= MAX_REASON else one_line[: MAX_REASON - 1] + "…"


def text_problems(event: Event) -> list[str]:
    """The strings of ``event`` that are longer than any this game writes."""
    problems = []
    reason = getattr(event, "reason", "")
    if len(reason) > MAX_REASON:
        problems.append(f"the reason has {len(reason)} characters, over {MAX_REASON}")
    if LINE_BREAK.search(reason):
        problems.append("the reason breaks the line")
    if isinstance(event, GameStarted):
        for name, texts, limit in (
            ("seat name", event.seats, MAX_SEAT_NAME),
            ("player", event.players, MAX_PLAYER),
        ):
            for text in texts:
                if len(text) > limit:
                    problems.append(f"a {name} has {len(text)} characters, over {limit}")
                problems += [f"a {name} breaks the line"] if LINE_BREAK.search(text) else []
    return problems


_COUNTS = {"seat_count": (MIN_SEATS, MAX_SEATS, "seats"), "decks": (1, MAX_DECKS, "decks")}


def seat_count_problem(field: str, value: object) -> str | None:
    """What is wrong with a header's or a start's ``seat_count`` (2 to 8) or ``decks``
    (1 to 3), before anything is built from it (a list of a billion seats)."""
    low, high, what = _COUNTS[field]
    if type(value) is not int:
        return f"{field} is not a whole number"
    if not low <= value <= high:
        shown = value if abs(value) < 10**18 else "a number far larger"
        return f"a game has {low} to {high} {what}, not {shown}"
    return None


def range_problems(event: Event, seats: int | None) -> list[str]:
    """The numbers of ``event`` the reducer would index with that are out of range
    (structure, not rules): seats of a game of ``seats`` players (``None`` before it
    started: a start's own count, checked first, so no list is built from a wrong one)."""
    problems = _count_problems(event) if isinstance(event, GameStarted) else []
    count = event.seat_count if isinstance(event, GameStarted) else seats
    if not problems and count is not None:
        problems += _seat_problems(event, count)
    if isinstance(event, GameStarted) and not problems:
        if event.options.jokers not in joker_choices(event.decks):
            jokers = joker_choices(event.decks)
            problems.append(
                f"jokers {event.options.jokers} is not {jokers[0]}, {jokers[1]} or {jokers[2]}"
            )
        problems += promise_problems(event.commitment, event.salt)
    problems += text_problems(event)
    problems += _numbers_in_the_rules(event, count)
    return problems


def _count_problems(event: GameStarted) -> list[str]:
    """The seat count and the decks of a game: in the rules, and enough for round 11."""
    problems = [
        problem
        for problem in (
            seat_count_problem("seat_count", event.seat_count),
            seat_count_problem("decks", event.decks),
        )
        if problem is not None
    ]
    if not problems and not decks_deal(event.decks, event.seat_count):
        problems.append(f"{event.decks} decks cannot deal round 11 to {event.seat_count} seats")
    return problems


def _seat_problems(event: Event, count: int) -> list[str]:
    """Seats named by ``event`` and lists by seat, in a game of ``count`` seats."""
    problems = []
    last = count - 1
    seat = getattr(event, "seat", 0)
    if not (type(seat) is int and 0 <= seat < count):
        problems.append(f"seat {seat} is not 0-{last}")
    for name in ("dealer", "first_dealer"):
        value = getattr(event, name, 0)
        if not 0 <= value < count:
            problems.append(f"{name} {value} is not 0-{last}")
    for name in ("hands", "scores", "totals", "seats", "players"):
        value = getattr(event, name, None)
        if value is not None and len(value) != count:
            problems.append(f"{name} has {len(value)} entries, not {count}")
    return problems


def _numbers_in_the_rules(event: Event, count: int | None) -> list[str]:
    """Round numbers, hand sizes, rebuilds and seats named in ``event`` that no game has."""
    problems = []
    round_no = getattr(event, "round_no", 1)
    if not 1 <= round_no <= ROUNDS:
        problems.append(f"round {round_no} is not 1-{ROUNDS}")
    elif isinstance(event, RoundDealt):
        size = hand_size_for_round(round_no)
        sizes = [len(hand) for hand in event.hands]
        if any(count != size for count in sizes):
            said = ", ".join(map(str, sizes))
            problems.append(f"round {round_no} deals {size} cards to each seat, not {said}")
        if event.wild_rank != wild_rank_for_round(round_no):
            problems.append(f"the wild rank of round {round_no} is not {event.wild_rank.symbol}")
    if isinstance(event, StockRebuilt) and not 1 <= event.rebuild_no <= MAX_REBUILDS:
        problems.append(f"rebuild {event.rebuild_no} is not 1-{MAX_REBUILDS}")
    seats: list[int | None] = []
    if isinstance(event, RoundScored | GameEnded):
        seats.append(event.went_out if isinstance(event, RoundScored) else event.winner)
    if isinstance(event, PlayerWentOut):
        seats += event.last_turns
    for seat in seats:
        if seat is not None and count is not None and not 0 <= seat < count:
            problems.append(f"seat {seat} is not 0-{count - 1}")
    return problems
