"""``threethirteen`` / ``threethirteen play``: start a game at once, or resume the saved one.

In a terminal the game is played at a prompt (completion, validation,
history, a toolbar) and autosaved after every event. When standard input is
not a terminal, or with ``--script FILE``, the same commands are read line by
line and plain text is printed: ``threethirteen play --seed 7 --script moves.txt``
reproduces a game. Scripted games neither touch the autosave nor count in the
statistics. ``--replay-to FILE:N`` rebuilds a saved game (a bug report) up to
event N and plays on from there, outside the autosave and the statistics too.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from pathlib import Path

from ...core.cards import joker_choices
from ...core.errors import GameError, LogFormatError
from ...core.log import GameLog, TruncatedLogError
from ...core.moves import is_move_of
from ...core.seats import MAX_SEATS, MIN_SEATS, decks_for
from ..files.config import Config, configured
from ..files.history import HISTORY
from ..files.lock import claim_folder
from ..files.log_file import LogFile
from ..files.paths import AUTOSAVE, LESSON, data_dir
from ..files.reading import load_file
from ..files.reproduce import Rebuilt, ReproduceError, explain, parse_target, rebuild
from ..files.save_names import kept_games
from ..kit.command_line import (
    add_language,
    add_script,
    command_parser,
    quiet_when_the_reader_leaves,
    read_script,
)
from ..kit.front import Front
from ..kit.loop import launch, piped_lines
from ..kit.safe import visible
from ..kit.screen import Screen
from ..kit.seat import SeatFront
from ..words.i18n import Texts
from .game import new_solo_front, solo_front, solo_game
from .keeping import kept_in_place, kept_line
from .replay import open_replay_front
from .settings import DELAYS, YOU, Settings, level_list

LEVELS = ("easy", "medium", "hard")


DESCRIPTION = """\
Three-Thirteen Rummy against AI opponents: three (Left,
Top and Right) unless --players says how many play, 2
to 8 with you. Two play with one deck, three to five
with two, six to eight with three; jokers are 0, one
or two per deck. The game deals at once; if a game was
left unfinished, it asks whether to resume it (unless
options here ask for a game: then that game is dealt
and the unfinished one is kept aside). Every event is
autosaved.

Without a terminal (a pipe, or --script FILE) the same
commands are read line by line and plain text is
printed; the first command refused (a typo, a move
against the rules) ends the script with exit code 1.
A script touches neither the autosave nor the
statistics.

