"""``threethirteen replay FILE --analyze``: the costliest decisions of a game, by the hard AI,
told in the player's language with the words the game uses for each move (the review
itself is :func:`core.lab.analysis.review`)."""

from __future__ import annotations

from ...core.events import CardDiscarded, CardDrawn, GameStarted
from ...core.lab.analysis import Decision, review
from ...core.log import GameLog
from ...core.seats import SEAT_NAMES
from ..kit.coach import cost_text, move_and_advice
from ..words.i18n import Texts


def describe(decision: Decision, tx: Texts, seat: str | None = None, taken: str = "") -> str:
    """One line: ``Round 7, you discarded 8♦: the hard AI discards K♣ and keeps 8♦, +6.0
    expected (event 120)``; ``seat`` names another seat than yours, ``taken`` is the card
    taken from the discard pile (a draw decision)."""
    move, advice = move_and_advice(decision, tx, seat, taken)
    return tx(
        "analyze.line",
        round=decision.round_no,
        move=move,
        advice=advice,
        cost=cost_text(decision, tx),
        seq=decision.seq,
    )


def seat_named(log: GameLog, word: str) -> int | None:
    """The seat ``word`` names in ``log``: its number (1-4) or its name in the log (a
    player's at a shared table, ``Left`` at a terminal), any case; ``None`` when none."""
    started = log.events[0]
    assert isinstance(started, GameStarted)
    if word.isdigit() and 1 <= int(word) <= len(started.seats):
        return int(word) - 1
    names = [name.casefold() for name in started.seats]
    return names.index(word.casefold()) if word.casefold() in names else None


def analysis_lines(
    log: GameLog, limit: int = 10, *, seat: int | None = None, tx: Texts | None = None
) -> list[str]:
    """The report of ``--analyze`` for ``seat``, by default the human seat (seat 0 when
    nobody is human). At a terminal's log the seats are the places (You, Left …: seat 0 is
    "you" whoever played it); a shared table's log calls each seat by its name."""
    tx = tx or Texts("en")
    started = log.events[0]
    assert isinstance(started, GameStarted)
    found = review(log.events, limit, seat=seat)
    seat = found.seat
    places = started.seats == SEAT_NAMES
    title = tx.seat(seat) if places else started.seats[seat]
    name = None if places and seat == 0 else title
    worst = found.costliest
    moves = (event for event in log.events if isinstance(event, CardDrawn | CardDiscarded))
    made = sum(1 for event in moves if event.seat == seat)
    costliest = (
        tx("analyze.costliest_one") if len(worst) == 1 else tx("analyze.costliest", n=len(worst))
    )
    head = tx("analyze.head", seat=title, differ=found.differing, made=made, costliest=costliest)
    lines = [head]
    for decision in worst:
        drawn = log.events[decision.seq - 1]
        taken = tx.card(drawn.card) if isinstance(drawn, CardDrawn) else ""
        lines.append("  " + describe(decision, tx, name, taken))
    if not worst:
        lines.append("  " + tx("analyze.none"))
    return lines
