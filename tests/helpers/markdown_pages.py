"""The repository's Markdown pages as the documentation tests read them: the lines outside
fenced code blocks, and the code spans in a line (``tests/unit/test_docs_links.py`` checks
the links, ``tests/unit/test_docs_paths.py`` the paths a page names in code marks)."""

from __future__ import annotations

import re
from collections.abc import Iterator

FENCE = re.compile(r"^ {0,3}(```|~~~)")
"""A line that opens or closes a fenced code block."""
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
"""A code span: its backticks (group 1) and its text (group 2)."""


def prose(text: str) -> Iterator[tuple[int, str]]:
    """The numbered lines of a Markdown page outside fenced code blocks."""
    fenced = False
    for number, line in enumerate(text.split("\n"), start=1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield number, line
