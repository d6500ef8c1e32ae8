"""One set of bounds for the writer and the reader (issue #25, finding 1).

Whatever a table accepts, the log it keeps is one its reader takes and that verifies: any
sequence of commands (moves, hints, ``auto``, the turn clock, undo and redo) at 2 to 8
seats, people and AIs, is played and its log read back. And the largest log the rules
allow stays under the reader's size and line bounds.
"""

from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from threethirteen.core.cards import ROUNDS, Card
from threethirteen.core.errors import IllegalMoveError
from threethirteen.core.events import (
    MAX_TURNS,
    Assistance,
    AssistanceUsed,
    CardDiscarded,
    DrawSource,
    Event,
    RoundDealt,
    RoundEnd,
    RoundScored,
)
from threethirteen.core.log import encode_log, read_log
from threethirteen.core.log_bounds import (
    MAX_HELPS,
    MAX_LINE,
    MAX_LOG_BYTES,
    MAX_REASON,
    recorded_reason,
)
from threethirteen.core.melds import best_arrangement
from threethirteen.core.players import load_policy
from threethirteen.core.rules import Assist, Discard, Draw, decide, legal_commands, new_game
from threethirteen.core.state import GameState, Phase, fold
from threethirteen.core.table import Table
from threethirteen.core.turns import AiTurn, AutoTurn, Scope
from threethirteen.core.verify import verify_game

Action = tuple[str, int]

ACTIONS = st.one_of(
    st.tuples(st.just("move"), st.integers(0, 15)),
    st.tuples(st.just("hint"), st.integers(1, 2 * MAX_HELPS)),
    st.tuples(st.just("auto"), st.integers(0, len(Scope) - 1)),
    st.tuples(st.just("clock"), st.just(0)),
    st.tuples(st.just("undo"), st.integers(1, 3)),
    st.tuples(st.just("redo"), st.just(0)),
)


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, tuple[str, ...]]:
    """A seed and who plays each seat: 2 to 8 seats, at least one of them a person."""
    count = draw(st.integers(2, 8))
    people = draw(st.sets(st.integers(0, count - 1), min_size=1, max_size=count))
    players = tuple("human" if seat in people else "greedy" for seat in range(count))
    return draw(st.integers(0, 2**32)), players


def _play_ais(table: Table) -> None:
    while isinstance(step := table.next_step(), AiTurn | AutoTurn):
        table.play_step(step)


def _act(table: Table, action: Action) -> None:
    """One command of the person to act, as a front would send it; a refusal changes
    nothing and is part of what is tried."""
    kind, number = action
    seat = table.state.turn
    if seat is None or table.state.ended is not None:
        return
    try:
        match kind:
            case "move":
                legal = legal_commands(table.state)
                table.submit(seat, legal[number % len(legal)])
            case "hint":
                for _ in range(number):
                    table.hint(seat)
            case "auto":
                table.auto(seat, list(Scope)[number])
            case "clock":
                table.time_up(seat, table.state.event_count)
            case "undo":
                for _ in range(number):
                    table.undo(seat)
            case "redo":
                table.redo(seat)
    except IllegalMoveError:
        pass


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.lists(ACTIONS, max_size=30))
# the findings of issue #25: a hundred hints and more, then the clock, or auto, or an undo
@example((5, ("human", "greedy")), [("hint", 150), ("clock", 0)])
@example((5, ("human", "greedy", "human")), [("hint", MAX_HELPS + 20), ("auto", 0)])
@example((7, ("human", "greedy", "greedy", "greedy")), [("move", 0), ("hint", 150), ("undo", 1)])
def test_every_log_a_table_keeps_reads_back_and_verifies(
    game: tuple[int, tuple[str, ...]], actions: list[Action]
) -> None:
    seed, players = game
    _, events = new_game(seed, players=players)
    ais = {seat: load_policy("greedy") for seat, who in enumerate(players) if who == "greedy"}
    table = Table(events, ais, helper=lambda: load_policy("greedy"))
    for action in actions:
        _play_ais(table)
        _act(table, action)
    _play_ais(table)
    log = read_log(encode_log(table.events))
    assert log.events == table.events
    verdict = verify_game(log.events)
    assert verdict.ok, verdict.problem


