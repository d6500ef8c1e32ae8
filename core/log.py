"""The save file *is* the event log: JSON Lines, documented in ``replays/README.md``.

Line 1 is a header (format name, schema version, engine version, and the
game's start: seed, options, seat count and decks, seats, players); every further
line is one event with its ``seq`` (1, 2, …) and ``type``. Cards are written in the notation
(``"7♥"``). This module turns events into lines and lines back into events;
it reads and writes no files (the front end appends each line and flushes).

Reading validates everything and loads nothing half-way: the first problem
raises :class:`~core.errors.LogFormatError` naming the line.
"""

from __future__ import annotations

import enum
import json
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

import cattrs
from attrs import frozen
from cattrs.v import format_exception

from . import __version__
from .cards import (
    Card,
    Rank,
    new_deck,
    parse_card,
    sort_cards,
)
from .errors import GameError, InvalidCommandError, LogFormatError
from .events import (
    EVENT_TYPES,
    Assistance,
    AssistanceUsed,
    CardDiscarded,
    CardDrawn,
    DrawSource,
    Event,
    GameEnded,
    GameStarted,
    PlayerWentOut,
    RoundDealt,
    RoundEnd,
    RoundScored,
    StockRebuilt,
)
from .log_bounds import (
    LINE_BREAK,
    MAX_ENGINE,
    MAX_HELPS,
    MAX_LINE,
    range_problems,
    records_help,
    seat_count_problem,
)
from .rules import Discard, Draw, check
from .state import GameState, cards_in_play, evolve

FORMAT = "threethirteen-log"
SCHEMA = 3
"""The schema version this engine writes; older versions are read through ``UPCASTERS``.

Schema 3 gave the header and ``GameStarted`` the ``seat_count`` (2 to 8) and the ``decks``;
schema 2 (engine 0.2) gave ``GameStarted`` its ``commitment`` and ``salt`` (a shared
table's promise of a fair deal, :mod:`core.fairness`); schema 1 had neither."""


def _schema_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    """A schema-1 game was never committed to its seed: its ``GameStarted`` says so."""
    if data.get("type") == "GameStarted":
        return {**data, "commitment": None, "salt": None}
    return data


def _schema_2_to_3(data: dict[str, Any]) -> dict[str, Any]:
    """Before schema 3 every game had four seats and two decks."""
    if data.get("type") == "GameStarted":
        return {**data, "seat_count": 4, "decks": 2}
    return data


UPCASTERS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _schema_1_to_2,
    2: _schema_2_to_3,
}
"""``UPCASTERS[n]`` turns one event object of schema ``n`` into schema ``n + 1``."""

_REQUIRED: dict[str, tuple[str, ...]] = {
    "GameStarted": ("seat_count", "decks", "commitment", "salt")
}
"""Fields a current log writes always, even as ``null``: one missing means a damaged line
(or an old one whose header claims the current schema)."""

_EVENT_BY_NAME: dict[str, type[Event]] = {cls.__name__: cls for cls in EVENT_TYPES}

"""The longest line read, in characters: a deal with four jokers is under 2,000."""


def _strict(kind: type) -> Callable[[object, type], object]:
    def structure(value: object, _: type) -> object:
        # JSON has no difference between 1 and True for Python's isinstance; be exact.
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}, found {type(value).__name__}")
        return value

    return structure


def _structure_card(value: object, _: type) -> Card:
    if not isinstance(value, str):
        raise TypeError(f"expected a card, found {type(value).__name__}")
    try:
        return parse_card(value)
    except InvalidCommandError as error:
        raise ValueError(str(error)) from None


_RANK_BY_SYMBOL = {rank.symbol: rank for rank in Rank}


def _structure_rank(value: object, _: type) -> Rank:
    if not isinstance(value, str) or value not in _RANK_BY_SYMBOL:
        raise ValueError(f"{value!r} is not a rank (A, 2 … 10, J, Q, K)")
    return _RANK_BY_SYMBOL[value]


def _make_converter() -> cattrs.Converter:
    converter = cattrs.Converter(forbid_extra_keys=True)
    converter.register_unstructure_hook(Card, str)
    converter.register_structure_hook(Card, _structure_card)
    converter.register_unstructure_hook(Rank, lambda rank: rank.symbol)
    converter.register_structure_hook(Rank, _structure_rank)
    for kind in (int, bool, str):
        converter.register_structure_hook(kind, _strict(kind))
    # The str hook above would also catch the str-valued enums: give them their own.
    for enum_type in (DrawSource, RoundEnd, Assistance):
        converter.register_structure_hook(enum_type, _structure_enum)
    return converter


