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

**The notes.** :data:`NOTES` are in the order they matter. Before your first card is put
down, the first notes say what a beginner needs for it: the goal and the melds, the wild
cards (the header says ``wild: 3`` from the first moment), a turn, putting a card down (the
example is a card you may put down) and going out. Each of the others waits for a moment
of yours after a move of yours since the notes before (so a note always waits for your
move, never comes on top of the last): your turn, to take a card or to put one down. A
note with a better moment (:attr:`LessonNote.fits`: a card of yours that Left just gave
away) waits for it until :attr:`LessonNote.latest_round`, and is then said in its general
words. Two notes explain what happens rather than what to do, and are said at the moment
it happens, whichever note the order waits on (:attr:`LessonNote.on_its_moment`): someone
going out (your last turn, or the move with which you went out yourself), and the first
round scored (your next turn).

**How far a log got.** :func:`notes_shown` walks the log and finds, for each note, the
event after which it was shown: the lesson's progress follows from the log alone, so a
lesson left and taken up again says the note it was waiting on, or the next.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from attrs import frozen

from ...core.cards import Card, card_penalty
from ...core.events import (
    CardDiscarded,
    CardDrawn,
    Event,
    GameOptions,
    GameStarted,
    PlayerWentOut,
    RoundScored,
)
from ...core.melds import best_arrangement
from ...core.state import GameState, MoveKind, Phase, evolve
from ...core.views import PlayerView, view_for
from ..words.cardwords import typed_form
from ..words.i18n import Texts

SEED = 1117
"""The lesson's deal (see the module's docstring; the test holds it to what it shows)."""
PLAYERS = ("human", "easy", "easy")
"""You, Left and Right: two easy opponents, so that a round stays short to follow."""
YOU = 0
LEFT = 1
"""The player after you: who can take what you put down."""


def is_the_lesson(events: Sequence[Event]) -> bool:
    """Whether ``events`` are a game of the lesson: its deal (:data:`SEED`, seeded), its
    players (:data:`PLAYERS`) and the default options. Any other game, however readable,
    is no lesson to go on with."""
    started = events[0] if events else None
    return (
        isinstance(started, GameStarted)
        and started.seed == SEED
        and started.seeded
        and started.players == PLAYERS
        and started.seat_count == len(PLAYERS)
        and started.options == GameOptions()
    )


@frozen(kw_only=True)
class Moment:
    """A point of the lesson that a note may explain: your turn, to take a card
    (``draw``) or to put one down (``discard``), or the move with which you just went out
    (``out``); what your seat knows then, and the round scored last (``None`` before the
    first is)."""

    kind: str
    view: PlayerView
    last_scored: RoundScored | None

    @property
    def drawing(self) -> bool:
        return self.kind == DRAWING

    @property
    def discarding(self) -> bool:
        return self.kind == DISCARDING


DRAWING, DISCARDING, WENT_OUT = "draw", "discard", "out"
"""The kinds of :class:`Moment`."""


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


def example_card(view: PlayerView) -> Card | None:
    """A card of your hand the rules let you put down now, to show how one is typed: the
    costliest of those in no meld (never the card just taken, never a wild one while
    another will do)."""
    allowed = [card for card in view.hand if card != view.must_not_discard]
    if not allowed:
        return None

    def worth(card: Card) -> tuple[bool, bool, int]:
        wild = card.is_joker or card.rank == view.wild_rank
        points = card_penalty(card, view.wild_rank, aces_high=view.aces_high)
        return (card in _left_over(view), not wild, points)

    return max(allowed, key=worth)


def _high_left_over(moment: Moment) -> bool:
    """A card of 10 points or more in no meld, that you may put down now."""
    view = moment.view
    return moment.discarding and any(
        card != view.must_not_discard
        and card.rank != view.wild_rank
        and not card.is_joker
        and card_penalty(card, view.wild_rank, aces_high=view.aces_high) >= 10
        for card in _left_over(view)
    )


def _going_out(moment: Moment) -> bool:
    return can_go_out(moment.view)


def _round_ending(moment: Moment) -> bool:
    """You just went out, or someone did and this is your last turn."""
    return moment.kind == WENT_OUT or (moment.drawing and moment.view.is_last_turn)


def _scored(moment: Moment) -> bool:
    return moment.last_scored is not None


def _short_round(moment: Moment) -> bool:
    return moment.drawing and moment.view.round_no <= 3


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


def _no_variant(moment: Moment) -> str:
    return ""


def _whose_going_out(moment: Moment) -> str:
    return ".you" if moment.kind == WENT_OUT else ""


@frozen(kw_only=True)
class LessonNote:
    """One note of the lesson: said as ``learn.note.KEY`` when :attr:`fits` holds at a
    moment where :attr:`when` does, or as ``learn.note.KEY.plain`` (when :attr:`plain` is
    set) at the first such moment of :attr:`latest_round` or later.

    The notes are said in their order, one group at a moment of yours and the next only
    after a move of yours; a note :attr:`with_previous` is said with the one before it
    (in its general words if its best moment is not this one). A note :attr:`on_its_moment`
    is not in that order: it is said at the first moment it fits, whichever note the
    order waits on, since it explains what happens then (someone going out, a round
    scored)."""

    key: str
    when: Callable[[Moment], bool] = _always
    fits: Callable[[Moment], bool] = _always
    latest_round: int | None = None
    plain: bool = False
    """Whether the note has general words for when its best moment did not come."""
    with_previous: bool = False
    on_its_moment: bool = False
    variant: Callable[[Moment], str] = _no_variant
    """The end of the text's key for this moment (``.you``: you went out yourself)."""
    before_table: bool = False
    """Said before the table is drawn, when the lesson begins at its moment (the goal: what
    the table shows is read with it in mind)."""


