"""``threethirteen learn``: the curated deal, the notes in order and each waiting for a move,
the verdict after it, a lesson taken up again, and nothing kept in history or stats."""

from __future__ import annotations

import io
import itertools
import re
from pathlib import Path

import pytest
from threethirteen.core.cards import Rank
from threethirteen.core.deck import SeededShuffler
from threethirteen.core.events import GameEnded, GameStarted, RoundDealt
from threethirteen.core.melds import best_arrangement
from threethirteen.core.players import load_policy
from threethirteen.core.rules import deal_round
from threethirteen.core.state import Phase
from threethirteen.repl.files.log_file import LogFile
from threethirteen.repl.files.reading import load_file
from threethirteen.repl.kit.loop import run_line
from threethirteen.repl.kit.screen import PlainScreen
from threethirteen.repl.kit.seat import SeatFront
from threethirteen.repl.solo.learn import lesson_front, lesson_game, new_lesson
from threethirteen.repl.solo.lessons import NOTES, notes_shown
from threethirteen.repl.solo.settings import Settings
from threethirteen.repl.words import de, en
from threethirteen.repl.words.i18n import Texts

NOTE = re.compile(r"Note (\d+)/\d+:")


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
    assert _notes(out.getvalue()) == [1]
    assert "the top card of the discard pile, now 6♦" in out.getvalue()
    for line in ("score", "melds", "help", ""):  # no move: the note still waits
        run_line(front, line)
    assert _notes(out.getvalue()) == [1]
    run_line(front, "take")
    said = out.getvalue()
    assert "Good move: the hard AI does the same" in said
    assert _notes(said) == [1, 2]
    assert said.index("Good move") < said.index("Note 2/")


def test_a_weaker_move_hears_what_would_have_been_better() -> None:
    out = io.StringIO()
    front = _front(out)
    front.begin()
    run_line(front, "draw")  # the upcard makes a pair: the hard AI takes it
    said = out.getvalue()
    assert re.search(r"Better: the hard AI takes the top card of the discard pile; on av", said)


def test_the_notes_come_in_order_one_a_move_as_the_lesson_is_played() -> None:
    out = io.StringIO()
    front = _front(out)
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
    shown = notes_shown(game.table.events)
    assert [note.index for note in shown] == list(range(len(NOTES)))
    assert _notes(out.getvalue()) == list(range(1, len(NOTES) + 1))
    moves = [i for i, event in enumerate(game.table.events) if getattr(event, "seat", None) == 0]
    for before, after in itertools.pairwise(shown):  # a move of yours between
        assert any(before.at <= i < after.at for i in moves)


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
    assert _notes(again.getvalue()) == [2]  # the note after the move, not the first again
    assert "Now put one card down" in again.getvalue()


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
