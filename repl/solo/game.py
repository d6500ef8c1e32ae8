"""The game at a terminal: one person at seat 0 against the AI, autosaved move by move.

:class:`SoloGame` holds the core :class:`~core.table.Table` (which checks the rules and
keeps the log, the autosave and the AI players) and hands the one seated front
(:class:`~repl.kit.seat.SeatFront`) its :class:`~repl.kit.port.Port` to it: the person's
commands go to the table at once, and then the game plays what the table's turn driver
says is due (the opponents, and the person's own turns under ``auto``) with a pause
before each turn that a person can follow: a sleep, which Ctrl-C cuts short. It is the
front's :class:`~repl.kit.seat.Sitting` too (what is due before the first prompt, the
autosave, the goodbye, the crash file), keeps the statistics of a finished game, and
adds the commands of a game of one's own: ``undo``, ``redo``, ``new``, ``save``,
``load``, ``seed``, ``speed``, ``stats``, ``report`` (and ``sort``, kept for the next
games). Everything the person sees is told by the table, redacted for seat 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ...core.errors import GameError
from ...core.events import Event, GameEnded
from ...core.moves import is_move_of
from ...core.rules import Discard, Draw, new_game
from ...core.seen import Seen
from ...core.state import fold
from ...core.table import Table
from ...core.told import AiFailure, Told
from ...core.turns import AiTurn, AutoTurn, Scope
from ...core.views import SeatView
from ..files.config import remember
from ..files.log_file import LogFile
from ..files.paths import data_dir
from ..files.reproduce import issues_url, write_report
from ..kit.front import Command
from ..kit.port import Port
from ..kit.render import unbroken
from ..kit.screen import Screen
from ..kit.seat import SeatFront, Sitting
from ..words.grammar import PLAY, Parsed
from ..words.i18n import Texts
from . import keeping
from .past import render_stats
from .saves import (
    CutOff,
    Loaded,
    Saved,
    load_problem,
    plan_save,
    read_saved,
    save_problem,
    write_save,
)
from .settings import DELAYS, YOU, Settings, policies_for, random_seed


class SoloGame(Sitting):
    """A game at a terminal: seat 0 is the person's, the others are the AI's."""

    def __init__(
        self,
        events: Sequence[Event],
        *,
        tx: Texts,
        screen: Screen,
        settings: Settings,
        autosave: LogFile | None = None,
        keep_stats: bool = False,
    ) -> None:
        self.tx = tx
        self.screen = screen
        self.settings = settings
        self.autosave = autosave
        if autosave is not None:
            autosave.told = self._autosave_told
        self.keep_stats = keep_stats
        self.settings_file: Path | None = None  # a terminal game remembers speed and sort here
        self.front: SeatFront | None = None
        self.table = self._seat(events)

    def _seat(self, events: Sequence[Event]) -> Table:
        """A table for ``events`` with the person at seat 0; its AIs are loaded first."""
        state = fold(events)
        policies = policies_for(state, self.settings.level)
        # the seats are named for this table's count, and `new` deals at the same table
        self.tx.seat_count = state.seat_count
        self.settings.keep_table(state)
        table = Table(events, policies, store=self.autosave, on_ai_failure=self._ai_failed)
        table.subscribe(self._hear, YOU)
        self._stats_recorded = table.state.ended is not None
        return table

    @property
    def events(self) -> tuple[Event, ...]:
        """The log as it is saved (with any pending help)."""
        return self.table.events

    @property
    def seed(self) -> int | None:
        return self.table.state.seed

    def save(self) -> None:
        """Bring the autosave in step with the log."""
        if self.autosave is not None:
            self.autosave.sync(self.table.events)

    def replace(self, events: Sequence[Event]) -> None:
        """Play another game from now on (a new or loaded one)."""
        self.table = self._seat(events)
        if self.front is not None:
            self.front.see(self.view())
        self.save()

    # -- the port: reaching the table ------------------------------------------------

    def port(self) -> Port:
        """Seat 0's way to the table, whichever game is in play (``new`` and ``load``
        change it)."""
        return Port(
            seat=YOU,
            view=self.view(),
            send=self.send,
            hint=self.hint,
            auto=self.auto,
            autopilot=self.autopilot,
            seen=self.seen,
        )

    def _front(self) -> SeatFront:
        assert self.front is not None, "a front is attached before the game is played"
        return self.front

    def view(self) -> SeatView | None:
        return self.table.view(YOU)

    def seen(self) -> tuple[Seen, ...]:
        return self.table.seen(YOU)

    def send(self, command: Draw | Discard, told: int | None) -> None:
        """The person's move, then the opponents until it is the person's turn again (the
        front hears every change before its next line: ``told`` is never stale here)."""
        self.table.submit(YOU, command, told=told)
        self.drive()

    def hint(self, told: int | None) -> None:
        self._front().hinted(self.table.hint(YOU, told=told))

    def auto(self, scope: Scope | None) -> None:
        if scope is None:
            self.table.auto_off(YOU)
            return
        self.table.auto(YOU, scope)
        self.drive()

    def autopilot(self) -> Scope | None:
        return self.table.autopilot(YOU)

    def _hear(self, told: Told) -> None:
        front = self._front()
        front.hear(told)  # shown at once: the terminal shows what happens as it happens
        ended = told.after.ended
        if ended is not None and (told.before is None or told.before.ended is None):
            self._game_over(ended, assisted=front.assisted)

    # -- pacing ------------------------------------------------------------------------

    def drive(self) -> None:
        """Play what the turn driver says is due (the opponents' turns, and the person's
        while the AI plays for them) until the person is to act, each after a pause a
        person can follow; Ctrl-C skips the pauses and stops ``auto``."""
        table, screen, front = self.table, self.screen, self._front()
        speed = self.settings.speed
        scope = table.autopilot(YOU)
        skipped = False
        with screen.interruptible():
            while isinstance(step := table.next_step(), AiTurn | AutoTurn):
                if screen.interrupted and scope is not None and table.auto_off(YOU):
                    front.auto_stopped()  # the person's own turns are theirs again
                    continue
                delay = DELAYS[speed]
                if scope in (Scope.ROUND, Scope.GAME):
                    # a long auto run narrates at most at "fast", and never stops for keys
                    delay = DELAYS["fast"] if speed == "step" else min(delay, DELAYS["fast"])
                if screen.interrupted:
                    if not skipped:
                        front.say(self.tx("msg.narration_skipped"), "class:dim")
                    skipped = True
                    delay = 0.0
                screen.sleep(delay)
                table.play_step(step)
                stepping = speed == "step" and scope in (None, Scope.TURN)
                more = isinstance(table.next_step(), AiTurn | AutoTurn)
                if stepping and more and screen.interactive and not screen.interrupted:
                    screen.wait_key(self.tx("msg.step"))  # not before your own turn

    # -- the sitting: coming, each line, going -------------------------------------------

    def begin(self) -> None:
        """Play what the opponents have to play before the person's first prompt."""
        self.drive()

    def before_line(self) -> None:
        if isinstance(self.table.next_step(), AiTurn):
            self.drive()  # an earlier error left the opponents to play: let them

    def leave_question(self) -> str:
        """Ctrl-D asks before leaving (an unsaved game is said to be so)."""
        return keeping.leave_question(self.autosave, self.tx)

    def leave(self) -> None:
        """Bring the autosave up to date and say goodbye."""
        self.save()
        over = self.table.state.ended is not None or not self.screen.interactive
        self._front().say(keeping.goodbye(self.autosave, self.tx, over=over))

    # -- what a game of one's own keeps ------------------------------------------------

    def _game_over(self, ended: GameEnded, *, assisted: bool) -> None:
        """After the result: the game counted in the statistics (once, and only a game of
        one's own), then what to do next."""
        told: list[tuple[str, str]] = []
        if self.keep_stats and not self._stats_recorded:
            self._stats_recorded = True
            told = keeping.record_result(
                self.table.events, ended, seat=YOU, assisted=assisted, tx=self.tx
            )
        front = self._front()
        for style, line in told:
            front.say(line, style)
        front.say(self.tx("game.next"), "class:dim")

    def kept(self, name: str, value: str) -> bool:
        """Keep a setting the player changed for the next games, in the config file of a
        terminal game; whether it was (a file that cannot be written just keeps it for
        this game)."""
        return self.settings_file is not None and remember(self.settings_file, name, value)

    def crash_log(self) -> tuple[int | None, Sequence[Event]]:
        return self.seed, self.table.events

    def _autosave_told(self, failure: OSError | None) -> None:
        """The autosave failed (said once; the game goes on in memory) or saves again."""
        if self.front is not None:
            self.front.say(*keeping.autosave_news(failure, self.tx, self.autosave))

    def _ai_failed(self, failure: AiFailure) -> None:
        front = self._front()
        front.crash(failure.error, f"AI turn of seat {failure.seat}")
        seat = self.tx.seat(failure.seat)
        said = self.tx("msg.ai_failed", seat=seat, error=failure.error, level=failure.level)
        front.say(said, "class:warn")

    # -- the commands of a game of one's own -------------------------------------------

    def commands(self, front: SeatFront) -> dict[str, Command]:
        shared_sort = front.commands["sort"]

        def sort(parsed: Parsed) -> str | None:
            """``sort`` as at every seat, and kept for the next games."""
            said = shared_sort.run(parsed)
            self.kept("sort", front.sort)
            return said

        return {
            "sort": Command(sort, shared_sort.problem),
            "undo": Command(self._undo, self._undo_problem),
            "redo": Command(self._redo, self._redo_problem),
            "new": Command(self._new),
            "save": Command(self._save, self._save_problem),
            "load": Command(self._load, self._load_problem),
            "seed": Command(self._seed),
            "speed": Command(self._speed),
            "stats": Command(self._stats),
            "report": Command(self._report),
        }

    def _undo_problem(self, parsed: Parsed) -> str | None:
        if self.table.can_undo(YOU):
            return None
        over = self.table.state.ended is not None
        return self.tx("msg.undo_after_end" if over else "msg.nothing_to_undo")

    def _undo(self, parsed: Parsed) -> str | None:
        self.table.undo(YOU)  # told, with the table, by the front
        return None

    def _redo_problem(self, parsed: Parsed) -> str | None:
        return None if self.table.can_redo(YOU) else self.tx("msg.nothing_to_redo")

    def _redo(self, parsed: Parsed) -> str | None:
        self.table.redo(YOU)
        return None

    def _seed(self, parsed: Parsed) -> str | None:
        self._front().say(self.tx("msg.seed", seed=self.seed))
        return None

    def _speed(self, parsed: Parsed) -> str | None:
        kept = False
        if parsed.choice:
            self.settings.speed = parsed.choice
            kept = self.kept("speed", parsed.choice)
        said = "msg.speed_kept" if kept else "msg.speed"  # kept: say it holds for later games
        self._front().say(self.tx(said, speed=self.tx(f"speed.{self.settings.speed}")))
        return None

    def _stats(self, parsed: Parsed) -> str | None:
        self.screen.show(render_stats(self.tx, self.screen.width))
        return None

    def _save_problem(self, parsed: Parsed) -> str | None:
        return save_problem(parsed.path, self.tx) if parsed.path else None

    def _save(self, parsed: Parsed) -> str | None:
        """Write the game's log (with any pending help) to a file, never over one unasked:
        an existing file is replaced only when the player says yes at the terminal."""
        tx, front = self.tx, self._front()
        plan = plan_save(parsed.path, self.seed)
        if plan.exists:
            asked = tx("msg.save_overwrite", path=plan.path)
            if plan.odd is not None:
                asked = tx("msg.save_replace_odd", path=plan.path, kind=tx(f"file.{plan.odd}"))
            question = asked + tx("msg.yes_no")
            if not (self.screen.interactive and self.screen.confirm(question, False)):
                return front.refuse(tx("msg.save_exists", path=plan.path))
        done = write_save(plan, self.table.events, overwrite=plan.exists)
        if isinstance(done, Saved):
            front.say(tx("msg.saved", path=done.path, n=done.events), "class:good")
            return None
        if done.exists:
            return front.refuse(tx("msg.save_exists", path=done.path))
        return front.refuse(tx("msg.save_failed", path=done.path, detail=done.detail))

    def _load_problem(self, parsed: Parsed) -> str | None:
        return load_problem(parsed.path, self.tx) if parsed.path else None

    def _load(self, parsed: Parsed) -> str | None:
        """Load a saved game (found as ``save`` names it) and play on from where it stopped."""
        assert parsed.path is not None
        tx, front = self.tx, self._front()
        found = read_saved(parsed.path)
        if isinstance(found, CutOff):
            count = len(found.events)
            question = tx("msg.load_prefix", path=found.path, n=count) + tx("msg.yes_no")
            if not (count and self.screen.interactive and self.screen.confirm(question, True)):
                detail = tx.error(found.error)
                return front.refuse(tx("msg.load_failed", path=found.path, detail=detail))
        elif not isinstance(found, Loaded):
            if found.path is None:
                return front.refuse(load_problem(parsed.path, tx) or parsed.path)
            detail = found.detail if found.error is None else tx.error(found.error)
            return front.refuse(tx("msg.load_failed", path=found.path, detail=detail))
        failed = self.switch(found.events, found.path)
        if failed is not None:
            return failed
        said = tx("msg.loaded", path=found.path, seed=self.seed, n=len(found.events))
        front.say(said, "class:good")
        front.begin()
        return None

    def _new(self, parsed: Parsed) -> str | None:
        """``new [SEED]``: a new game with the same options and opponents."""
        tx, front, settings = self.tx, self._front(), self.settings
        question = tx("msg.new_confirm") + tx("msg.yes_no_enter_yes")
        unfinished = self.table.state.ended is None
        if unfinished and self.screen.interactive and not self.screen.confirm(question, True):
            return None
        seed = random_seed() if parsed.number is None else parsed.number
        _, events = new_game(seed, settings.options(), settings.players())
        failed = self.switch(events, None)
        if failed is not None:
            return failed
        aces = tx("aces.high") if settings.aces_high else tx("aces.low")
        levels = settings.players()[1:]
        shown = [tx(f"level.{lv}") if tx.has(f"level.{lv}") else lv for lv in levels]
        level = shown[0] if len(set(levels)) == 1 else ", ".join(shown)
        said = tx("msg.new_game", seed=seed, jokers=settings.jokers, aces=aces, level=level)
        front.say(said, "class:good")
        front.begin()
        return None

    def switch(self, events: Sequence[Event], path: Path | None) -> str | None:
        """Make ``events`` the game in play, keeping an unfinished autosaved game aside;
        why it could not be."""
        front = self._front()
        played = any(is_move_of(event, YOU) for event in self.table.events)
        if self.autosave is not None and self.table.state.ended is None and played:
            try:
                kept = self.autosave.keep_aside()
            except OSError as error:  # it stays where it is; the next game is not autosaved
                front.say(keeping.kept_in_place(self.autosave, error, self.tx), "class:warn")
                self.autosave, kept = None, None
            if kept is not None:
                front.say(self.tx("msg.kept_previous", path=kept), "class:dim")
        try:
            self.replace(events)
        except GameError as error:
            where = path if path is not None else "?"
            detail = self.tx.error(error)
            return front.refuse(self.tx("msg.load_failed", path=where, detail=detail))
        return None

    def _report(self, parsed: Parsed) -> str | None:
        """``report``: write a bug report and print the line that reproduces the game so
        far, with the player's settings."""
        tx, front = self.tx, self._front()
        described = self.settings.described(tx.lang)
        try:
            written = write_report(self.table.events, folder=data_dir(), settings=described)
        except OSError as error:
            return front.refuse(tx("msg.report_failed", detail=error.strerror or str(error)))
        notes = written.notes.name
        front.say(tx("msg.report", log=written.log, n=written.events, notes=notes), "class:good")
        front.say(tx("msg.report_line"))
        self.screen.show([*unbroken(written.line, "class:label"), ("", "\n")])
        url = issues_url()
        front.say(tx("msg.report_send", url=url) if url else tx("msg.report_send_plain"))
        return None


