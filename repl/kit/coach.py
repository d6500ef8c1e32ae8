"""The coach (``coach on``, ``--coach``): after a move of yours that costs clearly more than
the hard AI's choice, one line saying what it would have done and why.

The judgement is the analysis's (:func:`core.lab.analysis.judge`, as ``replay --analyze``
makes it, and said in the same words): both choices valued by the penalty they lead to,
on average over the cards you have not seen, one turn ahead. It is made from the view you
had before the move, so nothing is said that your seat did not know, and it is said after
the move, never before. A coached game is assisted: the coach is recorded as help (once a
game) before the first move it judges, as a hint is.

The threshold, :data:`THRESHOLD`, is two expected penalty points. Below it the two
choices are close to even by this one-turn yardstick (the next cards decide more than
the choice), and a coach that spoke at every small difference would drown the game;
two points is a deuce left over, and moves costing that much in every round add up to
a game's difference between first and last.
"""

from __future__ import annotations

from ...core.cards import parse_card
from ...core.events import CardDiscarded, CardDrawn, DrawSource
from ...core.lab.analysis import Decision
from ..words.i18n import Texts

THRESHOLD = 2.0
"""Expected penalty points a move must cost more than the hard AI's for the coach to speak."""

ADVISOR = "hard"
"""The AI whose judgement the coach gives (the strongest, as the analysis's)."""


def move_and_advice(
    decision: Decision, tx: Texts, seat: str | None = None, taken: str = ""
) -> tuple[str, str]:
    """What the seat did and what the hard AI does instead, in words (``you discarded
    8♦``, ``the hard AI discards K♣ and keeps 8♦``): the analysis and the coach say both
    alike."""
    whose = "analyze.you_" if seat is None else "analyze."
    if decision.kind == "draw":
        took = decision.played == "discard"
        move = tx(whose + ("took" if took else "drew"), seat=seat, card=taken)
        advice = tx("analyze.ai_takes" if decision.advised == "discard" else "analyze.ai_draws")
    else:
        played, advised = (tx.card(parse_card(c)) for c in (decision.played, decision.advised))
        move = tx(whose + "discarded", seat=seat, card=played)
        advice = tx("analyze.ai_discards", advised=advised, played=played)
    return move, advice


def cost_text(decision: Decision, tx: Texts) -> str:
    """What the choice cost in expected penalty points, one decimal (``6.0``, ``6,0``)."""
    cost = f"{decision.cost:.1f}"
    return cost.replace(".", ",") if tx.lang == "de" else cost


def coach_line(decision: Decision, move: CardDrawn | CardDiscarded, tx: Texts) -> str:
    """``Coach: you discarded 8♦; the hard AI discards K♣ and keeps 8♦ (+6.0 expected
    penalty): it keeps …``, in the player's language."""
    taken = ""
    if isinstance(move, CardDrawn) and move.source == DrawSource.DISCARD:
        taken = tx.card(move.card)
    did, advice = move_and_advice(decision, tx, None, taken)
    why = tx.reason(decision.reason, action=False) if decision.reason else ""
    key = "coach.line" if why else "coach.line_plain"
    return tx(key, move=did, advice=advice, cost=cost_text(decision, tx), why=why)
