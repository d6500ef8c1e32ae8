"""The grammars of the commands: names, short forms, arguments, and the parser.

There are four: :data:`PLAY` (a game in play, :data:`COMMANDS`), :data:`REPLAY`
(stepping through a saved game, :data:`REPLAY_COMMANDS`), and at a server
:data:`LOBBY` (finding a table) and :data:`SHARED` (sitting at one with others). The completer, the
validator, ``help`` and the loop all read them; :meth:`Grammar.parse` turns a line
into a :class:`Parsed` command or raises :class:`UsageError` (which carries a
message key for :mod:`repl.words.i18n`).

>>> PLAY.parse("x 7h").name, str(PLAY.parse("x 7h").card)
('discard', '7♥')
>>> PLAY.parse("auto r").choice, PLAY.parse("Ts").name
('round', 'discard')
"""

from __future__ import annotations

import difflib
import enum
import re

import attrs
from attrs import frozen

from ...core.cards import Card
from ...core.events import DrawSource
from ...core.rules import Discard, Draw
from . import de, en
from .cardwords import is_card_word, read_card


class Arg(enum.Enum):
    """What a command takes after its name."""

    NONE = "none"
    CARD = "card"
    CHOICE = "choice"
    PATH = "path"
    COMMAND = "command"
    NUMBER = "number"
    TEXT = "text"
    """The rest of the line, as typed (``say``, ``new`` with its options, ``join CODE``)."""
    NAME = "name"
    """One word, the name of someone at the table (``mute NAME``), kept in ``text``."""


@frozen
class Choice:
    """One word a command accepts, by its canonical name and its German name."""

    name: str
    de: str


def _choices(*names: str) -> tuple[Choice, ...]:
    """The choices ``names``, each with its German word (:data:`repl.words.de.CHOICES`)."""
    return tuple(Choice(name, de.CHOICES[name]) for name in names)


@frozen(kw_only=True)
class Spec:
    """A command: its English name and short forms, its German names and short forms, and
    its argument. Every word works in both languages; ``help`` shows the language's own.

    The German words come from :mod:`repl.words.de` (see :func:`_in_german`)."""

    name: str
    short: tuple[str, ...] = ()
    de: tuple[str, ...] = ()
    de_short: tuple[str, ...] = ()
    arg: Arg = Arg.NONE
    required: bool = False
    choices: tuple[Choice, ...] = ()
    usage: str = ""

    def names(self, lang: str = "en") -> tuple[str, ...]:
        """Every word that names this command, the language's own first."""
        if lang == "de":
            return (*self.de, self.name, *self.de_short, *self.short)
        return (self.name, *self.de, *self.short, *self.de_short)

    def shorts(self, lang: str = "en") -> tuple[str, ...]:
        """The short forms ``help`` shows in ``lang`` (German: its own, where it has them)."""
        return (self.de_short or self.short) if lang == "de" else self.short

    def title(self, lang: str = "en") -> str:
        """The name shown in help and completion for ``lang``."""
        return self.de[0] if lang == "de" and self.de else self.name

    def usage_in(self, lang: str = "en") -> str:
        """``discard CARD`` (``ablegen KARTE``): the command's name and its argument."""
        usage = (self.usage or self.name).replace(self.name, self.title(lang), 1)
        if lang == "de":
            for english, german in de.PLACEHOLDERS.items():
                usage = usage.replace(english, german)
        return usage


def _in_german(
    specs: tuple[Spec, ...], names: dict[str, tuple[str, ...]], short: dict[str, tuple[str, ...]]
) -> tuple[Spec, ...]:
    """``specs`` with their German ``names`` and ``short`` forms (every command has an entry
    in ``names``, empty when German calls it by its English name)."""
    return tuple(
        attrs.evolve(spec, de=names[spec.name], de_short=short.get(spec.name, ())) for spec in specs
    )


