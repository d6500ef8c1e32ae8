"""The machinery of the game's languages: looking a sentence up and filling it in.

The words are in :mod:`repl.words` (one module per language). :class:`Texts` looks a key
up in the active language, falling back to English. Engine errors carry a ``key`` and
``params`` (:class:`core.errors.GameError`); :meth:`Texts.error` says them in the active
language, falling back to the engine's English sentence for a key that has no
translation; :meth:`Texts.reason` does the same for the AI's recorded reasons.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from ...core import errors
from ...core.ai.reasons import (
    ACTION_SEPARATOR,
    CLAUSE_SEPARATOR,
    DECIMAL,
    FIELDS,
    GROUPS,
    NUMBER,
    WHOLE,
    parse_reason,
    read_groups,
    reason,
)
from ...core.cards import Card, Rank
from ...core.errors import GameError, LogFormatError
from ...core.seats import DEFAULT_SEATS, seat_name
from ...core.verify import Verdict
from . import de, en
from .cardwords import shown_card, shown_cards, shown_rank

LANGUAGES = ("en", "de")


class Texts:
    """The sentences of one language: ``texts("msg.seed", seed=7)``."""

    def __init__(self, lang: str = "en", seats: int = DEFAULT_SEATS) -> None:
        self.lang = lang if lang in LANGUAGES else "en"
        self.seat_count = seats
        """Players at the table whose seats this names (a front reads it from the view)."""
        german = self.lang == "de"
        self._seat_names = de.SEAT_NAMES if german else en.SEAT_NAMES
        self._table = de.TEXTS if german else en.TEXTS
        # English too is said from the templates, so that a seat is named as this table
        # names it (a shared table's player by name), not as the engine's four seats
        self._errors = de.ERRORS if german else errors.MESSAGES
        self._words = de.ERROR_WORDS if german else errors.WORDS
        self._reasons = de.REASONS if german else en.REASONS
        # the keys that answer yes to a question: y (German j, and y from habit)
        self.yes_keys = de.YES_KEYS if german else en.YES_KEYS

    def __call__(self, key: str, **params: object) -> str:
        """The sentence ``key`` with its blanks filled; in German a parameter ``x_de``
        fills ``x`` (the grammar gives usages and choices in both languages). A card in
        it is written as this language shows cards (:meth:`card`)."""
        template = self._table.get(key) or en.TEXTS[key]
        if not params:
            return template
        if self.lang == "de":
            params |= {name[:-3]: value for name, value in params.items() if name.endswith("_de")}
        return shown_cards(template.format(**params), self.lang)

    def card(self, card: Card) -> str:
        """A card as this language shows it: ``Q♥``, in German ``D♥`` (Dame)."""
        return shown_card(card, self.lang)

    def rank(self, rank: Rank) -> str:
        """A rank as this language shows it: ``J``, in German ``B`` (Bube)."""
        return shown_rank(rank, self.lang)

    def cards_in(self, text: str) -> str:
        """``text`` (an AI's reason, a line of the engine) with its cards as this language
        shows them."""
        return shown_cards(text, self.lang)

    def has(self, key: str) -> bool:
        """Whether ``key`` is a sentence of this game (in any language)."""
        return key in en.TEXTS

    def level(self, level: str) -> str:
        """An AI level as this language says it (``stark``); one it has no word for (a
        bot's own name) as it is."""
        key = f"level.{level}"
        return self(key) if self.has(key) else level

    def seat(self, seat: int) -> str:
        """A seat's name: You, Left, Top, Right (Du, Links, Oben, Rechts) at four; at another
        table, where it sits (:data:`repl.words.en.SEAT_NAMES`)."""
        names = self._seat_names.get(self.seat_count)
        if self.seat_count == DEFAULT_SEATS or names is None or not 0 <= seat < len(names):
            return self(f"seat.{seat}")
        return names[seat]

    def player(self, kind: str) -> str:
        """Who plays a seat, in this language: an AI's level (``hard``: stark), ``human``;
        another program's player (``module:Class``) as the log names it."""
        key = f"player.{kind}"
        return self(key) if self.has(key) else kind

    def place(self, seat: int) -> str:
        """Where a seat is, seen from yours: You, Left, Top, Right (where seats have names of
        their own, this still says where they sit)."""
        return self.seat(seat)

    def join(self, names: list[str]) -> str:
        """``a, b and c``."""
        if len(names) <= 1:
            return "".join(names)
        return ", ".join(names[:-1]) + self("and") + names[-1]

    def reason(self, text: str, *, action: bool = True) -> str:
        """An AI's recorded reason in this language, without the action it starts with
        (``discard 9♣: …``) when that is said on its own. A reason of another program's
        player keeps its words (its cards as this language shows them)."""
        return self.cards_in(self._reason(text, action=action))

    def _reason(self, text: str, *, action: bool) -> str:
        parsed = parse_reason(text)
        if parsed is None:
            head, colon, rest = text.partition(ACTION_SEPARATOR)
            acts = colon and head.split(" ")[0] in ("draw", "take", "discard")
            return rest if acts and not action else text
        first, *clauses = [
            self._reasons[key].format(**{field: self._field(field, v) for field, v in p.items()})
            for key, p in parsed
        ]
        if parsed[0][0] in WHOLE:  # an older whole reason: said as it is
            return first
        return reason(first, *clauses) if action else CLAUSE_SEPARATOR.join(clauses)

    def plain_reason(self, text: str, said: frozenset[str]) -> str:
        """The clauses of an AI's reason that a beginner reads without numbers to weigh
        (those with a key in ``said``, each in the words of ``learn.why.KEY``), joined;
        empty when it has none."""
        parsed = parse_reason(text)
        if parsed is None:
            return ""
        clauses = [
            self(f"learn.why.{key}", **{field: self._field(field, v) for field, v in p.items()})
            for key, p in parsed
            if key in said
        ]
        return self.cards_in(CLAUSE_SEPARATOR.join(clauses))

    def _field(self, field: str, value: str) -> str:
        """A field of a reason as this language writes it: a decimal comma in German
        (``7,5``), groups of cards spaced and joined by its ``and``."""
        if FIELDS[field] == GROUPS:
            return self.join([" ".join(group) for group in read_groups(value)])
        german = self.lang == "de" and FIELDS[field] in (DECIMAL, NUMBER)
        return value.rstrip(".").replace(".", ",") if german else value

    def error(self, error: GameError) -> str:
        """An engine error in this language (the engine's English when no translation exists)."""
        said = self.cards_in(self._error_reason(error))
        if isinstance(error, LogFormatError) and error.line is not None:
            return self("error.at_line", line=error.line, error=said)
        return said

    def _error_reason(self, error: GameError) -> str:
        template = self._errors.get(error.key)
        if template is None:
            return error.reason if isinstance(error, LogFormatError) else str(error)
        params = {key: self._param(key, value) for key, value in error.params.items()}
        try:
            return template.format(**params)
        except (KeyError, IndexError, ValueError):
            return str(error)

    def verdict(self, verdict: Verdict) -> str:
        """One line about a verified log: ``ok: seed 7, 412 events, …``, or the first bad
        line and why."""
        if not verdict.ok:
            problem = "" if verdict.problem is None else self.error(verdict.problem)
            return self("error.at_line", line=verdict.line, error=problem)
        state = verdict.state
        started = state.started
        assert started is not None
        said = {"seed": started.seed, "n": verdict.events}
        # what could not be checked is said too: a deal not from the seed is taken on trust
        unchecked = "" if started.seeded else self("verify.unseeded")
        totals = "/".join(str(total) for total in state.totals)
        round_no = state.round.round_no if state.round else len(state.score_sheet)
        if not verdict.complete:
            return self("verify.mid_move", **said, round=round_no) + unchecked
        if state.ended is not None:
            winner = state.ended.winner
            if winner is None:
                result = self("verify.nobody")
            else:  # a seat of another program's log keeps its own name
                own = started.seats[winner]
                default = seat_name(winner, started.seat_count)
                if own == default and winner == 0:  # "you win", not "You wins"
                    result = self("verify.you_win")
                else:
                    at_table = Texts(self.lang, seats=started.seat_count)
                    seat = at_table.seat(winner) if own == default else own
                    result = self("verify.winner", seat=seat)
            return self("verify.over", **said, totals=totals, result=result) + unchecked
        return self("verify.open", **said, round=round_no, totals=totals) + unchecked

    def _param(self, field: str, value: object) -> object:
        """A typed parameter of an engine error as this language says it: a seat by its
        name, an action or a missing card in this language's words, an error inside the
        error in this language too; anything else as the engine says it."""
        if isinstance(value, GameError):
            return self.error(value)
        key = errors.word(field, value)
        if key is not None:
            return self._words[key]
        if errors.FIELDS.get(field) is errors.Field.SEAT and isinstance(value, int):
            return self.seat(value)
        return errors.english(field, value)


class NamedTexts(Texts):
    """The words of a game whose seats have names of their own (a shared table's log): each
    seat is called by its name, nobody is "you"."""

    def __init__(self, lang: str, names: tuple[str, ...]) -> None:
        super().__init__(lang, seats=len(names))
        # names come from a file: one that could start a line or turn the text is shown
        # with ``?`` for each such character
        self.names = tuple("".join(c if c.isprintable() else "?" for c in n) for n in names)

    def seat(self, seat: int) -> str:
        return self.names[seat]

    def place(self, seat: int) -> str:
        return str(seat + 1)


def sentence(text: str) -> str:
    """Engine messages start in lower case; a message on its own starts with a capital."""
    return text[:1].upper() + text[1:]


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """``de`` when the locale (LC_ALL, LC_MESSAGES, LANG, LANGUAGE) says German, else ``en``."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(name, "")
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"
