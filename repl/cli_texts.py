"""The sentences of the command line's conventions, in English and German: a script that
stops at a refused line and the warnings about the config file.
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
}
