"""The terminal program: parse, validate, call :mod:`core`, render.

In layers, each using only those below it: :mod:`.words` (the languages, the commands'
words), :mod:`.files` (the data folder, logs from others, the config), :mod:`.kit` (what
fronts are made of, the one seated front among them), then :mod:`.solo` (a game at a
terminal, replays) and :mod:`.server` (shared tables over SSH), which never use each
other, then :mod:`.lab` (measuring) and :mod:`.cli` (the ``threethirteen`` command).
"""
