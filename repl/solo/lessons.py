"""The lesson of ``threethirteen learn`` as data: its deal, its notes, and how far a log got.

**The deal.** The lesson is one game against two ``easy`` opponents, dealt from
:data:`SEED`. A seed is the simplest curated deal that stays robust: the deck orders
follow from it alone, so the lesson's log is an ordinary seeded game (it folds, replays and
re-decides like any other, and the table needs no prepared deck, which it could not
re-decide), and the test ``test_the_curated_deal_shows_what_its_notes_say`` checks that
the seed still deals what the first notes speak of: you play first in round 1, you hold
two cards of no meld yet and a high card, the upcard makes a pair with one of yours; in
round 2 two of your cards are next to each other in one suit, and the upcard is wild.
The seed was found by a small search over the seeds that deal all that.

**The notes.** :data:`NOTES` are in the order they matter. Each waits for its moment: a
point where it is your turn (to take a card, or to put one down), after a move of yours
since the note before (so a note always waits for your move, never comes on top of the
last). A note with a better moment (:attr:`LessonNote.fits`: you can go out now) waits for it
until :attr:`LessonNote.latest_round`, and is then said in its general words.

**How far a log got.** :func:`notes_shown` walks the log and finds, for each note, the
event after which it was shown: the lesson's progress follows from the log alone, so a
lesson left and taken up again says the note it was waiting on, or the next.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from attrs import frozen

from ...core.cards import Card
from ...core.events import CardDiscarded, CardDrawn, Event, RoundScored
from ...core.melds import best_arrangement
from ...core.state import GameState, MoveKind, Phase, evolve
from ...core.views import PlayerView, view_for
from ..words.i18n import Texts

SEED = 1117
"""The lesson's deal (see the module's docstring; the test holds it to what it shows)."""
PLAYERS = ("human", "easy", "easy")
"""You, Left and Right: two easy opponents, so that a round stays short to follow."""
YOU = 0
LEFT = 1
"""The player after you: who can take what you put down."""


@frozen(kw_only=True)
class Moment:
    """A point of the lesson where it is your turn: what your seat knows, and the round
    scored last (``None`` before the first is)."""

    view: PlayerView
    last_scored: RoundScored | None

    @property
    def drawing(self) -> bool:
        return self.view.phase == Phase.DRAW

    @property
    def discarding(self) -> bool:
        return self.view.phase == Phase.DISCARD


def _always(moment: Moment) -> bool:
    return True


def _drawing(moment: Moment) -> bool:
    return moment.drawing


def _discarding(moment: Moment) -> bool:
    return moment.discarding


def _penalty(view: PlayerView, cards: Sequence[Card]) -> int:
    return best_arrangement(cards, view.round_no, aces_high=view.aces_high).penalty


def _left_over(view: PlayerView) -> tuple[Card, ...]:
    """Your cards in no meld of the best arrangement."""
    return tuple(best_arrangement(view.hand, view.round_no, aces_high=view.aces_high).unmelded)


def can_go_out(view: PlayerView) -> bool:
    """Whether one of your cards, put down now, leaves every other in a meld."""
    if view.phase != Phase.DISCARD:
        return False
    hand = list(view.hand)
    for i, card in enumerate(hand):
        if card == view.must_not_discard:
            continue
        if _penalty(view, [*hand[:i], *hand[i + 1 :]]) == 0:
            return True
    return False


def _wild_in_sight(moment: Moment) -> bool:
    view = moment.view
    wild = view.wild_rank
    top = view.discard_top
    return any(card.rank in (wild, None) for card in view.hand) or (
        top is not None and top.rank in (wild, None)
    )


def _going_out(moment: Moment) -> bool:
    return can_go_out(moment.view)


def _last_turn_now(moment: Moment) -> bool:
    return moment.drawing and moment.view.is_last_turn


def _scored(moment: Moment) -> bool:
    return moment.last_scored is not None


def _two_in_a_row(moment: Moment) -> bool:
    """Two cards of yours next to each other in one suit, neither wild, not in a meld."""
    view = moment.view
    if not moment.discarding:
        return False
    plain = [
        (c.suit, int(c.rank))
        for c in _left_over(view)
        if c.rank is not None and c.rank != view.wild_rank
    ]
    return any((suit, rank + 1) in plain for suit, rank in plain)


def passed_by_left(view: PlayerView) -> tuple[Card, Card] | None:
    """Left's latest discard this round and a card of yours of its rank left over (not in
    a meld, not wild), if you hold one."""
    passed = None
    for move in view.history:
        if move.seat == LEFT and move.kind == MoveKind.DISCARDED:
            passed = move.card
    if passed is None or passed.rank is None or passed.rank == view.wild_rank:
        return None
    for card in _left_over(view):
        if card.rank == passed.rank and card != view.must_not_discard:
            return passed, card
    return None


def _throw_passed(moment: Moment) -> bool:
    return moment.discarding and passed_by_left(moment.view) is not None


@frozen(kw_only=True)
class LessonNote:
    """One note of the lesson: said as ``learn.note.KEY`` when :attr:`fits` holds at a
    moment, or as ``learn.note.KEY.plain`` (when :attr:`plain` is set) at the first moment
    of :attr:`latest_round` or later; ``when`` says at which moments it may be said."""

    key: str
    when: Callable[[Moment], bool] = _always
    fits: Callable[[Moment], bool] = _always
    latest_round: int | None = None
    plain: bool = False
    """Whether the note has general words for when its best moment did not come."""


NOTES: tuple[LessonNote, ...] = (
    LessonNote(key="draw", when=_drawing),
    LessonNote(key="melds", when=_discarding),
    LessonNote(key="wild", fits=_wild_in_sight, latest_round=2),
    LessonNote(key="penalty", when=_discarding),
    LessonNote(key="going_out", when=_discarding, fits=_going_out, latest_round=3, plain=True),
    LessonNote(key="last_turn", fits=_last_turn_now, latest_round=3, plain=True),
    LessonNote(key="scoring", fits=_scored, latest_round=99),
    LessonNote(key="keep_open", when=_discarding, fits=_two_in_a_row, latest_round=4, plain=True),
    LessonNote(
        key="throw_passed", when=_discarding, fits=_throw_passed, latest_round=5, plain=True
    ),
    LessonNote(key="short_rounds", when=_drawing),
    LessonNote(key="done"),
)
"""The notes, in the order they matter (``learn.note.KEY`` in :mod:`repl.words`)."""


@frozen(kw_only=True)
class Shown:
    """A note as the log shows it was said: which (its place in :data:`NOTES`), in which
    words (``plain``: its general ones), and after how many events."""

    index: int
    at: int
    plain: bool = False
    moment: Moment

    @property
    def note(self) -> LessonNote:
        return NOTES[self.index]

    @property
    def text_key(self) -> str:
        return f"learn.note.{self.note.key}" + (".plain" if self.plain else "")


def _is_move_of_yours(event: Event) -> bool:
    return isinstance(event, CardDrawn | CardDiscarded) and event.seat == YOU


def _your_moment(state: GameState) -> bool:
    round_ = state.round
    return (
        state.ended is None
        and round_ is not None
        and round_.turn == YOU
        and state.phase in (Phase.DRAW, Phase.DISCARD)
    )


def _said_now(note: LessonNote, moment: Moment) -> tuple[bool, bool] | None:
    """Whether ``note`` is said at ``moment``, and in its general words; ``None``: not yet."""
    if not note.when(moment):
        return None
    if note.fits(moment):
        return True, False
    latest = note.latest_round
    if latest is not None and moment.view.round_no >= latest:
        return True, note.plain
    return None


def notes_shown(events: Sequence[Event]) -> list[Shown]:
    """Every note the lesson said over ``events``, in order, with where: at most one at a
    moment of yours, and the next only after a move of yours."""
    shown: list[Shown] = []
    state = GameState()
    last_scored: RoundScored | None = None
    moved = True  # a move of yours since the note before (the first note waits for none)
    for count, event in enumerate(events, start=1):
        if len(shown) == len(NOTES):
            break
        state = evolve(state, event)
        if isinstance(event, RoundScored):
            last_scored = event
        if _is_move_of_yours(event):
            moved = True
        if not moved or not _your_moment(state):
            continue
        moment = Moment(view=view_for(state, YOU), last_scored=last_scored)
        said = _said_now(NOTES[len(shown)], moment)
        if said is not None:
            shown.append(Shown(index=len(shown), at=count, plain=said[1], moment=moment))
            moved = False
    return shown


def note_fields(moment: Moment, tx: Texts) -> dict[str, object]:
    """The blanks a note may fill, from the moment it is said at."""
    view = moment.view
    top = view.discard_top
    scored = moment.last_scored
    passed = passed_by_left(view)
    went_out = view.went_out if view.went_out is not None else YOU
    return {
        "top": tx.card(top) if top is not None else "",
        "wild": tx.rank(view.wild_rank),
        "round": view.round_no,
        "scored": scored.round_no if scored is not None else 0,
        "size": view.round_no + 2,
        "seat": tx.seat(went_out),
        "penalty": scored.scores[YOU].penalty if scored is not None else 0,
        "total": scored.totals[YOU] if scored is not None else 0,
        "passed": tx.card(passed[0]) if passed is not None else "",
        "yours": tx.card(passed[1]) if passed is not None else "",
    }


def note_text(shown: Shown, tx: Texts) -> str:
    """The note in the player's language, its blanks filled."""
    return tx(shown.text_key, **note_fields(shown.moment, tx))
