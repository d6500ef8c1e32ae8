"""``threethirteen rules``: print the rule book, outside a game too."""

from __future__ import annotations

import argparse
import sys

from ..files.config import config_path, read_config
from ..files.shipped import rules_text
from ..kit.command_line import (
    add_language,
    command_parser,
    quiet_when_the_reader_leaves,
)
from ..words.i18n import language_from_environment

DESCRIPTION = """\
Print the rules of Three-Thirteen Rummy as this game
plays them (the same text as core/RULES.md in the
source, Markdown that reads as plain text).
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
    language = args.lang
    if language is None:
        config, _ = read_config(config_path())  # a broken file is play's to report
        language = config.language or language_from_environment()
    sys.stdout.write(rules_text(language))
    return 0