def _structure_enum(value: object, kind: type[enum.Enum]) -> enum.Enum:
    if not isinstance(value, str):
        raise TypeError(f"expected a string, found {type(value).__name__}")
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(repr(member.value) for member in kind)
        raise ValueError(f"{value!r} is not one of {choices}") from None


_converter = _make_converter()


def log_converter() -> cattrs.Converter:
    """A copy of the log's converter: what turns the game's records into JSON and back,
    strictly (cards as ``7♥``, ranks, enums by value), for a codec of its own to extend."""
    return _converter.copy()


def event_to_dict(event: Event) -> dict[str, Any]:
    """The JSON object of one event, without its ``seq``."""
    data: dict[str, Any] = {"type": type(event).__name__}
    data.update(_converter.unstructure(event))
    return data


def header_dict(started: GameStarted) -> dict[str, Any]:
    """The header object: what the file is, and how the game started."""
    return {
        "format": FORMAT,
        "schema": SCHEMA,
        "engine": __version__,
        "seed": started.seed,
        "options": _converter.unstructure(started.options),
        "seat_count": started.seat_count,
        "decks": started.decks,
        "seats": list(started.seats),
        "players": list(started.players),
    }


def _dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(", ", ": "))


def header_line(started: GameStarted) -> str:
    """Line 1 of a log, with its newline."""
    return _dumps(header_dict(started)) + "\n"


def event_line(seq: int, event: Event) -> str:
    """The line of event number ``seq`` (1-based), with its newline."""
    return _dumps({"seq": seq, **event_to_dict(event)}) + "\n"


def encode_log(events: Iterable[Event]) -> str:
    """A whole log as text: the header then one line per event."""
    events = tuple(events)
    if not events or not isinstance(events[0], GameStarted):
        raise ValueError("a log starts with GameStarted")
    return header_line(events[0]) + "".join(
        event_line(seq, event) for seq, event in enumerate(events, start=1)
    )


@frozen
class GameLog:
    """A log read back: its header, its events and the state they fold into."""

    header: dict[str, Any]
    events: tuple[Event, ...]
    state: GameState


class TruncatedLogError(LogFormatError):
    """The last line was cut off mid-write; ``prefix`` holds every complete event before it."""

    def __init__(self, line: int, prefix: GameLog) -> None:
        super().__init__("log_truncated", line=line)
        self.prefix = prefix


def read_log(text: str) -> GameLog:
    """Read and validate a whole log; raise ``LogFormatError`` at the first problem.

    A last line cut off mid-write raises :class:`TruncatedLogError`, which
    carries the complete prefix so a front end can offer it.
    """
    lines = text.split("\n")
    ends_cleanly = lines[-1] == ""
    if ends_cleanly:
        lines.pop()
    if not lines or not any(line.strip() for line in lines):
        raise LogFormatError("log_empty", line=1)
    header = _parse_header(lines[0])
    events: list[Event] = []
    state = GameState()
    for number, line in enumerate(lines[1:], start=2):
        is_last = number == len(lines)
        try:
            _check_length(line, number)
            data = _parse_object(line, number)
        except LogFormatError:
            if is_last and not ends_cleanly:
                raise TruncatedLogError(number, GameLog(header, tuple(events), state)) from None
            raise
        data = _upcast(data, header["schema"])
        seats = None if state.started is None else state.started.seat_count
        event = _parse_event(data, number, expected_seq=len(events) + 1, seats=seats)
        if isinstance(event, AssistanceUsed) and not records_help(state, event.seat, event.help):
            raise LogFormatError("log_too_much_help", line=number, limit=MAX_HELPS)
        state = _apply(state, event, number)
        if not events:
            _check_header_matches(header, event, number)
        events.append(event)
    if not events:
        raise LogFormatError("log_no_events", line=2)
    return GameLog(header, tuple(events), state)


def _upcast(data: dict[str, Any], schema: int) -> dict[str, Any]:
    """Bring one event object from ``schema`` up to the current :data:`SCHEMA`."""
    for version in range(schema, SCHEMA):
        data = UPCASTERS[version](data)
    return data


