"""The read-eval loop: a prompt in a terminal, or lines from a script or a pipe.

The loop never dies on a bad line or an unexpected error: the table answers
bad input itself, and anything unexpected is written to a crash file while
the game goes on.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from prompt_toolkit import PromptSession
from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
from prompt_toolkit.formatted_text import FormattedText, StyleAndTextTuples
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.output import ColorDepth, Output
from prompt_toolkit.shortcuts import CompleteStyle

from repl.completer import GameCompleter
from repl.keys import game_bindings
from repl.style import STYLE
from repl.table import Quit, Table
from repl.validator import GameValidator

PROMPT: StyleAndTextTuples = [("class:prompt", "> ")]


def make_session(
    table: Table,
    *,
    history_path: Path | None,
    plain_text: bool = False,
    input: Input | None = None,
    output: Output | None = None,
) -> PromptSession[str]:
    """The prompt: completion, inline validation, history with suggestions, the toolbar."""
    validator = GameValidator(table.problem, table.tx)
    history: History = FileHistory(str(history_path)) if history_path else InMemoryHistory()

    def note_ctrl_c() -> None:
        table.say(table.tx("msg.ctrl_c"), "class:dim")

    def toolbar() -> FormattedText:
        return FormattedText(list(table.toolbar()))

    return PromptSession(
        PROMPT,
        completer=GameCompleter(lambda: table.state, table.tx),
        complete_while_typing=True,
        complete_style=CompleteStyle.COLUMN,
        reserve_space_for_menu=5,
        validator=validator,
        validate_while_typing=True,
        history=history,
        auto_suggest=AutoSuggestFromHistory(),
        bottom_toolbar=toolbar,
        key_bindings=game_bindings(validator, note_ctrl_c),
        style=STYLE,
        color_depth=ColorDepth.DEPTH_1_BIT if plain_text else None,
        input=input,
        output=output,
    )


def run_terminal(table: Table, session: PromptSession[str]) -> int:
    """Play what the opponents have to, then prompt, run, repeat until the player leaves."""
    tx = table.tx
    try:
        table.begin()
    except EOFError:
        return _leave(table)
    while True:
        try:
            line = session.prompt()
        except KeyboardInterrupt:
            continue
        except EOFError:
            try:
                leave = table.screen.confirm(tx("msg.leave_confirm") + tx("msg.yes_no"), False)
            except EOFError:  # the terminal is gone: everything is saved, so just go
                leave = True
            if leave:
                return _leave(table)
            continue
        try:
            going_on = _run_line(table, line)
        except EOFError:
            going_on = False
        if not going_on:
            return _leave(table)


def run_lines(table: Table, lines: Iterable[str]) -> int:
    """Run each line of a script (or a pipe) as if typed; plain text out. The exit code."""
    for raw in lines:
        line = raw.rstrip("\r\n")
        if line.lstrip().startswith("#"):
            continue
        table.say("> " + line, "class:prompt")
        if not _run_line(table, line):
            return _leave(table)
    return 0


def _run_line(table: Table, line: str) -> bool:
    """Run one line; ``False`` when the player asked to leave."""
    try:
        table.execute(line)
    except Quit:
        return False
    except EOFError:
        raise  # the terminal is gone (its caller leaves, the game is saved)
    except KeyboardInterrupt:
        table.say(table.tx("msg.ctrl_c"), "class:dim")
    except Exception as error:  # the loop must survive anything: report it and go on
        table.crash(error, line)
    return True


def _leave(table: Table) -> int:
    table.save()
    over = table.state.ended is not None or not table.screen.interactive
    table.say(table.tx("msg.bye_over" if over else "msg.bye"))
    return 0
