"""Text from a file or a keyboard reaches the terminal shown, never obeyed (issue #11).

Here in-process: :func:`visible` shows every control character, and neither screen obeys
what a crafted string carries. A crafted log run through the command's every mode is
``tests/e2e/test_safe.py``; a replay at a real terminal, ``tests/fronts/test_safe.py``.
"""

from __future__ import annotations

import io

import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.output.vt100 import Vt100_Output
from threethirteen.repl.kit.safe import is_safe, visible
from threethirteen.repl.kit.screen import PlainScreen, TerminalScreen
from threethirteen.repl.kit.style import STYLE

from tests.helpers.hostile import CONTROL, ESCAPES

FROM_THE_FILE = ("\x1b]0;owned", "\x07", "\x1b[2J", "\x1b[H", "\x9b", "\u202e", "\u2066", "\x08")
"""What the crafted strings would make a terminal do, as the terminal would get it."""


def test_every_control_is_shown_and_nothing_else_changes() -> None:
    controls = [*range(0x0A), *range(0x0B, 0x20), *range(0x7F, 0xA0)]
    controls += [*range(0x202A, 0x202F), *range(0x2066, 0x206A)]
    for code in controls:
        shown = visible(chr(code))
        assert shown and not CONTROL.search(shown), hex(code)
        assert not is_safe(chr(code))
    ordinary = "You took 7♥ — Ärger ½ 10♠ JK\n"
    assert visible(ordinary) == ordinary and is_safe(ordinary)
    assert visible("a\tb") == "a b"
    assert visible("\x1b[2J\x9b\u202e") == "^[[2J<U+009B><U+202E>"


def test_the_plain_screen_shows_controls() -> None:
    stream = io.StringIO()
    PlainScreen(stream).show([("", "why: " + ESCAPES + "\n"), ("class:warn", ESCAPES)])
    assert "why: ^[]0;owned^G" in stream.getvalue()
    assert not CONTROL.search(stream.getvalue().replace("\n", ""))


@pytest.mark.parametrize("plain_text", [False, True])
def test_the_terminal_screen_obeys_none_of_them(plain_text: bool) -> None:
    stream = io.StringIO()
    output = Vt100_Output(stream, lambda: Size(rows=24, columns=80), term="xterm")
    screen = TerminalScreen(style=STYLE, plain_text=plain_text, output=output)
    screen.show([("class:dim", "why: " + ESCAPES + "\n")])
    written = stream.getvalue()
    assert "why: ^[]0;owned^G" in written
    for sequence in FROM_THE_FILE:
        assert sequence not in written
    assert CONTROL.sub("", screen.transcript[0]) == screen.transcript[0]
