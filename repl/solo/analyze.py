"""``threethirteen replay FILE --analyze``: the costliest decisions of a game, by the hard AI,
told (the review itself is :func:`core.lab.analysis.review`)."""

from __future__ import annotations

from ...core.events import GameStarted
from ...core.lab.analysis import Decision, review
from ...core.log import GameLog


def describe(decision: Decision, seat_name: str = "you") -> str:
    """One line: ``round 7, you discarded 8♦: hard discards K♣ and keeps 8♦, +6.0 expected``."""
    if decision.kind == "draw":
        played = "took the discard" if decision.played == "discard" else "drew from the stock"
        advised = "takes the discard" if decision.advised == "discard" else "draws from the stock"
        what = f"{seat_name} {played}: hard {advised}"
    else:
        what = (
            f"{seat_name} discarded {decision.played}: "
            f"hard discards {decision.advised} and keeps {decision.played}"
        )
    cost = f"+{decision.cost:.1f} expected"
    return f"round {decision.round_no}, {what}, {cost} (event {decision.seq})"


def analysis_lines(log: GameLog, limit: int = 10) -> list[str]:
    """The report of ``--analyze`` for the human seat (seat 0 when nobody is human)."""
    started = log.events[0]
    assert isinstance(started, GameStarted)
    found = review(log.events, limit)
    seat = found.seat
    name = "you" if started.players[seat] == "human" else started.seats[seat]
    worst = found.costliest
    lines = [
        f"{started.seats[seat]}: {found.differing} decisions differ from the hard AI's; "
        f"the {len(worst)} costliest, by expected penalty:"
    ]
    lines += [f"  {describe(decision, name)}" for decision in worst]
    if not worst:
        lines.append("  none: every choice was as good as the hard AI's, or better")
    return lines
