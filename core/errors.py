"""The errors the engine raises on bad input; all of them are ``ValueError``.

``InvalidCommandError`` means the input could not be read at all (a typo);
``IllegalMoveError`` means it was read but the rules forbid it now;
``LogFormatError`` means a saved log is damaged or foreign.

Each error carries a ``key`` and its typed ``params`` so that a front end can say
the same thing in another language: a seat is its ``int`` number, an action an
:class:`Action`, a card a :class:`~core.cards.Card` (``None`` for one from the stock
that nobody else has seen), a hand a tuple of cards. :data:`FIELDS` says how each
field of a sentence reads its value; ``str(error)`` is the English sentence, each
value said by :func:`english`.

>>> str(IllegalMoveError("not_your_turn", seat=1, action=Action.DISCARD, turn=2))
"Left cannot discard now: it is Top's turn"
"""

from __future__ import annotations

import enum

import attrs

from .seats import seat_name

MESSAGES: dict[str, str] = {
    # reading input
    "not_a_card": (
        "{text!r} is not a card: write a rank (A 2-10 J Q K, T for 10) and a suit "
        "(c d h s), like 7h or 10s, or jk for a joker"
    ),
    "bad_jokers": "jokers must be 0, {one} or {two} (none, one or two per deck), not {jokers}",
    "bad_decks": "a game is played with 1 to {most} decks, not {decks}",
    "bad_round": "there is no round {round_no}: a game has rounds 1 to 11",
    "bad_seat": "there is no seat {number}: seats are 0 to {last}",
    "bad_players": "a game needs 2 to 8 players, one per seat, not {count}",
    "bad_seat_count": "a game has its {count} seats, and {field} names {given}",
    "too_few_decks": (
        "{decks} decks cannot deal round 11 to {count} players and leave a stock: "
        "play with {least} or more"
    ),
    "bad_salt": "a salt is 1 to 64 lower-case hexadecimal digits",
    "bad_seat_names": (
        "a game names its {seats} seats, each in 1 to 40 printable characters, not {count}"
    ),
    # the rules
    "no_game": "no game has started yet",
    "game_started": "the game has already started",
    "game_over": "the game is over",
    "not_your_turn": "{seat} cannot {action} now: it is {turn}'s turn",
    "already_drawn": "{seat} cannot take another card: {card} was taken this turn; discard a card",
    "draw_first": (
        "{seat} cannot discard yet: take a card first (draw from the stock or take {top})"
    ),
    "empty_discard_pile": "{seat} cannot take from the discard pile: it is empty",
    "not_in_hand": "{seat} cannot discard {card}: it is not in the hand ({hand})",
    "taken_this_turn": (
        "{seat} cannot discard {card}: it was taken from the discard pile this turn; "
        "discard another card"
    ),
    "not_a_person_seat": "seat {number} is not played by a person at this table",
    "not_an_ai_seat": "seat {number} is to act, and a person plays it, not an AI",
    "not_your_seat": "seat {number} cannot act for seat {other}",
    "undo_shared_table": (
        "there is no undo at a table with other people: they have seen the move already"
    ),
    "nothing_to_undo": "there is no move of yours to take back",
    "on_autopilot": "{seat}: the AI plays these turns now (auto); auto off gives them back",
    "hint_not_your_turn": "{seat} can ask for a hint only on their own turn",
    "nothing_to_redo": "there is nothing to redo",
    "stale_command": (
        "the table moved on since you typed that: nothing was played; look at the table "
        "and type it again"
    ),
    "stacked_deck": "this game was dealt from a stacked deck: pass the same shuffler to decide",
    # players
    "policy_spec": "{spec!r} is not a player: use a level ({levels}) or module:Class",
    "policy_load": "cannot load the player {spec!r}: {detail}",
    "policy_protocol": (
        "{spec!r} is not a player: it needs choose_draw(view) and choose_discard(view)"
    ),
    "policy_bad_draw": (
        "the player {player} chose {choice!r} to draw from: only 'stock' or 'discard'"
    ),
    "policy_bad_discard": "the player {player} chose {choice!r} to discard: that is not a card",
    "policy_illegal": "the player {player} made an illegal move: {detail}",
    # reading a log
    "file_unreadable": "cannot read {path}: {detail}",
    "log_not_utf8": "the file is not UTF-8 text: it is not a saved game",
    "log_empty": "the file is empty: it is not a saved game",
    "log_not_json": "not JSON ({detail})",
    "log_not_object": "expected a JSON object, found {found}",
    "log_foreign": "this is not a Three-Thirteen game log (format {found!r})",
    "log_newer": (
        "the log was written with schema version {found}; this version reads up to {supported}: "
        "update threethirteen"
    ),
    "log_bad_schema": "schema version {found!r} is not a positive whole number",
    "log_unknown_type": "unknown event type {found!r}",
    "log_bad_event": "a {type} event is malformed: {detail}",
    "log_sequence": "event number {found} where {expected} was expected",
    "log_bad_header": "the header's {field} is wrong: {detail}",
    "log_header_mismatch": "the header says {field} = {header} but the game started with {event}",
    "log_first_event": "the first event must be GameStarted, not {found}",
    "log_no_events": "the first event must be GameStarted, not nothing",
    "log_started_twice": "the first event must be GameStarted, not a second GameStarted",
    "log_does_not_apply": "the {type} event does not fit the game at this point: {detail}",
    "log_cards_missing": (
        "after this {type} event the cards no longer add up to the deck: missing {missing}"
    ),
    "log_cards_extra": (
        "after this {type} event the cards no longer add up to the deck: extra {extra}"
    ),
    "log_cards_missing_extra": (
        "after this {type} event the cards no longer add up to the deck: "
        "missing {missing}, extra {extra}"
    ),
    "log_truncated": "the last line is cut off (the game was interrupted while saving it)",
    "log_after_end": "a {type} event comes after the game ended",
    "log_too_much_help": "help is recorded again over {limit} times in one round",
    "log_line_too_long": "the line has {length} characters; a log's lines have at most {limit}",
    "log_bad_engine": "the engine version {found!r} is not a version of at most {limit} characters",
    "log_out_of_turn": "the {type} event comes out of turn: {detail}",
    "log_against_rules": "the {type} event is not what the rules give: {problem}",
    "log_illegal_move": "the {type} event breaks the rules: {error}",
    "log_not_stock_top": "{seat} draws {card}, but the top of the stock is {top}",
    "log_not_discard_top": "{seat} takes {card}, but the top of the discard pile is {top}",
    "file_not_regular": "cannot read {path}: it is {kind}, not a saved game",
    "file_too_big": (
        "cannot read {path}: it has {size} bytes; a saved game has at most {limit} "
        "(a whole game is about 100 KB)"
    ),
    # verifying a log (core.verify): why its first wrong event is wrong
    "verify_no_start": "the log does not start with GameStarted",
    "verify_uncaused": "no move of a player causes this {type} here",
    "verify_illegal": "illegal: {error}",
    "verify_other_event": "recorded {recorded}, but the rules give {given}",
    "verify_other_value": "{type}.{field} is {recorded}, but the rules give {given}",
    "verify_events_differ": "the events differ",
    "verify_not_from_seed": "{problem} (the deal does not follow from the header's seed)",
    "verify_broken_promise": (
        "the seed and the salt do not give the commitment shown at the start: "
        "this is not the deal that was promised"
    ),
    "verify_promise_unseeded": (
        "the game promised its deal (a commitment) but says it is not dealt from its seed: "
        "the promise cannot be checked"
    ),
}


