"""A table's master: the one place where a table's acts are checked and played and its
news is made, for every kind of front (:mod:`.master`).

A master holds its game (:class:`~core.table.Table`, once dealt), the links of the places
bound to it, the turns (:mod:`.drive`: the AI's pace and the turn clock), the talk
(:mod:`.talk`) and the coach (:mod:`.coach`). Who keeps the table around it (a server's
room, with its plan on disk; the game at a terminal, with its autosave and statistics) is
its :class:`~.master.Keeper`, and how its work runs (worker threads and timers on a
server, at once and with a terminal's pauses at home) is its :class:`~.engine.Engine`.
Fronts never import it: they hold links (:mod:`repl.protocol`).
"""
