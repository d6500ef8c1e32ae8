"""A person at a seat: the one front of a place at a table, wherever the table is.

:class:`SeatFront` holds everything a person at a seat does: the toolbar, the table,
the narration of what the table tells, completion and the checks of a move before
Enter, and the commands every seat has (:mod:`.seat_commands`). The game at a
terminal, a seat at a shared table and someone watching (a place with no hand:
``seat`` is ``None``) all use it.

It reaches its table only through its :class:`~repl.protocol.link.Link` (handed out for
this place by the table's master): it sends acts (:mod:`repl.protocol.acts`) with the state
id of the view it showed, and takes the news of its place (:meth:`SeatFront.take`) as it
comes. Everything it draws is news it was told: the latest
:class:`~core.views.SeatView` (already redacted by the engine), who sits where, whether
the AI plays for it, its turn clock. It asks its table nothing while it draws. What
differs by kind of table is data: the commands of that kind of table (a map, which wins
over the shared one), the table's code and the line that fetches its log. What the
program around the seat does as a person sits down and gets up is its :class:`Sitting`.
How news is shown while the person types is the screen's
(:meth:`~repl.kit.screen.Screen.later`), and so is whether a round's end waits for a key.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

from ...core.cards import ROUNDS, Card
from ...core.errors import GameError
from ...core.events import (
    AssistanceUsed,
    Event,
    GameEnded,
    RoundScored,
)
from ...core.fairness import keeps_promise
from ...core.rules import Discard, check_seen
from ...core.seats import DEFAULT_SEATS
from ...core.seen import DealSeen
from ...core.state import Phase
from ...core.told import Hint, Moved, PlayedAgain, Told, TookBack
from ...core.turns import HURRY, Scope
from ...core.views import PlayerView, SeatView
from ..protocol.acts import Act
from ..protocol.link import Link
from ..protocol.news import (
    Advised,
    Clock,
    Hinted,
    News,
    Note,
    Piloted,
    Refusal,
    Reset,
    Seating,
    SeenLog,
    Unseated,
    WhileAway,
    Who,
)
from ..words.grammar import Grammar
from ..words.i18n import Texts, sentence
from .chart import render_score_chart
from .coach import coach_line
from .completer import GameCompleter
from .front import Command
from .narrate import GameOver, Item, RoundOver, Say, hint_lines, named_move, narrate, recent
from .render import (
    Text,
    penalty_of,
    reflow,
    render_game_over,
    render_table,
    toolbar,
    watch_text,
)
from .safe import clean_name
from .screen import Screen, TerminalScreen
from .seat_commands import SeatCommands
from .sheet import render_round_over, render_score_sheet
from .table_words import note_text, who_text

STALE = "stale_command"
"""The key of the table's refusal of a command typed before it moved on."""


def log_file_name(code: str) -> str:
    """The file a player keeps the log of shared table ``code`` in (``kite-7.jsonl``)."""
    return f"{code.strip().lower()}.jsonl"


class Sitting:
    """What the program around a seat does as a person sits down there, types a line and
    gets up: by default nothing. The game at a terminal plays what is due, autosaves and
    says goodbye; a seat at a shared table says where we are and ends its binding."""

    def sent(self, act: Act) -> None:
        """``act`` was sent: at a terminal the table takes it up at once, and the front
        hears what came of it before the line is done; elsewhere it is heard later."""

    def unseated(self, watching: bool) -> None:
        """The table ended this place's binding (``watching``: the host closed the table
        to those watching): back to where one came from."""

    def begin(self) -> None:
        """Say where we are and play what is due before the first prompt (the front shows
        the table after it, unless something shown already did)."""

    def between_lines(self) -> None:
        """Play what is due after a line, before the next prompt."""

    def leave_question(self) -> str | None:
        """What Ctrl-D asks before leaving, or ``None`` to leave at once."""
        return None

    def leave(self) -> None:
        """Save what needs saving, stand up, say goodbye."""

    def crash_log(self) -> tuple[int | None, Sequence[Event]]:
        """The seed and the events a crash file may keep (none that are secret)."""
        return None, ()


