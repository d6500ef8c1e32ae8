"""What every ``threethirteen`` command line shares.

``-V``/``--version``, the closing words of every ``--help`` (the files and the
environment variables the game reads), and a quiet end when whoever reads the
output stops reading (``threethirteen simulate | head -1``).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import os
import shutil
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import ParamSpec, TextIO

from ...core import __version__
from ..files.bounded import read_text
from ..words.i18n import LANGUAGES

VERSION = f"threethirteen {__version__}"

FILES_AND_ENVIRONMENT = """\
files (play and replay; simulate and bench use none):
  $XDG_DATA_HOME/threethirteen
      saved games, your finished games, statistics,
      bug reports
      (default ~/.local/share/threethirteen)
  $XDG_CONFIG_HOME/threethirteen/config.toml
      your settings: level, speed, language, sort,
      jokers, aces, color; options given here win
      (default ~/.config/threethirteen/config.toml)

environment:
  XDG_DATA_HOME, XDG_CONFIG_HOME
      where the folders above are
  NO_COLOR
      set and not empty: plain text, no colours
      (TERM=dumb too)
  LC_ALL, LC_MESSAGES, LANG, LANGUAGE
      the first one set chooses the language when
      neither --lang nor the config file does:
      German if it starts with "de", else English
"""
"""The epilog of every subcommand's ``--help``; no line is wider than 60 columns."""

CLOSED_PIPE = 141
"""The exit code when the reader went away: 128 + SIGPIPE, what the shell reports for
``cat``, ``seq`` or ``git log`` cut off by ``head``. A ``set -o pipefail`` script sees
the same status from this game as from any other tool; without pipefail the pipeline's
status is the reader's own."""


WIDEST_HELP = 100
"""The widest a ``--help`` is drawn, however wide the terminal: longer lines read badly."""


def text_width() -> int:
    """The columns a command's text for a person fills (a list, an analysis): the
    terminal's (``COLUMNS`` when set; 80 when the output is no terminal), at most
    :data:`WIDEST_HELP`."""
    return min(shutil.get_terminal_size().columns, WIDEST_HELP)


def help_width() -> int:
    """The columns a ``--help`` fills: the terminal's (``COLUMNS`` when set), at most
    :data:`WIDEST_HELP`, less the two argparse leaves free at the right."""
    return min(shutil.get_terminal_size().columns, WIDEST_HELP) - 2


def fill_block(text: str, width: int) -> str:
    """``text`` laid out in ``width`` columns, its paragraphs kept: the unindented lines of
    a paragraph are wrapped again to the width (they are written in 60 columns), and an
    indented line (a command to type, the epilog's list of files) is kept as written while
    it fits, else broken at spaces under its own indent (less indent for a word that would
    not fit under it: a path stays whole)."""
    out: list[str] = []
    prose: list[str] = []
    for line in text.splitlines():
        if line and not line[0].isspace():
            prose.append(line)
            continue
        if prose:
            out += textwrap.wrap(" ".join(prose), width, break_on_hyphens=False)
            prose = []
        out += _indented(line, width)
    if prose:
        out += textwrap.wrap(" ".join(prose), width, break_on_hyphens=False)
    return "\n".join(out)


def _indented(line: str, width: int) -> list[str]:
    """An indented line in ``width`` columns (see :func:`fill_block`)."""
    if len(line) <= width:
        return [line]
    words = line.split()
    indent = len(line) - len(line.lstrip())
    indent = max(0, min(indent, width - max(len(word) for word in words)))
    lead = " " * indent
    return textwrap.wrap(
        " ".join(words),
        width,
        initial_indent=lead,
        subsequent_indent=lead,
        break_long_words=False,
        break_on_hyphens=False,
    )


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help in :func:`help_width` columns, whose description and epilog keep
    their paragraphs (:func:`fill_block`)."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=help_width())

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        filled = fill_block(text, width - len(indent))
        return "\n".join(indent + line if line else line for line in filled.splitlines())


def command_parser(
    prog: str, description: str, epilog: str = FILES_AND_ENVIRONMENT
) -> argparse.ArgumentParser:
    """A subcommand's parser: its description wrapped to the terminal, -V/--version, the
    epilog (the files and the environment a game at a terminal reads, unless the command
    has its own)."""
    parser = argparse.ArgumentParser(
        prog=prog,
        description=description,
        epilog=epilog,
        formatter_class=HelpFormatter,
    )
    parser.add_argument(
        "-V", "--version", action="version", version=VERSION, help=f"print '{VERSION}' and exit"
    )
    return parser


def add_language(parser: argparse.ArgumentParser) -> None:
    """``--lang en|de``: the language of the game's words."""
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        help="English or German (default: the config file's language, else the locale)",
    )


def add_script(parser: argparse.ArgumentParser) -> None:
    """``--script FILE``: commands read from a file instead of typed."""
    parser.add_argument(
        "--script",
        type=Path,
        metavar="FILE",
        help="read the commands from FILE, one a line (# starts a comment)",
    )


SCRIPT_BYTES = 1 << 20
"""The most a ``--script FILE`` may hold: a megabyte is thousands of games' moves."""


def read_script(path: Path) -> list[str]:
    """The lines of a script of commands (``--script FILE``), read as every file from
    outside is (:func:`~..files.bounded.read_text`: a regular file, at most
    :data:`SCRIPT_BYTES`). Raises ``OSError`` (no such file, not a file) or
    ``ValueError`` (too large, not UTF-8), each with words to show."""
    return read_text(path, SCRIPT_BYTES).splitlines()


def stop_writing(stream: TextIO) -> None:
    """Point ``stream``'s file at /dev/null, so the last flush at exit stays quiet too."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)


P = ParamSpec("P")


def quiet_when_the_reader_leaves(main: Callable[P, int]) -> Callable[P, int]:
    """``main``, ending with :data:`CLOSED_PIPE` and no traceback when stdout's reader left."""

    @functools.wraps(main)
    def run(*args: P.args, **kwargs: P.kwargs) -> int:
        try:
            code = main(*args, **kwargs)
            sys.stdout.flush()  # a closed pipe is found here when the output was buffered
        except BrokenPipeError:
            stop_writing(sys.stdout)
            return CLOSED_PIPE
        return code

    return run
