"""The page in a real browser (headless Chromium) against ``threethirteen serve --web``.

One whole game at one table of two seats: ana in a browser, ben at the real ``ssh`` client
in a pseudo-terminal, eve watching in a second browser. ana draws by a click on the stock,
discards by a click on a card, takes and discards by typing; the browser is reloaded in
the middle of a round and is back at the seat; then the AI plays the rest for both
(``auto game``, the greedy AI of the test server) and the page shows the result. Beside
it: the page's headers (a strict CSP), a stranger's markup in chat shown as text, the login
form's words before the login, and a card moved in the hand by a drag.

Every wait is on what the page or the terminal shows (:mod:`tests.helpers.browser`), never
a sleep; the test's time limit is the net.
"""

from __future__ import annotations

import re
import socket
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from threethirteen.repl.words import de, en

from tests.helpers.browser import MISSING, Page, browser
from tests.helpers.sshclient import SSH, SSH_KEYGEN, Player, Server

pytestmark = [
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
    pytest.mark.skipif(SSH is None or SSH_KEYGEN is None, reason="needs the OpenSSH client"),
]

SEED = 1118
SALT = "5a1e" * 8
TURN = re.compile(r"your turn: (?:draw or take|discard a card)")


@pytest.fixture
def web_server(tmp_path: Path) -> Iterator[Server]:
    """The test server (every game dealt from :data:`SEED`, the greedy AI for ``auto``)
    with a web front on a free port."""
    running = Server(tmp_path / "server", "--web", deal=(SEED, SALT)).start()
    yield running
    running.stop()


def url(server: Server, path: str = "/") -> str:
    return f"http://127.0.0.1:{server.web_port}{path}"


# -- what the page shows ------------------------------------------------------------------


def board(page: Page) -> dict[str, Any]:
    """What the page shows of the table, read from its elements."""
    found: dict[str, Any] = page.script(
        """
        const shown = (id) => { const e = document.getElementById(id);
                                return Boolean(e && !e.hidden && e.offsetParent !== null); };
        return {
          round: document.getElementById('round').dataset.round || null,
          hand: Array.from(document.querySelectorAll('#hand .card')).map(c => c.dataset.code),
          taken: Array.from(document.querySelectorAll('#hand .card.taken'))
                   .map(c => c.dataset.code),
          draw: !document.getElementById('stock').disabled,
          take: !document.getElementById('discard').disabled,
          discard: document.getElementById('hand').classList.contains('discarding'),
          result: shown('result') ? document.getElementById('result').textContent : null,
          table: shown('table'),
        };
        """
    )
    return found


def to_play(page: Page) -> bool:
    shown = board(page)
    return bool(shown["draw"] or shown["discard"])


def table_code(page: Page) -> str:
    """The code of the table the page is at, from its title."""
    title = page.until(lambda _: re.search(r"[A-Z]{4}-\d+", page.text("#table-title")), "a code")
    return str(title.group(0))


def ana_turn_by_clicks(page: Page) -> None:
    """Draw by a click on the stock, then discard the card drawn: a click lifts it, a click
    on the discard pile puts it down."""
    before = board(page)
    page.find("#stock").click()
    page.until(lambda _: len(board(page)["hand"]) == len(before["hand"]) + 1, "a card drawn")
    after = board(page)
    new = [code for code in after["hand"] if after["hand"].count(code) > before["hand"].count(code)]
    card = new[0]
    page.tap(f'#hand .card[data-code="{card}"]')
    page.until(lambda _: page.all(f'#hand .card.chosen[data-code="{card}"]'), "the card lifted")
    assert board(page)["discard"]  # one click discards nothing
    page.find("#discard").click()
    page.until(lambda _: not board(page)["discard"], "the discard made")
    assert len(board(page)["hand"]) == len(before["hand"])


def ana_turn_by_typing(page: Page) -> None:
    """Take the discard pile's top card and discard another, both typed."""
    before = board(page)
    page.type("t")
    page.until(lambda _: board(page)["discard"], "a card taken")
    shown = board(page)
    assert len(shown["hand"]) == len(before["hand"]) + 1 and len(shown["taken"]) == 1
    other = next(code for code in shown["hand"] if code not in shown["taken"])
    page.type(f"x {other}")
    page.until(lambda _: not board(page)["discard"], "the discard made")


