"""The prompt on a dumb terminal (``TERM=dumb``, an Emacs shell) shows the line it holds.

There prompt_toolkit can only print: on each change of the line it writes the one
character before the cursor. Typing shows right, but a completion that puts in more
than one character did not: after ``x ``, Tab, Tab the line showed ``x c`` while it held
``x 10c``, and Backspace wrote a character more. Here what is added at the end is
written, and any other change writes the whole line again on a new row, after the prompt.
"""

from __future__ import annotations

from prompt_toolkit.buffer import Buffer
from prompt_toolkit.output import Output

from .internals import DumbEchoPrompt


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


class Prompt(DumbEchoPrompt):
    """A prompt whose line, on a dumb terminal, shows what it holds (:class:`LineEcho`)."""

    def line_echo(self, prompt: str) -> LineEcho:
        return LineEcho(self.output, prompt)
