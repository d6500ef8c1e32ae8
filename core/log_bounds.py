"""The bounds of a log from a stranger: how long its texts are, what they hold, how much
help one turn records. Each is far beyond what the game writes, and checked while a line
is read, before anything costly is done with it."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .events import AssistanceUsed, Event, GameStarted
from .seats import MAX_SEAT_NAME

LINE_BREAK = re.compile("[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")
"""What ends a line (``str.splitlines``): no text of a log holds one, so none starts a
line of the game's output ("77 You discard K♠.")."""

MAX_REASON = 300
"""The longest reason an AI may give for a move (the game's own stay under 200)."""
MAX_PLAYER = 80
"""The longest player of a seat: a level, or a ``module:Class`` path."""
MAX_ENGINE = 40
"""The longest engine version in a header."""
MAX_HELPS = 100
"""The most help one turn records (``AssistanceUsed`` in a row: hints asked, undos past a
seen card); a player who asks for a hint at every key stays far below it."""


def help_is_full(events: Sequence[Event]) -> bool:
    """Whether the last :data:`MAX_HELPS` events are all help: one more would make a log the
    reader refuses, and would say nothing new (the seat is marked assisted already)."""
    return len(events) >= MAX_HELPS and all(
        isinstance(event, AssistanceUsed) for event in events[-MAX_HELPS:]
    )


def text_problems(event: Event) -> list[str]:
    """The strings of ``event`` that are longer than any this game writes."""
    problems = []
    reason = getattr(event, "reason", "")
    if len(reason) > MAX_REASON:
        problems.append(f"the reason has {len(reason)} characters, over {MAX_REASON}")
    if LINE_BREAK.search(reason):
        problems.append("the reason breaks the line")
    if isinstance(event, GameStarted):
        for name, texts, limit in (
            ("seat name", event.seats, MAX_SEAT_NAME),
            ("player", event.players, MAX_PLAYER),
        ):
            for text in texts:
                if len(text) > limit:
                    problems.append(f"a {name} has {len(text)} characters, over {limit}")
                problems += [f"a {name} breaks the line"] if LINE_BREAK.search(text) else []
    return problems
