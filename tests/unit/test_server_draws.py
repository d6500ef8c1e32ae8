"""How often a server draws its players' prompts for a move: each draw is a whole layout
of prompt_toolkit's, the most of what a move costs the server (``bench --server`` counts
them as "prompts drawn").

Four :class:`Guest` sessions sit at one table, without the network (a channel that keeps
what it is sent). A move typed costs its table five draws: the mover's line closed and
their next prompt drawn once under the move's news, and one batch for each of the three
others. A turn clock that ticks on adds a draw only when the time it shows has changed:
here the fronts' clock stands still, so no tick shows anything new.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from threethirteen.core.state import Phase
from threethirteen.repl.kit import seat as seat_module
from threethirteen.repl.server.names import Identity
from threethirteen.repl.server.terminal import Guest

from tests.helpers.channel import Channel, service_for
from tests.helpers.rooms import settle

NAMES = ("ana", "ben", "cy", "dot")


def shown(guest: Guest) -> bool:
    """Whether ``guest``'s prompt is drawn and nothing more is on its way to it."""
    session = guest.lines.session
    if session is None or not session.app.is_running:
        return False
    app = session.app
    display = guest.display
    return (
        app.render_counter > 0
        and not app.invalidated
        and display._showing is None
        and getattr(display, "_redrawing", None) is None  # (a redraw asked, not done yet)
    )


def draws(guest: Guest) -> int:
    """The prompts drawn in ``guest``'s terminal so far (one prompt per connection)."""
    session = guest.lines.session
    assert session is not None
    return session.app.render_counter


class Table:
    """Four people in their own terminals at one table, the game dealt."""

    def __init__(self, guests: list[Guest], chans: list[Channel]) -> None:
        self.guests = guests
        self.chans = chans
        self.ticks = [0] * len(guests)
        """How often each seat's turn clock asked to draw its prompt again."""

    def count_ticks(self) -> None:
        for number, guest in enumerate(self.guests):
            refresh = guest.refresh

            def counted(number: int = number, refresh: object = refresh) -> None:
                self.ticks[number] += 1
                refresh()  # type: ignore[operator]

            guest.refresh = counted  # type: ignore[method-assign]

    def seen(self) -> int:
        """The state id every seat was told last (the least of them)."""
        counts = []
        for guest in self.guests:
            front = guest.front
            view = getattr(front, "view", None)
            counts.append(-1 if view is None else view.event_count)
        return min(counts)

    def to_play(self) -> int:
        front = self.guests[0].front
        view = getattr(front, "view", None)
        assert view is not None and view.round is not None
        return view.round.turn

    async def move(self) -> tuple[int, list[int]]:
        """The seat to play types its move (``d``, or ``x`` and a card that is not wild); who moved
        and the draws of each terminal from the Enter that sends the line until all four are
        told and drawn."""
        mover = self.to_play()
        guest = self.guests[mover]
        view = getattr(guest.front, "view", None)
        assert view is not None and view.mine is not None
        mine = view.mine
        # (a wild card is discarded only at a second Enter: the prompt asks first)
        plain = [card for card in mine.hand if card.rank is not mine.wild_rank]
        line = "d" if view.phase is Phase.DRAW else f"x {plain[0]}"
        # the line is typed and drawn first: how soon the typed letters are drawn (before the
        # Enter that follows them, or not at all) is the event loop's business, not the move's
        session = guest.lines.session
        assert session is not None
        guest.received(line.encode())
        await settle(lambda: session.default_buffer.text == line and shown(guest))
        before, seen = [draws(g) for g in self.guests], self.seen()
        guest.received(b"\r")
        await settle(lambda: self.seen() > seen and all(shown(g) for g in self.guests))
        return mover, [draws(g) - drawn for g, drawn in zip(self.guests, before, strict=True)]


async def seated(tmp_path: Path, options: str) -> tuple[Table, list[asyncio.Task[None]]]:
    """Four guests at a table made with ``new OPTIONS``, the game dealt."""
    service = service_for(tmp_path, [])
    chans = [Channel((80, 24)) for _ in NAMES]
    guests = [
        Guest(service, Identity(name, None), chan)  # type: ignore[arg-type]
        for name, chan in zip(NAMES, chans, strict=True)
    ]
    tasks = [asyncio.ensure_future(guest.run()) for guest in guests]
    await settle(lambda: all(shown(guest) for guest in guests))
    host = guests[0]
    host.received(f"new {options}\r".encode())
    made = re.compile(r"Table ([A-Z]{4}-\d+) is yours")
    await settle(lambda: made.search(chans[0].text()))
    found = made.search(chans[0].text())
    assert found is not None
    for guest in guests[1:]:
        guest.received(f"join {found.group(1)}\r".encode())
        await settle(lambda guest=guest: guest.place is not None and shown(guest))  # type: ignore[misc]
    table = Table(guests, chans)
    host.received(b"start\r")
    await settle(lambda: table.seen() > 0 and all(shown(guest) for guest in guests))
    return table, tasks


async def leave(tasks: list[asyncio.Task[None]]) -> None:
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def test_a_move_draws_the_mover_s_prompt_twice_and_each_other_s_once(tmp_path: Path) -> None:
    async def scenario() -> None:
        table, tasks = await seated(tmp_path, "")
        try:
            for _ in range(4):  # two turns: a draw and a discard each
                mover, drawn = await table.move()
                assert sum(drawn) <= 5, drawn
                assert drawn[mover] == 2, drawn  # the line closed, the next prompt
                assert all(count == 1 for seat, count in enumerate(drawn) if seat != mover)
        finally:
            await leave(tasks)

    asyncio.run(scenario())


def test_a_turn_clock_draws_a_prompt_again_only_when_its_time_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fronts' clock stands still (the loop's runs on): the seat to play is told
    its clock, which ticks each second, and never shows another time."""
    monkeypatch.setattr(seat_module, "time", SimpleNamespace(monotonic=lambda: 1000.0))

    async def scenario() -> None:
        table, tasks = await seated(tmp_path, "--turn-time 60")
        table.count_ticks()
        try:
            for _ in range(2):  # the first turn: a draw, then a discard gives the turn on
                mover, drawn = await table.move()
            after = table.to_play()
            assert after != mover
            ticked = table.ticks[after]
            total = sum(drawn)
            before = [draws(guest) for guest in table.guests]
            # the next seat's clock ticks twice (0.2 s after it was told, then each second)
            await settle(lambda: table.ticks[after] >= ticked + 2)
            await settle(lambda: all(shown(guest) for guest in table.guests))
            total += sum(draws(g) - n for g, n in zip(table.guests, before, strict=True))
            assert total <= 5, (drawn, table.ticks)
        finally:
            await leave(tasks)

    asyncio.run(scenario())
