"""Key bindings of the prompt: Enter checks strictly, Ctrl-C clears, F2 sorts the hand.

Enter runs a line that can run, as typed. Otherwise, as in ptpython or pgcli, it
takes what the menu offers: a completion highlighted in the menu (Tab, ↓) is
accepted and the menu closes; a partial card the menu completes to exactly one
card of your hand (``discard K`` when K♣ is your only king) is completed and
played. Between two or more cards nothing is guessed: the line is answered with
its error, as before.

Ctrl-D on an empty line ends the prompt with ``EOFError`` (prompt_toolkit's
own binding); the loop then asks before leaving.
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.application import run_in_terminal
from prompt_toolkit.buffer import Buffer, ValidationState
from prompt_toolkit.document import Document
from prompt_toolkit.enums import DEFAULT_BUFFER
from prompt_toolkit.filters import has_focus
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from threethirteen.repl.completer import GameCompleter
from threethirteen.repl.validator import GameValidator

SORT_KEY = "f2"
SORT_RESULT = "sort"
"""What the prompt returns when F2 is pressed on an empty line."""

KEY_HELP: tuple[tuple[str, str], ...] = (
    ("Tab", "tab"),  # prompt_toolkit's completion, with the front's completer
    ("↑ ↓", "history"),  # prompt_toolkit: the history, or the open menu's choices
    ("→", "suggestion"),  # prompt_toolkit: AutoSuggestFromHistory, at the end of the line
    ("Enter", "enter"),  # _enter below
    (SORT_KEY.upper(), "sort"),  # _sort below
    ("{ctrl}-C", "clear"),  # _clear below; during the narration, repl.screen's SIGINT flag
    ("{ctrl}-D", "leave"),  # prompt_toolkit: EOFError on an empty line; the loop leaves
)
"""The keys ``help`` lists: a label (``{ctrl}`` is Ctrl or Strg) and the name of its text
(``keys.NAME``, ``replay.keys.NAME`` in replay). Each is bound here or by prompt_toolkit
for the session :func:`repl.loop.make_session` makes."""


def game_bindings(
    validator: GameValidator, completer: GameCompleter, ctrl_c_note: Callable[[], None]
) -> KeyBindings:
    """The prompt's own keys; they take precedence over prompt_toolkit's defaults."""
    bindings = KeyBindings()

    @bindings.add("enter", filter=has_focus(DEFAULT_BUFFER))
    def _enter(event: KeyPressEvent) -> None:
        buffer = event.current_buffer
        if not take_from_menu(buffer, validator, completer):
            return  # a highlighted word was accepted: the line is not a whole command yet
        validator.strict = True
        try:
            buffer.validation_state = ValidationState.UNKNOWN
            buffer.validate_and_handle()
        finally:
            validator.strict = False

    @bindings.add("c-c")
    def _clear(event: KeyPressEvent) -> None:
        buffer = event.current_buffer
        if buffer.text:
            buffer.reset()
        else:
            run_in_terminal(ctrl_c_note)

    @bindings.add(SORT_KEY)
    def _sort(event: KeyPressEvent) -> None:
        if not event.current_buffer.text:
            event.app.exit(result=SORT_RESULT)

    return bindings


def take_from_menu(buffer: Buffer, validator: GameValidator, completer: GameCompleter) -> bool:
    """What Enter takes from the completion menu; whether the line is then to be run.

    A line that can run is left alone. A highlighted completion (already in the line)
    is accepted, and the line runs only if it is a whole command now. A line that
    cannot run gets its partial card completed when the menu offers just that card.
    """
    line = buffer.text
    highlighted = buffer.complete_state is not None and (
        buffer.complete_state.current_completion is not None
    )
    if highlighted:
        buffer.complete_state = None
    if validator.message(line) is None:
        return True
    if highlighted:
        return False
    completed = completer.sole_card(line)
    if completed is not None:
        buffer.document = Document(completed)
    return True
