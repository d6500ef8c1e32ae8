"""The card table in a real browser (headless Chromium): whole games played as a person
plays them, beside a player at the real ``ssh`` client.

ana plays in the browser, ben over SSH (he leaves his turns to the AI, ``auto game``, so
that the game moves on). One game is played by taps alone on a phone-sized window: a tap
on the stock, a tap that lifts a card (the page says the penalty after discarding it), a
second tap that puts it down; each round's end is a panel that waits for a tap. The other
is played by the keyboard alone on a laptop-sized window: D draws, the arrows choose,
Enter discards, any key closes a round's end, Tab and Enter reach every button.

At the lobby, the table mid-round, a card chosen, a round's end and the result, the page
is photographed at 390×844 and 1280×800 in English and German (the language switched at
the table, as a person would) into ``$THREETHIRTEEN_SHOTS`` (else the test's own folder),
and axe-core (``axe-selenium-python``) finds no serious or critical violation.

Every wait is on what the page or the terminal shows, never a sleep.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.attacks import limits_file
from tests.helpers.browser import MISSING, Page, browser
from tests.helpers.sshclient import SSH, SSH_KEYGEN, Player, Server

pytestmark = [
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
    pytest.mark.skipif(SSH is None or SSH_KEYGEN is None, reason="needs the OpenSSH client"),
]

SEED = 1118
SALT = "5a1e" * 8
SIZES = ((390, 844), (1280, 800))
LANGS = ("en", "de")


@pytest.fixture
def web_server(tmp_path: Path) -> Iterator[Server]:
    """The test server (every game dealt from :data:`SEED`, the greedy AI for ``auto``)
    with a web front on a free port. A test plays faster than a person: its moves are not
    held to a person's pace (20 lines and acts in 10 s)."""
    limits = limits_file(tmp_path, "commands = 100000\n")
    running = Server(tmp_path / "server", "--web", "--limits", str(limits), deal=(SEED, SALT))
    running.start()
    yield running
    running.stop()


def url(server: Server) -> str:
    return f"http://127.0.0.1:{server.web_port}/"


# -- what the page shows ------------------------------------------------------------------


def table(page: Page) -> dict[str, Any]:
    """What the page shows of the table, read from its elements."""
    found: dict[str, Any] = page.script(
        """
        const $ = (id) => document.getElementById(id);
        const cards = Array.from(document.querySelectorAll('#hand .card'));
        return {
          round: $('round').dataset.round || null,
          hand: cards.map(c => c.dataset.code),
          after: cards.map(c => { const a = c.querySelector('.after');
                                  return a ? Number(a.textContent.replace(/\\D+/g, '')) : null; }),
          taken: cards.filter(c => c.classList.contains('taken')).map(c => c.dataset.code),
          chosen: cards.filter(c => c.classList.contains('chosen')).map(c => c.dataset.code),
          fresh: cards.filter(c => c.classList.contains('fresh')).map(c => c.dataset.code),
          draw: !$('stock').disabled,
          discard: $('hand').classList.contains('discarding'),
          say: $('say').textContent,
          over: $('over').open,
          result: !$('result').hidden,
        };
        """
    )
    return found


def cheapest(shown: dict[str, Any]) -> str:
    """The card whose discard leaves the lowest penalty, as the cards say (never the one
    just taken)."""
    choices = [
        (after, code)
        for code, after in zip(shown["hand"], shown["after"], strict=True)
        if after is not None and code not in shown["taken"]
    ]
    return min(choices)[1]


def waiting(page: Page) -> str:
    """Wait until the page wants ana: her turn (``draw``, ``discard``), a round's end
    (``over``) or the result (``result``)."""

    def what(_: Any) -> str | None:
        shown = table(page)
        if shown["over"]:
            return "over"
        if shown["result"]:
            return "result"
        if shown["draw"]:
            return "draw"
        if shown["discard"]:
            return "discard"
        return None

    found: str = page.until(what, "ana's turn, a round's end or the result")
    return found