class SeatFront(SeatCommands):
    """A person at a seat of a table (``link.seat``; ``None``: someone watching): what the
    table tells, shown; the toolbar and the table; the commands every seat has come from
    :class:`~repl.kit.seat_commands.SeatCommands`, those of its kind of table are added
    (:meth:`add_commands`).

    ``code`` is a shared table's code (first in the toolbar, where a table of one's own
    shows its keys and the mark of help taken; at a shared table ``who`` says who took
    help), ``fetch`` the command that fetches its log, said to a player once the game is
    over; ``names`` are the people ``mute NAME`` completes.
    """

    def __init__(
        self,
        link: Link,
        *,
        tx: Texts,
        screen: Screen,
        grammar: Grammar,
        sort: str = "suit",
        sitting: Sitting | None = None,
        fetch: str | None = None,
    ) -> None:
        super().__init__(tx=tx, screen=screen)
        self.grammar = grammar
        self.link = link
        self.seat = link.seat
        self.sort = sort
        self.view: SeatView | None = link.view
        self.sitting = Sitting() if sitting is None else sitting
        self.code = link.facts.code
        self.fetch = fetch
        self.who: Who | None = None
        """Who is at the table, as last told (a shared table tells it)."""
        self.piloted: Scope | None = None
        """For how long the AI plays for this seat, as last told."""
        self.deadline: float | None = None
        """When this seat's turn clock runs out (``time.monotonic``), while it runs."""
        self.hint: tuple[int, Hint] | None = None
        """The helper AI's last hint, with the state id of the table it was given for."""
        self._refused: str | None = None
        self._log_lines = 0
        self._table_current = False
        self._stopped = False
        self.commands = self.shared_commands()

    def add_commands(self, commands: dict[str, Command]) -> None:
        """The commands of this kind of table (they win over the shared ones)."""
        self.commands.update(commands)

    # -- what the loop asks of a front -----------------------------------------------

    def begin(self) -> None:
        """Say where we are, play what is due, then show the table (once)."""
        self._table_current = False
        self.sitting.begin()
        if not self._table_current:
            self.show_table()

    def completer(self) -> GameCompleter:
        """Commands, then the cards of your hand (with the penalty after each), names …"""
        plain = isinstance(self.screen, TerminalScreen) and self.screen.plain_text
        return GameCompleter(
            self.hand,
            self.tx,
            self.grammar,
            can_discard=self._can_discard,
            names=self.names if self.code is not None else None,
            plain=plain,  # a wild card marked 3♥* in the menu, as in the hand
        )

    def leave_question(self) -> str | None:
        return self.sitting.leave_question()

    def leave(self) -> None:
        self.sitting.leave()

    def between_lines(self) -> None:
        self.sitting.between_lines()

    def empty_line(self) -> str | None:
        self.show_table()
        return None

    def toolbar(self) -> Text:
        """The bottom toolbar: where things stand and what to do, your penalty."""
        tx = self.tx
        width = self.screen.width - 2
        head: list[Text] = [[("class:bottom-toolbar.key", self.code)]] if self.code else []
        view = self.view
        if self.seat is None:
            return toolbar([*head, *self._watching(view)], width)
        if view is None:
            return toolbar([*head, [("", self._before_the_deal())]], width)
        mine = view.mine
        if view.ended is not None or mine is None:
            over = "bar.over" if self.what_next else "server.bar_over_seat"  # its commands
            return toolbar([*head, [("", tx(over))]], width)
        if mine.turn == self.seat:
            what = tx("bar.discard") if mine.phase == Phase.DISCARD else tx("bar.draw")
        else:
            what = tx(self._waiting(mine.turn), seat=tx.seat(mine.turn))
        parts = [
            *head,
            [("class:bottom-toolbar.key", what)],
            [("", tx("bar.wild", wild=tx.rank(mine.wild_rank)))],
            [("", tx("bar.penalty", penalty=penalty_of(mine)))],
            [("", tx("bar.round", round=mine.round_no))],
        ]
        left = self.time_left() if mine.turn == self.seat else None
        if left is not None:
            style = "class:warn" if left <= HURRY else ""
            parts.insert(len(head) + 1, [(style, tx("bar.time_left", seconds=math.ceil(left)))])
        if self.code is None:  # a table of one's own: the mark of help taken, and the keys
            if view.is_assisted(self.seat):
                parts.append([("", tx("table.assisted"))])
            parts.append([("class:dim", tx("bar.keys"))])
        return toolbar(parts, width)

    def _before_the_deal(self) -> str:
        """What the toolbar says before the deal: the host is told to start (or who must
        sit down first), the others whom they wait for."""
        tx, who = self.tx, self.who
        if who is None or self.seat is None:
            return tx("server.bar_waiting")
        if who.people[self.seat] != who.host:
            return tx("server.bar_waiting_for", host=clean_name(who.host))
        if who.missing == 1:
            return tx("server.bar_host_missing_one")
        if who.missing:
            return tx("server.bar_host_missing", n=who.missing)
        return tx("server.bar_host")

    def _waiting(self, seat: int) -> str:
        """What the table waits for at ``seat``, whose turn it is (as told): its player, or
        its player who is away, or nobody (the AI plays it for its player)."""
        playing = "here" if self.who is None else self.who.playing(seat)
        if playing == "auto":
            return "bar.waiting_auto"
        return "bar.waiting_away" if playing == "away" else "bar.waiting"

    def _watching(self, view: SeatView | None) -> list[Text]:
        """A watcher's toolbar: whose turn it is and what they do, the wild rank, the
        round, then the watcher's commands (where they fit)."""
        tx = self.tx
        round_ = None if view is None or view.ended is not None else view.round
        if round_ is None:
            return [[("", tx("server.bar_watching"))]]
        action = "replay.bar.discard" if round_.phase == Phase.DISCARD else "replay.bar.draw"
        to_play = tx("replay.bar.turn", seat=tx.seat(round_.turn), action=tx(action))
        return [
            [("", tx("server.bar_watcher"))],
            [("class:bottom-toolbar.key", to_play)],
            [("", tx("bar.wild", wild=tx.rank(round_.wild_rank)))],
            [("", tx("bar.round", round=round_.round_no))],
            [("class:dim", tx("server.watch_keys"))],
        ]

    # -- what this seat knows --------------------------------------------------------

    @property
    def what_next(self) -> bool:
        """Whether a game's result ends with what to do next: where a new game can be
        dealt (``new`` is a command here)."""
        return "new" in self.commands

    @property
    def assisted(self) -> bool:
        """Whether this seat took help in this game."""
        return self.view is not None and self.view.is_assisted(self.seat)

    @property
    def commitment(self) -> str:
        """The commitment to the seed, in groups of 16 digits (easier to compare by eye)."""
        digest = (self.view.commitment or "") if self.view is not None else ""
        return " ".join(digest[i : i + 16] for i in range(0, len(digest), 16))

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
        return self.sitting.crash_log()

    # -- showing ---------------------------------------------------------------------

    def show_table(self) -> None:
        """The table as this seat sees it; the result once the game is over."""
        self._table_current = True
        view = self.view
        if view is None or (self.screen.draws_table and view.ended is None):
            return  # (a screen that draws the table draws it from the view)
        if self.seat is None:
            self.screen.show(watch_text(view, self.tx))
            return
        if view.ended is not None:
            self.screen.show(self._result(view.ended))
            return
        mine = view.mine
        if mine is None:
            return
        width = self.screen.width
        assisted = self.code is None and self.assisted
        text = render_table(mine, self.tx, sort=self.sort, width=width, assisted=assisted)
        self.screen.show([("", "\n"), *text])

    def _result(self, ended: GameEnded, *, what_next: bool = True) -> Text:
        what_next = what_next and self.what_next
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
        if self.fetch and self.code:
            file = log_file_name(self.code)
            self.say(self.tx("server.fetch_log", fetch=self.fetch, file=file), "class:dim")

    # -- what the table tells --------------------------------------------------------

    def names(self) -> list[str]:
        """The people ``mute NAME`` completes: everyone at the table, as last told."""
        return [] if self.who is None else self.who.names()

    def time_left(self) -> float | None:
        """Seconds left on this seat's turn clock, while it runs."""
        if self.deadline is None:
            return None
        return max(self.deadline - time.monotonic(), 0.0)

    def send(self, act: Act) -> str | None:
        """Send ``act`` to the table; why it was refused, when that is known before the line
        is done (at a terminal it is; elsewhere what comes of it is told later)."""
        self._refused = None
        if not self.link.send(act):
            return self.refuse(self.tx("server.busy"))
        self.sitting.sent(act)
        refused, self._refused = self._refused, None
        return refused

    def take(self, news: News) -> None:
        """Take in one piece of news of this place (in order), and show it as the screen
        shows news (:meth:`~repl.kit.screen.Screen.later`)."""
        match news:
            case Told():
                self.hear(news)
            case Refusal():
                self.refused(news)
            case Hinted():
                self.hint = (0 if self.view is None else self.view.event_count, news.hint)
                self.screen.later(lambda: self._say_lines(hint_lines(news.hint, self.tx)))
            case Advised():
                line = coach_line(news.decision, news.move, self.tx)
                self.screen.later(lambda: self.say(line, "class:warn"))
            case Note():
                self.screen.later(lambda: self.note(news))
            case Seating():
                self.who = news.who
            case Piloted():
                self._piloted(news)
            case Clock():
                seconds = news.seconds
                self.deadline = None if seconds is None else time.monotonic() + seconds
            case Unseated():
                self.sitting.unseated(news.watching)
            case WhileAway():
                self.screen.later(lambda: self.while_away(news))
            case SeenLog():
                count = self._log_lines
                self.screen.later(
                    lambda: self.screen.show(recent(news.events, self.tx, count, me=self.seat))
                )
            case Reset():
                self.see(news.view)

    def hear(self, told: Told) -> None:
        """Take in a change now (in order), and show it (as the screen shows news, see
        :meth:`~repl.kit.screen.Screen.later`)."""
        self.view = told.after
        self.screen.later(lambda: self._show(told))

    def hinted(self, hint: Hint) -> None:
        """What the helper AI would do now, with its reason (recorded as help)."""
        self.screen.later(lambda: self._say_lines(hint_lines(hint, self.tx)))

    def refused(self, refusal: Refusal) -> None:
        """The table refused an act of this place; one typed before the table moved on is
        answered with the table as it is now."""
        if refusal.rule:
            said = self.tx.error(refusal.error())
        else:
            said = self.tx(refusal.key, **refusal.values)
        self._refused = said

        def show() -> None:
            self.say(sentence(said), "class:error")
            if refusal.stale:
                self.show_table()

        self.screen.later(show)

    def note(self, note: Note) -> None:
        """Something that happened at the table besides a move, said to this place."""
        said, style = note_text(note, self.tx, self.link.name)
        self.say(said, style)
        if note.key == "server.started":
            self.say(self.tx("server.commitment", digest=self.commitment), "class:dim")
            if self.view is None or not self.view.my_turn:  # on your turn the deal showed it
                self.show_table()

    def show_who(self) -> None:
        """Who sits where, from this place."""
        if self.who is not None:
            self.screen.show(who_text(self.who, self.tx, self.seat))

    def _piloted(self, news: Piloted) -> None:
        was, self.piloted = self.piloted, news.scope
        if news.stopped:
            self.auto_stopped()
        elif news.scope is not None and was is None and self.view and self.view.my_turn:
            # on this seat's turn, not played yet: said it will be
            self.screen.later(lambda: self.say(self.tx(f"server.auto_{news.scope}")))

    def while_away(self, news: WhileAway) -> None:
        """What the seat missed while its player was away."""
        tx, missed = self.tx, news.told
        self.say(tx("server.while_away", n=news.missed), "class:dim")
        before = missed.before
        wild = before.round.wild_rank if before is not None and before.round else None
        if isinstance(missed.change, Moved):
            self.tell(narrate(missed.change.events, wild, tx, me=self.seat), missed.after)

    def auto_stopped(self) -> None:
        """The AI stopped playing for this seat (Ctrl-C at a terminal): said when the turn
        comes back, before the table (at once, if it is back already)."""
        self._stopped = True
        view = self.view
        if view is not None and view.my_turn and self.piloted is None:
            self._turn_back()

    def _turn_back(self) -> None:
        """The turn came back to this seat: what the person should know first, the table."""
        if self._stopped:
            self._stopped = False
            self.say(self.tx("msg.auto_stopped"), "class:warn")
        self.show_table()

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
        if moved and after.my_turn and after.round is not None and self.piloted is None:
            self._turn_back()
        elif self.seat is None and isinstance(change, Moved) and _deals(change):
            self.show_table()  # someone watching sees each new round's table

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
        # a blank row ends the sheet: the next round's first line (or the pause before it)
        # is not glued to the totals
        self.screen.show([*shown, ("", "\n")])
        if pause and self.piloted is not Scope.GAME:  # `auto game` plays on
            key = "round.last" if scored.round_no == ROUNDS else "round.next"
            self.screen.pause(self.tx(key, round=scored.round_no + 1))


def _deals(moved: Moved) -> bool:
    """Whether ``moved`` deals a round (a watcher is shown the new table then)."""
    return any(isinstance(event, DealSeen) for event in moved.events)