_SORTS = _choices("suit", "rank", "melds")
_WATCHERS = _choices("off", "on", "talk")
_AUTO = _choices("turn", "round", "game", "off")
_ON_OFF = _choices("on", "off")
SPEEDS = _choices("instant", "fast", "normal", "step")

COMMANDS: tuple[Spec, ...] = _in_german(
    (
        Spec(name="draw", short=("d",)),
        Spec(name="take", short=("t",)),
        Spec(name="discard", short=("x",), arg=Arg.CARD, required=True, usage="discard CARD"),
        Spec(name="sort", short=("s",), arg=Arg.CHOICE, choices=_SORTS, usage="sort [HOW]"),
        Spec(name="melds", short=("m",)),
        Spec(name="hint"),
        Spec(name="auto", arg=Arg.CHOICE, choices=_AUTO, usage="auto [SCOPE|off]"),
        Spec(name="coach", arg=Arg.CHOICE, choices=_ON_OFF, usage="coach [on|off]"),
        Spec(name="undo", short=("u",)),
        Spec(name="redo", short=("r",)),
        Spec(name="score", short=("sc",)),
        Spec(name="log", short=("l",), arg=Arg.NUMBER, usage="log [N]"),
        Spec(name="rules"),
        Spec(name="new", short=("n",), arg=Arg.NUMBER, usage="new [SEED]"),
        Spec(name="save", arg=Arg.PATH, usage="save [NAME]"),
        Spec(name="load", arg=Arg.PATH, usage="load [NAME]"),
        Spec(name="seed"),
        Spec(name="speed", short=("sp",), arg=Arg.CHOICE, choices=SPEEDS, usage="speed [SPEED]"),
        Spec(name="stats", short=("st",)),
        Spec(name="report"),
        Spec(name="help", short=("h", "?"), arg=Arg.COMMAND, usage="help [COMMAND]"),
        Spec(name="quit", short=("q", "exit")),
    ),
    de.PLAY_NAMES,
    de.PLAY_SHORT,
)
"""Every command, in the order ``help`` lists them."""

MOVES = frozenset({"draw", "take", "discard"})
"""The commands that are moves of the game."""


@frozen(kw_only=True)
class Parsed:
    """A line read as a command: the spec, and its argument in typed form."""

    spec: Spec
    card: Card | None = None
    choice: str | None = None
    path: str | None = None
    number: int | None = None
    topic: Spec | None = None
    text: str = ""

    @property
    def name(self) -> str:
        return self.spec.name


MAX_LINE = 1000
"""The longest line read as a command, in characters (a save's path included): a paste of
100 KB is refused at once instead of being matched against every command word."""


class UsageError(ValueError):
    """A line that is not a command; ``key`` and ``params`` say why (see :mod:`repl.words.i18n`)."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def looks_like_card(word: str) -> bool:
    """Whether ``word`` is written like a card (``7h``, ``10♠``, ``jk``, German ``Dh``)."""
    return is_card_word(word)


@frozen
class Group:
    """Commands ``help`` shows together (``help table``); ``help`` alone shows the first
    group in full and names the others, so that it fits a terminal of 24 rows."""

    name: str
    de: str
    commands: tuple[str, ...]
    """The names of its commands, in the order ``help`` lists them (``keys``: the keys)."""

    def title(self, lang: str = "en") -> str:
        """The group's name in ``lang``: ``table``, German ``tisch``."""
        return self.de if lang == "de" else self.name


KEYS = "keys"
"""The group that lists the keys, not commands."""


