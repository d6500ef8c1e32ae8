"""The README's marked examples are what the commands print, each command run in a child
process (see ``tests/helpers/readme_examples.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.readme_examples import README, Example, check, examples, prepare

EXAMPLES = examples(README.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    made = tmp_path_factory.mktemp("readme")
    prepare(made)
    return made


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.commands()[0][0])
def test_a_readme_example_is_what_its_commands_print(example: Example, folder: Path) -> None:
    problems = check(example, folder)
    assert not problems, "".join(problems) + "(python -m tests.helpers.readme_examples --write)"
