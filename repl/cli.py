"""The ``threethirteen`` command: play (the default), learn, replay, history, stats, simulate,
bench, rules, serve."""

from __future__ import annotations

import difflib
import importlib
import shutil
import sys
import textwrap

from ..core import __version__
from .kit.command_line import FILES_AND_ENVIRONMENT, fill_block, quiet_when_the_reader_leaves
from .kit.safe import visible

SUBCOMMANDS: dict[str, str] = {
    "play": "threethirteen.repl.solo.play",
    "learn": "threethirteen.repl.solo.learn",
    "replay": "threethirteen.repl.solo.replay",
    "simulate": "threethirteen.repl.lab.simulate",
    "bench": "threethirteen.repl.lab.bench",
    "rules": "threethirteen.repl.solo.rulebook",
    "history": "threethirteen.repl.solo.past:history_main",
    "stats": "threethirteen.repl.solo.past:stats_main",
    "serve": "threethirteen.repl.server.serve",
}
"""Each subcommand's module and its ``main(argv) -> int`` (``module:function`` when the
function has another name)."""

COMMANDS: tuple[tuple[str, str], ...] = (
    ("threethirteen [play] [options]", "play against 1 to 7 AI opponents"),
    ("threethirteen learn [--lang de]", "learn the game: a guided first game"),
    ("threethirteen replay FILE|NAME", "step through a saved or a curated game"),
    ("threethirteen replay --list", "the curated games that come with it"),
    ("threethirteen history [--all]", "your finished games, by number"),
    ("threethirteen stats", "your results by opponents and options"),
    ("threethirteen simulate [options]", "let AI players play many games"),
    ("threethirteen bench [--quick]", "measure the engine's speed"),
    ("threethirteen rules [--lang de]", "print the rules"),
    ("threethirteen serve [options]", "host shared tables: SSH, and the web"),
    ("threethirteen -V | --version | -h | --help", ""),
)
"""What ``threethirteen --help`` lists: each command line and what it does."""


def usage_text(width: int = 80) -> str:
    """``threethirteen --help``: the commands beside what each does, or each with what it
    does on the next line where the two do not fit ``width``; every line in ``width``."""
    room = max(len(command) for command, what in COMMANDS if what) + 3
    beside = all(7 + room + len(what) <= width for _, what in COMMANDS)
    lines = []
    for number, (command, what) in enumerate(COMMANDS):
        head = ("usage: " if number == 0 else " " * 7) + command
        if beside and what:
            lines.append(f"{head:<{7 + room}}{what}")
        else:
            lines += fill_block(head, width).splitlines()
            if what:
                lines += fill_block(" " * 11 + what, width).splitlines()
    more = textwrap.fill(
        f"threethirteen {__version__}; 'threethirteen COMMAND --help' tells more.", width
    )
    files = fill_block(FILES_AND_ENVIRONMENT, width)
    return "\n".join(lines) + f"\n\n{more}\n\n{files}\n"


EXIT_USAGE = 2
"""The exit code of a command line that cannot be understood (as argparse uses)."""


@quiet_when_the_reader_leaves
def main(argv: list[str] | None = None) -> int:
    """Run the command line; the exit code is 0 on success."""
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in ("-h", "--help", "help"):
        print(usage_text(shutil.get_terminal_size().columns))
        return 0
    if args and args[0] in ("-V", "--version"):
        print(f"threethirteen {__version__}")
        return 0
    if args and args[0] in SUBCOMMANDS:
        command, rest = args[0], args[1:]
    elif args and not args[0].startswith("-"):
        guess = difflib.get_close_matches(args[0], SUBCOMMANDS, n=1)
        hint = f" (did you mean '{guess[0]}'?)" if guess else ""
        unknown = visible(args[0])
        usage = usage_text(shutil.get_terminal_size().columns)
        print(f"threethirteen: unknown command '{unknown}'{hint}\n\n{usage}", file=sys.stderr)
        return EXIT_USAGE
    else:
        command, rest = "play", args
    where, _, function = SUBCOMMANDS[command].partition(":")
    try:
        module = importlib.import_module(where)
    except ImportError as error:
        # Every subcommand ships with the game: one that cannot be imported is a
        # broken install, never a command that does not exist yet.
        from .files.install import installed, reinstall_command

        again = reinstall_command(installed())
        how = f":\n  {again}" if again else " from your clone of the game."
        print(
            f"threethirteen {__version__}: cannot load '{command}': {error}\n"
            f"This installation is broken; install it again{how}",
            file=sys.stderr,
        )
        return 1
    code: int = getattr(module, function or "main")(rest)
    return code


if __name__ == "__main__":
    sys.exit(main())
