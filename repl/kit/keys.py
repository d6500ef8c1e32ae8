"""Key bindings of the prompt: Tab completes, Enter checks strictly, Ctrl-C clears, F2 sorts.

Tab completes only what is certain: the one entry the menu offers, or the part
all its entries share. Among several entries the first Tab shows the menu and
points at none of them; a second Tab (or ↓) moves into it. So ``x``, Tab,
Enter never discards a card the player did not point at (prompt_toolkit's own
Tab selects the first entry at once, and Enter would then play it).

Enter runs a line that can run, as typed. Otherwise, as in ptpython or pgcli, it
takes what the menu offers: a completion the player moved to in the menu (Tab
again, ↓) is accepted and the menu closes; a partial card the menu completes to
exactly one card of your hand (``discard K`` when K♣ is your only king) is
completed and played. Between two or more cards nothing is guessed. A line that
cannot run, flagged under it while it was typed, leaves the prompt too: the front
answers it in words above the next prompt (not kept in the history), so that no
refused line stays to take the next one typed onto its end. A line that can run but
may be regretted (a wild card discarded) has its warning said under it at the first
Enter, and runs at the second.

Ctrl-D on an empty line ends the prompt with ``EOFError`` (prompt_toolkit's
own binding); the loop then asks before leaving.
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.application import get_app, run_in_terminal
from prompt_toolkit.buffer import Buffer, CompletionState, ValidationState
from prompt_toolkit.completion import CompleteEvent, get_common_complete_suffix
from prompt_toolkit.document import Document
from prompt_toolkit.enums import DEFAULT_BUFFER
from prompt_toolkit.filters import Condition, has_focus
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.key_binding.bindings.mouse import load_mouse_bindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.validation import ValidationError

from ..words.grammar import MAX_LINE
from .completer import GameCompleter
from .safe import visible
from .validator import GameValidator

SORT_KEY = "f2"
SORT_RESULT = "sort"
"""What the prompt returns when F2 is pressed on an empty line."""

KEY_HELP: tuple[tuple[str, str], ...] = (
    ("Tab", "tab"),  # prompt_toolkit's completion, with the front's completer
    ("↑ ↓", "history"),  # prompt_toolkit: the history, or the open menu's choices
    ("→", "suggestion"),  # repl.kit.suggest: a line of the history that can run, at the end
    ("Enter", "enter"),  # _enter below
    (SORT_KEY.upper(), "sort"),  # _sort below
    ("{ctrl}-C", "clear"),  # _clear below; during the narration, repl.kit.screen's SIGINT flag
    ("{ctrl}-D", "leave"),  # prompt_toolkit: EOFError on an empty line; the loop leaves
)
"""The keys ``help`` lists: a label (``{ctrl}`` is Ctrl or Strg) and the name of its text
(``keys.NAME``, ``replay.keys.NAME`` in replay). Each is bound here or by prompt_toolkit
for the session :func:`repl.kit.loop.make_session` makes."""


@Condition
def _too_long() -> bool:
    return len(get_app().current_buffer.text) > MAX_LINE


_MOUSE = load_mouse_bindings().get_bindings_for_keys((Keys.Vt100MouseEvent,))[0].handler
"""prompt_toolkit's own handler of a mouse report, which :func:`game_bindings` guards."""


