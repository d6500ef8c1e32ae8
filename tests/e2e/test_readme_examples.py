"""The marked examples of the README and of ``docs/*.md`` are what the commands print, each
command run in a child process (see ``tests/helpers/readme_examples.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import ROOT
from tests.helpers.readme_examples import Example, check, marked, prepare

EXAMPLES = marked()


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    made = tmp_path_factory.mktemp("readme")
    prepare(made)
    return made


def name(example: Example) -> str:
    return f"{example.page.relative_to(ROOT)}: {example.commands()[0][0]}"


@pytest.mark.parametrize("example", EXAMPLES, ids=name)
def test_a_marked_example_is_what_its_commands_print(example: Example, folder: Path) -> None:
    problems = check(example, folder)
    assert not problems, "".join(problems) + "(python -m tests.helpers.readme_examples --write)"
