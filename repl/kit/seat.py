"""A person at a seat: the one front of a place at a table, wherever the table is.

:class:`SeatFront` holds everything a person at a seat does: the toolbar, the table,
the narration of what the table tells, completion and the checks of a move before
Enter, and the commands every seat has (:mod:`.seat_commands`). The game at a
terminal, a seat at a shared table and someone watching (a place with no hand:
``seat`` is ``None``) all use it.
They differ only in their :class:`SeatLink`: how a command reaches the table, how a
pause is waited (a sleep, or the event loop's timer), how the kind of table shows
itself (:class:`Manner`), and the few commands of that kind of table.

A front holds only what its seat may know: the latest :class:`~core.views.SeatView`
the table sent it, already redacted by the engine. The log as the seat saw it is asked
of the link when the ``log`` command needs it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Protocol

from ...core.cards import ROUNDS, Card
from ...core.errors import GameError
from ...core.events import (
    AssistanceUsed,
    Event,
    GameEnded,
    RoundScored,
)
from ...core.fairness import keeps_promise
from ...core.rules import Discard, Draw, check_seen
from ...core.seats import DEFAULT_SEATS
from ...core.seen import Seen
from ...core.state import Phase
from ...core.told import Hint, Moved, PlayedAgain, Told, TookBack
from ...core.turns import HURRY, Scope
from ...core.views import PlayerView, SeatView
from ..words.grammar import Grammar, Parsed
from ..words.i18n import Texts, sentence
from .chart import render_score_chart
from .completer import GameCompleter
from .front import Command
from .manner import Manner
from .narrate import GameOver, Item, RoundOver, Say, hint_lines, named_move, narrate
from .render import (
    Text,
    penalty_of,
    reflow,
    render_game_over,
    render_table,
    toolbar,
    watch_text,
)
from .screen import Screen
from .seat_commands import Reach, SeatCommands
from .sheet import render_round_over, render_score_sheet

STALE = "stale_command"
"""The key of the table's refusal of a command typed before it moved on."""


class SeatLink(Protocol):
    """How a seated front reaches its table: what a game at a terminal and a seat at a
    shared table do differently. The link tells the front what happens through
    :meth:`SeatFront.hear`, :meth:`SeatFront.hinted` and :meth:`SeatFront.refused`."""

    seat: int | None
    manner: Manner

    def attach(self, front: SeatFront) -> None:
        """From now on, tell ``front`` what happens at the table."""

    def view(self) -> SeatView | None:
        """The seat's view now; ``None`` before the game has begun."""

    def seen(self) -> tuple[Seen, ...]:
        """The log so far, as this seat may know it."""

    def send(self, command: Draw | Discard) -> None:
        """Play the seat's move; what it causes is told. The move carries how far the
        front's view had gone (:attr:`SeatFront.told`): the table refuses it when it has
        moved on since."""

    def hint(self) -> None:
        """Ask the helper AI (as far as the front's view had gone, as :meth:`send`); the
        hint is told (:meth:`SeatFront.hinted`)."""

    def auto(self, scope: Scope | None) -> None:
        """Let the AI play for the seat (``None``: stop it)."""

    def autopilot(self) -> Scope | None:
        """How long the AI still plays for the seat (``None``: it does not)."""

    def names(self) -> list[str]:
        """The names of the people at the table (``mute NAME`` completes them); none at a
        table of one's own."""

    def time_left(self) -> float | None:
        """Seconds left on the seat's turn clock, while it runs (a shared table's)."""

    def later(self, show: Callable[[], None]) -> None:
        """Show something: at once at a terminal, above the prompt at a shared table."""

    def turn_back(self) -> None:
        """The turn came back to the seat: say what the person should know first (the
        table follows)."""

    def pause_after_round(self, scored: RoundScored) -> None:
        """Wait (for a key, at a terminal) after a round's scoring was shown."""

    def game_over(self, ended: GameEnded, *, assisted: bool) -> list[tuple[str, str]]:
        """Keep what a finished game leaves (statistics, history); what to tell, one line
        each with its style."""

    def commands(self, front: SeatFront) -> dict[str, Command]:
        """The commands of this kind of table (they win over the shared ones)."""

    def begin(self, front: SeatFront) -> None:
        """Say where we are, and play what is due before the first prompt."""

    def before_command(self) -> None:
        """Catch up with what is due before a line runs."""

    def leave_question(self) -> str | None:
        """What Ctrl-D asks before leaving, or ``None`` to leave at once."""

    def leave(self, front: SeatFront) -> None:
        """Save what needs saving, stand up, say goodbye."""

    def remember(self, name: str, value: str) -> None:
        """Keep a setting the person changed (``sort``) for the next game, if this kind of
        table keeps settings."""

    def crash_log(self) -> tuple[int | None, Sequence[Event]]:
        """The seed and the events a crash file may keep (none that are secret)."""


