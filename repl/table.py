"""The table: one game in play, its AI opponents, and what the player's commands do.

``Table.execute(line)`` runs one line; ``Table.problem(parsed)`` says why a
command cannot run now (the validator shows it before Enter). Every rule is
asked of :mod:`core.rules`; this module only orders the calls, narrates the
events and keeps the autosave in step with the log.
"""

from __future__ import annotations

import secrets
from pathlib import Path

from attrs import define
from threethirteen.core.errors import GameError
from threethirteen.core.events import (
    Assistance,
    CardDiscarded,
    CardDrawn,
    DrawSource,
    Event,
    GameOptions,
    RoundScored,
)
from threethirteen.core.players import LEVELS, Policy, load_policy, policy_turn
from threethirteen.core.rules import Assist, Discard, Draw, check, decide, new_game
from threethirteen.core.state import GameState, Phase
from threethirteen.core.timeline import HUMAN, Timeline
from threethirteen.core.views import view_for
from threethirteen.repl import commands
from threethirteen.repl.completer import GameCompleter
from threethirteen.repl.grammar import PLAY, Grammar, Parsed, UsageError, parse
from threethirteen.repl.i18n import Texts
from threethirteen.repl.narrate import GameOver, Item, RoundOver, Say, narrate
from threethirteen.repl.render import (
    SORTS,
    Text,
    penalty_of,
    reflow,
    render_game_over,
    render_round_over,
    render_score_sheet,
    render_table,
    toolbar,
)
from threethirteen.repl.screen import Screen
from threethirteen.repl.storage import Autosave, load_stats, save_stats, write_crash

DELAYS = {"instant": 0.0, "fast": 0.2, "normal": 0.6, "step": 0.0}
"""Seconds of narration per AI turn at each speed (``step`` waits for a key instead)."""
HELPER_LEVELS = ("hard", "medium", "easy", "greedy")
"""Who gives hints and plays ``auto`` turns: the strongest level that loads."""


@define
class Settings:
    """How this player likes the game: speed, hand order, colours, and options for new games."""

    speed: str = "normal"
    sort: str = "suit"
    level: str = "medium"
    jokers: int = 0
    aces_high: bool = False
    color: bool = True

    def options(self) -> GameOptions:
        """The options a new game is dealt with."""
        return GameOptions(jokers=self.jokers, aces_high=self.aces_high)

    def players(self) -> tuple[str, ...]:
        """Who plays each seat of a new game: you, then three AIs of the chosen level."""
        return ("human", self.level, self.level, self.level)


class Quit(Exception):
    """The player asked to leave."""