def axe_clean(page: Page, where: str) -> None:
    """axe-core finds no serious or critical violation on the page as it is."""
    from axe_selenium_python import Axe

    axe = Axe(page.driver)
    axe.inject()
    found = axe.run()
    bad = [v for v in found["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, f"{where}: {axe.report(bad)}"


class Shots:
    """Photographs of the page in each size and language, and axe at each."""

    def __init__(self, page: Page, folder: Path) -> None:
        self.page = page
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.taken: list[Path] = []

    def language(self, lang: str) -> None:
        from selenium.webdriver.support.ui import Select

        page = self.page
        Select(page.find("#lang")).select_by_value(lang)
        page.until(lambda _: page.script("return document.documentElement.lang") == lang,
                   f"the page in {lang}")  # fmt: skip
        # the table's own words (its board) in the language too
        word = {"en": "Round", "de": "Runde"}[lang]
        if page.script("return document.getElementById('round').dataset.round"):
            page.says("#round", word)

    def size(self, width: int, height: int) -> None:
        driver = self.page.driver
        driver.set_window_size(width, height)
        inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
        driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])
        self.page.until(
            lambda d: d.execute_script("return window.innerWidth") == width, f"{width} wide"
        )
        driver.execute_script("window.scrollTo(0, 0)")  # (the page from its top)

    def take(
        self,
        state: str,
        *,
        back: str = "en",
        size: tuple[int, int] = (390, 844),
        check: Callable[[str, int], None] | None = None,
    ) -> None:
        """``state`` photographed in both sizes and both languages (axe at each, and
        ``check`` with the language and the width); then the page as it was (``back``,
        ``size``)."""
        for lang in LANGS:
            self.language(lang)
            for width, height in SIZES:
                self.size(width, height)
                path = self.folder / f"{state}-{width}x{height}-{lang}.png"
                self.page.driver.save_screenshot(str(path))
                self.taken.append(path)
                axe_clean(self.page, f"{state} at {width}×{height} in {lang}")
                if check:
                    check(lang, width)
        self.language(back)
        self.size(*size)


def one_screen(page: Page) -> bool:
    """Whether the piles, the whole hand, the best melds and penalty and the actions are
    on the first screen of the page, scrolled to its top."""
    found: bool = page.script(
        """
        window.scrollTo(0, 0);
        const bottom = (id) => document.getElementById(id).getBoundingClientRect().bottom;
        return ['piles', 'hand', 'arrangement', 'buttons'].every(
          (id) => bottom(id) <= window.innerHeight);
        """
    )
    return found


def shots_folder(tmp_path: Path) -> Path:
    given = os.environ.get("THREETHIRTEEN_SHOTS")
    return Path(given) if given else tmp_path / "shots"


def sit_ben_down(web_server: Server, connect: Callable[..., Player], code: str) -> Player:
    ben = connect(web_server.port, "ben", lobby=True)
    ben.line(f"join {code}")
    ben.expect(rf"Table {code}")
    return ben


def ben_joins_ana(
    page: Page, web_server: Server, connect: Callable[..., Player], seats: int
) -> tuple[Player, str]:
    """ana makes a table of ``seats`` in the browser and ben sits down over SSH, before the
    deal: ben, and the table's code."""
    from selenium.webdriver.support.ui import Select

    page.login("ana")
    Select(page.find("#new-seats")).select_by_value(str(seats))
    page.find("#new-go").click()
    page.shown("#table")
    code = table_code(page)
    ben = sit_ben_down(web_server, connect, code)
    page.says("#seats", "ben")
    return ben, code


def a_game_of_two(
    page: Page, web_server: Server, connect: Callable[..., Player]
) -> tuple[Player, str]:
    """ana makes a table of two in the browser, ben sits down over SSH and she deals: ben,
    and the table's code."""
    ben, code = ben_joins_ana(page, web_server, connect, 2)
    page.shown("#start").click()
    ben.expect(r"The cards are dealt\.")
    return ben, code


def unrefused(page: Page) -> None:
    """Nothing ana did was refused (the page says a refusal by the hand)."""
    notice = page.text("#notice")
    assert not notice, notice


def table_code(page: Page) -> str:
    title = page.until(lambda _: re.search(r"[A-Z]{4}-\d+", page.text("#table-title")), "a code")
    return str(title.group(0))


