"""One-line reasons for AI choices, in the game's words (for hints and replays)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from core.ai.hands import Codes, Table
from core.cards import JOKER_CODE, card_from_code


def name(code: int) -> str:
    """A card in the notation: ``K♠``."""
    return str(card_from_code(code))


def names(codes: Iterable[int]) -> str:
    return "".join(name(code) for code in codes)


def open_groups(table: Table, leave: Codes, limit: int = 2) -> list[str]:
    """Loose pairs of ``leave`` that one more card would meld: same rank, or suited and close."""
    loose = [code for code in leave if code != JOKER_CODE and not table.is_wild(code)]
    groups: list[str] = []
    used: set[int] = set()
    for i, a in enumerate(loose):
        for b in loose[i + 1 :]:
            if a in used or b in used:
                continue
            same_rank = a % 13 == b % 13
            close = a // 13 == b // 13 and 0 < abs(a - b) <= 2
            if same_rank or close:
                groups.append(names((a, b)))
                used.update((a, b))
    return groups[:limit]


def discard_reason(
    code: int,
    left: int,
    *,
    outs: float | None = None,
    groups: Sequence[str] = (),
    note: str = "",
) -> str:
    """``discard K♠: leaves 12, keeps 5♥6♥ open, 3 outs unseen``."""
    if left == 0:
        return f"discard {name(code)} and go out"
    parts = [f"discard {name(code)}: leaves {left}"]
    if groups:
        parts.append("keeps " + " ".join(groups) + " open")
    if outs is not None:
        count = round(outs)
        parts.append(f"{count} out{'s' if count != 1 else ''} unseen")
    if note:
        parts.append(note)
    return ", ".join(parts)