def _parse_object(line: str, number: int) -> dict[str, Any]:
    try:
        data = json.loads(line)
    except (ValueError, RecursionError) as error:  # JSONDecodeError is a ValueError
        detail = error.msg if isinstance(error, json.JSONDecodeError) else str(error)
        raise LogFormatError("log_not_json", line=number, detail=detail) from None
    if not isinstance(data, dict):
        raise LogFormatError("log_not_object", line=number, found=type(data).__name__)
    return data


def _check_length(line: str, number: int) -> None:
    if len(line) > MAX_LINE:
        raise LogFormatError("log_line_too_long", line=number, length=len(line), limit=MAX_LINE)


def _parse_header(line: str) -> dict[str, Any]:
    _check_length(line, 1)
    header = _parse_object(line.lstrip("\ufeff"), 1)
    if header.get("format") != FORMAT:
        raise LogFormatError("log_foreign", line=1, found=header.get("format"))
    schema = header.get("schema")
    if type(schema) is not int or schema < 1:
        raise LogFormatError("log_bad_schema", line=1, found=schema)
    if schema > SCHEMA:
        raise LogFormatError("log_newer", line=1, found=schema, supported=SCHEMA)
    engine = header.get("engine", "")  # only said, never used: another program may omit it
    if not isinstance(engine, str) or len(engine) > MAX_ENGINE or LINE_BREAK.search(engine):
        shown = engine if isinstance(engine, str) else type(engine).__name__
        raise LogFormatError("log_bad_engine", line=1, found=shown, limit=MAX_ENGINE)
    if schema >= 3:  # before schema 3 the header says no count: four seats, two decks
        for field in ("seat_count", "decks"):
            problem = seat_count_problem(field, header.get(field))
            if problem is not None:
                raise LogFormatError("log_bad_header", line=1, field=field, detail=problem)
    return header


def _parse_event(data: dict[str, Any], number: int, expected_seq: int, seats: int | None) -> Event:
    seq = data.pop("seq", None)
    if seq != expected_seq or type(seq) is not int:
        raise LogFormatError("log_sequence", line=number, found=seq, expected=expected_seq)
    name = data.pop("type", None)
    cls = _EVENT_BY_NAME.get(name) if isinstance(name, str) else None
    if cls is None:
        raise LogFormatError("log_unknown_type", line=number, found=name)
    missing = [field for field in _REQUIRED.get(cls.__name__, ()) if field not in data]
    if missing:
        detail = "; ".join(f"required field {field!r} is missing" for field in missing)
        raise LogFormatError("log_bad_event", line=number, type=name, detail=detail)
    try:
        event: Event = _converter.structure(data, cls)
    except Exception as error:  # cattrs groups every field's problem in one exception
        details = (
            cattrs.transform_error(error, format_exception=_describe)
            if isinstance(error, cattrs.BaseValidationError)
            else [str(error)]
        )
        raise LogFormatError(
            "log_bad_event", line=number, type=name, detail="; ".join(details)
        ) from None
    _check_ranges(event, number, seats)
    return event


def _describe(error: BaseException, kind: type | None) -> str:
    """One field's problem in words: our own messages, else cattrs' description."""
    if isinstance(error, ValueError | TypeError) and not isinstance(
        error, cattrs.ForbiddenExtraKeysError
    ):
        return str(error)
    return format_exception(error, kind)


def _check_ranges(event: Event, number: int, seats: int | None) -> None:
    """Numbers the reducer would index with must be in range (structure, not rules):
    seats of a game of ``seats`` players (``None`` before it started: its own count)."""
    problems = range_problems(event, seats)
    if problems:
        raise LogFormatError(
            "log_bad_event", line=number, type=type(event).__name__, detail="; ".join(problems)
        )