# -- 1. a whole game by taps, photographed ------------------------------------------------


@pytest.mark.timeout(
    int(os.environ.get("CARDS_TIMEOUT", "1200"))
)  # a whole game, and 24 photographs each audited by axe
def test_a_whole_game_by_taps_on_a_phone_beside_an_ssh_player(
    web_server: Server, connect: Callable[..., Player], tmp_path: Path
) -> None:
    from selenium.webdriver.support.ui import Select

    with browser(390, 844) as window:
        page = Page(window, url(web_server)).open()
        shots = Shots(page, shots_folder(tmp_path))
        # a capital in a name is written small, and said so
        field = page.shown("#login-name")
        field.send_keys("Ana")
        page.find("#login-go").click()
        page.shown("#lobby")
        assert page.find("#login-name").get_attribute("value") == "ana"
        page.says("#me", "ana")
        shots.take("lobby")
        Select(page.find("#new-seats")).select_by_value("2")
        page.find("#new-go").click()
        page.shown("#table")
        code = table_code(page)
        page.says("#invite-words", code)  # the invite names the table
        ben = sit_ben_down(web_server, connect, code)
        page.says("#seats", "ben")
        page.says("#say", "start the game")  # the host is not told to wait for the host
        assert "Waiting" not in page.text("#say")
        shots.take("waiting")
        page.shown("#start").click()
        ben.expect(r"The cards are dealt\.")
        ben.line("auto game")
        ben.expect(r"The AI plays [a-z ]+ for you")

        turns = rounds = 0
        photographed = late = False
        while True:
            state = waiting(page)
            if state == "result":
                break
            if state == "over":
                panel = page.text("#over")
                assert re.search(r"Round \d+ is over", panel), panel
                assert "ana" in panel or "You" in panel, panel
                assert "ben" in panel and "total" in panel, panel
                if rounds == 0:
                    shots.take("round-over")
                page.find("#over-go").click()  # the panel waits for a tap
                page.until(lambda _: not table(page)["over"], "the panel closed")
                rounds += 1
                continue
            if state == "draw":
                held = len(table(page)["hand"])
                page.find("#stock").click()
                page.until(
                    lambda _, n=held: len(table(page)["hand"]) == n + 1 or page.text("#notice"),
                    "a card drawn",
                )
                unrefused(page)
                shown = table(page)
                assert len(shown["fresh"]) == 1, shown  # the card drawn is marked new
                continue
            shown = table(page)
            card = cheapest(shown)
            page.tap(f'#hand .card[data-code="{card}"]')  # lifted, not discarded
            page.until(lambda _, card=card: table(page)["chosen"] == [card], "the card lifted")
            shown = table(page)
            assert len(shown["hand"]) == len(shown["after"]) and shown["discard"]
            assert re.search(r"your penalty is \d+", shown["say"]), shown["say"]
            if not photographed and turns >= 2:
                shots.take("card-chosen")
                photographed = True
            page.tap(f'#hand .card[data-code="{card}"]')  # the second tap puts it down
            page.until(
                lambda _: not table(page)["discard"] or page.text("#notice"), "the card discarded"
            )
            unrefused(page)
            turns += 1
            if turns == 2:
                shots.take("mid-round")
            if rounds == 10 and not late:  # 13 cards: still all on one phone screen
                late = True
                shots.take("last-round")
                assert one_screen(page), page.script("return document.body.scrollHeight")

        assert rounds == 11, rounds
        result = page.text("#result")
        assert re.search(r"Winner: (ana|ben)|No winner", result), result
        assert len(page.all("#standings tbody tr")) == 2
        shots.take("result")
        page.find("#to-lobby").click()
        page.shown("#lobby")
        assert len(shots.taken) == 28


# -- 1a. a table of four on a phone: the others' last actions, the host's Start, the help ------


def lasts(page: Page) -> list[dict[str, Any]]:
    """Each opponent's last action as the page shows it: its text, and whether all of it is
    shown (nothing cut off)."""
    found: list[dict[str, Any]] = page.script(
        """
        return Array.from(document.querySelectorAll('#seats .last')).map(n => ({
          text: n.textContent,
          whole: n.scrollWidth <= n.clientWidth && n.scrollHeight <= n.clientHeight,
        }));
        """
    )
    return found


