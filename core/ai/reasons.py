"""One-line reasons for AI choices, in the game's words (for hints and replays).

A reason is an action, then ``": "`` and the clauses that explain it, joined by
``", "``: ``discard K♠: leaves 12, keeps 5♥ 6♥ open, 3 outs unseen``. Every
action and clause is a template in :data:`CLAUSES`, rendered by :func:`clause`
and read back by :func:`parse_reason`, so the player's language can say the same
reason in its own words (the log keeps the English line).

>>> text = reason(clause("discard", card="K♠"), clause("leaves", left=12), clause("out_one"))
>>> text
'discard K♠: leaves 12, 1 out unseen'
>>> parse_reason(text)
[('discard', {'card': 'K♠'}), ('leaves', {'left': '12'}), ('out_one', {})]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from string import Formatter

from ..cards import CARDS_BY_CODE, JOKER_CODE, card_from_code
from .hands import Codes, RoundFacts

ACTION_SEPARATOR = ": "
CLAUSE_SEPARATOR = ", "
GROUP_SEPARATOR = " and "
"""Between the groups of cards of a clause (``keeps 4♥ 4♥ and 9♠ 10♠ open``); the cards
of a group are separated by spaces, as everywhere else."""

CLAUSES: dict[str, str] = {
    # the actions a reason starts with
    "stock": "draw from the stock",
    "take": "take {card}",
    "discard": "discard {card}",
    # why
    "pile_empty": "the discard pile is empty",
    "lowers": "lowers the penalty from {now} to {after}",
    "would_not_lower": "{card} would not lower the penalty of {now}",
    "goes_out": "that goes out",
    "leaves": "leaves {left}",
    "leaves_expected": "leaves {left} (expected {expected})",
    "would_leave": "{card} would leave {left}",
    "stock_average": "a stock card would leave {stock} on average",
    "keeps_open": "keeps {groups} open",
    "outs": "{outs} outs unseen",
    "out_one": "1 out unseen",
    "dumping": "dumping points: the round is ending",
    "last_turn": "last turn",
    "last_dumping": "last turn: dumping points",
    "expects_end": "expects {expected} by the end of the round",
    "expects_against": "expects {expected} by the end of the round against {stock} from the stock",
    "would_leave_expect": "{card} would leave {left} and expect {expected}",
    # whole reasons as the logs of earlier versions wrote them (the shipped games among them)
    "older_expected": "draw from the stock: expected {expected}; {card} would leave {left}",
    "older_expects": "draw from the stock: expects {expected} by the end of the round; "
    "{card} would leave {left} and expect {guess}",
    "older_goes_out": "discard {card} and go out",
    "older_last_stock": "last turn: draw from the stock, {stock} on average ({card} leaves {left})",
    "older_last_take": "last turn: take {card}, leaves {left} (a stock card: {stock} on average)",
}
"""Every action and clause of a reason, in English, by a key that stays put."""

WHOLE = frozenset(key for key in CLAUSES if key.startswith("older_"))
"""The keys of :data:`CLAUSES` that are a whole reason, read before any other."""

ACTIONS = frozenset({"stock", "take", "discard"})
"""The keys of :data:`CLAUSES` that are actions: a reason starts with one."""

CARD = "card"
GROUPS = "groups"
INTEGER = "integer"
DECIMAL = "decimal"
NUMBER = "number"
"""A whole number or a decimal, as an earlier version printed it (``7``, ``7.5``, ``7.``)."""

FIELDS: dict[str, str] = {
    "card": CARD,
    "groups": GROUPS,
    "left": INTEGER,
    "now": INTEGER,
    "after": INTEGER,
    "outs": INTEGER,
    "expected": DECIMAL,
    "stock": DECIMAL,
    "guess": NUMBER,
}
"""The kind of each field in the templates: a card, groups of cards, a whole number, or a
number with one decimal (``7.5``; German says ``7,5``)."""

_ONE_CARD = "|".join(
    re.escape(text) for text in sorted({str(card) for card in CARDS_BY_CODE}, key=len, reverse=True)
)
_PATTERNS = {
    CARD: f"(?:{_ONE_CARD})",
    # cards joined by spaces, groups by " and "; logs written before that ran each
    # group's cards together and put a space between groups (``5♥6♥ 9♣9♦``)
    GROUPS: f"(?:{_ONE_CARD})+(?:(?:{re.escape(GROUP_SEPARATOR)}| )(?:{_ONE_CARD})+)*",
    INTEGER: r"-?\d+",
    DECIMAL: r"-?\d+\.\d",
    NUMBER: r"-?\d+(?:\.\d*)?",
}


_CARDS = re.compile(_ONE_CARD)


def read_groups(text: str) -> list[tuple[str, ...]]:
    """The groups of cards of a ``groups`` field, each as its cards.

    >>> read_groups("4♥ 4♥ and 9♠ 10♠")
    [('4♥', '4♥'), ('9♠', '10♠')]
    >>> read_groups("5♥6♥ 9♣9♦")  # as older logs wrote them
    [('5♥', '6♥'), ('9♣', '9♦')]
    """
    words = text.split(" ")
    if GROUP_SEPARATOR not in text and any(len(_CARDS.findall(word)) > 1 for word in words):
        return [tuple(_CARDS.findall(word)) for word in words]
    return [tuple(group.split(" ")) for group in text.split(GROUP_SEPARATOR)]


def template_fields(template: str) -> list[str]:
    """The fields of a template, in order: ``["card", "left"]``."""
    return [field for _, field, _, _ in Formatter().parse(template) if field is not None]


def _pattern(template: str) -> re.Pattern[str]:
    """A template as a regular expression, each field a named group of its kind."""
    parts: list[str] = []
    for literal, field, _, _ in Formatter().parse(template):
        parts.append(re.escape(literal))
        if field is not None:
            parts.append(f"(?P<{field}>{_PATTERNS[FIELDS[field]]})")
    return re.compile("".join(parts))


_READERS: dict[str, re.Pattern[str]] = {
    key: _pattern(template) for key, template in CLAUSES.items()
}


def clause(key: str, **params: str | int | float) -> str:
    """One action or clause in English: ``clause("leaves", left=12) == "leaves 12"``.

    Cards are given as text (:func:`name`); decimals are printed with one decimal.
    """
    text = {
        field: f"{value:.1f}" if FIELDS[field] == DECIMAL and not isinstance(value, str) else value
        for field, value in params.items()
    }
    return CLAUSES[key].format(**text)


def reason(action: str, *clauses: str) -> str:
    """An action and the clauses that explain it (empty ones left out), as one line."""
    said = CLAUSE_SEPARATOR.join(part for part in clauses if part)
    return f"{action}{ACTION_SEPARATOR}{said}" if said else action


def _read(text: str, keys: Iterable[str]) -> tuple[str, dict[str, str]] | None:
    for key in keys:
        match = _READERS[key].fullmatch(text)
        if match is not None:
            return key, match.groupdict()
    return None


def parse_reason(text: str) -> list[tuple[str, dict[str, str]]] | None:
    """The action and clauses of a reason, each as (key, fields as written), or None when
    the line is not one of these reasons (a reason of another program's player)."""
    whole = _read(text, WHOLE)
    if whole is not None:
        return [whole]
    action, separator, rest = text.partition(ACTION_SEPARATOR)
    first = _read(action, ACTIONS)
    if first is None:
        return None
    parsed = [first]
    if separator:
        for part in rest.split(CLAUSE_SEPARATOR):
            found = _read(part, (key for key in CLAUSES if key not in ACTIONS | WHOLE))
            if found is None:
                return None
            parsed.append(found)
    return parsed


def name(code: int) -> str:
    """A card in the notation: ``K♠``."""
    return str(card_from_code(code))


def names(codes: Iterable[int]) -> str:
    """Cards in the notation, separated by spaces: ``4♥ 4♥``."""
    return " ".join(name(code) for code in codes)


def open_groups(table: RoundFacts, leave: Codes, limit: int = 2) -> list[str]:
    """Loose pairs of ``leave`` that one more card would meld: same rank, or suited and close."""
    loose = [code for code in leave if code != JOKER_CODE and not table.is_wild(code)]
    groups: list[str] = []
    used: set[int] = set()
    for i, a in enumerate(loose):
        for b in loose[i + 1 :]:
            if a in used or b in used:
                continue
            same_rank = a % 13 == b % 13
            close = a // 13 == b // 13 and 0 < abs(a - b) <= 2
            if same_rank or close:
                groups.append(names((a, b)))
                used.update((a, b))
    return groups[:limit]


def discard_reason(
    code: int,
    left: int,
    *,
    outs: float | None = None,
    groups: Sequence[str] = (),
    note: str = "",
) -> str:
    """``discard K♠: leaves 12, keeps 5♥ 6♥ open, 3 outs unseen``, then ``note`` (a
    :func:`clause`, such as ``clause("expects_end", expected=7.5)``)."""
    action = clause("discard", card=name(code))
    if left == 0:
        return reason(action, clause("goes_out"))
    parts = [clause("leaves", left=left)]
    if groups:
        parts.append(clause("keeps_open", groups=GROUP_SEPARATOR.join(groups)))
    if outs is not None:
        count = round(outs)
        parts.append(clause("out_one") if count == 1 else clause("outs", outs=count))
    return reason(action, *parts, note)
