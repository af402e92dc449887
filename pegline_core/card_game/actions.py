"""The actions card games share: the cut for the first dealer, a deal of hands, a seat's move
and its play of a card. Each is frozen attrs data whose ``TAG`` is its ``type`` in records.

A game lists the ones it uses among its own ``actions``; a seat's move that carries no more
than the seat is a `SeatMove` subclass with its own ``TAG`` (a pass, a go).

>>> from pegline_core.cards import Card
>>> jack = Card.parse("JH")
>>> plays_of(1)[jack.index], plays_of(1)[jack.index] is plays_of(1)[42]
(Play(seat=1, card=Card.parse('JH')), True)
>>> Deal([["5H", "JS"], []]).hands     # built as given: `Game.apply` checks the types
(('5H', 'JS'), ())
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import ClassVar

from attrs import field, frozen

from pegline_core.action_types import interned
from pegline_core.cards import DECK, Card

__all__ = ["CutForDeal", "Deal", "SeatMove", "Play", "card_tuple", "hands_tuple", "plays_of"]


def card_tuple(value: Iterable[Card]) -> tuple[Card, ...]:
    """Any iterable of cards as a tuple; anything else kept as it is, for `Game.apply` to refuse
    with the field's name (an action is data: building one never fails)."""
    try:
        return tuple(value)
    except TypeError:
        return value  # type: ignore[return-value]


def hands_tuple(value: Iterable[Iterable[Card]]) -> tuple[tuple[Card, ...], ...]:
    """Hands as a tuple of card tuples (`card_tuple` for each)."""
    try:
        return tuple(card_tuple(hand) for hand in value)
    except TypeError:
        return value  # type: ignore[return-value]


@frozen
class CutForDeal:
    """Chance: the cards turned to choose the first dealer, seat 0's first (cut for the lowest:
    `pegline_core.card_game.dealing.lowest_cut`; a game may turn them otherwise)."""

    TAG: ClassVar[str] = "cut-for-deal"
    cards: tuple[Card, ...] = field(converter=card_tuple)


@frozen
class Deal:
    """Chance: each seat's cards, seat 0's first."""

    TAG: ClassVar[str] = "deal"
    hands: tuple[tuple[Card, ...], ...] = field(converter=hands_tuple)


@frozen
class SeatMove:
    """A seat's move that is nothing but the seat: a game subclasses it with its ``TAG``."""

    TAG: ClassVar[str] = ""
    seat: int


@frozen
class Play(SeatMove):
    """A seat plays a card."""

    TAG: ClassVar[str] = "play"
    card: Card


@cache
def plays_of(seat: int) -> tuple[Play, ...]:
    """``seat``'s play of each card, by the card's code: interned (`action_types.interned`),
    each made once per process."""
    return tuple([interned(Play(seat, card)) for card in DECK])
