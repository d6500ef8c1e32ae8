"""prompt_toolkit's internals, in one place: every use of its private API.

Everything else in :mod:`threethirteen.repl` uses prompt_toolkit's public API and this
module (``tests/unit/test_internals.py`` holds it so). Each use says what public behaviour
it stands for and why no public API does it. They are checked in prompt_toolkit 3.0.43 and
3.0.53, the range ``pyproject.toml`` pins; the same test asserts each is still there, so a
prompt_toolkit that moves one fails there first, not in a player's terminal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.formatted_text import AnyFormattedText, to_formatted_text
from prompt_toolkit.formatted_text.utils import fragment_list_to_text
from prompt_toolkit.input import Input, typeahead, vt100_parser
from prompt_toolkit.input.vt100_parser import Vt100Parser
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import Window
from prompt_toolkit.layout.controls import FormattedTextControl

# -- the application ---------------------------------------------------------------------


def running_in_terminal(app: Application[Any]) -> bool:
    """Whether something prints above ``app``'s prompt now (``run_in_terminal``), so that
    the prompt is put aside and must not be erased or drawn meanwhile.

    The flag that ``run_in_terminal`` sets and its own drawing obeys; prompt_toolkit has
    no public way to ask it."""
    return bool(app._running_in_terminal)


def draw_now(app: Application[Any]) -> None:
    """Draw ``app``'s prompt now, as ``run_in_terminal`` does after its function.

    ``Application.invalidate`` draws it too, but later: it schedules the drawing with
    ``call_soon_threadsafe`` (a write to the loop's own pipe) and, while the loop is busy,
    schedules it again on every turn for up to 10 ms, which on a busy server is most of
    the time its prompts cost. ``_redraw`` is prompt_toolkit's own drawing for the loop's
    thread (``run_in_terminal`` calls it); no public method draws at once."""
    app._redraw()


def resized(app: Application[Any]) -> None:
    """``app``'s terminal changed size: the prompt erased and drawn again at the new size.

    What prompt_toolkit does on ``SIGWINCH`` and when its half-second poll of the size sees
    a change (``_on_resize``); an output that is told of a change (an SSH client says so)
    has no public way to tell the application."""
    app._on_resize()


# -- the keys ----------------------------------------------------------------------------


class BoundedPasteParser(Vt100Parser):
    """prompt_toolkit's parser of a terminal's keys, with a bracketed paste held to
    ``most`` characters (its own collects a paste whole, however long, and looks for the
    end mark in all of it).

    The paste is the parser's own state (``_in_bracketed_paste``, ``_paste_buffer``):
    there is no public hook for it, and the parser has no public limit."""

    END = "\x1b[201~"

    def __init__(self, callback: Callable[[KeyPress], None], most: int) -> None:
        self.most = most
        super().__init__(callback)

    def feed(self, data: str) -> None:
        if not self._in_bracketed_paste:
            super().feed(data)  # which comes back here once a paste begins
            return
        pasted = self._paste_buffer + data
        end = pasted.find(self.END)
        if end < 0:
            if len(pasted) > self.most + len(self.END):  # the end mark may be cut in two
                pasted = pasted[: self.most] + pasted[-(len(self.END) - 1) :]
            self._paste_buffer = pasted
            return
        self._in_bracketed_paste = False
        self._paste_buffer = ""
        self.feed_key_callback(KeyPress(Keys.BracketedPaste, pasted[:end][: self.most]))
        self.feed(pasted[end + len(self.END) :])


def forget_prefixes(most: int) -> None:
    """Empty the parsers' cache of escape sequence prefixes once it holds over ``most``.

    One cache (``_IS_PREFIX_OF_LONGER_MATCH_CACHE``) is shared by every parser of the
    process and keeps every prefix it has met, for good: from strangers' keys it must not
    grow without end, and it has no public bound or way to empty it."""
    cache = vt100_parser._IS_PREFIX_OF_LONGER_MATCH_CACHE
    if len(cache) > most:
        cache.clear()


def forget_typeahead(keys: Input) -> None:
    """Let go of the keys prompt_toolkit keeps typed ahead for ``keys``, and of its entry.

    The public ``typeahead.clear_typeahead`` empties the entry but keeps it, in a table
    (``typeahead._buffer``) that is never emptied: one entry per connection, for good."""
    typeahead._buffer.pop(keys.typeahead_hash(), None)


# -- the prompt --------------------------------------------------------------------------


class DumbEchoPrompt(PromptSession[str]):
    """A prompt whose echo on a dumb terminal (``TERM=dumb``) is :meth:`line_echo`'s.

    prompt_toolkit's prompt on a dumb terminal (``_dumb_prompt``) adds its own echo to
    the line's ``on_text_changed`` (the character before the cursor) as a local function:
    the only way to put another in its place is to override that method and take the
    handler it added last from the event's list (``Event._handlers``)."""

    def line_echo(self, prompt: str) -> Callable[[Buffer], None]:
        """What writes the line's changes after ``prompt`` (the prompt's text)."""
        raise NotImplementedError

    @contextmanager
    def _dumb_prompt(self, message: AnyFormattedText = "") -> Iterator[Application[str]]:
        with super()._dumb_prompt(message) as app:
            changed = self.default_buffer.on_text_changed
            # prompt_toolkit's own echo (the character before the cursor) came last
            changed.remove_handler(changed._handlers[-1])
            echo = self.line_echo(fragment_list_to_text(to_formatted_text(message)))
            changed.add_handler(echo)
            try:
                yield app
            finally:
                changed.remove_handler(echo)


# -- the layout --------------------------------------------------------------------------


def is_validation_toolbar(window: Window) -> bool:
    """Whether ``window`` is a prompt's row for a validation error.

    A ``PromptSession`` builds that row's control from ``ValidationToolbar``'s own local
    function, and keeps no public reference to the toolbar: its function's name is how
    the row is found."""
    control = window.content
    if not isinstance(control, FormattedTextControl):
        return False
    return getattr(control.text, "__qualname__", "").startswith("ValidationToolbar.")
