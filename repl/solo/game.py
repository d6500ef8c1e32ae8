"""The game in play at a terminal: one person at seat 0 in front of a core table.

:class:`PlayFront` turns the player's lines into commands for a
:class:`~core.table.Table` (which checks them against the rules, keeps the log,
the autosave and the AI players) and tells, in the player's language, every change
the table reports. It paces the opponents' turns for a person to follow, and keeps
the statistics. Everything it shows comes from the table's view for seat 0,
except the score sheet and the result, which every seat sees.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ...core.errors import GameError
from ...core.events import (
    Assistance,
    DrawSource,
    Event,
    RoundScored,
)
from ...core.rules import Assist, Discard, Draw, new_game
from ...core.state import GameState, Phase, fold
from ...core.table import AiReplaced, Change, Played, Redone, Table, Undone
from ...core.timeline import HUMAN, is_human_move
from ...core.views import PlayerView
from ..files.config import remember
from ..files.storage import Autosave
from ..kit import commands
from ..kit.completer import GameCompleter
from ..kit.front import Front, Quit
from ..kit.narrate import GameOver, Item, RoundOver, Say, named_move, narrate
from ..kit.render import (
    Text,
    next_sort,
    penalty_of,
    reflow,
    render_game_over,
    render_hand,
    render_melds,
    render_round_over,
    render_rules,
    render_score_sheet,
    render_table,
    toolbar,
)
from ..kit.screen import Screen
from ..words.grammar import PLAY, Parsed
from ..words.i18n import Texts
from . import keeping
from .settings import DELAYS, Settings, policies_for, random_seed


class PlayFront(Front):
    """A person at seat 0 of a game in play, at a terminal or in a script."""

    grammar = PLAY

    def __init__(
        self,
        events: Sequence[Event],
        *,
        tx: Texts,
        screen: Screen,
        settings: Settings,
        autosave: Autosave | None = None,
        keep_stats: bool = False,
    ) -> None:
        super().__init__(tx=tx, screen=screen)
        self.settings = settings
        self.autosave = autosave
        if autosave is not None:
            autosave.told = self._autosave_told
        self.keep_stats = keep_stats
        self.settings_file: Path | None = None  # a terminal game remembers speed and sort here
        self._pause = True
        self.game = self._seat(events)

    @classmethod
    def start(
        cls,
        seed: int | None,
        *,
        tx: Texts,
        screen: Screen,
        settings: Settings,
        autosave: Autosave | None = None,
        keep_stats: bool = False,
    ) -> PlayFront:
        """A new game with ``settings``' options (a random seed when ``seed`` is ``None``)."""
        seed = random_seed() if seed is None else seed
        _, events = new_game(seed, settings.options(), settings.players())
        return cls(
            events,
            tx=tx,
            screen=screen,
            settings=settings,
            autosave=autosave,
            keep_stats=keep_stats,
        )

    def _seat(self, events: Sequence[Event]) -> Table:
        """A table for ``events`` with this player at seat 0; its AIs are loaded first."""
        game = Table(events, policies_for(fold(events), self.settings.level), store=self.autosave)
        game.subscribe(self._hear)
        self._stats_recorded = game.state.ended is not None
        return game

    def replace(self, events: Sequence[Event]) -> None:
        """Play another game from now on (a new or loaded one)."""
        self.game = self._seat(events)
        self.save()

    # -- the game as this seat sees it -------------------------------------------------

    @property
    def state(self) -> GameState:
        """The game, for what the whole table sees (the score sheet, the result)."""
        return self.game.state

    @property
    def events(self) -> tuple[Event, ...]:
        """The log as it is saved (with any pending help)."""
        return self.game.events

    @property
    def assisted(self) -> bool:
        return self.game.is_assisted(HUMAN)

    def save(self) -> None:
        """Bring the autosave in step with the log."""
        if self.autosave is not None:
            self.autosave.sync(self.game.events)

    def crash_log(self) -> tuple[int | None, Sequence[Event]]:
        return self.state.seed, self.game.events

    # -- what the loop asks of a front -------------------------------------------------

    def begin(self) -> None:
        """Play what the opponents have to play, then show the table."""
        self._play(None)
        self.show_table()

    def completer(self) -> GameCompleter:
        """Commands, then the cards of your hand (with the penalty after each), files …"""
        return GameCompleter(
            self._view_in_round,
            self.tx,
            can_discard=lambda card: self.game.can(HUMAN, Discard(seat=HUMAN, card=card)),
        )

    def _view_in_round(self) -> PlayerView | None:
        """Seat 0's view while a round is in play (cards to complete), else ``None``."""
        if self.state.ended is not None or self.state.round is None:
            return None
        return self.game.view(HUMAN)

    def leave_question(self) -> str:
        """Ctrl-D asks before leaving (an unsaved game is said to be so)."""
        return keeping.leave_question(self.autosave, self.tx)

    def leave(self) -> None:
        """Bring the autosave up to date and say goodbye."""
        self.save()
        over = self.state.ended is not None or not self.screen.interactive
        self.say(keeping.goodbye(self.autosave, self.tx, over=over))

    def _autosave_told(self, failure: OSError | None) -> None:
        """The autosave failed (said once; the game goes on in memory) or saves again."""
        self.say(*keeping.autosave_news(failure, self.tx, self.autosave))

    def show_table(self) -> None:
        """The table, or the final result once the game is over."""
        if self.state.ended is not None:
            self.screen.show(render_game_over(self.state, self.tx, assisted=self.assisted))
            return
        if self.state.round is None:
            return
        view = self.game.view(HUMAN)
        width = self.screen.width
        text = render_table(
            view, self.tx, sort=self.settings.sort, width=width, assisted=self.assisted
        )
        self.screen.show([("", "\n"), *text])

    def toolbar(self) -> Text:
        """The bottom toolbar: round, wild rank, what to do now, your penalty."""
        tx = self.tx
        if self.state.ended is not None or self.state.round is None:
            return [("", " " + tx("bar.over"))]
        view = self.game.view(HUMAN)
        if view.turn == HUMAN:
            what = tx("bar.draw") if view.phase == Phase.DRAW else tx("bar.discard")
        else:
            what = tx("bar.waiting", seat=tx.seat(view.turn))
        parts = [
            [("class:bottom-toolbar.key", what)],
            [("", tx("bar.wild", wild=view.wild_rank.symbol))],
            [("", tx("bar.penalty", penalty=penalty_of(view)))],
            [("", tx("bar.round", round=view.round_no))],
        ]
        if self.assisted:
            parts.append([("", tx("table.assisted"))])
        parts.append([("class:dim", tx("bar.keys"))])
        return toolbar(parts, self.screen.width - 2)

    # -- a line ------------------------------------------------------------------------

    def empty_line(self) -> str | None:
        self.show_table()
        return None

    def run_parsed(self, parsed: Parsed | None) -> str | None:
        if parsed is not None and self.game.ai_to_act() is not None:
            self._play(None)  # an earlier error left the opponents to play: let them
        return super().run_parsed(parsed)

    def problem(self, parsed: Parsed) -> str | None:
        """Why ``parsed`` cannot run now, in words; ``None`` when it can."""
        tx = self.tx
        state = self.state
        name = parsed.name
        if name in ("draw", "take", "discard", "hint", "auto") and state.ended is not None:
            return tx("msg.game_over")
        if name in ("draw", "take", "discard"):
            try:
                self.game.check(HUMAN, move_command(parsed))
            except GameError as error:
                return _sentence(tx.error(error))
        elif name in ("hint", "auto") and state.turn != HUMAN:
            return tx("msg.hint_none")
        elif name == "undo" and not self.game.can_undo(HUMAN):
            return tx("msg.undo_after_end") if state.ended else tx("msg.nothing_to_undo")
        elif name == "redo" and not self.game.can_redo(HUMAN):
            return tx("msg.nothing_to_redo")
        elif name == "save" and parsed.path:
            return commands.save_problem(parsed.path, tx)
        elif name == "load" and parsed.path:
            return commands.load_problem(parsed.path, tx)
        return None

    def run(self, parsed: Parsed) -> str | None:
        """Carry out ``parsed`` (its problems were checked); why it failed, or ``None``."""
        tx = self.tx
        match parsed.name:
            case "draw" | "take" | "discard":
                self.move(move_command(parsed))
            case "sort":
                self.settings.sort = parsed.choice or next_sort(self.settings.sort)
                self.remember("sort", self.settings.sort)
                if self.state.round is not None:
                    view = self.game.view(HUMAN)
                    width = self.screen.width
                    self.screen.show(render_hand(view, tx, sort=self.settings.sort, width=width))
                else:
                    self.say(tx("msg.sorted", sort=tx(f"sort.{self.settings.sort}")))
            case "melds":
                if self.state.round is not None:
                    view = self.game.view(HUMAN)
                    self.screen.show(render_melds(view, tx, self.screen.width))
                else:
                    self.show_table()
            case "hint":
                self.hint()
            case "auto":
                self.auto(parsed.choice or "turn")
            case "undo":
                self.game.undo(HUMAN)
                self.show_table()
            case "redo":
                self.game.redo(HUMAN)
                self.show_table()
            case "score":
                sheet = self.state.score_sheet
                self.screen.show(render_score_sheet(sheet, tx, assisted=self.assisted))
            case "log":
                lines = commands.recent(self.game.events, tx, parsed.number or commands.LOG_LINES)
                self.screen.show(lines)
            case "rules":
                self.screen.show(render_rules(self.state, tx))
            case "new":
                return self.start_new(parsed.number)
            case "save":
                return commands.save(self, self.game.events, parsed.path, seed=self.state.seed)
            case "load":
                assert parsed.path is not None
                return self.load(parsed.path)
            case "seed":
                self.say(tx("msg.seed", seed=self.state.seed))
            case "speed":
                if parsed.choice:
                    self.settings.speed = parsed.choice
                    self.remember("speed", parsed.choice)
                self.say(tx("msg.speed", speed=tx(f"speed.{self.settings.speed}")))
            case "stats":
                self.screen.show(commands.render_stats(tx))
            case "help":
                self.screen.show(commands.render_help(tx, PLAY, parsed.topic, self.screen.width))
            case "report":
                described = self.settings.described(tx.lang)
                return commands.report(self, self.game.events, described)
            case "quit":
                raise Quit
        return None

    def remember(self, name: str, value: str) -> None:
        """Keep a setting the player changed for the next game, in the config file of a
        terminal game; a file that cannot be written just keeps it for this game."""
        if self.settings_file is not None:
            remember(self.settings_file, name, value)

    # -- moves, the opponents, help ----------------------------------------------------

    def move(self, command: Draw | Discard) -> None:
        """The player's move, then the opponents until it is the player's turn again."""
        self._pause = True
        self.game.submit(HUMAN, command)
        self._play(None)
        self.show_table()

    def _play(self, scope: str | None) -> None:
        """Opponents' turns until the player is to act; with ``scope``, the AI plays for
        the player too: ``turn``, ``round`` or ``game`` say how long."""
        state = self.state
        start_round = state.round.round_no if state.round else 0
        played_yours = False
        skipped = False
        with self.screen.interruptible():
            while self.state.ended is None and self.state.round is not None:
                seat = self.state.turn
                if seat == HUMAN:
                    round_no = self.state.round.round_no
                    if scope is None or self.screen.interrupted:
                        if scope is not None:
                            self.say(self.tx("msg.auto_stopped"), "class:warn")
                        return
                    if (scope == "turn" and played_yours) or (
                        scope == "round" and round_no != start_round
                    ):
                        return
                    played_yours = True
                delay = DELAYS[self.settings.speed]
                if scope in ("round", "game"):
                    # a long auto run narrates at most at "fast", and never stops for keys
                    step = self.settings.speed == "step"
                    delay = DELAYS["fast"] if step else min(delay, DELAYS["fast"])
                if self.screen.interrupted:
                    if not skipped:
                        self.say(self.tx("msg.narration_skipped"), "class:dim")
                    skipped = True
                    delay = 0.0
                self.screen.sleep(delay)
                self._pause = scope != "game"
                self.game.play_turn(HUMAN if seat == HUMAN else None)
                step = self.settings.speed == "step" and scope in (None, "turn")
                if step and self.screen.interactive and not self.screen.interrupted:
                    self.screen.wait_key(self.tx("msg.step"))

    def auto(self, scope: str) -> None:
        """``auto turn|round|game``: record the help, then let the AI play your seat."""
        self.game.submit(HUMAN, Assist(seat=HUMAN, help=Assistance.AUTO))
        self._play(scope)
        self.show_table()

    def hint(self) -> None:
        """What the helper AI would do now, with its reason (recorded as help)."""
        for text, style in commands.hint_lines(self.game.hint(HUMAN), self.tx):
            self.say(text, style)

    # -- what the table tells ----------------------------------------------------------

    def _hear(self, change: Change) -> None:
        """Tell a change of the game in the player's words (the table calls this)."""
        match change:
            case Played():
                items = narrate(change.events, change.before, self.tx, auto=change.auto)
                self._tell(items, pause=self._pause)
            case Undone():
                self.say(self.tx("msg.undone", what=named_move(change.removed[0], self.tx)))
                if change.newly_assisted:
                    self.say(self.tx("msg.now_assisted"), "class:warn")
            case Redone():
                self.say(self.tx("msg.redone", what=named_move(change.events[0], self.tx)))
                self._tell(narrate(change.events[1:], change.before, self.tx), pause=False)
            case AiReplaced():
                self.crash(change.error, f"AI turn of seat {change.seat}")
                seat = self.tx.seat(change.seat)
                said = self.tx("msg.ai_failed", seat=seat, error=change.error, level=change.level)
                self.say(said, "class:warn")

    def _tell(self, items: list[Item], *, pause: bool) -> None:
        for item in items:
            match item:
                case Say():
                    self.screen.show([*reflow(item.text, self.screen.width), ("", "\n")])
                case RoundOver():
                    self._round_over(item.scored, pause=pause)
                case GameOver():
                    self._game_over()

    def _round_over(self, scored: RoundScored, *, pause: bool) -> None:
        width = self.screen.width
        self.screen.show([("", "\n"), *render_round_over(scored, self.tx, width)])
        sheet = tuple(s for s in self.state.score_sheet if s.round_no <= scored.round_no)
        self.screen.show(render_score_sheet(sheet, self.tx, assisted=self.assisted))
        if pause and self.screen.interactive and not self.screen.interrupted:
            key = "round.last" if scored.round_no == 11 else "round.next"
            self.screen.wait_key(self.tx(key, round=scored.round_no + 1))

    def _game_over(self) -> None:
        if self.keep_stats and not self._stats_recorded and self.state.ended is not None:
            for line in keeping.record_result(self.state.ended, assisted=self.assisted, tx=self.tx):
                self.say(line, "class:warn")
        self._stats_recorded = True

    # -- another game ------------------------------------------------------------------

    def start_new(self, seed: int | None) -> str | None:
        """``new [SEED]``: a new game with the same options and opponents."""
        tx = self.tx
        question = tx("msg.new_confirm") + tx("msg.yes_no")
        unfinished = self.state.ended is None
        if unfinished and self.screen.interactive and not self.screen.confirm(question, True):
            return None
        settings = self.settings
        seed = random_seed() if seed is None else seed
        _, events = new_game(seed, settings.options(), settings.players())
        failed = self.switch(events, None)
        if failed is not None:
            return failed
        aces = tx("aces.high") if settings.aces_high else tx("aces.low")
        level = f"level.{settings.level}"
        self.say(
            tx(
                "msg.new_game",
                seed=seed,
                jokers=settings.jokers,
                aces=aces,
                level=tx(level) if tx.has(level) else settings.level,
            ),
            "class:good",
        )
        self.begin()
        return None

    def load(self, name: str) -> str | None:
        """Load a saved game (found as ``save`` names it) and play on from where it stopped;
        why it could not be."""
        log = commands.read_saved(self, name)
        if isinstance(log, str):
            return log
        path, events = log
        failed = self.switch(events, path)
        if failed is not None:
            return failed
        said = self.tx("msg.loaded", path=path, seed=self.state.seed, n=len(events))
        self.say(said, "class:good")
        self.begin()
        return None

    def switch(self, events: Sequence[Event], path: Path | None) -> str | None:
        """Make ``events`` the game in play, keeping an unfinished autosaved game aside;
        why it could not be."""
        played = any(is_human_move(event) for event in self.game.events)
        if self.autosave is not None and self.state.ended is None and played:
            try:
                kept = self.autosave.keep_aside()
            except OSError as error:  # it stays where it is; the next game is not autosaved
                self.say(keeping.kept_in_place(self.autosave, error, self.tx), "class:warn")
                self.autosave, kept = None, None
            if kept is not None:
                self.say(self.tx("msg.kept_previous", path=kept), "class:dim")
        try:
            self.replace(events)
        except GameError as error:
            where = path if path is not None else "?"
            detail = self.tx.error(error)
            return self.refuse(self.tx("msg.load_failed", path=where, detail=detail))
        return None


def move_command(parsed: Parsed) -> Draw | Discard:
    """The engine command of a move of seat 0."""
    if parsed.name == "draw":
        return Draw(seat=HUMAN, source=DrawSource.STOCK)
    if parsed.name == "take":
        return Draw(seat=HUMAN, source=DrawSource.DISCARD)
    assert parsed.card is not None
    return Discard(seat=HUMAN, card=parsed.card)


def _sentence(text: str) -> str:
    """Engine messages start in lower case; a message on its own starts with a capital."""
    return text[:1].upper() + text[1:]
