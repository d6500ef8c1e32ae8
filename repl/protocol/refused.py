"""Why a master refuses an act: :class:`Refused` (and :class:`Unbound`, the binding is not
in force), raised inside the master and told to the place that sent it as
:class:`~repl.protocol.news.Refusal`; and why a server's tables refuse a request (a table
made, joined or watched: :mod:`repl.server.directory`), caught by the front that asked."""

from __future__ import annotations

from .news import Refusal


class Refused(Exception):
    """An act the master refuses; ``key`` says why, in the texts (the server cannot save
    right now, the table was closed, an error on the server)."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def news(self) -> Refusal:
        """The refusal as the place is told it."""
        return Refusal(self.key, tuple(self.params.items()))


class Unbound(Refused):
    """Refused: the binding to the seat has ended (or it never sat there), or the act is
    the host's."""
