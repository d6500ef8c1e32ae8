"""The read-eval loop: a prompt in a terminal, or lines from a script or a pipe.

The loop runs a :class:`~repl.kit.front.Front`: a seat at a game in play
(:class:`~repl.kit.seat.SeatFront`) or the replay
(:class:`~repl.solo.replay_front.ReplayFront`), the same way. :func:`launch` opens
either at a terminal or for a script; the loop never dies on a bad line or an
unexpected error: the front answers bad input itself, and anything unexpected is
written to a crash file while it goes on.
"""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TextIO
from weakref import WeakKeyDictionary

from prompt_toolkit import PromptSession
from prompt_toolkit.application import get_app
from prompt_toolkit.buffer import ValidationState
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import FormattedText, StyleAndTextTuples
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.output import ColorDepth, Output
from prompt_toolkit.shortcuts import CompleteStyle
from prompt_toolkit.styles import merge_styles
from prompt_toolkit.utils import is_dumb_terminal

from ..files.paths import data_dir, data_path, os_detail
from ..words.i18n import Texts
from .dumb import Prompt
from .error_line import wrap_errors
from .front import Front, Quit
from .keys import game_bindings
from .menu import show_more_in_menus
from .render import plain
from .safe import visible
from .screen import PlainScreen, Screen, TerminalScreen, safe_text
from .style import STYLE, wants_plain
from .suggest import PLAIN_SUGGESTION, RunnableSuggest
from .validator import GameValidator

PROMPT: StyleAndTextTuples = [("class:prompt", "> ")]

MENU_ROWS = 5
"""The rows kept under the prompt for the completion menu, the prompt's own row included."""


@Condition
def _typing() -> bool:
    """Whether something is typed: only then does the menu open as you type.

    prompt_toolkit keeps :data:`MENU_ROWS` free under the prompt while completing as
    you type is on, menu or not; so on an empty line the toolbar sits right under the
    prompt, and the room is made (the screen scrolls) with the first key, as the menu
    opens. Tab on an empty line still opens the menu, with its room.
    """
    return bool(get_app().current_buffer.text)


def terminal_screen(
    tx: Texts, *, color: bool = True, input: Input | None = None, output: Output | None = None
) -> TerminalScreen:
    """The terminal a front writes to: plain text without colour (``NO_COLOR``, a dumb
    terminal, ``color = false``), and yes in the player's language."""
    return TerminalScreen(
        style=STYLE,
        plain_text=wants_plain() or not color,
        input=input,
        output=output,
        yes_keys=tx.yes_keys,
    )


def session_for(
    front: Front, history: str, *, input: Input | None = None, output: Output | None = None
) -> PromptSession[str]:
    """The prompt for ``front`` at its terminal, its history kept in the data folder."""
    plain_text = isinstance(front.screen, TerminalScreen) and front.screen.plain_text
    history_path = history_file(front, history)
    return make_session(
        front, history_path=history_path, plain_text=plain_text, input=input, output=output
    )


def history_file(front: Front, name: str) -> Path | None:
    """The prompt's history file in the data folder; ``None``, said in one line, when the
    folder or the file cannot be used (the history is then kept for this session only)."""
    try:
        path = data_dir() / name
    except OSError as error:
        said = front.tx("msg.no_data_folder", path=data_path(), detail=os_detail(error))
        front.say(said, "class:warn")
        return None
    if path.exists() and not path.is_file():
        front.say(front.tx("msg.history_unusable", path=path), "class:warn")
        return None
    return path


class KeptHistory(FileHistory):
    """The prompt's history in a file; when the file cannot be read or written (a
    read-only folder), the lines of this session are still kept in memory."""

    def load_history_strings(self) -> Iterable[str]:
        try:
            return list(super().load_history_strings())
        except OSError:
            return []

    def store_string(self, string: str) -> None:
        with contextlib.suppress(OSError):
            super().store_string(string)


def launch(
    open_front: Callable[[Screen], Front | None],
    *,
    script: Iterable[str] | None,
    tx: Texts,
    history: str,
    name: str,
    color: bool = True,
) -> int:
    """Open a front and run it: at a prompt, or on the lines of ``script`` (plain text
    out). ``open_front`` gets the screen and gives the front, or ``None`` after saying
    why it cannot open (exit code 1). The exit code of the run."""
    if script is not None:
        front = open_front(PlainScreen(sys.stdout))
        if front is None:
            return 1
        front.begin()
        return run_lines(front, script, name=name)
    front = open_front(terminal_screen(tx, color=color))
    if front is None:
        return 1
    return run_terminal(front, session_for(front, history))