def _check_turn(state: GameState, event: Event, number: int) -> None:
    """Whether ``event`` may happen now: who is to act, and in which order.

    Folding trusts the log; reading it does not. A stranger's log where one seat draws
    the whole stock, or a round is dealt twice, is refused here at its line, so no
    hand ever grows past the rules (the solver never sees a 77-card hand).
    """
    name = type(event).__name__
    round_ = state.round
    problem: str | None = None
    match event:
        case RoundDealt():
            expected = len(state.score_sheet) + 1
            if round_ is not None:
                problem = f"round {round_.round_no} is still in play"
            elif event.round_no != expected:
                problem = f"round {event.round_no} is dealt where round {expected} comes next"
        case CardDrawn() | CardDiscarded():
            if round_ is None:
                problem = "no round is in play"
            elif round_.went_out is not None and not round_.last_turns:
                problem = "every seat has had its last turn"
            else:
                _check_move(state, event, number)
        case PlayerWentOut() | StockRebuilt():
            if round_ is None:
                problem = "no round is in play"
            elif isinstance(event, PlayerWentOut) and round_.went_out is not None:
                problem = f"seat {round_.went_out} went out already"
            elif isinstance(event, StockRebuilt) and (
                event.round_no != round_.round_no or event.rebuild_no != round_.rebuilds + 1
            ):
                problem = f"round {round_.round_no} has had {round_.rebuilds} rebuilds"
        case RoundScored():
            if round_ is None or event.round_no != round_.round_no:
                problem = "that round is not in play"
        case GameEnded():
            if round_ is not None:
                problem = f"round {round_.round_no} is still in play"
    if problem is not None:
        raise LogFormatError("log_out_of_turn", line=number, type=name, detail=problem)


def _check_move(state: GameState, event: CardDrawn | CardDiscarded, number: int) -> None:
    """A draw or a discard is checked by the rules themselves (:func:`core.rules.check`),
    and a card drawn must be the one on top: the error is the game's own, at this line."""
    command: Draw | Discard
    if isinstance(event, CardDrawn):
        command = Draw(seat=event.seat, source=event.source)
    else:
        command = Discard(seat=event.seat, card=event.card)
    try:
        check(state, command)
    except GameError as error:
        name = type(event).__name__
        raise LogFormatError("log_illegal_move", line=number, type=name, error=error) from None
    round_ = state.round
    if isinstance(event, CardDrawn) and round_ is not None:
        from_stock = event.source == DrawSource.STOCK
        top = (round_.stock[:1] or (None,))[0] if from_stock else round_.discard_top
        if event.card != top:
            key = "log_not_stock_top" if from_stock else "log_not_discard_top"
            raise LogFormatError(key, line=number, seat=event.seat, card=event.card, top=top)


def _apply(state: GameState, event: Event, number: int) -> GameState:
    name = type(event).__name__
    if state.ended is not None:
        raise LogFormatError("log_after_end", line=number, type=name)
    if state.started is None and not isinstance(event, GameStarted):
        raise LogFormatError("log_first_event", line=number, found=name)
    if state.started is not None and isinstance(event, GameStarted):
        raise LogFormatError("log_started_twice", line=number)
    _check_turn(state, event, number)
    try:
        after = evolve(state, event)
    except (ValueError, IndexError, TypeError) as error:
        raise LogFormatError("log_does_not_apply", line=number, type=name, detail=error) from None
    if moves_cards(event) and after.round is not None and after.started is not None:
        _check_conservation(after, name, number)
    return after


def moves_cards(event: Event) -> bool:
    """Whether ``event`` may move a card, so that the reader checks the decks after it
    (help taken and the game's end move none: a log of the most help the rules allow is
    read without a look at the decks for each)."""
    return not isinstance(event, AssistanceUsed | GameEnded)


def _check_conservation(state: GameState, name: str, number: int) -> None:
    assert state.round is not None and state.started is not None
    started = state.started
    deck = sort_cards(new_deck(started.options.jokers, started.decks))
    present = cards_in_play(state.round)
    if present != deck:
        missing = _difference(deck, present)
        extra = _difference(present, deck)
        if missing and extra:
            key = "log_cards_missing_extra"
        else:
            key = "log_cards_missing" if missing else "log_cards_extra"
        raise LogFormatError(key, line=number, type=name, missing=missing, extra=extra)


def _difference(a: tuple[Card, ...], b: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards of ``a`` that ``b`` lacks, counting copies."""
    return sort_cards((Counter(a) - Counter(b)).elements())


def _check_header_matches(header: dict[str, Any], event: Event, number: int) -> None:
    assert isinstance(event, GameStarted)
    expected = header_dict(event)
    fields = ["seed", "options", "seats", "players"]
    if header["schema"] >= 3:  # an older header says no count: the upcaster's four and two
        fields[2:2] = ["seat_count", "decks"]
    for field in fields:
        if header.get(field) != expected[field]:
            raise LogFormatError(
                "log_header_mismatch",
                line=number,
                field=field,
                header=header.get(field),
                event=expected[field],
            )