def _staying_in(state: GameState, seat: int) -> Card:
    """A card ``seat`` may discard without going out (a player who wants the round long)."""
    round_ = state.round
    assert round_ is not None
    hand = round_.hands[seat]
    for card in dict.fromkeys(hand):
        left = list(hand)
        left.remove(card)
        if card != round_.taken_from_discard and best_arrangement(left, round_.round_no).penalty:
            return card
    raise AssertionError(f"every discard of {hand} goes out")


def test_a_round_ends_after_its_last_turn() -> None:
    """Two people who only take the discard top never empty the stock: the round ends after
    its 500th turn, every hand scored as it stands, and the next round is dealt."""
    state, events = new_game(3, players=("human", "human"))
    while state.round is not None and state.round.round_no == 1:
        seat = state.turn
        assert seat is not None
        for_draw = decide(state, Draw(seat=seat, source=DrawSource.DISCARD))
        state, events = fold(for_draw, state), events + for_draw
        round_ = state.round
        assert round_ is not None
        discarded = decide(state, Discard(seat=seat, card=_staying_in(state, seat)))
        state, events = fold(discarded, state), events + discarded
    scored = [event for event in events if isinstance(event, RoundScored)]
    assert [s.ended_by for s in scored] == [RoundEnd.TURNS_PLAYED]
    assert sum(isinstance(event, CardDiscarded) for event in events) == MAX_TURNS
    assert isinstance(events[-1], RoundDealt) and events[-1].round_no == 2
    assert verify_game(read_log(encode_log(events)).events).ok


def test_a_reason_is_kept_within_the_bound_when_the_move_is_made() -> None:
    """A bot's reason of any length and with line breaks is recorded cut, on one line."""
    said = recorded_reason("I keep\nthe run " + "and more " * 100)
    assert len(said) == MAX_REASON and "\n" not in said and said.endswith("…")
    assert Draw(seat=0, source=DrawSource.STOCK, reason="a\rb").reason == "a b"


def _largest_round(state: GameState, events: tuple[Event, ...]) -> tuple[Event, ...]:
    """Round 11 played as long as the rules allow, with the longest reasons and the most
    help; the events from its deal to the next."""
    first = len(events)
    reason = "r" * MAX_REASON
    helps = 0
    while state.round is not None:
        seat = state.turn
        assert seat is not None
        if helps < MAX_HELPS:
            added: tuple[Event, ...] = decide(state, Assist(seat=seat, help=Assistance.HINT))
            helps += 1
        elif state.phase == Phase.DRAW:
            added = decide(state, Draw(seat=seat, source=DrawSource.DISCARD, reason=reason))
        else:
            card = _staying_in(state, seat)
            added = decide(state, Discard(seat=seat, card=card, reason=reason))
        state, events = fold(added, state), events + added
    return events[first - 1 :]


def test_the_largest_log_the_rules_allow_is_read() -> None:
    """Eight seats, three decks: round 11 (the largest deal) played to its last turn with
    300-character reasons and all the help a round records; eleven such rounds fit the
    reader's bound, and no line of them is near the line bound."""
    players = ("human",) * 8
    state, events = new_game(11, players=players)
    while state.round is not None and state.round.round_no < ROUNDS:
        step = legal_commands(state)[0]
        added = decide(state, step)
        state, events = fold(added, state), events + added
    assert state.round is not None and state.round.round_no == ROUNDS
    start = len(encode_log(events[:1]).encode())
    largest = _largest_round(state, events)
    helps = sum(isinstance(event, AssistanceUsed) for event in largest)
    assert helps == MAX_HELPS
    assert sum(isinstance(event, CardDiscarded) for event in largest) == MAX_TURNS
    lines = encode_log(events[:1] + largest).encode().splitlines()[2:]
    assert max(len(line) for line in lines) < MAX_LINE
    largest_log = start + ROUNDS * sum(len(line) + 1 for line in lines)
    print(f"the largest log the rules allow: {largest_log:,} bytes")
    assert largest_log < MAX_LOG_BYTES
