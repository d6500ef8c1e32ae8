"""The one grammar of the commands: names, short forms, arguments, and the parser.

The completer, the validator, ``help`` and the loop all read :data:`COMMANDS`;
:func:`parse` turns a line into a :class:`Parsed` command or raises
:class:`UsageError` (which carries a message key for :mod:`repl.i18n`).

>>> parse("x 7h").name, str(parse("x 7h").card)
('discard', '7♥')
>>> parse("auto r").choice, parse("Ts").name
('round', 'discard')
"""

from __future__ import annotations

import difflib
import enum
import re

from attrs import frozen

from core.cards import Card, parse_card


class Arg(enum.Enum):
    """What a command takes after its name."""

    NONE = "none"
    CARD = "card"
    CHOICE = "choice"
    PATH = "path"
    COMMAND = "command"
    NUMBER = "number"


@frozen
class Choice:
    """One word a command accepts, by its canonical name and its German name."""

    name: str
    de: str


@frozen(kw_only=True)
class Spec:
    """A command: its English name, short forms, German names and its argument."""

    name: str
    short: tuple[str, ...] = ()
    de: tuple[str, ...] = ()
    arg: Arg = Arg.NONE
    required: bool = False
    choices: tuple[Choice, ...] = ()
    usage: str = ""

    def names(self, lang: str = "en") -> tuple[str, ...]:
        """Every word that names this command, the language's own first."""
        own = (*self.de, self.name) if lang == "de" and self.de else (self.name, *self.de)
        return (*own, *self.short)

    def title(self, lang: str = "en") -> str:
        """The name shown in help and completion for ``lang``."""
        return self.de[0] if lang == "de" and self.de else self.name


_SORTS = (Choice("suit", "farbe"), Choice("rank", "rang"), Choice("melds", "meldungen"))
_AUTO = (Choice("turn", "zug"), Choice("round", "runde"), Choice("game", "spiel"))
SPEEDS = (
    Choice("instant", "sofort"),
    Choice("fast", "schnell"),
    Choice("normal", "normal"),
    Choice("step", "schritt"),
)

COMMANDS: tuple[Spec, ...] = (
    Spec(name="draw", short=("d",), de=("ziehen",)),
    Spec(name="take", short=("t",), de=("nehmen",)),
    Spec(
        name="discard",
        short=("x",),
        de=("ablegen",),
        arg=Arg.CARD,
        required=True,
        usage="discard CARD",
    ),
    Spec(
        name="sort",
        short=("s",),
        de=("sortieren",),
        arg=Arg.CHOICE,
        choices=_SORTS,
        usage="sort [HOW]",
    ),
    Spec(name="melds", short=("m",), de=("meldungen",)),
    Spec(name="hint", de=("tipp",)),
    Spec(name="auto", arg=Arg.CHOICE, choices=_AUTO, usage="auto [SCOPE]"),
    Spec(name="undo", short=("u",), de=("zurück", "zurueck")),
    Spec(name="redo", short=("r",), de=("wieder",)),
    Spec(name="score", short=("sc",), de=("punkte",)),
    Spec(name="log", short=("l",), de=("protokoll",), arg=Arg.NUMBER, usage="log [N]"),
    Spec(name="rules", de=("regeln",)),
    Spec(name="new", short=("n",), de=("neu",), arg=Arg.NUMBER, usage="new [SEED]"),
    Spec(name="save", de=("speichern",), arg=Arg.PATH, usage="save [FILE]"),
    Spec(name="load", de=("laden",), arg=Arg.PATH, required=True, usage="load FILE"),
    Spec(name="seed"),
    Spec(
        name="speed",
        short=("sp",),
        de=("tempo",),
        arg=Arg.CHOICE,
        choices=SPEEDS,
        usage="speed [SPEED]",
    ),
    Spec(name="stats", short=("st",), de=("statistik",)),
    Spec(name="help", short=("h", "?"), de=("hilfe",), arg=Arg.COMMAND, usage="help [COMMAND]"),
    Spec(name="quit", short=("q", "exit"), de=("ende", "beenden")),
)
"""Every command, in the order ``help`` lists them."""

