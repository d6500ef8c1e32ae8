"""The sentences of the replay mode, of ``report`` and of ``play --replay-to``, in English
and German; :mod:`repl.i18n` merges them into its tables."""

from __future__ import annotations

EN: dict[str, str] = {
    # the replay mode's commands
    "replay.cmd.next": "one event on (or Enter); next turn, next round",
    "replay.cmd.prev": "one event back; prev turn, prev round",
    "replay.cmd.round": "to the deal of round N",
    "replay.cmd.goto": "to event N (the seq of its line in the file)",
    "replay.cmd.start": "to the first event",
    "replay.cmd.end": "to the last event",
    "replay.cmd.score": "the score sheet so far",
    "replay.cmd.sort": "order seat 0's hand by suit, rank or melds (F2)",
    "replay.cmd.help": "this list, or help COMMAND",
    "replay.cmd.quit": "leave the replay",
    "replay.detail.next": (
        "next steps one event; next turn goes to the end of the next turn (a discard, "
        "going out, a deal or a score); next round to the next deal."
    ),
    "replay.detail.prev": "prev, prev turn and prev round go back the same steps.",
    "replay.detail.goto": "Event N is line N + 1 of the file (line 1 is the header).",
    "replay.help.more": (
        "help COMMAND tells more. Every hand is shown; an AI's move comes with its reason."
    ),
    "replay.meta.round": "event {event} · wild {wild}",
    "msg.needs_number": "Which number? usage: {usage}",
    # what the replay says
    "replay.intro": "Replay of {name}: seed {seed}, {n} events, {result}.",
    "replay.intro_keys": "Enter or next steps forward; help lists the commands.",
    "replay.result_over": "a finished game",
    "replay.result_open": "unfinished in round {round}",
    "replay.not_verified": (
        "This log does not verify ({detail}); it is shown as recorded. "
        "threethirteen replay FILE --verify says more."
    ),
    "replay.started": "The game begins: seed {seed}, {jokers}, {aces}; first dealer: {dealer}.",
    "replay.no_jokers": "no jokers",
    "replay.jokers": "{n} jokers",
    "replay.players": "Players: {players}.",
    "replay.draw": "{seat} draws {card} from the stock.",
    "replay.take": "{seat} takes {card} from the discard pile.",
    "replay.discard": "{seat} discards {card}.",
    "replay.help_used": "{seat} took help ({help}).",
    "replay.why": "why: {reason}",
    "replay.at_end": "This is the last event ({n}/{n}): prev or start go back.",
    "replay.at_start": "This is the first event: next (or Enter) steps forward.",
    "replay.no_later_round": "There is no later round in this log.",
    "replay.no_earlier_round": "There is no earlier round in this log.",
    "replay.no_round": "Round {round} is not in this log: it has rounds {first} to {last}.",
    "replay.no_event": "There is no event {number}: this log has events 1 to {n}.",
    "replay.bar.event": "event {n}/{total}",
    "replay.bar.round": "round {round}/11",
    "replay.bar.turn": "to play: {seat} ({action})",
    "replay.bar.draw": "draw",
    "replay.bar.ending": "scoring next",
    "replay.bar.discard": "discard",
    "replay.bar.scored": "round {round} scored",
    "replay.bar.started": "not dealt yet",
    "replay.bar.over": "game over",
    "replay.bar.keys": "Enter: next",
    "replay.sheet_hint": "(score shows the whole score sheet)",
    "replay.truncated": (
        "{path}: line {line} is cut off (the game was interrupted while saving it); "
        "the {n} complete events before it can be replayed."
    ),
    "replay.truncated_ask": "Replay them?",
    "replay.truncated_go": "Replaying those {n} events.",
    "replay.cannot_open": "Cannot replay {path}: {detail}",
    "replay.bad_at": "There is no event {number} to start at: {path} has events 1 to {n}.",
    # report
    "cmd.report": "a bug report, and the line that replays this game",
    "detail.report": (
        "The report is the game's log (.jsonl) and a note (.txt: version, platform, seed, "
        "options) in your data folder; the line it prints rebuilds the game to this point."
    ),
    "msg.report": "Bug report written: {log} (the log, {n} events) and {notes}.",
    "msg.report_line": "This line reproduces the game to this point:",
    "msg.report_failed": "Cannot write the bug report: {detail}.",
    "msg.report_send": "Please open an issue at {url} and attach both files.",
    "msg.report_send_plain": "Please send both files to the game's developers.",
    # play --replay-to
    "msg.rebuilt": "Rebuilt from {path}: seed {seed}, events 1 to {n} of {total}.",
    "msg.rebuilt_moved": (
        "Event {asked} is inside a move ({events} follow from the same move); "
        "the game is rebuilt to event {n}, where that move ends."
    ),
    "msg.rebuilt_truncated": "(Line {line} of the file is cut off; the events before it are used.)",
    "msg.rebuilt_unsaved": "You play seat 0. This game is not autosaved: save FILE keeps it.",
    "msg.leave_unsaved": "Leave? This game is not autosaved (save FILE keeps it).",
    "msg.bye_unsaved": "Goodbye. (This game was not autosaved.)",
    "reproduce.bad_target": "--replay-to takes FILE:N (an event number), not {target!r}",
    "reproduce.out_of_range": "there is no event {number}: {path} has events 1 to {n}",
    "reproduce.does_not_verify": "{path} does not verify: line {line}: {problem}",
    "reproduce.unfinished_move": (
        "{path} stops inside a move (its last event, {n}, is not where a move ends): "
        "there is no point to continue from"
    ),
    "reproduce.not_seeded": (
        "{path} was dealt from a stacked deck, not from its seed: the game cannot go on"
    ),
    "reproduce.cannot": "{path}: {error}",
}

