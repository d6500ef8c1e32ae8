"""At a shared table: the front of a player at their seat, and of someone watching.

A player sees the game from their own place: the log is told as their seat tells
it (:func:`core.views.seen_from`), so they are "you", the next seat clockwise is
Left, and the one narrator, the same screens and the same completion serve every
seat. Everything a player is shown comes from that seat's view of the room's own
copy of the log; the table is asked only to play a move, which the room runs on a
worker thread. Someone watching sees what every player sees of the table (the
discards, how many cards each holds, the scores) and the hands once a round is scored.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol

from ...core.errors import GameError
from ...core.events import AssistanceUsed, DrawSource, Event, RoundScored
from ...core.fairness import keeps_promise
from ...core.rules import Discard, Draw, check
from ...core.state import GameState, Phase, evolve
from ...core.table import AiReplaced, Hint, Played
from ...core.views import PlayerView, seen_from, view_for
from ..kit import commands
from ..kit.completer import GameCompleter
from ..kit.front import Front, Quit
from ..kit.narrate import GameOver, RoundOver, Say, narrate
from ..kit.render import (
    Text,
    cards_text,
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
from ..kit.safe import visible
from ..kit.screen import Screen
from ..words.grammar import SHARED, Parsed
from ..words.i18n import Texts
from .room import News, Note, Room

MAX_SAY = 200
"""The longest line ``say`` passes to the table, in characters."""


class Guest(Protocol):
    """What a front at a table needs of the connection it runs in."""

    name: str

    def later(self, show: Callable[[], None]) -> None:
        """Show something above the prompt, in this connection's terminal, in order."""

    def go_to_lobby(self) -> None:
        """Leave the table for the lobby after this line."""

    def may_say(self) -> bool:
        """Whether this connection may talk now (a few lines a minute)."""


