"""Completion from a grammar: commands, then cards, choices, topics, numbers, saves or paths.

Cards complete from your hand, each with what your penalty would be after
discarding it ("penalty after: 12"), the lowest first (ties in the order of the hand),
wild cards last unless they go out, said to be wild (throwing one lowers the penalty
now, and a player who follows the menu loses the card that completes any meld); the card
taken from the discard pile this turn is left out, since it cannot be discarded. When the
menu offers exactly one card for what is typed, Enter plays it
(:meth:`GameCompleter.sole_card`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from prompt_toolkit.completion import CompleteEvent, Completer, Completion, PathCompleter
from prompt_toolkit.document import Document
from prompt_toolkit.formatted_text import FormattedText

from ...core.cards import Card
from ...core.melds import best_arrangement
from ...core.state import Phase
from ...core.views import PlayerView
from ..files.save_names import SAVE_SUFFIX, kept_games, names_a_path, saves_dir
from ..words.cardwords import typed_form
from ..words.grammar import MAX_LINE, PLAY, Arg, Grammar, Spec
from ..words.i18n import Texts
from .render import card_text
from .style import mark_wilds


def card_word(card: Card) -> str:
    """The card as one types it: ``7h``, ``10s``, ``Qd``, ``jk``."""
    if card.rank is None or card.suit is None:
        return "jk"
    return card.rank.symbol + card.suit.value


def card_matches(card: Card, prefix: str, lang: str = "en") -> bool:
    """Whether ``prefix`` could be the start of how ``card`` is written (in ``lang``:
    German also ``Dh``, ``10p``, ``Kkr``, see :mod:`repl.words.cardwords`)."""
    return typed_form(card, prefix, lang) is not None


class CardCompletion(Completion):
    """A card of your hand, as the menu offers it (the other completions are words)."""


NumberHints = Callable[[Spec], Iterable[tuple[int, str]]]
"""The numbers a command may take now, each with a word about it (``round`` in a replay)."""


CanDiscard = Callable[[Card], bool]
"""Whether the rules let the player discard a card now (asked of the table, not guessed)."""


class GameCompleter(Completer):
    """Completes a line against the grammar and the game as the player's seat sees it.

    ``view`` is that seat's view (``None`` between rounds and after the game);
    ``can_discard`` asks the rules whether a card of the hand may go now. A card is shown
    in the menu as the hand shows it: a wild card (a joker, a card of the wild rank) in
    the wild cards' colour, or with ``plain`` (no colours) marked ``3♥*``.
    """

    def __init__(
        self,
        view: Callable[[], PlayerView | None],
        tx: Texts,
        grammar: Grammar = PLAY,
        numbers: NumberHints | None = None,
        can_discard: CanDiscard | None = None,
        names: Callable[[], Iterable[str]] | None = None,
        plain: bool = False,
    ) -> None:
        self._view = view
        self._plain = plain
        self._can_discard = can_discard
        self._names = names
        self.tx = tx
        self.grammar = grammar
        self._numbers = numbers
        self._paths = PathCompleter(expanduser=True)
        self._cache: dict[tuple[tuple[Card, ...], int, bool], dict[Card, int]] = {}

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        text = document.text_before_cursor
        if len(document.text) > MAX_LINE:
            return  # no command is that long: nothing to complete
        words = text.split()
        typing_first = not words or (len(words) == 1 and not text[-1:].isspace())
        if typing_first:
            prefix = words[0] if words else ""
            if self._discard_word(prefix):
                # a whole command that discards (x, ablegen) at your discard: the cards
                for card in self._cards(""):
                    yield CardCompletion(
                        f"{prefix} {card.text}",
                        start_position=-len(prefix),
                        display=card.display,
                        display_meta=card.display_meta,
                    )
                return
            yield from self._commands(prefix)
            view = self._view() if prefix and self.grammar.bare_card else None
            if view is not None and view.phase == Phase.DISCARD:
                yield from self._cards(prefix)  # a bare card discards it
            return
        spec = self.grammar.lookup(words[0])
        if spec is None:
            return
        argument = text.lstrip()[len(words[0]) :].lstrip()
        if spec.arg is Arg.PATH:
            yield from self._files(argument, complete_event, kept=spec.name == "load")
            return
        if " " in argument.strip() or (argument and argument[-1:].isspace()):
            return  # one argument at most
        yield from self._argument(spec, argument)

    def _discard_word(self, word: str) -> bool:
        """Whether ``word`` is a whole command that takes a card, no longer command begins
        with it (``ab`` may become ``ablegen``), and it is your turn to discard."""
        low = word.lower()
        named = self.grammar.lookup(low) if low else None
        if named is None or named.arg is not Arg.CARD:
            return False
        if any(other != low and other.startswith(low) for other in self.grammar.words()):
            return False
        view = self._view()
        return view is not None and view.phase == Phase.DISCARD and view.turn == view.seat

    def sole_card(self, text: str) -> str | None:
        """``text`` with its last word completed to a card, if the menu offers just that card.

        ``discard K`` becomes ``discard Kc`` when the king of clubs is the only king in
        your hand; ``None`` when the menu offers more than one thing (two kings, or a
        command besides the card), or something that is not a card: nothing is guessed.
        """
        found = list(self.get_completions(Document(text), CompleteEvent(completion_requested=True)))
        if len(found) != 1 or not isinstance(found[0], CardCompletion):
            return None
        return text[: len(text) + found[0].start_position] + found[0].text

    def _commands(self, prefix: str) -> Iterable[Completion]:
        low = prefix.lower()
        lang = self.tx.lang
        for spec in self.grammar.commands:
            # German names are offered in German only; typed in English, they still work
            names = spec.names(lang) if lang == "de" else (spec.name, *spec.short)
            if any(name.startswith(low) for name in names):
                shown = spec.title(lang)
                text = (
                    shown if shown.startswith(low) else next(n for n in names if n.startswith(low))
                )
                yield Completion(
                    text,
                    start_position=-len(prefix),
                    display=shown if text == shown else f"{text} ({shown})",
                    display_meta=self.tx(self.grammar.key("cmd", spec.name)),
                )

    def _argument(self, spec: Spec, prefix: str) -> Iterable[Completion]:
        low = prefix.lower()
        if spec.arg is Arg.CARD:
            yield from self._cards(prefix)
        elif spec.arg is Arg.CHOICE:
            for choice in spec.choices:
                word = choice.de if self.tx.lang == "de" else choice.name
                if word.startswith(low) or choice.name.startswith(low):
                    text = word if word.startswith(low) else choice.name
                    yield Completion(text, start_position=-len(prefix))
        elif spec.arg is Arg.COMMAND:
            for group in self.grammar.groups:  # help table, help keys …
                name = group.title(self.tx.lang)
                if name.startswith(low):
                    yield Completion(
                        name,
                        start_position=-len(prefix),
                        display_meta=self.tx(f"help.group.{group.name}"),
                    )
            for other in self.grammar.commands:
                name = other.title(self.tx.lang)
                if name.startswith(low):
                    yield Completion(
                        name,
                        start_position=-len(prefix),
                        display_meta=self.tx(self.grammar.key("cmd", other.name)),
                    )
        elif spec.arg is Arg.NAME and self._names is not None:
            for name in self._names():  # the people at the table (mute NAME)
                if name.startswith(low):
                    yield Completion(name, start_position=-len(prefix))
        elif spec.arg is Arg.NUMBER and self._numbers is not None:
            for number, meta in self._numbers(spec):
                if str(number).startswith(prefix):
                    yield Completion(str(number), start_position=-len(prefix), display_meta=meta)

    def _files(
        self, argument: str, complete_event: CompleteEvent, *, kept: bool = False
    ) -> Iterable[Completion]:
        """A path (with a slash) completes as a path; a bare name from the saves folder,
        and (``kept``: for ``load``) the unfinished games kept aside in the data folder."""
        if names_a_path(argument):
            yield from self._paths.get_completions(Document(argument), complete_event)
            return
        try:
            names = sorted(p.name for p in saves_dir().glob("*" + SAVE_SUFFIX) if p.is_file())
        except OSError:
            names = []
        for name in names:
            if name.startswith(argument):
                yield Completion(name, start_position=-len(argument))
        if not kept:
            return
        meta = self.tx("meta.kept_game")
        for path in reversed(kept_games()):  # the latest first
            if path.name.startswith(argument) and path.name not in names:
                yield Completion(path.name, start_position=-len(argument), display_meta=meta)

    def _cards(self, prefix: str) -> Iterable[Completion]:
        view = self._view()
        if view is None:
            return
        discarding = view.phase == Phase.DISCARD and view.turn == view.seat
        after = self._penalties(view) if view.phase == Phase.DISCARD else {}
        cards = list(dict.fromkeys(view.hand))

        def wild(card: Card) -> bool:
            return card.is_joker or card.rank == view.wild_rank

        if after:
            # the lowest penalty after first, but a wild card last unless it goes out: one
            # left over costs 15, so throwing it lowers the penalty most now, while it would
            # complete any meld later (stable: ties keep the hand's order)
            cards.sort(key=lambda card: (wild(card) and after[card] > 0, after[card]))
        lang = self.tx.lang
        for card in cards:
            typed = typed_form(card, prefix, lang)
            if typed is None:
                continue
            if discarding and self._can_discard is not None and not self._can_discard(card):
                continue  # the rules say no (the card just taken from the pile)
            meta = self.tx("meta.penalty_after", n=after[card]) if card in after else ""
            if meta and wild(card):
                meta = self.tx("meta.penalty_after_wild", n=after[card])
            # the wild mark only, not the card's colours: the menu's own colours say
            # which entry is highlighted
            style, word = card_text(card, view.wild_rank, self.tx)
            shown = [("class:card.wild" if "class:card.wild" in style else "", word)]
            yield CardCompletion(
                card_word(card) if lang == "en" else typed,
                start_position=-len(prefix),
                display=FormattedText(mark_wilds(shown) if self._plain else shown),
                display_meta=meta,
            )

    def _penalties(self, view: PlayerView) -> dict[Card, int]:
        """Your penalty after discarding each card of your hand."""
        hand = view.hand
        key = (hand, view.round_no, view.aces_high)
        if key not in self._cache:
            penalties = {}
            for card in dict.fromkeys(hand):
                rest = list(hand)
                rest.remove(card)
                penalties[card] = best_arrangement(
                    rest, view.round_no, aces_high=view.aces_high
                ).penalty
            if len(self._cache) > 64:
                self._cache.clear()
            self._cache[key] = penalties
        return self._cache[key]
