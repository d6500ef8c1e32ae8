"""``threethirteen learn``: a first game at the table, with notes that teach it.

The lesson is a game of one's own (:class:`~.game.SoloGame`) on the curated deal of
:mod:`.lessons`, against two easy opponents. The notes due at a moment of yours are said
then (the first ones before your first card is put down, the others each at the moment
it explains, each waiting for your move); after the move that follows a note, the hard
AI's judgement of it (:func:`core.lab.analysis.judge`, as the coach and ``replay
--analyze`` make it, with no threshold), in a beginner's words: a good move is said to be
good and why, a weaker one what would have been better and about how many penalty points
it saves, never the decimals the analysis weighs. After the notes it speaks only as the
coach does, when a move costs clearly more (:data:`.coach.THRESHOLD`).

The lesson is practice: it is kept in a log file of its own (``learn.jsonl`` in the data
folder, never the autosave), counts in no statistics and no history, and takes no new
games, saves or loads. Only the lesson's own game goes on from that file (another game
found there is kept aside). Which notes were said follows from that log
(:func:`.lessons.notes_shown`), so a lesson left and started again says the notes it was
waiting on.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence

from ...core.events import CardDiscarded, CardDrawn, DrawSource, Event, GameEnded
from ...core.lab import analysis
from ...core.lab.analysis import Decision
from ...core.players import load_policy
from ...core.rules import new_game
from ...core.state import GameState, fold
from ..files.config import configured
from ..files.lock import claim_folder
from ..files.log_file import LogFile
from ..files.paths import LESSON
from ..kit.coach import ADVISOR, THRESHOLD, coach_line, move_and_advice
from ..kit.command_line import add_language, command_parser, quiet_when_the_reader_leaves
from ..kit.front import Front
from ..kit.loop import launch, piped_lines
from ..kit.safe import visible
from ..kit.screen import Screen
from ..kit.seat import SeatFront
from ..words.grammar import COMMANDS, PLAY, Grammar
from ..words.i18n import Texts
from . import keeping
from .commands import OwnGameCommands
from .game import SoloGame
from .lessons import NOTES, PLAYERS, SEED, YOU, Shown, is_the_lesson, note_text, notes_shown
from .play import read_kept, usable_data_dir
from .settings import DELAYS, Settings

LESSON_FILE = LESSON
"""The lesson's own log in the data folder (never the autosave)."""

EVEN = 0.05
"""Expected penalty points within which another choice counts as just as good (as the
analysis's :func:`~core.lab.analysis.costliest` counts it)."""
CLOSE = 1.0
"""Below this, a weaker move is said to be almost as good."""

PLAIN_WHY = frozenset(
    {"goes_out", "lowers", "leaves", "leaves_expected", "keeps_open", "pile_empty"}
    | {"would_leave", "would_leave_expect", "dumping", "last_dumping", "last_turn"}
)
"""The clauses of the hard AI's reasons a verdict says to a beginner (``learn.why.KEY``):
what the move keeps and leaves, never the expectations it weighed (``expects 10.2 by the
end of the round``), which only a reader of the analysis can use."""

NOT_IN_A_LESSON = frozenset({"new", "save", "load", "coach", "stats", "report"})
"""Commands a lesson has not: it deals no other game, keeps no file but its own, and
coaches already."""

LEARN = Grammar(
    tuple(spec for spec in COMMANDS if spec.name not in NOT_IN_A_LESSON),
    bare_card="discard",
    groups=PLAY.groups,
)
"""The commands of the lesson: those of a game in play but the ones above."""


def _is_move_of_yours(event: Event) -> bool:
    return isinstance(event, CardDrawn | CardDiscarded) and event.seat == YOU


