"""``threethirteen replay FILE``: step through a saved game, or ``--verify`` / ``--analyze`` it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from core.errors import LogFormatError
from core.log import GameLog, TruncatedLogError, read_log
from core.verify import summary, verify_log


def load_file(path: Path) -> GameLog:
    """Read a saved game; every problem becomes a ``LogFormatError`` naming the file."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise LogFormatError("file_unreadable", path=str(path), detail=error.strerror) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise LogFormatError("log_not_utf8", line=line) from None
    return read_log(text)


def verify_main(path: Path) -> int:
    """Print a one-line verdict; 0 when every recorded move and score is right."""
    try:
        log = load_file(path)
    except TruncatedLogError as error:
        print(f"{path}: {error}; {len(error.prefix.events)} complete events before it")
        return 1
    except LogFormatError as error:
        print(f"{path}: {error}")
        return 1
    verdict = verify_log(log)
    print(f"{path}: {summary(verdict)}")
    return 0 if verdict.ok else 1


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="threethirteen replay", description="Step through a saved game, or check it."
    )
    parser.add_argument("file", type=Path, help="a saved game or simulator log (.jsonl)")
    parser.add_argument(
        "--verify",
        action="store_true",
        help="re-decide every recorded move against the rules; exit 0 if all is right",
    )
    args = parser.parse_args(argv)
    if args.verify:
        return verify_main(args.file)
    print("the interactive replay mode is not built yet; use --verify", file=sys.stderr)
    return 2
