"""Shared tables over SSH: ``threethirteen serve``.

Players need only an SSH client. Each connection gets the game's own prompt
(completion, colours, the toolbar, German) in a lobby, where tables are made,
joined and watched; at a table it is the one seated front
(:class:`~repl.kit.seat.SeatFront`), as at a terminal, among several in front of one
:class:`~core.table.Table`. The pieces, from the network inwards:

- :mod:`.serve`: the ``serve`` command;
- :mod:`.running`: starting it all (the folder, the host key, the listener, the file
  descriptors it may use) and stopping it; the event loop's exception handler and signals;
- :mod:`.ssh`: the SSH server: who may come in and log in, what a connection may ask for,
  every byte paced before SSH parses it;
- :mod:`.service`: what every connection shares (the tables, the names, and the counts
  the limits are held to): the root, which reaches every table;
- :mod:`.limits`, :mod:`.shares`: the leaves, the caps (:class:`~.limits.Limits`) and how
  a budget is shared and paced (by address, by network, in a bucket);
- :mod:`.server_log`: the server's log, and its refusals logged once per kind and address;
- :mod:`.terminal`: one person's prompt in their own terminal;
- :mod:`.keyboard`: that person's keys, paced and handed to the prompt without blocking;
- :mod:`.hall`: every table of the server, kept on disk so a restart resumes them;
- :mod:`.room`: one table: who sits where, which session is bound to which seat, the
  timers of the turns; it passes each seat what the table told it, after it is on disk;
- :mod:`.seat`: a seat (or a place to watch from) for one connection, the seated front's
  link to the room, and the commands of a shared table;
- :mod:`.lobby`: the front of the lobby;
- :mod:`.names`: player names and the keys that own them;
- :mod:`.web`: the same tables in a browser (``serve --web PORT``, the ``web`` extra).

``threethirteen bench --server`` (scripted SSH clients at many tables) is in
:mod:`repl.lab`.

Needs the ``server`` extra (asyncssh): ``threethirteen serve`` without it prints the
command that adds it to this installation (:mod:`repl.files.install`).
"""