class Grammar:
    """One set of commands (play, or replay): looking words up and parsing lines.

    ``texts`` is the prefix of this grammar's keys in :mod:`repl.words.i18n` (see
    :meth:`key`); ``bare_card`` names the command a line that is just a card runs
    (``7h`` discards in play), if any; ``groups`` are the parts of a long ``help``.
    """

    def __init__(
        self,
        commands: tuple[Spec, ...],
        *,
        texts: str = "",
        bare_card: str | None = None,
        groups: tuple[Group, ...] = (),
    ) -> None:
        self.commands = commands
        self.texts = texts
        self.bare_card = bare_card
        names = {spec.name for spec in commands}
        self.groups = tuple(g for g in groups if g.name == KEYS or names & set(g.commands))
        """The groups of ``help`` that have commands here."""
        self._groups = {word: g for g in self.groups for word in (g.name, g.de)}
        by_word = {word: spec for spec in commands for word in spec.names("de")}
        by_word.update({word: spec for spec in commands for word in spec.names("en")})
        self._by_word = by_word

    def key(self, kind: str, name: str) -> str:
        """The text key of a command's ``cmd`` line or ``detail``, or of ``help`` ``more``."""
        return f"{self.texts}{kind}.{name}"

    def lookup(self, word: str) -> Spec | None:
        """The command named by ``word`` (any language, any short form), if there is one."""
        return self._by_word.get(word.lower())

    def words(self) -> tuple[str, ...]:
        """Every word that names a command."""
        return tuple(self._by_word)

    def group_words(self) -> tuple[str, ...]:
        """Every word that names a group of ``help``."""
        return tuple(self._groups)

    def group(self, word: str) -> Group | None:
        """The group of ``help`` named by ``word`` (English or German), if there is one."""
        return self._groups.get(word.lower())

    def parse(self, text: str) -> Parsed | None:
        """Read one line; ``None`` for an empty line. Raises ``UsageError`` or
        ``InvalidCommandError``. A bare card (``7h``) runs :attr:`bare_card` with it."""
        if len(text) > MAX_LINE:  # a paste: refused before any word of it is looked at
            raise UsageError("msg.line_too_long", limit=MAX_LINE)
        words = text.split()
        if not words:
            return None
        head, rest = words[0], words[1:]
        spec = self.lookup(head)
        if spec is None:
            if self.bare_card and looks_like_card(head) and not rest:
                return Parsed(spec=self._by_word[self.bare_card], card=read_card(head))
            mean, mean_de = self.suggest(head), self.suggest(head, "de")
            if mean or mean_de:
                raise UsageError(
                    "msg.unknown",
                    word=head,
                    suggestion=mean or mean_de,
                    suggestion_de=mean_de or mean,
                )
            raise UsageError("msg.unknown_plain", word=head)
        return _arguments(self, spec, head, text, rest)

    def suggest(self, word: str, lang: str = "en") -> str | None:
        """What ``word`` may have meant, in ``lang``'s own command words, for a "did you
        mean": the two commands whose shortest words begin with it (``a``: "ablegen oder
        auto"), the one, or the closest word of any command."""
        low = word.lower()
        begun: dict[str, str] = {}  # a command's name: its shortest word beginning with it
        for spec in self._by_word.values():
            own = (*spec.de, *spec.de_short) or spec.names() if lang == "de" else ()
            for name in own or (spec.name, *spec.short):
                if len(name) > 2 and name.startswith(low):
                    best = begun.get(spec.name)
                    if best is None or (len(name), name) < (len(best), best):
                        begun[spec.name] = name
        found = sorted(begun.values(), key=lambda name: (len(name), name))[:2]
        if found:
            return f" {de.OR if lang == 'de' else en.OR} ".join(found)
        words = [w for w in self.words() if len(w) > 2]
        close = difflib.get_close_matches(low, words, n=1)
        return close[0] if close else None


