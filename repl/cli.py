"""The ``threethirteen`` command."""

from __future__ import annotations

import sys

from core import __version__

USAGE = """\
usage: threethirteen [play] [--seed N] [--jokers 0|2|4] [--aces low|high]
       threethirteen bench [--quick]
       threethirteen --version
"""


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "bench":
        from repl.bench import main as bench_main

        return bench_main(args[1:])
    if "--version" in args:
        print(f"threethirteen {__version__}")
        return 0
    print(f"threethirteen {__version__}: the terminal game is not built yet.\n{USAGE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
