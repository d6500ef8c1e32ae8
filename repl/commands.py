"""What each command does once it has been read and found possible.

:func:`run` dispatches a :class:`~repl.grammar.Parsed` line to the table's
moves, or to the commands here that only show things or handle files
(``save``, ``load``, ``new``, ``help`` …).
"""

from __future__ import annotations

import textwrap
import time
from pathlib import Path
from typing import TYPE_CHECKING

from threethirteen.core.errors import GameError, LogFormatError
from threethirteen.core.events import Event
from threethirteen.core.log import GameLog, TruncatedLogError, encode_log, read_log
from threethirteen.core.rules import new_game
from threethirteen.core.state import GameState
from threethirteen.core.timeline import HUMAN, is_human_move
from threethirteen.core.views import view_for
from threethirteen.repl.config import remember
from threethirteen.repl.grammar import PLAY, Grammar, Parsed, Spec
from threethirteen.repl.i18n import Texts
from threethirteen.repl.keys import KEY_HELP
from threethirteen.repl.narrate import GameOver, RoundOver, Say, narrate
from threethirteen.repl.render import (
    Text,
    render_hand,
    render_melds,
    render_rules,
    render_score_sheet,
    round_over_title,
)
from threethirteen.repl.reproduce import issues_url, write_report
from threethirteen.repl.storage import (
    bad_save_name,
    data_dir,
    find_save,
    load_stats,
    names_a_path,
    save_path,
    saves_dir,
    write_atomic,
)

if TYPE_CHECKING:
    from threethirteen.repl.table import Table

LOG_LINES = 12
"""Lines ``log`` shows without a number."""
HELP_MEANING_MIN = 20
"""Columns the meanings in ``help`` need beside the commands; with fewer, they go below."""


def run(table: Table, parsed: Parsed) -> str | None:
    """Carry out ``parsed`` on ``table`` (its problems were checked before); why it failed
    (a file that cannot be written or read, already said), or ``None``."""
    from threethirteen.repl.table import Quit, next_sort

    tx = table.tx
    match parsed.name:
        case "draw" | "take" | "discard":
            table.move(table.move_command(parsed))
        case "sort":
            table.settings.sort = parsed.choice or next_sort(table.settings.sort)
            remember_setting(table, "sort", table.settings.sort)
            if table.state.round is not None:
                view = view_for(table.state, HUMAN)
                table.screen.show(
                    render_hand(view, tx, sort=table.settings.sort, width=table.screen.width)
                )
            else:
                table.say(tx("msg.sorted", sort=tx(f"sort.{table.settings.sort}")))
        case "melds":
            if table.state.round is not None:
                view = view_for(table.state, HUMAN)
                table.screen.show(render_melds(view, tx, table.screen.width))
            else:
                table.show_table()
        case "hint":
            table.hint()
        case "auto":
            table.auto(parsed.choice or "turn")
        case "undo":
            table.undo()
        case "redo":
            table.redo()
        case "score":
            sheet = table.state.score_sheet
            table.screen.show(render_score_sheet(sheet, tx, assisted=table.assisted))
        case "log":
            table.screen.show(recent(table, parsed.number or LOG_LINES))
        case "rules":
            table.screen.show(render_rules(table.state, tx))
        case "new":
            return start_new(table, parsed.number)
        case "save":
            return save(table, parsed.path)
        case "load":
            assert parsed.path is not None
            return load(table, parsed.path)
        case "seed":
            table.say(tx("msg.seed", seed=table.state.seed))
        case "speed":
            if parsed.choice:
                table.settings.speed = parsed.choice
                remember_setting(table, "speed", parsed.choice)
            table.say(tx("msg.speed", speed=tx(f"speed.{table.settings.speed}")))
        case "stats":
            table.screen.show(render_stats(table))
        case "help":
            table.screen.show(render_help(tx, PLAY, parsed.topic, table.screen.width))
        case "report":
            return report(table)
        case "quit":
            raise Quit
    return None


def remember_setting(table: Table, name: str, value: str) -> None:
    """Keep a setting the player changed for the next game, in the config file of a
    terminal game; a file that cannot be written just keeps it for this game."""
    if table.settings_file is not None:
        remember(table.settings_file, name, value)


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


def recent(table: Table, count: int) -> Text:
    """The last ``count`` things that happened, one line each."""
    tx = table.tx
    lines: list[Text] = []
    for item in narrate(table.timeline.events, GameState(), tx, assists=True):
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


def render_stats(table: Table) -> Text:
    """Your statistics across games."""
    tx = table.tx
    stats = load_stats()
    if not stats.played:
        return [("class:dim", tx("msg.stats_none")), ("", "\n")]
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
    return [("class:title", tx("stats.title")), ("", "\n"), ("", line), ("", "\n")]


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


def default_save_name(state: GameState) -> str:
    """``threethirteen-SEED-DATE-TIME``: what ``save`` alone calls the game."""
    return f"threethirteen-{state.seed}-{time.strftime('%Y%m%d-%H%M%S')}"


