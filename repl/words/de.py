"""Everything German the terminal program says or reads, in one file for the translator.

The sentences (:data:`TEXTS`, the keys of :data:`repl.words.en.TEXTS`), the engine's
errors (:data:`ERRORS`, the keys of :data:`core.errors.MESSAGES`) and the words of their
parameters, the clauses of the AI's reasons (:data:`REASONS`, the keys of
:data:`core.ai.reasons.CLAUSES`), the card words a player types, the names and short
forms of the commands, their choices and usage placeholders, and the yes key. A
template has the same ``{fields}`` as its English one (the tests check it).

This module is only data, so it is longer than the other modules: one table per topic,
in the order a translator meets them.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # seats and words
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
    "player.human": "Mensch",
    "player.greedy": "gierig",
    "player.easy": "leicht",
    "player.medium": "mittel",
    "player.hard": "stark",
    # the table
    "table.header": "Runde {round}/11 · {size} Karten · Platzhalter: {wild} · Geber: {dealer}",
    "table.piles": "Stapel: {stock} Karten · Ablagestapel: ",
    "table.empty_pile": "leer",
    "table.total": "Stand {total:>3}",
    "table.out": "RAUS",
    "table.last_turn": "letzter Zug",
    "table.hand": "Deine Hand, {sort}:",
    "table.best": "Beste Meldungen:",
    "table.best_after": "Beste Meldungen nach Ablegen von {card}:",
    "table.no_melds": "noch keine Meldung",
    "table.left_over": "übrig:",
    "table.penalty": "Strafpunkte {penalty}",
    "table.taken": "(vom Ablagestapel: in diesem Zug nicht ablegen)",
    "table.assisted": "mit Hilfe",
    "act.drew": "zog",
    "act.took": "nahm {card}",
    "act.discarded": "legte {card} ab",
    "act.went_out": "ging raus",
    "act.none": "—",
    # the toolbar
    "bar.draw": "du bist dran: ziehen oder nehmen",
    "bar.discard": "du bist dran: ablegen",
    "bar.waiting": "{seat} spielt",
    "bar.waiting_away": "wartet auf {seat} (weg)",
    "bar.waiting_auto": "die KI spielt für {seat} (auto)",
    "bar.over": "Spiel vorbei: neu oder ende",
    "bar.round": "Runde {round}/11",
    "bar.wild": "Platzhalter {wild}",
    "bar.time_left": "noch {seconds} s",
    "bar.penalty": "Strafpunkte {penalty}",
    "bar.keys": "F2: sortieren",
    "meta.penalty_after_wild": "Strafpunkte danach: {n} · Platzhalter",
    "meta.penalty_after": "Strafpunkte danach: {n}",
    # narration
    "say.you_draw": "Du ziehst {card} vom Stapel.",
    "say.you_take": "Du nimmst {card} vom Ablagestapel.",
    "say.you_discard": "Du legst {card} ab.",
    "say.ai_draw": "{seat} zieht vom Stapel",
    "say.ai_take": "{seat} nimmt {card} vom Ablagestapel",
    "say.ai_discard": ", legt {card} ab.",
    "say.auto": " (auto)",
    "say.you_out": "Du gehst raus: {melds}. Alle anderen haben noch einen letzten Zug.",
    "say.ai_out": "{seat} geht raus: {melds}. Alle anderen haben noch einen letzten Zug.",
    "say.rebuilt": (
        "Der Stapel ist leer: Der Ablagestapel wird gemischt und ist der neue Stapel ({n}/2)."
    ),
    "say.dealt": "Runde {round}/11 · Geber: {dealer} · je {size} Karten · Platzhalter: {wild}",
    "say.hint_used": "Du hast dir einen Tipp geben lassen.",
    "say.auto_used": "Du hast die KI spielen lassen.",
    "say.coach_used": "Du hast den Trainer eingeschaltet.",
    "say.undo_used": "Du hast einen Zug zurückgenommen, nachdem du eine neue Karte gesehen hast.",
    # end of a round and of the game
    "round.over_out": "Runde {round} ist vorbei: {seat} ist rausgegangen.",
    "round.over_you": "Runde {round} ist vorbei: Du bist rausgegangen.",
    "round.over_stock": "Runde {round} ist vorbei: Der Stapel war zum dritten Mal leer.",
    "round.over_turns": "Runde {round} ist vorbei: Der {turns}. Zug ist gespielt.",
    "round.line": "Strafpunkte {penalty:>3} · Stand {total:>3}",
    "round.went_out": "raus",
    "round.next": "Weiter mit einer beliebigen Taste: Runde {round} wird gegeben.",
    "round.last": "Weiter mit einer beliebigen Taste: das Ergebnis.",
    "chart.title": "Strafpunkte Runde für Runde (· keine, ▁ wenige … █ {most}):",
    "chart.total": "Stand {total}",
    "sheet.title": "Punkteliste",
    "sheet.round": "Runde",
    "sheet.wild": "Platzhalter",
    "sheet.out": "raus",
    "sheet.total": "Stand",
    "sheet.nobody": "(Stapel)",
    "sheet.hint": "(punkte zeigt jede Runde der Punkteliste)",
    "sheet.empty": "Es ist noch keine Runde gewertet.",
    "game.over": "Das Spiel ist nach 11 Runden vorbei.",
    "game.you_win": "Du gewinnst mit {total}!",
    "game.winner": "{seat} gewinnt mit {total}.",
    "game.nobody": (
        "Niemand gewinnt: {seats} teilen sich den niedrigsten Stand, {total} "
        "(bei Gleichstand gewinnt keiner)."
    ),
    "game.your_total": "Dein Stand: {total}, Platz {place} von {seats}.",
    "game.next": "Mit neu beginnt ein weiteres Spiel, mit ende ist Schluss.",
    "game.assisted": (
        "Dieses Spiel wurde mit Hilfe gespielt (Tipp, auto oder zurück hinter eine gesehene Karte)."
    ),
    "and": " und ",
    # answers to commands
    "msg.line_too_long": (
        "Diese Zeile ist zu lang: Ein Befehl hat höchstens {limit} Zeichen. Strg-C leert sie."
    ),
    "msg.unknown": "Unbekannter Befehl {word!r}: meintest du {suggestion}?",
    "msg.unknown_plain": "Unbekannter Befehl {word!r}: hilfe zeigt die Befehle.",
    "msg.needs_card": "Welche Karte? Zum Beispiel: ablegen 7h",
    "msg.bad_choice": "{command} kennt {choices}, nicht {word!r}.",
    "msg.take_no_card": (
        "{command} nimmt die oberste Karte des Ablagestapels, welche es auch ist: Eine Karte "
        "wird nicht genannt. Gib {typed} allein ein, nicht {typed} {word}."
    ),
    "msg.extra": "Zu viele Wörter für {command}; Aufruf: {usage}",
    "msg.needs_file": "Welche Datei? Zum Beispiel: laden spiel.jsonl",
    "msg.no_file": "Es gibt keine Datei {path!r}.",
    "msg.not_number": "{word!r} ist keine Zahl.",
    "msg.game_over": "Das Spiel ist vorbei: Mit neu beginnt ein weiteres.",
    "msg.nothing_to_undo": "Nichts zum Zurücknehmen: Du hast noch keinen Zug gemacht.",
    "msg.nothing_to_redo": "Nichts zu wiederholen.",
    "msg.undo_after_end": "Das Spiel ist vorbei, das Ergebnis steht. Mit neu beginnt ein weiteres.",
    "msg.undone": "Zurückgenommen: {what}. Du bist wieder dran.",
    "msg.redone": "Wiederholt: {what}.",
    "msg.what_draw": "dein Ziehen vom Stapel",
    "msg.what_take": "dein Nehmen von {card}",
    "msg.what_discard": "dein Ablegen von {card}",
    "msg.now_assisted": "Dieses Spiel gilt jetzt als mit Hilfe gespielt.",
    "msg.hint": "Tipp: {action}",
    "msg.hint_why": "  warum: {reason}",
    "msg.hint_none": "Jetzt kein Tipp: Du bist nicht dran.",
    "msg.action_stock": "vom Stapel ziehen",
    "msg.action_take": "{card} vom Ablagestapel nehmen",
    "msg.action_discard": "{card} ablegen",
    "msg.auto_stopped": "Die KI spielt nicht mehr für dich; du bist dran.",
    "msg.auto_off": "Auto ist aus: Du spielst deine Züge wieder selbst.",
    "msg.auto_was_off": "Die KI spielt gerade nicht für dich: Deine Züge sind deine.",
    "msg.auto_next_turn": (
        "Die KI spielt deinen nächsten Zug für dich (dein Spiel gilt als mit Hilfe gespielt)."
    ),
    "msg.auto_next_round": (
        "Die KI spielt ab deinem nächsten Zug deine Züge bis zum Ende dieser Runde (dein Spiel "
        "gilt als mit Hilfe gespielt)."
    ),
    "msg.auto_next_game": (
        "Die KI spielt ab deinem nächsten Zug den Rest des Spiels für dich (dein Spiel gilt als "
        "mit Hilfe gespielt)."
    ),
    "msg.narration_skipped": "(Ansage übersprungen)",
    "msg.sorted": "Deine Hand ist jetzt {sort} sortiert.",
    "msg.saved": "Gespeichert in {path} ({n} Ereignisse).",
    "msg.save_failed": "{path} lässt sich nicht speichern: {detail}.",
    "msg.save_overwrite": "{path} gibt es schon. Ersetzen?",
    "msg.save_replace_odd": (
        "{path} ist {kind}, keine Datei. Durch das gespeicherte Spiel ersetzen?"
    ),
    "file.link": "ein symbolischer Link",
    "file.fifo": "eine benannte Pipe",
    "file.device": "ein Gerät",
    "file.socket": "ein Socket",
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
        "{path}: Die letzte Zeile ist abgeschnitten. Die {n} vollständigen Ereignisse davor laden?"
    ),
    "msg.kept_previous": (
        "Das angefangene Spiel bleibt in {path} erhalten: laden {name} holt es zurück."
    ),
    "msg.wild_caution": (
        "{card} ist ein Platzhalter: Er kann jede Meldung vervollständigen. Enter noch "
        "einmal legt ihn ab; Strg-C leert die Zeile."
    ),
    "replay.list_open": "Öffnen mit: threethirteen replay NAME (oder --verify, --analyze)",
    "msg.kept_games": "{n} angefangene Spiele sind beiseitegelegt: laden zeigt sie.",
    "msg.kept_game_one": "Ein angefangenes Spiel ist beiseitegelegt: laden zeigt es.",
    "msg.resume_left": (
        "Nichts wurde geändert: Das angefangene Spiel bleibt gespeichert, und der nächste "
        "Start bietet es wieder an."
    ),
    "meta.kept_game": "angefangen, beiseitegelegt",
    "load.saves": "Gespeicherte Spiele (laden NAME öffnet eines):",
    "load.kept": "Beiseitegelegte angefangene Spiele (laden NAME holt eines zurück):",
    "load.none": "Kein gespeichertes Spiel in {folder} und kein angefangenes beiseitegelegt.",
    "load.entry": "Seed {seed}, Runde {round}",
    "load.entry_over": "Seed {seed}, zu Ende",
    "load.unreadable": "nicht lesbar",
    "msg.new_confirm": "Ein neues Spiel beginnen? Dieses ist noch nicht fertig.",
    "msg.new_game": "Neues Spiel: Seed {seed}, {jokers} Joker, {aces}, Gegner: {level}.",
    "msg.seed": "Seed {seed}: threethirteen play --seed {seed} teilt dieselben Karten aus.",
    "msg.speed": "Tempo: {speed}.",
    "msg.speed_kept": "Tempo: {speed}; gilt auch für deine nächsten Spiele.",
    "msg.stats_broken": (
        "Die Statistikdatei war beschädigt: Sie bleibt als {path} erhalten, "
        "und die Zählung beginnt neu."
    ),
    "msg.stats_not_saved": ("Dieses Spiel konnte nicht in deine Statistik eingehen ({detail})."),
    "msg.stats_unreadable": "Die Statistik lässt sich nicht lesen ({detail}).",
    "msg.not_a_file": "sie ist keine reguläre Datei; sie bleibt, wie sie ist",
    "msg.stats_none": "Du hast noch kein Spiel zu Ende gespielt.",
    "msg.crash": (
        "Etwas Unerwartetes ist schiefgegangen ({error}). Die Einzelheiten stehen in {path}; "
        "das Spiel geht weiter."
    ),
    "msg.ai_failed": "Die KI von {seat} ist gescheitert ({error}); {level} spielt diesen Zug.",
    "msg.ctrl_c": "Strg-C leert die Zeile; Strg-D oder ende beendet.",
    "msg.leave_confirm": "Das Spiel verlassen? Es ist gespeichert und kann fortgesetzt werden.",
    "msg.bye": "Das Spiel ist gespeichert: threethirteen setzt es fort.",
    "msg.autosave_failed": (
        "Das Spiel konnte nicht gespeichert werden ({detail}). Es geht im Speicher weiter "
        "und wird wieder gespeichert, sobald auf der Platte Platz ist."
    ),
    "msg.autosave_not_writable": (
        "In den Datenordner {path} kann nicht geschrieben werden ({detail}): Dieses Spiel "
        "wird nicht automatisch gespeichert. Es geht im Speicher weiter (speichern NAME "
        "bewahrt es anderswo auf)."
    ),
    "msg.kept_in_place": (
        "Das angefangene Spiel konnte nicht beiseitegelegt werden ({detail}): Es bleibt in "
        "{path}, und dieses Spiel wird nicht automatisch gespeichert."
    ),
    "msg.kept_in_place_read_only": (
        "In den Datenordner {folder} kann nicht geschrieben werden ({detail}): Das angefangene "
        "Spiel bleibt in {path}, und dieses Spiel wird nicht automatisch gespeichert."
    ),
    "msg.autosave_again": "Das Spiel wird wieder gespeichert.",
    "msg.leave_save_failed": (
        "Beenden? Die letzten Züge konnten nicht gespeichert werden ({detail}) und gingen "
        "verloren (speichern NAME bewahrt das Spiel anderswo auf)."
    ),
    "msg.bye_save_failed": (
        "Auf Wiedersehen. (Die letzten Züge konnten nicht gespeichert werden.)"
    ),
    "msg.locked": (
        "In einem anderen Terminal läuft schon ein Spiel (Prozess {pid}) mit demselben Datenordner."
    ),
    "msg.locked_separate": (
        "Hier ein eigenes Spiel spielen? Es wird nicht automatisch gespeichert "
        "und zählt nicht für deine Statistik."
    ),
    "msg.locked_watch": (
        "Stattdessen jenes Spiel nur ansehen (seine automatische Sicherung, als "
        "Wiedergabe beim letzten Zug)?"
    ),
    "msg.locked_bye": "Auf Wiedersehen: Das Spiel im anderen Terminal geht weiter.",
    "msg.separate_game": (
        "Ein eigenes Spiel: Es wird nicht automatisch gespeichert und zählt nicht "
        "(speichern NAME bewahrt es auf)."
    ),
    "msg.no_data_folder": (
        "Der Datenordner {path} ist nicht nutzbar ({detail}): Dort wird nichts aufbewahrt "
        "(kein automatisches Speichern, keine Statistik, kein Verlauf)."
    ),
    "msg.history_unusable": (
        "Der Verlauf der Eingabezeile wird nicht aufbewahrt: {path} ist keine Datei."
    ),
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
    "msg.first_game": (
        "Zum ersten Mal dabei? ende, dann threethirteen learn: ein erstes Spiel mit Hinweisen."
    ),
    "msg.welcome": (
        "Drei-Dreizehn-Rommé: du gegen {opponents}. Tippe hilfe für die Befehle; Tab ergänzt."
    ),
    "play.bad_players": "--players ist eine Zahl von {least} bis {most}, nicht {value}.",
    "play.bad_levels": (
        "--levels nennt eine Stufe oder eine für jeden deiner {n} Gegner (im Uhrzeigersinn "
        "von links): {count} in {value}; jede ist easy, medium oder hard."
    ),
    "play.bad_jokers": (
        "{jokers} Joker passen nicht zu {seats} Spielern: Sie spielen mit {decks}, mit 0, "
        "{one} oder {two} Jokern."
    ),
    "play.decks.1": "einem Paket",
    "play.decks.2": "zwei Paketen",
    "play.decks.3": "drei Paketen",
    "msg.yes_no": " [j/n] ",
    "msg.yes_no_enter_yes": " [J/n] ",
    "msg.any_key": "Weiter mit einer beliebigen Taste …",
    "msg.step": "(weiter mit einer beliebigen Taste)",
    "stats.title": "Deine Statistik",
    "stats.line": (
        "gespielt {played}, davon mit Hilfe {assisted} · allein gespielt {own}: "
        "gewonnen {won} · ohne Sieger {no_winner} · Stand im Schnitt {average} · "
        "bester Stand {best}"
    ),
    "stats.assisted_note": (
        "Ein Spiel mit Hilfe (die KI spielte für dich, ein Tipp, ein Zurücknehmen über eine "
        "gesehene Karte hinaus) zählt nur als gespielt und mit Hilfe: nicht als Sieg, nicht "
        "im Schnitt und nicht als dein bester Stand."
    ),
    # help
    "help.title_first": "Deine Züge (Kurzformen in Klammern; Tab ergänzt):",
    "help.groups": "Mehr Hilfe:",
    "help.group.moves": "Deine Züge (Kurzformen in Klammern; Tab ergänzt):",
    "help.group.table": "Am Tisch (Kurzformen in Klammern):",
    "help.group.game": "Die Partie (Kurzformen in Klammern):",
    "help.group.keys": "Tasten:",
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
    "cmd.load": "ein gespeichertes Spiel laden; allein: die Liste",
    "cmd.seed": "der Seed dieses Spiels",
    "cmd.speed": "Tempo der Gegner: sofort/schnell/normal/schritt",
    "cmd.coach": "nach teurem Zug: was die starke KI täte",
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
    "detail.auto": (
        "auto zug (ohne Angabe), auto runde oder auto spiel, jederzeit: Die KI spielt ab deinem "
        "nächsten Zug (oder diesem); auto aus gibt dir deine Züge zurück."
    ),
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
    "detail.coach": (
        "Mit dem Trainer sagt das Spiel nach jedem deiner Züge, der im Schnitt mindestens zwei "
        "Strafpunkte mehr kostet als die Wahl der starken KI, in einer Zeile, was sie getan "
        "hätte und warum (so wie replay --analyze es sagt); vor dem Zug verrät er nichts. Ein "
        "Spiel mit Trainer gilt als mit Hilfe. trainer allein zeigt, ob er an ist; --coach "
        "oder coach = true in der Konfiguration schalten ihn für jedes Spiel ein."
    ),
    "detail.sort": (
        "sortieren farbe, rang oder meldungen; ohne Angabe (oder F2) die nächste Ordnung."
    ),
    # rules
    "rules.title": "Die Regeln dieses Spiels",
    "rules.text": (
        "{cards}{jokers}; {aces}. 11 Runden: In Runde r hat jeder r + 2 "
        "Karten, und die Karten dieses Rangs sind Platzhalter (Dreien in Runde 1 … Könige in "
        "Runde 11); Joker sind immer Platzhalter. Im Zug nimmst du die oberste Karte vom "
        "Stapel oder vom Ablagestapel und legst eine ab (nicht die eben vom Ablagestapel "
        "genommene). Meldungen: Ein Satz sind 3+ Karten eines Rangs, eine Folge 3+ Karten "
        "einer Farbe in Reihe ({run_line}, nicht im Kreis); Platzhalter ersetzen jede Karte. "
        "Liegen nach dem Ablegen alle Karten in Meldungen, bist du raus, und alle anderen "
        "haben noch einen Zug. Karten außerhalb von Meldungen kosten: 2-10 ihren Wert, "
        "B D K (Bube, Dame, König) 10, Ass {ace}, ein Platzhalter 15, ein Joker 20. Nach "
        "Runde 11 gewinnt der niedrigste Stand; teilen sich mehrere den niedrigsten, gewinnt "
        "niemand.\n"
        "In dieser Runde ({round}) sind die Karten mit dem Rang {wild} Platzhalter."
    ),
    "rules.wild_mark": (
        "Platzhalter stehen fett und unterstrichen; ohne Farben (NO_COLOR) enden sie auf "
        "{mark}: [3♥{mark} 4♦ 5♦]."
    ),
    "rules.jokers": " und {n} Joker",
    "rules.players": "{seats} Spieler. ",
    "rules.decks.1": "Ein Paket zu 52 Karten",
    "rules.decks.2": "Zwei Pakete zu 52 Karten",
    "rules.decks.3": "Drei Pakete zu 52 Karten",
    "rules.run_low": "A-2-3 … B-D-K",
    "rules.run_high": "2-3-4 … D-K-A",
    "rules.between": "zwischen den Runden",
    # the engine's errors (their sentences are the engine's own)
    "error.at_line": "Zeile {line}: {error}",
    # a verified log (replay --verify)
    "verify.over": ("in Ordnung: Seed {seed}, {n} Ereignisse, 11 Runden, Stand {totals}, {result}"),
    "verify.open": (
        "in Ordnung: Seed {seed}, {n} Ereignisse, angefangen, in Runde {round}, Stand {totals}"
    ),
    "verify.winner": "{seat} gewinnt",
    "verify.you_win": "du gewinnst",
    "verify.nobody": "niemand gewinnt",
    "verify.mid_move": (
        "das Protokoll endet mitten in einem Zug: Seed {seed}, {n} Ereignisse, Runde {round}; "
        "der Rest des Zugs fehlt"
    ),
    "verify.unseeded": (
        "; das Geben ließ sich nicht prüfen: das Protokoll ist nicht aus seinem Seed gegeben"
    ),
    # the replay mode's commands
    "replay.cmd.next": "ein Ereignis vor (oder Enter); weiter zug|runde",
    "replay.cmd.prev": "ein Ereignis zurück; zurück zug, zurück runde",
    "replay.cmd.round": "zum Geben der Runde N",
    "replay.cmd.goto": "zu Ereignis N (die seq seiner Zeile in der Datei)",
    "replay.cmd.start": "zum ersten Ereignis",
    "replay.cmd.end": "zum letzten Ereignis",
    "replay.cmd.score": "die Punkteliste bis hierher",
    "replay.cmd.sort": "Deine Hand nach Farbe, Rang, Meldungen (F2)",
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
    "replay.help.more_seat": (
        "hilfe BEFEHL erklärt einen Befehl genauer. Bis das Spiel vorbei ist, liegt nur "
        "deine Hand offen; zu jedem KI-Zug steht seine Begründung."
    ),
    "replay.meta.round": "Ereignis {event} · Platzhalter {wild}",
    "msg.needs_number": "Welche Zahl? Aufruf: {usage}",
    # what the replay says
    "replay.intro": "Wiedergabe von {name}: Seed {seed}, {n} Ereignisse, {result}.",
    "replay.intro_keys": "Enter oder weiter geht vorwärts; hilfe zeigt die Befehle.",
    "replay.result_over": "ein zu Ende gespieltes Spiel",
    "replay.result_open": "angefangen, in Runde {round}",
    "replay.not_verified": (
        "Dieses Protokoll besteht die Prüfung nicht ({detail}); es wird gezeigt, wie es "
        "aufgezeichnet ist. threethirteen replay DATEI --verify sagt mehr."
    ),
    "replay.started": "Das Spiel beginnt: Seed {seed}, {jokers}, {aces}; erster Geber: {dealer}.",
    "replay.no_jokers": "keine Joker",
    "replay.jokers": "{n} Joker",
    "replay.players": "Wer an welchem Platz spielt: {players}.",
    "replay.seat_player": "{seat}: {player}",
    "replay.player.human": "ein Mensch",
    "replay.player.greedy": "die gierige KI",
    "replay.player.easy": "die leichte KI",
    "replay.player.medium": "die mittlere KI",
    "replay.player.hard": "die starke KI",
    "replay.player.other": "das Programm {name}",
    "replay.seat_only": (
        "Dieses Spiel läuft noch: Es wird so gezeigt, wie du es erlebt hast, nur mit deiner "
        "eigenen Hand (alle Hände, sobald das Spiel vorbei ist)."
    ),
    "replay.face_up": "Dieses Spiel läuft noch, und alle Hände werden offen gezeigt.",
    "replay.face_up_own": (
        "{path} ist ein Spiel von dir, das noch läuft: Es wird nur von deinem Platz aus "
        "gezeigt, bis es vorbei ist (--face-up ist für das Spiel eines anderen, einen "
        "Fehlerbericht, den man dir geschickt hat)."
    ),
    "replay.draw": "{seat} zieht {card} vom Stapel.",
    "replay.take": "{seat} nimmt {card} vom Ablagestapel.",
    "replay.discard": "{seat} legt {card} ab.",
    "analyze.head": (
        "{seat}: Bei {differ} von {made} Entscheidungen (eine Karte genommen, eine abgelegt) "
        "wählt die starke KI anders. {costliest}, jede mit den Strafpunkten, die sie im "
        "Schnitt bis zum Ende der Runde kostet (+2,0: zwei mehr als die Wahl der starken KI):"
    ),
    "analyze.costliest_one": "Die teuerste",
    "analyze.costliest": "Die {n} teuersten",
    "analyze.line": "Runde {round}, {move}: {advice}, +{cost} erwartet (Ereignis {seq})",
    "analyze.you_drew": "du hast vom Stapel gezogen",
    "analyze.you_took": "du hast {card} vom Ablagestapel genommen",
    "analyze.you_discarded": "du hast {card} abgelegt",
    "analyze.drew": "{seat} hat vom Stapel gezogen",
    "analyze.took": "{seat} hat {card} vom Ablagestapel genommen",
    "analyze.discarded": "{seat} hat {card} abgelegt",
    "analyze.ai_draws": "die starke KI zieht vom Stapel",
    "analyze.ai_takes": "die starke KI nimmt die oberste Karte vom Ablagestapel",
    "analyze.ai_discards": "die starke KI legt {advised} ab und behält {played}",
    "coach.line": "Trainer: {move}; {advice} (+{cost} Strafpunkte erwartet): {why}",
    "coach.line_plain": "Trainer: {move}; {advice} (+{cost} Strafpunkte erwartet).",
    "msg.coach_on": (
        "Der Trainer ist an: Nach einem teuren Zug sagt er, was die starke KI getan hätte "
        "(dein Spiel gilt ab deinem nächsten Zug als mit Hilfe)."
    ),
    "msg.coach_off": "Der Trainer ist aus.",
    "msg.coach_is_on": "Der Trainer ist an (trainer aus schaltet ihn aus).",
    "msg.coach_is_off": "Der Trainer ist aus (trainer an schaltet ihn ein).",
    "analyze.none": "keine: Jede Wahl war so gut wie die der starken KI oder besser",
    "replay.help_used": "{seat} hat Hilfe genommen ({help}).",
    "replay.why": "warum: {reason}",
    "replay.at_end": "Das ist das letzte Ereignis ({n}/{n}): zurück oder anfang gehen zurück.",
    "replay.at_start": "Das ist das erste Ereignis: weiter (oder Enter) geht vorwärts.",
    "replay.no_later_round": "In diesem Protokoll gibt es keine spätere Runde.",
    "replay.no_earlier_round": "In diesem Protokoll gibt es keine frühere Runde.",
    "replay.no_round": (
        "Runde {round} ist nicht in diesem Protokoll: Es hat die Runden {first} bis {last}."
    ),
    "replay.no_event": (
        "Es gibt kein Ereignis {number}: Dieses Protokoll hat die Ereignisse 1 bis {n}."
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
    "replay.not_found": (
        "{name!r} ist nicht zu finden. Gesucht wurde: die Datei {file}; ein unter diesem "
        "Namen gespeichertes Spiel, {save} (dorthin schreibt speichern NAME); ein "
        "mitgeliefertes Spiel dieses Namens (threethirteen replay --list nennt sie); ein Spiel "
        "deines Verlaufs, dessen Protokoll aufbewahrt ist (threethirteen history listet sie)."
    ),
    "replay.not_found_file": (
        "{name!r} ist nicht zu finden. Gesucht wurde: die Datei {file} (auch mit .jsonl); ein "
        "mitgeliefertes Spiel dieses Namens (threethirteen replay --list nennt sie); ein Spiel "
        "deines Verlaufs, dessen Protokoll aufbewahrt ist (threethirteen history listet sie)."
    ),
    "replay.cannot_open": "{path} lässt sich nicht wiedergeben: {detail}",
    "replay.bad_at": (
        "Bei Ereignis {number} lässt sich nicht beginnen: {path} hat die Ereignisse 1 bis {n}."
    ),
    # report
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
    # play --replay-to
    "msg.rebuilt": "Nachgespielt aus {path}: Seed {seed}, Ereignisse 1 bis {n} von {total}.",
    "msg.rebuilt_moved": (
        "Ereignis {asked} liegt mitten in einem Zug ({events} folgen aus demselben Zug); "
        "das Spiel wird bis Ereignis {n} nachgespielt, wo dieser Zug endet."
    ),
    "msg.rebuilt_truncated": (
        "(Zeile {line} der Datei ist abgeschnitten; es gelten die Ereignisse davor.)"
    ),
    "msg.rebuilt_unsaved": (
        "Du spielst den Platz, den das Protokoll Du nennt. Dieses Spiel wird nicht "
        "automatisch gespeichert: speichern NAME bewahrt es auf."
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
    # a script (or a pipe) that stops at its first refused line
    "script.not_text": (
        "Skriptzeile {line}: '{command}' ist kein Text: Ein Byte darin ist kein UTF-8. "
        "Der Rest des Skripts wird nicht ausgeführt."
    ),
    "script.failed": (
        "Skriptzeile {line}: {command!r} — {reason} Der Rest des Skripts wird nicht ausgeführt."
    ),
    # the config file
    "config.where": "{path}, Zeile {line}",
    "config.not_toml": (
        "{where}: Das ist kein TOML ({detail}); alle Einstellungen haben ihren Standardwert."
    ),
    "config.unknown": (
        "{where}: Es gibt keine Einstellung {setting}; die Einstellungen sind level, speed, "
        "language, sort, players, jokers, aces, color und coach."
    ),
    "config.bad_value": (
        "{where}: {setting} nimmt {choices}, nicht {value}; der Standardwert gilt ({default})."
    ),
    "config.not_a_file": "{path} ist keine Datei; alle Einstellungen haben ihren Standardwert.",
    "config.too_big": (
        "{path} ist größer als {kib} KiB, zu groß für eine Einstellungsdatei; alle "
        "Einstellungen haben ihren Standardwert."
    ),
    "config.too_deep": (
        "{path} verschachtelt seine Werte zu tief für eine Einstellungsdatei; alle "
        "Einstellungen haben ihren Standardwert."
    ),
    "config.unreadable": (
        "{path} lässt sich nicht lesen ({detail}); alle Einstellungen haben ihren Standardwert."
    ),
    "config.or": " oder ",
    "config.from_environment": "aus LANG",
    # the keys the prompt knows, listed by help (repl.kit.keys.KEY_HELP)
    "keys.title": "Tasten:",
    "keys.ctrl": "Strg",
    "keys.tab": "Befehle, Karten (Strafpunkte danach), Dateien ergänzen",
    "keys.history": "frühere Befehle; im offenen Menü seine Einträge",
    "keys.suggestion": "den Vorschlag aus dem Verlauf übernehmen",
    "keys.enter": "Zeile ausführen (oder das im Menü Markierte nehmen)",
    "keys.sort": "auf leerer Zeile: die Hand anders ordnen",
    "keys.clear": "Zeile leeren; die Züge der Gegner überspringen",
    "keys.leave": "auf leerer Zeile: beenden (mit Rückfrage)",
    "replay.keys.tab": "Befehle, ihre Auswahl, Rundennummern ergänzen",
    "replay.keys.history": "frühere Befehle; im offenen Menü seine Einträge",
    "replay.keys.suggestion": "den Vorschlag aus dem Verlauf übernehmen",
    "replay.keys.enter": "Zeile ausführen; auf leerer Zeile: ein Ereignis vor",
    "replay.keys.sort": "auf leerer Zeile: deine Hand anders ordnen",
    "replay.keys.clear": "Zeile leeren",
    "replay.keys.leave": "auf leerer Zeile: die Wiedergabe beenden",
}
"""The sentences, by the keys of :data:`repl.words.en.TEXTS`."""

ERRORS: dict[str, str] = {
    "not_a_card": (
        "{text!r} ist keine Karte: schreib Rang und Farbe in einem Wort, den Rang 2-10, "
        "B D K A (Bube, Dame, König, Ass), die Farbe kr ka h p (Kreuz, Karo, Herz, Pik), "
        "etwa 7h, Dkr oder 10pik, oder joker"
    ),
    "bad_jokers": "Joker: 0, {one} oder {two} (keiner, einer oder zwei je Paket), nicht {jokers}",
    "bad_decks": "ein Spiel wird mit 1 bis {most} Paketen gespielt, nicht mit {decks}",
    "bad_round": "es gibt keine Runde {round_no}: ein Spiel hat die Runden 1 bis 11",
    "bad_seat": "es gibt keinen Platz {number}",
    "bad_players": "ein Spiel braucht 2 bis 8 Spieler, einen je Platz, nicht {count}",
    "bad_seat_count": "ein Spiel hat seine {count} Plätze, und {field} nennt {given}",
    "too_few_decks": (
        "{decks} Pakete reichen nicht, um Runde 11 an {count} Spieler zu geben und einen "
        "Stapel zu lassen: spielt mit {least} oder mehr"
    ),
    "bad_salt": "ein Salz hat 1 bis 64 kleine Hexadezimalziffern",
    "bad_seat_names": (
        "ein Spiel benennt seine {seats} Plätze mit je 1 bis 40 druckbaren Zeichen, nicht {count}"
    ),
    "no_game": "es läuft kein Spiel",
    "game_started": "das Spiel hat schon begonnen",
    "game_over": "das Spiel ist vorbei",
    "not_your_turn": "{seat}: {action} geht jetzt nicht, {turn} ist dran",
    "already_drawn": "du hast in diesem Zug schon eine Karte genommen ({card}); leg eine ab",
    "draw_first": "erst eine Karte nehmen: vom Stapel ziehen oder {top} nehmen",
    "empty_discard_pile": "der Ablagestapel ist leer: zieh vom Stapel",
    "not_in_hand": "du kannst {card} nicht ablegen: du hast sie nicht ({hand})",
    "taken_this_turn": (
        "du kannst {card} nicht ablegen: du hast sie in diesem Zug vom Ablagestapel genommen"
    ),
    "stacked_deck": "dieses Spiel wurde mit vorbereiteten Karten gegeben",
    "policy_spec": "{spec!r} ist kein Spieler: nimm eine Stufe ({levels}) oder modul:Klasse",
    "policy_load": "der Spieler {spec!r} lässt sich nicht laden: {detail}",
    "policy_illegal": "der Spieler {player} hat regelwidrig gespielt: {detail}",
    "not_a_person_seat": "Platz {number} wird an diesem Tisch nicht von einem Menschen gespielt",
    "not_an_ai_seat": "Platz {number} ist dran, und ein Mensch spielt ihn, keine KI",
    "not_your_seat": "Platz {number} kann nicht für Platz {other} spielen",
    "undo_shared_table": (
        "an einem Tisch mit anderen Menschen gibt es kein Zurücknehmen: sie haben den Zug "
        "schon gesehen"
    ),
    "nothing_to_undo": "es gibt keinen Zug von dir, den du zurücknehmen kannst",
    "on_autopilot": "{seat}: die KI spielt diese Züge jetzt (auto); auto aus gibt sie zurück",
    "hint_not_your_turn": "{seat} bekommt einen Tipp nur im eigenen Zug",
    "nothing_to_redo": "es gibt nichts zu wiederholen",
    "stale_command": (
        "am Tisch ist etwas geschehen, seit du das getippt hast: nichts wurde gespielt; "
        "sieh dir den Tisch an und tipp es noch einmal"
    ),
    "policy_protocol": (
        "{spec!r} ist kein Spieler: er braucht choose_draw(view) und choose_discard(view)"
    ),
    "policy_bad_draw": (
        "der Spieler {player} wollte von {choice!r} ziehen: nur 'stock' oder 'discard' geht"
    ),
    "policy_bad_discard": ("der Spieler {player} wollte {choice!r} ablegen: das ist keine Karte"),
    "file_unreadable": "{path} lässt sich nicht lesen: {detail}",
    "log_not_utf8": "die Datei ist kein UTF-8-Text: sie ist kein gespeichertes Spiel",
    "log_bad_schema": "die Schemaversion {found!r} ist keine positive ganze Zahl",
    "log_bad_header": "im Kopf ist {field} falsch: {detail}",
    "log_header_mismatch": ("im Kopf steht {field} = {header}, aber das Spiel begann mit {event}"),
    "log_empty": "die Datei ist leer: sie ist kein gespeichertes Spiel",
    "log_not_json": "kein JSON ({detail})",
    "log_not_object": "ein JSON-Objekt erwartet, {found} gefunden",
    "log_foreign": "das ist kein Drei-Dreizehn-Spielprotokoll (Format {found!r})",
    "log_newer": (
        "das Protokoll hat Schema {found}; diese Version liest bis {supported}: "
        "bitte threethirteen aktualisieren"
    ),
    "log_unknown_type": "unbekannter Ereignistyp {found!r}",
    "log_bad_event": "ein {type}-Ereignis ist fehlerhaft: {detail}",
    "log_sequence": "Ereignis Nummer {found}, erwartet war {expected}",
    "log_first_event": "das erste Ereignis muss GameStarted sein, nicht {found}",
    "log_no_events": "das erste Ereignis muss GameStarted sein, nicht nichts",
    "log_started_twice": "das erste Ereignis muss GameStarted sein, nicht ein zweites GameStarted",
    "log_does_not_apply": "das {type}-Ereignis passt an dieser Stelle nicht ins Spiel: {detail}",
    "log_cards_missing": (
        "nach diesem {type}-Ereignis stimmen die Karten nicht mehr: es fehlen {missing}"
    ),
    "log_cards_extra": (
        "nach diesem {type}-Ereignis stimmen die Karten nicht mehr: zu viel sind {extra}"
    ),
    "log_cards_missing_extra": (
        "nach diesem {type}-Ereignis stimmen die Karten nicht mehr: es fehlen {missing}, "
        "zu viel sind {extra}"
    ),
    "log_truncated": "die letzte Zeile ist abgeschnitten (das Speichern wurde unterbrochen)",
    "log_after_end": "ein {type}-Ereignis nach dem Spielende",
    "log_too_much_help": "Hilfe ist in einer Runde über {limit}-mal wiederholt verzeichnet",
    "log_line_too_long": "die Zeile hat {length} Zeichen; ein Protokoll hat höchstens {limit}",
    "log_bad_engine": (
        "die Engine-Version {found!r} ist keine Version von höchstens {limit} Zeichen"
    ),
    "log_out_of_turn": "das {type}-Ereignis kommt außer der Reihe: {detail}",
    "log_against_rules": "das {type}-Ereignis ist nicht, was die Regeln ergeben: {problem}",
    "log_illegal_move": "das {type}-Ereignis verstößt gegen die Regeln: {error}",
    "log_not_stock_top": "{seat} zieht {card}, aber oben auf dem Stapel liegt {top}",
    "log_not_discard_top": "{seat} nimmt {card}, aber oben auf dem Ablagestapel liegt {top}",
    "file_not_regular": "{path} lässt sich nicht lesen: das ist {kind}, kein gespeichertes Spiel",
    "file_too_big": (
        "{path} lässt sich nicht lesen: die Datei hat {size} Bytes; ein gespeichertes Spiel "
        "hat höchstens {limit} (ein ganzes Spiel etwa 100 KB)"
    ),
    "verify_no_start": "das Protokoll beginnt nicht mit GameStarted",
    "verify_uncaused": "kein Zug eines Spielers führt hier zu diesem {type}-Ereignis",
    "verify_illegal": "regelwidrig: {error}",
    "verify_other_event": "aufgezeichnet ist {recorded}, aber die Regeln ergeben {given}",
    "verify_other_value": "{type}.{field} ist {recorded}, aber die Regeln ergeben {given}",
    "verify_events_differ": "die Ereignisse unterscheiden sich",
    "verify_not_from_seed": "{problem} (das Geben folgt nicht aus dem Seed im Kopf)",
    "verify_broken_promise": (
        "Seed und Salz passen nicht zum Siegel vom Spielbeginn: "
        "das ist nicht das versprochene Geben"
    ),
    "verify_promise_unseeded": (
        "das Spiel hat seinen Seed versiegelt (ein Siegel), sagt aber, es sei nicht aus "
        "seinem Seed gegeben: das Siegel lässt sich nicht prüfen"
    ),
}
"""The engine's errors, by the keys of :data:`core.errors.MESSAGES` (a key missing here is
said in English). A German sentence may leave out a field the English names: it speaks
to the player, so ``{seat}`` is often just "du"."""

ERROR_WORDS: dict[str, str] = {
    "action.draw": "eine Karte nehmen",
    "action.discard": "ablegen",
    "card.unseen": "eine Karte vom Stapel",
    "top.none": "nichts",
}
"""The words an engine error says an action or a missing card with, by the keys of
:data:`core.errors.WORDS`."""

REASONS: dict[str, str] = {
    "stock": "vom Stapel ziehen",
    "take": "{card} nehmen",
    "discard": "{card} ablegen",
    "pile_empty": "der Ablagestapel ist leer",
    "lowers": "senkt die Strafpunkte von {now} auf {after}",
    "would_not_lower": "{card} würde die Strafpunkte von {now} nicht senken",
    "goes_out": "geht damit raus",
    "leaves": "Strafpunkte danach: {left}",
    "leaves_expected": "Strafpunkte danach: {left} (erwartet {expected})",
    "would_leave": "mit {card} wären es {left}",
    "stock_average": "mit einer Karte vom Stapel im Schnitt {stock}",
    "keeps_open": "{groups} warten auf eine dritte Karte",
    "outs": "noch {outs} passende Karten im Umlauf",
    "out_one": "noch 1 passende Karte im Umlauf",
    "dumping": "die Runde geht zu Ende: Punkte loswerden",
    "last_turn": "letzter Zug",
    "last_dumping": "letzter Zug: Punkte loswerden",
    "expects_end": "am Rundenende erwartet: {expected}",
    "expects_against": "am Rundenende erwartet: {expected}, mit einer Karte vom Stapel {stock}",
    "would_leave_expect": "mit {card} wären es {left}, danach erwartet: {expected}",
    "older_expected": "vom Stapel ziehen: erwartet {expected}; mit {card} wären es {left}",
    "older_expects": "vom Stapel ziehen: am Rundenende erwartet {expected}; mit {card} wären "
    "es {left}, erwartet {guess}",
    "older_goes_out": "{card} ablegen und rausgehen",
    "older_last_stock": "letzter Zug: vom Stapel ziehen, im Schnitt {stock} (mit {card} "
    "wären es {left})",
    "older_last_take": "letzter Zug: {card} nehmen, Strafpunkte danach: {left} (mit einer "
    "Karte vom Stapel im Schnitt {stock})",
}
"""The actions and clauses of the AI's reasons, by the keys of
:data:`core.ai.reasons.CLAUSES`."""

# -- the cards a player types (see repl.words.cardwords) --------------------------------------

RANKS: dict[str, str] = {"b": "J", "d": "Q", "k": "K", "a": "A"}
"""The German rank letters, each with the rank of the notation it means: Bube, Dame, König,
Ass (the numbers 2-10 are the same in every language)."""

SUITS: dict[str, str] = {
    "kr": "c",
    "kreuz": "c",
    "ka": "d",
    "karo": "d",
    "h": "h",
    "herz": "h",
    "p": "s",
    "pik": "s",
}
"""The German suit words, each with the suit letter of the notation it means (``k`` is
none: it would be Kreuz or Karo)."""

JOKERS: tuple[str, ...] = ("joker",)
"""The German words for a joker."""

SHOWN_RANKS: dict[str, str] = {"J": "B", "Q": "D"}
"""The rank letters of the notation that a German player sees as German ones: the Bube
``B``, the Dame ``D`` (König ``K`` and Ass ``A`` are the same letters in both)."""

# -- the commands (see repl.words.grammar) ---------------------------------------------------

PLAY_NAMES: dict[str, tuple[str, ...]] = {
    "draw": ("ziehen",),
    "take": ("nehmen",),
    "discard": ("ablegen",),
    "sort": ("sortieren",),
    "melds": ("meldungen",),
    "hint": ("tipp",),
    "auto": (),
    "undo": ("zurück", "zurueck"),
    "redo": ("wieder",),
    "score": ("punkte",),
    "log": ("protokoll",),
    "rules": ("regeln",),
    "new": ("neu",),
    "save": ("speichern",),
    "load": ("laden",),
    "seed": (),
    "speed": ("tempo",),
    "coach": ("trainer",),
    "stats": ("statistik",),
    "report": ("bericht",),
    "help": ("hilfe",),
    "quit": ("ende", "beenden"),
}
"""The German names of each command of a game in play, the one help shows first; a
command without one is called by its English name."""

PLAY_SHORT: dict[str, tuple[str, ...]] = {
    "draw": ("z",),
    "take": ("ne",),
    "discard": ("ab", "x"),
    "undo": ("zu",),
    "redo": ("w",),
    "score": ("pu",),
    "log": ("pr",),
    "speed": ("te",),
    "quit": ("e",),
}
"""The German short forms of the commands of a game in play (help shows the English
ones where a command has none here)."""

REPLAY_NAMES: dict[str, tuple[str, ...]] = {
    "next": ("weiter",),
    "prev": ("zurück", "zurueck"),
    "round": ("runde",),
    "goto": ("gehe",),
    "start": ("anfang",),
    "end": ("schluss",),
    "score": ("punkte",),
    "sort": ("sortieren",),
    "help": ("hilfe",),
    "quit": ("ende", "beenden"),
}
"""The German names of each command of the replay."""

REPLAY_SHORT: dict[str, tuple[str, ...]] = {
    "next": ("w",),
    "prev": ("z",),
    "score": ("pu",),
    "quit": ("e",),
}
"""The German short forms of the commands of the replay."""

CHOICES: dict[str, str] = {
    "en": "en",
    "de": "de",
    "suit": "farbe",
    "rank": "rang",
    "melds": "meldungen",
    "turn": "zug",
    "round": "runde",
    "game": "spiel",
    "off": "aus",
    "on": "an",
    "talk": "reden",
    "instant": "sofort",
    "fast": "schnell",
    "normal": "normal",
    "step": "schritt",
}
"""The German word of each choice a command takes (``sort farbe``, ``auto runde``)."""

PLACEHOLDERS: dict[str, str] = {
    "off|on|talk": "aus|an|reden",
    "CARD": "KARTE",
    "COMMAND": "BEFEHL",
    "SCOPE": "UMFANG",
    "on|off": "an|aus",
    "|off": "|aus",
    "HOW": "WIE",
    "SPEED": "TEMPO",
    "turn|round": "zug|runde",
    "OPTIONS": "OPTIONEN",
}
"""The words of a usage line (``discard CARD``) in German, replaced in this order."""

OR = "oder"
"""Verbindet zwei Befehle, die ein Wort gemeint haben kann (``meintest du ablegen oder auto?``)."""

YES_KEYS = "jy"
"""The keys that answer yes to a ``[j/n]`` question (``y`` too, from habit)."""

SEAT_NAMES: dict[int, tuple[str, ...]] = {
    2: ("Du", "Oben"),
    3: ("Du", "Links", "Rechts"),
    4: ("Du", "Links", "Oben", "Rechts"),
    5: ("Du", "Links", "Oben links", "Oben rechts", "Rechts"),
    6: ("Du", "Links", "Oben links", "Oben", "Oben rechts", "Rechts"),
    7: (
        "Du",
        "Links unten",
        "Links oben",
        "Oben links",
        "Oben rechts",
        "Rechts oben",
        "Rechts unten",
    ),
    8: (
        "Du",
        "Links unten",
        "Links oben",
        "Oben links",
        "Oben",
        "Oben rechts",
        "Rechts oben",
        "Rechts unten",
    ),
}
"""Each seat's name by the number at the table, clockwise from dir (the engine's English
names, :func:`core.seats.seat_names`, in German); at four they are ``seat.0`` … ``seat.3``."""


LOBBY_NAMES: dict[str, tuple[str, ...]] = {
    "tables": ("tische",),
    "history": ("partien",),
    "log": ("protokoll",),
    "new": ("neu",),
    "join": ("setzen", "beitreten"),
    "watch": ("zuschauen",),
    "lang": ("sprache",),
    "help": ("hilfe",),
    "quit": ("ende", "beenden"),
}
"""The German names of the commands of a server's lobby."""

