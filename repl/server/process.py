"""The server's process: its event loop, and how its garbage collector spends its time.

**The collector.** Every session holds thousands of long-lived objects (its prompt, key
bindings, layout, styles); a hundred sessions are close to a million. CPython's full
collection looks at every one of them, and with the default settings it ran every 7-11 s
at 25 tables for 300-400 ms, holding up every move in flight (``bench --server`` counts
them). :class:`Collector` keeps what lives long out of the collector's sight:

- after each full collection, everything that survived it is frozen (``gc.freeze``). The
  full collections after it look only at what was made since (CPython starts one when
  the objects that survived two collections reach a quarter of what the last one left),
  so no collection looks at the whole server: at 50 tables, tens of ms instead of a
  second;
- an object in a reference cycle that becomes garbage after it was frozen (a session that
  ended, the prompt of a front that was left) is not collected while frozen; an object
  without a cycle is freed at once as ever (its reference count). So when the frozen
  objects have grown to :attr:`Collector.growth` times what the last full look left, per
  session (a server with twice the players holds twice the objects, and no more garbage),
  everything is unfrozen and collected once (one long pause), and frozen again.

Freezing what survives a collection of the middle generation too was measured: quicker
at a table (no full collections at all), but a server whose sessions come and go
(the soak, ``python -m tests.helpers.soak``) froze their garbage and took its long pause
every minute or so, up to 2 s at a time.

The young collections (a prompt drawn leaves a few hundred objects in reference cycles)
stay as CPython runs them: they are short, and nothing else frees those cycles.

**The loop.** asyncio's own. uvloop was measured (``bench --server``: about 5% less CPU per
move) and left out: it reads a protocol's ``data_received`` once, before
``connection_made``, so the pace of a connection's bytes (:class:`~.ssh_bytes.Throttle`) and a
refusal's wait (:class:`~.ssh_bytes.Parting`), which take it over there, would be passed by.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

_T = TypeVar("_T")

GROWTH = 2.0
"""A full look at every object once the frozen ones have grown this many times over."""


class Collector:
    """The garbage collector's policy for a long-running server (see the module)."""

    def __init__(self, *, growth: float = GROWTH) -> None:
        self.growth = growth
        self.baseline = 0
        """Objects frozen after the last full look at every object."""
        self.frozen = 0
        """Objects frozen since then, and the baseline: counted as they are frozen (those
        freed since by their reference count are still counted, so the full look comes a
        little early rather than late)."""
        self.reclaims = 0
        """Full looks at every object so far (each one long pause)."""
        self.population: Callable[[], int] = lambda: 1
        """How many sessions the server holds now (set by :func:`~.running.serve`): the
        objects that live as long as a session grow with them, and are no garbage."""
        self._people = 1
        """The population at the last full look."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._due = False
        self._reclaiming = False

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """From now on (on ``loop``): what was made at start is frozen, and each full
        collection freezes what it left."""
        self._loop = loop
        gc.collect()
        gc.freeze()
        self.baseline = self.frozen = gc.get_freeze_count()
        gc.callbacks.append(self._collected)

    def stop(self) -> None:
        """The policy ends; what is frozen stays frozen (the process is ending)."""
        if self._collected in gc.callbacks:
            gc.callbacks.remove(self._collected)
        self._loop = None

    def _collected(self, phase: str, info: dict[str, Any]) -> None:
        """``gc.callbacks``: after a full collection, freeze what survived it. Any thread
        may be collecting; the full look is left to the event loop."""
        if phase != "stop" or info.get("generation", 0) < 2:
            return
        # the survivors are all in the oldest generation: what was frozen before is not
        # counted again (gc.get_freeze_count walks every frozen object, a million of them
        # at a busy server, tens of milliseconds each time)
        self.frozen += len(gc.get_objects(generation=2))
        gc.freeze()
        if self._reclaiming or self._due or self._loop is None:
            return
        more = max(self.population(), 1) / self._people  # sessions since the last full look
        if self.frozen > self.growth * max(self.baseline, 1) * max(more, 1.0):
            self._due = True
            self._loop.call_soon_threadsafe(self.reclaim)

    def reclaim(self) -> None:
        """Collect every object once (unfrozen), then freeze what is left."""
        self._due = False
        self._reclaiming = True
        try:
            gc.unfreeze()
            gc.collect()  # its callback freezes what survived
            gc.freeze()
        finally:
            self._reclaiming = False
        self.baseline = self.frozen = gc.get_freeze_count()
        self._people = max(self.population(), 1)
        self.reclaims += 1


def run(main: Coroutine[Any, Any, _T], *, collector: Collector | None = None) -> _T:
    """Run the server's ``main`` to its end on a new event loop, with ``collector`` in
    charge of the collections (``None``: CPython's own settings; ``threethirteen serve``
    passes a :class:`Collector`)."""

    async def collected() -> _T:
        if collector is not None:
            collector.start(asyncio.get_running_loop())
        try:
            return await main
        finally:
            if collector is not None:
                collector.stop()

    with asyncio.Runner() as runner:
        return runner.run(collected())