class SeatFront(Front):
    """A player at ``seat`` of a shared table (``seat`` is the table's own numbering)."""

    grammar = SHARED

    def __init__(self, room: Room, seat: int, guest: Guest, *, tx: Texts, screen: Screen) -> None:
        super().__init__(tx=tx, screen=screen)
        self.room = room
        self.seat = seat
        self.guest = guest
        self.sort = "suit"
        self.mine = GameState()
        for event in room.events:
            self.mine = evolve(self.mine, seen_from(event, seat))

    @property
    def name(self) -> str:
        return self.guest.name

    # -- what the loop asks ------------------------------------------------------------

    def begin(self) -> None:
        """Say where we are (and, back at a running game, what happened meanwhile)."""
        room = self.room
        away = room.away_since.get(self.name)
        room.join(self)
        self.say(self.tx("server.at_table", code=room.code), "class:title")
        if away is not None and away < len(room.events):
            self.say(self.tx("server.while_away", n=len(room.events) - away), "class:dim")
            before = GameState()
            for event in room.events[:away]:
                before = evolve(before, seen_from(event, self.seat))
            turned = tuple(seen_from(event, self.seat) for event in room.events[away:])
            self._tell(narrate(turned, before, self.tx))
        self.show_who()
        if room.started and self.commitment:
            self.say(self.tx("server.commitment", digest=self.commitment), "class:dim")
        self.show_table()

    def completer(self) -> GameCompleter:
        return GameCompleter(self._view_in_round, self.tx, SHARED, can_discard=self._can_discard)

    def _can_discard(self, card: object) -> bool:
        try:
            check(self.mine, Discard(seat=0, card=card))  # type: ignore[arg-type]
        except GameError:
            return False
        return True

    def _view_in_round(self) -> PlayerView | None:
        if self.mine.ended is not None or self.mine.round is None:
            return None
        return view_for(self.mine, 0)

    def leave(self) -> None:
        self.room.part(self)

    def toolbar(self) -> Text:
        tx = self.tx
        state = self.mine
        code = [("class:bottom-toolbar.key", self.room.code)]
        if not self.room.started:
            return toolbar([code, [("", tx("server.bar_waiting"))]], self.screen.width - 2)
        if state.ended is not None or state.round is None:
            return toolbar([code, [("", tx("server.bar_over"))]], self.screen.width - 2)
        view = view_for(state, 0)
        if view.turn == 0:
            what = tx("bar.draw") if view.phase == Phase.DRAW else tx("bar.discard")
        else:
            what = tx("bar.waiting", seat=tx.seat(view.turn))
        parts = [
            code,
            [("class:bottom-toolbar.key", what)],
            [("", tx("bar.wild", wild=view.wild_rank.symbol))],
            [("", tx("bar.penalty", penalty=penalty_of(view)))],
            [("", tx("bar.round", round=view.round_no))],
        ]
        return toolbar(parts, self.screen.width - 2)

    # -- what the room tells -------------------------------------------------------------

    def hear(self, news: News) -> None:
        """Take in a change now (in order), and show it above the prompt."""
        if isinstance(news, Note):
            self.guest.later(lambda: self._note(news))
            return
        if isinstance(news, AiReplaced):
            seat = self.tx.seat((news.seat - self.seat) % 4)
            said = self.tx("msg.ai_failed", seat=seat, error="", level=news.level)
            self.guest.later(lambda: self.say(said, "class:warn"))
            return
        if not isinstance(news, Played):
            return
        before = self.mine
        turned = tuple(seen_from(event, self.seat) for event in news.events)
        for event in turned:
            self.mine = evolve(self.mine, event)
        mine_auto = news.auto and any(getattr(e, "seat", None) == 0 for e in turned)
        items = narrate(turned, before, self.tx, auto=mine_auto)
        helped = [e for e in turned if isinstance(e, AssistanceUsed) and e.seat != 0]
        after = self.mine

        def show() -> None:
            for event in helped:
                who = self.tx.seat(event.seat)
                self.say(self.tx("server.took_help", seat=who, help=event.help.value), "class:dim")
            self._tell(items, after)
            if turned and after.round is not None and after.turn == 0 and after.ended is None:
                self.show_table()

        self.guest.later(show)

    def _note(self, note: Note) -> None:
        values = dict(note.values)
        if "seat" in values:
            values["seat"] = self.tx.seat((int(str(values["seat"])) - self.seat) % 4)
        style = "class:good" if note.key == "server.said" else "class:dim"
        self.say(self.tx(note.key, **values), style)
        if note.key == "server.started":
            self.say(self.tx("server.commitment", digest=self.commitment), "class:dim")
            if self.mine.turn != 0:  # on your turn the deal's narration showed the table
                self.show_table()

    def _tell(
        self, items: list[GameOver | RoundOver | Say], state: GameState | None = None
    ) -> None:
        state = state or self.mine
        for item in items:
            match item:
                case Say():
                    self.screen.show([*reflow(item.text, self.screen.width), ("", "\n")])
                case RoundOver():
                    self._round_over(item.scored, state)
                case GameOver():
                    assisted = self.assisted
                    over = render_game_over(state, self.tx, assisted=assisted, what_next=False)
                    self.screen.show(over)
                    self.reveal()

    def _round_over(self, scored: RoundScored, state: GameState) -> None:
        width = self.screen.width
        self.screen.show([("", "\n"), *render_round_over(scored, self.tx, width)])
        sheet = tuple(s for s in state.score_sheet if s.round_no <= scored.round_no)
        self.screen.show(render_score_sheet(sheet, self.tx, assisted=self.assisted))

    # -- what this seat knows ------------------------------------------------------------

    @property
    def assisted(self) -> bool:
        return self.room.assisted(self.seat)

    @property
    def commitment(self) -> str:
        """The commitment to the seed, in groups of 16 digits (easier to compare by eye)."""
        started = self.mine.started
        digest = (started.commitment or "") if started else ""
        return " ".join(digest[i : i + 16] for i in range(0, len(digest), 16))

    def reveal(self) -> None:
        """At the end: the seed and the salt, and whether they keep the promise made."""
        started = self.mine.started
        if started is None or started.commitment is None or started.salt is None:
            return
        kept = keeps_promise(started.commitment, started.seed, started.salt)
        key = "server.revealed" if kept else "server.broken_promise"
        self.say(self.tx(key, seed=started.seed, salt=started.salt), "class:good")
        self.say(self.tx("server.fetch_log", code=self.room.code), "class:dim")

    def show_table(self) -> None:
        if self.mine.ended is not None:
            over = render_game_over(self.mine, self.tx, assisted=self.assisted, what_next=False)
            self.screen.show(over)
            return
        if self.mine.round is None:
            return
        view = view_for(self.mine, 0)
        text = render_table(view, self.tx, sort=self.sort, width=self.screen.width)
        self.screen.show([("", "\n"), *text])

    def show_who(self) -> None:
        """Who sits where, from this seat: names, AI levels, who is away."""
        self.screen.show(who_text(self.room, self.tx, self.seat))

    # -- a line --------------------------------------------------------------------------

    def empty_line(self) -> str | None:
        self.show_table()
        return None

    def problem(self, parsed: Parsed) -> str | None:
        tx = self.tx
        name = parsed.name
        room = self.room
        game = ("draw", "take", "discard", "hint", "auto", "score", "log", "melds", "seed")
        if name in game and not room.started:
            return tx("server.not_started")
        if name in ("draw", "take", "discard", "hint", "auto") and self.mine.ended is not None:
            return tx("msg.game_over")
        if name in ("draw", "take", "discard"):
            if self.seat in room.autopilot:
                return tx("server.autopilot_on")
            try:
                check(self.mine, move_here(parsed, 0))
            except GameError as error:
                text = tx.error(error)
                return text[:1].upper() + text[1:]
        elif name in ("hint", "auto") and self.mine.turn != 0:
            return tx("msg.hint_none")
        elif name == "undo":
            return tx("server.no_undo")
        elif name == "start":
            if room.started:
                return tx("server.already_started")
            if room.plan.host != self.name:
                return tx("server.host_only", host=room.plan.host)
        elif name == "melds" and self.mine.round is None:
            return tx("server.not_started")
        return None

    def run(self, parsed: Parsed) -> str | None:
        tx = self.tx
        room = self.room
        match parsed.name:
            case "draw" | "take" | "discard":
                task = room.submit(self.seat, move_here(parsed, self.seat))
                task.add_done_callback(self._refused_later)
            case "hint":
                task = room.hint(self.seat)
                task.add_done_callback(self._hint_later)
            case "auto":
                room.auto(self.seat, parsed.choice or "turn").add_done_callback(self._refused_later)
                self.say(tx(f"server.auto_{parsed.choice or 'turn'}"))
            case "sort":
                self.sort = parsed.choice or next_sort(self.sort)
                if self.mine.round is not None:
                    view = view_for(self.mine, 0)
                    width = self.screen.width
                    self.screen.show(render_hand(view, tx, sort=self.sort, width=width))
            case "melds":
                self.screen.show(render_melds(view_for(self.mine, 0), tx, self.screen.width))
            case "score":
                sheet = self.mine.score_sheet
                self.screen.show(render_score_sheet(sheet, tx, assisted=self.assisted))
            case "log":
                turned = [seen_from(event, self.seat) for event in room.events]
                self.screen.show(
                    commands.recent(turned, tx, parsed.number or commands.LOG_LINES, me=0)
                )
            case "rules":
                self.screen.show(render_rules(self.mine, tx))
            case "seed":
                self.say(tx("server.commitment", digest=self.commitment))
                if self.mine.ended is not None:
                    self.reveal()
            case "say":
                if not self.guest.may_say():
                    return self.refuse(tx("server.say_slower"))
                said = clean_line(parsed.text)
                room.tell(Note("server.said", (("name", self.name), ("text", said))))
            case "who":
                self.show_who()
            case "start":
                asyncio.ensure_future(room.start()).add_done_callback(self._refused_later)
            case "leave":
                self.guest.go_to_lobby()
            case "help":
                self.screen.show(commands.render_help(tx, SHARED, parsed.topic, self.screen.width))
            case "quit":
                raise Quit
        return None

    def _refused_later(self, task: asyncio.Future[object]) -> None:
        """A move the table refused after all (the clock played the turn first)."""
        if task.cancelled() or task.exception() is None:
            return
        error = task.exception()
        said = self.tx.error(error) if isinstance(error, GameError) else str(error)
        self.guest.later(lambda: self.say(said, "class:error"))

    def _hint_later(self, task: asyncio.Future[object]) -> None:
        if task.cancelled() or task.exception() is not None:
            self._refused_later(task)
            return
        hint = task.result()
        assert isinstance(hint, Hint)
        self.guest.later(lambda: self._say_hint(hint))

    def _say_hint(self, hint: Hint) -> None:
        for text, style in commands.hint_lines(hint, self.tx):
            self.say(text, style)

    def crash_log(self) -> tuple[int | None, tuple[Event, ...]]:
        return None, ()  # a crash file must not hold the secret seed or other hands


