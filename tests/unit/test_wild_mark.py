"""Without colours (``NO_COLOR``) a wild card is marked in text: ``[A♥ 4♦* 3♥*]``; the rules
say so once."""

from __future__ import annotations

from prompt_toolkit.output import DummyOutput
from threethirteen.core.cards import Rank, parse_cards
from threethirteen.core.events import GameOptions
from threethirteen.repl.kit.render import melds_text, render_rules
from threethirteen.repl.kit.screen import TerminalScreen
from threethirteen.repl.kit.style import STYLE
from threethirteen.repl.words.i18n import Texts


def shown(plain_text: bool) -> str:
    screen = TerminalScreen(style=STYLE, plain_text=plain_text, output=DummyOutput())
    screen.show(melds_text([parse_cards("Ah 4d 3h jk")], Rank.FOUR, Texts()))
    return "".join(screen.transcript)


def test_without_colours_wild_cards_are_marked_in_melds() -> None:
    assert shown(plain_text=True) == "[A♥ 4♦* 3♥ JK*]"
    assert shown(plain_text=False) == "[A♥ 4♦ 3♥ JK]"  # bold and underlined instead


def test_the_rules_say_how_a_wild_card_is_marked() -> None:
    for lang, said in (("en", "they end in *"), ("de", "enden sie auf *")):
        text = "".join(chunk for _, chunk in render_rules(GameOptions(), 1, Texts(lang)))
        assert said in text