class Action(enum.Enum):
    """What a seat tried to do when it was not its turn: take a card, or discard one."""

    DRAW = "draw"
    DISCARD = "discard"


class Field(enum.Enum):
    """How a field of a sentence reads its typed value."""

    SEAT = "seat"
    """An ``int`` seat, said by its name (a ``str``, a player's own name, as it is)."""
    ACTION = "action"
    """An :class:`Action`."""
    CARD = "card"
    """A card, or ``None``: one from the stock that nobody else has seen."""
    TOP = "top"
    """The top card of the discard pile, or ``None`` when the pile is empty."""
    CARDS = "cards"
    """A tuple of cards: a hand, or the cards a damaged log lacks or has too many of."""
    VALUE = "value"
    """A value of an event, written as the log shows it: cards in the notation, a tuple in
    brackets, a record in braces, an enum by its value (``[7♥, JK]``)."""


FIELDS: dict[str, Field] = {
    "seat": Field.SEAT,
    "turn": Field.SEAT,
    "player": Field.SEAT,
    "action": Field.ACTION,
    "card": Field.CARD,
    "top": Field.TOP,
    "hand": Field.CARDS,
    "missing": Field.CARDS,
    "extra": Field.CARDS,
    "recorded": Field.VALUE,
    "given": Field.VALUE,
}
"""The fields of :data:`MESSAGES` whose values are said in words, by field name; any
other value says itself (a number, a name as typed, a file's detail)."""