class LessonGame(SoloGame):
    """The lesson's game: a game of one's own that says its notes and judges your moves."""

    def __init__(
        self,
        events: Sequence[Event],
        *,
        tx: Texts,
        screen: Screen,
        settings: Settings,
        log: LogFile | None = None,
    ) -> None:
        super().__init__(
            events, tx=tx, screen=screen, settings=settings, autosave=log, keep_stats=False
        )
        self.advisor = load_policy(ADVISOR)
        self._said: set[tuple[int, int]] = set()  # the notes said here: (index, at)

    # -- the notes ---------------------------------------------------------------------

    def shown(self) -> list[Shown]:
        """The notes said so far, as the log shows them."""
        return notes_shown(self.table.events)

    def waiting(self, count: int | None = None) -> list[Shown]:
        """The notes that wait for your move (said at the last moment that had notes, and
        no move of yours since), now or when the log had ``count`` events."""
        events = self.table.events[:count]
        shown = notes_shown(events)
        if not shown:
            return []
        at = shown[-1].at
        if any(_is_move_of_yours(event) for event in events[at:]):
            return []
        return [note for note in shown if note.at == at]

    def _say_notes(self, *, before_table: bool = False) -> int:
        """The notes due now, each once (on coming back: those that still wait); with
        ``before_table``, only those said before the table is drawn. How many were said."""
        said_now = 0
        for note in self.waiting():
            if before_table and not note.note.before_table:
                continue
            if (note.index, note.at) in self._said:
                continue
            self._said.add((note.index, note.at))
            text = note_text(note, self.tx)
            said = self.tx("learn.note", n=note.number, total=len(NOTES), text=text)
            self._front().say(said, "class:title")
            said_now += 1
        return said_now

    # -- your moves, judged --------------------------------------------------------------

    def judge(self, before: GameState, move: CardDrawn | CardDiscarded) -> None:
        """What the hard AI thinks of ``move``: after a note, always (good, or what is
        better); otherwise only when it costs clearly more, as the coach says it."""
        noted = bool(self.waiting(before.event_count))
        decision = analysis.judge(before, move, self.advisor)
        front, tx = self._front(), self.tx
        if not noted:
            if decision is not None and decision.cost >= THRESHOLD:
                front.say(coach_line(decision, move, tx), "class:warn")
            return
        if decision is None:
            why = tx.plain_reason(_reason(self), PLAIN_WHY)
            front.say(tx("learn.good_why", why=why) if why else tx("learn.good"), "class:good")
            return
        front.say(*self._weaker(decision, move))

    def _weaker(self, decision: Decision, move: CardDrawn | CardDiscarded) -> tuple[str, str]:
        """What would have been better, in a beginner's words: what the better move keeps,
        and about how many penalty points it saves on average (in whole points)."""
        tx = self.tx
        taken = ""
        if isinstance(move, CardDrawn) and move.source == DrawSource.DISCARD:
            taken = tx.card(move.card)
        _, advice = move_and_advice(decision, tx, None, taken)
        if decision.cost <= EVEN:
            return tx("learn.even", advice=advice), "class:good"
        if decision.cost < CLOSE:
            return tx("learn.close", advice=advice), ""
        points = round(decision.cost)
        saved = tx("learn.about_one") if points == 1 else tx("learn.about", points=points)
        why = tx.plain_reason(decision.reason, PLAIN_WHY)
        if why:
            return tx("learn.better", advice=advice, saved=saved, why=why), "class:warn"
        return tx("learn.better_plain", advice=advice, saved=saved), "class:warn"

    # -- the sitting -----------------------------------------------------------------------

    def begin(self) -> None:
        """What is due, the table, then the notes that wait. The goal, said before the
        table, waits for a key: with the table and the notes of the first turn after it,
        it would not stay on a small screen (60×20) before it is read."""
        self.drive()
        if self._say_notes(before_table=True):
            self.screen.pause(self.tx("learn.read_on"))
        self._front().show_table()
        self._say_notes()

    def between_lines(self) -> None:
        """The verdict on your move, a note of the moment it made (you went out), the
        opponents' turns, then the next notes."""
        judged, self._to_judge = self._to_judge, None
        if judged is not None:
            self.judge(*judged)
        self._say_notes()
        self.drive()
        self._say_notes()

    def leave_question(self) -> str:
        log = self.autosave
        if log is None or log.failure is not None:
            return keeping.leave_question(log, self.tx)
        return self.tx("learn.leave")

    def leave(self) -> None:
        self.save()
        over = self.table.state.ended is not None
        if over:
            said = "learn.over"
        elif self.autosave is None or self.autosave.failure is not None:
            said = "learn.bye_unsaved" if self.screen.interactive else "learn.over"
        else:
            said = "learn.bye"
        self._front().say(self.tx(said))

    def _game_over(self, ended: GameEnded, *, assisted: bool) -> None:
        """A lesson is counted nowhere: just what comes next."""
        self._front().say(self.tx("learn.over"), "class:good")


def _reason(game: LessonGame) -> str:
    """The hard AI's reason for the choice it just made (judging your move)."""
    reason = getattr(game.advisor, "last_reason", "")
    return reason if isinstance(reason, str) else ""


def lesson_front(
    events: Sequence[Event],
    *,
    tx: Texts,
    screen: Screen,
    settings: Settings,
    log: LogFile | None = None,
) -> SeatFront:
    """You at seat 0 of the lesson's game ``events``, at ``screen``."""
    game = LessonGame(events, tx=tx, screen=screen, settings=settings, log=log)
    front = SeatFront(
        game.link, tx=tx, screen=screen, grammar=LEARN, sort=settings.sort, sitting=game
    )
    commands = OwnGameCommands(game, front).command_map()
    front.add_commands({name: c for name, c in commands.items() if name not in NOT_IN_A_LESSON})
    game.front = front
    game.take_news()
    return front


def lesson_game(front: SeatFront) -> LessonGame:
    """The lesson behind a front made by :func:`lesson_front`."""
    game = front.sitting
    assert isinstance(game, LessonGame)
    return game