_BY_WORD: dict[str, Spec] = {word: spec for spec in COMMANDS for word in spec.names("de")}
_BY_WORD.update({word: spec for spec in COMMANDS for word in spec.names("en")})
MOVES = frozenset({"draw", "take", "discard"})
"""The commands that are moves of the game."""


def lookup(word: str) -> Spec | None:
    """The command named by ``word`` (any language, any short form), if there is one."""
    return _BY_WORD.get(word.lower())


def command_words() -> tuple[str, ...]:
    """Every word that names a command."""
    return tuple(_BY_WORD)


@frozen(kw_only=True)
class Parsed:
    """A line read as a command: the spec, and its argument in typed form."""

    spec: Spec
    card: Card | None = None
    choice: str | None = None
    path: str | None = None
    number: int | None = None
    topic: Spec | None = None

    @property
    def name(self) -> str:
        return self.spec.name


class UsageError(ValueError):
    """A line that is not a command; ``key`` and ``params`` say why (see :mod:`repl.i18n`)."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


_CARD_SHAPE = re.compile(r"^(10|[2-9tTaAjJqQkK])[cdhsCDHS♣♦♥♠]$|^(jk|JK|Jk|\*)$")


def looks_like_card(word: str) -> bool:
    """Whether ``word`` is written like a card (``7h``, ``10♠``, ``jk``)."""
    return bool(_CARD_SHAPE.match(word))


def parse(text: str) -> Parsed | None:
    """Read one line; ``None`` for an empty line. Raises ``UsageError`` or ``InvalidCommandError``.

    A bare card (``7h``) means ``discard 7h``.
    """
    words = text.split()
    if not words:
        return None
    head, rest = words[0], words[1:]
    spec = lookup(head)
    if spec is None:
        if looks_like_card(head) and not rest:
            return Parsed(spec=_BY_WORD["discard"], card=parse_card(head))
        suggestion = suggest(head)
        if suggestion:
            raise UsageError("msg.unknown", word=head, suggestion=suggestion)
        raise UsageError("msg.unknown_plain", word=head)
    if spec.arg is Arg.PATH:
        path = text.strip()[len(head) :].strip()
        if not path:
            if spec.required:
                raise UsageError("msg.needs_file")
            return Parsed(spec=spec)
        return Parsed(spec=spec, path=path)
    if len(rest) > (0 if spec.arg is Arg.NONE else 1):
        raise UsageError("msg.extra", command=head, usage=spec.usage or spec.name)
    word = rest[0] if rest else None
    if word is None:
        if spec.required:
            raise UsageError("msg.needs_card")
        return Parsed(spec=spec)
    match spec.arg:
        case Arg.CARD:
            return Parsed(spec=spec, card=parse_card(word))
        case Arg.CHOICE:
            return Parsed(spec=spec, choice=choose(spec, word))
        case Arg.NUMBER:
            if not re.fullmatch(r"\d{1,18}", word):
                raise UsageError("msg.not_number", word=word)
            return Parsed(spec=spec, number=int(word))
        case Arg.COMMAND:
            topic = lookup(word)
            if topic is None:
                raise UsageError("help.unknown", word=word)
            return Parsed(spec=spec, topic=topic)
    raise UsageError("msg.extra", command=head, usage=spec.usage or spec.name)


def choose(spec: Spec, word: str) -> str:
    """The canonical choice ``word`` names (English or German, or a unique prefix)."""
    low = word.lower()
    for choice in spec.choices:
        if low in (choice.name, choice.de):
            return choice.name
    matches = {c.name for c in spec.choices if c.name.startswith(low) or c.de.startswith(low)}
    if len(matches) == 1:
        return matches.pop()
    raise UsageError(
        "msg.bad_choice",
        command=spec.name,
        choices="|".join(c.name for c in spec.choices),
        word=word,
    )


def suggest(word: str) -> str | None:
    """The command word closest to ``word``, for a "did you mean"."""
    low = word.lower()
    prefixed = [w for w in command_words() if w.startswith(low) and len(w) > 2]
    if prefixed:
        return min(prefixed, key=len)
    close = difflib.get_close_matches(low, [w for w in command_words() if len(w) > 2], n=1)
    return close[0] if close else None