Options given here win over the config file, which wins
over the defaults below.
"""
"""What ``threethirteen play --help`` says first (plain text, at most 60 columns)."""


def parser() -> argparse.ArgumentParser:
    """The options of ``threethirteen play``."""
    p = command_parser("threethirteen play", DESCRIPTION)
    p.add_argument(
        "--seed",
        type=int,
        metavar="N",
        help="deal the cards of seed N (default: a random seed; the seed command shows it)",
    )
    p.add_argument(
        "--players",
        type=int,
        metavar="N",
        help=f"players at the table, you included: {MIN_SEATS} to {MAX_SEATS} (default 4)",
    )
    p.add_argument(
        "--jokers",
        type=int,
        metavar="N",
        help="jokers in the decks: 0, one or two per deck (0, 2 or 4 with two decks); default 0",
    )
    p.add_argument(
        "--aces",
        choices=("low", "high"),
        help="aces low (A-2-3, an ace costs 1) or high (Q-K-A, 15); default low",
    )
    p.add_argument(
        "--level",
        choices=LEVELS,
        metavar="LEVEL",
        help="the opponents' level: easy, medium or hard (default medium)",
    )
    p.add_argument(
        "--levels",
        metavar="L1,L2,…",
        help="each opponent's level, clockwise from your left (hard,medium,easy)",
    )
    p.add_argument(
        "--speed",
        choices=tuple(DELAYS),
        metavar="SPEED",
        help="how fast the opponents' turns are told: instant, fast, normal or step "
        "(a key after each turn); default normal",
    )
    add_language(p)
    add_script(p)
    p.add_argument(
        "--new",
        action="store_true",
        help="deal a new game without offering to resume the saved one (kept aside)",
    )
    p.add_argument(
        "--coach",
        action="store_true",
        help="after a move of yours that costs clearly more than the hard AI's choice, say "
        "what it would have done and why (the game counts as assisted); coach on|off in a game",
    )
    p.add_argument(
        "--replay-to",
        metavar="FILE:N",
        help="rebuild the game saved in FILE up to event N and play on from there",
    )
    return p


@quiet_when_the_reader_leaves
def main(argv: list[str] | None = None) -> int:
    """Play; the exit code."""
    args = parser().parse_args(sys.argv[1:] if argv is None else argv)
    setup = configured(args.lang)
    settings_file, config, tx = setup.path, setup.config, setup.tx
    for said in setup.warnings():
        print(visible(f"threethirteen: {said}"), file=sys.stderr)
    scripted = args.script is not None or not (sys.stdin.isatty() and sys.stdout.isatty())
    # A script reproduces a game: what deals and plays it (level, jokers, aces) comes from
    # its command line only, never from whoever's config file happens to run it.
    settings = settings_from(args, config.for_scripts() if scripted else config)
    refused = table_problem(args, settings, tx)
    if refused is not None:
        print(visible(f"threethirteen: {refused}"), file=sys.stderr)
        return 2
    if settings.jokers not in joker_choices(decks_for(settings.seats)):  # the config file's
        print(visible(f"threethirteen: {jokers_problem(settings, tx)}"), file=sys.stderr)
        settings.jokers = 0
    rebuilt = None
    if args.replay_to is not None and args.seed is not None:
        parser().error("--seed cannot go with --replay-to: the game's seed is in the file")
    if args.replay_to is not None:
        try:
            rebuilt = rebuild(*parse_target(args.replay_to))
        except ReproduceError as error:
            print(visible(f"threethirteen: {explain(error, tx)}"), file=sys.stderr)
            return 1
    lines: Iterable[str] | None = piped_lines(sys.stdin) if scripted else None
    if args.script is not None:
        try:
            lines = read_script(args.script)
        except (OSError, ValueError) as error:
            print(visible(f"threethirteen: cannot read {args.script}: {error}"), file=sys.stderr)
            return 2

    def open_front(screen: Screen) -> Front | None:
        return open_play(
            screen,
            seed=args.seed,
            settings=settings,
            tx=tx,
            offer_resume=not (args.new or asks_for_a_game(args)),
            rebuilt=rebuilt,
            settings_file=settings_file,
        )

    color = settings.color
    return launch(
        open_front, script=lines, tx=tx, history="history", name="threethirteen", color=color
    )


GAME_OPTIONS = ("seed", "players", "jokers", "aces", "level", "levels")
"""The options that say which game to deal: given, that game is dealt, not the saved one."""


def asks_for_a_game(args: argparse.Namespace) -> bool:
    """Whether the command line asks for a game of its own (``--seed 5``, ``--players
    3`` …): then a saved unfinished game is kept aside, not offered (``--speed`` and
    ``--lang`` say how to play, not which game)."""
    return any(getattr(args, option) is not None for option in GAME_OPTIONS)


def settings_from(args: argparse.Namespace, config: Config) -> Settings:
    """The settings of this game: the command line's options, else the config file's
    (:func:`table_problem` says what is wrong with the command line's)."""
    levels = level_list(args.levels) if args.levels else ()
    level = args.level or config.level
    if len(levels) == 1:  # one level: every opponent plays it
        level, levels = levels[0], ()
    return Settings(
        speed=args.speed or config.speed,
        sort=config.sort,
        level=level,
        jokers=config.jokers if args.jokers is None else args.jokers,
        aces_high=(args.aces or config.aces) == "high",
        color=config.color,
        seats=config.players if args.players is None else args.players,
        levels=levels,
        coach=args.coach or config.coach,
    )


def table_problem(args: argparse.Namespace, settings: Settings, tx: Texts) -> str | None:
    """What is wrong with the table the command line asks for (``--players``, ``--levels``,
    ``--jokers``), in the game's words; ``None`` when it can be dealt."""
    seats = settings.seats
    if not MIN_SEATS <= seats <= MAX_SEATS:
        return tx("play.bad_players", least=MIN_SEATS, most=MAX_SEATS, value=seats)
    if args.levels is not None:
        given = level_list(args.levels)
        fits = len(given) in (1, seats - 1) and all(level in LEVELS for level in given)
        if not fits:
            value = visible(args.levels)
            return tx("play.bad_levels", n=seats - 1, count=len(given), value=value)
    if args.jokers is not None and args.jokers not in joker_choices(decks_for(seats)):
        return jokers_problem(settings, tx)
    return None


def jokers_problem(settings: Settings, tx: Texts) -> str:
    """The jokers asked for do not fit the decks of the table: what does."""
    decks = decks_for(settings.seats)
    _, one, two = joker_choices(decks)
    return tx(
        "play.bad_jokers",
        jokers=settings.jokers,
        seats=settings.seats,
        decks=tx(f"play.decks.{decks}"),
        one=one,
        two=two,
    )


def welcome(tx: Texts) -> str:
    """The first words of a new game: who plays against whom."""
    opponents = [tx.seat(seat) for seat in range(1, tx.seat_count)]
    return tx("msg.welcome", opponents=tx.join(opponents))


def new_here(folder: Path) -> bool:
    """Whether nothing in the data ``folder`` shows that anyone played here: no game in
    play, none finished and kept, no lesson."""
    return not any((folder / name).exists() for name in (AUTOSAVE, HISTORY, LESSON))


def rebuilt_front(rebuilt: Rebuilt, *, tx: Texts, screen: Screen, settings: Settings) -> SeatFront:
    """The game rebuilt by ``--replay-to`` at a seat, told where it comes from.

    It is neither autosaved nor counted in the statistics: it reproduces a game,
    and the player's own unfinished game must stay as it was.
    """
    front = solo_front(rebuilt.events, tx=tx, screen=screen, settings=settings)
    count = len(rebuilt.events)
    path = rebuilt.path
    front.say(
        tx("msg.rebuilt", path=path, seed=solo_game(front).seed, n=count, total=rebuilt.total),
        "class:title",
    )
    if rebuilt.moved_over:
        moved = ", ".join(rebuilt.moved_over)
        front.say(tx("msg.rebuilt_moved", asked=rebuilt.asked, events=moved, n=count), "class:warn")
    if rebuilt.cut_line is not None:
        front.say(tx("msg.rebuilt_truncated", line=rebuilt.cut_line), "class:warn")
    front.say(tx("msg.rebuilt_unsaved"), "class:dim")
    return front


def usable_data_dir() -> Path | None:
    """The data folder, or ``None`` when it cannot be made (a game then keeps nothing)."""
    try:
        return data_dir()
    except OSError:
        return None


def elsewhere(
    holder: int,
    *,
    seed: int | None,
    screen: Screen,
    settings: Settings,
    tx: Texts,
    folder: Path | None = None,
) -> Front | None:
    """Another process's game plays from the data folder: a separate game here, neither
    autosaved nor counted, if the player wants one; else that game's autosave to look
    through, read-only (a replay at its latest move); ``None`` to leave."""
    said = tx("msg.locked", pid=holder or "?")
    asked = said + " " + tx("msg.locked_separate") + tx("msg.yes_no_enter_yes")
    if not screen.confirm(asked, True):
        autosave = folder / AUTOSAVE if folder is not None else None
        question = tx("msg.locked_watch") + tx("msg.yes_no")
        if autosave is not None and autosave.is_file() and screen.confirm(question, False):
            viewer = open_replay_front(screen, autosave, tx=tx, sort=settings.sort)
            if viewer is not None:
                viewer.position = viewer.total
                return viewer
        screen.show([("", tx("msg.locked_bye")), ("", "\n")])
        return None
    front = new_solo_front(seed, tx=tx, screen=screen, settings=settings)
    front.say(tx("msg.separate_game"), "class:warn")
    return front


def open_play(
    screen: Screen,
    *,
    seed: int | None,
    settings: Settings,
    tx: Texts,
    offer_resume: bool = True,
    rebuilt: Rebuilt | None = None,
    settings_file: Path | None = None,
) -> Front | None:
    """The game in play on ``screen``: rebuilt by ``--replay-to``, or at a terminal the
    autosaved game resumed (if the player wants) or a new one, autosaved and counted in
    the statistics; for a script, a new game that touches neither. While a game in
    another terminal plays from the same data folder, a separate game or ``None``.

    A resumed game shows your hand in the order ``settings`` gives (the config file's,
    where speed and sort changed in a game are remembered, in ``settings_file``).
    """
    if not screen.interactive:  # a script remembers nothing and leaves your files alone
        if rebuilt is not None:
            return rebuilt_front(rebuilt, tx=tx, screen=screen, settings=settings)
        return new_solo_front(seed, tx=tx, screen=screen, settings=settings)
    front: SeatFront | None
    if rebuilt is not None:
        front = rebuilt_front(rebuilt, tx=tx, screen=screen, settings=settings)
    elif (folder := usable_data_dir()) is None:  # the prompt says why, in one line
        front = new_solo_front(seed, tx=tx, screen=screen, settings=settings)
        front.say(welcome(tx), "class:title")
    elif (holder := claim_folder(folder)) is not None:
        return elsewhere(holder, seed=seed, screen=screen, settings=settings, tx=tx, folder=folder)
    else:
        first = new_here(folder)
        autosave: LogFile | None = LogFile(folder / AUTOSAVE)
        assert autosave is not None
        try:
            front = None
            if offer_resume:
                front = resume(autosave, screen=screen, settings=settings, tx=tx)
            else:  # --new: the old game is kept aside as `new` keeps it, never written over
                set_aside(autosave, screen=screen, tx=tx)
        except OSError as error:  # the old game cannot be moved aside: it stays, unplayed over
            screen.show([("class:warn", kept_in_place(autosave, error, tx)), ("", "\n")])
            autosave, front = None, None
        except KeyboardInterrupt:  # Ctrl-C at "Resume it?": leave, and change nothing
            screen.show([("class:dim", tx("msg.resume_left")), ("", "\n")])
            return None
        if front is None:
            front = new_solo_front(
                seed, tx=tx, screen=screen, settings=settings, autosave=autosave, keep_stats=True
            )
            solo_game(front).save()
            front.say(welcome(tx), "class:title")
            if first:  # nothing shows that anyone played here: the lesson is told of
                front.say(tx("msg.first_game"), "class:dim")
        if kept := kept_games():  # found again with load, not forgotten
            count = len(kept)
            front.say(tx("msg.kept_games", n=count) if count > 1 else tx("msg.kept_game_one"))
    solo_game(front).settings_file = settings_file
    return front


def resume(autosave: LogFile, *, screen: Screen, settings: Settings, tx: Texts) -> SeatFront | None:
    """The autosaved unfinished game, if there is one and the player wants it back."""
    if not autosave.path.exists():
        return None
    log, complete = read_kept(autosave, screen, tx)
    if log is None or log.state.ended is not None:
        return None
    round_no = log.state.round.round_no if log.state.round else 0
    question = tx("msg.resume", seed=log.state.seed, round=round_no) + tx("msg.yes_no_enter_yes")
    if not screen.ask(question, True):  # Ctrl-C raises: nothing is changed
        played = any(is_move_of(event, YOU) for event in log.events)
        kept = autosave.keep_aside() if played else None
        if kept is not None:
            screen.show([("class:dim", kept_line(kept, tx)), ("", "\n")])
        return None
    try:
        front = solo_front(
            log.events,
            tx=tx,
            screen=screen,
            settings=settings,
            autosave=autosave,
            keep_stats=True,
        )
    except GameError as error:  # an opponent's AI cannot be loaded: keep the game for later
        screen.show([("class:error", tx.error(error)), ("", "\n")])
        kept = autosave.keep_aside()
        if kept is not None:
            screen.show([("class:dim", kept_line(kept, tx)), ("", "\n")])
        return None
    if complete:
        autosave.adopt(log.events)
    else:
        screen.show([("class:warn", tx("msg.resume_prefix", n=len(log.events))), ("", "\n")])
        solo_game(front).save()
    screen.show(
        [("class:title", tx("msg.resumed", seed=log.state.seed, round=round_no)), ("", "\n")]
    )
    return front


def set_aside(autosave: LogFile, *, screen: Screen, tx: Texts) -> None:
    """Keep the autosaved unfinished game aside (``unfinished-DATE.jsonl``) when it has
    moves of yours, as ``new`` and answering no to "Resume it?" keep it; say where."""
    if not autosave.path.exists():
        return
    log, _ = read_kept(autosave, screen, tx)
    if log is None or log.state.ended is not None:
        return
    if any(is_move_of(event, YOU) for event in log.events):
        kept = autosave.keep_aside()
        if kept is not None:
            screen.show([("class:dim", kept_line(kept, tx)), ("", "\n")])


def read_kept(autosave: LogFile, screen: Screen, tx: Texts) -> tuple[GameLog | None, bool]:
    """A kept game (the autosave, the lesson) read back, and whether it was complete; a
    broken one is moved aside, and said where."""
    try:
        return load_file(autosave.path), True
    except TruncatedLogError as error:
        if error.prefix.events:
            return error.prefix, False
        detail = tx.error(error)
    except LogFormatError as error:
        detail = tx.error(error)
    kept = autosave.keep_aside("broken")
    screen.show([("class:warn", tx("msg.resume_broken", detail=detail, path=kept)), ("", "\n")])
    return None, False
