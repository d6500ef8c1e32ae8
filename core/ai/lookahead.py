"""Sampled lookahead: deal the unseen stock many ways and play the next turns quickly.

Each sample is one guess at the next cards of the stock (drawn from the
stock beliefs, seeded by the view). A leave is played forward on every sample
with the fast rule of :meth:`~core.ai.hands.RoundFacts.step` (draw, discard the
highest unmelded card). After each of our future turns the round may be over:
someone else went out before it, which made it our last turn, with the chance
given by ``ending``. The value of a leave is the expected penalty we end the
round with; going out on the way scores 0.

Every option of one decision is played on the *same* samples (common random
numbers), so the comparison between them is much sharper than the samples alone.
The work is counted (samples × turns), never timed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .hands import Codes, RoundFacts

Samples = list[list[int]]


def sample_draws(
    weights: Sequence[tuple[int, float]], samples: int, turns: int, rng: random.Random
) -> Samples:
    """``samples`` guesses of the next ``turns`` stock cards, without replacement.

    ``weights`` gives the expected copies of each card in the stock; each copy is one
    item, drawn with probability in proportion to its share (Efraimidis–Spirakis keys:
    Efraimidis and Spirakis, "Weighted random sampling with a reservoir", 2006).
    """
    items: list[tuple[int, float]] = []
    for code, copies in weights:
        whole = int(copies)
        items.extend((code, 1.0) for _ in range(whole))
        if copies - whole > 1e-9:
            items.append((code, copies - whole))
    if not items:
        return [[] for _ in range(samples)]
    out = []
    count = min(turns, len(items))
    for _ in range(samples):
        keyed = sorted(
            ((rng.random() ** (1.0 / weight), i) for i, (_, weight) in enumerate(items)),
            reverse=True,
        )
        out.append([items[i][0] for _, i in keyed[:count]])
    return out


def play_forward(
    table: RoundFacts, leave: Codes, draws: Sequence[int], ending: Sequence[float]
) -> float:
    """The expected final penalty of ``leave`` on one sample of future stock cards.

    ``ending[t]`` is the chance the round ends before our turn t + 1 (which is then
    our last); when the sample runs out, the rest of the chance keeps the last penalty.
    """
    value = 0.0
    alive = 1.0
    penalty = -1
    for t, code in enumerate(draws):
        leave, penalty = table.step(leave, code)
        if penalty == 0:
            return value
        end = ending[t] if t < len(ending) else 1.0
        value += alive * end * penalty
        alive *= 1.0 - end
        if alive < 1e-3:
            return value
    if penalty < 0:
        penalty = table.penalty(leave)
    return value + alive * penalty


def leave_value(
    table: RoundFacts, leave: Codes, samples: Samples, ending: Sequence[float]
) -> float:
    """The mean of :func:`play_forward` over ``samples``."""
    if table.penalty(leave) == 0:
        return 0.0
    total = sum(play_forward(table, leave, draws, ending) for draws in samples)
    return total / len(samples)


def stock_value(table: RoundFacts, hand: Codes, samples: Samples, ending: Sequence[float]) -> float:
    """The expected final penalty of drawing from the stock now with ``hand`` (before drawing).

    The first card of each sample is this turn's draw; the rest are the future ones,
    so a stock draw and taking the discard see the same future cards.
    """
    total = 0.0
    for draws in samples:
        if not draws:
            total += table.penalty(hand)
            continue
        leave, penalty = table.step(hand, draws[0])
        if penalty:
            total += play_forward(table, leave, draws[1:], ending)
    return total / len(samples)
