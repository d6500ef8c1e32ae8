"""What ships with the game besides code: the rule book and the curated replays.

Both are read through :mod:`importlib.resources`, so they are found wherever the
package is installed (a wheel, ``pipx``, an editable checkout):

>>> "Two tie, all tie" in rules_text("en")
True
>>> [game.name for game in shipped_replays()][:2]
['jokers-0', 'jokers-2']
"""

from __future__ import annotations

import tomllib
from importlib.resources import files
from pathlib import Path

from attrs import frozen

RULES_FILES = {"en": "RULES.md", "de": "RULES.de.md"}
"""The rule book in each language, beside the engine (``core/``)."""


def rules_text(language: str) -> str:
    """The whole rule book in ``language`` (English where there is no translation)."""
    name = RULES_FILES.get(language, RULES_FILES["en"])
    return files("threethirteen.core").joinpath(name).read_text(encoding="utf-8")


@frozen
class ShippedReplay:
    """A curated game from ``replays/``: its name (the file less ``.jsonl``), what it shows
    (in English, and in German: ``shows_de``)."""

    name: str
    shows: str
    shows_de: str = ""

    def shows_in(self, language: str) -> str:
        """What it shows, in ``language`` (English where there is no translation)."""
        return self.shows_de if language == "de" and self.shows_de else self.shows

    @property
    def file_name(self) -> str:
        """The log's file name inside the package."""
        return f"{self.name}.jsonl"


def shipped_replays() -> tuple[ShippedReplay, ...]:
    """The curated games, in the catalogue's order."""
    text = files("threethirteen.replays").joinpath("catalogue.toml").read_text(encoding="utf-8")
    return tuple(
        ShippedReplay(
            name=str(game["name"]), shows=str(game["shows"]), shows_de=str(game.get("shows_de", ""))
        )
        for game in tomllib.loads(text)["game"]
    )


def find_replay(name: str) -> ShippedReplay | None:
    """The curated game called ``name`` (with or without ``.jsonl``), or ``None``."""
    bare = name.removesuffix(".jsonl")
    return next((game for game in shipped_replays() if game.name == bare), None)


def replay_path(game: ShippedReplay) -> Path:
    """The file system path of ``game``'s log.

    Every supported install (a wheel unpacked by pip or pipx, an editable checkout)
    keeps the package on disk; a zipped one is refused rather than copied.
    """
    resource = files("threethirteen.replays").joinpath(game.file_name)
    if not isinstance(resource, Path):
        raise RuntimeError(f"the curated replay {game.name} is not on disk ({resource})")
    return resource
