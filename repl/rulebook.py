"""``threethirteen rules``: print the rule book, outside a game too."""

from __future__ import annotations

import argparse
import sys

from threethirteen.core import __version__
from threethirteen.repl.i18n import LANGUAGES, language_from_environment
from threethirteen.repl.shipped import rules_text


def parser() -> argparse.ArgumentParser:
    """The options of ``threethirteen rules``."""
    p = argparse.ArgumentParser(
        prog="threethirteen rules",
        description="Print the rules of Three-Thirteen Rummy as this game plays them.",
    )
    p.add_argument("--lang", choices=LANGUAGES, help="en or de (default: from LANG)")
    p.add_argument("-V", "--version", action="version", version=f"threethirteen {__version__}")
    return p


def main(argv: list[str]) -> int:
    """Print the rules in the chosen language; the exit code."""
    args = parser().parse_args(argv)
    sys.stdout.write(rules_text(args.lang or language_from_environment()))
    return 0
