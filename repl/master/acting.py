"""Each act a place sends, checked and carried out by its table's master: the one place a
table's rules of conduct live (who may move, hint, deal, talk, undo), for every front.

An act is checked first for who sends it (the binding is in force), then for what the seat
may do now; a move goes to the table with the state id its sender saw, and the table's
rules (:mod:`core.rules`, through :class:`~core.table.Table`) decide it. What an act does
is told as news (the change, to every place that may know it); why it was refused, to its
sender alone (:class:`~repl.protocol.news.Refusal`).
"""

from __future__ import annotations

from ...core.errors import GameError
from ...core.events import CardDiscarded, CardDrawn, Event
from ...core.state import GameState
from ...core.table import Table
from ..kit.safe import clean_line, clean_name
from ..protocol.acts import (
    Act,
    AskHint,
    AskLog,
    Binding,
    Leave,
    Mute,
    Play,
    Redo,
    SetAuto,
    SetCoach,
    SetWatchers,
    Speak,
    Start,
    Undo,
)
from ..protocol.news import Advised, Hinted, Note, SeenLog
from .desk import Desk
from .refused import Refused, Unbound


async def handle(master: Desk, binding: Binding, act: Act) -> None:
    """Carry out ``act`` of ``binding`` at ``master``'s table, or tell why not."""
    try:
        await _carry_out(master, binding, act)
    except (Refused, GameError) as error:
        master.refuse(binding, error)


async def _carry_out(master: Desk, binding: Binding, act: Act) -> None:
    match act:
        case Play():
            await play(master, binding, act)
        case AskHint():
            seat, table = master.seat_of(binding), _table(master)
            hint = await master.lane.hint(
                binding.number,
                binding.name,
                (seat, act.seen, table),
                lambda work: master.change(binding, work, "a hint", think=True),
            )
            master.to(binding, Hinted(hint))
        case SetAuto():
            seat, _ = master.seat_of(binding), _table(master)
            since = master.auto(seat, act.scope)
            master.keeper.piloted(seat, act.scope, since)
        case SetCoach():
            master.coaching.turn(master.seat_of(binding), act.on)
            master.to(binding, Note("msg.coach_on" if act.on else "msg.coach_off"))
        case AskLog():
            if not master.is_bound(binding):
                raise Unbound("server.unseated")
            seen = () if master.table is None else master.table.seen(binding.seat)
            master.to(binding, SeenLog(seen))
        case Start():
            await start(master, binding)
        case Speak():
            line = clean_line(act.text)
            if line:  # nothing is left to say once the unsafe characters are gone
                master.talk.say(binding, line, master.caps(binding))
        case Mute():
            name = clean_name(act.name)
            (master.talk.mute if act.on else master.talk.unmute)(binding, name)
        case SetWatchers():
            master.talk.set_watchers(binding, act.how)
        case Leave():
            master.unlink(binding)
        case Undo() | Redo():
            await take_back(master, binding, again=isinstance(act, Redo))


async def play(master: Desk, binding: Binding, act: Play) -> None:
    """Draw, take or discard for the seat of ``binding``, as it saw the table (``seen``);
    a coached seat's move is recorded with the coach's help, and judged after."""
    seat, table = master.seat_of(binding), _table(master)
    coached = seat in master.coaching

    def move() -> tuple[GameState, tuple[Event, ...]]:
        before = table.state
        if coached:
            return before, master.coaching.play(table, seat, act.command, act.seen)
        return before, table.submit(seat, act.command, told=act.seen)

    before, played = await master.change(binding, move, "a move")
    if played and isinstance(made := played[0], CardDrawn | CardDiscarded):
        master.keeper.played(seat, before, made)
    if coached and played:
        master.spawn(_judge(master, binding, seat))


async def _judge(master: Desk, binding: Binding, seat: int) -> None:
    """The coach's verdict on the seat's move just played, told to the places of the seat
    when it cost clearly more (past the caps the move goes unjudged, and the seat hears
    so)."""
    try:
        judged = await master.lane.judge(
            binding.name,
            lambda: master.engine.run(lambda: master.coaching.judge(seat), think=True),
        )
    except Refused as why:
        master.coaching.let_pass(seat)
        master.tell(Note(why.key), seat=seat)
        return
    if judged is not None and not master.closed:
        decision, move = judged
        master.tell_seat(seat, Advised(decision=decision, move=move))


async def start(master: Desk, binding: Binding) -> None:
    """Deal: the AI takes every empty seat. Only the host deals, and only once the seats
    the AI may not take are taken; a second start while the first deals does nothing."""
    seat = master.seat_of(binding)
    refusal = master.who().start_refusal(binding.name, seat)
    if refusal is not None:
        raise Refused(refusal.key, **refusal.values)
    if master.starting or master.started or master.closed:
        return
    master.starting = True
    try:
        events = await master.keeper.deal()
        table = await master.change(
            None, lambda: master.keeper.seat_game(events, fresh=True), "dealing"
        )
    finally:
        master.starting = False
    master.begin(table)
    master.tell(Note("server.started"))
    master.go_on()


def take_back_refusal(master: Desk, seat: int, *, again: bool) -> Refused | None:
    """Why ``seat`` may not undo (or redo) its last move now, or ``None``: the one place
    "may undo" is decided (a front asks it before Enter, the master as it plays)."""
    table = master.table
    if master.facts.shared:
        return Refused("server.no_undo")
    if table is None:
        return Refused("server.not_started")
    if again:
        return None if table.can_redo(seat) else Refused("msg.nothing_to_redo")
    if table.can_undo(seat):
        return None
    over = table.state.ended is not None
    return Refused("msg.undo_after_end" if over else "msg.nothing_to_undo")


async def take_back(master: Desk, binding: Binding, *, again: bool) -> None:
    """Undo (or redo) the seat's last move: only at a table of one's own (the others at a
    shared table saw the move already)."""
    seat, table = master.seat_of(binding), _table(master)
    refused = take_back_refusal(master, seat, again=again)
    if refused is not None:
        raise refused
    if again:
        await master.change(binding, lambda: table.redo(seat), "a redo")
    else:
        await master.change(binding, lambda: table.undo(seat), "an undo")


def _table(master: Desk) -> Table:
    """The game in play; :class:`Refused` before it is dealt."""
    if master.table is None:
        raise Refused("server.not_started")
    return master.table
