"""The rule book drawn for a terminal (:mod:`repl.kit.markdown`)."""

from __future__ import annotations

import re

import pytest
from threethirteen.repl.files.shipped import rules_text
from threethirteen.repl.kit.markdown import BOLD, RESET, render_markdown

ANSI = re.compile(r"\x1b\[[0-9;]*m")

SAMPLE = """# The title

A paragraph with **a bold phrase that runs on** over the end of a line, and `code`.
<!-- for developers only: core/rules.py -->

## A list

- An item with a continuation
  line under it.
1. A numbered item.

| card | points |
| --- | --- |
| a joker | 20 |
| J, Q, K (when not wild) | 10 |
"""


def test_markdown_marks_are_drawn_not_shown() -> None:
    plain = render_markdown(SAMPLE, 40, color=False)
    assert plain.splitlines()[:2] == ["The title", "========="]
    assert "**" not in plain and "`" not in plain and "#" not in plain and "|" not in plain
    assert "core/rules.py" not in plain and "developers" not in plain
    assert "• An item with a continuation line" in plain
    assert "1. A numbered item." in plain
    assert "  card                    │ points" in plain  # a table in aligned columns
    assert all(len(line) <= 40 for line in plain.splitlines())


def test_bold_is_bold_on_every_line_it_covers() -> None:
    drawn = render_markdown(SAMPLE, 40, color=True)
    lines = [line for line in drawn.splitlines() if "bold" in line or "runs on" in line]
    assert BOLD in lines[0] and lines[0].endswith(RESET)  # ended at the break …
    assert lines[1].startswith(BOLD)  # … and begun again on the next line
    assert ANSI.sub("", drawn).count("a bold phrase") == 1


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("width", [60, 80, 100])
def test_the_rule_book_fits_the_terminal(language: str, width: int) -> None:
    drawn = ANSI.sub("", render_markdown(rules_text(language), width, color=True))
    assert all(len(line) <= width for line in drawn.splitlines())
    assert "**" not in drawn and "core/" not in drawn
    assert "20" in drawn and "15 + 2" in drawn  # the tables' rows are all there
