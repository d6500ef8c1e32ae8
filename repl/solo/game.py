"""The game at a terminal: one person at seat 0 against the AI, autosaved move by move.

The table's master is the same as a server's (:class:`~repl.master.master.Master`): the
person's seated front (:class:`~repl.kit.seat.SeatFront`) holds a link to it, sends acts and
takes its news. Here the master runs in the person's own thread, at once
(:class:`~.pacing.TerminalEngine`), and :class:`SoloGame` pumps it: an act as soon as it is
sent (what comes of it is told before the line is done), and between the person's lines
what is due, the opponents' turns at a pace a person can follow. What is left here is what
a game of one's own keeps around its table: the settings, the autosave, the statistics of
a finished game, the goodbye and the crash file's log (the master's :class:`Keeper`, and
the front's :class:`~repl.kit.seat.Sitting`). The commands of a game of one's own are a
command map of their own (:mod:`.commands`).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from ...core.errors import GameError
from ...core.events import CardDiscarded, CardDrawn, Event, GameEnded
from ...core.rules import new_game
from ...core.state import GameState, fold
from ...core.table import Table
from ...core.told import AiFailure
from ...core.turns import Scope
from ...core.views import SeatView
from ..files.config import remember
from ..files.log_file import LogFile
from ..kit.screen import Screen
from ..kit.seat import SeatFront, Sitting
from ..master.acting import take_back_refusal
from ..master.desk import Seats
from ..master.master import Master
from ..master.refused import Refused
from ..protocol.acts import Act
from ..protocol.link import Link
from ..words.grammar import PLAY
from ..words.i18n import Texts
from . import keeping
from .commands import OwnGameCommands
from .pacing import TerminalEngine
from .settings import YOU, Settings, policies_for, random_seed

PERSON = "you"
"""The name the person plays under at their own table (no other person sits there)."""

_HERE = threading.local()


def here_loop() -> asyncio.AbstractEventLoop:
    """The event loop the masters of this thread's games at a terminal run on, between the
    person's lines (one for the thread: a game's master runs only while it is pumped)."""
    loop: asyncio.AbstractEventLoop | None = getattr(_HERE, "loop", None)
    if loop is None or loop.is_closed():
        loop = _HERE.loop = asyncio.new_event_loop()
    return loop


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
        self.engine = TerminalEngine(
            tx=tx, screen=screen, settings=settings, say=self._say, shown=self.take_news,
            piloted=self.autopilot,
        )  # fmt: skip
        self.master = Master(self, self.engine)
        self.master.coaching.turn(YOU, settings.coach)
        self._over = False
        self._stats_recorded = False
        self._to_judge: tuple[GameState, CardDrawn | CardDiscarded] | None = None
        self.origin: keeping.Origin | None = None
        """The file the game in play was loaded from (``load``), and its log then."""
        self.master.begin(self._seat(events), told=False)
        self.link: Link = self.master.link(PERSON, YOU)

    # -- what the master asks of its keeper --------------------------------------------

    def seats(self) -> Seats:
        """Seat 0 is the person's; the others the AI's."""
        started = self.table.state.started
        players = () if started is None else started.players
        people = (PERSON, *(None for _ in players[1:]))
        return Seats(people=people, players=players, host=PERSON)

    def report(self, line: str) -> None:
        """Nothing for a server's log here (a failure is the crash file's)."""

    def failed(self, what: str, error: Exception) -> None:
        """An error nobody expected goes up to the loop, which writes the crash file and
        goes on (:mod:`repl.kit.loop`)."""
        raise error

    async def deal(self) -> Sequence[Event]:
        raise Refused("msg.game_over")  # a game of one's own is dealt by `new`

    def seat_game(self, events: Sequence[Event], *, fresh: bool) -> Table:
        return self._seat(events)

    def piloted(self, seat: int, scope: Scope | None, since: int) -> None:
        """A game of one's own forgets ``auto`` when it is left (its autosave is the log)."""

    def over(self) -> None:
        """The game came to its end: counted once it has been told (:meth:`take_news`)."""
        self._over = True

    def played(self, seat: int, before: GameState, move: CardDrawn | CardDiscarded) -> None:
        """A move of the person's was played: kept for :meth:`judge`, between the lines."""
        self._to_judge = (before, move)

    def changed(self) -> None:
        """(A game of one's own is never idle for long: nothing to mark.)"""

    def judge(self, before: GameState, move: CardDrawn | CardDiscarded) -> None:
        """What is said of the person's ``move`` (made in ``before``) before the opponents
        play: nothing here (the coach is the master's); the lesson says what it was worth."""

    # -- the table -----------------------------------------------------------------------

    def _seat(self, events: Sequence[Event]) -> Table:
        """A table for ``events`` with the person at seat 0; its AIs are loaded first."""
        state = fold(events)
        policies = policies_for(state, self.settings.level)
        # the seats are named for this table's count, and `new` deals at the same table
        self.tx.seat_count = state.seat_count
        self.settings.keep_table(state)
        table = Table(events, policies, store=self.autosave, on_ai_failure=self._ai_failed)
        self._over = False
        self._stats_recorded = table.state.ended is not None
        return table

    @property
    def table(self) -> Table:
        """The game in play."""
        table = self.master.table
        assert table is not None, "a game of one's own is dealt before it is played"
        return table

    @property
    def events(self) -> tuple[Event, ...]:
        """The log as it is saved (with any pending help)."""
        return self.table.events

    @property
    def seed(self) -> int | None:
        return self.table.state.seed

    def view(self) -> SeatView:
        """The person's view of the game in play, as the table has it now."""
        return self.table.view(YOU)

    def autopilot(self) -> Scope | None:
        """For how long the AI plays the person's turns now."""
        return self.table.autopilot(YOU)

    def save(self) -> None:
        """Bring the autosave in step with the log."""
        if self.autosave is not None:
            self.autosave.sync(self.table.events)

    def replace(self, events: Sequence[Event]) -> None:
        """Play another game from now on (a new or loaded one)."""
        self.master.begin(self._seat(events), told=False)
        self.take_news()
        self.save()

    # -- pumping the master --------------------------------------------------------------

    def _run(self, work: Coroutine[Any, Any, None]) -> None:
        """Run the master's ``work`` to its end, here and now: on this thread's loop, or,
        when a loop runs here already (the game is played from a coroutine), on a loop of a
        thread of its own while this one waits."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            here_loop().run_until_complete(work)
            return
        with ThreadPoolExecutor(1, thread_name_prefix="the game's loop") as aside:
            aside.submit(asyncio.run, work).result()

    def take_back_problem(self, *, again: bool) -> str | None:
        """Why the person may not undo (or redo) now, in words; ``None`` when they may."""
        refused = take_back_refusal(self.master, YOU, again=again)
        return None if refused is None else self.tx(refused.key, **refused.params)

    def sent(self, act: Act) -> None:
        """An act was sent: the master takes it up now, and the front hears what came of it
        before the line is done."""
        self._run(self.master.take_acts())
        self.take_news()

    def take_news(self) -> None:
        """The front takes the news of its place so far; then, once the game's end has been
        told, the statistics and what to do next."""
        front = self.front
        if front is None:
            return
        for news in self.link.news.take():
            front.take(news)
        if self._over:
            self._over = False
            ended = self.table.state.ended
            if ended is not None:
                self._game_over(ended, assisted=front.assisted)

    def drive(self) -> None:
        """Play what is due (the opponents' turns, and the person's while the AI plays for
        them) until the person is to act, at the pace of :mod:`.pacing`: the coach's word
        first, then each turn after a pause, which waits off the master's loop (a key may
        be pressed there, and the news shown: a round's end waits for one)."""
        master, engine = self.master, self.engine
        engine.pumping()
        with self.screen.interruptible():
            self._run(master.take_acts())
            self._run(master.lane.idle())
            while (step := master.drive.due_now()) is not None:
                if not engine.wait():
                    master.drive.interrupted()
                    continue
                self._run(master.drive.play(step))
        self.take_news()

    # -- the sitting: coming, each line, going -------------------------------------------

    def begin(self) -> None:
        """Play what the opponents have to play before the person's first prompt."""
        self.drive()

    def between_lines(self) -> None:
        """What is said of the person's move (:meth:`judge`, and the coach's word), then the
        opponents' turns after the person's line (and the person's under ``auto``)."""
        judged, self._to_judge = self._to_judge, None
        if judged is not None:
            self.judge(*judged)
        self.drive()

    @property
    def coaching(self) -> bool:
        """Whether the coach is on."""
        return YOU in self.master.coaching

    def coach_on(self, on: bool) -> None:
        """Turn the coach on or off (on: the game is marked assisted at its next move)."""
        self.master.coaching.turn(YOU, on)
        self.settings.coach = on

    def leave_question(self) -> str:
        """Ctrl-D asks before leaving (an unsaved game is said to be so)."""
        return keeping.leave_question(self.autosave, self.tx)

    def leave(self) -> None:
        """Bring the autosave up to date and say goodbye."""
        self.save()
        over = self.table.state.ended is not None or not self.screen.interactive
        self._front().say(keeping.goodbye(self.autosave, self.tx, over=over))

    def _front(self) -> SeatFront:
        assert self.front is not None, "a front is attached before the game is played"
        return self.front

    def _say(self, text: str) -> None:
        if self.front is not None:
            self.front.say(text, "class:dim")

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
        game.link, tx=tx, screen=screen, grammar=PLAY, sort=settings.sort, sitting=game
    )
    front.add_commands(OwnGameCommands(game, front).command_map())
    game.front = front
    game.take_news()
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
