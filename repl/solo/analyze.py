"""``threethirteen replay FILE --analyze``: the costliest decisions of a game, by the hard AI,
told (the review itself is :func:`core.lab.analysis.review`)."""

from __future__ import annotations

from ...core.events import GameStarted
from ...core.lab.analysis import Decision, review
from ...core.log import GameLog
from ...core.seats import SEAT_NAMES


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


def seat_named(log: GameLog, word: str) -> int | None:
    """The seat ``word`` names in ``log``: its number (1-4) or its name in the log (a
    player's at a shared table, ``Left`` at a terminal), any case; ``None`` when none."""
    started = log.events[0]
    assert isinstance(started, GameStarted)
    if word.isdigit() and 1 <= int(word) <= len(started.seats):
        return int(word) - 1
    names = [name.casefold() for name in started.seats]
    return names.index(word.casefold()) if word.casefold() in names else None


def analysis_lines(log: GameLog, limit: int = 10, *, seat: int | None = None) -> list[str]:
    """The report of ``--analyze`` for ``seat``, by default the human seat (seat 0 when
    nobody is human)."""
    started = log.events[0]
    assert isinstance(started, GameStarted)
    found = review(log.events, limit, seat=seat)
    seat = found.seat
    named = started.seats != SEAT_NAMES  # a shared table's log: each seat by its name
    human = started.players[seat] == "human" and not named
    name = "you" if human else started.seats[seat]
    worst = found.costliest
    differ = "1 decision differs" if found.differing == 1 else f"{found.differing} decisions differ"
    costliest = "the costliest" if len(worst) == 1 else f"the {len(worst)} costliest"
    lines = [
        f"{started.seats[seat]}: {differ} from the hard AI's; {costliest}, by expected penalty:"
    ]
    lines += [f"  {describe(decision, name)}" for decision in worst]
    if not worst:
        lines.append("  none: every choice was as good as the hard AI's, or better")
    return lines
