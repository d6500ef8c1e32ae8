"""Shared tables over SSH: ``threethirteen serve``.

Players need only an SSH client. Each connection gets the game's own prompt
(completion, colours, the toolbar, German) in a lobby, where tables are made,
joined and watched; at a table it is one front among several in front of one
:class:`~core.table.Table`. The pieces, from the network inwards:

- :mod:`.service`: starting it all (the folder, the host key, the listener);
- :mod:`.ssh`: the SSH server: who may log in, what a connection may ask for;
- :mod:`.house`: what every connection shares (the tables, the names, the limits);
- :mod:`.terminal`: one person's prompt in their own terminal;
- :mod:`.hall`: every table of the server, kept on disk so a restart resumes them;
- :mod:`.room`: one table: who sits where, the AI seats and the turn clock; it tells
  every session each change, after it is on disk;
- :mod:`.lobby`, :mod:`.seat`: the fronts of the lobby and of a seat (or a spectator);
- :mod:`.names`: player names and the keys that own them.
- :mod:`.load`, :mod:`.timed`: ``threethirteen bench --server``, scripted SSH clients
  at many tables against a server in a child process that times its event loop.

Needs the ``server`` extra (``pip install 'threethirteen[server]'``, for asyncssh).
"""