NOTES: tuple[LessonNote, ...] = (
    # before the first card is put down: what the game is, the wild cards, a turn,
    # putting a card down, going out
    LessonNote(key="goal", when=_drawing, before_table=True),
    LessonNote(key="wild", when=_drawing, with_previous=True),
    LessonNote(key="draw", when=_drawing, with_previous=True),
    LessonNote(key="discard", when=_discarding),
    LessonNote(key="going_out", fits=_going_out, plain=True, with_previous=True),
    # each at the moment it explains
    LessonNote(key="last_turn", fits=_round_ending, on_its_moment=True, variant=_whose_going_out),
    LessonNote(key="scoring", fits=_scored, on_its_moment=True),
    LessonNote(key="penalty", when=_discarding, fits=_high_left_over, latest_round=3),
    LessonNote(key="short_rounds", when=_drawing, fits=_short_round, latest_round=4, plain=True),
    LessonNote(key="keep_open", when=_discarding, fits=_two_in_a_row, latest_round=4, plain=True),
    LessonNote(
        key="throw_passed", when=_discarding, fits=_throw_passed, latest_round=5, plain=True
    ),
    LessonNote(key="done"),
)
"""The notes, in the order they matter (``learn.note.KEY`` in :mod:`repl.words`)."""


@frozen(kw_only=True)
class Shown:
    """A note as the log shows it was said: which (its place in :data:`NOTES`), in which
    words (``plain``: its general ones), after how many events, and as the how-manieth
    note (``number``, from 1)."""

    index: int
    at: int
    number: int
    plain: bool = False
    moment: Moment

    @property
    def note(self) -> LessonNote:
        return NOTES[self.index]

    @property
    def text_key(self) -> str:
        key = f"learn.note.{self.note.key}" + self.note.variant(self.moment)
        return key + (".plain" if self.plain else "")


def _is_move_of_yours(event: Event) -> bool:
    return isinstance(event, CardDrawn | CardDiscarded) and event.seat == YOU


def _moment_kind(state: GameState, event: Event) -> str | None:
    """Which moment of yours ``state`` (just after ``event``) is, if it is one."""
    if isinstance(event, PlayerWentOut) and event.seat == YOU:
        return WENT_OUT
    round_ = state.round
    if state.ended is not None or round_ is None or round_.turn != YOU:
        return None
    if state.phase == Phase.DRAW:
        return DRAWING
    return DISCARDING if state.phase == Phase.DISCARD else None


def _said_now(note: LessonNote, moment: Moment) -> tuple[bool, bool] | None:
    """Whether ``note`` is said at ``moment``, and in its general words; ``None``: not yet."""
    if not note.when(moment):
        return None
    if note.fits(moment):
        return True, False
    latest = note.latest_round
    if note.with_previous or (latest is not None and moment.view.round_no >= latest):
        return True, note.plain
    return None


def _due(shown: list[Shown], moment: Moment, moved: bool) -> list[tuple[int, bool]]:
    """The notes said at ``moment`` (each with whether in its general words), given those
    said before and whether you moved since the last."""
    said = {note.index for note in shown}
    due = [
        (index, False)
        for index, note in enumerate(NOTES)
        if note.on_its_moment and index not in said and note.fits(moment)
    ]
    order = [index for index, note in enumerate(NOTES) if not note.on_its_moment]
    waiting = [index for index in order if index not in said]
    if not waiting or not moved or (due and said):
        return due  # a note of the moment goes first; the order waits for the next
    first = waiting[0]
    now = _said_now(NOTES[first], moment)
    if now is None:
        return due
    group = [(first, now[1])]
    for index in waiting[1:]:
        if not NOTES[index].with_previous:
            break
        with_it = _said_now(NOTES[index], moment)
        if with_it is None:
            break
        group.append((index, with_it[1]))
    return group + due


def notes_shown(events: Sequence[Event]) -> list[Shown]:
    """Every note the lesson said over ``events``, in order, with where: the notes of the
    moment it explains, and the next of the order at a moment of yours after a move of
    yours (with those said with it)."""
    shown: list[Shown] = []
    state = GameState()
    last_scored: RoundScored | None = None
    moved = True  # a move of yours since the notes before (the first notes wait for none)
    for count, event in enumerate(events, start=1):
        if len(shown) == len(NOTES):
            break
        state = evolve(state, event)
        if isinstance(event, RoundScored):
            last_scored = event
        if _is_move_of_yours(event):
            moved = True
        kind = _moment_kind(state, event)
        if kind is None:
            continue
        moment = Moment(kind=kind, view=view_for(state, YOU), last_scored=last_scored)
        for index, plain in _due(shown, moment, moved):
            number = len(shown) + 1
            shown.append(Shown(index=index, at=count, number=number, plain=plain, moment=moment))
            moved = False
    return shown


def note_fields(moment: Moment, tx: Texts) -> dict[str, object]:
    """The blanks a note may fill, from the moment it is said at."""
    view = moment.view
    top = view.discard_top
    scored = moment.last_scored
    passed = passed_by_left(view)
    went_out = view.went_out if view.went_out is not None else YOU
    example = example_card(view) if moment.discarding else None
    return {
        "example": typed_form(example, "", tx.lang) if example is not None else "",
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
