"""A server session's lines (:class:`~threethirteen.repl.server.lines.Lines`): refused when
too long or too many, the lobby left when idle, an error logged while the session goes on;
its lines said at tables counted (:class:`~threethirteen.repl.server.lines.Says`); and its
terminal drawn again, once, when the client says it changed size
(:class:`~threethirteen.repl.server.display.Display`).

A :class:`~threethirteen.repl.server.terminal.Guest` is driven without the network, over a
channel that keeps what it is sent.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from threethirteen.repl.server.display import Display
from threethirteen.repl.server.limits import Limits
from threethirteen.repl.server.lines import Says
from threethirteen.repl.server.lobby import LobbyFront
from threethirteen.repl.server.names import Identity
from threethirteen.repl.server.terminal import Guest

from tests.helpers.channel import Channel, service_for
from tests.helpers.rooms import settle


class AtTheLobby:
    """ana at the lobby's prompt, her session's task running."""

    def __init__(self, tmp_path: Path, limits: Limits | None = None) -> None:
        self.said: list[str] = []
        self.limits = limits or Limits()
        self.service = service_for(tmp_path, self.said, self.limits)
        self.chan = Channel((100, 30))
        self.guest = Guest(self.service, Identity("ana", None), self.chan)  # type: ignore[arg-type]
        self.task: asyncio.Task[None] | None = None
        self.welcomed = 0

    async def start(self) -> None:
        self.task = asyncio.ensure_future(self.guest.run())
        await settle(lambda: self.guest.lines.running() is not None)
        await settle(lambda: "ana in the lobby" in self.chan.text())
        self.welcomed = len(self.chan.writes)

    def told(self) -> str:
        """What the session wrote since the lobby's welcome."""
        return self.chan.text(self.welcomed)

    def enter(self, line: str) -> None:
        """Enter on ``line``, whatever the keyboard and the prompt's checks let through."""
        app = self.guest.lines.running()
        assert app is not None
        app.exit(result=line)

    async def stop(self) -> None:
        assert self.task is not None
        self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)


def test_a_line_over_the_longest_is_refused_whole_and_the_session_goes_on(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        ana = AtTheLobby(tmp_path)
        await ana.start()
        ana.enter("tables " + "x" * ana.limits.line)
        await settle(lambda: "That line is too long (at most" in ana.told())
        assert "No open tables" not in ana.told()
        ana.guest.received(b"tables\r")
        await settle(lambda: "No open tables" in ana.told())
        await ana.stop()

    asyncio.run(scenario())


def test_lines_past_the_sessions_pace_are_refused(tmp_path: Path) -> None:
    async def scenario() -> None:
        ana = AtTheLobby(tmp_path, Limits(commands=2, per_seconds=3600.0))
        await ana.start()
        ana.guest.received(b"tables\rtables\rtables\r")
        await settle(lambda: "Too many commands at once" in ana.told())
        assert ana.told().count("No open tables") == 2
        await ana.stop()

    asyncio.run(scenario())


def test_a_lobby_left_idle_is_left(tmp_path: Path) -> None:
    async def scenario() -> None:
        ana = AtTheLobby(tmp_path, Limits(lobby_idle=0.2))
        await ana.start()
        assert ana.task is not None
        await ana.task  # no line: the lobby's prompt ends by itself
        assert "You were idle in the lobby" in ana.told()
        assert "ana left (quit)" in ana.said and ana.chan.exited == 0

    asyncio.run(scenario())


def test_an_error_in_a_line_is_logged_and_the_session_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    execute = LobbyFront.execute

    def failing(self: LobbyFront, line: str) -> str | None:
        if line == "boom":
            raise RuntimeError("the floor gave way")
        return execute(self, line)

    monkeypatch.setattr(LobbyFront, "execute", failing)

    async def scenario() -> None:
        ana = AtTheLobby(tmp_path)
        await ana.start()
        ana.enter("boom")
        await settle(lambda: "That went wrong on the server" in ana.told())
        assert any("ana: error in 'boom'" in said for said in ana.said)
        ana.guest.received(b"tables\r")
        await settle(lambda: "No open tables" in ana.told())
        await ana.stop()

    asyncio.run(scenario())


def test_the_lines_said_are_counted_per_session_address_and_table(tmp_path: Path) -> None:
    limits = Limits(says_per_minute=2, says_per_address=3, says_per_table=4)
    service = service_for(tmp_path, [], limits)
    one, two = Says(service, "10.0.0.1"), Says(service, "10.0.0.1")
    other = Says(service, "10.9.9.9")
    assert [one.may_say("T") for _ in range(3)] == [None, None, "server.say_slower"]
    assert [two.may_say("T") for _ in range(2)] == [None, "server.says_from_address"]
    assert [other.may_say("T") for _ in range(2)] == [None, "server.says_at_table"]
    assert other.may_say("U") is None  # another table's lines are its own


class Prompt:
    """A running prompt that counts its redraws for a change of size."""

    def __init__(self) -> None:
        self.redrawn = 0
        self.asked = 0

    def __call__(self) -> Prompt:
        self.asked += 1
        return self

    def _on_resize(self) -> None:
        self.redrawn += 1


def test_a_change_of_size_said_many_times_redraws_once() -> None:
    async def scenario() -> None:
        display = Display(Channel(), Limits(), print)  # type: ignore[arg-type]
        prompt = Prompt()
        for _ in range(5):
            display.resized(prompt)  # type: ignore[arg-type]
        await settle(lambda: prompt.redrawn)
        assert (prompt.redrawn, prompt.asked) == (1, 1)
        display.resized(prompt)  # type: ignore[arg-type]
        await settle(lambda: prompt.redrawn == 2)  # a later change is drawn too
        assert prompt.asked == 2

    asyncio.run(scenario())


def test_a_terminal_that_changed_size_is_drawn_at_its_new_size(tmp_path: Path) -> None:
    async def scenario() -> None:
        ana = AtTheLobby(tmp_path)
        await ana.start()
        app = ana.guest.lines.running()
        assert app is not None
        drawn, sent = app.render_counter, len(ana.chan.writes)
        ana.chan.size = (60, 20)
        ana.guest.resized()
        await settle(lambda: app.render_counter > drawn)
        assert app.output.get_size().columns == 60
        # what was drawn reaches the channel once the display sends its batch
        await settle(lambda: "ana in the lobby" in ana.chan.text(sent))
        await ana.stop()

    asyncio.run(scenario())
