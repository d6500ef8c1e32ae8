"""Whether a command is stale: typed against a view of the table it has moved on from.

A person types a line against what their seat was told (the ``event_count`` of its
:class:`~core.views.SeatView`, boardgame.io's state id); by the time the line reaches the
table, another seat may have moved, a round may have been scored and dealt, or the AI may
have played the turn on the clock. Such a command is refused rather than played on a turn
it was not meant for. The seat's own commands never make its next one stale: a quick
``d`` then ``x 7h``, typed before the draw was told, are both played.

>>> own = OwnEvents()
>>> own.stale(0, 5, number=1, count=5)  # told everything: fresh
False
>>> own.made(0, own.since(0, number=1, count=5), number=2)  # seat 0 drew: event 6
>>> own.stale(0, 5, number=2, count=6), own.stale(1, 5, number=2, count=6)
(False, True)
>>> own.stale(0, 5, number=3, count=8)  # then the AI played: seat 0 was not told
True
"""

from __future__ import annotations

from attrs import frozen


@frozen(kw_only=True)
class _Run:
    """The events from ``since`` on were made by ``seat``'s own commands, as long as the
    table's latest change is still the one numbered ``number``."""

    seat: int
    since: int
    number: int


class OwnEvents:
    """The latest run of events one seat made by its own commands, up to the table's
    latest change (``number``, the count of changes told; ``count``, of events)."""

    def __init__(self) -> None:
        self._run: _Run | None = None

    def since(self, seat: int, *, number: int, count: int) -> int:
        """Where the events ``seat`` made itself, up to now, begin (``count``, now, when the
        latest change was not its own)."""
        run = self._run
        if run is not None and run.seat == seat and run.number == number:
            return run.since
        return count

    def made(self, seat: int, since: int, *, number: int) -> None:
        """``seat``'s command made the change ``number``; its own run began at ``since``."""
        self._run = _Run(seat=seat, since=since, number=number)

    def stale(self, seat: int, told: int, *, number: int, count: int) -> bool:
        """Whether a command ``seat`` typed when it had been told ``told`` of the ``count``
        events comes after an event it did not make itself."""
        return not self.since(seat, number=number, count=count) <= told <= count
