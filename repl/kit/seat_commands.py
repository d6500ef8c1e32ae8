"""The commands every seat has, wherever its table is: the moves (checked against the seat's
own view before they go), ``sort``, ``melds``, ``hint``, ``auto``, ``score``, ``log``,
``rules``, ``help`` and ``quit``.

:class:`SeatCommands` is the part of the one seated front (:class:`~repl.kit.seat.SeatFront`)
that answers a line; the front itself shows what the table tells. Every command that reaches
the table is an act sent through the seat's link (:mod:`repl.protocol`); the commands of its
kind of table are added to these (``undo``, ``save`` … at a terminal; ``start``, ``say`` … at
a server).
"""

from __future__ import annotations

from ...core.errors import GameError
from ...core.events import GameOptions
from ...core.melds import best_arrangement
from ...core.rules import check_seen
from ...core.turns import Scope
from ...core.views import PlayerView, SeatView
from ..protocol.acts import Act, AskHint, AskLog, Play, SetAuto
from ..words.grammar import Parsed, move_command
from ..words.i18n import sentence
from .front import Command, Front, Quit
from .help import render_help
from .render import next_sort, render_hand, render_melds, render_rules
from .sheet import render_score_sheet

LOG_LINES = 12
"""Lines ``log`` shows without a number."""


class SeatCommands(Front):
    """The commands of a seat; the seated front gives them its view, its place, what it was
    told of the autopilot, and its way to send an act."""

    seat: int | None
    sort: str
    view: SeatView | None
    piloted: Scope | None
    _log_lines: int

    @property
    def seen(self) -> int | None:
        """How many events this seat had been told (its view's ``event_count``, the state
        id an act carries: the table refuses one typed before it moved on)."""
        return None if self.view is None else self.view.event_count

    def send(self, act: Act) -> str | None:
        raise NotImplementedError

    def checked_against(self) -> object:
        """A line typed is checked against the seat's view: it is checked again when news
        changes the view (another's move, your turn)."""
        return self.seen

    @property
    def assisted(self) -> bool:
        raise NotImplementedError

    def hand(self) -> PlayerView | None:
        """The seat's view while a round is in play, else ``None``."""
        raise NotImplementedError

    def show_table(self) -> None:
        raise NotImplementedError

    # -- the commands every seat has -------------------------------------------------

    def shared_commands(self) -> dict[str, Command]:
        move = Command(self._move, self._move_problem)
        return {
            "draw": move,
            "take": move,
            "discard": Command(self._move, self._move_problem, self._wild_caution),
            "sort": Command(self._sort, self._not_watching),
            "melds": Command(self._melds, self._looking),
            "hint": Command(self._hint, self._hint_problem),
            "auto": Command(self._auto, self._playing),
            "score": Command(self._score, self.not_begun),
            "log": Command(self._log, self.not_begun),
            "rules": Command(self._rules),
            "help": Command(self._help),
            "quit": Command(self._quit),
        }

    def not_begun(self, parsed: Parsed | None = None) -> str | None:
        """Before the game has begun (at a shared table, until the host starts it)."""
        return self.tx("server.not_started") if self.view is None else None

    def _not_watching(self, parsed: Parsed | None = None) -> str | None:
        """Someone watching may look, never play."""
        return self.tx("server.only_watching") if self.seat is None else None

    def _looking(self, parsed: Parsed | None = None) -> str | None:
        """Why this place has no hand to look at: watching, or not begun."""
        return self._not_watching() or self.not_begun()

    def _playing(self, parsed: Parsed | None = None) -> str | None:
        """Why this place cannot play now: watching, not begun, or the game is over."""
        problem = self._looking()
        if problem is None and self.view is not None and self.view.ended is not None:
            return self.tx("msg.game_over")
        return problem

    def _move_problem(self, parsed: Parsed) -> str | None:
        problem = self._playing()
        if problem is not None:
            return problem
        if self.piloted is not None:
            return self.tx("server.autopilot_on")
        assert self.view is not None and self.seat is not None
        try:
            check_seen(self.view, move_command(parsed, self.seat))
        except GameError as error:
            return sentence(self.tx.error(error))
        return None

    def _wild_caution(self, parsed: Parsed) -> str | None:
        """Before a wild card is discarded (but to go out): it completes any meld, and the
        menu, sorted by the penalty after each card, may seem to advise it."""
        mine = self.hand()
        card = parsed.card
        if mine is None or card is None or not (card.is_joker or card.rank == mine.wild_rank):
            return None
        rest = list(mine.hand)
        if card in rest:
            rest.remove(card)
        if not best_arrangement(rest, mine.round_no, aces_high=mine.aces_high).penalty:
            return None  # it goes out
        return self.tx("msg.wild_caution", card=self.tx.card(card))

    def _move(self, parsed: Parsed) -> str | None:
        assert self.seat is not None
        return self.send(Play(command=move_command(parsed, self.seat), seen=self.seen))

    def _sort(self, parsed: Parsed) -> str | None:
        self.sort = parsed.choice or next_sort(self.sort)
        mine = self.hand()
        if mine is not None:
            self.screen.show(render_hand(mine, self.tx, sort=self.sort, width=self.screen.width))
        else:
            self.say(self.tx("msg.sorted", sort=self.tx(f"sort.{self.sort}")))
        return None

    def _melds(self, parsed: Parsed) -> str | None:
        mine = self.hand()
        if mine is None:
            self.show_table()
        else:
            self.screen.show(render_melds(mine, self.tx, self.screen.width))
        return None

    def _hint_problem(self, parsed: Parsed) -> str | None:
        problem = self._playing()
        if problem is None and self.view is not None and not self.view.my_turn:
            return self.tx("msg.hint_none")
        return problem

    def _hint(self, parsed: Parsed) -> str | None:
        return self.send(AskHint(seen=self.seen))

    def _auto(self, parsed: Parsed) -> str | None:
        """``auto turn|round|game`` at any time (from your next turn, or this one), or
        ``auto off``."""
        choice = parsed.choice or "turn"
        if choice == "off":
            was_on = self.piloted is not None
            self.say(self.tx("msg.auto_off" if was_on else "msg.auto_was_off"))
            return self.send(SetAuto(None))
        if self.view is None or not self.view.my_turn:
            self.say(self.tx(f"msg.auto_next_{choice}"))
        # on this seat's turn, the table's answer says that the AI plays it now
        return self.send(SetAuto(Scope(choice)))

    def _score(self, parsed: Parsed) -> str | None:
        assert self.view is not None
        sheet = self.view.score_sheet
        me, width = self.seat, self.screen.width
        shown = render_score_sheet(sheet, self.tx, assisted=self.assisted, me=me, width=width)
        self.screen.show(shown)
        return None

    def _log(self, parsed: Parsed) -> str | None:
        self._log_lines = parsed.number or LOG_LINES
        return self.send(AskLog())

    def _rules(self, parsed: Parsed) -> str | None:
        view = self.view
        options = view.options if view is not None else GameOptions()
        round_no = view.round.round_no if view is not None and view.round is not None else None
        seats, decks = (view.seat_count, view.decks) if view is not None else (4, 2)
        self.screen.show(render_rules(options, round_no, self.tx, seats=seats, decks=decks))
        return None

    def _help(self, parsed: Parsed) -> str | None:
        self.screen.show(
            render_help(self.tx, self.grammar, parsed.topic, self.screen.width, parsed.choice)
        )
        return None

    def _quit(self, parsed: Parsed) -> str | None:
        raise Quit
