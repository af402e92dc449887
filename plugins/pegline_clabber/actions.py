"""Clabber's actions: chance outcomes (the cut for deal, the deal) and the players' moves.

>>> from pegline_core.cards import Card
>>> Play(1, Card.parse("JH"))
Play(seat=1, card=Card.parse('JH'))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from attrs import field, frozen

from pegline_core.cards import Card

__all__ = ["CutForDeal", "Deal", "Name", "Pass", "Announce", "Show", "Play", "CallRenege",
           "LetStand", "ACTIONS",
           "CHANCE_ACTIONS"]


def _cards(value: Iterable[Card]) -> tuple[Card, ...]:
    """Any iterable of cards as a tuple; anything else kept as it is, for `Game.apply` to refuse
    with the field's name (an action is data: building one never fails)."""
    try:
        return tuple(value)
    except TypeError:
        return value  # type: ignore[return-value]


def _hands(value: Iterable[Iterable[Card]]) -> tuple[tuple[Card, ...], ...]:
    try:
        return tuple(_cards(hand) for hand in value)
    except TypeError:
        return value  # type: ignore[return-value]


@frozen
class CutForDeal:
    """Chance: the cards turned to choose the first dealer. With ``deal.first_dealer = "cut"``
    one card per seat, seat 0 first; with ``"first-jack"`` the cards dealt face up, one at a time
    clockwise from seat 0, up to and including the first jack."""

    TAG: ClassVar[str] = "cut-for-deal"
    cards: tuple[Card, ...] = field(converter=_cards)


@frozen
class Deal:
    """Chance: the cut (cards lifted by the dealer's right, 4 to 20) and six cards to each
    seat, by seat; the dealer's sixth card is the turn card."""

    TAG: ClassVar[str] = "deal"
    cut: int
    hands: tuple[tuple[Card, ...], ...] = field(converter=_hands)


@frozen
class Name:
    """A seat names trump: in the first round the turn card's suit ("play"), in the second one
    of the other three suits."""

    TAG: ClassVar[str] = "name"
    seat: int
    suit: str


@frozen
class Pass:
    """A seat passes in a naming round."""

    TAG: ClassVar[str] = "pass"
    seat: int


@frozen
class Announce:
    """Just before its play to the first trick, a seat announces the melds it holds."""

    TAG: ClassVar[str] = "announce"
    seat: int


@frozen
class Show:
    """Just before its play to the second trick, a seat shows the melds it announced."""

    TAG: ClassVar[str] = "show"
    seat: int


@frozen
class Play:
    """A seat plays a card to the trick."""

    TAG: ClassVar[str] = "play"
    seat: int
    card: Card


@frozen
class CallRenege:
    """With renege calls: ``seat`` calls a renege on the play or call recorded as event ``target``
    (of this hand, by the other team)."""

    TAG: ClassVar[str] = "call-renege"
    seat: int
    target: int


@frozen
class LetStand:
    """With renege calls, once the last trick is complete and before it is turned: ``seat``
    calls no renege (each seat in turn from the dealer's left calls one or lets the hand stand;
    when all four let it stand, the hand is counted)."""

    TAG: ClassVar[str] = "let-stand"
    seat: int


ACTIONS: dict[str, type] = {cls.TAG: cls for cls in (CutForDeal, Deal, Name, Pass, Announce,
                                                      Show, Play, CallRenege, LetStand)}
CHANCE_ACTIONS = (CutForDeal, Deal)
