"""Every relative link of ``README.md`` and ``docs/*.md`` leads somewhere: the file (or
folder) exists inside the repository, and an anchor (``#`` and an id, after a page's name
or alone) names a heading of that page as GitHub makes its id. The same holds for a
page's section named so anywhere in the repository (in a comment, a message, a test)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers import ROOT
from tests.helpers.markdown_pages import CODE_SPAN, prose

PAGES = (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))
HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
INLINE_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s.*)?$")
HTML_ID = re.compile(r"<a\s+(?:name|id)=\"([^\"]+)\"")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def slug(heading: str) -> str:
    """The id GitHub gives a heading: its text as shown (no code marks, a link's text),
    in lower case, without punctuation but ``-`` and ``_``, a hyphen for each space."""
    text = CODE_SPAN.sub(lambda code: code.group(2), heading)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^>]+>", "", text).strip().lower()
    kept = "".join(
        char
        for char in text
        if char in " -_" or unicodedata.category(char)[0] in "LNM"  # letters, digits, marks
    )
    return kept.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The ids of a page's headings (a repeated one gets ``-1``, ``-2`` …) and its HTML
    anchors."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    for _, line in prose(page.read_text(encoding="utf-8")):
        found.update(HTML_ID.findall(line))
        heading = HEADING.match(line)
        if heading is None:
            continue
        base = slug(heading.group(1))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(page: Path) -> Iterator[tuple[int, str]]:
    """Each link target of a page with its line: inline links, images and definitions."""
    for number, line in prose(page.read_text(encoding="utf-8")):
        plain = CODE_SPAN.sub("code", line)
        for target in INLINE_LINK.findall(plain):
            yield number, target
        definition = DEFINITION.match(plain)
        if definition:
            yield number, definition.group(1)


def problem(page: Path, target: str) -> str | None:
    """Why a link from ``page`` to ``target`` leads nowhere (``None``: it leads somewhere,
    or it is an absolute URL, which is not checked)."""
    if SCHEME.match(target) or target.startswith("//"):
        return None
    path, _, anchor = target.partition("#")
    goal = (page.parent / path).resolve() if path else page
    if not goal.is_relative_to(ROOT):
        return f"{target}: outside the repository"
    if not goal.exists():
        return f"{target}: no such file"
    if not anchor:
        return None
    if goal.suffix != ".md":
        return f"{target}: an anchor into a file that is not Markdown"
    if anchor not in anchors(goal):
        return f"{target}: {goal.relative_to(ROOT)} has no heading with that id"
    return None


def link_id(case: tuple[Path, int, str]) -> str:
    page, number, target = case
    return f"{page.relative_to(ROOT)}:{number}:{target}"


LINKS = [(page, number, target) for page in PAGES for number, target in links(page)]


@pytest.mark.parametrize("case", LINKS, ids=link_id)
def test_a_relative_link_leads_to_a_file_and_a_heading(case: tuple[Path, int, str]) -> None:
    page, _, target = case
    assert problem(page, target) is None, f"{link_id(case)}: {problem(page, target)}"


def test_the_pages_link_to_each_other() -> None:
    readme = {target for page, _, target in LINKS if page.name == "README.md"}
    for doc in PAGES[1:]:
        assert f"docs/{doc.name}" in readme, f"the README does not link to docs/{doc.name}"
    assert len(LINKS) > 20


def test_a_link_that_leads_nowhere_is_found() -> None:
    readme = ROOT / "README.md"
    assert problem(readme, "docs/benchmark.md#benchmark") is None
    assert problem(readme, "#quick-start") is None
    assert problem(readme, "core/") is None
    assert problem(readme, "https://example.org/nowhere#at-all") is None
    assert problem(readme, "docs/nowhere.md") == "docs/nowhere.md: no such file"
    assert "no heading" in str(problem(readme, "docs/benchmark.md#nowhere"))
    assert "no heading" in str(problem(readme, "#nowhere"))
    assert "outside" in str(problem(readme, "../elsewhere/README.md"))
    assert "not Markdown" in str(problem(readme, "pyproject.toml#L1"))


SECTION = re.compile(r"([\w./-]*\b[\w.-]+\.md)#([\w-]+)")
SOURCES = ("core", "repl", "replays", "tests", ".ci", "docs")


def written_sections() -> Iterator[tuple[Path, int, str, str]]:
    """Each section of a Markdown page named (the page, ``#``, the id) in a file of the
    repository: where, the page as written, and the id."""
    files = [ROOT / "pyproject.toml", ROOT / "README.md"]
    for folder in SOURCES:
        files += [
            path
            for path in sorted((ROOT / folder).rglob("*"))
            if path.is_file() and path.suffix in {".py", ".md", ".toml", ""}
        ]
    for path in files:
        if path == Path(__file__).resolve():
            continue  # its examples of links that lead nowhere
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.split("\n"), start=1):
            for page, section in SECTION.findall(line):
                yield path, number, page, section


def test_a_section_named_in_any_file_exists() -> None:
    missing = []
    for path, number, page, section in written_sections():
        candidates = [(path.parent / page).resolve(), (ROOT / page).resolve()]
        candidates += [(ROOT / "docs" / Path(page).name).resolve()]
        goals = [goal for goal in candidates if goal.is_file()]
        if not any(section in anchors(goal) for goal in goals):
            missing.append(f"{path.relative_to(ROOT)}:{number}: {page}#{section}")
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize(
    ("heading", "expected"),
    [
        ("Reporting a bug, reproducing a game", "reporting-a-bug-reproducing-a-game"),
        ("One import name, the design card's folders", "one-import-name-the-design-cards-folders"),
        ("Decide, evolve, fold", "decide-evolve-fold"),
        ("The `core/` engine: A–Z", "the-core-engine-az"),
        ("[Linked](x.md) heading_with_underscore", "linked-heading_with_underscore"),
        ("Größe & Ä", "größe--ä"),
    ],
)
def test_a_heading_gets_githubs_id(heading: str, expected: str) -> None:
    assert slug(heading) == expected


def test_a_repeated_heading_is_numbered(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# Top\n## Part\n```\n# not a heading\n```\n## Part\n### Part\n", "utf-8")
    assert anchors(page) == {"top", "part", "part-1", "part-2"}


PROSE_WIDTH = 100
"""The longest line of prose in a page; a table row, an HTML comment (an example's marker)
and a line holding a URL may be longer, as may a fenced block (a command and its output)."""


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_prose_lines_are_at_most_100_characters(page: Path) -> None:
    long = [
        f"{page.name}:{number} ({len(line)})"
        for number, line in prose(page.read_text(encoding="utf-8"))
        if len(line) > PROSE_WIDTH
        and not line.lstrip().startswith(("|", "<!--"))
        and not re.search(r"https?://", line)
    ]
    assert not long, long
