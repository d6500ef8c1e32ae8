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
import textwrap
from collections.abc import Iterable
from pathlib import Path

from ...core.errors import LogFormatError
from ...core.events import Event
from ...core.log import TruncatedLogError
from ...core.verify import verify_log
from ..files.config import configured
from ..files.history import kept_log
from ..files.paths import data_path
from ..files.reading import load_file
from ..files.save_names import bad_save_name, find_save, save_path, with_save_suffix
from ..files.shipped import find_replay, replay_path, shipped_replays
from ..kit.command_line import (
    add_language,
    add_script,
    command_parser,
    fill_block,
    quiet_when_the_reader_leaves,
    read_script,
    text_width,
)
from ..kit.loop import launch, piped_lines
from ..kit.safe import visible
from ..kit.screen import Screen
from ..words.i18n import Texts
from .analyze import analysis_lines, seat_named
from .replay_front import ReplayFront

__all__ = ["main", "verify_main"]


def verify_main(
    path: Path,
    *,
    analyze: bool = False,
    label: str | None = None,
    seat: str | None = None,
    tx: Texts | None = None,
    width: int = 80,
) -> int:
    """Print a one-line verdict; 0 when every recorded move and score is right and the log
    ends between moves (a deal not from the seed is said to be unchecked).

    With ``analyze``, then list the costliest decisions of ``seat`` (a number or a name; by
    default the human's) by the hard AI's lights.
    The verdict names the log as ``label`` (what the player typed) or its path; it is
    English whatever the language, as scripts and CI read it (broken to ``width`` only at
    a terminal). The analysis is for a person: it is said in ``tx``'s language, in
    ``width`` columns.
    """
    name = str(path) if label is None else label
    try:
        log = load_file(path, rules=False)  # the verdict below says what is wrong
    except TruncatedLogError as error:
        print(visible(f"{name}: {error}; {len(error.prefix.events)} complete events before it"))
        return 1
    except LogFormatError as error:
        print(visible(f"{name}: {error}"))
        return 1
    verdict = verify_log(log)
    said = visible(f"{name}: {Texts('en').verdict(verdict)}")
    print(textwrap.fill(said, width, subsequent_indent="  ") if sys.stdout.isatty() else said)
    if analyze and verdict.ok:
        chosen = None if seat is None else seat_named(log, seat)
        if seat is not None and chosen is None:
            names = ", ".join(log.events[0].seats)  # type: ignore[union-attr]
            print(visible(f"{name}: no seat {seat[:40]!r} in this game: its seats are {names}"))
            return 1
        print(visible("\n".join(laid_out(analysis_lines(log, seat=chosen, tx=tx), width))))
    # a log that stops inside a move (a deal half written, a draw without its discard)
    # is no game anyone played to that point: it does not pass
    return 0 if verdict.ok and verdict.complete else 1


def laid_out(lines: list[str], width: int) -> list[str]:
    """The lines of the analysis in ``width`` columns, broken between words: a heading
    goes on indented by two, an indented line (a decision) by four."""
    out: list[str] = []
    for line in lines:
        first = "  " if line.startswith("  ") else ""
        out += textwrap.wrap(
            line.strip(),
            width,
            initial_indent=first,
            subsequent_indent=first + "  ",
            break_on_hyphens=False,
        ) or [line]
    return out


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
            asked = said + " " + tx("replay.truncated_ask") + tx("msg.yes_no_enter_yes")
            if not screen.confirm(asked, True):
                return None
        else:
            screen.show([("class:warn", said + " " + tx("replay.truncated_go", n=count) + "\n")])
        return error.prefix.events
    except LogFormatError as error:
        _refuse(tx("replay.cannot_open", path=path, detail=tx.error(error)))
        return None


def _refuse(message: str) -> None:
    print(visible(f"threethirteen replay: {message}"), file=sys.stderr)


def open_replay_front(
    screen: Screen,
    path: Path,
    *,
    tx: Texts,
    at: int | None = None,
    sort: str = "suit",
    face_up: bool = False,
) -> ReplayFront | None:
    """The replay of ``path`` on ``screen``, at event ``at``; ``None`` after saying why it
    cannot open. ``sort`` is the first order of seat 0's hand. A game still in play is
    shown from seat 0 only unless ``face_up``, which a game of the player's own (a file in
    the data folder: the autosave, a save, a game kept aside) never is until it is over."""
    events = read_replay(path, screen, tx)
    if events is None:
        return None
    if face_up and own_file(path):
        screen.show([("class:warn", tx("replay.face_up_own", path=path)), ("", "\n")])
        face_up = False
    replay = ReplayFront(events, tx=tx, screen=screen, name=path.name, face_up=face_up)
    replay.sort = sort
    return replay if _start_at(replay, at, path) else None


def own_file(path: Path) -> bool:
    """Whether ``path`` is in the player's own data folder (where every game they play at
    this terminal is kept)."""
    try:
        return path.resolve().is_relative_to(data_path().resolve())
    except OSError:
        return False


def _start_at(replay: ReplayFront, at: int | None, path: Path) -> bool:
    if at is None:
        return True
    if not 1 <= at <= replay.total:
        _refuse(replay.tx("replay.bad_at", number=at, path=path, n=replay.total))
        return False
    replay.position = at
    return True


DESCRIPTION = """\
Step through a saved game with every hand face up, or
check it. A game still in play is shown from your seat
only, as you were told it, until it is over.

FILE is any game log: a save, the autosave, a bug report,
a simulate --log-dir game. NAME is a game saved with
save NAME (found as load NAME finds it), a curated game
that comes with the game (--list names them, with what
each shows), or the number of one of your finished games
(threethirteen history lists them); a file of that name
wins. In a terminal you get
a prompt (help lists its commands); from a pipe or with
--script, the commands are read line by line and plain
text is printed, and the first command refused ends the
script with exit code 1. Replaying writes nothing but
the prompt's history. A damaged file is named with its
line and exit code 1.
"""
"""What ``threethirteen replay --help`` says first (plain text, at most 60 columns)."""


