"""Every word the terminal program says, one module per language.

:mod:`~repl.texts.en` holds the English sentences, :mod:`~repl.texts.de` everything
German: the sentences, the engine's errors and the AI's reasons, the card words,
the command names and their short forms. A translator edits one of these files;
:mod:`repl.i18n` is the machinery that looks a sentence up and fills it in.
"""
