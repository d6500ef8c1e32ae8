"""``threethirteen rules``: print the rule book, outside a game too."""

from __future__ import annotations

import argparse
import os
import pydoc
import shutil
import sys

from ..files.config import configured
from ..files.shipped import rules_text
from ..kit.command_line import (
    add_language,
    command_parser,
    quiet_when_the_reader_leaves,
)
from ..kit.markdown import render_markdown
from ..kit.style import wants_plain

DESCRIPTION = """\
Print the rules of Three-Thirteen Rummy as this game
plays them: on a terminal wrapped to its width, with
headings and bold, a page at a time when they do not
fit (your PAGER, or less); to a pipe as plain text.
"""


def parser() -> argparse.ArgumentParser:
    """The options of ``threethirteen rules``."""
    p = command_parser("threethirteen rules", DESCRIPTION)
    add_language(p)
    return p


@quiet_when_the_reader_leaves
def main(argv: list[str]) -> int:
    """Print the rules in the chosen language; the exit code."""
    args = parser().parse_args(argv)
    setup = configured(args.lang)  # a broken file is play's to report
    config, language = setup.config, setup.tx.lang
    text = rules_text(language)
    if not sys.stdout.isatty():
        sys.stdout.write(render_markdown(text, 80, color=False))
        return 0
    size = shutil.get_terminal_size()
    plain = wants_plain() or not config.color
    drawn = render_markdown(text, min(size.columns, 100), color=not plain)
    if plain or drawn.count("\n") < size.lines:
        sys.stdout.write(drawn)
    else:  # a page at a time; less shows the bold as bold (-R)
        os.environ.setdefault("LESS", "-R")
        pydoc.pager(drawn)
    return 0
