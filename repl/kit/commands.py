"""The commands that show things or handle files, for any front.

The play front (:mod:`repl.solo.game`) dispatches a line to its moves or here: the help
table, the recent events (``log``), the statistics, ``save``, reading a saved game
for ``load``, and ``report``. Each function gets the front to speak through and
the data it needs, never the game state behind a front.
"""

from __future__ import annotations

import textwrap
import time
from collections.abc import Sequence
from pathlib import Path

from ...core.errors import LogFormatError
from ...core.events import CardDiscarded, CardDrawn, DrawSource, Event
from ...core.log import TruncatedLogError, encode_log
from ...core.state import GameState
from ...core.table import Hint
from ..files.reading import load_file
from ..files.reproduce import issues_url, write_report
from ..files.storage import (
    bad_save_name,
    data_dir,
    find_save,
    names_a_path,
    odd_file,
    read_stats,
    save_path,
    saves_dir,
    write_atomic,
)
from ..words.grammar import Grammar, Spec
from ..words.i18n import Texts
from .front import Front
from .keys import KEY_HELP
from .narrate import GameOver, RoundOver, Say, narrate
from .render import Text, round_over_title

LOG_LINES = 12
"""Lines ``log`` shows without a number."""
HELP_MEANING_MIN = 20
"""Columns the meanings in ``help`` need beside the commands; with fewer, they go below."""


def save_problem(name: str, tx: Texts) -> str | None:
    """Why ``save NAME`` cannot write, or ``None``: a name no file can have, or a path
    into a folder that does not exist (it is not made: a typo would hide the save)."""
    if bad_save_name(name):
        return tx("msg.save_bad_name", name=name)
    path = save_path(name)
    if path.is_dir():
        return tx("msg.save_bad_name", name=name)
    if names_a_path(name) and not path.parent.is_dir():
        return tx("msg.save_no_folder", folder=path.parent.absolute())
    return None


def load_problem(name: str, tx: Texts) -> str | None:
    """Why ``load NAME`` finds nothing (saying so if the working folder has that file)."""
    if find_save(name) is not None:
        return None
    if names_a_path(name):
        return tx("msg.no_file", path=name)
    said = tx("msg.no_save", name=name, folder=saves_dir())
    if Path(name).is_file():
        said += " " + tx("msg.no_save_here", name=name)
    return said


# -- showing ---------------------------------------------------------------------------


def recent(events: Sequence[Event], tx: Texts, count: int, *, me: int | None = 0) -> Text:
    """The last ``count`` things that happened, one line each, told to seat ``me``
    (``None``: to someone watching)."""
    lines: list[Text] = []
    for item in narrate(events, GameState(), tx, assists=True, me=me):
        match item:
            case Say():
                lines.append(item.text)
            case RoundOver():
                lines.append([("class:title", round_over_title(item.scored, tx))])
            case GameOver():
                lines.append([("class:title", tx("game.over"))])
    out: Text = []
    for line in lines[-count:]:
        out += [*line, ("", "\n")]
    return out


def hint_lines(hint: Hint, tx: Texts) -> list[tuple[str, str]]:
    """What the helper AI would do, then why, in the player's language (with styles)."""
    action = tx("msg.action_stock")
    for event in hint.events:
        if isinstance(event, CardDrawn):
            if event.source == DrawSource.DISCARD:
                action = tx("msg.action_take", card=event.card)
            break
        if isinstance(event, CardDiscarded):
            action = tx("msg.action_discard", card=event.card)
            break
    lines = [(tx("msg.hint", action=action), "class:good")]
    # the action is said above; the reason, in the player's language, says why
    why = tx.reason(hint.reason, action=False)
    if why:
        lines.append((tx("msg.hint_why", reason=why), "class:dim"))
    return lines


def render_stats(tx: Texts) -> Text:
    """Your statistics across games (a broken file is kept aside and said so)."""
    try:
        found = read_stats()
    except OSError as error:
        detail = error.strerror or str(error)
        return [("class:warn", tx("msg.stats_unreadable", detail=detail)), ("", "\n")]
    said: Text = []
    if found.kept is not None:
        said = [("class:warn", tx("msg.stats_broken", path=found.kept)), ("", "\n")]
    stats = found.stats
    if not stats.played:
        return [*said, ("class:dim", tx("msg.stats_none")), ("", "\n")]
    average = f"{stats.average:.1f}" if stats.average is not None else "—"
    line = tx(
        "stats.line",
        played=stats.played,
        won=stats.won,
        no_winner=stats.no_winner,
        average=average,
        best=stats.best if stats.best is not None else "—",
        assisted=stats.assisted,
    )
    return [*said, ("class:title", tx("stats.title")), ("", "\n"), ("", line), ("", "\n")]


