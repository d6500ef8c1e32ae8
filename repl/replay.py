"""``threethirteen replay FILE``: step through a saved game, or ``--verify`` it.

In a terminal the replay has a prompt like play (completion, inline
validation, help, a toolbar with the position); without one, or with
``--script FILE``, the same commands are read line by line and plain text is
printed. A damaged file is named with its line and exits with 1; a cut-off last
line is reported and the complete events before it are offered. Replaying
writes nothing: neither the autosave nor the statistics are touched.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from pathlib import Path

from prompt_toolkit import PromptSession
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output
from threethirteen.core.errors import LogFormatError
from threethirteen.core.events import Event
from threethirteen.core.log import TruncatedLogError
from threethirteen.core.verify import summary, verify_log
from threethirteen.repl.analyze import analysis_lines
from threethirteen.repl.i18n import LANGUAGES, Texts, language_from_environment
from threethirteen.repl.loop import make_session, run_lines, run_terminal
from threethirteen.repl.screen import PlainScreen, Screen, TerminalScreen
from threethirteen.repl.storage import data_dir, load_file
from threethirteen.repl.style import STYLE, wants_plain
from threethirteen.repl.viewer import Replay

__all__ = ["load_file", "main", "verify_main"]


def verify_main(path: Path, *, analyze: bool = False) -> int:
    """Print a one-line verdict; 0 when every recorded move and score is right.

    With ``analyze``, then list the human's costliest decisions by the hard AI's lights.
    """
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
    if analyze and verdict.ok:
        print("\n".join(analysis_lines(log)))
    return 0 if verdict.ok else 1


def read_replay(path: Path, screen: Screen, tx: Texts) -> tuple[Event, ...] | None:
    """The events to replay, or ``None`` after saying (on stderr) why there are none.

    A cut-off last line is reported; in a terminal the player is asked whether
    to replay the complete events before it, otherwise they are replayed.
    """
    try:
        return load_file(path).events
    except TruncatedLogError as error:
        count = len(error.prefix.events)
        if not count:
            _refuse(tx("replay.cannot_open", path=path, detail=tx.error(error)))
            return None
        said = tx("replay.truncated", path=path, line=error.line, n=count)
        if screen.interactive:
            if not screen.confirm(said + " " + tx("replay.truncated_ask") + tx("msg.yes_no"), True):
                return None
        else:
            screen.show([("class:warn", said + " " + tx("replay.truncated_go", n=count) + "\n")])
        return error.prefix.events
    except LogFormatError as error:
        _refuse(tx("replay.cannot_open", path=path, detail=tx.error(error)))
        return None


def _refuse(message: str) -> None:
    print(f"threethirteen replay: {message}", file=sys.stderr)


def replay_lines(path: Path, lines: Iterable[str], *, tx: Texts, at: int | None = None) -> int:
    """Replay ``path`` running ``lines`` as commands, printing plain text (scripts, pipes)."""
    screen = PlainScreen(sys.stdout)
    events = read_replay(path, screen, tx)
    if events is None:
        return 1
    replay = Replay(events, tx=tx, screen=screen, name=path.name)
    if not _start_at(replay, at, path):
        return 1
    replay.begin()
    return run_lines(replay, lines)


def replay_terminal(path: Path, *, tx: Texts, at: int | None = None) -> int:
    """Replay ``path`` at a prompt."""
    opened = open_replay(path, tx=tx, at=at)
    if opened is None:
        return 1
    return run_terminal(*opened)


def open_replay(
    path: Path,
    *,
    tx: Texts,
    at: int | None = None,
    input: Input | None = None,
    output: Output | None = None,
) -> tuple[Replay, PromptSession[str]] | None:
    """The replay of ``path`` at a terminal and its prompt, or ``None`` when it cannot open."""
    plain_text = wants_plain()
    screen = TerminalScreen(
        style=STYLE,
        plain_text=plain_text,
        input=input,
        output=output,
        yes_keys="jy" if tx.lang == "de" else "y",
    )
    events = read_replay(path, screen, tx)
    if events is None:
        return None
    replay = Replay(events, tx=tx, screen=screen, name=path.name)
    if not _start_at(replay, at, path):
        return None
    session = make_session(
        replay,
        history_path=data_dir() / "replay-history",
        plain_text=plain_text,
        input=input,
        output=output,
    )
    return replay, session


def _start_at(replay: Replay, at: int | None, path: Path) -> bool:
    if at is None:
        return True
    if not 1 <= at <= replay.total:
        _refuse(replay.tx("replay.bad_at", number=at, path=path, n=replay.total))
        return False
    replay.position = at
    return True


def parser() -> argparse.ArgumentParser:
    """The options of ``threethirteen replay``."""
    p = argparse.ArgumentParser(
        prog="threethirteen replay", description="Step through a saved game, or check it."
    )
    p.add_argument("file", type=Path, help="a saved game or simulator log (.jsonl)")
    p.add_argument(
        "--verify",
        action="store_true",
        help="re-decide every recorded move against the rules; exit 0 if all is right",
    )
    p.add_argument(
        "--analyze",
        action="store_true",
        help="verify, then list your costliest decisions against the hard AI's",
    )
    p.add_argument("--at", type=int, metavar="N", help="open at event N (default: 1)")
    p.add_argument("--lang", choices=LANGUAGES, help="en or de (default: from LANG)")
    p.add_argument("--script", type=Path, metavar="FILE", help="read the commands from FILE")
    return p


def main(argv: list[str]) -> int:
    """Replay or verify; the exit code."""
    args = parser().parse_args(argv)
    if args.verify or args.analyze:
        return verify_main(args.file, analyze=args.analyze)
    tx = Texts(args.lang or language_from_environment())
    if args.script is not None:
        try:
            lines = args.script.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as error:
            print(f"threethirteen replay: cannot read {args.script}: {error}", file=sys.stderr)
            return 2
        return replay_lines(args.file, lines, tx=tx, at=args.at)
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return replay_lines(args.file, sys.stdin, tx=tx, at=args.at)
    return replay_terminal(args.file, tx=tx, at=args.at)
