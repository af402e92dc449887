"""Clabber's actions: chance outcomes (the cut for deal, the deal) and the players' moves.

The cut for deal and the play of a card are the card-game layer's (`pegline_core.card_game`);
the other moves are its `SeatMove`s. With ``deal.first_dealer = "cut"`` the cut is one card per
seat, seat 0 first; with ``"first-jack"`` it is the cards dealt face up, one at a time clockwise
from seat 0, up to and including the first jack.

>>> from pegline_core.cards import Card
>>> Play(1, Card.parse("JH"))
Play(seat=1, card=Card.parse('JH'))

The players' actions that are values (all but a renege call) are interned
(`pegline_core.action_types`): each exists once per process, made when a game first needs them
(`moves`), and `legal_actions` hands out those.
"""

from __future__ import annotations

from functools import cache
from typing import ClassVar, NamedTuple

from attrs import field, frozen

from pegline_core.action_types import interned
from pegline_core.card_game.actions import CutForDeal, Play, SeatMove, hands_tuple, plays_of
from pegline_core.cards import SUITS, Card

__all__ = ["CutForDeal", "Deal", "Name", "Pass", "Announce", "Show", "Play", "CallRenege",
           "LetStand", "ACTIONS", "CHANCE_ACTIONS", "Moves", "moves"]


@frozen
class Deal:
    """Chance: the cut (cards lifted by the dealer's right, 4 to 20) and six cards to each
    seat, by seat; the dealer's sixth card is the turn card."""

    TAG: ClassVar[str] = "deal"
    cut: int
    hands: tuple[tuple[Card, ...], ...] = field(converter=hands_tuple)


@frozen
class Name(SeatMove):
    """A seat names trump: in the first round the turn card's suit ("play"), in the second one
    of the other three suits."""

    TAG: ClassVar[str] = "name"
    suit: str


@frozen
class Pass(SeatMove):
    """A seat passes in a naming round."""

    TAG: ClassVar[str] = "pass"


@frozen
class Announce(SeatMove):
    """Just before its play to the first trick, a seat announces the melds it holds."""

    TAG: ClassVar[str] = "announce"


@frozen
class Show(SeatMove):
    """Just before its play to the second trick, a seat shows the melds it announced."""

    TAG: ClassVar[str] = "show"


@frozen
class CallRenege(SeatMove):
    """With renege calls: ``seat`` calls a renege on the play or call recorded as event ``target``
    (of this hand, by the other team)."""

    TAG: ClassVar[str] = "call-renege"
    target: int


@frozen
class LetStand(SeatMove):
    """With renege calls, once the last trick is complete and before it is turned: ``seat``
    calls no renege (each seat in turn from the dealer's left calls one or lets the hand stand;
    when all four let it stand, the hand is counted)."""

    TAG: ClassVar[str] = "let-stand"


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
    return Moves(tuple([plays_of(seat) for seat in seats]),
                 tuple([{suit: interned(Name(seat, suit)) for suit in SUITS} for seat in seats]),
                 tuple([interned(Pass(seat)) for seat in seats]),
                 tuple([interned(Announce(seat)) for seat in seats]),
                 tuple([interned(Show(seat)) for seat in seats]),
                 tuple([interned(LetStand(seat)) for seat in seats]))
