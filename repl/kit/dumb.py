"""The prompt on a dumb terminal (``TERM=dumb``, an Emacs shell) shows the line it holds.

There prompt_toolkit can only print: on each change of the line it writes the one
character before the cursor. Typing shows right, but a completion that puts in more
than one character did not: after ``x ``, Tab, Tab the line showed ``x c`` while it held
``x 10c``, and Backspace wrote a character more. Here what is added at the end is
written, and any other change writes the whole line again on a new row, after the prompt.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from prompt_toolkit import PromptSession
from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.formatted_text import AnyFormattedText, to_formatted_text
from prompt_toolkit.formatted_text.utils import fragment_list_to_text
from prompt_toolkit.output import Output


class LineEcho:
    """Writes to ``output`` what a change did to the line, so it reads as the line holds."""

    def __init__(self, output: Output, prompt: str) -> None:
        self.output = output
        self.prompt = prompt
        self.shown = ""

    def __call__(self, buffer: Buffer) -> None:
        text = buffer.text
        if text.startswith(self.shown):
            self.output.write(text[len(self.shown) :])
        else:
            self.output.write("\r\n" + self.prompt + text)
        self.shown = text
        self.output.flush()


class Prompt(PromptSession[str]):
    """A prompt whose line, on a dumb terminal, shows what it holds (:class:`LineEcho`)."""

    @contextmanager
    def _dumb_prompt(self, message: AnyFormattedText = "") -> Iterator[Application[str]]:
        with super()._dumb_prompt(message) as app:
            changed = self.default_buffer.on_text_changed
            # prompt_toolkit's own echo (the character before the cursor) came last
            changed.remove_handler(changed._handlers[-1])
            echo = LineEcho(self.output, fragment_list_to_text(to_formatted_text(message)))
            changed.add_handler(echo)
            try:
                yield app
            finally:
                changed.remove_handler(echo)