def render_help(tx: Texts, grammar: Grammar, topic: Spec | None, width: int = 80) -> Text:
    """All commands of ``grammar`` with their short forms and the keys, or one command in
    detail.

    The list is two columns, the meanings wrapped within ``width`` under their own
    column; on a screen too narrow for that, each meaning goes under its command.
    """
    lang = tx.lang
    if topic is not None:
        line = tx(grammar.key("cmd", topic.name))
        out: Text = [("class:title", topic.title(lang)), ("", "  " + line)]
        out.append(("", "\n"))
        out += [("", tx("help.usage", usage=usage_of(topic, lang))), ("", "\n")]
        others = list(topic.shorts(lang))
        if lang == "de":  # the other German names, then the English ones work too
            others += [*topic.de[1:], topic.name, *topic.short]
        others = list(dict.fromkeys(others))
        if others:
            out += [("class:dim", tx("help.aliases", aliases=", ".join(others))), ("", "\n")]
        detail_key = grammar.key("detail", topic.name)
        if tx.has(detail_key):
            out += [("", tx(detail_key)), ("", "\n")]
        return out
    out = [("class:title", tx("help.title")), ("", "\n")]
    names = {spec.name: usage_of(spec, lang) for spec in grammar.commands}
    for spec in grammar.commands:
        if spec.shorts(lang):
            names[spec.name] += f" ({', '.join(spec.shorts(lang))})"
    column = max(24, *(len(name) + 2 for name in names.values()))
    room = width - 2 - column
    for spec in grammar.commands:
        out += _help_row(names[spec.name], tx(grammar.key("cmd", spec.name)), column, room)
    out += [("class:title", tx("keys.title")), ("", "\n")]
    for label, name in KEY_HELP:
        key = label.format(ctrl=tx("keys.ctrl"))
        out += _help_row(key, tx(grammar.key("keys", name)), column, room)
    out += [("class:dim", tx(grammar.key("help", "more"))), ("", "\n")]
    return out


def _help_row(label: str, meaning: str, column: int, room: int) -> Text:
    """One row of the help table: the label, its meaning wrapped in its own column (or
    under the label, on a screen too narrow for two columns)."""
    if room < HELP_MEANING_MIN:
        return [("class:label", f"  {label}"), ("", "\n"), ("", f"      {meaning}"), ("", "\n")]
    first, *more = textwrap.wrap(meaning, room) or [""]
    out: Text = [("class:label", f"  {label:<{column}}"), ("", first), ("", "\n")]
    for piece in more:
        out += [("", " " * (column + 2) + piece), ("", "\n")]
    return out


def usage_of(spec: Spec, lang: str) -> str:
    """``discard CARD`` (``ablegen KARTE``): the command's name and its argument."""
    return spec.usage_in(lang)


# -- files and games -------------------------------------------------------------------


def default_save_name(seed: int | None) -> str:
    """``threethirteen-SEED-DATE-TIME``: what ``save`` alone calls the game."""
    return f"threethirteen-{seed}-{time.strftime('%Y%m%d-%H%M%S')}"


def save(
    front: Front, events: Sequence[Event], name: str | None, *, seed: int | None
) -> str | None:
    """Write the game's log (with any pending help) to a file, never over one unasked.

    A name goes into the saves folder and a path (with a slash) is taken as given;
    ``.jsonl`` is added when missing. An existing file is replaced only when the
    player says yes at the terminal; a script is refused.
    """
    tx = front.tx
    name = name or default_save_name(seed)
    path = save_path(name).absolute()
    odd = odd_file(path)  # a link, a pipe, a device: replaced itself, never written through
    overwrite = odd is not None or path.exists()
    if overwrite:
        asked = tx("msg.save_overwrite", path=path)
        if odd is not None:
            asked = tx("msg.save_replace_odd", path=path, kind=tx(f"file.{odd}"))
        question = asked + tx("msg.yes_no")
        if not (front.screen.interactive and front.screen.confirm(question, False)):
            return front.refuse(tx("msg.save_exists", path=path))
    try:
        if not names_a_path(name):
            path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, encode_log(events), create_folder=False, overwrite=overwrite)
    except FileExistsError:  # it appeared meanwhile: still never overwritten unasked
        return front.refuse(tx("msg.save_exists", path=path))
    except (OSError, ValueError) as error:
        detail = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        return front.refuse(tx("msg.save_failed", path=path, detail=detail))
    front.say(tx("msg.saved", path=path, n=len(events)), "class:good")
    return None


def read_saved(front: Front, name: str) -> tuple[Path, tuple[Event, ...]] | str:
    """The saved game ``name`` (found as ``save`` names it): its path and its events;
    or why it cannot be loaded (already said). A file whose last line was cut off is
    offered without that line, at a terminal."""
    tx = front.tx
    found = find_save(name)
    if found is None:
        return front.refuse(load_problem(name, tx) or name)
    path = found.absolute()
    try:
        return path, load_file(path).events
    except TruncatedLogError as error:
        count = len(error.prefix.events)
        question = tx("msg.load_prefix", path=path, n=count) + tx("msg.yes_no")
        if count and front.screen.interactive and front.screen.confirm(question, True):
            return path, error.prefix.events
        return front.refuse(tx("msg.load_failed", path=path, detail=tx.error(error)))
    except LogFormatError as error:
        # the file could not be read at all: its path is said once, with why
        unreadable = error.key == "file_unreadable"
        detail = str(error.params["detail"]) if unreadable else tx.error(error)
        return front.refuse(tx("msg.load_failed", path=path, detail=detail))


def report(front: Front, events: Sequence[Event], settings: str) -> str | None:
    """``report``: write a bug report and print the line that reproduces the game so far;
    ``settings`` are the player's, in a line."""
    tx = front.tx
    try:
        written = write_report(events, folder=data_dir(), settings=settings)
    except OSError as error:
        return front.refuse(tx("msg.report_failed", detail=error.strerror or str(error)))
    notes = written.notes.name
    front.say(tx("msg.report", log=written.log, n=written.events, notes=notes), "class:good")
    front.say(tx("msg.report_line"))
    front.screen.show([*unbroken(written.line, "class:label"), ("", "\n")])
    url = issues_url()
    front.say(tx("msg.report_send", url=url) if url else tx("msg.report_send_plain"))
    return None


def unbroken(text: str, style: str = "") -> Text:
    """``text`` as one word for line breaking: a command to copy must stay on one line."""
    out: Text = []
    for i, word in enumerate(text.split(" ")):
        if i:
            out.append(("class:gap", " "))
        out.append((style, word))
    return out
