"""A real browser for the web front's tests: headless Chromium driven by selenium.

:func:`browser` starts Debian's ``chromium`` through ``/usr/bin/chromedriver`` with a fresh
profile (its own ``--user-data-dir``, so no key or name of one test is seen by another) and
the window size given; :data:`MISSING` says why a machine cannot (the tests are skipped with
that reason). :class:`Page` waits on what the page shows (a DOM condition, never a sleep).
"""

from __future__ import annotations

import contextlib
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

CHROMEDRIVER = Path("/usr/bin/chromedriver")
CHROMIUM = Path("/usr/bin/chromium")

WAIT = 10.0**9
"""How long a wait on the page may take: as long as it takes, however busy the machine (no
deadline of its own: the test's time limit, pytest-timeout, is the net, as for the
terminal's waits)."""

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)
"""Chromium's flags here: no sandbox (a container), nothing fetched from the network."""


def missing() -> str | None:
    """Why no browser test can run on this machine, or ``None`` when one can."""
    if not CHROMEDRIVER.exists():
        return f"needs {CHROMEDRIVER} (Debian: apt-get install chromium chromium-driver)"
    if not CHROMIUM.exists() and shutil.which("chromium") is None:
        return "needs chromium (Debian: apt-get install chromium chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "needs selenium (the test extra: pip install -e '.[test]')"
    return None


MISSING = missing()


@contextlib.contextmanager
def browser(width: int = 1280, height: int = 800, *, lang: str = "en") -> Iterator[Any]:
    """A headless Chromium of its own (a fresh profile in a temporary folder) with its
    window ``width`` × ``height`` CSS pixels and ``lang`` as the browser's language;
    quit and its profile removed at the end."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="threethirteen-chromium-")
    options = webdriver.ChromeOptions()
    if CHROMIUM.exists():
        options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument(f"--window-size={width},{height}")
    options.add_argument(f"--lang={lang}")
    options.add_experimental_option("prefs", {"intl.accept_languages": lang})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    try:
        # --window-size sets the outer window; the page's own area is what the test means
        driver.set_window_size(width, height)
        inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
        driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])
        yield driver
    finally:
        with contextlib.suppress(Exception):
            driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


class Page:
    """The page in one browser window, read as a person reads it."""

    def __init__(self, driver: Any, base: str) -> None:
        self.driver = driver
        self.base = base.rstrip("/")

    def open(self, path: str = "/") -> Page:
        self.driver.get(self.base + path)
        return self

    # -- waiting ------------------------------------------------------------------------

    def until(self, condition: Callable[[Any], Any], what: str, timeout: float = WAIT) -> Any:
        """Wait until ``condition(driver)`` is true (its value), failing with ``what`` and
        the page's narration when it is not within ``timeout``."""
        from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
        from selenium.webdriver.support.ui import WebDriverWait

        wait = WebDriverWait(
            self.driver, timeout, poll_frequency=0.1,
            ignored_exceptions=(StaleElementReferenceException,),
        )  # fmt: skip
        try:
            return wait.until(condition)
        except TimeoutException:
            raise AssertionError(
                f"the page never showed {what}:\nbar: {self.text('#bar')!r}\n"
                f"narration: …{self.text('#narration')[-1500:]}"
            ) from None

    def find(self, css: str) -> Any:
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.CSS_SELECTOR, css)

    def all(self, css: str) -> list[Any]:
        from selenium.webdriver.common.by import By

        return list(self.driver.find_elements(By.CSS_SELECTOR, css))

    def text(self, css: str) -> str:
        """The text of the first element ``css`` finds, as shown (``""`` when none)."""
        found = self.all(css)
        return str(found[0].get_attribute("textContent") or "") if found else ""

    def tap(self, css: str) -> None:
        """Tap the element ``css`` finds once the page's cards have stopped moving (a card
        still sliding may lie over the one tapped, as it would under a finger)."""
        self.until(
            lambda driver: driver.execute_script("return document.getAnimations().length") == 0,
            "the cards at rest",
        )
        self.find(css).click()

    def shown(self, css: str) -> Any:
        """Wait until an element ``css`` finds is displayed; that element."""

        def visible(driver: Any) -> Any:
            return next((node for node in self.all(css) if node.is_displayed()), False)

        return self.until(visible, f"{css} shown")

    def says(self, css: str, text: str) -> None:
        """Wait until the element ``css`` finds holds ``text``."""
        self.until(lambda driver: text in self.text(css), f"{text!r} in {css}")

    def says_broken(self, css: str, text: str) -> None:
        """Wait until the element ``css`` finds holds ``text``, perhaps broken over lines (the
        game's text is broken at the page's width, as at a terminal)."""
        flat = "".join(text.split())
        self.until(lambda driver: flat in "".join(self.text(css).split()), f"{text!r} in {css}")

    def script(self, code: str, *args: Any) -> Any:
        return self.driver.execute_script(code, *args)

    # -- doing ----------------------------------------------------------------------------

    def login(self, name: str) -> None:
        """Type ``name`` at the login form and sit down in the lobby."""
        field = self.shown("#login-name")
        field.clear()
        field.send_keys(name)
        self.find("#login-go").click()
        self.shown("#lobby")

    def type(self, line: str) -> None:
        """Type ``line`` at the command line and Enter (on a phone it is in the log's
        drawer: opened first)."""
        from selenium.webdriver.common.keys import Keys

        if not self.find("#command").is_displayed():
            self.shown("#log-open").click()
        field = self.shown("#command")
        field.send_keys(line + Keys.ENTER)

    def hand(self) -> list[str]:
        """The codes of the cards in the hand, in the order shown."""
        codes = self.script(
            "return Array.from(document.querySelectorAll('#hand .card'))"
            ".map(c => c.dataset.code)"
        )
        return [str(code) for code in codes]

    def round_no(self) -> int | None:
        found = self.script("return document.getElementById('round').dataset.round")
        return int(found) if found else None