WORDS: dict[str, str] = {
    "action.draw": "take a card",
    "action.discard": "discard",
    "card.unseen": "a card from the stock",
    "top.none": "nothing",
}
"""The words that say an :class:`Action` and a missing card, by the key of :func:`word`."""


def word(field: str, value: object) -> str | None:
    """The key in :data:`WORDS` of the word that says ``value`` in ``field``, if a word
    says it: ``word("action", Action.DRAW) == "action.draw"``."""
    kind = FIELDS.get(field)
    if kind is Field.ACTION and isinstance(value, Action):
        return f"action.{value.value}"
    if value is None and kind is Field.CARD:
        return "card.unseen"
    if value is None and kind is Field.TOP:
        return "top.none"
    return None


SHOWN_ITEMS = 6
"""The items of a long value a message shows (a stock of 90 cards is ``[7♥, …] (90 in all)``)."""
SHOWN_CHARACTERS = 80
"""The characters of a text from a file a message shows; the rest is cut (``…``)."""
SHOWN_VALUE = 60
"""The characters of a value of an event a message shows (a message names two of them:
the one recorded and the one the rules give), so that its line stays under 200."""
LONG_NUMBER = 10**18
"""A number from a file this large is said by its digits (``a number of 4000 digits``)."""
SHOWN_DETAIL = 120
"""The characters of a detail (a sentence of ours that may quote the file) a message shows."""


def _capped(value: object, limit: int = SHOWN_CHARACTERS) -> object:
    """A text from a file cut to ``limit`` characters, so that a message stays one line."""
    if isinstance(value, str) and len(value) > limit:
        return value[:limit] + "…"
    return value


def english(field: str, value: object) -> object:
    """``value`` as the English sentence says it in ``field``: a seat by its name
    (``Left``), a card in the notation (``7♥``), a hand as its cards (``7♥ 10♠ JK``)."""
    key = word(field, value)
    if key is not None:
        return WORDS[key]
    kind = FIELDS.get(field)
    if kind is Field.SEAT and isinstance(value, int):
        return seat_name(value)
    if kind is Field.CARDS and isinstance(value, tuple):
        return " ".join(map(str, value))  # the cards in the notation, as format_cards does
    if kind is Field.VALUE:  # a value from a file, however long, is said in a few words
        return _capped(_shown(value), SHOWN_VALUE)
    if field == "path":
        return value  # the player's own path, said whole
    # a detail is a sentence of ours that may quote the file (a key, a card): longer
    return _capped(value, SHOWN_DETAIL) if field == "detail" else _capped(value)


def _shown(value: object) -> str:
    """A value of an event as the log shows it (see :attr:`Field.VALUE`)."""
    if isinstance(value, tuple):
        if len(value) > SHOWN_ITEMS:
            first = ", ".join(_shown(v) for v in value[:SHOWN_ITEMS])
            return f"[{first}, …] ({len(value)} in all)"
        return "[" + ", ".join(_shown(v) for v in value) + "]"
    if isinstance(value, str):
        return str(_capped(value))
    if isinstance(value, int) and not -LONG_NUMBER < value < LONG_NUMBER:
        return f"a number of {len(str(abs(value)))} digits"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if type(value).__str__ is not object.__str__:
        return str(value)  # a value with a notation of its own: a card
    if attrs.has(type(value)):
        fields = attrs.asdict(value, recurse=False)  # type: ignore[arg-type]
        return "{" + ", ".join(f"{name}: {_shown(v)}" for name, v in fields.items()) + "}"
    return str(getattr(value, "value", value))


class GameError(ValueError):
    """Base of every error the engine raises on bad input."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        said = {field: english(field, value) for field, value in params.items()}
        super().__init__(MESSAGES[key].format(**said))


class InvalidCommandError(GameError):
    """The input is not a card, a command or an option this game knows."""


class IllegalMoveError(GameError):
    """The command is well formed but the rules do not allow it now."""


class VerificationError(GameError):
    """A log that reads well but that the rules do not produce: why its first wrong event
    is wrong (:func:`core.verify.verify_events` keeps it in its verdict)."""


class LogFormatError(GameError):
    """A game log cannot be read; ``line`` is the 1-based line at fault, if known."""

    def __init__(self, key: str, *, line: int | None = None, **params: object) -> None:
        super().__init__(key, **params)
        self.line = line
        self.reason = str(self.args[0])
        if line is not None:
            self.args = (f"line {line}: {self.reason}",)
