"""Colours: the style classes :mod:`repl.kit.render` uses, and when to use none at all.

Cards look like little cards (a light face, red or black ink); wild cards are
bold and underlined. ``NO_COLOR`` (set and not empty) and ``TERM=dumb`` turn every
style off: the text alone, with its suit symbols, says everything.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from prompt_toolkit.styles import Style
from prompt_toolkit.utils import is_dumb_terminal

STYLE = Style.from_dict(
    {
        "card.red": "bg:#eeeeee #c00000",
        "card.black": "bg:#eeeeee #000000",
        "card.wild": "bold underline",
        "taken": "italic",
        "meld": "#5f87af",
        "title": "bold",
        "label": "bold",
        "dim": "#8a8a8a",
        "good": "#00af00 bold",
        "penalty": "#d78700",
        "warn": "#d78700 bold",
        "error": "#ff5f5f bold",
        "seat": "",
        "seat.you": "bold #00afaf",
        "turn": "bold #00afaf",
        "prompt": "bold",
        "bottom-toolbar": "noreverse bg:#303030 #d0d0d0",
        "bottom-toolbar.key": "bold",
        "validation-toolbar": "bg:#5f0000 #ffffff",
        "completion-menu.completion": "bg:#444444 #eeeeee",
        "completion-menu.completion.current": "bg:#00afaf #000000",
        "completion-menu.meta.completion": "bg:#303030 #bcbcbc",
        "completion-menu.meta.completion.current": "bg:#00afaf #000000",
    }
)
"""The game's style classes."""


def wants_plain(environ: Mapping[str, str] | None = None) -> bool:
    """True when the terminal should get plain text: ``NO_COLOR`` set, or a dumb terminal
    (``TERM`` dumb or unknown, as prompt_toolkit judges it)."""
    env = os.environ if environ is None else environ
    return bool(env.get("NO_COLOR")) or is_dumb_terminal(env.get("TERM", ""))


WILD_MARK = "*"
"""What follows a wild card where there are no colours to show it (``NO_COLOR``)."""


def mark_wilds(text: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """``text`` with :data:`WILD_MARK` after each wild card: plain text, without its styles,
    says a card is wild this way ([A♥ 4♦* 3♥* 4♦])."""
    return [
        (style, chunk + WILD_MARK) if "class:card.wild" in style else (style, chunk)
        for style, chunk in text
    ]
