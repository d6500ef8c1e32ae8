"""Key bindings of the prompt: Enter checks strictly, Ctrl-C clears, F2 sorts the hand.

Ctrl-D on an empty line ends the prompt with ``EOFError`` (prompt_toolkit's
own binding); the loop then asks before leaving.
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.application import run_in_terminal
from prompt_toolkit.buffer import ValidationState
from prompt_toolkit.enums import DEFAULT_BUFFER
from prompt_toolkit.filters import has_focus
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent

from repl.validator import GameValidator

SORT_KEY = "f2"
SORT_RESULT = "sort"
"""What the prompt returns when F2 is pressed on an empty line."""


def game_bindings(validator: GameValidator, ctrl_c_note: Callable[[], None]) -> KeyBindings:
    """The prompt's own keys; they take precedence over prompt_toolkit's defaults."""
    bindings = KeyBindings()

    @bindings.add("enter", filter=has_focus(DEFAULT_BUFFER))
    def _enter(event: KeyPressEvent) -> None:
        buffer = event.current_buffer
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