class Table:
    """A game in play and the commands that act on it."""

    def __init__(
        self,
        timeline: Timeline,
        *,
        tx: Texts,
        screen: Screen,
        settings: Settings,
        autosave: Autosave | None = None,
        keep_stats: bool = False,
    ) -> None:
        self.tx = tx
        self.screen = screen
        self.settings = settings
        self.autosave = autosave
        self.keep_stats = keep_stats
        self.settings_file: Path | None = None  # a terminal game remembers speed and sort here
        self.timeline = timeline
        self.policies: dict[int, Policy] = {}
        self._helper: Policy | None = None
        self._stats_recorded = timeline.state.ended is not None
        self._load_policies()

    # -- the game ------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.timeline.state

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
    ) -> Table:
        """A new game with ``settings``' options (a random seed when ``seed`` is ``None``)."""
        seed = random_seed() if seed is None else seed
        _, events = new_game(seed, settings.options(), settings.players())
        return cls(
            Timeline(events),
            tx=tx,
            screen=screen,
            settings=settings,
            autosave=autosave,
            keep_stats=keep_stats,
        )

    def _load_policies(self) -> None:
        self.policies = _policies_for(self.state, self.settings.level)

    def replace(self, events: tuple[Event, ...]) -> None:
        """Play another game from now on (a new or loaded one); its AIs are loaded first."""
        timeline = Timeline(events)
        self.policies = _policies_for(timeline.state, self.settings.level)
        self.timeline = timeline
        self._stats_recorded = self.state.ended is not None
        self.save()

    def save(self) -> None:
        """Bring the autosave in step with the log."""
        if self.autosave is not None:
            self.autosave.sync(self.timeline.recorded())

    def begin(self) -> None:
        """Play what the opponents have to play, then show the table."""
        self._play(None)
        self.show_table()

    # -- what the loop asks of a front ---------------------------------------------------

    @property
    def grammar(self) -> Grammar:
        return PLAY

    def completer(self) -> GameCompleter:
        """Commands, then the cards of your hand (with the penalty after each), files …"""
        return GameCompleter(lambda: self.state, self.tx)

    def leave_question(self) -> str:
        """Ctrl-D asks before leaving (an unsaved game is said to be so)."""
        return self.tx("msg.leave_confirm" if self.autosave else "msg.leave_unsaved")

    def leave(self) -> None:
        """Bring the autosave up to date and say goodbye."""
        self.save()
        if self.state.ended is not None or not self.screen.interactive:
            key = "msg.bye_over"
        else:
            key = "msg.bye" if self.autosave is not None else "msg.bye_unsaved"
        self.say(self.tx(key))

    # -- showing -------------------------------------------------------------------------

    def say(self, text: str, style: str = "") -> None:
        """One message, broken to the screen's width."""
        self.screen.show([*reflow([(style, text)], self.screen.width), ("", "\n")])

    def show_table(self) -> None:
        """The table, or the final result once the game is over."""
        if self.state.ended is not None:
            self.screen.show(render_game_over(self.state, self.tx, assisted=self.assisted))
            return
        if self.state.round is None:
            return
        width = self.screen.width
        text = render_table(
            self.state, self.tx, sort=self.settings.sort, width=width, assisted=self.assisted
        )
        self.screen.show([("", "\n"), *text])

    @property
    def assisted(self) -> bool:
        return self.timeline.assisted

    def toolbar(self) -> Text:
        """The bottom toolbar: round, wild rank, what to do now, your penalty."""
        tx = self.tx
        state = self.state
        if state.ended is not None or state.round is None:
            return [("", " " + tx("bar.over"))]
        round_ = state.round
        if state.turn == HUMAN:
            what = tx("bar.draw") if state.phase == Phase.DRAW else tx("bar.discard")
        else:
            what = tx("bar.waiting", seat=tx.seat(round_.turn))
        penalty = penalty_of(view_for(state, HUMAN))
        parts = [
            [("class:bottom-toolbar.key", what)],
            [("", tx("bar.wild", wild=round_.wild_rank.symbol))],
            [("", tx("bar.penalty", penalty=penalty))],
            [("", tx("bar.round", round=round_.round_no))],
        ]
        if self.assisted:
            parts.append([("", tx("table.assisted"))])
        parts.append([("class:dim", tx("bar.keys"))])
        return toolbar(parts, self.screen.width - 2)

    # -- running a line ------------------------------------------------------------------

    def execute(self, line: str) -> str | None:
        """Run one line; why it was refused (already said), or ``None``. Raises :class:`Quit`
        to leave. Bad input is answered, never raised."""
        try:
            parsed = parse(line)
        except UsageError as error:
            return self.refuse(self.tx(error.key, **error.params))
        except GameError as error:
            return self.refuse(self.tx.error(error))
        if parsed is None:
            self.show_table()
            return None
        if self.state.ended is None and self.state.turn not in (HUMAN, None):
            self._play(None)  # an earlier error left the opponents to play: let them
        problem = self.problem(parsed)
        if problem is not None:
            return self.refuse(problem)
        return commands.run(self, parsed)

    def refuse(self, reason: str) -> str:
        """Say why a command cannot run; the reason, for a script to stop at."""
        self.say(reason, "class:error")
        return reason

    def problem(self, parsed: Parsed) -> str | None:
        """Why ``parsed`` cannot run now, in words; ``None`` when it can."""
        tx = self.tx
        state = self.state
        name = parsed.name
        if name in ("draw", "take", "discard", "hint", "auto") and state.ended is not None:
            return tx("msg.game_over")
        if name in ("draw", "take", "discard"):
            try:
                check(state, self.move_command(parsed))
            except GameError as error:
                return _sentence(tx.error(error))
        elif name in ("hint", "auto") and state.turn != HUMAN:
            return tx("msg.hint_none")
        elif name == "undo" and not self.timeline.can_undo:
            return tx("msg.undo_after_end") if state.ended else tx("msg.nothing_to_undo")
        elif name == "redo" and not self.timeline.can_redo:
            return tx("msg.nothing_to_redo")
        elif name == "save" and parsed.path:
            return commands.save_problem(parsed.path, tx)
        elif name == "load" and parsed.path:
            return commands.load_problem(parsed.path, tx)
        return None

    @staticmethod
    def move_command(parsed: Parsed) -> Draw | Discard:
        """The engine command of a move."""
        if parsed.name == "draw":
            return Draw(seat=HUMAN, source=DrawSource.STOCK)
        if parsed.name == "take":
            return Draw(seat=HUMAN, source=DrawSource.DISCARD)
        assert parsed.card is not None
        return Discard(seat=HUMAN, card=parsed.card)

    # -- moves, the opponents, auto ------------------------------------------------------

    def move(self, command: Draw | Discard) -> None:
        """The human's move, then the opponents until it is the human's turn again."""
        check(self.state, command)
        self.timeline.begin()
        self._apply(decide(self.state, command))
        self._play(None)
        self.show_table()

    def _apply(self, events: tuple[Event, ...], *, auto: bool = False) -> list[Item]:
        before = self.state
        self.timeline.extend(events)
        self.save()
        items = narrate(events, before, self.tx, auto=auto)
        self._tell(items, pause=not auto)
        return items

    def _tell(self, items: list[Item], *, pause: bool = True) -> None:
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
            stats = load_stats()
            stats.record(self.state.ended, seat=HUMAN, assisted=self.assisted)
            save_stats(stats)
        self._stats_recorded = True

    def _play(self, scope: str | None) -> None:
        """Opponents' turns until the human is to act; with ``scope``, the AI plays for you too.

        ``scope`` is ``turn``, ``round`` or ``game``: how long the AI plays your seat.
        """
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
                assert seat is not None
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
                self._turn(seat, auto=seat == HUMAN, pause=scope != "game")
                step = self.settings.speed == "step" and scope in (None, "turn")
                if step and self.screen.interactive and not self.screen.interrupted:
                    self.screen.wait_key(self.tx("msg.step"))

    def _turn(self, seat: int, *, auto: bool, pause: bool) -> None:
        """One whole turn of ``seat`` by its AI (the helper for the human): take, then discard."""
        before = self.state
        events = list(self._decision(seat))
        self.timeline.extend(events)
        state = self.state
        if state.round is not None and state.turn == seat and state.phase == Phase.DISCARD:
            more = self._decision(seat)
            self.timeline.extend(more)
            events += more
        self.save()
        self._tell(narrate(tuple(events), before, self.tx, auto=auto), pause=pause)

    def _decision(self, seat: int) -> tuple[Event, ...]:
        """One AI decision for ``seat``; a failing AI is reported and another level plays."""
        policy = self.helper() if seat == HUMAN else self.policies[seat]
        try:
            return policy_turn(self.state, policy, self.tx.seat(seat))
        except Exception as error:
            self.crash(error, f"AI turn of seat {seat}")
            for level in HELPER_LEVELS[::-1]:
                try:
                    events = policy_turn(self.state, load_policy(level), level)
                except Exception:
                    continue
                self.say(
                    self.tx("msg.ai_failed", seat=self.tx.seat(seat), error=error, level=level),
                    "class:warn",
                )
                return events
            raise

    def helper(self) -> Policy:
        """The AI that gives hints and plays ``auto`` turns: the strongest level there is."""
        if self._helper is None:
            for level in HELPER_LEVELS:
                try:
                    self._helper = load_policy(level)
                    break
                except GameError:
                    continue
            else:
                raise RuntimeError("no AI level can be loaded")
        return self._helper

    def auto(self, scope: str) -> None:
        """``auto turn|round|game``: record the help, then let the AI play your seat."""
        self.timeline.begin()
        self._apply(decide(self.state, Assist(seat=HUMAN, help=Assistance.AUTO)))
        self._play(scope)
        self.show_table()

    def hint(self) -> None:
        """What the helper AI would do now, with its reason (recorded as help)."""
        self.timeline.begin()
        self._apply(decide(self.state, Assist(seat=HUMAN, help=Assistance.HINT)))
        policy = self.helper()
        events = policy_turn(self.state, policy, "hint")
        reason = getattr(policy, "last_reason", "")
        action = ""
        for event in events:
            if isinstance(event, CardDrawn):
                action = (
                    self.tx("msg.action_stock")
                    if event.source == DrawSource.STOCK
                    else self.tx("msg.action_take", card=event.card)
                )
                break
            if isinstance(event, CardDiscarded):
                action = self.tx("msg.action_discard", card=event.card)
                break
        if not action:
            action = self.tx("msg.action_stock")
        self.say(self.tx("msg.hint", action=action), "class:good")
        # the action is said above; the reason, in the player's language, says why
        why = self.tx.reason(reason, action=False) if isinstance(reason, str) else ""
        if why:
            self.say(self.tx("msg.hint_why", reason=why), "class:dim")

    # -- undo and redo -------------------------------------------------------------------

    def undo(self) -> None:
        """Back to before your last move."""
        was_assisted = self.assisted
        removed = self.timeline.undo()
        if removed is None:
            self.say(self.tx("msg.nothing_to_undo"), "class:error")
            return
        self.save()
        self.say(self.tx("msg.undone", what=self._what(removed[0])))
        if self.assisted and not was_assisted:
            self.say(self.tx("msg.now_assisted"), "class:warn")
        self.show_table()

    def redo(self) -> None:
        """Play the undone move again, exactly as it went."""
        before = self.state
        events = self.timeline.redo()
        if events is None:
            self.say(self.tx("msg.nothing_to_redo"), "class:error")
            return
        self.save()
        self.say(self.tx("msg.redone", what=self._what(events[0])))
        items = narrate(events[1:], before, self.tx)
        self._tell(items, pause=False)
        self.show_table()

    def _what(self, event: Event) -> str:
        if isinstance(event, CardDiscarded):
            return self.tx("msg.what_discard", card=event.card)
        if isinstance(event, CardDrawn) and event.source == DrawSource.DISCARD:
            return self.tx("msg.what_take", card=event.card)
        return self.tx("msg.what_draw")

    # -- trouble -------------------------------------------------------------------------

    def crash(self, error: BaseException, command: str) -> None:
        """Write a crash file for an unexpected error and tell the player; the game goes on."""
        try:
            path: Path | str = write_crash(
                error, seed=self.state.seed, command=command, events=self.timeline.recorded()
            )
        except OSError as write_error:
            path = f"(not written: {write_error})"
        detail = f"{type(error).__name__}: {error}"
        self.say(self.tx("msg.crash", error=detail, path=path), "class:error")


def random_seed() -> int:
    """A fresh seed, short enough to read out and type again."""
    return secrets.randbelow(999_999) + 1


def _policies_for(state: GameState, default: str = "medium") -> dict[int, Policy]:
    """The AI of each opponent seat, as the game's start names them.

    Only level names are taken from a log (``"medium"``); any other entry (a
    ``"human"`` seat from another front end, a ``module:Class`` bot) is played by
    ``default``: a file must never make the game import code.
    """
    players = state.started.players if state.started else Settings().players()
    return {
        seat: load_policy(players[seat] if players[seat] in LEVELS else default)
        for seat in range(1, 4)
    }


def _sentence(text: str) -> str:
    """Engine messages start in lower case; a message on its own starts with a capital."""
    return text[:1].upper() + text[1:]


def next_sort(current: str) -> str:
    """The hand order after ``current``: suit, rank, melds, suit …"""
    return SORTS[(SORTS.index(current) + 1) % len(SORTS)]