def ben_plays_a_turn(ben: Player) -> None:
    """ben draws from the stock and discards the card drawn, typed at his terminal."""
    ben.line("d")
    drawn = ben.expect(r"You draw ((?:10|[2-9AJQK])[♣♦♥♠]) from the stock\.").group(1)
    ben.discard(drawn)


# -- 1. a whole game ----------------------------------------------------------------------


class Turns:
    """Whose turn it is at ana's and ben's table, and who has left the rest to the AI."""

    def __init__(self, ana: Page, ben: Player) -> None:
        self.ana = ana
        self.ben = ben
        self.auto = {"ana": False, "ben": False}

    def next(self) -> str:
        """Wait for the turn of a player the AI does not play for: ``ana`` or ``ben``."""

        def whose(_: Any) -> str | None:
            if not self.auto["ana"] and to_play(self.ana):
                return "ana"
            if not self.auto["ben"] and self.ben.find(TURN):
                return "ben"
            return None

        found: str = self.ana.until(whose, "ana's or ben's turn")
        return found

    def play(self, ana: list[Callable[[Page], None]], ben: list[Callable[[Player], None]]) -> None:
        """Play the turns given (ana's and ben's, in order) as they come, then the AI plays
        for whoever has played all theirs."""
        while not all(self.auto.values()):
            who = self.next()
            if who == "ana":
                if ana:
                    ana.pop(0)(self.ana)
                else:
                    self.ana.type("auto game")
                    self.ana.says("#narration", "The AI plays")
                    self.auto["ana"] = True
            elif ben:
                ben.pop(0)(self.ben)
            else:
                self.ben.line("auto game")
                self.ben.expect(r"The AI plays [a-z ]+ for you")
                self.auto["ben"] = True
            if not ana and not ben:
                return


def test_a_browser_and_a_terminal_play_a_whole_game_with_a_reload_and_a_watcher(
    web_server: Server, connect: Callable[..., Player]
) -> None:
    from selenium.webdriver.support.ui import Select

    with browser(1280, 800) as ana_window, browser(390, 844) as eve_window:
        ana = Page(ana_window, url(web_server)).open()
        ana.login("ana")
        ana.shown("#new-table")
        Select(ana.find("#new-seats")).select_by_value("2")
        ana.find("#new-go").click()
        ana.shown("#table")
        code = table_code(ana)
        ana.until(lambda _: code in ana.text("#invite-link"), "the invite link")

        ben = connect(web_server.port, "ben", lobby=True)
        ben.line(f"join {code}")
        ben.expect(rf"Table {code}")
        ana.says("#seats", "ben")
        ana.shown("#start").click()
        ben.expect(r"The cards are dealt\.")
        ana.until(lambda _: board(ana)["round"] == "1", "round 1")
        assert len(board(ana)["hand"]) == 3

        # a few real moves: ana by clicks, then by typing; ben by typing
        turns = Turns(ana, ben)
        turns.play([ana_turn_by_clicks, ana_turn_by_typing], [ben_plays_a_turn])

        # a reload in the middle of the game: back at the seat, the same hand
        held = board(ana)
        ana.driver.refresh()
        ana.shown("#table")
        ana.until(lambda _: board(ana)["hand"] and board(ana)["round"], "the table again")
        again = board(ana)
        assert code in ana.text("#table-title")
        size = int(again["round"]) + 2
        assert len(again["hand"]) in (size, size + 1)
        if not turns.auto["ana"] and again["round"] == held["round"]:
            assert sorted(again["hand"]) == sorted(held["hand"])

        # eve watches from a phone-sized window: every seat, no hand
        eve = Page(eve_window, url(web_server)).open()
        eve.login("eve")
        eve.shown(f'#tables tr[data-code="{code}"] .watch').click()
        eve.shown("#table")
        eve.until(lambda _: eve.all("#seats .seat") and board(eve)["round"], "the table watched")
        assert not eve.find("#hand").is_displayed()  # (what to do is said: whose turn)
        assert eve.all("#hand .card") == []
        eve.says("#say", "You are watching")
        assert "ana" in eve.text("#seats") and "ben" in eve.text("#seats")

        # the rest by the AI, for both
        turns.play([], [])
        ben.expect(r"Game over after 11 rounds\.")
        ana.until(lambda _: board(ana)["result"], "the result")
        for page in (ana, eve):  # each round's end waits to be read
            while page.script("return document.getElementById('over').open"):
                page.find("#over-go").click()
        result = board(ana)["result"]
        assert en.TEXTS["web.result.title"] in result
        assert re.search(r"Winner: (ana|ben)|No winner", result), result
        assert len(ana.all("#sheet-table tbody tr")) == 11
        eve.until(lambda _: board(eve)["result"], "the result, watched")
        assert not eve.find("#keep-log").is_displayed()  # a watcher sat at no seat
        ana.shown("#keep-log").click()  # the game's log, kept from the page
        web_server.wait_log("ana fetched the log of")


