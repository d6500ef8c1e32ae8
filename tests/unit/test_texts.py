"""The text tables: German says everything English says, with the same blanks.

A translator edits one file per language (:mod:`repl.words`); these tests catch a key
that one language lacks, a ``{field}`` that the other does not fill, and a command or
choice of the grammar that German has no word for.
"""

from __future__ import annotations

import ast
import re
import string

from threethirteen.core.ai.reasons import CLAUSES
from threethirteen.core.errors import MESSAGES, WORDS
from threethirteen.repl.words import de, en
from threethirteen.repl.words.grammar import (
    COMMANDS,
    LOBBY_COMMANDS,
    REPLAY_COMMANDS,
    SHARED_COMMANDS,
)

from tests.helpers import ROOT


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


def test_every_clause_of_a_reason_has_a_template_in_each_language_with_the_same_fields() -> None:
    for reasons in (de.REASONS, en.REASONS):
        assert set(reasons) == set(CLAUSES)
        for key, template in CLAUSES.items():
            assert fields(reasons[key]) == fields(template), key


def test_the_english_reasons_say_no_players_shorthand() -> None:
    for template in en.REASONS.values():
        said = template.replace("{outs}", "N")
        assert not re.search(r"\bouts\b|\bout unseen|\bdumping\b|\bdeadwood\b", said), template


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
    every = COMMANDS + REPLAY_COMMANDS + LOBBY_COMMANDS + SHARED_COMMANDS
    choices = {choice.name for spec in every for choice in spec.choices}
    assert set(de.CHOICES) == choices
    usages = " ".join(spec.usage for spec in every)
    assert all(placeholder in usages for placeholder in de.PLACEHOLDERS)


def test_the_yes_keys_start_with_the_languages_own() -> None:
    assert en.YES_KEYS == "y" and de.YES_KEYS.startswith("j")


ERROR_CLASSES = (
    "GameError",
    "InvalidCommandError",
    "IllegalMoveError",
    "LogFormatError",
    "TruncatedLogError",
    "VerificationError",
    "PolicyError",
)


def keys_raised(source: str) -> set[str]:
    """The message keys an error of the engine is made with in ``source``: a key written in
    the call (``IllegalMoveError("not_in_hand", …)``, ``super().__init__("log_truncated")``),
    or a name given the keys first (``key = "a" if … else "b"``; ``LogFormatError(key, …)``)."""
    tree = ast.parse(source)
    assigned: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                texts = {
                    value.value
                    for value in ast.walk(node.value)
                    if isinstance(value, ast.Constant) and isinstance(value.value, str)
                }
                assigned.setdefault(target.id, set()).update(texts)
    inits = {  # super().__init__(…) in the class of an error of the engine
        id(call)
        for cls in ast.walk(tree)
        if isinstance(cls, ast.ClassDef)
        and any(isinstance(base, ast.Name) and base.id in ERROR_CLASSES for base in cls.bases)
        for call in ast.walk(cls)
        if isinstance(call, ast.Call) and getattr(call.func, "attr", "") == "__init__"
    }
    keys: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name not in ERROR_CLASSES and id(node) not in inits:
            continue
        first = node.args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            keys.add(first.value)
        elif isinstance(first, ast.Name) and first.id in assigned:
            keys |= assigned[first.id]
    return keys


def test_every_error_the_engine_raises_has_its_english_and_its_german_sentence() -> None:
    """Found by reading the source of core (and of repl, which raises the engine's errors
    too): a key raised anywhere must be said in both languages."""
    root = ROOT
    raised: set[str] = set()
    for folder in ("core", "repl"):
        for path in (root / folder).rglob("*.py"):
            raised |= {key for key in keys_raised(path.read_text("utf-8")) if key.islower()}
    # the scan finds what it must: a move's error, a log's, one through a name, a super()
    assert {"not_in_hand", "log_truncated", "log_cards_missing_extra", "policy_bad_draw"} <= raised
    assert {"log_not_stock_top", "log_not_discard_top", "verify_not_from_seed"} <= raised
    unknown = raised - set(MESSAGES)
    assert not unknown, f"raised but not in core.errors.MESSAGES: {sorted(unknown)}"
    untranslated = raised - set(de.ERRORS)
    assert not untranslated, f"no German sentence for: {sorted(untranslated)}"
    assert set(MESSAGES) <= set(de.ERRORS), sorted(set(MESSAGES) - set(de.ERRORS))