def help_shown(page: Page) -> list[bool]:
    """Whether each help on cards and keys is shown."""
    found: list[bool] = page.script(
        "return Array.from(document.querySelectorAll('#table .keys'))"
        ".map(n => n.offsetParent !== null)"
    )
    return found


def start_stands_out(page: Page, lang: str, width: int) -> None:
    """The host's Start is the first of the buttons (so first in the focus order), larger
    and bolder than the others, with its ▶ and a thicker border (not its colour alone)."""
    found: dict[str, Any] = page.script(
        """
        const shown = Array.from(document.querySelectorAll('#buttons button'))
          .filter(b => b.offsetParent !== null);
        const look = (b) => { const s = getComputedStyle(b); return {
          line: b.dataset.line, weight: Number(s.fontWeight), size: parseFloat(s.fontSize),
          border: parseFloat(s.borderTopWidth),
          sign: getComputedStyle(b, '::before').content }; };
        return {buttons: shown.map(look)};
        """
    )
    start, *others = found["buttons"]
    assert start["line"] == "start" and others, (lang, width, found)
    for other in others:
        assert start["weight"] > other["weight"], (lang, width, found)
        assert start["size"] > other["size"], (lang, width, found)
        assert start["border"] > other["border"], (lang, width, found)
    assert "▶" in start["sign"] and not any("▶" in o["sign"] for o in others), found
    assert help_shown(page) == [False, False], (lang, width)  # no cards yet: no help on them


@pytest.mark.timeout(600)  # a few turns, and 8 photographs each audited by axe
def test_a_table_of_four_on_a_phone_shows_each_last_action_whole_and_the_host_s_start_first(
    web_server: Server, connect: Callable[..., Player], tmp_path: Path
) -> None:
    """ana hosts a table of four in the browser: ben over SSH, the AI in the two seats
    left. Waiting for the deal, her Start is the first button and stands out (in both
    sizes and languages), and the help on cards and keys is not shown yet. Once the others
    have played, each one's last action (taken and discarded cards) is shown whole, in
    English and German, at 390 wide too, and the piles, the hand, the melds and the
    actions are still on the first screen; the help is shown now."""
    with browser(390, 844) as window:
        page = Page(window, url(web_server)).open()
        shots = Shots(page, shots_folder(tmp_path))
        ben, _ = ben_joins_ana(page, web_server, connect, 4)
        page.says("#say", "start the game")
        shots.take("waiting-four", check=lambda lang, width: start_stands_out(page, lang, width))
        page.shown("#start").click()
        ben.expect(r"The cards are dealt\.")
        ben.line("auto game")
        ben.expect(r"The AI plays [a-z ]+ for you")

        # ana plays (the first card she may, from the pile) until all three played since
        while True:
            state = waiting(page)
            assert state in ("draw", "discard"), state  # (round 1 does not end so soon)
            if state == "draw" and all(last["text"] for last in lasts(page)):
                break
            if state == "draw":
                held = len(table(page)["hand"])
                pile = "#discard" if page.find("#discard").is_enabled() else "#stock"
                page.find(pile).click()
                page.until(lambda _, n=held: len(table(page)["hand"]) == n + 1, "a card drawn")
                continue
            card = cheapest(table(page))
            page.tap(f'#hand .card[data-code="{card}"]')
            page.until(lambda _, card=card: table(page)["chosen"] == [card], "the card lifted")
            page.tap(f'#hand .card[data-code="{card}"]')
            page.until(lambda _: not table(page)["discard"], "the card discarded")
            unrefused(page)

        def readable(lang: str, width: int) -> None:
            shown = lasts(page)
            assert len(shown) == 3 and all(last["whole"] for last in shown), (lang, width, shown)
            assert all(re.search("[♥♦♣♠]", last["text"]) for last in shown), (lang, shown)
            assert one_screen(page), (lang, width, page.script("return document.body.scrollHeight"))
            assert help_shown(page) == [True, True], (lang, width)

        shots.take("mid-round-four", check=readable)


