"""The error under the prompt, broken at spaces to the terminal's width.

prompt_toolkit gives a validation error one row, cut at the terminal's edge: "…was
taken from the discard pile this turn; discard ano" at 80 columns. Here it takes as
many rows as it needs, each ending at a space.
"""

from __future__ import annotations

from prompt_toolkit import PromptSession
from prompt_toolkit.application import get_app
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.layout import Window
from prompt_toolkit.layout.controls import FormattedTextControl

from .internals import is_validation_toolbar
from .render import fit

STYLE = "class:validation-toolbar"


def error_rows(message: str, width: int) -> StyleAndTextTuples:
    """``message`` broken at spaces into rows of at most ``width`` characters."""
    rows = fit([(STYLE, message)], max(width, 1))
    return [(STYLE, "".join(text for _, text in rows))]  # one style: drawn as one run


def _shown_error() -> StyleAndTextTuples:
    """The current line's error, if it has one, fitted to the terminal."""
    app = get_app()
    error = app.current_buffer.validation_error
    if error is None:
        return []
    return error_rows(error.message, app.output.get_size().columns)


def wrap_errors(session: PromptSession[str]) -> None:
    """Give the session's error row the rows its error needs, broken at spaces."""
    for window in session.app.layout.find_all_windows():
        if isinstance(window, Window) and is_validation_toolbar(window):
            window.content = FormattedTextControl(_shown_error)
            window.height = None
