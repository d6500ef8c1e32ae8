"""``tests.bots``: the name under which ``replays/safety-rule.jsonl`` records its players
(``tests.bots:Hoarder``). The bots live in :mod:`tests.helpers.bots`; this name is kept so
that ``python -m tests.helpers.curated`` plays that game again, byte for byte."""

from __future__ import annotations

from tests.helpers.bots import Cheater, Hoarder, Sloppy, StockCheater

__all__ = ["Cheater", "Hoarder", "Sloppy", "StockCheater"]