# -- 2. the page's safety and its words ---------------------------------------------------


def test_the_page_has_a_strict_policy_and_shows_a_strangers_markup_as_text(
    web_server: Server, connect: Callable[..., Player]
) -> None:
    with urllib.request.urlopen(url(web_server, "/")) as answer:
        policy = answer.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy
    assert "unsafe-inline" not in policy

    with browser(1280, 800) as window:
        page = Page(window, url(web_server)).open()
        # the login form's words come before the login, in the language chosen
        page.says("label[for=login-name]", en.TEXTS["web.login.name"])
        from selenium.webdriver.support.ui import Select

        Select(page.find("#lang")).select_by_value("de")
        page.says("label[for=login-name]", de.TEXTS["web.login.name"])
        Select(page.find("#lang")).select_by_value("en")
        page.says("label[for=login-name]", en.TEXTS["web.login.name"])
        page.login("ana")
        page.type("new --seats 2")
        page.shown("#table")
        code = table_code(page)

        ben = connect(web_server.port, "ben", lobby=True)
        ben.line(f"join {code}")
        ben.expect(rf"Table {code}")
        page.says("#seats", "ben")
        markup = '<script>document.title="owned"</script><img src=x onerror=alert(1)><b>hi</b>'
        ben.line(f"say {markup}")
        page.says_broken("#narration", markup)
        assert page.all("#narration script, #narration img, #narration b") == []
        assert window.title != "owned"


def test_a_card_dragged_in_the_hand_keeps_its_place_when_the_hand_changes(
    web_server: Server,
) -> None:
    with browser(1280, 800) as window:
        page = Page(window, url(web_server)).open()
        page.login("ana")
        page.type("new --seats 2 --level greedy")
        page.shown("#table")
        page.shown("#start").click()
        page.until(lambda _: len(board(page)["hand"]) == 3 and to_play(page), "ana's turn")
        first = board(page)["hand"]
        from selenium.webdriver.common.action_chains import ActionChains

        cards = page.all("#hand .card")
        actions = ActionChains(window)
        actions.click_and_hold(cards[0]).move_by_offset(5, 0)
        actions.move_to_element_with_offset(cards[2], 10, 0).release().perform()
        moved = board(page)["hand"]
        assert moved == [first[1], first[2], first[0]], (first, moved)
        # a drag is no discard: the hand is whole
        assert len(moved) == 3
        page.find("#stock").click()
        page.until(lambda _: len(board(page)["hand"]) == 4, "a card drawn")
        held = board(page)["hand"]
        kept = [code for code in held if code in moved]
        assert kept == moved, held


def test_the_page_comes_back_by_itself_after_the_server_restarts(tmp_path: Path) -> None:
    """The server stops (a restart): the page says so, then logs in again by itself once the
    server is back on the same port, and the player is at their table again."""
    with socket.socket() as probe:  # a port of its own, the same for both servers
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    first = Server(tmp_path / "server", "--web", str(port)).start()
    second = None
    try:
        with browser(1280, 800) as window:
            page = Page(window, f"http://127.0.0.1:{port}").open()
            page.login("ana")
            page.type("new --seats 2")
            page.shown("#table")
            code = table_code(page)
            first.stop()
            page.says("#status", en.TEXTS["server.stopping"])
            second = Server(tmp_path / "server", "--web", str(port)).start()
            second.wait_log("ana logged in from")  # by itself: nobody clicked
            page.shown("#lobby")
            page.type(f"join {code}")  # the table (not started) was kept over the restart
            page.shown("#table")
            page.says("#table-title", code)
    finally:
        for server in (first, second):
            if server is not None:
                server.stop()