def solo_front(
    events: Sequence[Event],
    *,
    tx: Texts,
    screen: Screen,
    settings: Settings,
    autosave: LogFile | None = None,
    keep_stats: bool = False,
) -> SeatFront:
    """The person at seat 0 of the game ``events``, at ``screen``."""
    game = SoloGame(
        events, tx=tx, screen=screen, settings=settings, autosave=autosave, keep_stats=keep_stats
    )
    front = SeatFront(
        game.port(), tx=tx, screen=screen, grammar=PLAY, sort=settings.sort, sitting=game
    )
    front.add_commands(game.commands(front))
    game.front = front
    return front


def new_solo_front(
    seed: int | None,
    *,
    tx: Texts,
    screen: Screen,
    settings: Settings,
    autosave: LogFile | None = None,
    keep_stats: bool = False,
) -> SeatFront:
    """A new game with ``settings``' options (a random seed when ``seed`` is ``None``)."""
    seed = random_seed() if seed is None else seed
    _, events = new_game(seed, settings.options(), settings.players())
    return solo_front(
        events, tx=tx, screen=screen, settings=settings, autosave=autosave, keep_stats=keep_stats
    )


def solo_game(front: SeatFront) -> SoloGame:
    """The game behind a front made by :func:`solo_front`."""
    game = front.sitting
    assert isinstance(game, SoloGame)
    return game
