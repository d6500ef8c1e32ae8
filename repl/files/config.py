"""Your settings: ``$XDG_CONFIG_HOME/threethirteen/config.toml``, read at start and remembered.

The file is TOML, every key optional::

    level = "hard"      # the opponents: easy, medium, hard
    speed = "fast"      # instant, fast, normal, step
    language = "de"     # en, de
    sort = "rank"       # your hand: suit, rank, melds
    players = 6         # 2 to 8: you and the AI opponents
    jokers = 3          # 0, one or two per deck (0, 2, 4 at four players; 0, 3, 6 at six)
    aces = "high"       # low, high
    color = false       # false: plain text, as with NO_COLOR
    coach = true        # after a costly move, what the hard AI would have done

Command-line options win over the file, the file over the game's defaults. The file
comes from outside: it is read only if it is a regular file of at most 64 KiB, and
each problem is one warning naming the file and the line. A file that is not TOML
gives every default; a bad value or an unknown key costs only that key.

``speed`` and ``sort`` changed in a game are written back (:func:`remember`): only
their own line changes, so the player's comments and other keys stay as they were.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs
from attrs import frozen

from ...core.cards import joker_choices
from ...core.seats import DEFAULT_SEATS, MAX_DECKS, MAX_SEATS, MIN_SEATS
from ..words.i18n import LANGUAGES, Texts, language_from_environment
from .atomic import write_atomic
from .bounded import NotAFile, TooLarge, read_bounded
from .paths import APP

SORTS = ("suit", "rank", "melds")
"""The orders a hand can be shown in (``sort``): by suit, by rank, melds first."""

MAX_BYTES = 64 * 1024
"""A config file larger than this is not read."""

CHOICES: dict[str, tuple[str | int | bool, ...]] = {
    "level": ("easy", "medium", "hard"),
    "speed": ("instant", "fast", "normal", "step"),
    "language": LANGUAGES,
    "sort": SORTS,
    "players": tuple(range(MIN_SEATS, MAX_SEATS + 1)),
    "jokers": tuple(sorted({n for decks in range(1, MAX_DECKS + 1) for n in joker_choices(decks)})),
    "aces": ("low", "high"),
    "color": (True, False),
    "coach": (True, False),
}
"""Each setting and the values it takes (the type counts: ``jokers = "2"`` is refused)."""

REMEMBERED = ("speed", "sort")
"""The settings a game writes back when the player changes them."""

_SHOWN_LENGTH = 40


@frozen(kw_only=True)
class Config:
    """The settings: the file's where it gives a good value, the game's defaults elsewhere."""

    level: str = "medium"
    speed: str = "normal"
    language: str | None = None
    """``None``: the language the environment names (see ``language_from_environment``)."""
    sort: str = "suit"
    players: int = DEFAULT_SEATS
    jokers: int = 0
    aces: str = "low"
    color: bool = True
    coach: bool = False
    """Whether the coach speaks after a costly move (see :mod:`repl.kit.coach`)."""

    def for_scripts(self) -> Config:
        """These settings for a script: the file's presentation (language, sort, colour),
        and the game's own defaults for what deals and plays it (level, players, jokers,
        aces, and the coach, whose help the log records), so a script plays the same game
        on every machine."""
        game = Config()
        return attrs.evolve(
            self,
            level=game.level,
            players=game.players,
            jokers=game.jokers,
            aces=game.aces,
            coach=game.coach,
        )


@frozen(kw_only=True)
class ConfigProblem:
    """One thing wrong with the config file; :meth:`told` says it in the player's language."""

    key: str
    """The sentence's key in :mod:`repl.words.en` (``config.bad_value`` …)."""
    line: int | None = None
    setting: str = ""
    value: str = ""
    detail: str = ""

    def told(self, path: Path, tx: Texts) -> str:
        """The one-line warning: the file, the line, what is wrong and what is used instead."""
        where = str(path) if self.line is None else tx("config.where", path=path, line=self.line)
        choices = CHOICES.get(self.setting, ())
        words = [_toml(choice) for choice in choices]
        default = getattr(Config(), self.setting, None) if self.setting in CHOICES else None
        return tx(
            self.key,
            where=where,
            path=path,
            setting=self.setting,
            value=self.value,
            detail=self.detail,
            choices=", ".join(words[:-1]) + tx("config.or") + words[-1] if words else "",
            default=tx("config.from_environment") if default is None else _toml(default),
            kib=MAX_BYTES // 1024,
        )


