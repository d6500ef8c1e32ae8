"""Text that reaches a terminal, made safe: every control character shown, none obeyed.

Logs, bug reports and scripts come from strangers. A name, an AI's reason or a
card quoted in an error can hold bytes a terminal obeys (``ESC ]0;…`` sets the
window title, ``ESC [2J`` clears the screen, U+202E turns the line around). Every
string written to a terminal passes :func:`visible` once, at the boundary: the
two screens' ``show`` (:mod:`repl.kit.screen`) and the few direct ``print`` calls of
the command line. Our own texts hold no control character but the newline.

How a control character is shown:

* C0 controls (U+0000–U+001F) but the newline, and DEL, in caret notation:
  ``ESC`` → ``^[``, ``BEL`` → ``^G``, ``CR`` → ``^M``, ``DEL`` → ``^?``;
  a tab is a space;
* C1 controls (U+0080–U+009F), the bidirectional overrides and isolates
  (U+202A–U+202E, U+2066–U+2069) and lone surrogates (U+D800–U+DFFF, legal in JSON as
  ``\\ud800`` but no character a terminal can be sent) as their code point:
  ``<U+009B>``, ``<U+202E>``, ``<U+D800>``.

>>> visible("Eve\\x1b]0;owned\\x07 wins\\n")
'Eve^[]0;owned^G wins\\n'
>>> visible("\\u202eevil\\tname\\x9b2J")
'<U+202E>evil name<U+009B>2J'
>>> visible("Le\\ud800ft")
'Le<U+D800>ft'
"""

from __future__ import annotations

import unicodedata

from prompt_toolkit.utils import get_cwidth

__all__ = ["MAX_NAME", "MAX_SAY", "clean_line", "clean_name", "is_safe", "visible"]

MAX_SAY = 200
"""The longest line ``say`` passes to a table, in characters."""

MAX_NAME = 16
"""The longest name a shared table shows (a player's name has at most 16 characters)."""


def _shown(code: int) -> str:
    if code < 0x20:
        return "^" + chr(code + 0x40)
    if code == 0x7F:
        return "^?"
    return f"<U+{code:04X}>"


_CONTROLS = (
    [code for code in range(0x20) if code != 0x0A]
    + list(range(0x7F, 0xA0))
    + list(range(0x202A, 0x202F))
    + list(range(0x2066, 0x206A))
    + list(range(0xD800, 0xE000))
)
_TABLE: dict[int, str] = {code: _shown(code) for code in _CONTROLS}
_TABLE[0x09] = " "


def visible(text: str) -> str:
    """``text`` with every control character but the newline shown, not obeyed."""
    return text.translate(_TABLE)


def is_safe(text: str) -> bool:
    """Whether ``text`` holds no character that :func:`visible` would change."""
    return not any(ord(char) in _TABLE for char in text)


def clean_line(text: str, most: int = MAX_SAY) -> str:
    """A line someone typed for others, at most ``most`` characters: control characters
    dropped, and every character a terminal does not draw one column wide (a combining
    mark, a zero-width or "wide blank" like U+3164, a double-width character), so that the
    line is as wide as it is long and breaks where the screen's width says.

    >>> clean_line("gg \\u3164\\u3164 ana wins\\x1b[2J ")
    'gg ana wins[2J'
    """
    composed = unicodedata.normalize("NFC", text)  # é typed as e and its accent: one column
    kept = "".join(c for c in composed if _one_column(c))
    return visible(" ".join(kept.split()))[:most]


def clean_name(name: str) -> str:
    """A name shown at a table, as :func:`clean_line` keeps a line (at most :data:`MAX_NAME`)."""
    return clean_line(name, MAX_NAME)


def _one_column(char: str) -> bool:
    """Whether ``char`` is printable and drawn one column wide, wherever it is drawn: East
    Asian wide and fullwidth characters take two (U+3164 too, though wcwidth says none)."""
    if not char.isprintable() or char in "\u2028\u2029":
        return False
    if unicodedata.east_asian_width(char) in "WF":
        return False
    return get_cwidth(char) == 1
