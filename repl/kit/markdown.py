"""The rule book's Markdown, drawn for a terminal: headings, bold, lists and tables,
wrapped to the width, with no Markdown marks left for the player to read past.

Only what ``core/RULES.md`` uses is understood: ``#`` headings, paragraphs, ``-`` and
``1.`` lists (a continuation indented under its item), ``**bold**``, ``*emphasis*``
(italic; without colour, the words alone), ```code```, tables, and ``<!-- … -->``
comments (notes for developers, left out).
"""

from __future__ import annotations

import re
import textwrap
import unicodedata

BOLD, UNDERLINE, RESET = "\x1b[1m", "\x1b[4m", "\x1b[0m"
ITALIC, NOT_ITALIC = "\x1b[3m", "\x1b[23m"

_COMMENT = re.compile(r"<!--.*?-->", re.S)
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_EMPHASIS = re.compile(r"(?<![*\w])\*(?![\s*])([^*]+?)(?<!\s)\*(?![*\w])")
_CODE = re.compile(r"`([^`]+)`")
_ITEM = re.compile(r"(\s*)([-*]|\d+\.)\s+(.*)")
_MARK = "\x00"
"""Stands for bold's start and end while a line is wrapped (one column each)."""
_SLANT = "\x01"
"""Stands for emphasis's start and end, as :data:`_MARK` for bold."""


def render_markdown(text: str, width: int = 80, *, color: bool = True) -> str:
    """``text`` as a terminal shows it: ``color`` for bold and underlined headings, or
    plain text with headings underlined by a line of ``=`` or ``-``."""
    width = max(width, 30)
    out: list[str] = []
    lines = _COMMENT.sub("", text).splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        if line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            title = _inline(line[level:].strip(), color=False).replace(_MARK, "")
            if out and out[-1]:
                out.append("")
            if color:
                out.append(f"{BOLD}{UNDERLINE if level == 1 else ''}{title}{RESET}")
            else:
                out += [title, ("=" if level == 1 else "-") * _width(title)]
            i += 1
            continue
        if line.lstrip().startswith("|"):
            rows = []
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                rows.append(lines[i])
                i += 1
            out += _table(rows, width, color)
            out.append("")
            continue
        block = [line]
        i += 1
        while i < len(lines) and lines[i].strip() and not _starts_block(lines[i]):
            block.append(lines[i])
            i += 1
        out += _block(block, width, color)
    while out and not out[-1]:
        out.pop()
    return "\n".join(out) + "\n"


def _starts_block(line: str) -> bool:
    return line.startswith("#") or line.lstrip().startswith("|") or bool(_ITEM.fullmatch(line))


def _block(block: list[str], width: int, color: bool) -> list[str]:
    """A paragraph, or one list item with its continuation lines."""
    item = _ITEM.fullmatch(block[0])
    if item is None:
        return [*_wrap(" ".join(part.strip() for part in block), width, "", "", color), ""]
    indent, mark, first = item.groups()
    lead = f"{indent}{'•' if mark in '-*' else mark} "
    words = " ".join([first, *(part.strip() for part in block[1:])])
    return _wrap(words, width, lead, " " * len(lead), color)


def _inline(text: str, *, color: bool) -> str:
    """Bold and emphasis marked for wrapping (or dropped, without colour); code as its
    text, never read for marks (a ``*`` in code is a star)."""
    out = []
    for n, part in enumerate(_CODE.split(text)):
        if n % 2:  # the text of a code span
            out.append(part)
            continue
        part = _BOLD.sub(lambda m: f"{_MARK}{m.group(1)}{_MARK}" if color else m.group(1), part)
        part = _EMPHASIS.sub(
            lambda m: f"{_SLANT}{m.group(1)}{_SLANT}" if color else m.group(1), part
        )
        out.append(part)
    return "".join(out)


_TURNS = {_MARK: (BOLD, RESET), _SLANT: (ITALIC, NOT_ITALIC)}
"""Each mark's escape codes: on, off."""


def _wrap(text: str, width: int, first: str, rest: str, color: bool) -> list[str]:
    marked = _inline(text, color=color)
    lines = textwrap.wrap(
        marked, width, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False
    )
    out: list[str] = []
    on: list[str] = []  # the marks open at the end of the line before
    for line in lines:  # bold or emphasis that goes on over a line break ends and starts again
        drawn = "".join(_TURNS[mark][0] for mark in on)
        for char in line:
            if char not in _TURNS:
                drawn += char
            elif char in on:
                on.remove(char)
                drawn += _TURNS[char][1] + "".join(_TURNS[mark][0] for mark in on)
            else:
                on.append(char)
                drawn += _TURNS[char][0]
        out.append(drawn + (RESET if on else ""))
    return out


def _table(rows: list[str], width: int, color: bool) -> list[str]:
    """A table in aligned columns (its last column wrapped in its own width when the
    terminal is narrow), or, narrower still, one row per line."""
    cells = [[_inline(c.strip(), color=False).replace(_MARK, "") for c in _split(r)] for r in rows]
    cells = [row for row in cells if not all(set(c) <= set("-: ") for c in row)]
    if not cells:
        return []
    count = max(len(row) for row in cells)
    cells = [row + [""] * (count - len(row)) for row in cells]
    sizes = [max(_width(row[n]) for row in cells) for n in range(count)]
    room = min(sizes[-1], width - 2 - sum(sizes[:-1]) - 3 * (count - 1))
    if room >= min(20, sizes[-1]):  # the last column wrapped within its own width, if need be
        gap = "  " + " │ ".join(" " * size for size in sizes[:-1]) + " │ "
        out = []
        for number, row in enumerate(cells):
            padded = [_pad(cell, size) for cell, size in zip(row[:-1], sizes, strict=False)]
            first, *more = textwrap.wrap(row[-1], room) or [""]
            line = "  " + " │ ".join([*padded, first])
            out.append(f"{BOLD}{line}{RESET}" if number == 0 and color else line)
            out += [gap + piece for piece in more]
        return out
    head, *body = cells
    out = []
    for row in body:
        pairs = [f"{h}: {c}" for h, c in zip(head, row, strict=False) if c]
        out += textwrap.wrap(" · ".join(pairs), width, initial_indent="• ", subsequent_indent="  ")
    return out


def _split(row: str) -> list[str]:
    return row.strip().strip("|").split("|")


def _width(text: str) -> int:
    """Columns ``text`` takes (a wide character two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, size: int) -> str:
    return text + " " * (size - _width(text))
