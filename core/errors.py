"""The errors the engine raises on bad input; all of them are ``ValueError``.

``InvalidCommandError`` means the input could not be read at all (a typo);
``IllegalMoveError`` means it was read but the rules forbid it now;
``LogFormatError`` means a saved log is damaged or foreign.

Each error carries a ``key`` and its ``params`` so that a front end can say the
same thing in another language; ``str(error)`` is the English sentence.
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # reading input
    "not_a_card": (
        "{text!r} is not a card: write a rank (A 2-10 J Q K, T for 10) and a suit "
        "(c d h s), like 7h or 10s, or jk for a joker"
    ),
    "bad_jokers": "jokers must be 0, 2 or 4, not {jokers}",
    "bad_round": "there is no round {round_no}: a game has rounds 1 to 11",
    "bad_seat": "there is no seat {seat}: seats are 0 (You) to 3 (Right)",
    "bad_players": "a game needs 4 players, one per seat, not {count}",
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
    "not_a_person_seat": "seat {seat} is not played by a person at this table",
    "not_an_ai_seat": "seat {seat} is to act, and a person plays it, not an AI",
    "not_your_seat": "seat {seat} cannot act for seat {other}",
    "undo_shared_table": (
        "there is no undo at a table with other people: they have seen the move already"
    ),
    "nothing_to_undo": "there is no move of yours to take back",
    "nothing_to_redo": "there is nothing to redo",
    "stacked_deck": "this game was dealt from a stacked deck: pass the same shuffler to decide",
    # players
    "policy_spec": "{spec!r} is not a player: use a level ({levels}) or module:Class",
    "policy_load": "cannot load the player {spec!r}: {detail}",
    "policy_protocol": (
        "{spec!r} is not a player: it needs choose_draw(view) and choose_discard(view)"
    ),
    "policy_bad_draw": "the player {name} chose {choice!r} to draw from: only 'stock' or 'discard'",
    "policy_bad_discard": "the player {name} chose {choice!r} to discard: that is not a card",
    "policy_illegal": "the player {name} made an illegal move: {detail}",
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
    "log_header_mismatch": "the header says {field} = {header} but the game started with {event}",
    "log_first_event": "the first event must be GameStarted, not {found}",
    "log_does_not_apply": "the {type} event does not fit the game at this point: {detail}",
    "log_conservation": "after this {type} event the cards no longer add up to the deck: {detail}",
    "log_truncated": "the last line is cut off (the game was interrupted while saving it)",
    "log_after_end": "a {type} event comes after the game ended",
}


class GameError(ValueError):
    """Base of every error the engine raises on bad input."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(MESSAGES[key].format(**params))


class InvalidCommandError(GameError):
    """The input is not a card, a command or an option this game knows."""


class IllegalMoveError(GameError):
    """The command is well formed but the rules do not allow it now."""


class LogFormatError(GameError):
    """A game log cannot be read; ``line`` is the 1-based line at fault, if known."""

    def __init__(self, key: str, *, line: int | None = None, **params: object) -> None:
        super().__init__(key, **params)
        self.line = line
        self.reason = str(self.args[0])
        if line is not None:
            self.args = (f"line {line}: {self.reason}",)