class WatchFront(SeatFront):
    """Someone watching a table: every seat is another's, no hand is shown before scoring."""

    def __init__(self, room: Room, guest: Guest, *, tx: Texts, screen: Screen) -> None:
        super().__init__(room, 0, guest, tx=NamedSeats(tx.lang, room), screen=screen)

    def begin(self) -> None:
        self.room.join(self)
        self.say(self.tx("server.watching", code=self.room.code), "class:title")
        self.show_who()
        self.show_table()

    def hear(self, news: News) -> None:
        if not isinstance(news, Played):
            if isinstance(news, Note):
                self.guest.later(lambda: self._note(news))
            return
        before = self.mine
        for event in news.events:
            self.mine = evolve(self.mine, event)
        items = narrate(news.events, before, self.tx, me=None)
        after = self.mine
        self.guest.later(lambda: self._tell(items, after))

    def _view_in_round(self) -> PlayerView | None:
        return None  # nobody's hand to complete

    def toolbar(self) -> Text:
        return toolbar(
            [
                [("class:bottom-toolbar.key", self.room.code)],
                [("", self.tx("server.bar_watching"))],
            ],
            self.screen.width - 2,
        )

    def show_table(self) -> None:
        self.screen.show(watch_text(self.mine, self.tx))

    def show_who(self) -> None:
        self.screen.show(who_text(self.room, self.tx, None))

    def problem(self, parsed: Parsed) -> str | None:
        playing = ("draw", "take", "discard", "hint", "auto", "undo", "start", "melds", "sort")
        if parsed.name in playing:
            return self.tx("server.only_watching")
        return super().problem(parsed)

    def run(self, parsed: Parsed) -> str | None:
        if parsed.name == "log":
            count = parsed.number or commands.LOG_LINES
            self.screen.show(commands.recent(self.room.events, self.tx, count, me=None))
            return None
        if parsed.name == "seed":
            self.say(self.tx("server.commitment", digest=self.commitment))
            if self.mine.ended is not None:
                self.reveal()
            return None
        return super().run(parsed)

    @property
    def assisted(self) -> bool:
        return False


