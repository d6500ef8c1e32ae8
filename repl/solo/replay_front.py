"""The replay mode: a saved game stepped through event by event, every hand shown.

:class:`ReplayFront` is a front for :mod:`repl.kit.loop`, like a seat at a game in
play: it parses a line of :data:`repl.words.grammar.REPLAY`, says why a step cannot be
taken (the validator shows it before Enter), moves the position and shows the
events passed, each AI decision with its recorded reason, and the table there. A
replay of a game that is over hides nothing: it is the one front that is given the whole
log. A game still in play with a person at seat 0 (an autosave, a save, a bug report) is
shown as that seat was told it (:mod:`core.seen`): its own hand, no card drawn unseen,
no AI's reasons, until it is over; ``face_up`` shows everything (for a game that is not
one's own, see :func:`~.replay.open_replay_front`). Nothing is decided and nothing is
written: the log is only folded. Seat 0 is "you", as in a game played at a terminal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...core.events import (
    Event,
    GameStarted,
    RoundDealt,
)
from ...core.moves import is_turn_end
from ...core.seats import SEAT_NAMES
from ...core.seen import UnseenDraw, redact
from ...core.state import GameState, evolve
from ...core.verify import verify_game
from ...core.views import view_for
from ..kit.completer import GameCompleter
from ..kit.front import Command, Front, Quit
from ..kit.help import render_help
from ..kit.narrate import Say, describe, narrate, reason_of
from ..kit.render import (
    Text,
    next_sort,
    reflow,
    render_game_over,
    render_table,
    toolbar,
)
from ..kit.screen import Screen
from ..kit.sheet import render_round_over, render_score_sheet
from ..words.grammar import REPLAY, Parsed, Spec
from ..words.i18n import NamedTexts, Texts

YOU = 0
"""The seat told as "you": the person's, in a game played at a terminal."""

NARRATED_STEPS = 12
"""A step forward of at most this many events tells each of them; a longer jump only the last."""