DE: dict[str, str] = {
    "replay.cmd.next": "ein Ereignis vor (oder Enter); weiter zug|runde",
    "replay.cmd.prev": "ein Ereignis zurück; zurück zug, zurück runde",
    "replay.cmd.round": "zum Geben der Runde N",
    "replay.cmd.goto": "zu Ereignis N (die seq seiner Zeile in der Datei)",
    "replay.cmd.start": "zum ersten Ereignis",
    "replay.cmd.end": "zum letzten Ereignis",
    "replay.cmd.score": "die Punkteliste bis hierher",
    "replay.cmd.sort": "Hand von Platz 0 nach Farbe, Rang, Meldungen (F2)",
    "replay.cmd.help": "diese Liste oder hilfe BEFEHL",
    "replay.cmd.quit": "die Wiedergabe beenden",
    "replay.detail.next": (
        "weiter geht ein Ereignis vor; weiter zug bis zum Ende des nächsten Zugs (Ablegen, "
        "Rausgehen, Geben oder Werten); weiter runde zum nächsten Geben."
    ),
    "replay.detail.prev": "zurück, zurück zug und zurück runde gehen dieselben Schritte zurück.",
    "replay.detail.goto": "Ereignis N steht in Zeile N + 1 der Datei (Zeile 1 ist der Kopf).",
    "replay.help.more": (
        "hilfe BEFEHL erklärt einen Befehl genauer. Alle Hände liegen offen; zu jedem KI-Zug "
        "steht seine Begründung."
    ),
    "replay.meta.round": "Ereignis {event} · Platzhalter {wild}",
    "msg.needs_number": "Welche Zahl? Aufruf: {usage}",
    "replay.intro": "Wiedergabe von {name}: Seed {seed}, {n} Ereignisse, {result}.",
    "replay.intro_keys": "Enter oder weiter geht vorwärts; hilfe zeigt die Befehle.",
    "replay.result_over": "ein fertiges Spiel",
    "replay.result_open": "unfertig in Runde {round}",
    "replay.not_verified": (
        "Dieses Protokoll besteht die Prüfung nicht ({detail}); es wird gezeigt, wie es "
        "aufgezeichnet ist. threethirteen replay DATEI --verify sagt mehr."
    ),
    "replay.started": "Das Spiel beginnt: Seed {seed}, {jokers}, {aces}; erster Geber: {dealer}.",
    "replay.no_jokers": "keine Joker",
    "replay.jokers": "{n} Joker",
    "replay.players": "Spieler: {players}.",
    "replay.draw": "{seat} zieht {card} vom Stapel.",
    "replay.take": "{seat} nimmt {card} vom Ablagestapel.",
    "replay.discard": "{seat} legt {card} ab.",
    "replay.help_used": "{seat} hat Hilfe genommen ({help}).",
    "replay.why": "warum: {reason}",
    "replay.at_end": "Das ist das letzte Ereignis ({n}/{n}): zurück oder anfang gehen zurück.",
    "replay.at_start": "Das ist das erste Ereignis: weiter (oder Enter) geht vorwärts.",
    "replay.no_later_round": "In diesem Protokoll gibt es keine spätere Runde.",
    "replay.no_earlier_round": "In diesem Protokoll gibt es keine frühere Runde.",
    "replay.no_round": (
        "Runde {round} ist nicht in diesem Protokoll: es hat die Runden {first} bis {last}."
    ),
    "replay.no_event": (
        "Es gibt kein Ereignis {number}: dieses Protokoll hat die Ereignisse 1 bis {n}."
    ),
    "replay.bar.event": "Ereignis {n}/{total}",
    "replay.bar.round": "Runde {round}/11",
    "replay.bar.turn": "am Zug: {seat} ({action})",
    "replay.bar.draw": "ziehen",
    "replay.bar.ending": "gleich wird gewertet",
    "replay.bar.discard": "ablegen",
    "replay.bar.scored": "Runde {round} gewertet",
    "replay.bar.started": "noch nicht gegeben",
    "replay.bar.over": "Spiel vorbei",
    "replay.bar.keys": "Enter: weiter",
    "replay.sheet_hint": "(punkte zeigt die ganze Punkteliste)",
    "replay.truncated": (
        "{path}: Zeile {line} ist abgeschnitten (das Speichern wurde unterbrochen); "
        "die {n} vollständigen Ereignisse davor lassen sich wiedergeben."
    ),
    "replay.truncated_ask": "Diese wiedergeben?",
    "replay.truncated_go": "Diese {n} Ereignisse werden wiedergegeben.",
    "replay.cannot_open": "{path} lässt sich nicht wiedergeben: {detail}",
    "replay.bad_at": (
        "Bei Ereignis {number} lässt sich nicht beginnen: {path} hat die Ereignisse 1 bis {n}."
    ),
    "cmd.report": "Fehlerbericht samt Befehl, der das Spiel nachspielt",
    "detail.report": (
        "Der Bericht ist das Protokoll des Spiels (.jsonl) und eine Notiz (.txt: Version, "
        "System, Seed, Optionen) in deinem Datenordner; mit der gezeigten Zeile lässt sich das "
        "Spiel bis hierher nachspielen."
    ),
    "msg.report": "Fehlerbericht geschrieben: {log} (das Protokoll, {n} Ereignisse) und {notes}.",
    "msg.report_line": "Mit dieser Zeile lässt sich das Spiel bis hierher nachspielen:",
    "msg.report_failed": "Der Fehlerbericht lässt sich nicht schreiben: {detail}.",
    "msg.report_send": "Bitte eröffne unter {url} ein Issue und hänge beide Dateien an.",
    "msg.report_send_plain": "Bitte schick beide Dateien an die Entwickler des Spiels.",
    "msg.rebuilt": "Nachgespielt aus {path}: Seed {seed}, Ereignisse 1 bis {n} von {total}.",
    "msg.rebuilt_moved": (
        "Ereignis {asked} liegt mitten in einem Zug ({events} folgen aus demselben Zug); "
        "das Spiel wird bis Ereignis {n} nachgespielt, wo dieser Zug endet."
    ),
    "msg.rebuilt_truncated": (
        "(Zeile {line} der Datei ist abgeschnitten; es gelten die Ereignisse davor.)"
    ),
    "msg.rebuilt_unsaved": (
        "Du spielst Platz 0. Dieses Spiel wird nicht automatisch gespeichert: "
        "speichern NAME bewahrt es auf."
    ),
    "msg.leave_unsaved": (
        "Beenden? Dieses Spiel wird nicht automatisch gespeichert (speichern NAME bewahrt es auf)."
    ),
    "msg.bye_unsaved": "Auf Wiedersehen. (Dieses Spiel wurde nicht automatisch gespeichert.)",
    "reproduce.bad_target": "--replay-to nimmt DATEI:N (eine Ereignisnummer), nicht {target!r}",
    "reproduce.out_of_range": "es gibt kein Ereignis {number}: {path} hat die Ereignisse 1 bis {n}",
    "reproduce.does_not_verify": "{path} besteht die Prüfung nicht: Zeile {line}: {problem}",
    "reproduce.unfinished_move": (
        "{path} endet mitten in einem Zug (sein letztes Ereignis, {n}, ist kein Zugende): "
        "von dort lässt sich nicht weiterspielen"
    ),
    "reproduce.not_seeded": (
        "{path} wurde mit vorbereiteten Karten gegeben, nicht aus seinem Seed: "
        "das Spiel kann nicht weitergehen"
    ),
    "reproduce.cannot": "{path}: {error}",
}