def save(table: Table, name: str | None) -> str | None:
    """Write the game's log (with any pending help) to a file, never over one unasked.

    A name goes into the saves folder and a path (with a slash) is taken as given;
    ``.jsonl`` is added when missing. An existing file is replaced only when the
    player says yes at the terminal; a script is refused.
    """
    tx = table.tx
    name = name or default_save_name(table.state)
    path = save_path(name).absolute()
    overwrite = path.exists()
    if overwrite:
        question = tx("msg.save_overwrite", path=path) + tx("msg.yes_no")
        if not (table.screen.interactive and table.screen.confirm(question, False)):
            return table.refuse(tx("msg.save_exists", path=path))
    events = table.timeline.recorded()
    try:
        if not names_a_path(name):
            path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, encode_log(events), create_folder=False, overwrite=overwrite)
    except FileExistsError:  # it appeared meanwhile: still never overwritten unasked
        return table.refuse(tx("msg.save_exists", path=path))
    except (OSError, ValueError) as error:
        detail = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        return table.refuse(tx("msg.save_failed", path=path, detail=detail))
    table.say(tx("msg.saved", path=path, n=len(events)), "class:good")
    return None


def read_game(table: Table, path: Path) -> GameLog | str:
    """A saved game read from ``path``, or what is wrong with it (already said)."""
    tx = table.tx
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as error:
        detail = error.strerror or str(error)
        return table.refuse(tx("msg.load_failed", path=path, detail=detail))
    except UnicodeDecodeError:
        return table.refuse(tx("msg.load_failed", path=path, detail="not UTF-8 text"))
    try:
        return read_log(text)
    except TruncatedLogError as error:
        count = len(error.prefix.events)
        question = tx("msg.load_prefix", path=path, n=count) + tx("msg.yes_no")
        if count and table.screen.interactive and table.screen.confirm(question, True):
            return error.prefix
        return table.refuse(tx("msg.load_failed", path=path, detail=tx.error(error)))
    except LogFormatError as error:
        return table.refuse(tx("msg.load_failed", path=path, detail=tx.error(error)))


def load(table: Table, name: str) -> str | None:
    """Load a saved game (found as ``save`` names it) and play on from where it stopped;
    why it could not be."""
    found = find_save(name)
    if found is None:
        return table.refuse(load_problem(name, table.tx) or name)
    path = found.absolute()
    log = read_game(table, path)
    if isinstance(log, str):
        return log
    failed = _switch(table, log.events, path)
    if failed is not None:
        return failed
    state = table.state
    table.say(table.tx("msg.loaded", path=path, seed=state.seed, n=len(log.events)), "class:good")
    table.begin()
    return None


def report(table: Table) -> str | None:
    """``report``: write a bug report and print the line that reproduces the game so far."""
    tx = table.tx
    settings = table.settings
    described = (
        f"speed {settings.speed}, sort {settings.sort}, level {settings.level}, language {tx.lang}"
    )
    try:
        written = write_report(table.timeline.recorded(), folder=data_dir(), settings=described)
    except OSError as error:
        return table.refuse(tx("msg.report_failed", detail=error.strerror or str(error)))
    notes = written.notes.name
    table.say(tx("msg.report", log=written.log, n=written.events, notes=notes), "class:good")
    table.say(tx("msg.report_line"))
    table.screen.show([*unbroken(written.line, "class:label"), ("", "\n")])
    url = issues_url()
    table.say(tx("msg.report_send", url=url) if url else tx("msg.report_send_plain"))
    return None


def unbroken(text: str, style: str = "") -> Text:
    """``text`` as one word for line breaking: a command to copy must stay on one line."""
    out: Text = []
    for i, word in enumerate(text.split(" ")):
        if i:
            out.append(("class:gap", " "))
        out.append((style, word))
    return out


def start_new(table: Table, seed: int | None) -> str | None:
    """``new [SEED]``: a new game with the same options and opponents."""
    from threethirteen.repl.table import random_seed

    tx = table.tx
    unfinished = table.state.ended is None
    question = tx("msg.new_confirm") + tx("msg.yes_no")
    if unfinished and table.screen.interactive and not table.screen.confirm(question, True):
        return None
    settings = table.settings
    seed = random_seed() if seed is None else seed
    _, events = new_game(seed, settings.options(), settings.players())
    failed = _switch(table, events, None)
    if failed is not None:
        return failed
    aces = tx("aces.high") if settings.aces_high else tx("aces.low")
    level = f"level.{settings.level}"
    table.say(
        tx(
            "msg.new_game",
            seed=seed,
            jokers=settings.jokers,
            aces=aces,
            level=tx(level) if tx.has(level) else settings.level,
        ),
        "class:good",
    )
    table.begin()
    return None


def _switch(table: Table, events: tuple[Event, ...], path: Path | None) -> str | None:
    """Make ``events`` the game in play, keeping an unfinished autosaved game aside;
    why it could not be."""
    played = any(is_human_move(event) for event in table.timeline.events)
    if table.autosave is not None and table.state.ended is None and played:
        kept = table.autosave.keep_aside()
        if kept is not None:
            table.say(table.tx("msg.kept_previous", path=kept), "class:dim")
    try:
        table.replace(events)
    except GameError as error:
        where = path if path is not None else "?"
        return table.refuse(table.tx("msg.load_failed", path=where, detail=table.tx.error(error)))
    return None