class ReplayFront(Front):
    """A recorded game and a position in it: event ``position`` (1-based) has just happened."""

    grammar = REPLAY

    def __init__(
        self,
        events: Sequence[Event],
        *,
        tx: Texts,
        screen: Screen,
        name: str = "",
        face_up: bool = False,
    ) -> None:
        if not events or not isinstance(events[0], GameStarted):
            raise ValueError("a replay needs a log that starts with GameStarted")
        started = events[0]
        self.me: int | None = YOU
        """The seat told as "you": seat 0 of a game at a terminal; nobody in a log whose
        seats have names of their own (a shared table's), where each is called by name."""
        if started.seats != SEAT_NAMES:
            self.me, tx = None, NamedTexts(tx.lang, started.seats)
        super().__init__(tx=tx, screen=screen)
        self.events = tuple(events)
        self.name = name
        self.sort = "suit"
        self.position = 1
        states = [GameState()]
        for event in self.events:
            states.append(evolve(states[-1], event))
        self.states = tuple(states)
        self.in_play = self.states[-1].ended is None and started.players[0] == "human"
        """Whether this is a game still in play with a person at seat 0."""
        self.seat_only = self.in_play and self.me == YOU and not face_up
        """Whether the game is shown as seat 0 was told it (see the module's docstring)."""
        self.turn_ends = tuple(
            i + 1 for i in range(len(self.events)) if is_turn_end(self.events, i)
        )
        self.deals = {
            event.round_no: seq
            for seq, event in enumerate(self.events, start=1)
            if isinstance(event, RoundDealt)
        }
        step = Command(self._step, self._step_problem)
        self.commands = {
            "next": step,
            "prev": step,
            "round": step,
            "goto": step,
            "start": step,
            "end": step,
            "score": Command(self._score),
            "sort": Command(self._sort),
            "help": Command(self._help),
            "quit": Command(self._quit),
        }

    # -- where we are ----------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The game just after the current event."""
        return self.states[self.position]

    @property
    def total(self) -> int:
        return len(self.events)

    def target(self, parsed: Parsed) -> int | None:
        """The position a navigation command goes to, or ``None`` when there is none."""
        here = self.position
        match parsed.name, parsed.choice:
            case "next", None:
                return here + 1 if here < self.total else None
            case "prev", None:
                return here - 1 if here > 1 else None
            case "next", "turn":
                later = [seq for seq in self.turn_ends if seq > here]
                return later[0] if later else (self.total if here < self.total else None)
            case "prev", "turn":
                earlier = [seq for seq in self.turn_ends if seq < here]
                return earlier[-1] if earlier else (1 if here > 1 else None)
            case "next", "round":
                later = sorted(seq for seq in self.deals.values() if seq > here)
                return later[0] if later else None
            case "prev", "round":
                earlier = sorted(seq for seq in self.deals.values() if seq < here)
                return earlier[-1] if earlier else None
            case "round", _:
                return self.deals.get(parsed.number or 0)
            case "goto", _:
                number = parsed.number or 0
                return number if 1 <= number <= self.total else None
            case "start", _:
                return 1
            case "end", _:
                return self.total
        return None

    # -- what the loop asks of a front -----------------------------------------------

    def completer(self) -> GameCompleter:
        """Commands, their choices, help topics, and the rounds of this log for ``round``."""
        return GameCompleter(lambda: None, self.tx, REPLAY, self._numbers)  # no cards to type

    def _numbers(self, spec: Spec) -> Iterable[tuple[int, str]]:
        if spec.name != "round":
            return ()
        out = []
        for round_no, seq in sorted(self.deals.items()):
            event = self.events[seq - 1]
            assert isinstance(event, RoundDealt)
            meta = self.tx("replay.meta.round", event=seq, wild=self.tx.rank(event.wild_rank))
            out.append((round_no, meta))
        return out

    def leave(self) -> None:
        self.say(self.tx("msg.bye_over"))

    def crash_log(self) -> tuple[int | None, Sequence[Event]]:
        return self.states[-1].seed, self.events

    def begin(self) -> None:
        """Say what the file holds (and whether it verifies), then show the first position."""
        tx = self.tx
        final = self.states[-1]
        started = final.started
        assert started is not None
        if final.ended is not None:
            result = tx("replay.result_over")
        else:
            round_no = final.round.round_no if final.round else len(final.score_sheet)
            result = tx("replay.result_open", round=round_no)
        self.say(
            tx("replay.intro", name=self.name, seed=started.seed, n=self.total, result=result),
            "class:title",
        )
        verdict = verify_game(self.events)
        if not verdict.ok:
            self.say(tx("replay.not_verified", detail=tx.verdict(verdict)), "class:warn")
        players = "; ".join(
            tx("replay.seat_player", seat=tx.seat(seat), player=played_by(player, tx))
            for seat, player in enumerate(started.players)
        )
        self.say(tx("replay.players", players=players), "class:dim")
        if self.seat_only:
            self.say(tx("replay.seat_only"), "class:warn")
        elif self.in_play:
            self.say(tx("replay.face_up"), "class:warn")
        self.say(tx("replay.intro_keys"), "class:dim")
        self.show_position(None)

    def empty_line(self) -> str | None:
        """Enter on an empty line steps one event forward."""
        parsed = REPLAY.parse("next")
        assert parsed is not None
        return self.run_parsed(parsed)

    def _quit(self, parsed: Parsed) -> str | None:
        raise Quit

    def _help(self, parsed: Parsed) -> str | None:
        more = self.tx("replay.help.more_seat") if self.seat_only else None
        self.screen.show(render_help(self.tx, REPLAY, parsed.topic, self.screen.width, more=more))
        return None

    def _score(self, parsed: Parsed) -> str | None:
        sheet = self.state.score_sheet
        width = self.screen.width
        shown = render_score_sheet(sheet, self.tx, assisted=self._assisted, me=self.me, width=width)
        self.screen.show(shown)
        return None

    def _sort(self, parsed: Parsed) -> str | None:
        self.sort = parsed.choice or next_sort(self.sort)
        self.show_board()
        return None

    def _step(self, parsed: Parsed) -> str | None:
        """Move to where ``parsed`` goes (its problem was checked)."""
        target = self.target(parsed)
        assert target is not None
        before, self.position = self.position, target
        self.show_position(before)
        return None

    def _step_problem(self, parsed: Parsed) -> str | None:
        """Why the step ``parsed`` cannot be taken here, in words; ``None`` when it can."""
        tx = self.tx
        if self.target(parsed) is not None:
            return None
        match parsed.name, parsed.choice:
            case "next", "round":
                return tx("replay.no_later_round")
            case "prev", "round":
                return tx("replay.no_earlier_round")
            case "next", _:
                return tx("replay.at_end", n=self.total)
            case "prev", _:
                return tx("replay.at_start")
            case "round", _:
                rounds = sorted(self.deals) or [0]
                return tx("replay.no_round", round=parsed.number, first=rounds[0], last=rounds[-1])
            case "start" | "end", _:
                return None
        return tx("replay.no_event", number=parsed.number, n=self.total)

    # -- showing ---------------------------------------------------------------------

    @property
    def _assisted(self) -> bool:
        return self.me is not None and self.state.is_assisted(self.me)

    def show_position(self, before: int | None) -> None:
        """Tell the events from ``before`` to here (or just the current one), then the board."""
        here = self.position
        stepped = before is not None and 0 < here - before <= NARRATED_STEPS
        first = before + 1 if stepped and before is not None else here
        out: Text = [("", "\n")]
        for seq in range(first, here + 1):
            out += self._told(seq)
        self.screen.show(out)
        self.show_board()

    def _told(self, seq: int) -> Text:
        """Event ``seq``: its number, what happened and, for an AI decision, why."""
        width = self.screen.width
        event = self.events[seq - 1]
        before = self.states[seq - 1]
        told = describe(event, before, self.tx, me=self.me)
        if self.seat_only:
            told = self._as_seat_0_was_told(event, before, told)
        line: Text = [("class:dim", f"{seq:>4}"), ("class:gap", "  "), *told]
        out = [*reflow(line, width, indent=6), ("", "\n")]
        reason = reason_of(event, self.tx)
        if reason and not (self.seat_only and getattr(event, "seat", None) != YOU):
            why = [("", "      "), ("class:dim", self.tx("replay.why", reason=reason))]
            out += [*reflow(why, width, indent=8), ("", "\n")]
        return out

    def _as_seat_0_was_told(self, event: Event, before: GameState, told: Text) -> Text:
        """``told`` (every card named), as seat 0 heard it: another seat's card from the
        stock unnamed (a deal, a rebuilt stock and the rest are told alike to everyone)."""
        seen = redact(event, YOU, secret=False)
        if not isinstance(seen, UnseenDraw):
            return told
        wild = before.round.wild_rank if before.round else None
        items = narrate([seen], wild, self.tx, me=YOU)
        return [piece for item in items if isinstance(item, Say) for piece in item.text] or told

    def show_board(self) -> None:
        """The table with every hand; between rounds the scoring; at the end the result."""
        state = self.state
        tx = self.tx
        width = self.screen.width
        if state.ended is not None:
            self.screen.show(
                [
                    ("", "\n"),
                    *render_game_over(
                        state.ended,
                        tx,
                        seat=self.me,
                        assisted=self._assisted,
                        what_next=False,
                        title=False,
                    ),
                    *render_score_sheet(
                        state.score_sheet, tx, assisted=self._assisted, me=self.me, width=width
                    ),
                ]
            )
        elif state.round is None and state.score_sheet:
            # the hands and totals only: the whole sheet would push them off a 24-line screen
            scored = state.score_sheet[-1]
            self.screen.show(
                [
                    ("", "\n"),
                    *render_round_over(scored, tx, width, title=False, me=self.me),
                    ("class:dim", tx("replay.sheet_hint")),
                    ("", "\n"),
                ]
            )
        elif state.round is not None:
            view = view_for(state, YOU)
            # a replay hides nothing, but of a game in play only seat 0's own hand is shown
            hands = None if self.seat_only else state.round.hands
            text = render_table(
                view, tx, sort=self.sort, width=width, hands=hands, assisted=self._assisted
            )
            self.screen.show([("", "\n"), *text])

    def toolbar(self) -> Text:
        """``event 57/612 · round 3/11 · to play: Left (discard) · wild 5 · Enter: next``."""
        tx = self.tx
        state = self.state
        parts: list[Text] = [
            [
                (
                    "class:bottom-toolbar.key",
                    tx("replay.bar.event", n=self.position, total=self.total),
                )
            ]
        ]
        round_ = state.round
        if state.ended is not None:
            parts.append([("", tx("replay.bar.over"))])
        elif round_ is None:
            if state.score_sheet:
                parts.append([("", tx("replay.bar.scored", round=state.score_sheet[-1].round_no))])
            else:
                parts.append([("", tx("replay.bar.started"))])
        else:
            action = "replay.bar.discard" if round_.has_drawn else "replay.bar.draw"
            parts.append([("", tx("replay.bar.round", round=round_.round_no))])
            if round_.went_out is not None and not round_.last_turns:
                parts.append([("", tx("replay.bar.ending"))])
            else:
                seat = tx.seat(round_.turn)
                parts.append([("", tx("replay.bar.turn", seat=seat, action=tx(action)))])
            parts.append([("", tx("bar.wild", wild=tx.rank(round_.wild_rank)))])
        if self.position < self.total:
            parts.append([("class:dim", tx("replay.bar.keys"))])
        return toolbar(parts, self.screen.width - 2)


def played_by(player: str, tx: Texts) -> str:
    """Who plays a seat, in words that say what it is: ``the hard AI``, ``a person``, ``the
    program mybot:Bot`` (a bot of another program, named as the log names it)."""
    key = f"replay.player.{player}"
    return tx(key) if tx.has(key) else tx("replay.player.other", name=player)