class NamedSeats(Texts):
    """The texts for someone watching: each seat called by its player's name."""

    def __init__(self, lang: str, room: Room) -> None:
        super().__init__(lang)
        self.room = room

    def seat(self, seat: int) -> str:
        name = self.room.plan.people[seat]
        return name if name else self("server.ai_seat", n=seat + 1)


def move_here(parsed: Parsed, seat: int) -> Draw | Discard:
    """The engine command of a move of ``seat``."""
    if parsed.name == "draw":
        return Draw(seat=seat, source=DrawSource.STOCK)
    if parsed.name == "take":
        return Draw(seat=seat, source=DrawSource.DISCARD)
    assert parsed.card is not None
    return Discard(seat=seat, card=parsed.card)


def clean_line(text: str) -> str:
    """A line someone typed for others: control characters dropped, at most :data:`MAX_SAY`."""
    kept = "".join(c for c in text if c.isprintable() and c not in "\u2028\u2029")
    return visible(kept.strip())[:MAX_SAY]


def who_text(room: Room, tx: Texts, me: int | None) -> Text:
    """Each seat from ``me``'s place (or by number for someone watching): who plays it."""
    out: Text = []
    players = room.plan.players()
    start = me or 0
    for seat in (*range(start, 4), *range(start)):
        place = tx.seat((seat - me) % 4) if me is not None else str(seat + 1)
        name = room.plan.people[seat]
        if name:
            state = "server.here" if room.present(name) else "server.away"
            host = tx("server.host") if name == room.plan.host else ""
            helped = room.started and room.assisted(seat)
            who = f"{name}{host} ({tx(state)}{tx('server.assisted') if helped else ''})"
        else:
            level = players[seat]
            known = tx.has(f"level.{level}")
            level = tx(f"level.{level}") if known else level
            who = tx("server.ai_level", level=level) if room.started else "—"
        out += [("", f"  {place:<8} {who}"), ("", "\n")]
    return out


def watch_text(state: GameState, tx: Texts) -> Text:
    """The table as everyone sees it: round, wild rank, discard pile top, cards held."""
    round_ = state.round
    if state.ended is not None or round_ is None:
        over = tx("server.bar_over") if state.ended else tx("server.bar_waiting")
        return [("", over), ("", "\n")]
    line = tx(
        "say.dealt",
        round=round_.round_no,
        dealer=tx.seat(round_.dealer),
        size=len(round_.hands[0]),
        wild=round_.wild_rank.symbol,
    )
    out: Text = [("class:title", line), ("", "\n")]
    top = round_.discard_pile[-1:] if round_.discard_pile else ()
    out += [("", "  " + tx("server.pile")), *cards_text(top, round_.wild_rank), ("", "\n")]
    for seat in range(4):
        held = len(round_.hands[seat])
        out += [("", f"  {tx.seat(seat):<12} {tx('server.cards_held', n=held)}"), ("", "\n")]
    return out
