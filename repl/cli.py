"""The ``threethirteen`` command: play (the default), replay, simulate, bench."""

from __future__ import annotations

import importlib
import sys

from threethirteen.core import __version__

SUBCOMMANDS: dict[str, str] = {
    "play": "threethirteen.repl.app",
    "replay": "threethirteen.repl.replay",
    "simulate": "threethirteen.repl.simulate",
    "bench": "threethirteen.repl.bench",
}
"""Each subcommand's module; each has ``main(argv) -> int``."""

USAGE = f"""\
usage: threethirteen [play] [options]     play a game against three AI opponents
       threethirteen replay FILE          step through a saved game
       threethirteen simulate [options]   let AI players play many games
       threethirteen bench [--quick]      measure the engine's speed
       threethirteen --version | --help

threethirteen {__version__}; 'threethirteen COMMAND --help' tells more.
"""


def main(argv: list[str] | None = None) -> int:
    """Run the command line; the exit code is 0 on success."""
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0
    if args and args[0] == "--version":
        print(f"threethirteen {__version__}")
        return 0
    command = args[0] if args and args[0] in SUBCOMMANDS else "play"
    rest = args[1:] if args and args[0] in SUBCOMMANDS else args
    try:
        module = importlib.import_module(SUBCOMMANDS[command])
    except ModuleNotFoundError:
        print(f"threethirteen {__version__}: '{command}' is not built yet.\n\n{USAGE}")
        return 0 if command == "play" else 2
    code: int = module.main(rest)
    return code


if __name__ == "__main__":
    sys.exit(main())
