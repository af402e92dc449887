"""Clabber's actions: chance outcomes (the cut for deal, the deal) and the players' moves.

>>> from pegline_core.cards import Card
>>> Play(1, Card.parse("JH"))
Play(seat=1, card=Card.parse('JH'))

The players' actions that are values (all but a renege call) are interned
(`pegline_core.action_types`): each exists once per process, made when a game first needs them
(`moves`), and `legal_actions` hands out those.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import ClassVar, NamedTuple

from attrs import field, frozen

from pegline_core.action_types import interned
from pegline_core.cards import DECK, SUITS, Card

__all__ = ["CutForDeal", "Deal", "Name", "Pass", "Announce", "Show", "Play", "CallRenege",
           "LetStand", "ACTIONS", "CHANCE_ACTIONS", "Moves", "moves"]


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


class Moves(NamedTuple):
    """Each seat's actions that are values, by seat (`moves`)."""

    plays: tuple[tuple[Play, ...], ...]
    """By the card's code."""
    names: tuple[dict[str, Name], ...]
    """By the suit's letter."""
    passes: tuple[Pass, ...]
    announces: tuple[Announce, ...]
    shows: tuple[Show, ...]
    stands: tuple[LetStand, ...]


@cache
def moves() -> Moves:
    """The interned actions of the four seats, made once per process.

    >>> moves().plays[1][Card.parse("JH").index] is moves().plays[1][Card.parse("JH").index]
    True
    """
    seats = range(4)
    return Moves(tuple([tuple([interned(Play(seat, card)) for card in DECK]) for seat in seats]),
                 tuple([{suit: interned(Name(seat, suit)) for suit in SUITS} for seat in seats]),
                 tuple([interned(Pass(seat)) for seat in seats]),
                 tuple([interned(Announce(seat)) for seat in seats]),
                 tuple([interned(Show(seat)) for seat in seats]),
                 tuple([interned(LetStand(seat)) for seat in seats]))
