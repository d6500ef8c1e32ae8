"""The engine's errors and the AI's reasons in German.

The engine raises its errors with a key and parameters (:class:`core.errors.GameError`)
and the AI records its reasons as English clauses (:data:`core.ai.reasons.CLAUSES`);
:class:`repl.i18n.Texts` says both in German with these tables.
"""

from __future__ import annotations

ENGINE_DE: dict[str, str] = {
    "not_a_card": (
        "{text!r} ist keine Karte: schreib Rang und Farbe in einem Wort, den Rang 2-10, "
        "B D K A (Bube, Dame, König, Ass), die Farbe kr ka h p (Kreuz, Karo, Herz, Pik), "
        "etwa 7h, Dkr oder 10pik, oder joker"
    ),
    "bad_jokers": "Joker: 0, 2 oder 4, nicht {jokers}",
    "bad_round": "es gibt keine Runde {round_no}: ein Spiel hat die Runden 1 bis 11",
    "bad_seat": "es gibt keinen Platz {seat}",
    "bad_players": "ein Spiel braucht 4 Spieler, nicht {count}",
    "no_game": "es läuft kein Spiel",
    "game_started": "das Spiel hat schon begonnen",
    "game_over": "das Spiel ist vorbei",
    "not_your_turn": "{seat}: {action} geht jetzt nicht, {turn} ist dran",
    "already_drawn": "du hast in diesem Zug schon eine Karte genommen ({card}); leg eine ab",
    "draw_first": "erst eine Karte nehmen: vom Stapel ziehen oder {top} aufnehmen",
    "empty_discard_pile": "der Ablagestapel ist leer: zieh vom Stapel",
    "not_in_hand": "du kannst {card} nicht ablegen: du hast sie nicht ({hand})",
    "taken_this_turn": (
        "du kannst {card} nicht ablegen: du hast sie in diesem Zug vom Ablagestapel genommen"
    ),
    "stacked_deck": "dieses Spiel wurde mit vorbereiteten Karten gegeben",
    "policy_spec": "{spec!r} ist kein Spieler: nimm eine Stufe ({levels}) oder modul:Klasse",
    "policy_load": "der Spieler {spec!r} lässt sich nicht laden: {detail}",
    "policy_illegal": "der Spieler {name} hat regelwidrig gespielt: {detail}",
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
    "log_does_not_apply": "das {type}-Ereignis passt an dieser Stelle nicht ins Spiel: {detail}",
    "log_conservation": "nach diesem {type}-Ereignis stimmen die Karten nicht mehr: {detail}",
    "log_truncated": "die letzte Zeile ist abgeschnitten (das Speichern wurde unterbrochen)",
    "log_after_end": "ein {type}-Ereignis nach dem Spielende",
}

ACTIONS_DE = {"take a card": "eine Karte nehmen", "discard": "ablegen"}
"""The actions an engine error names, in German."""

REASONS_DE: dict[str, str] = {
    "stock": "vom Stapel ziehen",
    "take": "{card} aufnehmen",
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
    "dumping": "die Runde geht zu Ende: Punkte abwerfen",
    "last_turn": "letzter Zug",
    "last_dumping": "letzter Zug: Punkte abwerfen",
    "expects_end": "am Rundenende erwartet: {expected}",
    "expects_against": "am Rundenende erwartet: {expected}, mit einer Karte vom Stapel {stock}",
    "would_leave_expect": "mit {card} wären es {left}, am Rundenende erwartet: {expected}",
}
"""The clauses of the AI's reasons (:data:`core.ai.reasons.CLAUSES`) in German."""
