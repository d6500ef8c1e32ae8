"""What a server session writes to its client, and how the server's process collects.

A :class:`Guest` is driven here without the network, over a channel that keeps what it is
sent: what the table tells within one turn of the event loop is shown above the prompt in
one batch, the prompt drawn once under it, and it all leaves as one write (one SSH
packet). The collector policy (:mod:`repl.server.process`) freezes what a full collection
leaves, and collects a frozen object that became garbage once the frozen ones have grown.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from threethirteen.repl.server.names import Identity
from threethirteen.repl.server.process import Collector
from threethirteen.repl.server.terminal import Guest

from tests.helpers.channel import Channel, service_for
from tests.helpers.rooms import settle


def test_what_one_turn_of_the_loop_tells_is_one_batch_under_one_prompt(tmp_path: Path) -> None:
    async def scenario() -> None:
        service = service_for(tmp_path, [])
        chan = Channel((100, 30))
        guest = Guest(service, Identity("ana", None), chan)  # type: ignore[arg-type]
        task = asyncio.ensure_future(guest.run())
        await settle(lambda: "ana in the lobby" in chan.text() and shown(guest))
        session = guest.lines.session
        assert session is not None and guest.front is not None
        app, front = session.app, guest.front
        drawn, sent = app.render_counter, len(chan.writes)
        for line in ("Left draws from the stock.", "Top discards 7♥.", "Right goes out."):
            guest.display.later(functools.partial(front.say, line))
        await settle(lambda: "Right goes out." in chan.text(sent) and shown(guest))
        assert app.render_counter == drawn + 1  # the prompt drawn once, under all three
        assert len(chan.writes) == sent + 1  # one write: erase, three lines, the prompt
        told = chan.text(sent)
        where = [told.find(line) for line in ("Left draws", "Top discards", "Right goes")]
        assert -1 < where[0] < where[1] < where[2] < told.find("ana in the lobby")
        guest.received(b"tables\r")  # the person types on: the prompt works as before
        await settle(lambda: "No open tables" in chan.text(sent))
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(scenario())


def shown(guest: Guest) -> bool:
    """Whether ``guest``'s screen is drawn and nothing more is on its way to it: the prompt
    is drawn, no batch of what the table told waits to be shown, and no redraw is due."""
    session = guest.lines.session
    if session is None or not session.app.is_running:
        return False
    app = session.app
    return app.render_counter > 0 and not app.invalidated and guest.display._showing is None


@pytest.fixture
def unfrozen() -> Iterator[None]:
    """Whatever a test freezes is unfrozen after it (the test process goes on)."""
    try:
        yield
    finally:
        gc.unfreeze()


class Knot:
    """An object in a reference cycle: only the collector frees it."""

    def __init__(self) -> None:
        self.me = self


def test_a_full_collection_freezes_what_it_leaves(unfrozen: None) -> None:
    async def scenario() -> None:
        collector = Collector()
        collector.start(asyncio.get_running_loop())
        try:
            frozen = gc.get_freeze_count()
            kept = [Knot() for _ in range(1000)]
            gc.collect()
            assert gc.get_freeze_count() >= frozen + 1000
            assert all(knot.me is knot for knot in kept)
        finally:
            collector.stop()

    asyncio.run(scenario())


def test_frozen_garbage_is_collected_once_the_frozen_objects_have_grown(unfrozen: None) -> None:
    async def scenario() -> None:
        collector = Collector(growth=1.5)
        collector.start(asyncio.get_running_loop())
        try:
            knot = Knot()
            gone = weakref.ref(knot)
            gc.collect()  # survived: frozen
            del knot
            gc.collect()
            assert gone() is not None  # frozen garbage: not collected yet
            grown: list[Any] = [Knot() for _ in range(int(collector.baseline * 0.6) + 1000)]
            gc.collect()  # the frozen objects grew by half: the full look is due
            await asyncio.sleep(0)
            await asyncio.sleep(0)
            assert collector.reclaims == 1
            assert gone() is None
            assert len(grown) > 0
        finally:
            collector.stop()

    asyncio.run(scenario())


def test_frozen_objects_that_grow_with_the_sessions_are_no_reason_for_a_full_look(
    unfrozen: None,
) -> None:
    """Sessions that log in make objects that live as long as they do: the frozen objects
    doubling with the sessions takes no full look; doubling at the same sessions does."""

    async def scenario() -> None:
        people = [10]
        collector = Collector(growth=1.5)
        collector.population = lambda: people[0]
        collector.start(asyncio.get_running_loop())
        try:
            collector.reclaim()  # the population at a full look: 10 sessions
            people[0] = 20  # twice the sessions: the objects they make are theirs
            grown: list[Any] = [Knot() for _ in range(int(collector.baseline * 0.8))]
            gc.collect()
            await asyncio.sleep(0)
            await asyncio.sleep(0)
            assert collector.reclaims == 1
            more: list[Any] = [Knot() for _ in range(int(collector.frozen * 1.5) + 1000)]
            gc.collect()  # the same sessions, three times the objects: a full look
            await asyncio.sleep(0)
            await asyncio.sleep(0)
            assert collector.reclaims == 2
            assert len(grown) > 0 and len(more) > 0
        finally:
            collector.stop()

    asyncio.run(scenario())