def new_lesson() -> tuple[Event, ...]:
    """The lesson's first events: the curated deal."""
    return new_game(SEED, players=PLAYERS)[1]


def open_lesson(screen: Screen, *, tx: Texts, settings: Settings) -> SeatFront | None:
    """The lesson on ``screen``: the kept one, if you want to go on with it, else a new one;
    ``None`` when Ctrl-C answered the question (nothing is changed).

    A script (not a terminal) gets a new lesson that keeps no file.
    """
    folder = usable_data_dir() if screen.interactive else None
    if folder is not None and claim_folder(folder) is not None:
        # a game (or a lesson) of another terminal writes there: this one keeps no file
        screen.show([("class:warn", tx("learn.not_kept")), ("", "\n")])
        folder = None
    if folder is None:
        front = lesson_front(new_lesson(), tx=tx, screen=screen, settings=settings)
        front.say(tx("learn.title"), "class:title")
        return front
    log = LogFile(folder / LESSON_FILE)
    kept = _kept_lesson(log, screen, tx)
    if kept is not None:
        events, complete = kept
        round_ = _round_of(events)
        question = tx("learn.resume", round=round_) + tx("msg.yes_no_enter_yes")
        try:
            going_on = screen.ask(question, True)
        except KeyboardInterrupt:  # leave, and change nothing
            screen.show([("class:dim", tx("learn.left")), ("", "\n")])
            return None
        if going_on:
            front = lesson_front(events, tx=tx, screen=screen, settings=settings, log=log)
            if complete:
                log.adopt(events)
            else:
                lesson_game(front).save()
            front.say(tx("learn.resumed", round=round_), "class:title")
            return front
        screen.show([("class:dim", tx("learn.restart")), ("", "\n")])
    front = lesson_front(new_lesson(), tx=tx, screen=screen, settings=settings, log=log)
    lesson_game(front).save()
    front.say(tx("learn.title"), "class:title")
    return front


def _round_of(events: Sequence[Event]) -> int:
    round_ = fold(events).round
    return round_.round_no if round_ is not None else 0


def _kept_lesson(log: LogFile, screen: Screen, tx: Texts) -> tuple[tuple[Event, ...], bool] | None:
    """The kept lesson, unfinished, and whether its file was whole; ``None`` when there is
    none to go on with (a finished one is dealt anew, an unreadable one kept aside)."""
    if not log.path.exists():
        return None
    read, complete = read_kept(log, screen, tx)
    if read is None or not read.events or read.state.ended is not None:
        return None
    if not is_the_lesson(read.events):  # another game, put there by hand: kept, not played
        kept = log.keep_aside("not-a-lesson")
        screen.show([("class:warn", tx("learn.not_the_lesson", path=kept)), ("", "\n")])
        return None
    return read.events, complete


DESCRIPTION = """\
Learn Three-Thirteen Rummy by playing: a first game at
the table, on a curated deal, against two easy
opponents. Short notes teach what matters when it
matters: before your first card is put down the goal,
sets and runs, the wild cards, a turn and going out;
then the last turns and the scoring as they come, the
penalty of what is left over, and a few ideas of
strategy. Each note waits for your move, then says why
it was good or what would have been better.

quit or Ctrl-D leaves; the lesson is kept (learn.jsonl
in the data folder) and 'threethirteen learn' goes on
from there. It is practice: it counts in no history or
statistics.
"""
"""What ``threethirteen learn --help`` says first (plain text, at most 60 columns)."""


def parser() -> argparse.ArgumentParser:
    """The options of ``threethirteen learn``."""
    p = command_parser("threethirteen learn", DESCRIPTION)
    add_language(p)
    p.add_argument(
        "--speed",
        choices=tuple(DELAYS),
        metavar="SPEED",
        help="how fast the opponents' turns are told: instant, fast, normal or step "
        "(default: the config file's, else normal)",
    )
    return p


@quiet_when_the_reader_leaves
def main(argv: list[str] | None = None) -> int:
    """Learn the game; the exit code."""
    args = parser().parse_args(sys.argv[1:] if argv is None else argv)
    setup = configured(args.lang)
    config, tx = setup.config, setup.tx
    for said in setup.warnings():
        print(visible(f"threethirteen: {said}"), file=sys.stderr)
    settings = Settings(
        speed=args.speed or config.speed,
        sort=config.sort,
        level="easy",
        color=config.color,
        seats=len(PLAYERS),
    )
    scripted = not (sys.stdin.isatty() and sys.stdout.isatty())
    lines: Iterable[str] | None = piped_lines(sys.stdin) if scripted else None

    def open_front(screen: Screen) -> Front | None:
        return open_lesson(screen, tx=tx, settings=settings)

    return launch(
        open_front,
        script=lines,
        tx=tx,
        history="history",
        name="threethirteen learn",
        color=config.color,
    )
