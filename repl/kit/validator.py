"""Inline validation: an impossible command is flagged while it is typed, before Enter.

While typing, a word that could still grow into something valid (``dr`` on
the way to ``draw``, ``1`` on the way to ``10h``) is let through; on Enter the
check is strict (:attr:`GameValidator.strict`, set by the Enter key binding),
so ``dr`` is answered with "did you mean draw?".
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.document import Document
from prompt_toolkit.validation import ValidationError, Validator

from ...core.errors import GameError
from ..words.cardwords import every_form
from ..words.grammar import MAX_LINE, PLAY, Arg, Grammar, Parsed, UsageError
from ..words.i18n import Texts
from .safe import visible


def could_grow(text: str, grammar: Grammar = PLAY) -> bool:
    """Whether ``text`` (a line being typed) may still become a valid command."""
    words = text.split()
    if not words or text[-1:].isspace():
        return False
    last = words[-1].lower()
    if len(words) == 1:
        if any(word.startswith(last) for word in grammar.words()):
            return True
        return grammar.bare_card is not None and any(form.startswith(last) for form in every_form())
    spec = grammar.lookup(words[0])
    if spec is None or len(words) != 2:
        return False
    if spec.arg is Arg.CARD:
        return any(form.startswith(last) for form in every_form())
    if spec.arg is Arg.CHOICE:
        return any(c.name.startswith(last) or c.de.startswith(last) for c in spec.choices)
    if spec.arg is Arg.COMMAND:
        return any(word.startswith(last) for word in (*grammar.words(), *grammar.group_words()))
    return False


class GameValidator(Validator):
    """Flags a line that cannot run now, with the message the game would answer."""

    def __init__(
        self,
        problem: Callable[[Parsed], str | None],
        tx: Texts,
        grammar: Grammar = PLAY,
        caution: Callable[[Parsed], str | None] | None = None,
    ) -> None:
        self.problem = problem
        self.tx = tx
        self.grammar = grammar
        self.strict = False
        self._caution = caution
        self.cautioned: str | None = None
        """The line whose warning Enter showed: the next Enter runs it, unless it changed."""

    def caution(self, text: str) -> str | None:
        """What to warn of before ``text`` (a line that can run) runs, or ``None``."""
        if self._caution is None:
            return None
        try:
            parsed = self.grammar.parse(text)
        except (UsageError, GameError):
            return None
        return None if parsed is None else self._caution(parsed)

    def validate(self, document: Document) -> None:
        text = document.text
        if text != self.cautioned:
            self.cautioned = None
        message, unreadable = self._check(text)
        if message is None:
            return
        # a line too long is said at once: no more typing makes it shorter
        if (
            len(text) <= MAX_LINE
            and not self.strict
            and (
                (
                    unreadable
                    and (could_grow(text, self.grammar) or _argument_ahead(text, self.grammar))
                )
                or _longer_command_ahead(text, self.grammar)
                or _path_being_typed(text, self.grammar)
            )
        ):
            return
        # the message may quote what was typed or pasted: a control in it is shown, not obeyed
        raise ValidationError(cursor_position=len(text), message=visible(message))

    def message(self, text: str) -> str | None:
        """What is wrong with ``text`` now, or ``None`` when it can run."""
        return self._check(text)[0]

    def _check(self, text: str) -> tuple[str | None, bool]:
        """The problem with ``text``, and whether it is that the line cannot be read."""
        try:
            parsed = self.grammar.parse(text)
        except UsageError as error:
            return self.tx(error.key, **error.params), True
        except GameError as error:
            message = self.tx.error(error)
            return message[:1].upper() + message[1:], True
        if parsed is None:
            return None, False
        return self.problem(parsed), False


def _argument_ahead(text: str, grammar: Grammar) -> bool:
    """A command followed by a space, its argument not typed yet (``discard ``)."""
    words = text.split()
    spec = grammar.lookup(words[0]) if len(words) == 1 else None
    return spec is not None and spec.arg is not Arg.NONE and text[-1:].isspace()


def _path_being_typed(text: str, grammar: Grammar) -> bool:
    """A file name is checked only on Enter: while typing it is not a whole name yet."""
    words = text.split()
    spec = grammar.lookup(words[0]) if words else None
    return spec is not None and spec.arg is Arg.PATH


def _longer_command_ahead(text: str, grammar: Grammar) -> bool:
    """A lone word still being typed that starts a longer command (``d`` → ``discard``)."""
    words = text.split()
    if len(words) != 1 or text[-1:].isspace():
        return False
    low = words[0].lower()
    return any(word.startswith(low) and word != low for word in grammar.words())
