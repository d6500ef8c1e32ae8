"""The game at a terminal: one person at seat 0 against the AI, autosaved move by move.

:class:`SoloGame` holds the core :class:`~core.table.Table` (which checks the rules and
keeps the log, the autosave and the AI players) and hands the one seated front
(:class:`~repl.kit.seat.SeatFront`) its :class:`~repl.kit.port.Port` to it: the person's
commands go to the table at once. It is the front's :class:`~repl.kit.seat.Sitting` too:
the loop calls it between the person's lines, and it plays what the table's turn driver
says is due at a pace a person can follow (:mod:`.pacing`); it keeps the autosave, says
goodbye, names the crash file's log, and counts a finished game in the statistics. The
commands of a game of one's own are a command map of their own (:mod:`.commands`).
Everything the person sees is told by the table, redacted for seat 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ...core.errors import GameError
from ...core.events import Assistance, CardDiscarded, CardDrawn, Event, GameEnded
from ...core.rules import Assist, Discard, Draw, new_game
from ...core.seen import Seen
from ...core.state import GameState, fold
from ...core.table import Table
from ...core.told import AiFailure, Told
from ...core.turns import Scope
from ...core.views import SeatView
from ..files.config import remember
from ..files.log_file import LogFile
from ..kit.coach import Coach, coach_line
from ..kit.port import Port
from ..kit.screen import Screen
from ..kit.seat import SeatFront, Sitting
from ..words.grammar import PLAY
from ..words.i18n import Texts
from . import keeping
from .commands import OwnGameCommands
from .pacing import Pacing
from .settings import YOU, Settings, policies_for, random_seed


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
        self.pacing = Pacing(tx=tx, screen=screen, settings=settings)
        self.coach: Coach | None = Coach() if settings.coach else None
        """The coach, while it is on (``coach on``, ``--coach``)."""
        self._to_judge: tuple[GameState, CardDrawn | CardDiscarded] | None = None
        self.origin: keeping.Origin | None = None
        """The file the game in play was loaded from (``load``), and its log then."""
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
        """The person's move (the front hears every change before its next line: ``told``
        is never stale here); it is kept, with the game before it, for :meth:`judge`
        between the lines, before the opponents play."""
        coached = self.coach is not None
        if coached and (YOU, Assistance.COACH) not in self.table.state.assisted:
            # once a game, before its advice
            self.table.submit(YOU, Assist(seat=YOU, help=Assistance.COACH), told=told)
        before = self.table.state
        played = self.table.submit(YOU, command, told=told)
        if played and isinstance(move := played[0], CardDrawn | CardDiscarded):
            self._to_judge = (before, move)

    def hint(self, told: int | None) -> None:
        self._front().hinted(self.table.hint(YOU, told=told))

    def auto(self, scope: Scope | None) -> None:
        if scope is None:
            self.table.auto_off(YOU)
            return
        self.table.auto(YOU, scope)  # played between the lines, as the opponents are

    def autopilot(self) -> Scope | None:
        return self.table.autopilot(YOU)

    def _hear(self, told: Told) -> None:
        front = self._front()
        front.hear(told)  # shown at once: the terminal shows what happens as it happens
        ended = told.after.ended
        if ended is not None and (told.before is None or told.before.ended is None):
            self._game_over(ended, assisted=front.assisted)

    # -- between the person's lines ---------------------------------------------------

    def drive(self) -> None:
        """Play what is due (the opponents' turns, and the person's while the AI plays for
        them) until the person is to act, at the pace of :mod:`.pacing`."""
        self.pacing.play_due(self.table, self._front())

    # -- the sitting: coming, each line, going -------------------------------------------

    def begin(self) -> None:
        """Play what the opponents have to play before the person's first prompt."""
        self.drive()

    def between_lines(self) -> None:
        """What is said of the person's move (:meth:`judge`), then the opponents' turns
        after the person's line (and the person's under ``auto``)."""
        judged, self._to_judge = self._to_judge, None
        if judged is not None:
            self.judge(*judged)
        self.drive()

    def judge(self, before: GameState, move: CardDrawn | CardDiscarded) -> None:
        """Say what the person's ``move`` (made in ``before``) was worth, once it is made:
        the coach's word, when it is on and the move cost clearly more."""
        decision = None if self.coach is None else self.coach.judge(before, move)
        if decision is not None:
            self._front().say(coach_line(decision, move, self.tx), "class:warn")

    @property
    def coaching(self) -> bool:
        """Whether the coach is on."""
        return self.coach is not None

    def coach_on(self, on: bool) -> None:
        """Turn the coach on or off (on: the game is marked assisted at its next move)."""
        self.coach = (self.coach or Coach()) if on else None
        self.settings.coach = on

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

    def switch(self, events: Sequence[Event], path: Path | None) -> str | None:
        """Make ``events`` the game in play, keeping an unfinished autosaved game aside;
        why it could not be."""
        front = self._front()
        if self.autosave is not None and self.table.state.ended is None:
            try:
                kept = keeping.put_aside(self.autosave, self.table.events, self.origin)
            except OSError as error:  # it stays where it is; the next game is not autosaved
                front.say(keeping.kept_in_place(self.autosave, error, self.tx), "class:warn")
                self.autosave, kept = None, None
            if kept is not None:
                front.say(keeping.kept_line(kept, self.tx), "class:dim")
        try:
            self.replace(events)
        except GameError as error:
            where = path if path is not None else "?"
            detail = self.tx.error(error)
            return front.refuse(self.tx("msg.load_failed", path=where, detail=detail))
        self.origin = keeping.origin_of(path, self.table.events, self.autosave)
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
    front.add_commands(OwnGameCommands(game, front).command_map())
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
