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

from ...core.events import CardDiscarded, CardDrawn, DrawSource
from ...core.lab.analysis import Decision, judge
from ...core.players import Policy, load_policy
from ...core.state import GameState
from ..words.i18n import Texts
from .analyze import cost_text, move_and_advice

THRESHOLD = 2.0
"""Expected penalty points a move must cost more than the hard AI's for the coach to speak."""

ADVISOR = "hard"
"""The AI whose judgement the coach gives (the strongest, as the analysis's)."""


class Coach:
    """Judges the person's moves one at a time, as they are made."""

    def __init__(self, advisor: Policy | None = None, threshold: float = THRESHOLD) -> None:
        self.advisor = advisor or load_policy(ADVISOR)
        self.threshold = threshold

    def judge(self, before: GameState, move: CardDrawn | CardDiscarded) -> Decision | None:
        """The hard AI's choice where ``move`` (made in ``before``) costs at least
        :attr:`threshold` more; ``None`` when it was as good, or nearly."""
        decision = judge(before, move, self.advisor)
        if decision is None or decision.cost < self.threshold:
            return None
        return decision


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