class SeatFront(SeatCommands):
    """A person at a seat of a table (``link.seat``; ``None``: someone watching): what the
    table tells, shown; the toolbar and the table; the commands every seat has come from
    :class:`~repl.kit.seat_commands.SeatCommands`, those of its kind of table from its link."""

    def __init__(
        self, link: SeatLink, *, tx: Texts, screen: Screen, grammar: Grammar, sort: str = "suit"
    ) -> None:
        super().__init__(tx=tx, screen=screen)
        self.grammar = grammar
        self.link = link
        self.seat = link.seat
        self.sort = sort
        self.view: SeatView | None = link.view()
        self._table_current = False
        self.commands = {**self.shared_commands(), **link.commands(self)}
        link.attach(self)

    # -- what the loop asks of a front -----------------------------------------------

    def begin(self) -> None:
        """Say where we are, play what is due, then show the table (once)."""
        self._table_current = False
        self.link.begin(self)
        if not self._table_current:
            self.show_table()

    def completer(self) -> GameCompleter:
        """Commands, then the cards of your hand (with the penalty after each), names …"""
        return GameCompleter(
            self.hand,
            self.tx,
            self.grammar,
            can_discard=self._can_discard,
            names=self.link.names,
        )

    def leave_question(self) -> str | None:
        return self.link.leave_question()

    def leave(self) -> None:
        self.link.leave(self)

    def run_parsed(self, parsed: Parsed | None) -> str | None:
        if parsed is not None:
            self.link.before_command()
        return super().run_parsed(parsed)

    def empty_line(self) -> str | None:
        self.show_table()
        return None

    def toolbar(self) -> Text:
        """The bottom toolbar: where things stand and what to do, your penalty."""
        tx = self.tx
        manner = self.link.manner
        width = self.screen.width - 2
        head: list[Text] = [[("class:bottom-toolbar.key", manner.code)]] if manner.code else []
        view = self.view
        if self.seat is None:
            return toolbar([*head, [("", tx("server.bar_watching"))]], width)
        if view is None:
            return toolbar([*head, [("", tx("server.bar_waiting"))]], width)
        mine = view.mine
        if view.ended is not None or mine is None:
            return toolbar([*head, [("", tx(manner.over))]], width)
        if mine.turn == self.seat:
            what = tx("bar.discard") if mine.phase == Phase.DISCARD else tx("bar.draw")
        else:
            what = tx("bar.waiting", seat=tx.seat(mine.turn))
        parts = [
            *head,
            [("class:bottom-toolbar.key", what)],
            [("", tx("bar.wild", wild=tx.rank(mine.wild_rank)))],
            [("", tx("bar.penalty", penalty=penalty_of(mine)))],
            [("", tx("bar.round", round=mine.round_no))],
        ]
        left = self.link.time_left() if mine.turn == self.seat else None
        if left is not None:
            style = "class:warn" if left <= HURRY else ""
            parts.insert(len(head) + 1, [(style, tx("bar.time_left", seconds=math.ceil(left)))])
        if manner.assisted and view.is_assisted(self.seat):
            parts.append([("", tx("table.assisted"))])
        if manner.keys:
            parts.append([("class:dim", tx("bar.keys"))])
        return toolbar(parts, width)

    # -- what this seat knows --------------------------------------------------------

    @property
    def reach(self) -> Reach:
        return self.link

    @property
    def assisted(self) -> bool:
        """Whether this seat took help in this game."""
        return self.view is not None and self.view.is_assisted(self.seat)

    @property
    def commitment(self) -> str:
        """The commitment to the seed, in groups of 16 digits (easier to compare by eye)."""
        digest = (self.view.commitment or "") if self.view is not None else ""
        return " ".join(digest[i : i + 16] for i in range(0, len(digest), 16))

    @property
    def told(self) -> int | None:
        """How many events this seat had been told (its view's ``event_count``, the state
        id a command carries: the table refuses one typed before it moved on)."""
        return None if self.view is None else self.view.event_count

    def hand(self) -> PlayerView | None:
        """The seat's view while a round is in play (cards to complete), else ``None``."""
        if self.view is None or self.view.ended is not None:
            return None
        return self.view.mine

    def _can_discard(self, card: Card) -> bool:
        if self.view is None or self.seat is None:
            return False
        try:
            check_seen(self.view, Discard(seat=self.seat, card=card))
        except GameError:
            return False
        return True

    def see(self, view: SeatView | None) -> None:
        """Another game at this seat from now on (a new one, or one loaded): its view."""
        self.view = view

    def crash_log(self) -> tuple[int | None, Sequence[Event]]:
        return self.link.crash_log()

    # -- showing ---------------------------------------------------------------------

    def show_table(self) -> None:
        """The table as this seat sees it; the result once the game is over."""
        self._table_current = True
        view = self.view
        if view is None:
            return
        if self.seat is None:
            self.screen.show(watch_text(view, self.tx))
            return
        manner = self.link.manner
        if view.ended is not None:
            self.screen.show(self._result(view.ended))
            return
        mine = view.mine
        if mine is None:
            return
        width = self.screen.width
        assisted = manner.assisted and self.assisted
        text = render_table(mine, self.tx, sort=self.sort, width=width, assisted=assisted)
        self.screen.show([("", "\n"), *text])

    def _result(self, ended: GameEnded, *, what_next: bool = True) -> Text:
        what_next = what_next and self.link.manner.what_next
        return render_game_over(
            ended, self.tx, seat=self.seat, assisted=self.assisted, what_next=what_next
        )

    def reveal(self) -> None:
        """At the end of a committed game: the seed and the salt, and whether they keep the
        promise made at the start (a game without a commitment says nothing)."""
        view = self.view
        if view is None or view.commitment is None or view.seed is None or view.salt is None:
            return
        kept = keeps_promise(view.commitment, view.seed, view.salt)
        key = "server.revealed" if kept else "server.broken_promise"
        self.say(self.tx(key, seed=view.seed, salt=view.salt), "class:good")
        manner = self.link.manner
        if manner.fetch and manner.code:
            file = f"{manner.code.lower()}.jsonl"
            self.say(self.tx("server.fetch_log", fetch=manner.fetch, file=file), "class:dim")

    # -- what the table tells --------------------------------------------------------

    def hear(self, told: Told) -> None:
        """Take in a change now (in order), and show it (see :meth:`SeatLink.later`)."""
        self.view = told.after
        self.link.later(lambda: self._show(told))

    def hinted(self, hint: Hint) -> None:
        """What the helper AI would do now, with its reason (recorded as help)."""
        self.link.later(lambda: self._say_lines(hint_lines(hint, self.tx)))

    def refused(self, error: BaseException) -> None:
        """The table refused a command after all (the clock played the turn first); a
        command typed before the table moved on is answered with the table as it is now."""
        said = self.tx.error(error) if isinstance(error, GameError) else str(error)
        stale = isinstance(error, GameError) and error.key == STALE

        def show() -> None:
            self.say(sentence(said), "class:error")
            if stale:
                self.show_table()

        self.link.later(show)

    def _say_lines(self, lines: list[tuple[str, str]]) -> None:
        for text, style in lines:
            self.say(text, style)

    def _show(self, told: Told) -> None:
        self._table_current = False
        before = told.before
        wild = before.round.wild_rank if before is not None and before.round else None
        change = told.change
        moved = True
        match change:
            case Moved():
                if self.seat is not None:
                    for event in change.events:
                        if isinstance(event, AssistanceUsed) and event.seat != self.seat:
                            who = self.tx.seat(event.seat)
                            said = self.tx("server.took_help", seat=who, help=event.help.value)
                            self.say(said, "class:dim")
                items = narrate(change.events, wild, self.tx, auto=change.auto, me=self.seat)
                self.tell(items, told.after)
                moved = any(not isinstance(event, AssistanceUsed) for event in change.events)
            case TookBack():
                self.say(self.tx("msg.undone", what=named_move(change.removed[0], self.tx)))
                if change.newly_assisted:
                    self.say(self.tx("msg.now_assisted"), "class:warn")
            case PlayedAgain():
                self.say(self.tx("msg.redone", what=named_move(change.events[0], self.tx)))
                items = narrate(change.events[1:], wild, self.tx, me=self.seat)
                self.tell(items, told.after, pause=False)
        after = told.after
        if moved and after.my_turn and after.round is not None and self.link.autopilot() is None:
            self.link.turn_back()
            self.show_table()  # the turn came back to you

    def tell(self, items: list[Item], after: SeatView, *, pause: bool = True) -> None:
        """Show narration: its lines, a round's scoring and the result; ``after`` is the
        view after the events told (the score sheet comes from it)."""
        for item in items:
            match item:
                case Say():
                    self.screen.show([*reflow(item.text, self.screen.width), ("", "\n")])
                case RoundOver():
                    self._round_over(item.scored, after, pause=pause)
                case GameOver():
                    if self.view is not None:
                        sheet = self.view.score_sheet
                        self.screen.show(render_score_chart(sheet, self.tx, me=self.seat))
                    self.screen.show(self._result(item.ended, what_next=False))
                    self._table_current = True
                    self.reveal()
                    for style, line in self.link.game_over(item.ended, assisted=self.assisted):
                        self.say(line, style)
                    if self.link.manner.what_next:
                        self.say(self.tx("game.next"), "class:dim")

    def _round_over(self, scored: RoundScored, after: SeatView, *, pause: bool) -> None:
        width = self.screen.width
        me = self.seat
        self.screen.show([("", "\n"), *render_round_over(scored, self.tx, width, me=me)])
        sheet = tuple(s for s in after.score_sheet if s.round_no <= scored.round_no)
        # a table of more than four shows this round's row and the totals, so its hands stay
        # on the screen; the whole sheet is `score`, and comes at the game's end
        whole = scored.round_no == ROUNDS or len(scored.scores) <= DEFAULT_SEATS
        shown = render_score_sheet(
            sheet if whole else sheet[-1:], self.tx, assisted=self.assisted, me=me, width=width
        )
        if not whole:
            shown += [("class:dim", self.tx("sheet.hint")), ("", "\n")]
        self.screen.show(shown)
        if pause:
            self.link.pause_after_round(scored)
