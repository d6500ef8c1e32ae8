"""``threethirteen learn``: the curated deal, the notes in order and each waiting for a move,
the verdict after it, a lesson taken up again, and nothing kept in history or stats."""

from __future__ import annotations

import io
import itertools
import re
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from threethirteen.core.cards import Rank
from threethirteen.core.deck import SeededShuffler
from threethirteen.core.events import CardDiscarded as Discarded
from threethirteen.core.events import CardDrawn as Drawn
from threethirteen.core.events import GameEnded, GameStarted, PlayerWentOut, RoundDealt, RoundScored
from threethirteen.core.log import encode_log
from threethirteen.core.melds import best_arrangement
from threethirteen.core.players import load_policy
from threethirteen.core.rules import deal_round, new_game
from threethirteen.core.state import Phase
from threethirteen.repl.files.log_file import LogFile
from threethirteen.repl.files.reading import load_file
from threethirteen.repl.kit.loop import run_line, terminal_screen
from threethirteen.repl.kit.screen import PlainScreen
from threethirteen.repl.kit.seat import SeatFront
from threethirteen.repl.solo.learn import lesson_front, lesson_game, new_lesson, open_lesson
from threethirteen.repl.solo.lessons import NOTES, is_the_lesson, notes_shown
from threethirteen.repl.solo.settings import Settings
from threethirteen.repl.words import de, en
from threethirteen.repl.words.i18n import Texts

NOTE = re.compile(r"Note (\d+)/\d+:")


def flat(text: str) -> str:
    """``text`` with its lines joined again, as it reads."""
    return " ".join(text.split())


def _front(out: io.StringIO, log: LogFile | None = None, lang: str = "en") -> SeatFront:
    settings = Settings(speed="instant", level="easy", seats=3)
    events = new_lesson() if log is None or not log.path.exists() else load_file(log.path).events
    screen = PlainScreen(out)
    return lesson_front(events, tx=Texts(lang), screen=screen, settings=settings, log=log)


def _notes(said: str) -> list[int]:
    return [int(n) for n in NOTE.findall(said)]


def test_the_curated_deal_shows_what_its_notes_say() -> None:
    """You play first; two of your cards and the upcard: a pair to take, a high card to put
    down; round 2 deals two cards in a row of one suit and turns up a wild card."""
    started, dealt = new_lesson()[:2]
    assert isinstance(started, GameStarted) and isinstance(dealt, RoundDealt)
    assert (dealt.dealer + 1) % started.seat_count == 0  # you play first
    hand, up = dealt.hands[0], dealt.upcard
    assert best_arrangement(hand, 1).melds == ()  # no meld yet
    assert up.rank in {card.rank for card in hand} and up.rank != Rank.THREE
    assert any(card.rank is not None and card.rank >= Rank.TEN for card in hand)
    second = deal_round(started, 2, SeededShuffler(started.seed))
    assert second.upcard.rank == Rank.FOUR  # wild in round 2
    plain = {(c.suit, c.rank) for c in second.hands[0] if c.rank not in (None, Rank.FOUR)}
    assert any((suit, rank + 1) in plain for suit, rank in plain if rank is not None)


def test_a_note_waits_for_your_move_and_the_good_move_is_said_good() -> None:
    out = io.StringIO()
    front = _front(out)
    front.begin()
    assert _notes(out.getvalue()) == [1, 2, 3]
    assert "the top of the discard pile, now 6♦" in flat(out.getvalue())
    for line in ("score", "melds", "help", ""):  # no move: the notes still wait
        run_line(front, line)
    assert _notes(out.getvalue()) == [1, 2, 3]
    run_line(front, "take")
    said = out.getvalue()
    assert "Good move: the hard AI does the same" in said
    assert _notes(said) == [1, 2, 3, 4, 5]
    assert said.index("Good move") < said.index("Note 4/")


def test_the_goal_melds_wild_cards_and_going_out_come_before_the_first_discard() -> None:
    out = io.StringIO()
    front = _front(out)
    front.begin()
    first = out.getvalue()
    goal = flat(first).index("Note 1/12: The goal: hold your cards in melds, sets (3 or more")
    table = flat(first).index("Round 1/11 · 3 cards · wild: 3")
    wild = flat(first).index("Note 2/12: Every 3 is wild this round (wild: 3)")
    assert goal < table < wild < flat(first).index("Note 3/12: Your turn starts with a card")
    run_line(front, "take")
    said = flat(out.getvalue())
    assert "Note 4/12: Now put one card down, so that you hold 3 again" in said
    assert "Note 5/12: Going out: when every card you keep after putting one down" in said
    assert not [event for event in lesson_game(front).table.events if isinstance(event, Discarded)]


def test_the_example_card_is_one_you_may_put_down() -> None:
    for lang, note in (
        ("en", r"or just the card \((\S+)\)"),
        ("de", r"oder nur die Karte \((\S+)\)"),
    ):
        out = io.StringIO()
        front = _front(out, lang=lang)
        front.begin()
        run_line(front, "nehmen" if lang == "de" else "take")  # 6♦, which must stay
        found = re.search(note, flat(out.getvalue()))
        assert found is not None, out.getvalue()
        assert found.group(1).lower() not in ("6d", "6ka")
        assert run_line(front, found.group(1)) is None  # played as typed