# -- 1b. an absent player's seat on auto, and a round's end switched to German ---------------


@pytest.mark.timeout(300)  # one round, played by the AI
def test_an_absent_player_s_seat_on_auto_and_a_round_s_end_read_in_the_language_switched_to(
    web_server: Server, connect: Callable[..., Player]
) -> None:
    """ben leaves the game to the AI (``auto game``) and his connection drops: ana's page
    marks his seat away and played by the AI, and never says it waits for him. ana leaves
    the round to the AI too; its end's panel, switched to German while it is open, reads in
    German (her hand is "Du" there, not "You"), and so does his seat."""
    from selenium.webdriver.support.ui import Select

    with browser(1280, 800) as window:
        page = Page(window, url(web_server)).open()
        ben, _ = a_game_of_two(page, web_server, connect)
        ben.line("auto game")
        ben.expect(r"The AI plays [a-z ]+ for you")
        ben.kill()
        page.says("#seats", "away · the AI plays (auto)")
        page.type("auto round")
        page.until(lambda _: table(page)["over"], "the first round's end")
        assert "You" in page.text("#over-hands") and "ben" in page.text("#over-hands")
        assert "Runde" not in page.text("#over")
        Select(page.find("#lang")).select_by_value("de")
        page.says("#over", "Runde 1 ist vorbei")  # the page's own labels
        page.says("#over-hands", "Du")  # and what the server wrote, told again
        assert "You" not in page.text("#over"), page.text("#over")
        page.says("#seats", "abwesend · KI spielt (auto)")


# -- 1c. another game, asked for over SSH and joined in the browser -------------------------


def to_the_result(page: Page) -> None:
    """Wait for the result, closing each round's end on the way (ana's turns are the AI's)."""

    def what(_: Any) -> str | None:
        shown = table(page)
        return "over" if shown["over"] else "result" if shown["result"] else None

    def moved_on(title: str) -> bool:
        """The panel closed, or shows the next round's end (the AI played on meanwhile)."""
        return not table(page)["over"] or page.text("#over-title") != title

    while page.until(what, "a round's end or the result") != "result":
        title = page.text("#over-title")
        page.shown("#over-go").click()
        page.until(lambda _, was=title: moved_on(was), "the panel closed or the next round's end")


@pytest.mark.timeout(int(os.environ.get("CARDS_TIMEOUT", "1200")))  # a whole game, by the AI
def test_an_ssh_player_and_a_browser_player_play_again(
    web_server: Server, connect: Callable[..., Player]
) -> None:
    """ana (in the browser) and ben (over SSH) leave a game of two to the AI to its end.
    ``again`` before the end is refused; after it, ben's ``again`` makes a table set up as
    the last, his; ana's page says he asks (in German once she switches to it, and back), and
    its button joins his table. Once they sat down together, the host deals the new game."""
    from selenium.webdriver.support.ui import Select

    with browser(1280, 800) as window:
        page = Page(window, url(web_server)).open()
        ben, old = a_game_of_two(page, web_server, connect)
        ben.line("again")
        ben.expect(r"This game is not over yet: again comes after its end\.")
        ben.line("auto game")
        ben.expect(r"The AI plays [a-z ]+ for you")
        page.type("auto game")
        to_the_result(page)
        assert page.text("#play-again") == "Play again", page.text("#play-again")
        ben.expect(r"Game over after 11 rounds\.")
        ben.line("again")
        new = ben.expect(r"Table ([A-Z]{4}-\d+) is yours, set up as the last one").group(1)
        assert new != old
        page.says("#again-asked", f"ben asks for another game: again joins {new}.")
        page.says("#play-again", f"Join {new}")
        # switched to German by the result, the ask shown reads in German (told again)
        Select(page.find("#lang")).select_by_value("de")
        page.says("#again-asked", f"ben will noch ein Spiel: nochmal setzt dich an {new}.")
        page.says("#play-again", new)
        assert "asks" not in page.text("#again-asked")
        axe_clean(page, "the ask for another game in German")
        Select(page.find("#lang")).select_by_value("en")
        page.says("#again-asked", f"ben asks for another game: again joins {new}.")
        page.find("#play-again").click()
        page.until(lambda _: table_code(page) == new, "ana at the new table")
        page.says("#seats", "ben")
        assert not page.find("#result").is_displayed()
        ben.line("who")
        ben.expect(r"ana")
        ben.line("start")
        ben.expect(r"The cards are dealt\.")
        page.until(lambda _: table(page)["round"] == "1", "the new game's first round")


