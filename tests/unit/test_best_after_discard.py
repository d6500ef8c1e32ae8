"""While you must put a card down, the table, ``melds`` and the toolbar show what is left
after the best card to put down, not the hand a card over (which may meld everything)."""

from __future__ import annotations

import attrs
from threethirteen.core.cards import Rank, parse_cards
from threethirteen.core.events import DrawSource
from threethirteen.core.state import Phase
from threethirteen.core.views import PlayerView
from threethirteen.repl.kit.render import best_discard, penalty_of, plain, render_hand, render_melds
from threethirteen.repl.words.i18n import Texts

from tests.helpers.opening import game_of
from tests.helpers.play import table_at


def _discarding(hand: str, round_no: int, wild: Rank, taken: str | None = None) -> PlayerView:
    """A view of yours while you must put a card down, holding ``hand``."""
    view = game_of(table_at(5, draw=DrawSource.STOCK)).view()
    assert view is not None and view.mine is not None and view.mine.phase == Phase.DISCARD
    return attrs.evolve(
        view.mine,
        hand=parse_cards(hand),
        round_no=round_no,
        wild_rank=wild,
        must_not_discard=parse_cards(taken)[0] if taken else None,
    )


def test_a_hand_that_melds_whole_shows_the_penalty_left_after_the_best_discard() -> None:
    # round 3, fives wild: [6♣ 6♣ 5♠] [10♦ J♦ 5♥] melds all six cards, but one must go
    view = _discarding("6c 6c 5s 10d Jd 5h", 3, Rank.FIVE)
    shown = " ".join(plain(render_hand(view, Texts())).split())
    assert "Best melds after discarding 6♣: [10♦ J♦ 5♠ 5♥] · left over: 6♣ · penalty 6" in shown
    assert "penalty 0" not in shown
    assert penalty_of(view) == 6  # the toolbar's
    melds = " ".join(plain(render_melds(view, Texts())).split())
    assert "Best melds after discarding 6♣:" in melds and "penalty 6" in melds


def test_the_best_discard_is_never_the_card_taken_nor_a_wild_one_while_another_will_do() -> None:
    view = _discarding("10c 9h 10s 10s", 1, Rank.THREE, taken="10c")
    assert best_discard(view) == parse_cards("9h")[0]
    assert penalty_of(view) == 0
    # putting down the wild 3 leaves [7♣ 7♦ 7♠], and so does a 7: a 7 goes, the wild stays
    view = _discarding("3h 7c 7d 7s", 1, Rank.THREE)
    assert best_discard(view) == parse_cards("7c")[0] and penalty_of(view) == 0


def test_a_wild_card_left_over_is_not_the_best_discard_unless_it_goes_out() -> None:
    # a lone wild 3 costs 15: throwing it leaves 20, the jack leaves 25; the jack goes
    view = _discarding("2c 3d 8h Jh", 1, Rank.THREE)
    assert best_discard(view) == parse_cards("Jh")[0] and penalty_of(view) == 25
    # the wild put down goes out: then it is the best
    view = _discarding("3d 8h 8c 8s", 1, Rank.THREE)
    assert penalty_of(view) == 0


def test_in_german_too() -> None:
    view = _discarding("6c 6c 5s 10d Jd 5h", 3, Rank.FIVE)
    shown = " ".join(plain(render_hand(view, Texts("de"))).split())
    assert "Beste Meldungen nach Ablegen von 6♣: [10♦ B♦ 5♠ 5♥] · übrig: 6♣" in shown