def config_path(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_CONFIG_HOME/threethirteen/config.toml`` (``~/.config/…`` by default)."""
    env = os.environ if environ is None else environ
    base = env.get("XDG_CONFIG_HOME", "")
    if not os.path.isabs(base):  # the XDG rule: a relative path is ignored
        base = os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / APP / "config.toml"


@frozen(kw_only=True)
class Configured:
    """What a command that shows a game starts from: the config file (``path``), its
    settings and what is wrong with it, and the language to speak."""

    path: Path
    config: Config
    problems: tuple[ConfigProblem, ...]
    tx: Texts

    def warnings(self) -> list[str]:
        """Each problem of the file, as its one-line warning in :attr:`tx`'s language."""
        return [problem.told(self.path, self.tx) for problem in self.problems]


def configured(lang: str | None) -> Configured:
    """The config file read, and the language: ``lang`` (the command line's), else the
    file's, else the one the environment names."""
    path = config_path()
    config, problems = read_config(path)
    tx = Texts(lang or config.language or language_from_environment())
    return Configured(path=path, config=config, problems=problems, tx=tx)


def read_config(path: Path) -> tuple[Config, tuple[ConfigProblem, ...]]:
    """The settings in ``path`` and what is wrong with it; no file at all is the defaults."""
    text, problem = _read_text(path)
    if problem is not None:
        return Config(), (problem,)
    if text is None:
        return Config(), ()
    return parse_config(text)


def parse_config(text: str) -> tuple[Config, tuple[ConfigProblem, ...]]:
    """The settings a config file's text gives, and a problem for each line that is wrong."""
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line, detail = _toml_error(str(error))
        return Config(), (ConfigProblem(key="config.not_toml", line=line, detail=detail),)
    except RecursionError:  # arrays in arrays, thousands deep: no setting is written so
        return Config(), (ConfigProblem(key="config.too_deep"),)
    values: dict[str, Any] = {}
    problems = []
    for key, value in table.items():
        line = line_of(text, key)
        if key not in CHOICES:
            problems.append(ConfigProblem(key="config.unknown", line=line, setting=_printable(key)))
        elif not any(type(value) is type(choice) and value == choice for choice in CHOICES[key]):
            problems.append(
                ConfigProblem(key="config.bad_value", line=line, setting=key, value=_shown(value))
            )
        else:
            values[key] = value
    return Config(**values), tuple(problems)


def remember(path: Path, key: str, value: str) -> bool:
    """Write ``key = "value"`` into the config file, every other line kept; whether it was.

    The file is replaced atomically (a new file beside it, synced, then renamed over
    it) with its permissions; a symbolic link is followed to the file it names. A
    file this game cannot read as TOML is left alone rather than rewritten by guesswork,
    and a folder that cannot be written is no trouble: the setting is just not kept.
    """
    if key not in REMEMBERED or value not in CHOICES[key]:
        return False
    try:
        target = path.resolve()
        text, problem = _read_text(target)
        if problem is not None:
            return False
        before = tomllib.loads(text or "")
        if before.get(key) == value:
            return True
        changed = with_setting(text or "", key, value)
        if tomllib.loads(changed) != {**before, key: value}:
            return False  # the scan misread the file: writing would change more than the key
        mode = stat.S_IMODE(target.stat().st_mode) if text is not None else None
        write_atomic(target, changed, mode=mode)
    except (OSError, RuntimeError, tomllib.TOMLDecodeError):
        return False
    return True


def with_setting(text: str, key: str, value: str) -> str:
    """``text`` with the top-level ``key`` set to ``value``: its line rewritten in place
    (a comment after the value kept), or a new line before the first table."""
    name = _key_pattern(key)
    setting = re.compile(rf"""^(\s*{name}\s*=\s*)("(?:[^"\\]|\\.)*"|'[^']*'|[^\s#]+)(.*)$""")
    lines = text.split("\n")  # TOML counts lines by "\n"; a CRLF file keeps its "\r"s
    for number, line in enumerate(lines):
        if line.lstrip().startswith("["):
            lines.insert(number, f'{key} = "{value}"')
            return "\n".join(lines)
        match = setting.match(line)
        if match:
            lines[number] = f'{match.group(1)}"{value}"{match.group(3)}'
            return "\n".join(lines)
    ending = "" if not text or text.endswith("\n") else "\n"
    return f'{text}{ending}{key} = "{value}"\n'


def line_of(text: str, key: str) -> int | None:
    """The line that sets the top-level ``key`` (or opens its table): a simple scan, right
    for the files people write; ``None`` when it does not find one."""
    name = _key_pattern(key)
    assignment = re.compile(rf"^\s*{name}\s*[=.]")
    header = re.compile(rf"^\s*\[\[?\s*{name}\s*[\].]")
    in_tables = False
    for number, line in enumerate(text.split("\n"), start=1):
        if header.match(line):
            return number
        in_tables = in_tables or line.lstrip().startswith("[")
        if not in_tables and assignment.match(line):
            return number
    return None


def _key_pattern(key: str) -> str:
    """A key as TOML may write it: bare, "quoted" or 'quoted'."""
    escaped = re.escape(key)
    return f"""(?:{escaped}|"{escaped}"|'{escaped}')"""


def _read_text(path: Path) -> tuple[str | None, ConfigProblem | None]:
    """The file's text (``None`` when there is no file), or why it is not read."""
    try:
        data = read_bounded(path, MAX_BYTES)
    except FileNotFoundError:
        return None, None
    except NotAFile:
        return None, ConfigProblem(key="config.not_a_file")
    except TooLarge:
        return None, ConfigProblem(key="config.too_big")
    except OSError as error:
        return None, ConfigProblem(key="config.unreadable", detail=error.strerror or str(error))
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        return None, ConfigProblem(key="config.not_toml", line=line, detail="not UTF-8 text")


_AT = re.compile(r"\s*\(at line (\d+), column \d+\)$")
_AT_END = re.compile(r"\s*\(at end of document\)$")


def _toml_error(message: str) -> tuple[int | None, str]:
    """A ``tomllib`` error's line and its words (``Expected '=' … (at line 3, column 7)``)."""
    found = _AT.search(message)
    words = message[: found.start()] if found else _AT_END.sub(" at the end", message)
    words = words[:1].lower() + words[1:]
    return (int(found.group(1)) if found else None), _printable(words)


def _toml(value: str | int | bool) -> str:
    """A value as TOML writes it: ``"fast"``, ``2``, ``false``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return f'"{value}"' if isinstance(value, str) else str(value)


def _shown(value: object) -> str:
    """A value from the file, as TOML would write it, cut short and safe for a terminal."""
    if isinstance(value, bool | str | int):
        return _printable(_toml(value))
    return _printable(str(value))


def _printable(text: str) -> str:
    """``text`` with every control or formatting character escaped, at most 40 characters."""
    safe = "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in text)
    return safe if len(safe) <= _SHOWN_LENGTH else safe[: _SHOWN_LENGTH - 1] + "…"
