"""Every file or folder of the repository a page names in code marks exists: a reader who
follows ``repl/files/reading.py`` from docs/architecture.md finds it (an old page named
``repl/safe.py`` and ``repl/grammar.py`` after they had moved)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers import ROOT
from tests.helpers.markdown_pages import CODE_SPAN, prose

PAGES = (
    ROOT / "README.md",
    ROOT / "replays" / "README.md",
    *sorted((ROOT / "docs").glob("*.md")),
    *sorted((ROOT / "core").glob("*.md")),
)
TOP = ("core", "repl", "replays", "tests", "docs", ".ci")
PATH = re.compile(rf"^(?:{'|'.join(map(re.escape, TOP))})/[\w./-]*$")
"""A code span that is a path of the repository (``core/log.py``, ``repl/server/``)."""


def named_paths(page: Path) -> list[tuple[int, str]]:
    """The repository paths ``page`` names in code marks, by line."""
    found = []
    for number, line in prose(page.read_text(encoding="utf-8")):
        for code in CODE_SPAN.finditer(line):
            text = code.group(2).strip().rstrip(":,.")
            text = re.sub(r"(?<=\.py)(?::\w+|::[\w:\[\]-]+)$", "", text)  # module:name, test id
            if PATH.match(text) and "*" not in text and "NAME" not in text:
                found.append((number, text))
    return found


def test_the_pages_name_paths_at_all() -> None:
    """The check below sees the paths the pages name (it would pass on no page)."""
    architecture = dict(
        (path, number) for number, path in named_paths(ROOT / "docs" / "architecture.md")
    )
    assert "core/log_bounds.py" in {path for path in architecture}
    assert len(architecture) > 10


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_path_a_page_names_exists(page: Path) -> None:
    missing = [
        f"{page.relative_to(ROOT)}:{number}: {path}"
        for number, path in named_paths(page)
        if not (ROOT / path).exists()
    ]
    assert not missing, "\n".join(missing)
