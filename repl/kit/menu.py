"""The completion menu's right edge: ``↑`` and ``↓`` where it has more entries than rows.

prompt_toolkit draws a scroll bar there in colours only, so on a small screen, or
with ``NO_COLOR``, a menu cut after four cards looked like the whole hand. The
arrows are text: they show in any terminal.
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit import PromptSession
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.layout import Window
from prompt_toolkit.layout.containers import WindowRenderInfo
from prompt_toolkit.layout.controls import UIContent
from prompt_toolkit.layout.margins import Margin, ScrollbarMargin
from prompt_toolkit.layout.menus import CompletionsMenuControl

MORE_ABOVE = "↑"
MORE_BELOW = "↓"


class MoreMargin(Margin):
    """A scroll bar whose first row says ``↑`` when entries are hidden above, and whose
    last row says ``↓`` when entries are hidden below."""

    def __init__(self) -> None:
        self._bar = ScrollbarMargin()

    def get_width(self, get_ui_content: Callable[[], UIContent]) -> int:
        return 1

    def create_margin(
        self, window_render_info: WindowRenderInfo, width: int, height: int
    ) -> StyleAndTextTuples:
        info = window_render_info
        rows = _rows(self._bar.create_margin(info, width, height))
        shown = len(info.displayed_lines)
        if rows and info.vertical_scroll > 0:
            rows[0] = [("class:scrollbar.arrow", MORE_ABOVE)]
        if rows and info.vertical_scroll + shown < info.content_height:
            rows[min(shown, len(rows)) - 1] = [("class:scrollbar.arrow", MORE_BELOW)]
        out: StyleAndTextTuples = []
        for row in rows:
            out += [*row, ("", "\n")]
        return out


def _rows(fragments: StyleAndTextTuples) -> list[StyleAndTextTuples]:
    """The scroll bar's fragments, one list per row."""
    rows: list[StyleAndTextTuples] = [[]]
    for fragment in fragments:
        if fragment[1] == "\n":
            rows.append([])
        else:
            rows[-1].append(fragment)
    return [row for row in rows if row]


def show_more_in_menus(session: PromptSession[str]) -> None:
    """Give the session's completion menu the :class:`MoreMargin`."""
    for window in session.app.layout.find_all_windows():
        if isinstance(window, Window) and isinstance(window.content, CompletionsMenuControl):
            window.right_margins = [MoreMargin()]
