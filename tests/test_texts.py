"""The text tables: German says everything English says, with the same blanks.

A translator edits one file per language (:mod:`repl.texts`); these tests catch a key
that one language lacks, a ``{field}`` that the other does not fill, and a command or
choice of the grammar that German has no word for.
"""

from __future__ import annotations

import string

from threethirteen.core.ai.reasons import CLAUSES
from threethirteen.core.errors import MESSAGES, WORDS
from threethirteen.repl.grammar import (
    COMMANDS,
    LOBBY_COMMANDS,
    REPLAY_COMMANDS,
    SHARED_COMMANDS,
)
from threethirteen.repl.texts import de, en


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_sentence_exists_in_both_languages_with_the_same_blanks() -> None:
    assert set(en.TEXTS) == set(de.TEXTS)
    for key, english in en.TEXTS.items():
        assert fields(english) == fields(de.TEXTS[key]), key


def test_every_german_engine_error_fills_only_the_engines_blanks() -> None:
    """German may leave a field out (it says "du" where English names the seat)."""
    assert set(de.ERRORS) <= set(MESSAGES)
    for key, german in de.ERRORS.items():
        assert fields(german) <= fields(MESSAGES[key]), key
    assert set(de.ERROR_WORDS) == set(WORDS)


def test_every_clause_of_a_reason_has_a_german_template_with_the_same_fields() -> None:
    assert set(de.REASONS) == set(CLAUSES)
    for key, template in CLAUSES.items():
        assert fields(de.REASONS[key]) == fields(template), key


def test_every_command_and_choice_has_its_german_words() -> None:
    for specs, names, short in (
        (COMMANDS, de.PLAY_NAMES, de.PLAY_SHORT),
        (REPLAY_COMMANDS, de.REPLAY_NAMES, de.REPLAY_SHORT),
        (LOBBY_COMMANDS, de.LOBBY_NAMES, de.LOBBY_SHORT),
    ):
        assert set(names) == {spec.name for spec in specs}
        assert set(short) <= set(names)
    shared = {spec.name for spec in SHARED_COMMANDS} - {spec.name for spec in COMMANDS}
    assert set(de.SHARED_NAMES) == shared and set(de.SHARED_SHORT) <= shared
    every = COMMANDS + REPLAY_COMMANDS + LOBBY_COMMANDS
    choices = {choice.name for spec in every for choice in spec.choices}
    assert set(de.CHOICES) == choices
    usages = " ".join(spec.usage for spec in COMMANDS + REPLAY_COMMANDS)
    assert all(placeholder in usages for placeholder in de.PLACEHOLDERS)


def test_the_yes_keys_start_with_the_languages_own() -> None:
    assert en.YES_KEYS == "y" and de.YES_KEYS.startswith("j")