# -- 2. a whole game by the keyboard alone -------------------------------------------------


def keys(page: Page, *typed: str) -> None:
    """Press keys where the focus is, as a person at a keyboard does."""
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(page.driver).send_keys(*typed).perform()


def tab_to(page: Page, css: str, most: int = 80) -> None:
    """Press Tab until the element ``css`` finds has the focus."""
    from selenium.webdriver.common.keys import Keys

    for _ in range(most):
        if page.script(f"return document.activeElement.matches({css!r})"):
            return
        keys(page, Keys.TAB)
    raise AssertionError(f"Tab never reached {css}")


@pytest.mark.timeout(900)  # a whole game
def test_a_whole_game_by_the_keyboard_alone_beside_an_ssh_player(
    web_server: Server, connect: Callable[..., Player]
) -> None:
    from selenium.webdriver.common.keys import Keys

    with browser(1280, 800) as window:
        page = Page(window, url(web_server)).open()
        page.shown("#login-name")
        page.until(lambda _: page.script("return document.activeElement.id") == "login-name",
                   "the name field has the focus")  # fmt: skip
        keys(page, "ana", Keys.ENTER)
        page.shown("#lobby")
        tab_to(page, "#new-seats")
        keys(page, "2")  # (a select takes the first option that starts so)
        tab_to(page, "#new-go")
        keys(page, Keys.ENTER)
        page.shown("#table")
        code = table_code(page)
        ben = sit_ben_down(web_server, connect, code)
        page.says("#seats", "ben")
        page.until(lambda _: page.find("#start").is_displayed(), "the start button")
        tab_to(page, "#start")
        keys(page, Keys.ENTER)
        ben.expect(r"The cards are dealt\.")
        ben.line("auto game")
        ben.expect(r"The AI plays [a-z ]+ for you")

        rounds = 0
        while True:
            state = waiting(page)
            if state == "result":
                break
            if state == "over":
                keys(page, " ")  # any key
                page.until(lambda _: not table(page)["over"], "the panel closed")
                rounds += 1
                continue
            if state == "draw":
                held = len(table(page)["hand"])
                keys(page, "d")
                page.until(
                    lambda _, n=held: len(table(page)["hand"]) == n + 1 or page.text("#notice"),
                    "a card drawn",
                )
                unrefused(page)
                continue
            shown = table(page)
            card = cheapest(shown)
            # the arrows choose (the first arrow comes into the hand), Enter discards
            keys(page, Keys.ARROW_RIGHT)
            page.until(lambda _: table(page)["chosen"], "a card chosen")
            for _ in range(len(shown["hand"]) + 1):
                now = table(page)["chosen"]
                if now == [card]:
                    break
                at, want = shown["hand"].index(now[0]), shown["hand"].index(card)
                keys(page, Keys.ARROW_RIGHT if want > at else Keys.ARROW_LEFT)
                page.until(lambda _, now=now: table(page)["chosen"] != now, "the next card")
            assert table(page)["chosen"] == [card]
            keys(page, Keys.ENTER)
            page.until(
                lambda _: not table(page)["discard"] or page.text("#notice"), "the card discarded"
            )
            unrefused(page)

        assert rounds == 11, rounds
        assert len(page.all("#standings tbody tr")) == 2
        tab_to(page, "#to-lobby")
        keys(page, Keys.ENTER)
        page.shown("#lobby")


# -- 3. a card dragged onto the discard pile, and a drag too short to be one ----------------


SYMBOLS = {"h": "♥", "d": "♦", "c": "♣", "s": "♠"}


