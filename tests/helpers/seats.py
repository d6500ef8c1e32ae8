"""What the play front gives its parts in tests: seat 0's view of a state, and the rules' word."""

from __future__ import annotations

from threethirteen.core.cards import Card
from threethirteen.core.rules import Discard, can
from threethirteen.core.state import GameState
from threethirteen.core.views import PlayerView, view_for
from threethirteen.repl.kit.completer import GameCompleter
from threethirteen.repl.words.i18n import Texts


def seat_completer(state: GameState, lang: str = "en") -> GameCompleter:
    """The completer the play front builds for seat 0: it sees that seat's view only, and
    asks the rules which card may be discarded."""

    def view() -> PlayerView | None:
        return view_for(state, 0) if state.round and state.ended is None else None

    def can_discard(card: Card) -> bool:
        return can(state, Discard(seat=0, card=card))

    return GameCompleter(view, Texts(lang), can_discard=can_discard)
