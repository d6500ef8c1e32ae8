"""Every sentence the terminal game shows, in English and German.

:class:`Texts` looks a key up in the active language and fills in its
parameters. Engine errors carry a ``key`` and ``params``
(:class:`core.errors.GameError`); :meth:`Texts.error` says them in the
active language, falling back to the engine's English sentence for a key
that has no translation yet.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from threethirteen.core.ai.reasons import (
    ACTION_SEPARATOR,
    CLAUSE_SEPARATOR,
    CLAUSES,
    DECIMAL,
    FIELDS,
    GROUPS,
    parse_reason,
    read_groups,
    reason,
)
from threethirteen.core.errors import GameError, LogFormatError
from threethirteen.core.events import SEAT_NAMES
from threethirteen.repl import cli_texts, replay_texts
from threethirteen.repl.engine_texts import ACTIONS_DE, ENGINE_DE, REASONS_DE

LANGUAGES = ("en", "de")

SEATS_DE = ("Du", "Links", "Oben", "Rechts")

EN: dict[str, str] = {
    # seats and words
    "seat.0": "You",
    "seat.1": "Left",
    "seat.2": "Top",
    "seat.3": "Right",
    "cards": "{n} cards",
    "card_one": "1 card",
    "sort.suit": "by suit",
    "sort.rank": "by rank",
    "sort.melds": "by melds",
    "speed.instant": "instant",
    "speed.fast": "fast",
    "speed.normal": "normal",
    "speed.step": "step (a key after each turn)",
    "aces.low": "aces low",
    "aces.high": "aces high",
    "level.easy": "easy",
    "level.medium": "medium",
    "level.hard": "hard",
    # the table
    "table.header": "Round {round}/11 · {size} cards · wild: {wild} · dealer: {dealer}",
    "table.piles": "Stock: {stock} cards · discard pile: ",
    "table.empty_pile": "empty",
    "table.total": "total {total:>3}",
    "table.out": "OUT",
    "table.last_turn": "last turn",
    "table.hand": "Your hand, {sort}:",
    "table.best": "Best melds:",
    "table.no_melds": "no meld yet",
    "table.left_over": "left over:",
    "table.penalty": "penalty {penalty}",
    "table.taken": "(taken: keep it this turn)",
    "table.assisted": "assisted",
    "act.drew": "drew",
    "act.took": "took {card}",
    "act.discarded": "discarded {card}",
    "act.went_out": "went out",
    "act.none": "—",
    # the toolbar
    "bar.draw": "your turn: draw or take",
    "bar.discard": "your turn: discard a card",
    "bar.waiting": "{seat} is playing",
    "bar.over": "game over: new or quit",
    "bar.round": "Round {round}/11",
    "bar.wild": "wild {wild}",
    "bar.penalty": "penalty {penalty}",
    "bar.keys": "F2: sort",
    "meta.penalty_after": "penalty after: {n}",
    # narration
    "say.you_draw": "You draw {card} from the stock.",
    "say.you_take": "You take {card} from the discard pile.",
    "say.you_discard": "You discard {card}.",
    "say.ai_draw": "{seat} draws from the stock",
    "say.ai_take": "{seat} takes {card} from the discard pile",
    "say.ai_discard": ", discards {card}.",
    "say.auto": " (auto)",
    "say.you_out": "You go out: {melds}. Everyone else has one last turn.",
    "say.ai_out": "{seat} goes out: {melds}. Everyone else has one last turn.",
    "say.rebuilt": "The stock is empty: the discard pile is shuffled into a new stock ({n}/2).",
    "say.dealt": "Round {round}/11 · dealer: {dealer} · {size} cards each · wild: {wild}",
    "say.hint_used": "You asked for a hint.",
    "say.auto_used": "You let the AI play.",
    "say.undo_used": "You undid a move after seeing a new card.",
    # end of a round and of the game
    "round.over_out": "Round {round} is over: {seat} went out.",
    "round.over_you": "Round {round} is over: you went out.",
    "round.over_stock": "Round {round} is over: the stock ran out a third time.",
    "round.line": "penalty {penalty:>3} · total {total:>3}",
    "round.went_out": "went out",
    "round.next": "Press a key to deal round {round}.",
    "round.last": "Press a key for the result.",
    "sheet.title": "Score sheet",
    "sheet.round": "Round",
    "sheet.wild": "wild",
    "sheet.out": "out",
    "sheet.total": "Total",
    "sheet.nobody": "(stock)",
    "sheet.empty": "No round has been scored yet.",
    "game.over": "Game over after 11 rounds.",
    "game.you_win": "You win with {total}!",
    "game.winner": "{seat} wins with {total}.",
    "game.nobody": "Nobody wins: {seats} share the lowest total, {total} (two tie, all tie).",
    "game.your_total": "Your total: {total}, place {place} of 4.",
    "game.next": "Type new for another game, or quit to leave.",
    "game.assisted": "This game was assisted (hint, auto or undo past a seen card).",
    "and": " and ",
    # answers to commands
    "msg.unknown": "Unknown command {word!r}: did you mean {suggestion}?",
    "msg.unknown_plain": "Unknown command {word!r}: help lists the commands.",
    "msg.needs_card": "Which card? For example: discard 7h",
    "msg.bad_choice": "{command} takes {choices}, not {word!r}.",
    "msg.extra": "{command} takes no more words than: {usage}",
    "msg.needs_file": "Which file? For example: load game.jsonl",
    "msg.no_file": "There is no file {path!r}.",
    "msg.not_number": "{word!r} is not a number.",
    "msg.game_over": "The game is over: new starts another game.",
    "msg.nothing_to_undo": "Nothing to undo: you have not moved yet.",
    "msg.nothing_to_redo": "Nothing to redo.",
    "msg.undo_after_end": "The game is over; its result stands. new starts another game.",
    "msg.undone": "Undone: your {what}. Your turn again.",
    "msg.redone": "Redone: your {what}.",
    "msg.what_draw": "draw",
    "msg.what_take": "take of {card}",
    "msg.what_discard": "discard of {card}",
    "msg.now_assisted": "This game is now marked as assisted.",
    "msg.hint": "Hint: {action}",
    "msg.hint_why": "  why: {reason}",
    "msg.hint_none": "No hint now: it is not your turn.",
    "msg.action_stock": "draw from the stock",
    "msg.action_take": "take {card} from the discard pile",
    "msg.action_discard": "discard {card}",
    "msg.auto_stopped": "Auto play stopped; your turn.",
    "msg.narration_skipped": "(narration skipped)",
    "msg.sorted": "Your hand is now sorted {sort}.",
    "msg.saved": "Saved to {path} ({n} events).",
    "msg.save_failed": "Cannot save to {path}: {detail}.",
    "msg.save_overwrite": "{path} exists. Replace it?",
    "msg.save_exists": "Not saved: {path} exists and stays as it is (save NAME takes another).",
    "msg.save_bad_name": "{name!r} is not a name for a file.",
    "msg.save_no_folder": "There is no folder {folder}: save does not make one.",
    "msg.empty_name": "A file name cannot be empty: {command} NAME.",
    "msg.no_save": "There is no saved game {name!r} in {folder}.",
    "msg.no_save_here": "For the file in this folder: load ./{name}",
    "msg.loaded": "Loaded {path}: seed {seed}, {n} events.",
    "msg.load_failed": "Cannot load {path}: {detail}",
    "msg.load_prefix": "{path}: the last line is cut off. Load the {n} complete events before it?",
    "msg.kept_previous": "The unfinished game is kept in {path}.",
    "msg.new_confirm": "Start a new game? This one is not finished.",
    "msg.new_game": "New game: seed {seed}, {jokers} jokers, {aces}, opponents: {level}.",
    "msg.seed": "Seed {seed}: threethirteen play --seed {seed} deals the same cards.",
    "msg.speed": "Speed: {speed}.",
    "msg.stats_none": "No game has been finished yet.",
    "msg.crash": (
        "Something unexpected went wrong ({error}). The details are in {path}; the game goes on."
    ),
    "msg.ai_failed": "{seat}'s AI failed ({error}); {level} plays this move instead.",
    "msg.ctrl_c": "Ctrl-C clears the line; Ctrl-D or quit leaves.",
    "msg.leave_confirm": "Leave the game? It is saved and can be resumed.",
    "msg.bye": "The game is saved: run threethirteen to resume it.",
    "msg.bye_over": "Goodbye.",
    "msg.resume": "An unfinished game was saved (seed {seed}, round {round}). Resume it?",
    "msg.resume_prefix": "The saved game was cut off; its {n} complete events are resumed.",
    "msg.resume_broken": "The saved game cannot be read ({detail}); it is kept as {path}.",
    "msg.resumed": "Welcome back: seed {seed}, round {round}.",
    "msg.welcome": (
        "Three-Thirteen Rummy: you against Left, Top and Right. "
        "Type help for the commands, Tab to complete."
    ),
    "msg.yes_no": " [y/n] ",
    "msg.any_key": "Press a key…",
    "msg.step": "(a key for the next turn)",
    "stats.title": "Your statistics",
    "stats.line": (
        "played {played} · won {won} · nobody won {no_winner} · average total {average} · "
        "best {best} · assisted {assisted}"
    ),
    # help
    "help.title": "Commands (short forms in brackets; Tab completes):",
    "help.more": "help COMMAND tells more; Ctrl-C clears the line, Ctrl-D leaves.",
    "help.unknown": "There is no command {word!r}.",
    "help.usage": "usage: {usage}",
    "help.aliases": "also: {aliases}",
    "cmd.draw": "take the top card of the stock",
    "cmd.take": "take the top card of the discard pile",
    "cmd.discard": "discard a card (or type just the card: 7h)",
    "cmd.sort": "order your hand by suit, rank or melds (F2)",
    "cmd.melds": "your best melds and what is left over",
    "cmd.hint": "the hard AI's move and why (assisted)",
    "cmd.auto": "the AI plays your turn/round/game (assisted)",
    "cmd.undo": "take back your last move",
    "cmd.redo": "play the move you took back again",
    "cmd.score": "the score sheet, round by round",
    "cmd.log": "what happened recently",
    "cmd.rules": "the rules of this game",
    "cmd.new": "start a new game",
    "cmd.save": "save the game (in your saves folder)",
    "cmd.load": "load a saved game",
    "cmd.seed": "this game's seed",
    "cmd.speed": "opponents' speed: instant/fast/normal/step",
    "cmd.stats": "your statistics across games",
    "cmd.help": "this list, or help COMMAND",
    "cmd.quit": "leave (the game is saved)",
    "detail.discard": "discard 7h, x 7h or just 7h. Cards: rank A 2-10 J Q K (T for 10), "
    "suit c d h s; jk is a joker.",
    "detail.undo": (
        "Undo is unlimited. Going back past a card you had not seen before "
        "(a stock draw, an opponent's discard) marks the game as assisted."
    ),
    "detail.auto": "auto turn (the default), auto round or auto game.",
    "detail.save": (
        "save NAME writes NAME.jsonl into the saves folder of your data folder "
        "(~/.local/share/threethirteen/saves); a name with a slash is a path as given "
        "(./game, ~/games/game). save alone names the file after the seed and the time. "
        "An existing file is replaced only when you say yes."
    ),
    "detail.load": (
        "load NAME finds a game as save NAME wrote it: in the saves folder, .jsonl added "
        "when missing; a name with a slash is a path (./game.jsonl)."
    ),
    "detail.speed": "speed alone shows it; speed instant|fast|normal|step sets it.",
    "detail.sort": "sort suit, sort rank or sort melds; sort alone (or F2) takes the next.",
    # rules
    "rules.title": "The rules of this game",
    "rules.text": (
        "Two decks of 52 cards{jokers}; {aces}. 11 rounds: in round r everyone holds r + 2 "
        "cards and that rank is wild (3s in round 1 … kings in round 11); jokers are always "
        "wild. On your turn take the top card of the stock or of the discard pile, then "
        "discard one (not the card you just took from the pile). Melds: a set is 3+ cards of "
        "one rank, a run 3+ cards of one suit in order ({run_line}, no wrap-around); wilds "
        "fill in anywhere. When all your cards are in melds after a discard you go out, and "
        "everyone else gets one last turn. Cards outside melds cost: 2-10 face value, "
        "J Q K 10, ace {ace}, a wild-rank card 15, a joker 20. After round 11 the lowest "
        "total wins; a shared lowest total means nobody wins.\n"
        "This round ({round}): the wild rank is {wild}."
    ),
    "rules.jokers": " and {n} jokers",
    "rules.run_low": "A-2-3 … J-Q-K",
    "rules.run_high": "2-3-4 … Q-K-A",
    "rules.between": "between rounds",
    # engine words that appear inside engine messages
    "word.stock_card": "a card from the stock",
    "word.nothing": "nothing",
}

DE: dict[str, str] = {
    "seat.0": "Du",
    "seat.1": "Links",
    "seat.2": "Oben",
    "seat.3": "Rechts",
    "cards": "{n} Karten",
    "card_one": "1 Karte",
    "sort.suit": "nach Farbe",
    "sort.rank": "nach Rang",
    "sort.melds": "nach Meldungen",
    "speed.instant": "sofort",
    "speed.fast": "schnell",
    "speed.normal": "normal",
    "speed.step": "Schritt (eine Taste nach jedem Zug)",
    "aces.low": "Asse niedrig",
    "aces.high": "Asse hoch",
    "level.easy": "leicht",
    "level.medium": "mittel",
    "level.hard": "stark",
    "table.header": "Runde {round}/11 · {size} Karten · Platzhalter: {wild} · Geber: {dealer}",
    "table.piles": "Stapel: {stock} Karten · Ablagestapel: ",
    "table.empty_pile": "leer",
    "table.total": "Summe {total:>3}",
    "table.out": "RAUS",
    "table.last_turn": "letzter Zug",
    "table.hand": "Deine Hand, {sort}:",
    "table.best": "Beste Meldungen:",
    "table.no_melds": "noch keine Meldung",
    "table.left_over": "übrig:",
    "table.penalty": "Strafpunkte {penalty}",
    "table.taken": "(vom Ablagestapel: in diesem Zug nicht ablegen)",
    "table.assisted": "mit Hilfe",
    "act.drew": "zog",
    "act.took": "nahm {card}",
    "act.discarded": "legte {card} ab",
    "act.went_out": "ist raus",
    "act.none": "—",
    "bar.draw": "du bist dran: ziehen oder nehmen",
    "bar.discard": "du bist dran: ablegen",
    "bar.waiting": "{seat} spielt",
    "bar.over": "Spiel vorbei: neu oder ende",
    "bar.round": "Runde {round}/11",
    "bar.wild": "Platzhalter {wild}",
    "bar.penalty": "Strafpunkte {penalty}",
    "bar.keys": "F2: sortieren",
    "meta.penalty_after": "Strafpunkte danach: {n}",
    "say.you_draw": "Du ziehst {card} vom Stapel.",
    "say.you_take": "Du nimmst {card} vom Ablagestapel.",
    "say.you_discard": "Du legst {card} ab.",
    "say.ai_draw": "{seat} zieht vom Stapel",
    "say.ai_take": "{seat} nimmt {card} vom Ablagestapel",
    "say.ai_discard": ", legt {card} ab.",
    "say.auto": " (auto)",
    "say.you_out": "Du bist raus: {melds}. Alle anderen haben noch einen letzten Zug.",
    "say.ai_out": "{seat} ist raus: {melds}. Alle anderen haben noch einen letzten Zug.",
    "say.rebuilt": (
        "Der Stapel ist leer: der Ablagestapel wird gemischt und ist der neue Stapel ({n}/2)."
    ),
    "say.dealt": "Runde {round}/11 · Geber: {dealer} · je {size} Karten · Platzhalter: {wild}",
    "say.hint_used": "Du hast dir einen Tipp geben lassen.",
    "say.auto_used": "Du hast die KI spielen lassen.",
    "say.undo_used": "Du hast einen Zug zurückgenommen, nachdem du eine neue Karte gesehen hast.",
    "round.over_out": "Runde {round} ist vorbei: {seat} ist rausgegangen.",
    "round.over_you": "Runde {round} ist vorbei: du bist rausgegangen.",
    "round.over_stock": "Runde {round} ist vorbei: der Stapel war zum dritten Mal leer.",
    "round.line": "Strafpunkte {penalty:>3} · Summe {total:>3}",
    "round.went_out": "raus",
    "round.next": "Weiter mit einer beliebigen Taste: Runde {round} wird gegeben.",
    "round.last": "Weiter mit einer beliebigen Taste: das Ergebnis.",
    "sheet.title": "Punkteliste",
    "sheet.round": "Runde",
    "sheet.wild": "Platzhalter",
    "sheet.out": "raus",
    "sheet.total": "Summe",
    "sheet.nobody": "(Stapel)",
    "sheet.empty": "Es ist noch keine Runde gewertet.",
    "game.over": "Das Spiel ist nach 11 Runden vorbei.",
    "game.you_win": "Du gewinnst mit {total}!",
    "game.winner": "{seat} gewinnt mit {total}.",
    "game.nobody": (
        "Niemand gewinnt: {seats} teilen sich die niedrigste Summe, {total} "
        "(bei Gleichstand gewinnt keiner)."
    ),
    "game.your_total": "Deine Summe: {total}, Platz {place} von 4.",
    "game.next": "Mit neu beginnt ein weiteres Spiel, mit ende ist Schluss.",
    "game.assisted": (
        "Dieses Spiel wurde mit Hilfe gespielt (Tipp, auto oder zurück hinter eine gesehene Karte)."
    ),
    "and": " und ",
    "msg.unknown": "Unbekannter Befehl {word!r}: meintest du {suggestion}?",
    "msg.unknown_plain": "Unbekannter Befehl {word!r}: hilfe zeigt die Befehle.",
    "msg.needs_card": "Welche Karte? Zum Beispiel: ablegen 7h",
    "msg.bad_choice": "{command} kennt {choices}, nicht {word!r}.",
    "msg.extra": "Zu viele Wörter für {command}; Aufruf: {usage}",
    "msg.needs_file": "Welche Datei? Zum Beispiel: laden spiel.jsonl",
    "msg.no_file": "Es gibt keine Datei {path!r}.",
    "msg.not_number": "{word!r} ist keine Zahl.",
    "msg.game_over": "Das Spiel ist vorbei: mit neu beginnt ein weiteres.",
    "msg.nothing_to_undo": "Nichts zum Zurücknehmen: du hast noch keinen Zug gemacht.",
    "msg.nothing_to_redo": "Nichts zu wiederholen.",
    "msg.undo_after_end": "Das Spiel ist vorbei, das Ergebnis steht. Mit neu beginnt ein weiteres.",
    "msg.undone": "Zurückgenommen: {what}. Du bist wieder dran.",
    "msg.redone": "Wiederholt: {what}.",
    "msg.what_draw": "dein Zug vom Stapel",
    "msg.what_take": "dein Aufnehmen von {card}",
    "msg.what_discard": "dein Ablegen von {card}",
    "msg.now_assisted": "Dieses Spiel gilt jetzt als mit Hilfe gespielt.",
    "msg.hint": "Tipp: {action}",
    "msg.hint_why": "  warum: {reason}",
    "msg.hint_none": "Jetzt kein Tipp: du bist nicht dran.",
    "msg.action_stock": "vom Stapel ziehen",
    "msg.action_take": "{card} vom Ablagestapel nehmen",
    "msg.action_discard": "{card} ablegen",
    "msg.auto_stopped": "Die KI spielt nicht mehr für dich; du bist dran.",
    "msg.narration_skipped": "(Ansage übersprungen)",
    "msg.sorted": "Deine Hand ist jetzt {sort} sortiert.",
    "msg.saved": "Gespeichert in {path} ({n} Ereignisse).",
    "msg.save_failed": "{path} lässt sich nicht speichern: {detail}.",
    "msg.save_overwrite": "{path} gibt es schon. Ersetzen?",
    "msg.save_exists": (
        "Nicht gespeichert: {path} gibt es schon und bleibt, wie es ist "
        "(speichern NAME nimmt einen anderen Namen)."
    ),
    "msg.save_bad_name": "{name!r} taugt nicht als Dateiname.",
    "msg.save_no_folder": "Den Ordner {folder} gibt es nicht; speichern legt keinen an.",
    "msg.empty_name": "Ein Dateiname darf nicht leer sein: {command} NAME.",
    "msg.no_save": "In {folder} ist kein gespeichertes Spiel {name!r}.",
    "msg.no_save_here": "Für die Datei in diesem Ordner: laden ./{name}",
    "msg.loaded": "Geladen: {path}, Seed {seed}, {n} Ereignisse.",
    "msg.load_failed": "{path} kann nicht geladen werden: {detail}",
    "msg.load_prefix": (
        "{path}: die letzte Zeile ist abgeschnitten. Die {n} vollständigen Ereignisse davor laden?"
    ),
    "msg.kept_previous": "Das angefangene Spiel bleibt in {path} erhalten.",
    "msg.new_confirm": "Ein neues Spiel beginnen? Dieses ist noch nicht fertig.",
    "msg.new_game": "Neues Spiel: Seed {seed}, {jokers} Joker, {aces}, Gegner: {level}.",
    "msg.seed": "Seed {seed}: threethirteen play --seed {seed} teilt dieselben Karten aus.",
    "msg.speed": "Tempo: {speed}.",
    "msg.stats_none": "Du hast noch kein Spiel zu Ende gespielt.",
    "msg.crash": (
        "Etwas Unerwartetes ist schiefgegangen ({error}). Die Einzelheiten stehen in {path}; "
        "das Spiel geht weiter."
    ),
    "msg.ai_failed": "Die KI von {seat} ist gescheitert ({error}); {level} spielt diesen Zug.",
    "msg.ctrl_c": "Strg-C leert die Zeile; Strg-D oder ende beendet.",
    "msg.leave_confirm": "Das Spiel verlassen? Es ist gespeichert und kann fortgesetzt werden.",
    "msg.bye": "Das Spiel ist gespeichert: threethirteen setzt es fort.",
    "msg.bye_over": "Auf Wiedersehen.",
    "msg.resume": (
        "Ein angefangenes Spiel ist gespeichert (Seed {seed}, Runde {round}). Weiterspielen?"
    ),
    "msg.resume_prefix": (
        "Das gespeicherte Spiel war abgeschnitten; es geht nach seinen {n} vollständigen "
        "Ereignissen weiter."
    ),
    "msg.resume_broken": (
        "Das gespeicherte Spiel ist nicht lesbar ({detail}); es bleibt als {path} erhalten."
    ),
    "msg.resumed": "Willkommen zurück: Seed {seed}, Runde {round}.",
    "msg.welcome": (
        "Drei-Dreizehn-Rommé: du gegen Links, Oben und Rechts. "
        "Tippe hilfe für die Befehle; Tab ergänzt."
    ),
    "msg.yes_no": " [j/n] ",
    "msg.any_key": "Weiter mit einer beliebigen Taste …",
    "msg.step": "(weiter mit einer beliebigen Taste)",
    "stats.title": "Deine Statistik",
    "stats.line": (
        "gespielt {played} · gewonnen {won} · ohne Sieger {no_winner} · "
        "Summe im Schnitt {average} · beste Summe {best} · mit Hilfe {assisted}"
    ),
    "help.title": "Befehle (Kurzformen in Klammern; Tab ergänzt):",
    "help.more": (
        "hilfe BEFEHL erklärt einen Befehl genauer; Strg-C leert die Zeile, Strg-D beendet."
    ),
    "help.unknown": "Es gibt keinen Befehl {word!r}.",
    "help.usage": "Aufruf: {usage}",
    "help.aliases": "auch: {aliases}",
    "cmd.draw": "oberste Karte vom Stapel ziehen",
    "cmd.take": "oberste Karte vom Ablagestapel nehmen",
    "cmd.discard": "eine Karte ablegen (oder nur die Karte: Dh)",
    "cmd.sort": "Hand nach Farbe, Rang, Meldungen ordnen (F2)",
    "cmd.melds": "deine besten Meldungen und der Rest",
    "cmd.hint": "Zug der starken KI mit Begründung (mit Hilfe)",
    "cmd.auto": "KI spielt Zug/Runde/Spiel für dich (mit Hilfe)",
    "cmd.undo": "deinen letzten Zug zurücknehmen",
    "cmd.redo": "den zurückgenommenen Zug noch einmal spielen",
    "cmd.score": "die Punkteliste, Runde für Runde",
    "cmd.log": "was zuletzt geschah",
    "cmd.rules": "die Regeln dieses Spiels",
    "cmd.new": "ein neues Spiel beginnen",
    "cmd.save": "das Spiel speichern (im Ordner saves)",
    "cmd.load": "ein gespeichertes Spiel laden",
    "cmd.seed": "der Seed dieses Spiels",
    "cmd.speed": "Tempo der Gegner: sofort/schnell/normal/schritt",
    "cmd.stats": "deine Statistik aus allen Spielen",
    "cmd.help": "diese Liste oder hilfe BEFEHL",
    "cmd.quit": "beenden (das Spiel ist gespeichert)",
    "detail.discard": (
        "ablegen Dh, ab Dh, x Dh oder nur Dh. Eine Karte ist Rang und Farbe in einem Wort: "
        "Rang 2-10, B (Bube), D (Dame), K (König), A (Ass); Farbe kr (Kreuz), ka (Karo), "
        "h (Herz), p (Pik), auch ausgeschrieben: 7herz, Bkreuz, 10pik, Kkaro. joker ist ein "
        "Joker. Die englische Schreibweise geht auch (Qh, 10s, Jc, jk)."
    ),
    "detail.undo": (
        "Du kannst beliebig viele Züge zurücknehmen. Gehst du dabei hinter eine Karte "
        "zurück, die du vorher nicht kanntest (vom Stapel gezogen, von einem Gegner "
        "abgelegt), gilt das Spiel als mit Hilfe gespielt."
    ),
    "detail.auto": "auto zug (ohne Angabe), auto runde oder auto spiel.",
    "detail.save": (
        "speichern NAME schreibt NAME.jsonl in den Ordner saves deines Datenordners "
        "(~/.local/share/threethirteen/saves); ein Name mit Schrägstrich ist ein Pfad "
        "(./spiel, ~/spiele/spiel). Nur speichern benennt die Datei nach Seed und Uhrzeit. "
        "Eine vorhandene Datei wird nur ersetzt, wenn du zustimmst."
    ),
    "detail.load": (
        "laden NAME findet ein Spiel dort, wo speichern NAME es hinschreibt: im Ordner saves, "
        "mit .jsonl, wenn es fehlt; ein Name mit Schrägstrich ist ein Pfad (./spiel.jsonl)."
    ),
    "detail.speed": "tempo allein zeigt es; tempo sofort|schnell|normal|schritt setzt es.",
    "detail.sort": (
        "sortieren farbe, rang oder meldungen; ohne Angabe (oder F2) die nächste Ordnung."
    ),
    "rules.title": "Die Regeln dieses Spiels",
    "rules.text": (
        "Zwei Pakete zu 52 Karten{jokers}; {aces}. 11 Runden: in Runde r hat jeder r + 2 "
        "Karten, und die Karten dieses Rangs sind Platzhalter (Dreien in Runde 1 … Könige in "
        "Runde 11); Joker sind immer Platzhalter. Im Zug nimmst du die oberste Karte vom "
        "Stapel oder vom Ablagestapel und legst eine ab (nicht die eben vom Ablagestapel "
        "genommene). Meldungen: ein Satz sind 3+ Karten eines Rangs, eine Folge 3+ Karten "
        "einer Farbe in Reihe ({run_line}, nicht im Kreis); Platzhalter ersetzen jede Karte. "
        "Liegen nach dem Ablegen alle Karten in Meldungen, bist du raus, und alle anderen "
        "haben noch einen Zug. Karten außerhalb von Meldungen kosten: 2-10 ihren Wert, "
        "J Q K (Bube, Dame, König) 10, Ass {ace}, ein Platzhalter 15, ein Joker 20. Nach "
        "Runde 11 gewinnt die niedrigste Summe; teilen sich mehrere die niedrigste, gewinnt "
        "niemand.\n"
        "In dieser Runde ({round}) sind die Karten mit dem Rang {wild} Platzhalter."
    ),
    "rules.jokers": " und {n} Joker",
    "rules.run_low": "A-2-3 … J-Q-K",
    "rules.run_high": "2-3-4 … Q-K-A",
    "rules.between": "zwischen den Runden",
    "word.stock_card": "eine Karte vom Stapel",
    "word.nothing": "nichts",
}

EN.update(replay_texts.EN)
DE.update(replay_texts.DE)
EN.update(cli_texts.EN)
DE.update(cli_texts.DE)

class Texts:
    """The sentences of one language: ``texts("msg.seed", seed=7)``."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang if lang in LANGUAGES else "en"
        self._table = DE if self.lang == "de" else EN

    def __call__(self, key: str, **params: object) -> str:
        """The sentence ``key`` with its blanks filled; in German a parameter ``x_de``
        fills ``x`` (the grammar gives usages and choices in both languages)."""
        template = self._table.get(key) or EN[key]
        if self.lang == "de":
            params |= {name[:-3]: value for name, value in params.items() if name.endswith("_de")}
        return template.format(**params) if params else template

    def has(self, key: str) -> bool:
        """Whether ``key`` is a sentence of this game (in any language)."""
        return key in EN

    def seat(self, seat: int) -> str:
        """A seat's name: You, Left, Top, Right (Du, Links, Oben, Rechts)."""
        return self(f"seat.{seat}")

    def join(self, names: list[str]) -> str:
        """``a, b and c``."""
        if len(names) <= 1:
            return "".join(names)
        return ", ".join(names[:-1]) + self("and") + names[-1]

    def reason(self, text: str, *, action: bool = True) -> str:
        """An AI's recorded reason in this language, without the action it starts with
        (``discard 9♣: …``) when that is said on its own. A reason of another program's
        player keeps its words."""
        parsed = parse_reason(text)
        if parsed is None:
            head, colon, rest = text.partition(ACTION_SEPARATOR)
            acts = colon and head.split(" ")[0] in ("draw", "take", "discard")
            return rest if acts and not action else text
        templates = REASONS_DE if self.lang == "de" else CLAUSES
        first, *clauses = [
            templates[key].format(**{field: self._field(field, v) for field, v in p.items()})
            for key, p in parsed
        ]
        return reason(first, *clauses) if action else CLAUSE_SEPARATOR.join(clauses)

    def _field(self, field: str, value: str) -> str:
        """A field of a reason as this language writes it: a decimal comma in German
        (``7,5``), groups of cards spaced and joined by its ``and``."""
        if FIELDS[field] == GROUPS:
            return self.join([" ".join(group) for group in read_groups(value)])
        german = self.lang == "de" and FIELDS[field] == DECIMAL
        return value.replace(".", ",") if german else value

    def error(self, error: GameError) -> str:
        """An engine error in this language (the engine's English when no translation exists)."""
        said = self._error_reason(error)
        line = getattr(error, "line", None)
        if isinstance(error, LogFormatError) and line is not None:
            word = "Zeile" if self.lang == "de" else "line"
            return f"{word} {line}: {said}"
        return said

    def _error_reason(self, error: GameError) -> str:
        if self.lang == "en" or error.key not in ENGINE_DE:
            return error.reason if isinstance(error, LogFormatError) else str(error)
        params = {key: self._param(key, value) for key, value in error.params.items()}
        try:
            return ENGINE_DE[error.key].format(**params)
        except (KeyError, IndexError, ValueError):
            return str(error)

    def _param(self, key: str, value: object) -> object:
        if isinstance(value, str):
            if value in SEAT_NAMES:
                return SEATS_DE[SEAT_NAMES.index(value)]
            if value == "a card from the stock":
                return self("word.stock_card")
            if value == "nothing":
                return self("word.nothing")
            if key == "action":
                return ACTIONS_DE.get(value, value)
        return value


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """``de`` when the locale (LC_ALL, LC_MESSAGES, LANG, LANGUAGE) says German, else ``en``."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(name, "")
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"
