"""A game's chance actions drawn one outcome at a time: the `Chance` protocol a game's encoding
may offer (``Encoding.chance``), and the round-robin deal both shipped games share.

`Game.chance_action` draws a whole chance action at once (a deal is every card of every hand).
A search algorithm that samples chance itself (OpenSpiel's MCTS and IS-MCTS) needs it one
outcome at a time, each outcome as likely as any other then, so that it can draw a different
future in each simulation. The game knows its chance actions, so the game says how they split.

>>> hands = dealt_hands([0, 1, 2, 3, 4, 5], dealer=1, players=2, size=3)
>>> hands                                   # seat 0, left of the dealer, has the first card
[[0, 2, 4], [1, 3, 5]]
>>> dealing_order(hands, dealer=1)
[0, 1, 2, 3, 4, 5]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar, runtime_checkable

from pegline_core.cards import DECK
from pegline_core.events import Action

if TYPE_CHECKING:
    from pegline_core.game import Game

__all__ = ["Chance", "CARD_OUTCOMES", "dealt_hands", "dealing_order"]

CARD_OUTCOMES = len(DECK)
"""Chance outcomes below this are cards, by `Card.index`; the others are the game's own."""

T = TypeVar("T")


@runtime_checkable
class Chance(Protocol):
    """A variant's chance actions, one outcome at a time.

    An outcome is a number below ``outcome_count``; below `CARD_OUTCOMES` it is the card of that
    `Card.index` (any other is the game's own, such as how deep a pack is cut).
    ``outcomes(game, drawn)`` lists, in increasing order, every outcome possible after ``drawn``
    for the chance action due in ``game``, each as likely as the others (none once ``drawn`` is
    whole). ``action(game, drawn)`` is the chance action a whole ``drawn`` makes: the very one
    `Game.chance_action` gives when its draw puts those cards in those places, so a game's log
    and replay are the same however its chance was drawn. ``drawn(game, action)`` is the
    reverse: the outcomes that make ``action``. ``label(outcome)`` says one in words.
    """

    outcome_count: int

    def outcomes(self, game: Game, drawn: Sequence[int]) -> list[int]: ...
    def action(self, game: Game, drawn: Sequence[int]) -> Action: ...
    def drawn(self, game: Game, action: Action) -> list[int]: ...
    def label(self, outcome: int) -> str: ...


def dealt_hands(cards: Sequence[T], *, dealer: int, players: int, size: int) -> list[list[T]]:
    """The hands ``cards`` make when dealt one at a time from the dealer's left, ``size`` each
    (the first ``players * size`` of them)."""
    hands: list[list[T]] = [[] for _ in range(players)]
    for number, card in enumerate(cards[:players * size]):
        hands[(dealer + 1 + number) % players].append(card)
    return hands


def dealing_order(hands: Sequence[Sequence[T]], *, dealer: int) -> list[T]:
    """The cards of ``hands`` in the order they were dealt from the dealer's left (the reverse
    of `dealt_hands`)."""
    players = len(hands)
    return [hands[(dealer + offset) % players][number] for number in range(len(hands[0]))
            for offset in range(1, players + 1)]
