"""What each command does once it has been read and found possible.

:func:`run` dispatches a :class:`~repl.grammar.Parsed` line to the table's
moves, or to the commands here that only show things or handle files
(``save``, ``load``, ``new``, ``help`` …).
"""

from __future__ import annotations

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
)
from threethirteen.repl.reproduce import write_report
from threethirteen.repl.storage import data_dir, load_stats, write_atomic

if TYPE_CHECKING:
    from threethirteen.repl.table import Table

LOG_LINES = 12
"""Lines ``log`` shows without a number."""


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
            table.screen.show(render_help(tx, PLAY, parsed.topic))
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


def path_exists(text: str) -> bool:
    """Whether ``text`` names an existing file (``~`` expanded)."""
    return Path(text).expanduser().is_file()


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
                scored = item.scored
                if scored.went_out is not None:
                    seat = tx.seat(scored.went_out)
                    text = tx("round.over_out", round=scored.round_no, seat=seat)
                else:
                    text = tx("round.over_stock", round=scored.round_no)
                lines.append([("class:title", text)])
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


def render_help(tx: Texts, grammar: Grammar, topic: Spec | None) -> Text:
    """All commands of ``grammar`` with their short forms and the keys, or one command in
    detail."""
    lang = tx.lang
    if topic is not None:
        line = tx(grammar.key("cmd", topic.name))
        out: Text = [("class:title", topic.title(lang)), ("", "  " + line)]
        out.append(("", "\n"))
        out += [("", tx("help.usage", usage=usage_of(topic, lang))), ("", "\n")]
        others = [*([topic.name] if lang == "de" else []), *topic.short]
        if others:
            out += [("class:dim", tx("help.aliases", aliases=", ".join(others))), ("", "\n")]
        detail_key = grammar.key("detail", topic.name)
        if tx.has(detail_key):
            out += [("", tx(detail_key)), ("", "\n")]
        return out
    out = [("class:title", tx("help.title")), ("", "\n")]
    names = {spec.name: usage_of(spec, lang) for spec in grammar.commands}
    for spec in grammar.commands:
        if spec.short:
            names[spec.name] += f" ({', '.join(spec.short)})"
    column = max(24, *(len(name) + 2 for name in names.values()))
    for spec in grammar.commands:
        line = tx(grammar.key("cmd", spec.name))
        out += [("class:label", f"  {names[spec.name]:<{column}}"), ("", line), ("", "\n")]
    out += [("class:title", tx("keys.title")), ("", "\n")]
    for label, name in KEY_HELP:
        key = label.format(ctrl=tx("keys.ctrl"))
        out += [("class:label", f"  {key:<{column}}"), ("", tx(grammar.key("keys", name)))]
        out.append(("", "\n"))
    out += [("class:dim", tx(grammar.key("help", "more"))), ("", "\n")]
    return out


_PLACEHOLDERS_DE = {
    "CARD": "KARTE",
    "FILE": "DATEI",
    "COMMAND": "BEFEHL",
    "SCOPE": "UMFANG",
    "HOW": "WIE",
    "SPEED": "TEMPO",
    "turn|round": "zug|runde",
}


def usage_of(spec: Spec, lang: str) -> str:
    """``discard CARD`` (``ablegen KARTE``): the command's name and its argument."""
    usage = spec.usage or spec.name
    usage = usage.replace(spec.name, spec.title(lang), 1)
    if lang == "de":
        for english, german in _PLACEHOLDERS_DE.items():
            usage = usage.replace(english, german)
    return usage


# -- files and games -------------------------------------------------------------------


def default_save_name(state: GameState) -> Path:
    """``threethirteen-SEED-DATE-TIME.jsonl`` in the current directory."""
    return Path(f"threethirteen-{state.seed}-{time.strftime('%Y%m%d-%H%M%S')}.jsonl")


def save(table: Table, path_text: str | None) -> str | None:
    """Write the game's log (with any pending help) to a file; why it could not be."""
    path = Path(path_text).expanduser() if path_text else default_save_name(table.state)
    events = table.timeline.recorded()
    try:
        write_atomic(path, encode_log(events))
    except OSError as error:
        detail = error.strerror or str(error)
        return table.refuse(table.tx("msg.save_failed", path=path, detail=detail))
    table.say(table.tx("msg.saved", path=path, n=len(events)), "class:good")
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


def load(table: Table, path_text: str) -> str | None:
    """Load a saved game and play on from where it stopped; why it could not be."""
    path = Path(path_text).expanduser()
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
    table.say(
        tx("msg.new_game", seed=seed, jokers=settings.jokers, aces=aces, level=settings.level),
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
