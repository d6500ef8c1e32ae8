"""Every docstring example in the package runs, as the documentation promises."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest
import threethirteen.core
import threethirteen.repl


def modules() -> list[str]:
    """Every module of the installed package (the engine and the terminal program)."""
    names = []
    for package in (threethirteen.core, threethirteen.repl):
        prefix = package.__name__ + "."
        names += [info.name for info in pkgutil.walk_packages(package.__path__, prefix)]
    return sorted(names)


def test_every_module_is_found() -> None:
    found = modules()
    assert "threethirteen.core.melds" in found and "threethirteen.core.ai.hard" in found
    assert "threethirteen.repl.cli" in found


@pytest.mark.parametrize("name", modules())
def test_docstring_examples(name: str) -> None:
    module: ModuleType = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


def test_the_examples_are_there() -> None:
    """Modules that teach by example keep their examples (a lost ``>>>`` would pass silently)."""
    finder = doctest.DocTestFinder()
    taught = {
        name
        for name in modules()
        if any(test.examples for test in finder.find(importlib.import_module(name)))
    }
    assert {"threethirteen.core.melds", "threethirteen.core.table"} <= taught
    assert len(taught) >= 8