def test_a_weaker_move_hears_what_would_have_been_better() -> None:
    out = io.StringIO()
    front = _front(out)
    front.begin()
    run_line(front, "draw")  # the upcard makes a pair: the hard AI takes it
    said = flat(out.getvalue())
    assert re.search(r"Better: the hard AI takes the top card of the discard pile", said)
    assert re.search(r"That saves about \d+ penalty points? on average\.", said)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_notes_come_in_order_and_each_at_its_moment(lang: str) -> None:
    """The notes of the order one group a moment, a move of yours between; the notes of a
    moment where it happens (going out: at once, before the others' last turns; the first
    scoring: at your first turn after it); and no verdict says a decimal number."""
    out = io.StringIO()
    front = _front(out, lang=lang)
    game = lesson_game(front)
    front.begin()
    player = load_policy("hard")
    while (
        len(game.shown()) < len(NOTES)
        and game.table.state.round is not None
        and game.table.state.round.round_no <= 6
    ):
        mine = game.view().mine  # type: ignore[union-attr]
        assert mine is not None
        if mine.phase == Phase.DRAW:
            line = "take" if player.choose_draw(mine) == "discard" else "draw"
        else:
            line = f"discard {player.choose_discard(mine)}"
        assert run_line(front, line) is None
    events = game.table.events
    shown = notes_shown(events)
    assert sorted(note.index for note in shown) == list(range(len(NOTES)))
    assert [note.number for note in shown] == list(range(1, len(NOTES) + 1))
    word = "Hinweis" if lang == "de" else "Note"
    assert [int(n) for n in re.findall(word + r" (\d+)/12:", out.getvalue())] == list(
        range(1, len(NOTES) + 1)
    )
    ordered = [note for note in shown if not note.note.on_its_moment]
    assert [note.index for note in ordered] == sorted(note.index for note in ordered)
    moves = [i for i, event in enumerate(events) if getattr(event, "seat", None) == 0]
    groups = sorted({note.at for note in ordered})
    for before, after in itertools.pairwise(groups):  # a move of yours between
        assert any(before <= i < after for i in moves)
    by_key = {note.note.key: note for note in shown}
    out_at = by_key["last_turn"].at  # you went out, or it is your last turn
    if by_key["last_turn"].moment.kind == "out":
        assert isinstance(events[out_at - 1], PlayerWentOut)
    scored = next(i for i, event in enumerate(events) if isinstance(event, RoundScored))
    assert by_key["scoring"].moment.view.round_no == 2
    assert not any(
        getattr(event, "seat", None) == 0 and isinstance(event, Drawn | Discarded)
        for event in events[scored : by_key["scoring"].at]
    )  # no move of yours between the scoring and its note
    verdicts = [line for line in flat(out.getvalue()).split(". ") if "KI" in line or "AI" in line]
    assert verdicts and not [line for line in verdicts if re.search(r"\d[.,]\d", line)]


def test_a_lesson_taken_up_again_says_the_note_it_was_waiting_on(tmp_path: Path) -> None:
    log = LogFile(tmp_path / "learn.jsonl")
    out = io.StringIO()
    front = _front(out, log)
    lesson_game(front).save()
    front.begin()
    run_line(front, "take")
    front.leave()
    assert "The lesson is kept: threethirteen learn goes on from here." in out.getvalue()
    again = io.StringIO()
    back = _front(again, LogFile(tmp_path / "learn.jsonl"))
    back.begin()
    assert _notes(again.getvalue()) == [4, 5]  # the notes after the move, not the first again
    assert "Now put one card down" in again.getvalue()


def test_learn_goes_on_only_with_the_lesson_not_another_game(data_home: Path) -> None:
    """A readable game of another kind in the lesson's file (eight seats, hard AIs) is kept
    aside, and the lesson starts anew."""
    data_home.mkdir(parents=True)
    lesson = data_home / "learn.jsonl"
    _, events = new_game(5, players=("human", *["hard"] * 7))
    lesson.write_text(encode_log(events), encoding="utf-8")
    with create_pipe_input() as pipe:
        pipe.send_text("y")
        screen = terminal_screen(Texts(), input=pipe, output=DummyOutput())
        front = open_lesson(screen, tx=Texts(), settings=Settings(speed="instant", seats=3))
    assert front is not None
    said = flat("".join(screen.transcript))
    assert "You left the lesson" not in said
    assert "The lesson's file held another game, not the lesson: it is kept as" in said
    (kept,) = data_home.glob("not-a-lesson-*.jsonl")
    assert kept.read_text(encoding="utf-8") == encode_log(events)
    assert is_the_lesson(lesson_game(front).table.events)


def test_a_lesson_is_kept_in_no_history_or_stats(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    out = io.StringIO()
    front = _front(out, LogFile(tmp_path / "learn.jsonl"))
    game = lesson_game(front)
    assert not game.keep_stats and game.autosave is not None
    assert game.autosave.path.name == "learn.jsonl"
    front.begin()
    game._game_over(GameEnded(totals=(0, 5, 9), winner=0), assisted=False)
    assert "That was the lesson." in out.getvalue()
    assert not (tmp_path / "threethirteen" / "games").exists()


def test_the_german_lesson_speaks_german() -> None:
    out = io.StringIO()
    front = _front(out, lang="de")
    front.begin()
    run_line(front, "nehmen")
    said = out.getvalue()
    assert "Hinweis 1/" in said and "Hinweis 2/" in said and "Guter Zug" in said


def test_every_learn_text_is_in_both_languages_and_says_no_jargon() -> None:
    keys = {key for key in en.TEXTS if key.startswith("learn.")}
    assert keys == {key for key in de.TEXTS if key.startswith("learn.")}
    for note in NOTES:
        assert f"learn.note.{note.key}" in keys
        assert not note.plain or f"learn.note.{note.key}.plain" in keys
    for key in keys:
        assert not re.search(r"\bouts\b|deadwood|\bdump", en.TEXTS[key]), key
