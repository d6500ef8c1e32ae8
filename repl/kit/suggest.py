"""The suggestion after the line being typed: the latest line of the history that starts
with it, and can run now.

prompt_toolkit's :class:`~prompt_toolkit.auto_suggest.AutoSuggestFromHistory` offers the
latest line that starts with what is typed, whatever it is: ``x 7s`` from a round long
gone, for a card not in the hand. Here a line is offered only if the game would take it
now (the checks before Enter: :meth:`~.validator.GameValidator.message`), and a newer line
that cannot run gives way to an older one that can. Without colours (``NO_COLOR``) the
suggestion is underlined (:data:`PLAIN_SUGGESTION`), so that it never looks typed.
"""

from __future__ import annotations

from prompt_toolkit.auto_suggest import AutoSuggest, Suggestion
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.document import Document
from prompt_toolkit.styles import Style

from .validator import GameValidator

LOOKED_AT = 50
"""The most lines of the history (the latest, each once) looked at for one suggestion: a
history of thousands of lines is not checked at every key."""

PLAIN_SUGGESTION = Style.from_dict({"auto-suggestion": "underline"})
"""The suggestion where there are no colours to grey it (``NO_COLOR``): underlined."""


class RunnableSuggest(AutoSuggest):
    """The latest line of the history that starts with what is typed and can run now."""

    def __init__(self, validator: GameValidator) -> None:
        self.validator = validator

    def get_suggestion(self, buffer: Buffer, document: Document) -> Suggestion | None:
        text = document.text.rsplit("\n", 1)[-1]
        if not text.strip():
            return None
        looked = 0
        seen: set[str] = set()
        for string in reversed(list(buffer.history.get_strings())):
            for line in reversed(string.splitlines()):
                if not line.startswith(text) or line == text or line in seen:
                    continue
                seen.add(line)
                if self.validator.message(line) is None:
                    return Suggestion(line[len(text) :])
                looked += 1
                if looked >= LOOKED_AT:
                    return None
        return None