LOBBY_SHORT: dict[str, tuple[str, ...]] = {"quit": ("e",)}
"""The German short forms of the lobby's commands."""

SHARED_NAMES: dict[str, tuple[str, ...]] = {
    "start": ("starten",),
    "say": ("sagen",),
    "who": ("wer",),
    "leave": ("gehen", "verlassen"),
    "again": ("nochmal",),
    "mute": ("stumm",),
    "unmute": ("freigeben",),
    "watchers": ("zuschauer",),
}
"""The German names of the commands only a shared table has."""

SHARED_SHORT: dict[str, tuple[str, ...]] = {}
"""The German short forms of the commands only a shared table has."""

# -- die Lobby eines Servers und seine gemeinsamen Tische (threethirteen serve) -----------
TEXTS.update(
    {
        "msg.needs_text": "Was? Aufruf: {usage}",
        "cmd.start": "geben: leere Plätze spielt die KI (nur der Gastgeber)",
        "cmd.say": "dem Tisch etwas sagen",
        "cmd.who": "wer wo sitzt, und wer weg ist",
        "cmd.leave": "zurück in die Lobby (dein Platz im Spiel bleibt deiner)",
        "cmd.again": "wenn das Spiel vorbei ist: noch eins, an einem neuen Tisch wie diesem",
        "server.again_asked": "{name} will noch ein Spiel: nochmal setzt dich an {code}.",
        "server.again_made": (
            "Tisch {code} gehört dir, eingerichtet wie der letzte; die anderen hier werden "
            "gefragt, ob sie mitspielen. starten gibt."
        ),
        "server.again_not_over": (
            "Dieses Spiel ist noch nicht vorbei: nochmal gibt es erst nach seinem Ende."
        ),
        "server.again_not_yours": (
            "Du hast an Tisch {code} nicht gespielt: nur wer dort gespielt hat, kann noch "
            "ein Spiel verlangen."
        ),
        "detail.say": (
            "sagen viel Glück! Höchstens 200 Zeichen, ein paar Zeilen pro Minute; Zuschauer "
            "reden nur, wenn der Gastgeber es erlaubt (zuschauer reden)."
        ),
        "lobby.cmd.tables": "die offenen Tische: Code, Plätze, Optionen, Status",
        "lobby.cmd.new": "einen Tisch eröffnen und sich als Gastgeber setzen",
        "lobby.cmd.join": "sich an einen Tisch setzen (oder zurück auf den eigenen Platz)",
        "lobby.cmd.watch": "einem Tisch zuschauen: was jeder Spieler davon sieht",
        "lobby.cmd.lang": "die Sprache: en oder de",
        "lobby.cmd.history": "deine Tische, die vorbei sind, und ihre Protokolle",
        "lobby.cmd.log": (
            "das Protokoll eines beendeten Spiels: wie du es holst (im Browser: die Datei)"
        ),
        "lobby.cmd.help": "diese Liste, oder hilfe BEFEHL",
        "lobby.cmd.quit": "den Server verlassen (ein Platz im Spiel bleibt deiner)",
        "lobby.detail.new": (
            "neu --seats 2-8 (oder --plätze) --jokers N --aces low|high "
            "--level greedy|easy|medium|hard --turn-time SEKUNDEN (10-3600; wer länger "
            "braucht, dessen Zug spielt die KI) --ai N (höchstens so viele Plätze nimmt die "
            "KI beim Start; --ai 0: jeder Platz mit einem Menschen). Joker: keiner, einer "
            "oder zwei je Paket (2-8 Plätze spielen mit 1, 2 oder 3 Paketen: 4 Plätze "
            "--jokers 0|2|4). Ohne Optionen: 4 Plätze, keine Joker, Asse niedrig, mittlere KI "
            "auf jedem leeren Platz, keine Uhr."
        ),
        "lobby.detail.history": (
            "partien zeigt die letzten zehn Tische, an denen du gesessen hast und die vorbei "
            "sind: wann, wer wo saß mit den Endständen, wer gewann, oder dass der Tisch "
            "geschlossen wurde, weil niemand da war. ssh -p PORT NAME@HOST log CODE schickt "
            "das Protokoll eines beendeten Spiels (mit Seed und Salz), zum Prüfen mit "
            "threethirteen replay DATEI --verify; protokoll CODE nennt diesen Befehl (im "
            "Browser: speichert das Protokoll als Datei)."
        ),
        "lobby.detail.log": (
            "protokoll CODE: das Protokoll eines beendeten Tisches, an dem du gesessen hast "
            "(partien zeigt sie), mit Seed und Salz, zum Nachspielen oder Prüfen mit "
            "threethirteen replay DATEI --verify. Im Terminal nennt es den ssh-Befehl, der es "
            "von deinem Rechner aus holt; im Browser wird das Protokoll als Datei gespeichert."
        ),
        "lobby.keys.tab": "Befehle ergänzen",
        "lobby.keys.history": "frühere Befehle; in einem offenen Menü seine Einträge",
        "lobby.keys.suggestion": "den Vorschlag aus dem Verlauf übernehmen",
        "lobby.keys.enter": "die Zeile ausführen",
        "lobby.keys.sort": "nichts in der Lobby",
        "lobby.keys.clear": "die Zeile leeren",
        "lobby.keys.leave": "auf leerer Zeile: den Server verlassen",
        "lobby.help.more": "hilfe BEFEHL erklärt mehr; Strg-D beendet.",
        "server.welcome": "Willkommen, {name}. Das ist die Lobby.",
        "server.lobby_help": (
            "neu eröffnet einen Tisch, setzen CODE setzt dich, zuschauen CODE schaut zu, "
            "hilfe zeigt alles."
        ),
        "server.bar_lobby": "{name} in der Lobby · neu · setzen CODE · zuschauen CODE · hilfe",
        "server.no_tables": "Noch keine offenen Tische: neu macht einen.",
        "server.waiting": "wartet auf den Start",
        "server.in_round": "Runde {round}/11",
        "server.options": "{jokers} Joker, {aces}, KI {level}",
        "server.turn_time": ", {seconds} s pro Zug",
        "server.made": "Tisch {code} gehört dir. Gib Freunden den Code; starten gibt.",
        "server.no_such_table": "Es gibt keinen Tisch {code}: tische listet sie.",
        "server.table_full": "Dieser Tisch ist voll.",
        "server.plan_unsaved": (
            "Der Server kann deinen Platz gerade nicht sichern, du sitzt also nicht; "
            "versuch es gleich noch einmal."
        ),
        "server.sitting": "Dein Platz wird gesichert; einen Moment.",
        "server.already_started": "Das Spiel läuft schon; zuschauen CODE zeigt es dir.",
        "server.too_many_tables": "Der Server hat so viele Tische, wie er darf; versuch es später.",
        "server.tables_per_name": (
            "Du hast schon so viele offene Tische, wie einer haben darf ({n}; ein Tisch mit "
            "mehr als vier Plätzen zählt doppelt); beende erst einen."
        ),
        "server.tables_per_address": (
            "Von deiner Adresse aus gibt es schon so viele offene Tische, wie eine Adresse "
            "haben darf ({n}; ein Tisch mit mehr als vier Plätzen zählt doppelt); beende "
            "erst einen."
        ),
        "server.table_closed": "Der Tisch {code} wurde geschlossen.",
        "server.was_closed": (
            "Dein Tisch {code} wurde geschlossen: {minutes} Min. lang war niemand da."
        ),
        # a table found on disk that cannot be resumed (repl/server/kept.py)
        "server.kept": "lässt sich nicht fortsetzen: {reason}",
        "server.kept_plan": "sein Plan lässt sich nicht lesen",
        "server.kept_no_plan": "sein Plan fehlt (nur sein Protokoll ist da)",
        "server.kept_log": "sein Protokoll wird in Zeile {line} abgelehnt ({why})",
        "server.kept_log_hidden": (
            "sein Protokoll wird in Zeile {line} abgelehnt (wer den Server betreibt, sieht, warum)"
        ),
        "server.kept_log_unread": "sein Protokoll lässt sich als Datei nicht lesen",
        "server.kept_log_mend": (
            "die abgeschnittene letzte Zeile seines Protokolls lässt sich nicht entfernen"
        ),
        "server.kept_table": "sein Protokoll passt nicht zu seinem Plan",
        "server.yours_kept": (
            "Dein Tisch {code} lässt sich seit dem Neustart des Servers nicht fortsetzen: "
            "Das Spiel dort ist verloren. Seine Dateien bleiben, wie sie sind, für den, der "
            "den Server betreibt; tische sagt, warum."
        ),
        "server.more_kept": "… und {n} weitere Tische, die sich nicht fortsetzen lassen.",
        "server.join_kept": "Tisch {code} {state}. Dort spielt niemand mehr.",
        "server.cannot_save": (
            "Der Server kann gerade nicht sichern; versuch es gleich noch einmal."
        ),
        "server.seat_free": "frei",
        "server.ai_short": "KI {number} ({level})",
        "server.no_history": "Noch keiner deiner Tische ist vorbei.",
        "server.history_log": (
            "Das Protokoll eines beendeten Spiels, von deinem Rechner aus: {command}"
        ),
        "server.history_keep": (
            "protokoll {code} speichert das Protokoll eines beendeten Spiels als Datei."
        ),
        "server.closed_table": "geschlossen: niemand war da",
        "server.won": "{name} hat gewonnen",
        "server.no_winner": "kein Sieger (Gleichstand)",
        "server.bad_options": (
            "neu nimmt --seats N, --jokers N, --aces low|high, --level L, --turn-time "
            "SEKUNDEN und --ai N."
        ),
        "server.bad_jokers": (
            "{seats} Plätze spielen mit {decks} Paketen: --jokers ist 0, {one} oder {two}."
        ),
        "server.bad_jokers_deck": (
            "{seats} Plätze spielen mit 1 Paket: --jokers ist 0, {one} oder {two}."
        ),
        "server.bad_seats": "--seats (--plätze) ist {least} bis {most}.",
        "server.bad_ai": (
            "--ai ist 0 bis {most}: So viele Plätze nimmt die KI beim Start höchstens."
        ),
        "server.ai_most_one": ", KI höchstens auf 1 Platz",
        "server.ai_most": ", KI höchstens auf {n} Plätzen",
        "server.no_ai": ", keine KI",
        "server.seats_for_people": (
            "Noch nicht: {n} müssen sich erst setzen (--ai {ai}: die KI nimmt höchstens "
            "{ai} Plätze)."
        ),
        "server.bad_aces": "--aces ist low (niedrig) oder high (hoch).",
        "server.bad_level": "--level ist greedy, easy, medium oder hard.",
        "server.bad_turn_time": "--turn-time ist 10 bis 3600 Sekunden.",
        "server.bad_name": (
            "Ein Name ist ein kleiner Buchstabe, dann bis zu 15 Buchstaben, Ziffern, - oder _."
        ),
        "server.at_table": "Tisch {code}",
        "server.watching": "Du schaust Tisch {code} zu (gehen führt zurück in die Lobby)",
        "server.while_away": "Während du weg warst ({n} Ereignisse):",
        "server.sat_down": "{name} setzt sich ({seat}).",
        "server.stood_up": "{name} hat den Tisch verlassen.",
        "server.went_away": "{name} ist weg; der Platz wartet.",
        "server.went_away_auto": "{name} ist weg; die KI spielt vorerst für {name} weiter (auto).",
        "server.came_back": "{name} ist zurück.",
        "server.started": "Die Karten sind gegeben.",
        "server.commitment": (
            "Der Seed dieses Spiels ist versiegelt, bis es vorbei ist; sein Siegel: {digest}"
        ),
        "server.revealed": (
            "Der Seed war {seed}, das Salz {salt}: Sie passen zum Siegel vom Spielbeginn, "
            "also wurde gegeben wie versprochen."
        ),
        "server.broken_promise": (
            "Seed {seed} und Salz {salt} passen NICHT zum Siegel vom Spielbeginn."
        ),
        "server.fetch_log": (
            "Das ganze Spiel: {fetch} > {file}, dann threethirteen replay {file} --verify"
        ),
        "server.said": "{name}: {text}",
        "server.took_help": "{seat} hat Hilfe genommen ({help}): Das Spiel gilt als mit Hilfe.",
        "server.time_up": "{name} hat die Zeit überschritten: Die KI spielt diesen Zug.",
        "server.time_up_you": "Deine Zeit ist um: Die KI spielt diesen Zug für dich.",
        "server.hurry": "Noch {seconds} Sekunden für deinen Zug; dann spielt ihn die KI für dich.",
        "server.store_failed": (
            "Der Server kann diesen Tisch gerade nicht sichern: Züge warten, bis er es kann."
        ),
        "server.store_back": "Der Server sichert diesen Tisch wieder.",
        "server.assisted": ", mit Hilfe",
        "server.auto_mark": ", KI spielt",
        "server.error": "Das ging auf dem Server schief (es ist vermerkt); das Spiel geht weiter.",
        "server.advice_busy": (
            "Die KI rechnet noch an deinen früheren Tipps und den Urteilen des Trainers; "
            "frag gleich noch einmal."
        ),
        "server.coach_behind": (
            "Der Trainer beurteilt noch deine früheren Züge: Diesen lässt er aus."
        ),
        "server.here": "da",
        "server.away": "weg",
        "server.host": ", Gastgeber",
        "server.ai_level": "KI, {level}",
        "server.ai_seat": "KI {n}",
        "server.bar_waiting": "wartet, bis der Gastgeber startet",
        "server.bar_waiting_for": "wartet, bis {host} startet",
        "server.bar_host": "starten gibt, sobald ihr bereit seid",
        "server.bar_host_missing_one": "noch einer muss sich setzen, dann starten",
        "server.bar_host_missing": "noch {n} müssen sich setzen, dann starten",
        "server.bar_watching": "zuschauen · wer · punkte · protokoll · gehen",
        "server.bar_watcher": "zuschauen",
        "server.watch_keys": "wer · punkte · protokoll · gehen",
        "server.bar_over": "Spiel vorbei: gehen oder ende",
        "server.bar_over_seat": "Spiel vorbei: nochmal, gehen oder ende",
        "server.not_started": "Das Spiel hat noch nicht begonnen (der Gastgeber startet es).",
        "server.host_only": "Nur der Gastgeber ({host}) kann das Spiel starten.",
        "server.no_undo": (
            "An einem gemeinsamen Tisch gibt es kein Zurück: Die anderen haben den Zug gesehen."
        ),
        "server.autopilot_on": "Die KI spielt gerade deinen Platz (auto aus gibt ihn dir zurück).",
        "server.unseated": (
            "Du sitzt nicht mehr an diesem Tisch (dein Platz wurde in einem anderen Terminal "
            "aufgegeben)."
        ),
        "server.auto_turn": (
            "Die KI spielt diesen Zug für dich (dein Spiel gilt als mit Hilfe gespielt)."
        ),
        "server.auto_round": (
            "Die KI spielt diese Runde für dich (dein Spiel gilt als mit Hilfe gespielt)."
        ),
        "server.auto_game": (
            "Die KI spielt den Rest für dich (dein Spiel gilt als mit Hilfe gespielt)."
        ),
        "server.only_watching": "Du schaust nur zu; setzen CODE setzt dich an einen Tisch.",
        "server.not_at_table": "Das ist ein Zug an einem Tisch; setzen CODE setzt dich an einen.",
        "server.not_your_seat": (
            "Dieser Zug ist für einen anderen Platz als deinen; nichts wurde gespielt."
        ),
        "server.busy": "Der Tisch hat gerade zu viel zu tun; versuch es gleich noch einmal.",
        "server.say_slower": "Nicht so schnell: ein paar Zeilen pro Minute.",
        "server.slow_down": "Zu viele Befehle auf einmal; warte kurz.",
        "server.line_too_long": "Die Zeile ist zu lang (höchstens {limit} Zeichen).",
        "server.idle": "Du warst lange untätig in der Lobby; auf Wiedersehen.",
        "server.banner_bad_name": (
            "'{name}' kann kein Spielername sein: ein Kleinbuchstabe, dann bis zu 15 "
            "Buchstaben, Ziffern, - oder _ (ssh NAME@host)."
        ),
        "server.banner_other_key": (
            "Der Name '{name}' gehört auf diesem Server einem anderen Schlüssel. Melde dich "
            "mit diesem Schlüssel an oder wähle einen anderen Namen (ssh ANDERER@host)."
        ),
        "server.banner_no_key": (
            "Dieser Server lässt Spieler mit einem SSH-Schlüssel herein, und dein ssh hat "
            "keinen angeboten.\n"
            "Erzeuge einen (bei jeder Frage Enter drücken):\n"
            "  ssh-keygen -t ed25519\n"
            "dann verbinde dich wieder:\n"
            "  {command}\n"
            "Der erste Schlüssel, der sich unter einem Namen anmeldet, behält diesen Namen."
        ),
        "server.log_on_its_way": (
            "Ein Protokoll ist schon unterwegs zu dir: Frag nach diesem, sobald es angekommen ist."
        ),
        "server.no_log_none": "Keinen Tisch mit diesem Code, an dem du gesessen hast.",
        "server.no_log_running": (
            "Dieses Spiel ist noch nicht zu Ende: Sein Protokoll gibt es, sobald es das ist."
        ),
        "server.no_log_closed": (
            "Dieses Spiel wurde vor seinem Ende geschlossen: Sein Seed bleibt geheim."
        ),
        "server.web_bad_key": (
            "Der Schlüssel dieses Browsers stammt nicht vom Spiel: lösche die Daten der "
            "Seite und öffne sie neu."
        ),
        "server.web_other_key": (
            "Der Name '{name}' gehört auf diesem Server schon jemand anderem (einem anderen "
            "Browser oder einem SSH-Schlüssel). Wähle einen anderen Namen, oder öffne das "
            "Spiel in dem Browser, der ihn genommen hat."
        ),
        "server.web_password_name": (
            "Den Namen '{name}' nutzt ein Spieler, der sich mit dem Passwort anmeldet; wähle "
            "einen anderen Namen."
        ),
        "server.banner_key_name": (
            "Der Name '{name}' gehört einem Schlüssel: Melde dich mit diesem Schlüssel an."
        ),
        "server.banner_password_name": (
            "Den Namen '{name}' benutzt jemand, der sich mit dem Passwort anmeldet (an "
            "einem Tisch oder gerade angemeldet); kein Schlüssel kann ihn nehmen. Wähle "
            "einen anderen Namen (ssh ANDERER@host)."
        ),
        "server.names_full": (
            "Dieser Server nimmt keine neuen Namen mehr auf. Melde dich mit einem Namen an, "
            "den du schon hast."
        ),
        "server.names_busy": (
            "Dieser Server hat in der letzten Stunde viele neue Namen vergeben; versuch "
            "einen neuen später oder melde dich mit einem Namen an, den du schon hast."
        ),
        "server.names_from_address": (
            "Von deiner Adresse wurden in der letzten Stunde {most} neue Namen angelegt, so "
            "viele, wie dieser Server von einer Adresse annimmt (wer hinter demselben Router "
            "sitzt, teilt sich eine Adresse). Melde dich mit einem Namen an, den du schon "
            "hast, versuch einen neuen in einer Stunde oder bitte den Betreiber des Servers, "
            "die Grenze anzuheben."
        ),
        "server.names_from_network": (
            "Aus deinem Netz wurden in der letzten Stunde {most} neue Namen angelegt, so "
            "viele, wie dieser Server von einem Netz annimmt. Melde dich mit einem Namen an, "
            "den du schon hast, versuch einen neuen in einer Stunde oder bitte den Betreiber "
            "des Servers, die Grenze anzuheben."
        ),
        "server.name_not_kept": (
            "Der Server kann deinen Namen gerade nicht speichern (es ist protokolliert); "
            "versuch es später noch einmal."
        ),
        "server.password_wait": (
            "Zu viele falsche Passwörter von deiner Adresse: Warte {seconds} Sekunden."
        ),
        "server.too_many_tries": "Zu viele fehlgeschlagene Anmeldungen auf dieser Verbindung.",
        "server.channels_full": "Zu viele Sitzungen auf dieser Verbindung (höchstens {most}).",
        "server.no_session": (
            "Seit {seconds} s kein Terminal und kein Befehl auf dieser Verbindung: auf Wiedersehen."
        ),
        "server.full_address": (
            "Zu viele Verbindungen von deiner Adresse; schließ eine oder versuch es später."
        ),
        "server.full": "Der Server ist gerade voll; versuch es in einer Weile noch einmal.",
        "server.full_network": (
            "Zu viele Verbindungen aus deinem Netz; versuch es später noch einmal."
        ),
        "server.sessions_of_name": (
            "Du hast schon {most} Sitzungen auf diesem Server offen: Schließ zuerst eine."
        ),
        "server.stopping": (
            "Der Server wird beendet. Deine Spiele bleiben erhalten: verbinde dich später wieder."
        ),
        "server.pile": "Ablagestapel: ",
        "server.cards_held": "{n} Karten",
        "help.group.talk": "Reden am Tisch (stumm, freigeben und zuschauer gehören dem Gastgeber):",
        "cmd.mute": "der Gastgeber: was NAME sagt, hört an diesem Tisch niemand",
        "cmd.unmute": "der Gastgeber: NAME darf wieder reden",
        "cmd.watchers": (
            "der Gastgeber: zuschauer aus (keine), an (sie schauen zu), reden (sie reden mit)"
        ),
        "detail.mute": (
            "stumm ben: was ben sagt (ob er spielt oder zuschaut), hört an diesem Tisch niemand, "
            "und ben erfährt es einmal; freigeben ben lässt ben wieder reden. wer zeigt, wer stumm "
            "ist; nur der Gastgeber schaltet stumm."
        ),
        "detail.unmute": "freigeben ben: was ben sagt, hört der Tisch wieder (nur der Gastgeber).",
        "detail.watchers": (
            "zuschauer allein sagt, was Zuschauer jetzt dürfen. zuschauer an (ein neuer Tisch): "
            "alle dürfen zuschauen, Zuschauer reden nicht; zuschauer reden: sie reden mit, jede "
            "Zeile als die eines Zuschauers markiert; zuschauer aus: wer zuschaut, geht zurück in "
            "die Lobby, und zuschauen CODE wird abgelehnt. Nur der Gastgeber ändert es."
        ),
        "server.said_watching": "{name} (schaut zu): {text}",
        "server.says_from_address": (
            "Nicht so schnell: Deine Adresse hat in dieser Minute so viele Zeilen gesagt, wie eine "
            "Adresse darf."
        ),
        "server.says_at_table": (
            "Nicht so schnell: Dieser Tisch hat in dieser Minute so viele Zeilen gehört, wie er "
            "nimmt."
        ),
        "server.watchers_quiet": (
            "Zuschauer reden an diesem Tisch nicht (der Gastgeber, {host}, kann es erlauben: "
            "zuschauer reden)."
        ),
        "server.muted_you": (
            "Der Gastgeber hat dich an diesem Tisch stumm geschaltet: Was du sagst, hört hier "
            "niemand."
        ),
        "server.unmuted_you": "Der Gastgeber lässt dich an diesem Tisch wieder reden.",
        "server.muted": (
            "{name} ist stumm: Was {name} sagt, hört hier niemand (freigeben {name} hebt es auf)."
        ),
        "server.unmuted": "{name} darf wieder reden.",
        "server.not_muted": "{name} ist nicht stumm.",
        "server.nobody_here": "Niemand namens {name} ist an diesem Tisch (wer zeigt alle).",
        "server.mute_full": (
            "An diesem Tisch sind {n} Namen stumm, so viele, wie er behält; gib erst einen frei."
        ),
        "server.host_decides": "Das entscheidet nur der Gastgeber ({host}).",
        "server.watchers_off": "{name} hat den Tisch für Zuschauer geschlossen.",
        "server.watchers_off_you": (
            "Du hast den Tisch für Zuschauer geschlossen: Wer zuschaute, ist zurück in der Lobby."
        ),
        "server.watchers_on": "{name} lässt an diesem Tisch zuschauen; Zuschauer reden nicht.",
        "server.watchers_on_you": "Jetzt dürfen alle zuschauen; Zuschauer reden nicht.",
        "server.watchers_talk": (
            "{name} lässt Zuschauer an diesem Tisch reden; ihre Zeilen sind markiert."
        ),
        "server.watchers_talk_you": "Jetzt dürfen Zuschauer reden; ihre Zeilen sind markiert.",
        "server.watchers_now_off": (
            "Der Tisch ist für Zuschauer geschlossen (zuschauer an öffnet ihn)."
        ),
        "server.watchers_now_on": (
            "Alle dürfen zuschauen; Zuschauer reden nicht (zuschauer reden erlaubt es)."
        ),
        "server.watchers_now_talk": (
            "Alle dürfen zuschauen, und Zuschauer reden (ihre Zeilen sind markiert)."
        ),
        "server.watchers_sent_away": (
            "Der Gastgeber hat den Tisch für Zuschauer geschlossen: zurück in die Lobby."
        ),
        "server.no_watchers": (
            "Tisch {code} ist für Zuschauer geschlossen (so will es der Gastgeber)."
        ),
        "server.muted_mark": ", stumm",
        "server.who_muted": "{name} (stumm)",
        "server.who_watching": "Es schauen zu: {names}",
        "server.who_talking": "Es schauen zu und reden mit: {names}",
        "server.who_more": "{names} und {n} weitere",
        "server.who_no_watchers": "Für Zuschauer geschlossen.",
    }
)