def make_session(
    front: Front,
    *,
    history_path: Path | None,
    plain_text: bool = False,
    input: Input | None = None,
    output: Output | None = None,
) -> PromptSession[str]:
    """The prompt of ``front``: completion, inline validation, history with suggestions,
    the toolbar."""
    history: History = KeptHistory(str(history_path)) if history_path else InMemoryHistory()
    below = draws_below_prompt(output)
    session: PromptSession[str] = Prompt(
        PROMPT,
        complete_while_typing=_typing,
        complete_style=CompleteStyle.COLUMN,
        reserve_space_for_menu=MENU_ROWS,
        validate_while_typing=below,
        history=history,
        style=merge_styles([STYLE, PLAIN_SUGGESTION]) if plain_text else STYLE,
        color_depth=ColorDepth.DEPTH_1_BIT if plain_text else None,
        input=input,
        output=output,
    )
    prompt_for(session, front, below=below)
    show_more_in_menus(session)
    wrap_errors(session)
    return session


def prompt_for(session: PromptSession[str], front: Front, *, below: bool) -> None:
    """Make ``session`` the prompt of ``front``: its completion, its checks before Enter,
    its toolbar and its keys. A server's connection keeps one prompt as its person moves
    from the lobby to a table and back (a prompt is about ten thousand objects)."""
    validator = GameValidator(front.problem, front.tx, front.grammar, front.caution)
    completer = front.completer()

    def note_ctrl_c() -> None:
        front.say(front.tx("msg.ctrl_c"), "class:dim")

    session.completer = completer
    session.auto_suggest = RunnableSuggest(validator)  # a line of the history that can run
    # where nothing is drawn under the prompt, a bad line is let through: the front answers
    # it in words, and the loop says the toolbar's status before each prompt
    session.validator = validator if below else None
    session.bottom_toolbar = Toolbar(front) if below else None
    session.key_bindings = game_bindings(validator, completer, note_ctrl_c, warns=below)
    hooked = session in _CHECKED
    _CHECKED[session] = (front, front.checked_against())
    if not hooked:
        _recheck_on_news(session)


class Toolbar:
    """A prompt's bottom toolbar: the front's, and the text it last gave to be drawn.

    prompt_toolkit asks for it once each time it draws the prompt, so :meth:`changed`
    tells whether drawing the prompt again (a turn clock moved on) would show anything new.
    """

    def __init__(self, front: Front) -> None:
        self.front = front
        self.drawn: FormattedText | None = None
        """What the prompt was last drawn with."""

    def __call__(self) -> FormattedText:
        self.drawn = FormattedText(safe_text(self.front.toolbar()))
        return self.drawn

    def changed(self) -> bool:
        """Whether the toolbar says something else now than when it was last drawn."""
        return FormattedText(safe_text(self.front.toolbar())) != self.drawn


_CHECKED: WeakKeyDictionary[PromptSession[str], tuple[Front, object]] = WeakKeyDictionary()
"""Each prompt's front, and what its line was last checked against."""


def _recheck_on_news(session: PromptSession[str]) -> None:
    """Check the line being typed again, before the prompt is drawn, when what its checks
    depend on changed (news came while it was typed: it is your turn now), so that an
    answer to an older state (``it is bob's turn``) does not stay under it."""

    def recheck(_: object) -> None:
        front, checked = _CHECKED[session]
        now = front.checked_against()
        if now == checked:
            return
        _CHECKED[session] = (front, now)
        buffer = session.default_buffer
        if buffer.text and session.validator is not None:
            buffer.validation_state = ValidationState.UNKNOWN
            buffer.validate(set_cursor=False)

    session.app.before_render += recheck


def draws_below_prompt(output: Output | None) -> bool:
    """Whether the prompt has lines under it (the toolbar, the validation message).

    On a dumb terminal (``TERM=dumb``, an Emacs shell) prompt_toolkit falls back to a
    bare prompt that draws nothing but the line typed.
    """
    return output is not None or not is_dumb_terminal()