def parser() -> argparse.ArgumentParser:
    """The options of ``threethirteen replay``."""
    p = command_parser("threethirteen replay", DESCRIPTION)
    p.add_argument(
        "file",
        nargs="?",
        metavar="FILE|NAME",
        help="a saved game or a simulator log (.jsonl), the name of a game saved with save "
        "NAME or of a curated game, or the number of a game in your history",
    )
    p.add_argument(
        "--list", action="store_true", help="list the curated games that come with the game"
    )
    p.add_argument(
        "--verify",
        action="store_true",
        help="re-decide every recorded move and score against the rules; print one line "
        "and exit 0 if all is right, else name the first bad line and exit 1",
    )
    p.add_argument(
        "--analyze",
        action="store_true",
        help="verify, then list the human's costliest decisions against the hard AI's",
    )
    p.add_argument(
        "--seat",
        metavar="SEAT",
        help="with --analyze: the seat to review, its number (1-4) or its name in the log "
        "(a player's at a shared table); default: the human's",
    )
    p.add_argument(
        "--at", type=int, metavar="N", help="open at event N, the seq of its line (default 1)"
    )
    p.add_argument(
        "--face-up",
        action="store_true",
        help="show every hand of a game still in play (someone else's: a bug report); a "
        "game of yours in play is shown from your seat only until it is over",
    )
    add_language(p)
    add_script(p)
    return p


@quiet_when_the_reader_leaves
def main(argv: list[str]) -> int:
    """Replay or verify; the exit code."""
    args = parser().parse_args(argv)
    if args.list:
        print(visible(list_text(configured(args.lang).tx, text_width())))
        return 0
    if args.file is None:
        parser().error("name a FILE to replay, or a curated game (--list shows them)")
    setup = configured(args.lang)
    config, tx = setup.config, setup.tx
    path = replay_file(args.file)
    if not path.exists():
        _refuse(not_found(args.file, tx))
        return 1
    if args.seat is not None and not args.analyze:
        parser().error("--seat goes with --analyze")
    if args.verify or args.analyze:  # the config's problems are told when a game is shown
        numbered = path not in (Path(args.file), find_save(args.file))
        numbered = numbered and find_replay(args.file) is None
        label = f"game {args.file}" if numbered else args.file
        return verify_main(
            path, analyze=args.analyze, label=label, seat=args.seat, tx=tx, width=text_width()
        )
    for said in setup.warnings():
        _refuse(said)
    scripted = not (sys.stdin.isatty() and sys.stdout.isatty())
    lines: Iterable[str] | None = piped_lines(sys.stdin) if scripted else None
    if args.script is not None:
        try:
            lines = read_script(args.script)
        except (OSError, ValueError) as error:
            _refuse(f"cannot read {args.script}: {error}")
            return 2

    def open_front(screen: Screen) -> ReplayFront | None:
        return open_replay_front(
            screen, path, tx=tx, at=args.at, sort=config.sort, face_up=args.face_up
        )

    name = "threethirteen replay"
    return launch(
        open_front, script=lines, tx=tx, history="replay-history", name=name, color=config.color
    )


def replay_file(argument: str) -> Path:
    """The log ``argument`` names: a file when one is there, else a game saved by that name
    (found as ``load NAME`` finds it), else a curated game's log, else the kept log of the
    game of that number in your history.

    A path that exists always wins, so a file of one's own is never shadowed by a save,
    a curated game or a game of the history; nor a save by a curated game. A name that is
    none of them is left as a path, for the reader to report as missing.
    """
    path = Path(argument)
    if path.exists():
        return path
    saved = None if bad_save_name(argument) else find_save(argument)
    if saved is not None:
        return saved
    game = find_replay(argument)
    if game is not None:
        return replay_path(game)
    if argument.isascii() and argument.isdigit() and len(argument) <= 9:
        return kept_log(int(argument)) or path
    return path


def not_found(argument: str, tx: Texts) -> str:
    """What ``replay NAME`` says when NAME is nowhere: each place it was looked for."""
    file = Path(argument).absolute()
    save = None if bad_save_name(argument) else save_path(argument).absolute()
    if save is None or save == with_save_suffix(file):
        return tx("replay.not_found_file", name=argument, file=file)
    return tx("replay.not_found", name=argument, file=file, save=save)


NARROWEST_BESIDE = 30
"""The fewest columns beside the names for ``--list`` to write what each game shows there;
fewer, and it goes under its name."""


def list_text(tx: Texts, width: int = 80) -> str:
    """The curated games in ``width`` columns: the name to replay it by and what it shows
    (in ``tx``'s language), broken between words beside the names, or under each name
    where there is no room beside them."""
    games = shipped_replays()
    names = max(len(game.name) for game in games)
    room = width - names - 2
    lines: list[str] = []
    for game in games:
        shows = game.shows_in(tx.lang)
        if room >= NARROWEST_BESIDE:
            rows = textwrap.wrap(shows, room, break_on_hyphens=False)
            lines.append(f"{game.name:<{names}}  {rows[0]}")
            lines += [" " * (names + 2) + row for row in rows[1:]]
        else:
            lines.append(game.name)
            lines += textwrap.wrap(shows, width, initial_indent="    ", subsequent_indent="    ")
    lines.append("")
    lines += fill_block(tx("replay.list_open"), width).splitlines()
    return "\n".join(lines)
