"""The sentences of the command line's conventions, in English and German: a script that
stops at a refused line, the warnings about the config file, and the keys ``help`` lists.
:mod:`repl.i18n` merges them into its tables."""

from __future__ import annotations

EN: dict[str, str] = {
    # a script (or a pipe) that stops at its first refused line
    "script.failed": (
        "script line {line}: {command!r} — {reason} The rest of the script is not run."
    ),
    # the config file
    "config.where": "{path}, line {line}",
    "config.not_toml": "{where}: this is not TOML ({detail}); every setting has its default.",
    "config.unknown": (
        "{where}: there is no setting {setting}; the settings are level, speed, language, sort, "
        "jokers, aces and color."
    ),
    "config.bad_value": (
        "{where}: {setting} takes {choices}, not {value}; the default is used ({default})."
    ),
    "config.not_a_file": "{path} is not a file; every setting has its default.",
    "config.too_big": (
        "{path} is larger than {kib} KiB, too large for a config file; every setting has "
        "its default."
    ),
    "config.unreadable": "{path} cannot be read ({detail}); every setting has its default.",
    "config.or": " or ",
    "config.from_environment": "from LANG",
    # the keys the prompt knows, listed by help (repl.keys.KEY_HELP)
    "keys.title": "Keys:",
    "keys.ctrl": "Ctrl",
    "keys.tab": "complete commands, cards (penalty after each), files",
    "keys.history": "earlier commands; in an open menu, its choices",
    "keys.suggestion": "take the grey suggestion from your history",
    "keys.enter": "run the line (or take what the menu highlights)",
    "keys.sort": "on an empty line: sort your hand the next way",
    "keys.clear": "clear the line; skip the opponents' narration",
    "keys.leave": "on an empty line: leave (asks first)",
    "replay.keys.tab": "complete commands, their choices, round numbers",
    "replay.keys.history": "earlier commands; in an open menu, its choices",
    "replay.keys.suggestion": "take the grey suggestion from your history",
    "replay.keys.enter": "run the line; on an empty line: one event on",
    "replay.keys.sort": "on an empty line: order seat 0's hand the next way",
    "replay.keys.clear": "clear the line",
    "replay.keys.leave": "on an empty line: leave the replay",
}

DE: dict[str, str] = {
    "script.failed": (
        "Skriptzeile {line}: {command!r} — {reason} Der Rest des Skripts wird nicht ausgeführt."
    ),
    "config.where": "{path}, Zeile {line}",
    "config.not_toml": (
        "{where}: das ist kein TOML ({detail}); alle Einstellungen haben ihren Standardwert."
    ),
    "config.unknown": (
        "{where}: es gibt keine Einstellung {setting}; die Einstellungen sind level, speed, "
        "language, sort, jokers, aces und color."
    ),
    "config.bad_value": (
        "{where}: {setting} nimmt {choices}, nicht {value}; der Standardwert gilt ({default})."
    ),
    "config.not_a_file": "{path} ist keine Datei; alle Einstellungen haben ihren Standardwert.",
    "config.too_big": (
        "{path} ist größer als {kib} KiB, zu groß für eine Einstellungsdatei; alle "
        "Einstellungen haben ihren Standardwert."
    ),
    "config.unreadable": (
        "{path} lässt sich nicht lesen ({detail}); alle Einstellungen haben ihren Standardwert."
    ),
    "config.or": " oder ",
    "config.from_environment": "aus LANG",
    "keys.title": "Tasten:",
    "keys.ctrl": "Strg",
    "keys.tab": "Befehle, Karten (Strafpunkte danach), Dateien ergänzen",
    "keys.history": "frühere Befehle; im offenen Menü seine Einträge",
    "keys.suggestion": "den grauen Vorschlag aus dem Verlauf übernehmen",
    "keys.enter": "Zeile ausführen (oder das im Menü Markierte nehmen)",
    "keys.sort": "auf leerer Zeile: die Hand anders ordnen",
    "keys.clear": "Zeile leeren; die Erzählung der Gegner überspringen",
    "keys.leave": "auf leerer Zeile: beenden (mit Rückfrage)",
    "replay.keys.tab": "Befehle, ihre Auswahl, Rundennummern ergänzen",
    "replay.keys.history": "frühere Befehle; im offenen Menü seine Einträge",
    "replay.keys.suggestion": "den grauen Vorschlag aus dem Verlauf übernehmen",
    "replay.keys.enter": "Zeile ausführen; auf leerer Zeile: ein Ereignis vor",
    "replay.keys.sort": "auf leerer Zeile: Hand von Platz 0 anders ordnen",
    "replay.keys.clear": "Zeile leeren",
    "replay.keys.leave": "auf leerer Zeile: die Wiedergabe beenden",
}
