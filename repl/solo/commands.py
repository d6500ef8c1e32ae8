"""The commands of a game of one's own: ``undo``, ``redo``, ``new``, ``save``, ``load``,
``seed``, ``speed``, ``coach``, ``stats``, ``report``, and ``sort`` kept for the next games.

A command map (:class:`~repl.kit.front.Command` by name) that the game at a terminal adds
to its seat's shared commands. A seat at a server's table has none of these but ``coach``
(its own there, :mod:`repl.server.table_session`): its table is everyone's, and nobody takes a move
back, deals anew or loads another game there.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from ...core.events import Event
from ...core.rules import new_game
from ...core.table import Table
from ..files.paths import data_dir
from ..files.reproduce import issues_url, write_report
from ..files.save_names import saves_dir
from ..kit.front import Command
from ..kit.render import Text, unbroken
from ..kit.screen import Screen
from ..kit.seat import SeatFront
from ..protocol.acts import Redo, Undo
from ..words.grammar import Parsed
from ..words.i18n import Texts
from .past import render_stats
from .saves import (
    CutOff,
    Loadable,
    Loaded,
    Saved,
    load_problem,
    loadable_games,
    plan_save,
    read_saved,
    save_problem,
    write_save,
)
from .settings import Settings, random_seed


class OwnGame(Protocol):
    """What the commands ask of the game at a terminal (:class:`~.game.SoloGame`)."""

    tx: Texts
    screen: Screen
    settings: Settings

    @property
    def table(self) -> Table: ...

    @property
    def seed(self) -> int | None: ...

    def switch(self, events: Sequence[Event], path: Path | None) -> str | None:
        """Make ``events`` the game in play; why it could not be."""

    def take_back_problem(self, *, again: bool) -> str | None:
        """Why the person may not undo (or redo) now, in words; ``None`` when they may."""

    def kept(self, name: str, value: str) -> bool:
        """Keep a setting for the next games; whether it was."""

    @property
    def coaching(self) -> bool:
        """Whether the coach is on."""

    def coach_on(self, on: bool) -> None:
        """Turn the coach on or off."""


class OwnGameCommands:
    """The commands of ``game`` as typed at ``front``, its seat."""

    def __init__(self, game: OwnGame, front: SeatFront) -> None:
        self.game = game
        self.front = front
        self.tx = game.tx
        self.screen = game.screen

    def command_map(self) -> dict[str, Command]:
        """The commands, by name (they win over the seat's own: ``sort`` is kept here)."""
        shared_sort = self.front.commands["sort"]

        def sort(parsed: Parsed) -> str | None:
            """``sort`` as at every seat, and kept for the next games."""
            said = shared_sort.run(parsed)
            self.game.kept("sort", self.front.sort)
            return said

        return {
            "sort": Command(sort, shared_sort.problem),
            "undo": Command(self._undo, self._undo_problem),
            "redo": Command(self._redo, self._redo_problem),
            "new": Command(self._new),
            "save": Command(self._save, self._save_problem),
            "load": Command(self._load, self._load_problem),
            "seed": Command(self._seed),
            "speed": Command(self._speed),
            "coach": Command(self._coach),
            "stats": Command(self._stats),
            "report": Command(self._report),
        }

    def _undo_problem(self, parsed: Parsed) -> str | None:
        return self.game.take_back_problem(again=False)

    def _undo(self, parsed: Parsed) -> str | None:
        return self.front.send(Undo())  # told, with the table, by the front

    def _redo_problem(self, parsed: Parsed) -> str | None:
        return self.game.take_back_problem(again=True)

    def _redo(self, parsed: Parsed) -> str | None:
        return self.front.send(Redo())

    def _seed(self, parsed: Parsed) -> str | None:
        self.front.say(self.tx("msg.seed", seed=self.game.seed))
        return None

    def _speed(self, parsed: Parsed) -> str | None:
        kept = False
        if parsed.choice:
            self.game.settings.speed = parsed.choice
            kept = self.game.kept("speed", parsed.choice)
        said = "msg.speed_kept" if kept else "msg.speed"  # kept: say it holds for later games
        self.front.say(self.tx(said, speed=self.tx(f"speed.{self.game.settings.speed}")))
        return None

    def _coach(self, parsed: Parsed) -> str | None:
        """``coach on|off``, or ``coach`` alone to hear whether it is on."""
        if parsed.choice is None:
            on = self.game.coaching
            self.front.say(self.tx("msg.coach_is_on" if on else "msg.coach_is_off"))
            return None
        on = parsed.choice == "on"
        self.game.coach_on(on)
        self.front.say(self.tx("msg.coach_on" if on else "msg.coach_off"))
        return None

    def _stats(self, parsed: Parsed) -> str | None:
        self.screen.show(render_stats(self.tx, self.screen.width))
        return None

    def _save_problem(self, parsed: Parsed) -> str | None:
        return save_problem(parsed.path, self.tx) if parsed.path else None

    def _save(self, parsed: Parsed) -> str | None:
        """Write the game's log (with any pending help) to a file, never over one unasked:
        an existing file is replaced only when the player says yes at the terminal."""
        tx, front = self.tx, self.front
        plan = plan_save(parsed.path, self.game.seed)
        if plan.exists:
            asked = tx("msg.save_overwrite", path=plan.path)
            if plan.odd is not None:
                asked = tx("msg.save_replace_odd", path=plan.path, kind=tx(f"file.{plan.odd}"))
            question = asked + tx("msg.yes_no")
            if not (self.screen.interactive and self.screen.confirm(question, False)):
                return front.refuse(tx("msg.save_exists", path=plan.path))
        done = write_save(plan, self.game.table.events, overwrite=plan.exists)
        if isinstance(done, Saved):
            front.say(tx("msg.saved", path=done.path, n=done.events), "class:good")
            return None
        if done.exists:
            return front.refuse(tx("msg.save_exists", path=done.path))
        return front.refuse(tx("msg.save_failed", path=done.path, detail=done.detail))

    def _load_problem(self, parsed: Parsed) -> str | None:
        return load_problem(parsed.path, self.tx) if parsed.path else None

    def _load(self, parsed: Parsed) -> str | None:
        """Load a saved game (found as ``save`` names it, or an unfinished game kept aside)
        and play on from where it stopped; ``load`` alone lists them."""
        if parsed.path is None:
            self.screen.show(self._loadable())
            return None
        tx, front = self.tx, self.front
        found = read_saved(parsed.path)
        if isinstance(found, CutOff):
            count = len(found.events)
            question = tx("msg.load_prefix", path=found.path, n=count) + tx("msg.yes_no")
            if not (count and self.screen.interactive and self.screen.confirm(question, True)):
                detail = tx.error(found.error)
                return front.refuse(tx("msg.load_failed", path=found.path, detail=detail))
        elif not isinstance(found, Loaded):
            if found.path is None:
                return front.refuse(load_problem(parsed.path, tx) or parsed.path)
            detail = found.detail if found.error is None else tx.error(found.error)
            return front.refuse(tx("msg.load_failed", path=found.path, detail=detail))
        failed = self.game.switch(found.events, found.path)
        if failed is not None:
            return failed
        said = tx("msg.loaded", path=found.path, seed=self.game.seed, n=len(found.events))
        front.say(said, "class:good")
        front.begin()
        return None

    def _loadable(self) -> Text:
        """What ``load`` alone shows: the saves, then the unfinished games kept aside."""
        tx = self.tx
        games = loadable_games()
        if not games:
            return [("", tx("load.none", folder=saves_dir())), ("", "\n")]
        out: Text = []
        for kept, title in ((False, "load.saves"), (True, "load.kept")):
            shown = [game for game in games if game.kept == kept]
            if shown:
                out += [("class:title", tx(title)), ("", "\n")]
                out += [piece for game in shown for piece in self._loadable_line(game)]
        return out

    def _loadable_line(self, game: Loadable) -> Text:
        tx = self.tx
        if game.seed is None:
            about = tx("load.unreadable")
        elif game.over:
            about = tx("load.entry_over", seed=game.seed)
        else:
            about = tx("load.entry", seed=game.seed, round=game.round_no)
        return [("", "  " + game.name + "  "), ("class:dim", about), ("", "\n")]

    def _new(self, parsed: Parsed) -> str | None:
        """``new [SEED]``: a new game with the same options and opponents."""
        tx, front, settings = self.tx, self.front, self.game.settings
        question = tx("msg.new_confirm") + tx("msg.yes_no_enter_yes")
        unfinished = self.game.table.state.ended is None
        if unfinished and self.screen.interactive and not self.screen.confirm(question, True):
            return None
        seed = random_seed() if parsed.number is None else parsed.number
        _, events = new_game(seed, settings.options(), settings.players())
        failed = self.game.switch(events, None)
        if failed is not None:
            return failed
        aces = tx("aces.high") if settings.aces_high else tx("aces.low")
        levels = settings.players()[1:]
        shown = [tx(f"level.{lv}") if tx.has(f"level.{lv}") else lv for lv in levels]
        level = shown[0] if len(set(levels)) == 1 else ", ".join(shown)
        said = tx("msg.new_game", seed=seed, jokers=settings.jokers, aces=aces, level=level)
        front.say(said, "class:good")
        front.begin()
        return None

    def _report(self, parsed: Parsed) -> str | None:
        """``report``: write a bug report and print the line that reproduces the game so
        far, with the player's settings."""
        tx, front = self.tx, self.front
        described = self.game.settings.described(tx.lang)
        try:
            written = write_report(self.game.table.events, folder=data_dir(), settings=described)
        except OSError as error:
            return front.refuse(tx("msg.report_failed", detail=error.strerror or str(error)))
        notes = written.notes.name
        front.say(tx("msg.report", log=written.log, n=written.events, notes=notes), "class:good")
        front.say(tx("msg.report_line"))
        self.screen.show([*unbroken(written.line, "class:label"), ("", "\n")])
        url = issues_url()
        front.say(tx("msg.report_send", url=url) if url else tx("msg.report_send_plain"))
        return None
