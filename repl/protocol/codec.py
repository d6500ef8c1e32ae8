"""The JSON of the protocol: one codec, the log's own converter (:func:`core.log.log_converter`:
cards as ``7♥``, enums by value, every field checked) taught the acts, each tagged with its
kind (``{"type": "Play", "command": {"type": "Draw", "seat": 0, "source": "stock"},
"seen": 12}``).

An act from a page is a stranger's: it is read strictly (no key it does not have, every
value of its type), and only the acts a page may send (:data:`PAGE_ACTS`) are taken; a
move carries no reason (only an AI's move has one). What does not read is ``None``.

>>> act = read_act({"type": "Play", "command": {"type": "Discard", "seat": 1, "card": "7h"},
...                 "seen": 40})
>>> act.command.card, act.seen
(Card(7♥), 40)
>>> read_act({"type": "Play", "command": {"type": "Draw", "seat": 0, "source": "sky"}})
>>> act_json(SetAuto(Scope.ROUND)) == {"type": "SetAuto", "scope": "round"}
True
"""

from __future__ import annotations

from typing import Any

import cattrs
from cattrs.strategies import configure_tagged_union

from ...core.log import log_converter
from ...core.rules import Discard, Draw
from ...core.turns import Scope
from .acts import Act, AskHint, Play, SetAuto, Start

PAGE_ACTS = (Play, AskHint, SetAuto, Start)
"""What a page may send as an act (the rest it types, as a line)."""

MOST_SEEN = 1 << 20
"""The largest state id an act may carry (a game has a few thousand events)."""


def _converter() -> cattrs.Converter:
    converter = log_converter()
    converter.register_structure_hook(Scope, lambda value, _: Scope(value))
    converter.register_unstructure_hook(Scope, lambda scope: scope.value)
    configure_tagged_union(Draw | Discard, converter, tag_name="type")
    configure_tagged_union(Act, converter, tag_name="type")
    return converter


CONVERTER = _converter()


def read_act(data: object) -> Act | None:
    """The act a page sent, read strictly; ``None`` when it is none a page may send."""
    if not isinstance(data, dict):
        return None
    try:
        act: Act = CONVERTER.structure(data, Act)  # type: ignore[arg-type]
    except Exception:  # (cattrs' errors, a bad card, a value of another type)
        return None
    if not isinstance(act, PAGE_ACTS):
        return None
    if isinstance(act, Play) and act.command.reason:
        return None  # (only an AI's move has a reason)
    seen = act.seen if isinstance(act, Play | AskHint) else None
    if seen is not None and not 0 <= seen <= MOST_SEEN:
        return None
    return act


def act_json(act: Act) -> dict[str, Any]:
    """``act`` as JSON, tagged with its kind."""
    data = CONVERTER.unstructure(act, Act)
    assert isinstance(data, dict)
    return data
