"""The replay mode: stepping through a saved game, at a real prompt and from a script.

A game played by AI players is written to a file once per module; the tests
replay it through a ``PromptSession`` (keys from a pipe, ``DummyOutput``) and through
``--script``, and check the navigation, the words, the toolbar, completion and
validation, damaged files, and that nothing in the data folder changes. (A pipe into
the command in a child process: ``tests/e2e/test_replay_mode.py``.)
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import attrs
import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.validation import ValidationError
from threethirteen.core.events import (
    Assistance,
    AssistanceUsed,
    CardDiscarded,
    CardDrawn,
    DrawSource,
    Event,
    GameStarted,
    PlayerWentOut,
    RoundDealt,
    RoundScored,
    StockRebuilt,
)
from threethirteen.core.log import encode_log
from threethirteen.core.moves import is_turn_end
from threethirteen.core.state import GameState, fold
from threethirteen.repl.kit.completer import GameCompleter
from threethirteen.repl.kit.loop import run_terminal
from threethirteen.repl.kit.narrate import describe
from threethirteen.repl.kit.render import plain
from threethirteen.repl.kit.screen import PlainScreen, TerminalScreen
from threethirteen.repl.kit.validator import GameValidator
from threethirteen.repl.solo.replay import main, open_replay_front
from threethirteen.repl.solo.replay_front import ReplayFront as Replay
from threethirteen.repl.words.grammar import REPLAY
from threethirteen.repl.words.i18n import Texts

from tests.helpers.games import played_game, untouched
from tests.helpers.opening import open_replay


class _Sink(io.StringIO):
    @property
    def text(self) -> str:
        return self.getvalue()


def replay_of(events: tuple[Event, ...], lang: str = "en") -> tuple[Replay, _Sink]:
    sink = _Sink()
    return Replay(events, tx=Texts(lang), screen=PlainScreen(sink), name="game.jsonl"), sink


def session(
    path: Path, keys: str, *, lang: str = "en", at: int | None = None
) -> tuple[Replay, str]:
    """A whole replay at a real prompt on ``keys``; the replay and everything shown."""
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        opened = open_replay(path, tx=Texts(lang), at=at, input=pipe, output=DummyOutput())
        assert opened is not None
        replay, prompt = opened
        assert run_terminal(replay, prompt) == 0
    assert isinstance(replay.screen, TerminalScreen)
    return replay, "".join(replay.screen.transcript)


# -- navigation ------------------------------------------------------------------------


def test_steps_turns_rounds_and_jumps_go_where_they_say() -> None:
    events = played_game()
    replay, _ = replay_of(events)
    replay.begin()
    assert replay.position == 1
    replay.execute("")  # Enter alone: one event on
    assert replay.position == 2 and isinstance(events[1], RoundDealt)
    replay.execute("next turn")
    discard = events[replay.position - 1]
    assert isinstance(discard, CardDiscarded)
    assert all(not isinstance(e, CardDiscarded) for e in events[2 : replay.position - 1])
    replay.execute("round 4")
    dealt = events[replay.position - 1]
    assert isinstance(dealt, RoundDealt) and dealt.round_no == 4
    replay.execute("prev")
    assert isinstance(events[replay.position - 1], RoundScored)
    replay.execute("prev round")
    dealt = events[replay.position - 1]
    assert isinstance(dealt, RoundDealt) and dealt.round_no == 3
    replay.execute("next round")
    assert replay.state.round is not None and replay.state.round.round_no == 4
    replay.execute("goto 100")
    assert replay.position == 100 and replay.state == fold(events[:100])
    replay.execute("prev turn")
    assert replay.position < 100 and is_turn_end(events, replay.position - 1)
    replay.execute("end")
    assert replay.position == len(events) and replay.state.ended is not None
    replay.execute("start")
    assert replay.position == 1


def test_a_turn_ends_after_going_out_not_between_the_discard_and_it() -> None:
    events = played_game()
    outs = [i for i, e in enumerate(events) if isinstance(e, PlayerWentOut)]
    assert outs
    for i in outs:
        assert is_turn_end(events, i) and not is_turn_end(events, i - 1)


def test_what_cannot_be_done_is_said_and_changes_nothing() -> None:
    events = played_game()
    replay, sink = replay_of(events)
    replay.execute("prev")
    replay.execute("goto 0")
    replay.execute(f"goto {len(events) + 1}")
    replay.execute("round 12")
    replay.execute("prev round")
    replay.execute("round")
    replay.execute("nxet")
    assert replay.position == 1
    replay.execute("end")
    replay.execute("next")
    replay.execute("next round")
    assert replay.position == len(events)
    said = sink.text
    assert "This is the first event: next (or Enter) steps forward." in said
    assert f"There is no event 0: this log has events 1 to {len(events)}." in said
    assert f"There is no event {len(events) + 1}" in said
    assert "Round 12 is not in this log: it has rounds 1 to 11." in said
    assert "There is no earlier round in this log." in said
    assert "Which number? usage: round N" in said
    assert "Unknown command 'nxet': did you mean next?" in said
    assert f"This is the last event ({len(events)}/{len(events)})" in said
    assert "There is no later round in this log." in said


# -- what is shown ---------------------------------------------------------------------


def test_every_hand_is_shown_and_each_ai_decision_with_its_reason() -> None:
    events = played_game()
    replay, sink = replay_of(events)
    replay.execute("round 2")
    before = len(sink.text)
    replay.execute("next turn")
    shown = sink.text[before:]
    state = replay.state
    assert state.round is not None
    for hand in state.round.hands:
        for card in hand:
            assert str(card) in shown
    drawn = next(e for e in events[replay.position - 2 :: -1] if isinstance(e, CardDrawn))
    discarded = events[replay.position - 1]
    assert isinstance(discarded, CardDiscarded)
    assert discarded.reason and drawn.reason
    # the reason, without the action the sentence already says
    assert "why: " + Texts().reason(discarded.reason, action=False) in shown
    assert f"{replay.position:>4}  " in shown  # each event told with its number
    seat = Texts().seat(discarded.seat)
    told = (
        f"{seat} discards {discarded.card}." if seat != "You" else f"You discard {discarded.card}."
    )
    assert told in shown


def test_the_end_of_a_round_and_of_the_game_are_shown() -> None:
    events = played_game()
    replay, sink = replay_of(events)
    scored = next(i for i, e in enumerate(events) if isinstance(e, RoundScored)) + 1
    replay.execute(f"goto {scored}")
    event = events[scored - 1]
    assert isinstance(event, RoundScored)
    assert "Round 1 is over" in sink.text and "Score sheet" not in sink.text
    for seat, score in enumerate(event.scores):
        line = f"penalty {score.penalty:>3} · total {event.totals[seat]:>3}"
        assert line in sink.text
    assert "(score shows the whole score sheet)" in sink.text
    replay.execute("score")
    assert "Score sheet" in sink.text
    replay.execute("end")
    assert "Game over after 11 rounds." in sink.text
    assert "Type new for another game" not in sink.text  # that is for play
    assert sink.text.count("Total") == 2  # at "score", and with the result


def test_the_toolbar_says_where_the_replay_is() -> None:
    events = played_game()
    replay, _ = replay_of(events)
    assert plain(replay.toolbar()).startswith(f" event 1/{len(events)} · not dealt yet")
    replay.execute("round 3")
    bar = plain(replay.toolbar())
    assert f"event {replay.position}/{len(events)} · round 3/11 · to play: " in bar
    assert "(draw)" in bar and "wild 5" in bar
    assert len(bar) <= 78
    replay.execute("end")
    assert "game over" in plain(replay.toolbar())


def test_german_words() -> None:
    events = played_game()
    replay, sink = replay_of(events, lang="de")
    replay.begin()
    replay.execute("weiter")
    replay.execute("weiter zug")
    replay.execute("hilfe gehe")
    replay.execute("runde 99")
    assert "Das Spiel beginnt: Seed 5" in sink.text
    assert "Runde 1/11 · Geber:" in sink.text and "warum: " in sink.text
    assert "Aufruf: gehe N" in sink.text
    assert "Runde 99 ist nicht in diesem Protokoll" in sink.text
    assert plain(replay.toolbar()).startswith(f" Ereignis 4/{len(events)} · Runde 1/11 · am Zug:")


# -- completion and validation ---------------------------------------------------------


def complete(replay: Replay, text: str) -> list[tuple[str, str]]:
    completer = replay.completer()
    assert isinstance(completer, GameCompleter)
    found = completer.get_completions(Document(text), CompleteEvent(completion_requested=True))
    return [(c.text, c.display_meta_text) for c in found]


def test_completion_offers_the_replay_commands_their_choices_and_the_rounds() -> None:
    replay, _ = replay_of(played_game())
    words = [text for text, _ in complete(replay, "")]
    assert words[:6] == ["next", "prev", "round", "goto", "start", "end"]
    assert "draw" not in words
    assert complete(replay, "ne")[0][0] == "next"
    assert [t for t, _ in complete(replay, "next ")] == ["turn", "round"]
    rounds = complete(replay, "round ")
    assert [t for t, _ in rounds] == [str(n) for n in range(1, 12)]
    assert rounds[2][1].endswith("wild 5")
    assert [t for t, _ in complete(replay, "round 1")] == ["1", "10", "11"]
    assert [t for t, _ in complete(replay, "help g")] == ["goto"]


def test_validation_flags_a_step_that_cannot_be_taken_before_enter() -> None:
    events = played_game()
    replay, _ = replay_of(events)
    validator = GameValidator(replay.problem, replay.tx, REPLAY)
    validator.validate(Document("goto 12"))
    validator.validate(Document("ne"))  # on its way to next
    with pytest.raises(ValidationError, match="There is no event 9999"):
        validator.validate(Document("goto 9999"))
    with pytest.raises(ValidationError, match="This is the first event"):
        validator.validate(Document("prev"))
    validator.strict = True
    with pytest.raises(ValidationError, match="did you mean next"):
        validator.validate(Document("ne"))


# -- at a real prompt ------------------------------------------------------------------


def test_a_replay_at_the_prompt(saved_game: Path, watched_data: Path) -> None:
    events = played_game()
    keys = "next\r\rnext turn\rgoto 40\rround 2\rprev\rgoto 9999\r\x03end\rquit\r"
    replay, shown = session(saved_game, keys)
    assert replay.position == len(events)
    assert "Replay of game.jsonl: seed 5" in shown
    assert "   2  Round 1/11 · dealer:" in shown
    assert "   3  " in shown and "why: " in shown
    assert "  40  " in shown
    assert "Round 2/11 · 4 cards" in shown
    assert "Round 1 is over" in shown  # prev from the deal of round 2
    assert "There is no event 9999" in shown  # refused (answered above the next prompt)
    assert "Game over after 11 rounds." in shown and "Goodbye." in shown
    assert untouched(watched_data)
    assert (watched_data / "replay-history").exists() and not (watched_data / "history").exists()


def test_ctrl_d_leaves_a_replay_at_once(saved_game: Path, watched_data: Path) -> None:
    replay, shown = session(saved_game, "next\r\x04", at=10)
    assert replay.position == 11 and "Goodbye." in shown
    assert "Leave the game?" not in shown


# -- without a terminal ----------------------------------------------------------------


def test_a_script_replays_and_prints_plain_text(
    saved_game: Path, watched_data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "steps.txt"
    script.write_text("# the first deal\nnext\n\nnext turn\nround 11\nsort rank\nend\nquit\n")
    assert main([str(saved_game), "--script", str(script)]) == 0
    out = capsys.readouterr().out
    assert "\x1b[" not in out
    assert "> next\n\n   2  Round 1/11" in out
    assert re.search(r"\n> ?\n\n   3  ", out)  # an empty line steps one event
    assert "Round 11/11 · 13 cards · wild: K" in out
    assert "Your hand, by rank:" in out
    assert "Game over after 11 rounds." in out and out.rstrip().endswith("Goodbye.")
    assert untouched(watched_data)
    assert not (watched_data / "replay-history").exists()


def test_a_refused_step_stops_a_replay_script_with_exit_code_1(
    saved_game: Path, watched_data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "steps.txt"
    script.write_text("end\n\n# past the end, a blank line is no failure\ngoto 9999\nstart\n")
    assert main([str(saved_game), "--script", str(script)]) == 1
    out, err = capsys.readouterr()
    assert "This is the last event" in out  # the blank line's step was refused, and went on
    assert "There is no event 9999" in out and "> start" not in out
    assert err.startswith("threethirteen replay: script line 4: 'goto 9999' — There is no event")
    assert err.endswith("The rest of the script is not run.\n")
    assert untouched(watched_data)


# -- damaged files ---------------------------------------------------------------------


def test_a_damaged_file_is_named_with_its_line_and_exit_code_1(
    saved_game: Path, watched_data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = saved_game.read_text(encoding="utf-8").splitlines(keepends=True)
    broken = tmp_path / "broken.jsonl"
    broken.write_text("".join(lines[:7]) + '{"seq": 7, "type": "CardDrawn"\n' + "".join(lines[8:]))
    assert main([str(broken)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"threethirteen replay: Cannot replay {broken}: line 8: not JSON")
    assert "Traceback" not in err
    for name, content in (("empty.jsonl", b""), ("binary.jsonl", b"\xff\xfe\x00garbage")):
        (tmp_path / name).write_bytes(content)
        assert main([str(tmp_path / name)]) == 1
        assert "line 1" in capsys.readouterr().err
    assert main([str(tmp_path / "missing.jsonl")]) == 1
    assert "Cannot find" in capsys.readouterr().err
    assert main([str(saved_game), "--at", "99999"]) == 1
    assert "There is no event 99999 to start at" in capsys.readouterr().err
    assert untouched(watched_data)


def test_a_cut_off_last_line_offers_the_complete_events(
    saved_game: Path, watched_data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = saved_game.read_text(encoding="utf-8")
    cut = tmp_path / "cut.jsonl"
    cut.write_text(text[: text.index('{"seq": 51,') + 30], encoding="utf-8")
    script = tmp_path / "steps.txt"
    script.write_text("end\n")
    assert main([str(cut), "--script", str(script)]) == 0
    out = " ".join(capsys.readouterr().out.split(" "))
    said = " ".join(out.split())
    assert "line 52 is cut off" in said and "Replaying those 50 events." in said
    assert "event" in out and "  50  " in out
    replay, shown = session(cut, "yend\r")  # in a terminal the player is asked
    assert "Replay them? [Y/n] y" in shown and replay.total == 50
    with create_pipe_input() as pipe:
        pipe.send_text("n")
        pipe.close()
        assert open_replay(cut, tx=Texts(), input=pipe, output=DummyOutput()) is None
    assert untouched(watched_data)


def test_a_log_that_does_not_verify_is_replayed_with_a_warning(tmp_path: Path) -> None:
    events = played_game()
    text = encode_log(events).replace('"seed": 5,', '"seed": 6,', 2)  # header and GameStarted
    path = tmp_path / "reseeded.jsonl"
    path.write_text(text, encoding="utf-8")
    _, shown = session(path, "next\rquit\r")
    said = " ".join(shown.split())
    assert "This log does not verify (line 2: GameStarted.first_dealer is" in said
    assert "Round 1/11" in said  # shown as recorded all the same


def test_a_stock_rebuild_and_help_are_told() -> None:
    rebuilt = StockRebuilt(round_no=4, rebuild_no=2, stock=())
    text = plain(describe(rebuilt, GameState(), Texts()))
    assert text == "The stock is empty: the discard pile is shuffled into a new stock (2/2)."
    helped = plain(describe(AssistanceUsed(seat=2, help=Assistance.HINT), GameState(), Texts()))
    assert helped == "Top took help (hint)."


# -- a game still in play ----------------------------------------------------------------


def in_play(events: tuple[Event, ...], count: int) -> tuple[Event, ...]:
    """The first ``count`` events of ``events`` as a game of a person at seat 0, unfinished."""
    started = events[0]
    assert isinstance(started, GameStarted)
    human = attrs.evolve(started, players=("human", *started.players[1:]))
    return (human, *events[1:count])


def each_event_told(replay: Replay, sink: _Sink) -> dict[int, str]:
    """What the replay says of each event, stepping one at a time from the start."""
    told: dict[int, str] = {}
    replay.execute("start")
    while replay.position < replay.total:
        before = len(sink.text)
        replay.execute("next")
        told[replay.position] = sink.text[before:].partition("\n\n")[0]
    return told


def test_a_game_in_play_is_shown_as_its_person_was_told_it() -> None:
    events = in_play(played_game(), 120)
    replay, sink = replay_of(events)
    replay.begin()
    assert replay.seat_only and "your own hand only" in sink.text
    told = each_event_told(replay, sink)
    unseen = 0
    for seq, text in told.items():
        event = events[seq - 1]
        if isinstance(event, CardDrawn) and event.seat != 0:
            assert "why: " not in text, text  # an AI's thoughts are its own
            if event.source == DrawSource.STOCK:
                unseen += 1
                assert str(event.card) not in text, text
                assert f"{Texts().seat(event.seat)} draws from the stock" in text
        if isinstance(event, CardDiscarded) and event.seat != 0:
            assert "why: " not in text
    assert unseen > 5
    state = replay.state
    assert state.round is not None
    board = sink.text[sink.text.rindex("Round ") :]
    assert "Your hand" in board
    others = [card for seat, hand in enumerate(state.round.hands) if seat for card in hand]
    mine = set(state.round.hands[0]) | set(state.round.discard_pile[-1:])
    assert any(str(card) not in board for card in others if card not in mine)


def test_face_up_shows_a_game_in_play_whole_and_says_so() -> None:
    events = in_play(played_game(), 120)
    sink = _Sink()
    replay = Replay(events, tx=Texts(), screen=PlainScreen(sink), name="r.jsonl", face_up=True)
    replay.begin()
    assert not replay.seat_only and "every hand is shown face up" in sink.text
    replay.execute("end")
    state = replay.state
    assert state.round is not None
    for hand in state.round.hands:
        for card in hand:
            assert str(card) in sink.text[-2000:]


def test_a_game_that_is_over_is_shown_whole_whoever_played_it() -> None:
    events = played_game()
    started = events[0]
    assert isinstance(started, GameStarted)
    human = (attrs.evolve(started, players=("human", *started.players[1:])), *events[1:])
    replay, _ = replay_of(human)
    assert not replay.seat_only


def test_a_game_of_ones_own_is_not_shown_face_up_while_in_play(
    data_home: Path, tmp_path: Path
) -> None:
    data_home.mkdir(parents=True)
    own = data_home / "autosave.jsonl"
    own.write_text(encode_log(in_play(played_game(), 60)), encoding="utf-8")
    sink = _Sink()
    replay = open_replay_front(PlainScreen(sink), own, tx=Texts("de"), face_up=True)
    assert replay is not None and replay.seat_only
    assert "ist ein Spiel von dir, das noch läuft" in " ".join(sink.text.split())
    elsewhere = tmp_path / "report.jsonl"
    elsewhere.write_text(own.read_text(encoding="utf-8"), encoding="utf-8")
    replay = open_replay_front(PlainScreen(_Sink()), elsewhere, tx=Texts(), face_up=True)
    assert replay is not None and not replay.seat_only
