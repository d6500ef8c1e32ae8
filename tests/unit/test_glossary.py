"""Every German text the game has says each thing with the one word of the glossary
(:mod:`repl.words.glossary`): the terminal's sentences, the engine's errors and the AI's
reasons, the usage lines of the commands, the rule book, the curated games' descriptions."""

from __future__ import annotations

import re

import pytest
from threethirteen.repl.files.shipped import rules_text, shipped_replays
from threethirteen.repl.words import de
from threethirteen.repl.words.glossary import GLOSSARY, Term
from threethirteen.repl.words.grammar import LOBBY, PLAY, REPLAY, SHARED

FIELD = re.compile(r"\{[^{}]*\}")
"""A blank of a template (``{wild}``): a name in the code, not a German word."""


def german_texts() -> dict[str, str]:
    """Every German text, by where it is (a template without its blanks)."""
    texts = {f"TEXTS[{key}]": text for key, text in de.TEXTS.items()}
    texts |= {f"ERRORS[{key}]": text for key, text in de.ERRORS.items()}
    texts |= {f"ERROR_WORDS[{key}]": text for key, text in de.ERROR_WORDS.items()}
    texts |= {f"REASONS[{key}]": text for key, text in de.REASONS.items()}
    for grammar in (PLAY, REPLAY, LOBBY, SHARED):
        texts |= {f"usage[{spec.name}]": spec.usage_in("de") for spec in grammar.commands}
    rules = re.sub(r"<!--.*?-->", "", rules_text("de"), flags=re.S)
    texts |= {f"RULES.de.md:{n}": line for n, line in enumerate(rules.splitlines(), start=1)}
    texts |= {f"catalogue[{game.name}]": game.shows_de for game in shipped_replays()}
    return {where: FIELD.sub("", text) for where, text in texts.items()}


@pytest.mark.parametrize("term", GLOSSARY, ids=lambda term: term.english)
def test_one_german_word_for_each_thing(term: Term) -> None:
    texts = german_texts()
    for variant in term.avoid:
        found = [where for where, text in texts.items() if re.search(variant, text)]
        assert not found, f"{variant!r} (say {term.german!r}) in {found}"
    assert any(term.german in text for text in texts.values()), term.german


def test_every_curated_game_is_described_in_german() -> None:
    assert all(game.shows_de for game in shipped_replays())


def test_the_usage_of_a_choice_is_german_in_german() -> None:
    coach = next(spec for spec in PLAY.commands if spec.name == "coach")
    assert coach.usage_in("de") == "trainer [an|aus]"