def _arguments(grammar: Grammar, spec: Spec, head: str, text: str, rest: list[str]) -> Parsed:
    """``spec`` with its argument read from the rest of the line."""
    if spec.arg is Arg.TEXT:
        rest_of_line = text.strip()[len(head) :].strip()
        if not rest_of_line and spec.required:
            usage, usage_de = spec.usage_in("en"), spec.usage_in("de")
            raise UsageError("msg.needs_text", usage=usage, usage_de=usage_de)
        return Parsed(spec=spec, text=rest_of_line)
    if spec.arg is Arg.PATH:
        path = text.strip()[len(head) :].strip()
        if not path:
            if spec.required:
                raise UsageError("msg.needs_file")
            return Parsed(spec=spec)
        if len(path) > 1 and path[0] == path[-1] and path[0] in "\"'":
            path = path[1:-1].strip()  # a name in quotes: save "my game"
            if not path:
                raise UsageError("msg.empty_name", command=head)
        return Parsed(spec=spec, path=path)
    if len(rest) > (0 if spec.arg is Arg.NONE else 1):
        if spec.name == "take":  # take 6d: there is no card to name, it is the pile's top
            raise UsageError(
                "msg.take_no_card",
                command=spec.name,
                command_de=spec.title("de"),
                typed=head,
                word=" ".join(rest),
            )
        raise _extra(spec, head)
    word = rest[0] if rest else None
    if word is None:
        if spec.required:
            needs = {Arg.NUMBER: "msg.needs_number", Arg.NAME: "msg.needs_text"}
            raise UsageError(
                needs.get(spec.arg, "msg.needs_card"),
                usage=spec.usage_in("en"),
                usage_de=spec.usage_in("de"),
            )
        return Parsed(spec=spec)
    match spec.arg:
        case Arg.CARD:
            return Parsed(spec=spec, card=read_card(word))
        case Arg.CHOICE:
            return Parsed(spec=spec, choice=choose(spec, word))
        case Arg.NAME:
            return Parsed(spec=spec, text=word)
        case Arg.NUMBER:
            if not re.fullmatch(r"\d{1,18}", word):
                raise UsageError("msg.not_number", word=word)
            return Parsed(spec=spec, number=int(word))
        case Arg.COMMAND:
            topic = grammar.lookup(word)
            if topic is not None:
                return Parsed(spec=spec, topic=topic)
            group = grammar.group(word)
            if group is None:
                raise UsageError("help.unknown", word=word)
            return Parsed(spec=spec, choice=group.name)
    raise _extra(spec, head)


def _extra(spec: Spec, head: str) -> UsageError:
    return UsageError(
        "msg.extra", command=head, usage=spec.usage_in("en"), usage_de=spec.usage_in("de")
    )


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
        command_de=spec.title("de"),
        choices="|".join(c.name for c in spec.choices),
        choices_de="|".join(c.de for c in spec.choices),
        word=word,
    )


_PLAY_GROUPS = (
    Group("moves", "züge", ("draw", "take", "discard", "sort", "melds")),
    Group("table", "tisch", ("score", "log", "hint", "auto", "coach", "undo", "redo", "rules")),
    Group(
        "game",
        "partie",
        ("new", "save", "load", "seed", "speed", "stats", "report", "help", "quit"),
    ),
    Group(  # at a shared table
        "talk",
        "reden",
        ("start", "say", "who", "leave", "again", "mute", "unmute", "watchers"),
    ),
    Group(KEYS, "tasten", ()),
)

PLAY = Grammar(COMMANDS, bare_card="discard", groups=_PLAY_GROUPS)
"""The commands of a game in play."""

_STEPS = _choices("turn", "round")

REPLAY_COMMANDS: tuple[Spec, ...] = _in_german(
    (
        Spec(
            name="next",
            short=("n",),
            arg=Arg.CHOICE,
            choices=_STEPS,
            usage="next [turn|round]",
        ),
        Spec(
            name="prev",
            short=("p", "back"),
            arg=Arg.CHOICE,
            choices=_STEPS,
            usage="prev [turn|round]",
        ),
        Spec(name="round", short=("r",), arg=Arg.NUMBER, required=True, usage="round N"),
        Spec(name="goto", short=("g",), arg=Arg.NUMBER, required=True, usage="goto N"),
        Spec(name="start"),
        Spec(name="end"),
        Spec(name="score", short=("sc",)),
        Spec(name="sort", short=("s",), arg=Arg.CHOICE, choices=_SORTS, usage="sort [HOW]"),
        Spec(name="help", short=("h", "?"), arg=Arg.COMMAND, usage="help [COMMAND]"),
        Spec(name="quit", short=("q", "exit")),
    ),
    de.REPLAY_NAMES,
    de.REPLAY_SHORT,
)
"""The commands of the replay mode, in the order ``help`` lists them."""

