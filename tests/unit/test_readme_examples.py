"""The README's marked examples: the commands they show, and how a block is matched and
rewritten (see ``tests/helpers/readme_examples.py``; the commands are run by
``tests/e2e/test_readme_examples.py``)."""

from __future__ import annotations

from tests.helpers.readme_examples import README, examples, matches, rewritten

EXAMPLES = examples(README.read_text(encoding="utf-8"))


def test_the_replay_section_shows_verify_and_analyze_for_real() -> None:
    commands = [command for example in EXAMPLES for command, _ in example.commands()]
    assert "threethirteen replay replays/no-winner.jsonl --verify" in commands
    assert "threethirteen replay damaged.jsonl --verify" in commands
    assert "threethirteen replay replays/no-winner.jsonl --analyze" in commands


def test_an_ellipsis_stands_for_one_or_more_left_out_lines_and_nothing_else() -> None:
    real = ["a", "b", "c", "d"]
    assert matches(real, real) and matches(["a", "  …"], real) and matches(["…", "d"], real)
    assert matches(["a", "…", "c", "…"], real)
    assert not matches(["a", "b", "c", "d", "…"], real)  # it stands for at least one line
    assert not matches(["a", "…", "x"], real) and not matches(["a", "b"], real)
    assert not matches(["a", "b…", "d"], real)  # only a line of its own elides
    assert not matches(["a", "c", "b", "d"], real)


def test_rewriting_keeps_the_ellipsis_where_it_was() -> None:
    real = ["head", "1", "2", "3", "4", "tail"]
    assert rewritten(["old", "1", "  …"], real) == ["head", "1", "  …"]
    assert rewritten(["…", "tail"], real) == ["…", "tail"]
    assert rewritten(["old"], real) == real
    assert rewritten(["a", "b", "c", "d", "e", "…", "f"], real) == real  # nothing to leave out
