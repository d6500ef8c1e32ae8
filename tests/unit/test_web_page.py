"""The page's files (repl/server/web/static/) read as text: what the CSP and the house rules
forbid is not there, and every label it shows is a word both languages have."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from threethirteen.core.seats import DECKS_BY_SEATS
from threethirteen.repl.words import de, en

from tests.helpers import ROOT

STATIC = ROOT / "repl" / "server" / "web" / "static"
PAGE = (STATIC / "index.html").read_text(encoding="utf-8")
SCRIPT = (STATIC / "table.js").read_text(encoding="utf-8")
STYLES = (STATIC / "table.css").read_text(encoding="utf-8")


class Tags(HTMLParser):
    """Every tag of the page with its attributes, and the text outside <noscript>."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self._inside: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag in ("noscript", "title", "script", "style", "option"):
            self._inside.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self._inside and self._inside[-1] == tag:
            self._inside.pop()

    def handle_data(self, data: str) -> None:
        if not self._inside and data.strip():
            self.text.append(data.strip())


def parsed() -> Tags:
    tags = Tags()
    tags.feed(PAGE)
    return tags


def test_the_page_has_no_inline_script_or_style_and_loads_only_its_own_files() -> None:
    tags = parsed()
    for tag, attrs in tags.tags:
        assert "style" not in attrs, tag
        assert not any(name.startswith("on") for name in attrs), (tag, attrs)
        if tag == "script":
            assert attrs.get("src") == "/static/table.js"
        if tag == "link":
            assert attrs.get("href") == "/static/table.css"
    assert re.search(r"<script[^>]*>\s*[^<\s]", PAGE) is None  # no script's body
    assert "<style" not in PAGE
    assert not re.search(r"https?://", PAGE + SCRIPT + STYLES)  # nothing from elsewhere


def test_the_script_builds_the_page_from_text_never_from_markup() -> None:
    for forbidden in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write",
                      "eval(", "new Function", "setAttribute(\"style\"", ".style."):  # fmt: skip
        assert forbidden not in SCRIPT, forbidden


def test_the_page_says_nothing_of_its_own_but_a_noscript_line() -> None:
    assert parsed().text == []


def test_every_label_of_the_page_is_a_word_of_both_languages() -> None:
    keys = {attrs["data-w"] for _tag, attrs in parsed().tags if attrs.get("data-w")}
    keys |= set(re.findall(r'"(web\.[a-z_.]+)"', SCRIPT))
    assert len(keys) > 50
    missing = {key for key in keys if key not in en.TEXTS or key not in de.TEXTS}
    assert not missing, sorted(missing)
    unused = {key for key in en.TEXTS if key.startswith("web.")} - keys
    assert not unused, sorted(unused)


def test_the_pages_deck_ladder_is_the_engines() -> None:
    found = re.search(r"const DECKS = \{([^}]*)\}", SCRIPT)
    assert found is not None
    ladder = {int(seats): int(decks) for seats, decks in re.findall(r"(\d+): (\d+)", found[1])}
    assert ladder == DECKS_BY_SEATS


def test_a_card_is_never_told_by_colour_alone() -> None:
    """A wild card has its star and its word; the turn its sign."""
    assert '"★"' in SCRIPT and '"web.card.wild"' in SCRIPT and '"web.card.joker"' in SCRIPT
    assert '"▶"' in SCRIPT
