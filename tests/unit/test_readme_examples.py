"""The marked examples of the README and of ``docs/*.md``: the pages they are read from, the
commands they show, and how a block is matched and rewritten (see
``tests/helpers/readme_examples.py``; the commands are run by
``tests/e2e/test_readme_examples.py``)."""

from __future__ import annotations

from tests.helpers import ROOT
from tests.helpers.readme_examples import PAGES, README, examples, marked, matches, rewritten

EXAMPLES = marked()


def test_the_readme_and_every_page_of_docs_are_read() -> None:
    assert PAGES[0] == README
    assert set(PAGES[1:]) == set((ROOT / "docs").glob("*.md"))
    assert ROOT / "docs" / "replays.md" in PAGES


def test_the_replay_page_shows_verify_and_analyze_for_real() -> None:
    shown = [
        (example.page.name, command) for example in EXAMPLES for command, _ in example.commands()
    ]
    assert ("replays.md", "threethirteen replay replays/no-winner.jsonl --verify") in shown
    assert ("replays.md", "threethirteen replay damaged.jsonl --verify") in shown
    assert ("replays.md", "threethirteen replay replays/no-winner.jsonl --analyze") in shown


def test_an_example_says_its_page_and_line() -> None:
    page = ROOT / "docs" / "replays.md"
    text = "intro\n<!-- example -->\n```text\n$ threethirteen rules\nRules\n```\n"
    (example,) = examples(text, page)
    assert example.page == page and example.lines == ("$ threethirteen rules", "Rules")
    assert example.where() == "docs/replays.md line 4"


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
