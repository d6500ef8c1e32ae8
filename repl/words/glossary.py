"""The German words of the game: one word for each thing, everywhere.

A German player meets the game in many places: the terminal (:mod:`repl.words.de`), the
page in a browser (the ``web.*`` texts), the rule book (``core/RULES.de.md``) and the
descriptions of the curated games (``replays/catalogue.toml``). Each thing is called by
one word in all of them. :data:`GLOSSARY` names that word and the variants a translator
might reach for; ``tests/unit/test_glossary.py`` reads every German text and finds none of
the variants (and each word at least once).

A variant is a regular expression, matched case-sensitively (German nouns are capitalised:
``Summe`` is the noun, while ``--coach`` and ``coach = true`` are the option and the
setting, which keep their English names).
"""

from __future__ import annotations

from attrs import frozen


@frozen
class Term:
    """One thing of the game: its English name, the German word for it, and the variants
    (regular expressions) that must not appear in a German text."""

    english: str
    german: str
    avoid: tuple[str, ...]


GLOSSARY: tuple[Term, ...] = (
    Term("Three-Thirteen Rummy", "Drei-Dreizehn-Rommé", (r"Three-Thirteen",)),
    Term("wild card", "Platzhalter", (r"\b[Ww]ilde?n?\b", r"[Ww]ildcard", r"[Ww]ilde Karte")),
    Term("joker", "Joker", (r"\bJoker-Karte",)),
    Term("meld", "Meldung", (r"Kombination", r"Auslage")),
    Term("set", "Satz", (r"Drilling", r"Gruppe gleicher")),
    Term("run", "Folge", (r"Sequenz", r"Straße")),
    Term("stock", "Stapel", (r"Talon", r"Nachziehstapel", r"Kartenstock")),
    Term("discard pile", "Ablagestapel", (r"Abwurfstapel", r"Abwurf\b")),
    Term("draw (from the stock)", "ziehen", ()),
    Term("take (the top of the discard pile)", "nehmen", (r"[Aa]ufnehm", r"aufgenommen")),
    Term("discard", "ablegen", (r"\babwerfen\b", r"\babgeworfen\b", r"\bwirft\b")),
    Term("go out", "rausgehen", (r"\bausmachen\b", r"Rommé machen")),
    Term("penalty", "Strafpunkte", (r"Minuspunkt", r"Fehlerpunkt")),
    Term("total", "Stand", (r"\bSummen?\b", r"Gesamtsumme", r"Punktestand")),
    Term("score sheet", "Punkteliste", (r"Punktezettel", r"Punktetabelle", r"Spielzettel")),
    Term("score a round", "gewertet", (r"\b(?:wird|ist|sind|werden) (?:die Runde )?gezählt\b",)),
    Term("jack, queen, king (shown)", "B D K", (r"J-Q-K", r"Q-K-A", r"(?<![\w`])[JQ][♣♦♥♠]")),
    Term("aces low", "Asse niedrig", (r"\bAsse? tief\b", r"\(tief\)", r'"tief"')),
    Term("deck", "Paket", (r"\bDecks?\b", r"Kartendeck")),
    Term("dealer", "Geber", (r"Kartengeber", r"\bVerteiler\b")),
    Term("coach", "Trainer", (r"\bCoach\b", r"trainer \[on")),
    Term("assisted", "mit Hilfe", (r"mit Hilfen\b",)),
    Term("an unfinished game", "angefangen", (r"[Uu]nfertig", r"[Uu]nvollendet")),
    Term("replay", "Wiedergabe", (r"Wiederholung",)),
    Term("lesson", "Übung", (r"Lektion",)),
    Term("commitment (to the seed)", "Siegel", (r"Zusage", r"zugesagt", r"Commitment")),
)
"""Every thing with one German word, and the variants that never appear."""
