"""The sentences of the command line's conventions, in English and German: a script that
stops at a refused line. :mod:`repl.i18n` merges them into its tables."""

from __future__ import annotations

EN: dict[str, str] = {
    # a script (or a pipe) that stops at its first refused line
    "script.failed": (
        "script line {line}: {command!r} — {reason} The rest of the script is not run."
    ),
}

DE: dict[str, str] = {
    "script.failed": (
        "Skriptzeile {line}: {command!r} — {reason} Der Rest des Skripts wird nicht ausgeführt."
    ),
}