# -- deine beendeten Spiele (threethirteen history, threethirteen stats) ------------------
TEXTS.update(
    {
        "history.title": "Deine beendeten Spiele, die letzten {shown} von {total}:",
        "history.title_all": "Deine beendeten Spiele ({total}):",
        "history.none": (
            "Noch kein beendetes Spiel in deinem Verlauf: Jedes Spiel wird behalten, "
            "sobald es endet."
        ),
        "history.head.number": "Nr.",
        "history.head.ended": "beendet",
        "history.head.seed": "Seed",
        "history.head.jokers": "Joker",
        "history.head.aces": "Asse",
        "history.head.opponents": "Gegner",
        "history.head.place": "Platz",
        "history.head.score": "Stand",
        "history.head.help": "Hilfe",
        "history.yes": "ja",
        "history.high": "hoch",
        "history.low": "niedrig",
        "history.more": "{n} ältere: threethirteen history --all",
        "history.shared": "= ein geteilter Platz",
        "history.with_help": "* mit Hilfe",
        "history.replay": (
            "threethirteen replay NUMMER spielt ein Spiel nach (--analyze: deine teuersten "
            "Entscheidungen). Dein Verlauf behält deine letzten {most} Spiele und die Züge "
            "der letzten {logs}."
        ),
        "history.skipped": "{n} Zeilen deines Verlaufs sind kein Spiel; sie wurden übersprungen.",
        "history.skipped_one": "1 Zeile deines Verlaufs ist kein Spiel; sie wurde übersprungen.",
        "history.unreadable": "Dein Verlauf lässt sich nicht lesen ({detail}).",
        "history.kept": (
            "In deinem Verlauf als Spiel {number} behalten: threethirteen replay {number}"
        ),
        "history.not_kept": (
            "Dieses Spiel konnte nicht in deinem Verlauf behalten werden ({detail})."
        ),
        "stats.by_kind": "Nach Gegnern und Optionen, über die {n} Spiele in deinem Verlauf:",
        "stats.head.played": "Spiele",
        "stats.head.assisted": "Hilfe",
        "stats.head.won": "Siege",
        "stats.head.average": "Schnitt",
        "stats.head.best": "beste",
        "stats.best": "{score} (Nr. {number})",
        "stats.recent": "Deine letzten Spiele (Strafpunkte; weniger ist besser):",
        "stats.see_history": (
            "threethirteen history listet deine Spiele; threethirteen replay NUMMER öffnet eines."
        ),
        "ordinal.1": "1.",
        "ordinal.2": "2.",
        "ordinal.3": "3.",
        "ordinal.4": "4.",
        "ordinal.5": "5.",
        "ordinal.6": "6.",
        "ordinal.7": "7.",
        "ordinal.8": "8.",
    }
)


