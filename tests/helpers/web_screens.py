"""Screenshots of the page, to look at: ``python -m tests.helpers.web_screens FOLDER``.

A test server with a web front (the deal fixed, the greedy AI), and for each window size
(a phone, 390×844; a laptop, 1280×800) and language (en, de): the lobby with a table in it,
the table in the middle of a round (a card taken from the discard pile, a wild card, a
joker, the turn clock), the score sheet after round 1, and the result. Each is a PNG of
the window (``NAME.png``) and of the whole page (``NAME-full.png``), and the table in the
middle of a round once more in grey (``table-...-grey.png``): everything must still be
told by signs and words. Nothing here is a test: a person looks at the pictures.
"""

from __future__ import annotations

import base64
import itertools
import sys
import tempfile
from pathlib import Path
from typing import Any

from tests.helpers.browser import MISSING, Page, browser
from tests.helpers.sshclient import Server

SIZES = ((390, 844), (1280, 800))
LANGS = ("en", "de")
SEED = 1118
SALT = "5a1e" * 8

def shoot(page: Page, folder: Path, name: str, *, grey: bool = False) -> None:
    """The window (scrolled to the top) and the whole page, as PNGs."""
    driver = page.driver
    driver.execute_script("window.scrollTo(0, 0)")
    if grey:  # a test's own style, set from the test (the page's CSP allows CSSOM)
        driver.execute_script("document.documentElement.style.filter = 'grayscale(1)'")
    driver.save_screenshot(str(folder / f"{name}.png"))
    wide = driver.execute_script(
        "const d = document.documentElement; return [d.scrollWidth, d.clientWidth]"
    )
    if wide[0] > wide[1]:
        print(f"{name}: the page is {wide[0]} px wide in a window of {wide[1]}", file=sys.stderr)
    metrics: dict[str, Any] = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    size = metrics["cssContentSize"]
    width = max(size["width"], driver.execute_script("return window.innerWidth"))
    clip = {"x": 0, "y": 0, "width": width, "height": size["height"], "scale": 1}
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot",
        {"format": "png", "captureBeyondViewport": True, "clip": clip},
    )
    (folder / f"{name}-full.png").write_bytes(base64.b64decode(shot["data"]))
    if grey:
        driver.execute_script("document.documentElement.style.filter = ''")


def board(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.script(
        """return {
          round: document.getElementById('round').dataset.round || null,
          hand: document.querySelectorAll('#hand .card').length,
          wild: document.querySelectorAll('#hand .card.wild').length,
          draw: !document.getElementById('stock').disabled,
          take: !document.getElementById('discard').disabled,
          discard: document.getElementById('hand').classList.contains('discarding'),
          result: !document.getElementById('result').hidden,
        };"""
    )
    return found


def login(page: Page, name: str, lang: str) -> None:
    from selenium.webdriver.support.ui import Select

    page.shown("#login-name")
    Select(page.find("#lang")).select_by_value(lang)
    page.until(lambda _: page.script("return document.documentElement.lang") == lang, lang)
    page.login(name)


def screens(base: str, folder: Path, width: int, height: int, lang: str) -> None:
    """The four pictures (and a grey one) at one size, in one language."""
    tag = f"{width}-{lang}"
    with browser(width, height, lang=lang) as host_window, browser(width, height) as other:
        # someone else's table, for the lobby to show
        ben = Page(other, base).open()
        login(ben, "ben", "en")
        ben.type("new --seats 3 --jokers 2 --aces high --level hard --turn-time 60")
        ben.shown("#table")

        ana = Page(host_window, base).open()
        login(ana, "ana", lang)
        ana.shown("#tables tr .watch")
        shoot(ana, folder, f"lobby-{tag}")

        ana.type("new --seats 2 --jokers 2 --level greedy --turn-time 120")
        ana.shown("#table")
        ana.shown("#start").click()
        # the middle of a round with a wild card in the hand: ana draws (or takes) and
        # discards until one comes, and is shown with the card drawn, to discard
        while True:
            ana.until(lambda _: board(ana)["draw"], "ana's turn")
            ana.type("t" if board(ana)["take"] else "d")
            ana.until(lambda _: board(ana)["discard"], "a card in hand")
            if board(ana)["wild"] or int(board(ana)["round"] or 0) >= 4:
                break
            ana.script(
                "const cards = document.querySelectorAll('#hand .card:not(.wild):not(.taken)');"
                "cards[cards.length - 1].click()"
            )
            ana.until(lambda _: not board(ana)["discard"], "the card discarded")
        ana.type("say hello <b>everyone</b>")
        ana.says("#narration", "everyone")
        shoot(ana, folder, f"table-{tag}")
        if width == 390 or lang == "en":
            shoot(ana, folder, f"table-{tag}-grey", grey=True)
        # the AI plays the rest of round 1 for ana: the sheet after it
        ana.type("auto round")
        ana.until(lambda _: board(ana)["round"] == "2" and board(ana)["draw"], "round 2")
        shoot(ana, folder, f"sheet-{tag}")
        ana.type("auto game")
        ana.until(lambda _: board(ana)["result"], "the result", timeout=600)
        shoot(ana, folder, f"result-{tag}")


def main(argv: list[str]) -> int:
    if MISSING is not None:
        print(f"no screenshots: {MISSING}", file=sys.stderr)
        return 1
    folder = Path(argv[0]) if argv else Path("web-screens")
    folder.mkdir(parents=True, exist_ok=True)
    for (width, height), lang in itertools.product(SIZES, LANGS):
        # a server each: one address may take only so many new names within the hour
        with tempfile.TemporaryDirectory(prefix="threethirteen-screens-") as data:
            server = Server(Path(data) / "server", "--web", deal=(SEED, SALT)).start()
            try:
                screens(f"http://127.0.0.1:{server.web_port}", folder, width, height, lang)
            finally:
                server.stop()
    print(f"screenshots in {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