def run_terminal(front: Front, session: PromptSession[str]) -> int:
    """Play what the opponents have to, then prompt, run, repeat until the player leaves.

    A session without a toolbar (a dumb terminal) gets the toolbar's status said in
    plain words before each prompt instead.
    """
    tx = front.tx
    say_status = session.bottom_toolbar is None
    try:
        front.begin()
    except EOFError:
        return _leave(front)
    while True:
        if say_status:
            front.say(plain(front.toolbar()).strip(), "class:dim")
        try:
            line = session.prompt()
        except KeyboardInterrupt:
            continue
        except EOFError:
            question = front.leave_question()
            try:
                leave = question is None or front.screen.confirm(question + tx("msg.yes_no"), False)
            except EOFError:  # the terminal is gone: everything is saved, so just go
                leave = True
            if leave:
                return _leave(front)
            continue
        try:
            run_line(front, line)
        except (Quit, EOFError):
            return _leave(front)


def run_lines(
    front: Front, lines: Iterable[str], *, errors: TextIO | None = None, name: str = "threethirteen"
) -> int:
    """Run each line of a script (or a pipe) as if typed; plain text out. The exit code.

    A command the front refuses (a typo, a move against the rules, a file it cannot
    read) or one that fails unexpectedly stops the script with exit code 1, after saying
    on ``errors`` (stderr) which line it was: the lines after it would play on in another
    game than the one they were written for. Comment lines (``#``) are skipped; a blank
    line runs (it shows the front, or steps a replay on) but never stops a script.
    """
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip("\r\n")
        if _UNDECODED.search(line):  # a byte of another encoding: not run, and not echoed
            raw_bytes = line.strip().encode("utf-8", "surrogateescape")
            shown = raw_bytes.decode("utf-8", "backslashreplace")
            said = front.tx("script.not_text", line=number, command=shown)
            print(visible(f"{name}: {said}"), file=errors or sys.stderr)
            return 1
        if line.lstrip().startswith("#"):
            continue
        front.say("> " + line, "class:prompt")
        try:
            refused = run_line(front, line)
        except Quit:
            return _leave(front)
        if refused is not None and line.strip():
            reason = refused.rstrip()
            reason += "" if reason.endswith((".", "!", "?")) else "."
            said = front.tx("script.failed", line=number, command=line.strip(), reason=reason)
            print(visible(f"{name}: {said}"), file=errors or sys.stderr)
            return 1
    return 0


_UNDECODED = re.compile("[\udc80-\udcff]")
"""What :func:`piped_lines` makes of a byte that is not text in the input's encoding."""


def piped_lines(stream: TextIO) -> Iterator[str]:
    """The lines of a pipe (standard input), each decoded alone in the stream's encoding.

    A byte that is not text there (``\\xff`` under UTF-8) would end the whole program with
    a ``UnicodeDecodeError`` where the stream decodes; here it becomes a lone surrogate
    (``surrogateescape``) that :func:`run_lines` refuses, at its line, like any bad line.
    """
    binary = getattr(stream, "buffer", None)
    if binary is None:  # already text (a test's StringIO)
        yield from stream
        return
    encoding = getattr(stream, "encoding", None) or "utf-8"
    for raw in binary:
        yield raw.decode(encoding, "surrogateescape")


def run_line(front: Front, line: str) -> str | None:
    """Run one line, then what is due before the next (:meth:`~.front.Front.between_lines`:
    at a game of one's own, the opponents' turns); why the line was refused or failed
    (already said), or ``None``.

    :class:`~repl.kit.front.Quit` (the player leaves) and ``EOFError`` (the terminal is gone)
    pass to the caller; anything unexpected is written to a crash file and the loop goes on.
    """
    refused = _guarded(front, line, lambda: front.execute(line))
    _guarded(front, line, front.between_lines)
    return refused


def _guarded(front: Front, line: str, work: Callable[[], str | None]) -> str | None:
    try:
        return work()
    except (Quit, EOFError):
        raise
    except KeyboardInterrupt:
        front.say(front.tx("msg.ctrl_c"), "class:dim")
    except Exception as error:  # the loop must survive anything: report it and go on
        front.crash(error, line)
        return f"{type(error).__name__}: {error}"
    return None


def _leave(front: Front) -> int:
    front.leave()
    return 0