def game_bindings(
    validator: GameValidator,
    completer: GameCompleter,
    ctrl_c_note: Callable[[], None],
    *,
    warns: bool = True,
) -> KeyBindings:
    """The prompt's own keys; they take precedence over prompt_toolkit's defaults.
    ``warns``: the prompt shows a warning under the line (a dumb terminal draws nothing
    there, so its Enter runs a line at once)."""
    bindings = KeyBindings()

    @bindings.add("tab", filter=has_focus(DEFAULT_BUFFER))
    def _tab(event: KeyPressEvent) -> None:
        complete_certain(event.current_buffer, completer, again=event.is_repeat)

    @bindings.add("s-tab", filter=has_focus(DEFAULT_BUFFER))
    def _back_tab(event: KeyPressEvent) -> None:
        complete_certain(event.current_buffer, completer, again=event.is_repeat, forward=False)

    # eager: on a dumb terminal prompt_toolkit puts its own Enter after this one
    @bindings.add("enter", filter=has_focus(DEFAULT_BUFFER), eager=True)
    def _enter(event: KeyPressEvent) -> None:
        buffer = event.current_buffer
        if not take_from_menu(buffer, validator, completer):
            return  # a highlighted word was accepted: the line is not a whole command yet
        line = buffer.text
        if validator.message(line) is not None:
            # a line that cannot run leaves the prompt too: the front answers it in words
            # above the next prompt, and it is not kept in the history (a line left
            # standing took the next one typed onto its end: "undohelp undo")
            event.app.exit(result=line, style="class:accepted")
            return
        caution = validator.caution(line) if warns else None
        if caution is not None and validator.cautioned != line:
            validator.cautioned = line  # said under the line; the next Enter runs it
            buffer.validation_error = ValidationError(len(line), visible(caution))
            buffer.validation_state = ValidationState.INVALID
            return
        validator.strict = True
        try:
            buffer.validation_state = ValidationState.UNKNOWN
            buffer.validate_and_handle()
        finally:
            validator.strict = False

    @bindings.add(Keys.Any, filter=has_focus(DEFAULT_BUFFER) & _too_long)
    def _no_more(event: KeyPressEvent) -> None:
        """A line past the longest command takes no more characters (the validator says
        why): a paste of 100 KB typed in key by key stops there, and the prompt stays quick."""

    @bindings.add(Keys.BracketedPaste, filter=has_focus(DEFAULT_BUFFER))
    def _paste(event: KeyPressEvent) -> None:
        buffer = event.current_buffer
        room = max(MAX_LINE + 1 - len(buffer.text), 0)
        buffer.insert_text(event.data.replace("\r\n", "\n").replace("\r", "\n")[:room])

    @bindings.add(Keys.Vt100MouseEvent)
    def _mouse(event: KeyPressEvent) -> object:  # None, or NotImplemented: nothing to redraw
        """prompt_toolkit reads any ``ESC [ digits m`` as a mouse report (``ESC [31m``
        typed, or a colour code pasted); one it cannot read is passed over instead of
        ending the prompt with its "Unhandled exception" screen."""
        try:
            return _MOUSE(event)
        except (ValueError, KeyError, IndexError, TypeError):
            return NotImplemented

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


def complete_certain(
    buffer: Buffer, completer: GameCompleter, *, again: bool, forward: bool = True
) -> None:
    """Tab (Shift-Tab backwards): complete what is certain, never pick among several.

    In the menu, it moves to the next (previous) entry. Otherwise the one entry the
    menu would offer is completed, or the part all its entries share is inserted;
    among several entries the menu is shown with none highlighted, and only a
    second Tab in a row moves into it.
    """
    state = buffer.complete_state
    if state is not None and state.complete_index is not None:
        _step(buffer, forward)
        return
    document = buffer.document
    found = list(completer.get_completions(document, CompleteEvent(completion_requested=True)))
    if len(found) == 1:
        buffer.apply_completion(found[0])
        return
    common = get_common_complete_suffix(document, found) if found else ""
    if common:
        buffer.insert_text(common)
    elif again and state is not None:
        _step(buffer, forward)
    elif found:
        # the menu, nothing highlighted; set here rather than in the background, so that
        # a second Tab typed at once finds it
        buffer.complete_state = CompletionState(buffer.document, found)
        buffer.on_completions_changed.fire()


def _step(buffer: Buffer, forward: bool) -> None:
    if forward:
        buffer.complete_next()
    else:
        buffer.complete_previous()


def take_from_menu(buffer: Buffer, validator: GameValidator, completer: GameCompleter) -> bool:
    """What Enter takes from the completion menu; whether the line is then to be run.

    A line that can run is left alone. A highlighted completion (already in the line:
    the player moved to it) is accepted, and the line runs only if it is a whole command
    now. A line that cannot run gets its partial card completed when the menu offers just
    that card.
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
