"""Analysing a played game: where one seat's choices cost the most, by the hard AI's lights.

For every decision of the seat, the hard AI is asked what it would have done
(from the same view), and both choices are valued with one neutral yardstick,
the *expected penalty* a choice leads to, over the cards the seat has not seen:

- taking the discard top: the penalty after the best discard that follows;
- drawing from the stock: the same, averaged over every unseen card;
- discarding a card: the penalty of the hand after the next draw and the best
  discard then, averaged over the unseen cards (one turn ahead).

The difference between the two is what the seat's choice cost on average.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from attrs import frozen

from ..ai.tracking import unseen_counts
from ..cards import Card, card_from_code
from ..events import CardDiscarded, CardDrawn, DrawSource, Event, GameStarted
from ..melds import best_arrangement
from ..players import Policy, load_policy
from ..state import GameState, Phase, evolve
from ..views import PlayerView, view_for


@frozen(kw_only=True)
class Decision:
    """One decision of the analysed seat, next to the AI's, and what the difference cost."""

    seq: int
    """The event number of the seat's recorded choice."""
    round_no: int
    kind: str
    """``"draw"`` or ``"discard"``."""
    played: str
    """``"stock"``, ``"discard"`` or the card discarded, as recorded."""
    advised: str
    """The AI's choice, in the same form."""
    reason: str
    """The AI's one-line reason."""
    cost: float
    """Expected penalty of the seat's choice minus that of the AI's (positive: worse)."""


def _penalty(cards: Sequence[Card], view: PlayerView) -> int:
    return best_arrangement(cards, view.round_no, aces_high=view.aces_high).penalty


def _best_after(hand: Sequence[Card], view: PlayerView, keep: Card | None = None) -> int:
    """The lowest penalty after discarding one card of ``hand`` (never ``keep``)."""
    best = None
    for i, card in enumerate(hand):
        if card == keep or card in hand[:i]:
            continue
        value = _penalty([*hand[:i], *hand[i + 1 :]], view)
        best = value if best is None else min(best, value)
    return best if best is not None else _penalty(hand, view)


def _over_unseen(hand: Sequence[Card], view: PlayerView) -> float:
    """The average over unseen cards of the best penalty after drawing one and discarding."""
    unseen = unseen_counts(view)
    total = sum(unseen.values())
    if not total:
        return float(_penalty(hand, view))
    value = 0.0
    for code, copies in unseen.items():
        value += copies * _best_after([*hand, card_from_code(code)], view)
    return value / total


def draw_value(view: PlayerView, source: DrawSource) -> float:
    """Expected penalty after this turn when drawing from ``source``."""
    if source == DrawSource.DISCARD and view.discard_top is not None:
        top = view.discard_top
        return float(_best_after([*view.hand, top], view, keep=top))
    return _over_unseen(view.hand, view)


def discard_value(view: PlayerView, card: Card) -> float:
    """Expected penalty one turn after discarding ``card`` (on the last turn: right after)."""
    hand = list(view.hand)
    hand.remove(card)
    if view.is_last_turn:
        return float(_penalty(hand, view))
    return _over_unseen(hand, view)


def _seat_decisions(events: Sequence[Event], seat: int) -> Iterator[tuple[GameState, Event]]:
    """The state before each recorded draw or discard of ``seat``, with that event."""
    state = GameState()
    for event in events:
        if (
            isinstance(event, CardDrawn | CardDiscarded)
            and event.seat == seat
            and state.phase in (Phase.DRAW, Phase.DISCARD)
        ):
            yield state, event
        state = evolve(state, event)


def judge(before: GameState, event: CardDrawn | CardDiscarded, advisor: Policy) -> Decision | None:
    """The advisor's judgement of one recorded choice (``event``, made in ``before``), from
    the view of the seat that made it: ``None`` when the advisor chooses the same."""
    seat = event.seat
    view = view_for(before, seat)
    assert before.round is not None
    if isinstance(event, CardDrawn):
        advised_source = DrawSource(advisor.choose_draw(view))
        if advised_source == event.source:
            return None
        cost = draw_value(view, event.source) - draw_value(view, advised_source)
        played, advised, kind = event.source.value, advised_source.value, "draw"
    else:
        advised_card = advisor.choose_discard(view)
        if advised_card == event.card:
            return None
        cost = discard_value(view, event.card) - discard_value(view, advised_card)
        played, advised, kind = str(event.card), str(advised_card), "discard"
    reason = getattr(advisor, "last_reason", "")
    return Decision(
        seq=before.event_count + 1,
        round_no=before.round.round_no,
        kind=kind,
        played=played,
        advised=advised,
        reason=reason if isinstance(reason, str) else "",
        cost=cost,
    )


def analyze(
    events: Sequence[Event], seat: int = 0, advisor: Policy | None = None
) -> list[Decision]:
    """Every decision of ``seat`` in the log where the advisor (hard AI) chose otherwise."""
    advisor = advisor or load_policy("hard")
    found: list[Decision] = []
    for before, event in _seat_decisions(events, seat):
        assert isinstance(event, CardDrawn | CardDiscarded)
        decision = judge(before, event, advisor)
        if decision is not None:
            found.append(decision)
    return found


def costliest(decisions: Sequence[Decision], limit: int = 10) -> list[Decision]:
    """The decisions that cost most, worst first (only those that cost anything)."""
    worse = [d for d in decisions if d.cost > 0.05]
    return sorted(worse, key=lambda d: (-d.cost, d.seq))[:limit]


@frozen(kw_only=True)
class Review:
    """A game reviewed for one seat: how many of its decisions the advisor made otherwise,
    and the costliest of them, worst first."""

    seat: int
    differing: int
    costliest: tuple[Decision, ...]


def review(
    events: Sequence[Event],
    limit: int = 10,
    advisor: Policy | None = None,
    *,
    seat: int | None = None,
) -> Review:
    """The review of ``seat`` in a game's log; by default the human's seat (seat 0 when
    nobody is human)."""
    started = events[0]
    assert isinstance(started, GameStarted)
    if seat is None:
        seat = started.players.index("human") if "human" in started.players else 0
    decisions = analyze(events, seat, advisor)
    return Review(seat=seat, differing=len(decisions), costliest=tuple(costliest(decisions, limit)))