TEXTS.update(
    {
        # threethirteen learn: eine erste Partie mit Hinweisen
        "learn.not_kept": (
            "In einem anderen Terminal läuft ein Spiel oder eine Übung mit demselben "
            "Datenordner: Diese Übung wird nicht aufbewahrt (danach beginnt threethirteen "
            "learn neu)."
        ),
        "learn.title": (
            "Ein erstes Spiel mit Hinweisen, gegen Links und Rechts (beide leicht). ende "
            "oder Strg-D verlässt es; threethirteen learn macht dort weiter."
        ),
        "learn.read_on": "Weiter mit einer beliebigen Taste: deine Karten.",
        "learn.note": "Hinweis {n}/{total}: {text}",
        "learn.note.goal": (
            "Das Ziel: Halte deine Karten in Meldungen, Sätzen (3 oder mehr eines Rangs: "
            "6♣ 6♦ 6♥) und Folgen (3 oder mehr einer Farbe in Reihe: 4♥ 5♥ 6♥). Am Ende "
            "einer Runde zählen die Karten ohne Meldung gegen dich; nach 11 Runden gewinnt "
            "der niedrigste Stand."
        ),
        "learn.note.wild": (
            "Jede {wild} ist in dieser Runde ein Platzhalter (Platzhalter: {wild}): Sie "
            "steht für jede Karte, die eine Meldung braucht. Der Rang der Platzhalter ist "
            "die Zahl der ausgeteilten Karten: 3 in Runde 1, 4 in Runde 2 … K in Runde 11. "
            "Joker, wenn sie mitspielen, sind immer Platzhalter."
        ),
        "learn.note.draw": (
            "Dein Zug beginnt mit einer Karte mehr: ziehen gibt dir die oberste Karte vom "
            "Stapel (verdeckt), nehmen die oberste vom Ablagestapel, jetzt {top}. Nimm "
            "sie, wenn sie zu deinen Karten passt."
        ),
        "learn.note.discard": (
            "Jetzt leg eine Karte ab, damit du wieder {size} hältst: Tippe ablegen und die "
            "Karte oder nur die Karte ({example}). Behalte die Karten, die Meldungen "
            "bilden; leg eine ab, die zu nichts passt."
        ),
        "learn.note.going_out": (
            "Du kannst jetzt rausgehen: Liegt nach dem Ablegen jede Karte, die du "
            "behältst, in einer Meldung, gehst du raus, und die Runde kostet dich nichts. "
            "Finde die Karte zum Ablegen (meldungen zeigt deine Meldungen)."
        ),
        "learn.note.going_out.plain": (
            "Rausgehen: Liegt nach dem Ablegen jede Karte, die du behältst, in einer "
            "Meldung, gehst du raus. Die Runde kostet dich dann nichts, und alle anderen "
            "haben noch einen letzten Zug."
        ),
        "learn.note.last_turn": (
            "{seat} ist rausgegangen. Jetzt hat jeder andere genau einen letzten Zug, "
            "und das ist deiner: Nimm eine Karte, leg eine ab, und was ohne Meldung "
            "bleibt, zählt. Wer danach alle Karten in Meldungen hat, bekommt auch 0."
        ),
        "learn.note.last_turn.you": (
            "Du bist rausgegangen: Diese Runde kostet dich nichts. Jetzt hat jeder andere "
            "genau einen letzten Zug, dann wird die Runde gewertet."
        ),
        "learn.note.scoring": (
            "Runde {scored} ist gewertet: Deine übrigen Karten kosten {penalty}, dein "
            "Stand ist {total}. Nach 11 Runden gewinnt der niedrigste Stand. punkte "
            "zeigt die Punkteliste, eine Zeile je Runde."
        ),
        "learn.note.penalty": (
            "Was eine Karte ohne Meldung am Ende der Runde kostet: 2 bis 10 ihre Zahl, "
            "B D K 10, ein Ass 1, ein Platzhalter 15, ein Joker 20. Der Tisch zeigt, was "
            "deine Hand jetzt kostet (Strafpunkte). Leg hohe Karten ab, die du nicht "
            "brauchst."
        ),
        "learn.note.short_rounds": (
            "In kurzen Runden geh früh raus: Mit wenigen Karten kann eine Runde in jedem "
            "Zug enden, und das Warten auf eine bessere Hand kostet oft mehr, als es "
            "bringt. Lange Runden lassen mehr Zeit zum Bauen."
        ),
        "learn.note.short_rounds.plain": (
            "In den kurzen Runden am Anfang geh früh raus: Mit wenigen Karten kann eine "
            "Runde in jedem Zug enden, und das Warten auf eine bessere Hand kostet oft "
            "mehr, als es bringt. Lange Runden lassen mehr Zeit zum Bauen."
        ),
        "learn.note.keep_open": (
            "Behalte Karten, die viele Karten vervollständigen: Zwei in Reihe einer Farbe "
            "(7♦ 8♦) warten auf 6♦ oder 9♦ (je zwei) und jeden Platzhalter; ein einzelner "
            "K nur auf einen K oder einen Platzhalter. Leg einzelne Karten zuerst ab."
        ),
        "learn.note.keep_open.plain": (
            "Behalte Karten, die viele Karten vervollständigen: Zwei in Reihe einer Farbe "
            "(7♦ 8♦) warten auf 6♦ oder 9♦ und jeden Platzhalter, ein Paar auf seinen "
            "Rang und die Platzhalter. Leg einzelne Karten zuerst ab."
        ),
        "learn.note.throw_passed": (
            "Links, nach dir am Zug, hat eben {passed} abgelegt: Links sammelt diesen "
            "Rang nicht. Deine {yours} kannst du gefahrlos ablegen: Sie hilft Links nicht."
        ),
        "learn.note.throw_passed.plain": (
            "Achte darauf, was Links ablegt: Links ist nach dir am Zug und kann deine "
            "Karte nehmen. Einen Rang, den Links eben abgegeben hat, kannst du gefahrlos "
            "ablegen; eine Karte, die Links brauchen kann, hilft Links."
        ),
        "learn.note.done": (
            "Das war der letzte Hinweis. Spiel das Spiel zu Ende: Von jetzt an hörst du "
            "nur etwas, wenn ein Zug deutlich mehr kostet als der beste."
        ),
        "learn.good": "Guter Zug: Die starke KI macht es genauso.",
        "learn.good_why": "Guter Zug: Die starke KI macht es genauso: {why}.",
        "learn.even": "Guter Zug: genauso gut wie die Wahl der starken KI ({advice}).",
        "learn.close": (
            "Gut: {advice}, aber das ist fast gleich (im Schnitt weniger als ein Strafpunkt)."
        ),
        "learn.better": "Besser: {advice}: {why}. Das spart im Schnitt {saved}.",
        "learn.better_plain": "Besser: {advice}. Das spart im Schnitt {saved}.",
        "learn.about": "etwa {points} Strafpunkte",
        "learn.about_one": "etwa einen Strafpunkt",
        "learn.why.goes_out": "damit gehst du raus",
        "learn.why.lowers": "das senkt deine Strafpunkte von {now} auf {after}",
        "learn.why.leaves": "deine Karten ohne Meldung kosten dann {left}",
        "learn.why.leaves_expected": "deine Karten ohne Meldung kosten dann {left}",
        "learn.why.would_leave": "mit {card} blieben {left} Strafpunkte",
        "learn.why.would_leave_expect": "mit {card} blieben {left} Strafpunkte",
        "learn.why.keeps_open": "das hält {groups} für eine dritte Karte offen",
        "learn.why.pile_empty": "der Ablagestapel ist leer",
        "learn.why.dumping": "die Runde endet, also zuerst die hohen Karten",
        "learn.why.last_dumping": "es ist dein letzter Zug, also zuerst die hohen Karten",
        "learn.why.last_turn": "es ist dein letzter Zug",
        "learn.resume": "Du hast die Übung in Runde {round} verlassen. Dort weitermachen?",
        "learn.resumed": "Zurück in der Übung, Runde {round}.",
        "learn.not_the_lesson": (
            "Die Datei der Übung enthielt ein anderes Spiel, nicht die Übung: Es bleibt "
            "als {path} erhalten, und die Übung beginnt neu."
        ),
        "learn.left": ("Nichts wurde geändert: threethirteen learn bietet die Übung wieder an."),
        "learn.restart": "Die Übung beginnt wieder beim ersten Hinweis.",
        "learn.leave": ("Die Übung verlassen? Sie bleibt: threethirteen learn macht hier weiter."),
        "learn.bye": "Die Übung bleibt: threethirteen learn macht hier weiter.",
        "learn.bye_unsaved": "Auf Wiedersehen. (Die Übung konnte nicht behalten werden.)",
        "learn.over": (
            "Das war die Übung. threethirteen spielt ein eigenes Spiel; threethirteen "
            "learn beginnt die Übung neu."
        ),
    }
)


