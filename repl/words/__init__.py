"""The game's words: one module per language (:mod:`.en`, :mod:`.de`), looking a
sentence up (:mod:`.i18n`), how cards are written (:mod:`.cardwords`) and the commands' words
(:mod:`.grammar`)."""