def to_discard(page: Page, ben: Player) -> str:
    """ben leaves his turns to the AI; ana draws when her turn comes: the code of a card she
    may put down (neither the one taken nor a wild card or joker)."""
    ben.line("auto game")
    ben.expect(r"The AI plays [a-z ]+ for you")
    assert waiting(page) == "draw"
    held = len(table(page)["hand"])
    page.find("#stock").click()
    page.until(lambda _: len(table(page)["hand"]) == held + 1, "a card drawn")
    page.until(lambda _: table(page)["discard"], "ana to discard")
    plain: list[str] = page.script(
        "return Array.from(document.querySelectorAll("
        "'#hand .card:not(.taken):not(.wild):not(.joker)')).map(c => c.dataset.code)"
    )
    assert plain, table(page)
    return plain[0]


def card_at_rest(page: Page, code: str) -> Any:
    page.until(lambda d: d.execute_script("return document.getAnimations().length") == 0,
               "the cards at rest")  # fmt: skip
    return page.find(f'#hand .card[data-code="{code}"]')


@pytest.mark.timeout(300)  # one turn
def test_a_card_dragged_onto_the_discard_pile_is_put_down_and_reaches_the_other_player(
    web_server: Server, connect: Callable[..., Player]
) -> None:
    """ana drags a card of her hand onto the discard pile with the mouse (real pointer
    input: pressed, moved, let go there): it is discarded, as ben's terminal says."""
    from selenium.webdriver.common.action_chains import ActionChains

    with browser(1280, 800) as window:
        page = Page(window, url(web_server)).open()
        ben, _ = a_game_of_two(page, web_server, connect)
        code = to_discard(page, ben)
        card = card_at_rest(page, code)
        pile = page.find("#discard")
        drag = ActionChains(page.driver).click_and_hold(card).move_by_offset(0, -20)
        drag.move_to_element(pile).perform()
        assert "drop" in str(pile.get_attribute("class"))  # the pile says it takes it
        ActionChains(page.driver).release(pile).perform()
        page.until(lambda _: not table(page)["discard"] or page.text("#notice"), "the discard")
        unrefused(page)
        assert code not in table(page)["hand"]
        label = code[:-1] + SYMBOLS[code[-1]]
        page.says("#narration", f"You discard {label}")
        ben.expect(rf"ana [^\n]*discards {re.escape(label)}")


@pytest.mark.timeout(300)  # one turn
def test_a_drag_shorter_than_the_threshold_is_a_tap_that_lifts_the_card(
    web_server: Server, connect: Callable[..., Player]
) -> None:
    """A finger that slips a few pixels while it taps a card taps it: the card is lifted
    (its penalty after said), nothing is put down, and the card stays where it was; a drag
    within the hand only moves the card there."""
    from selenium.webdriver.common.action_chains import ActionChains

    with browser(390, 844) as window:
        page = Page(window, url(web_server)).open()
        ben, _ = a_game_of_two(page, web_server, connect)
        code = to_discard(page, ben)
        before = table(page)["hand"]
        card = card_at_rest(page, code)
        ActionChains(page.driver).click_and_hold(card).move_by_offset(3, 2).release().perform()
        page.until(lambda _: table(page)["chosen"] == [code], "the card lifted")
        shown = table(page)
        assert shown["discard"] and shown["hand"] == before, shown
        assert re.search(r"your penalty is \d+", shown["say"]), shown["say"]
        # dragged within the hand (not onto the pile): moved there, nothing put down
        last = page.find("#hand .card:last-child")
        if last.get_attribute("data-code") == code:
            last = page.find("#hand .card:first-child")
        target = str(last.get_attribute("data-code"))
        ActionChains(page.driver).click_and_hold(card_at_rest(page, code)).move_by_offset(
            0, -20
        ).move_to_element_with_offset(last, 5, 0).release().perform()
        page.until(lambda _: table(page)["hand"] != before, "the card moved in the hand")
        shown = table(page)
        assert shown["discard"] and sorted(shown["hand"]) == sorted(before), shown
        assert target in shown["hand"] and code in shown["hand"]
        unrefused(page)


# -- 4. the score sheet in a phone's log ----------------------------------------------------