# Die Seite im Browser (repl/server/web/static/): jede Beschriftung, in der Nachricht
# `words` geschickt (docs/web.md); die {Felder} füllt die Seite.
TEXTS.update(
    {
        "web.title": "Drei-Dreizehn-Rommé",
        "web.connecting": "Verbindung zum Server …",
        "web.lost": "Die Verbindung ist weg; neuer Versuch in {seconds} s …",
        "web.again": "Neu verbinden",
        "web.login.title": "Wer bist du?",
        "web.login.name": "Dein Name",
        "web.login.rule": "Ein Kleinbuchstabe, dann bis zu 15 Buchstaben, Ziffern, - oder _.",
        "web.login.lang": "Sprache",
        "web.login.go": "In die Lobby",
        "web.login.key": (
            "Dieser Browser bewahrt für deinen Namen einen eigenen Schlüssel auf: Derselbe "
            "Name in einem anderen Browser ist jemand anderes."
        ),
        "web.lang.en": "English",
        "web.lang.de": "Deutsch",
        "web.you_are": "Du bist {name}",
        "web.lobby.title": "Offene Tische",
        "web.lobby.none": "Noch keine offenen Tische: Mach einen auf.",
        "web.lobby.code": "Tisch",
        "web.lobby.seats": "Plätze",
        "web.lobby.people": "Spieler",
        "web.lobby.state": "Status",
        "web.lobby.options": "Regeln",
        "web.lobby.free": "frei",
        "web.lobby.waiting": "wartet auf den Start",
        "web.lobby.round": "Runde {round}/11",
        "web.lobby.join": "Hinsetzen",
        "web.lobby.back": "Zurück an deinen Platz",
        "web.lobby.watch": "Zuschauen",
        "web.new.title": "Neuer Tisch",
        "web.new.seats": "Plätze",
        "web.new.jokers": "Joker",
        "web.new.jokers.none": "keine",
        "web.new.jokers.one": "einer je Paket",
        "web.new.jokers.two": "zwei je Paket",
        "web.new.aces": "Asse",
        "web.new.aces.low": "niedrig (A 2 3)",
        "web.new.aces.high": "hoch (D K A)",
        "web.new.level": "Stärke der KI",
        "web.new.level.easy": "leicht",
        "web.new.level.medium": "mittel",
        "web.new.level.hard": "stark",
        "web.new.turn_time": "Zeit für einen Zug",
        "web.new.turn_time.none": "keine Uhr",
        "web.new.turn_time.seconds": "{seconds} s",
        "web.new.make": "Tisch aufmachen und hinsetzen",
        "web.table.code": "Tisch {code}",
        "web.table.watching": "Du schaust Tisch {code} zu",
        "web.table.invite": "Lade jemanden an Tisch {code} ein:",
        "web.table.waiting": "Die Karten sind noch nicht gegeben.",
        "web.table.between": "Die Runde ist vorbei.",
        "web.table.round": "Runde {no}/11",
        "web.table.size": "je {size} Karten",
        "web.table.wild": "Platzhalter: {wild}",
        "web.table.dealer": "Geber: {dealer}",
        "web.table.last_turn": "letzter Zug: jemand ist raus",
        "web.table.stock": "Stapel",
        "web.table.stock_cards": "{n} Karten",
        "web.table.stock_draw": "Stapel, {n} Karten: die oberste Karte ziehen",
        "web.table.discard": "Ablagestapel",
        "web.table.discard_empty": "leer",
        "web.table.discard_take": "Ablagestapel, oben {card}: nehmen",
        "web.table.hand": "Deine Hand",
        "web.table.hand_help": (
            "Tippe eine Karte an, um sie zu wählen, und noch einmal, um sie abzulegen; zieh "
            "eine Karte, um sie in der Hand zu verschieben."
        ),
        "web.table.melds": "Beste Meldungen",
        "web.table.no_melds": "noch keine Meldung",
        "web.table.left_over": "Übrig",
        "web.table.penalty": "Strafpunkte {penalty}",
        "web.table.taken": "vom Ablagestapel genommen: in diesem Zug nicht ablegen",
        "web.table.taken_short": "genommen",
        "web.card.wild": "Platzhalter",
        "web.card.joker": "Joker",
        "web.seat.cards": "{n} Karten",
        "web.seat.card_one": "1 Karte",
        "web.seat.total": "Stand {total}",
        "web.seat.turn": "ist dran",
        "web.seat.away": "abwesend",
        "web.seat.auto": "KI spielt (auto)",
        "web.seat.host": "Gastgeber",
        "web.seat.empty": "freier Platz",
        "web.seats.title": "Am Tisch",
        "web.clock": "noch {seconds} s",
        "web.button.hint": "Tipp",
        "web.button.auto_turn": "KI spielt diesen Zug",
        "web.button.score": "Punkte",
        "web.button.who": "Wer",
        "web.button.start": "Start",
        "web.button.leave": "Aufstehen",
        "web.chat.label": "Zum Tisch sagen",
        "web.chat.send": "Sagen",
        "web.command.label": "Befehl",
        "web.command.help": (
            "Wie im Terminal: z, ne, ab 7h, sagen hallo, hilfe. ↑ ↓ holen frühere Zeilen."
        ),
        "web.narration.title": "Was geschieht",
        "web.sheet.title": "Punkteliste",
        "web.sheet.round": "Runde",
        "web.sheet.total": "Stand",
        "web.result.title": "Das Spiel ist vorbei",
        "web.result.winner": "Gewinner: {names}",
        "web.result.winners": "Gewinner: {names}",
        "web.result.nobody": "Niemand gewinnt: Gleichstand.",
        "web.table.copy": "Link kopieren",
        "web.table.copied": "Der Link ist kopiert.",
        "web.login.invited": (
            "Du bist an Tisch {code} eingeladen: Wähl einen Namen, dann sitzt du dort."
        ),
        "web.login.lowered": "Namen schreibt man klein: Du kommst als {name}.",
        "web.table.wait_host": "Wartet darauf, dass {host} das Spiel startet.",
        "web.table.you_start_ai": (
            "Die freien Plätze spielt die KI: Starte das Spiel, wenn du so weit bist."
        ),
        "web.table.you_start": "Alle sitzen: Starte das Spiel, wenn du so weit bist.",
        "web.table.wait_people": (
            "Wartet, bis sich alle hingesetzt haben; dann startest du das Spiel."
        ),
        "web.say.draw": (
            "Du bist dran: Zieh vom Stapel oder nimm die oberste Karte vom Ablagestapel."
        ),
        "web.say.discard": (
            "Wähl eine Karte zum Ablegen: Tippe sie an, dann noch einmal oder auf den Ablagestapel."
        ),
        "web.say.wait": "{name} ist dran.",
        "web.say.auto": "Die KI spielt für {name} (auto).",
        "web.say.selected": "{card} gewählt: Legst du sie ab, hast du {after} Strafpunkte.",
        "web.say.discard_it": "{card} ablegen",
        "web.say.watching": "Du schaust zu: {name} ist dran.",
        "web.say.watching_auto": "Du schaust zu: Die KI spielt für {name} (auto).",
        "web.table.keys": (
            "Tasten: ← → wählen eine Karte, Enter legt sie ab, D zieht, T nimmt, H gibt einen "
            "Tipp, L öffnet das Protokoll."
        ),
        "web.card.after": "→ {n}",
        "web.card.after_spoken": "Strafpunkte nach dem Ablegen: {n}",
        "web.card.best": "beste",
        "web.card.hint": "Tipp",
        "web.card.new": "neu",
        "web.card.spoken": "{suit}-{rank}",
        "web.suit.h": "Herz",
        "web.suit.d": "Karo",
        "web.suit.c": "Kreuz",
        "web.suit.s": "Pik",
        "web.rank.ace": "Ass",
        "web.rank.king": "König",
        "web.rank.queen": "Dame",
        "web.rank.jack": "Bube",
        "web.pile.hint": "Tipp: hier ziehen",
        "web.pile.put": "Ablagestapel: {card} hierhin ablegen",
        "web.over.title": "Runde {no} ist vorbei",
        "web.over.went_out": "{name} ist rausgegangen.",
        "web.over.went_out_you": "Du bist rausgegangen.",
        "web.over.stock_exhausted": "Der Stapel ist aufgebraucht: Niemand ist rausgegangen.",
        "web.over.turns_played": "Die Züge der Runde sind aufgebraucht: Niemand ist rausgegangen.",
        "web.over.out": "rausgegangen",
        "web.over.penalty": "+{n} in dieser Runde",
        "web.over.total": "Stand {n}",
        "web.over.next": "Nächste Runde",
        "web.over.last": "Zum Ergebnis",
        "web.over.keys": "(beliebige Taste)",
        "web.over.wild": "Platzhalter in dieser Runde: {wild}",
        "web.result.place": "Platz",
        "web.result.name": "Spieler",
        "web.result.total": "Stand",
        "web.result.lobby": "Zurück zur Lobby",
        "web.result.again": (
            "Noch ein Spiel macht einen neuen Tisch wie diesen auf; die anderen hier werden "
            "gefragt, ob sie mitspielen."
        ),
        "web.result.play_again": "Noch ein Spiel",
        "web.result.join_again": "An {code} setzen",
        "web.log.open": "Protokoll",
        "web.log.close": "Protokoll schließen",
        "web.offline": "Keine Verbindung: Der Tisch wartet, bis die Seite wieder da ist.",
        "web.seat.ai": "KI",
        "web.lobby.ai": "KI",
        "web.result.keep_log": "Protokoll des Spiels sichern (eine Datei zum Nachspielen)",
    }
)
