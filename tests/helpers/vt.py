"""A small terminal emulator: what a screen shows after the bytes a program wrote to it.

Enough of VT100 for what prompt_toolkit and the game write (text, ``\\r``, ``\\n``,
backspace, cursor moves, erasing, autowrap on and off); colours and modes are
ignored. The pseudo-terminal tests use it to look at the screen as a person
would, rather than at the stream of escape codes.

>>> render("ab\\r\\nc\\x1b[1A\\x1b[Kx", rows=3, cols=5)
['ax', 'c', '']
"""

from __future__ import annotations

import re

_CONTROL = re.compile(r"\x1b\[([?0-9;]*)([@-~])|\x1b\][^\x07]*\x07|\x1b[^\[\]]|[\x00-\x1f]")


def render(stream: str, *, rows: int = 24, cols: int = 80) -> list[str]:
    """The screen's rows (trailing blanks stripped) after ``stream`` was written to it."""
    screen = [[" "] * cols for _ in range(rows)]
    row = col = 0
    autowrap = True

    def line_feed() -> None:
        nonlocal row
        if row == rows - 1:
            screen.pop(0)
            screen.append([" "] * cols)
        else:
            row += 1

    position = 0
    for found in _CONTROL.finditer(stream + "\x00"):
        for char in stream[position : found.start()]:
            if col >= cols:
                if autowrap:
                    col = 0
                    line_feed()
                else:
                    col = cols - 1
            screen[row][col] = char
            col += 1
        position = found.end()
        code = found.group(0)
        final, params = found.group(2), found.group(1)
        if code == "\r":
            col = 0
        elif code == "\n":
            line_feed()
        elif code == "\b":
            col = max(col - 1, 0)
        elif final is None or params is None:
            continue  # other controls, titles, two-character escapes
        elif params.startswith("?"):
            if params == "?7":
                autowrap = final == "h"
        else:
            numbers = [int(n) if n else 0 for n in params.split(";")]
            count = max(numbers[0], 1)
            if final == "A":
                row = max(row - count, 0)
            elif final == "B":
                row = min(row + count, rows - 1)
            elif final == "C":
                col = min(col + count, cols - 1)
            elif final == "D":
                col = max(min(col, cols - 1) - count, 0)
            elif final == "H":
                row = min(max(numbers[0], 1), rows) - 1
                col = min(max(numbers[1] if len(numbers) > 1 else 1, 1), cols) - 1
            elif final == "K":
                screen[row][col:] = [" "] * (cols - col)
            elif final == "J":
                if numbers[0] == 2:
                    screen = [[" "] * cols for _ in range(rows)]
                else:
                    screen[row][col:] = [" "] * (cols - col)
                    for below in range(row + 1, rows):
                        screen[below] = [" "] * cols
    return ["".join(line).rstrip() for line in screen]
