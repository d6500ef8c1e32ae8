"""Who holds a session of the server now, counted once for SSH and the web.

A person's session (a terminal, the command ``log CODE``, a browser) takes a
:class:`Lease` when it starts and gives it back when it ends: the lease adds the session
to the counts of its name and its address (and, for a login, to the logins of its name),
and giving it back removes them, once, however often it is asked. :class:`Sessions`
holds those counts and says whether one more session may start.

>>> sessions = Sessions(per_name=2, per_address=3, total=4)
>>> first = sessions.lease("ana", "192.0.2.7")
>>> second = sessions.lease("ana", "192.0.2.7")
>>> sessions.problem("ana", "198.51.100.1"), sessions.problem("bo", "192.0.2.7")
('too many at once of the name', None)
>>> first.give_back(); first.give_back()  # the second time gives nothing back
>>> sessions.by_name["ana"], sessions.total
(1, 1)
"""

from __future__ import annotations

from .shares import Count


class Lease:
    """What one session holds of the server's counts (each a count and the key it adds
    one to), from when it was taken until it is given back."""

    def __init__(self, *held: tuple[Count, str]) -> None:
        self._held = held
        for count, key in held:
            count.add(key)

    @property
    def held(self) -> bool:
        """Whether it is not given back yet."""
        return bool(self._held)

    def give_back(self) -> None:
        """Remove what it added to each count; once (it holds nothing afterwards)."""
        held, self._held = self._held, ()
        for count, key in held:
            count.remove(key)


class Sessions:
    """The sessions of a server (a terminal, a command, a browser), by name and by
    address, and the caps they are held to: per name, per address and in total."""

    def __init__(self, *, per_name: int, per_address: int, total: int) -> None:
        self.per_name = per_name
        self.per_address = per_address
        self.most = total
        self.by_name = Count()
        self.by_address = Count()

    @property
    def total(self) -> int:
        """The sessions in all."""
        return self.by_name.total

    def problem(self, name: str, address: str) -> str | None:
        """Why one more session of ``name`` from ``address`` may not start now, or
        ``None``: the sessions in all, of the address, of the name."""
        if self.total >= self.most:
            return "too many sessions"
        if self.by_address[address] >= self.per_address:
            return "too many sessions from the address"
        if self.by_name[name] >= self.per_name:
            return "too many at once of the name"
        return None

    def lease(self, name: str, address: str, *also: tuple[Count, str]) -> Lease:
        """A session of ``name`` from ``address`` starts: counted until its lease is given
        back (with ``also``: more counts it holds as long, a browser's login)."""
        return Lease((self.by_name, name), (self.by_address, address), *also)


def refusal_key(problem: str) -> str:
    """The text key that tells a person why their session may not start (a
    :meth:`Sessions.problem`, or the server stopping)."""
    return "server.sessions_of_name" if problem.endswith("name") else "server.full"