def sheets_in_the_log(page: Page) -> list[dict[str, Any]]:
    """Each score sheet the log shows as a table: its cells, and whether it fits the log."""
    found: list[dict[str, Any]] = page.script(
        """
        return Array.from(document.querySelectorAll('#narration table.sheet')).map(t => ({
          shown: t.offsetParent !== null,
          rows: Array.from(t.rows).map(r => Array.from(r.cells).map(c => c.textContent)),
          fits: t.parentNode.scrollWidth <= t.parentNode.clientWidth,
        }));
        """
    )
    return found


@pytest.mark.timeout(300)  # two rounds, played by the AI
def test_a_table_of_six_shows_each_round_s_row_of_the_sheet_in_the_log(web_server: Server) -> None:
    """At a table of more than four, a round's end says only that round's row of the sheet
    and the totals (so the hands stay on a terminal's screen): the log draws that row, the
    second round's too (its words tell one round, the board has two)."""
    from selenium.webdriver.support.ui import Select

    with browser(390, 844) as window:
        page = Page(window, url(web_server)).open()
        page.login("ana")
        Select(page.find("#new-seats")).select_by_value("6")
        page.find("#new-go").click()
        page.shown("#start").click()
        page.until(lambda _: table(page)["round"] == "1", "the deal")
        page.type("auto game")  # (the AI plays on while a round's end is shown)
        if not page.find("#command").is_displayed():
            page.shown("#log-open").click()
        page.until(lambda _: sum(s["shown"] for s in sheets_in_the_log(page)) >= 2, "two sheets")
        first, second = sheets_in_the_log(page)[:2]
        assert first["rows"][0][1:] == ["You", "AI 2", "AI 3", "AI 4", "AI 5", "AI 6"], first
        assert [row[0] for row in first["rows"][1:-1]] == ["1"], first
        assert [row[0] for row in second["rows"][1:-1]] == ["2"], second
        assert second["rows"][-1][0] == "Total" and second["fits"], second


@pytest.mark.timeout(300)  # one round, played by the AI
def test_the_score_sheet_in_a_phone_s_log_is_a_table_that_fits(web_server: Server) -> None:
    """At a table of four on a phone, the score sheet said in the log (at a round's end, and
    asked for by ``score``) is a table of the rounds, not columns of text wider than the
    drawer; in German too."""
    from selenium.webdriver.support.ui import Select

    with browser(390, 844) as window:
        page = Page(window, url(web_server)).open()
        page.login("ana")
        page.find("#new-go").click()  # (four seats: the AI takes the three free ones)
        page.says("#say", "The AI plays the free seats: start the game")  # (not "Everyone")
        page.shown("#start").click()
        page.until(lambda _: table(page)["round"] == "1", "the deal")
        page.type("auto round")
        page.until(lambda _: table(page)["over"], "the first round's end")
        page.find("#over-go").click()
        page.until(lambda _: not table(page)["over"], "the panel closed")
        if not page.find("#command").is_displayed():
            page.shown("#log-open").click()
        page.until(lambda _: any(s["shown"] for s in sheets_in_the_log(page)), "a sheet")
        [sheet] = sheets_in_the_log(page)
        head, *rounds, total = sheet["rows"]
        assert head[1] == "You" and head[2:] == ["AI 2", "AI 3", "AI 4"], head
        assert [row[0] for row in rounds] == ["1"] and total[0] == "Total", sheet
        assert sheet["fits"], sheet
        assert not [n for n in page.all("#narration .said.columns")
                    if "Score sheet" in n.get_attribute("textContent")]  # fmt: skip
        axe_clean(page, "the score sheet in the log")
        Select(page.find("#lang")).select_by_value("de")
        page.until(lambda _: page.script("return document.documentElement.lang") == "de", "de")
        page.type("punkte")
        page.until(lambda _: len(sheets_in_the_log(page)) == 2, "the sheet asked for")
        german = sheets_in_the_log(page)[1]
        assert german["shown"] and german["fits"], german
        assert german["rows"][0][1] == "Du" and german["rows"][-1][0] == "Stand", german
        assert "Punkteliste" in page.text("#narration .sheet-said:last-child")
        axe_clean(page, "the score sheet in the log, in German")
