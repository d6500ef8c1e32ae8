"""Laying styled text out in a width: lines broken at spaces, pieces kept whole.

:data:`Text` is a list of ``(style, text)`` fragments (newlines inside). A line too long
for the terminal is broken between words (:func:`reflow`, :func:`fit`), a list of tokens
is wrapped under a label (:func:`wrap`), and a line made of pieces (a status line, the
toolbar) keeps each piece whole: one that does not fit is left out, never cut inside its
phrase (:func:`whole_pieces`, :func:`toolbar`).
"""

from __future__ import annotations

from collections.abc import Sequence

Text = list[tuple[str, str]]
"""Styled text: ``(style, text)`` fragments."""


def plain(text: Text) -> str:
    """The text without its styles."""
    return "".join(fragment for _, fragment in text)


def toolbar(parts: list[Text], width: int) -> Text:
    """The parts joined by `` · `` as far as they fit in ``width``; the rest is left out."""
    out: Text = []
    for part in parts:
        if len(plain(out)) + len(plain(part)) + 3 > width:
            break
        out += [("", " · ")] if out else [("", " ")]
        out += part
    return out


def whole_pieces(parts: Sequence[Text], room: int, *, lead: str = "", sep: str = " · ") -> Text:
    """``lead``, then the ``parts`` joined by ``sep`` as far as they fit in ``room``
    columns: a piece that does not fit, and every piece after it, is left out whole
    (nothing when not even the first fits)."""
    out: Text = []
    used = 0
    for part in parts:
        join = sep if out else lead
        size = len(join) + len(plain(part))
        if used + size > room:
            break
        out += [("", join), *part] if join else list(part)
        used += size
    return out


def wrap(label: Text, tokens: Sequence[Text], width: int, indent: int) -> Text:
    """``label`` then ``tokens`` separated by spaces, broken into lines of at most ``width``."""
    out: Text = list(label)
    column = len(plain(label))
    for token in tokens:
        size = len(plain(token))
        if column + 1 + size > width and column > indent:
            out.append(("", "\n" + " " * indent))
            column = indent
        else:
            out.append(("", " "))
            column += 1
        out += token
        column += size
    out.append(("", "\n"))
    return out


def reflow(line: Text, width: int, indent: int = 2) -> Text:
    """One line of styled text broken at spaces to fit ``width`` (``class:gap`` spaces hold)."""
    text = plain(line)
    lead = len(text) - len(text.lstrip(" "))
    indent = max(indent, lead)
    words: list[Text] = [[]]
    for style, chunk in line:
        if style == "class:gap":
            words[-1].append((style, chunk))
            continue
        for i, part in enumerate(chunk.split(" ")):
            if i:
                words.append([])
            if part:
                words[-1].append((style, part))
    out: Text = [("", " " * lead)] if lead else []
    column = lead
    for word in (w for w in words if w):
        size = len(plain(word))
        if column > lead and column + 1 + size > width:
            out.append(("", "\n" + " " * indent))
            column = indent
        elif column > lead:
            out.append(("", " "))
            column += 1
        out += word
        column += size
    return out


def fit(text: Text, width: int) -> Text:
    """``text`` with every line longer than ``width`` broken at spaces (the rest untouched)."""
    out: Text = []
    line: Text = []
    for style, chunk in text:
        pieces = chunk.split("\n")
        for i, piece in enumerate(pieces):
            if i:
                out += reflow(line, width, 0) if len(plain(line)) > width else line
                out.append(("", "\n"))
                line = []
            if piece:
                line.append((style, piece))
    out += reflow(line, width, 0) if len(plain(line)) > width else line
    return out


def unbroken(text: str, style: str = "") -> Text:
    """``text`` as one word for line breaking: a command to copy must stay on one line."""
    out: Text = []
    for i, word in enumerate(text.split(" ")):
        if i:
            out.append(("class:gap", " "))
        out.append((style, word))
    return out