REPLAY = Grammar(REPLAY_COMMANDS, texts="replay.")
"""The commands of the replay mode (Enter on an empty line steps one event forward)."""


LOBBY_COMMANDS: tuple[Spec, ...] = _in_german(
    (
        Spec(name="tables", short=("t", "ls")),
        Spec(name="new", short=("n",), arg=Arg.TEXT, usage="new [OPTIONS]"),
        Spec(name="join", short=("j",), arg=Arg.TEXT, required=True, usage="join CODE"),
        Spec(name="watch", short=("w",), arg=Arg.TEXT, required=True, usage="watch CODE"),
        Spec(name="history"),
        Spec(name="log", arg=Arg.TEXT, required=True, usage="log CODE"),
        Spec(name="lang", arg=Arg.CHOICE, choices=_choices("en", "de"), usage="lang [en|de]"),
        Spec(name="help", short=("h", "?"), arg=Arg.COMMAND, usage="help [COMMAND]"),
        Spec(name="quit", short=("q", "exit")),
    ),
    de.LOBBY_NAMES,
    de.LOBBY_SHORT,
)
"""The commands of a server's lobby, before one sits at a table."""

LOBBY = Grammar(LOBBY_COMMANDS, texts="lobby.")
"""The commands of a server's lobby."""

_SHARED_ONLY = {
    "start": Spec(name="start"),
    "say": Spec(name="say", arg=Arg.TEXT, required=True, usage="say TEXT"),
    "who": Spec(name="who"),
    "leave": Spec(name="leave"),
    "again": Spec(name="again"),
    "mute": Spec(name="mute", arg=Arg.NAME, required=True, usage="mute NAME"),
    "unmute": Spec(name="unmute", arg=Arg.NAME, required=True, usage="unmute NAME"),
    "watchers": Spec(
        name="watchers", arg=Arg.CHOICE, choices=_WATCHERS, usage="watchers [off|on|talk]"
    ),
}
SHARED_COMMANDS: tuple[Spec, ...] = _in_german(
    (
        *(spec for spec in COMMANDS if spec.name in ("draw", "take", "discard", "sort", "melds")),
        *(spec for spec in COMMANDS if spec.name in ("hint", "auto", "coach", "undo", "score")),
        *(spec for spec in COMMANDS if spec.name == "log"),
        *(spec for spec in COMMANDS if spec.name in ("rules", "seed")),
        *_SHARED_ONLY.values(),
        *(spec for spec in COMMANDS if spec.name in ("help", "quit")),
    ),
    de.PLAY_NAMES | de.SHARED_NAMES,
    de.PLAY_SHORT | de.SHARED_SHORT,
)
"""The commands at a shared table: the moves and the views of a game in play, talk,
who sits where, and the host's ``start``; no saving, loading or new games."""

SHARED = Grammar(SHARED_COMMANDS, bare_card="discard", groups=_PLAY_GROUPS)
"""The commands at a shared table (and of those watching one)."""


def move_command(parsed: Parsed, seat: int) -> Draw | Discard:
    """The engine command of a move of ``seat``."""
    if parsed.name == "draw":
        return Draw(seat=seat, source=DrawSource.STOCK)
    if parsed.name == "take":
        return Draw(seat=seat, source=DrawSource.DISCARD)
    assert parsed.card is not None
    return Discard(seat=seat, card=parsed.card)
