"""The deck's cards to the seats: the cut for the first dealer and the deal, drawn and checked.

The draws take their numbers from `pegline_core.draws` in a fixed order, so a seed gives the
same cut and the same deal in either build; the checks refuse a chance action that a player or
a stacked record gets wrong, before anything changes.

>>> import random
>>> from pegline_core.cards import parse_cards
>>> draw_cut(random.Random(1), parse_cards("9H 2S KD 5C"), players=3)
CutForDeal(cards=(Card.parse('2S'), Card.parse('KD'), Card.parse('9H')))
>>> lowest_cut(parse_cards("9H 2S KD"), players=3), lowest_cut(parse_cards("5H 5S 9D"), players=3)
((1,), (0, 1))
>>> hands, rest = draw_hands(random.Random(1), range(10), players=2, size=3, dealer=1, extra=1)
>>> [len(hand) for hand in hands], len(rest)
([3, 3], 1)
>>> check_hands([parse_cards("5H JS"), parse_cards("5H 2C")], players=2, size=2)
Traceback (most recent call last):
pegline_core.errors.IllegalActionError: a card cannot be dealt twice
"""

from __future__ import annotations

import random
from collections.abc import Collection, Container, Iterable, Sequence
from typing import Any, TypeVar, cast

from pegline_core import draws
from pegline_core.card_game.actions import CutForDeal, Deal
from pegline_core.cards import Card, format_cards
from pegline_core.errors import IllegalActionError
from pegline_core.messages import Template

__all__ = ["draw_cut", "lowest_cut", "draw_hands", "check_cards", "check_hands", "face_down",
           "HandsFaceDown"]

T = TypeVar("T")

_DEALT_TWICE = Template("deal.twice", "a card cannot be dealt twice")
_CUT_SIZE = Template("deal.cut-size", "the cut for deal needs one card per seat")
_DEAL_SIZE = Template("deal.size", "the deal needs {size} cards for each of {players} seats")
_OUTSIDE = Template("deal.outside", "{cards} is not in the {size}-card deck")


def draw_cut(rng: random.Random, deck: Sequence[Card], *, players: int) -> CutForDeal:
    """The cut for the first dealer: a card of ``deck`` for each seat, seat 0's first."""
    return CutForDeal(draws.sample(rng, deck, players))


def lowest_cut(cards: Sequence[Card], *, players: int) -> tuple[int, ...]:
    """The seats that cut the lowest rank, ``cards`` being one per seat from seat 0: one seat
    deals; two or more tie and cut again. Checked: one card per seat, no card twice."""
    if len(cards) != players:
        raise IllegalActionError(_CUT_SIZE())
    check_cards(cards)
    low = min(card.rank for card in cards)
    return tuple(seat for seat, card in enumerate(cards) if card.rank == low)


def draw_hands(rng: random.Random, deck: Sequence[T], *, players: int, size: int, dealer: int,
               extra: int = 0) -> tuple[list[list[T]], list[T]]:
    """A deal from ``deck``: ``size`` cards to each seat one at a time from the dealer's left,
    round after round, then ``extra`` more (a crib's from the deck); the hands by seat and the
    extra. A random ordered draw of just the cards needed, as shuffling the whole deck is."""
    drawn = draws.sample(rng, deck, players * size + extra)
    hands: list[list[T]] = [[] for _ in range(players)]
    for _round in range(size):
        for offset in range(1, players + 1):
            hands[(dealer + offset) % players].append(drawn.pop())
    return hands, drawn


def check_cards(cards: Sequence[object], deck: Collection[Card] | None = None) -> None:
    """Refuse anything but different cards (of ``deck``, when the game's deck is not all 52).
    Loops, not ``all()`` over a generator: compiled, a deal's check is then a few loads."""
    for card in cards:
        if type(card) is not Card:
            raise IllegalActionError("every card must be a Card")
    if deck is not None:
        outside = [card for card in cards if card not in deck]
        if outside:
            raise IllegalActionError(_OUTSIDE(cards=format_cards(cast(list[Card], outside)),
                                              size=len(deck)))
    if len(set(cards)) != len(cards):
        raise IllegalActionError(_DEALT_TWICE())


def check_hands(hands: Sequence[Sequence[object]], *, players: int, size: int,
                deck: Collection[Card] | None = None, more: Sequence[object] = ()) -> None:
    """Refuse a deal that is not ``size`` different cards for each seat (with ``more``, the
    other cards it deals, such as a crib's, in the same check for cards given twice)."""
    if len(hands) != players:
        raise IllegalActionError(_DEAL_SIZE(size=size, players=players))
    cards: list[object] = []
    for hand in hands:
        if len(hand) != size:
            raise IllegalActionError(_DEAL_SIZE(size=size, players=players))
        cards.extend(hand)
    cards.extend(more)
    check_cards(cards, deck)


def face_down(hands: Iterable[Sequence[object]], reveal: Container[int]) -> list[list[object]]:
    """Dealt ``hands`` (in a deal's dict form) as the seats in ``reveal`` see them: their own
    cards, and every other seat's as None, one for each card."""
    return [list(hand) if seat in reveal else [None] * len(hand)
            for seat, hand in enumerate(hands)]


class HandsFaceDown:
    """What the seats in ``reveal`` (every seat: None) may see of a game whose only hidden cards
    are the dealt hands (a `pegline_core.definition.Redactor`): each `Deal` with the other
    seats' cards face down."""

    def __init__(self, reveal: Container[int] | None) -> None:
        self.reveal = reveal

    def redact(self, data: dict[str, Any]) -> dict[str, Any]:
        if self.reveal is None or data.get("type") != Deal.TAG:
            return data
        return data | {"hands": face_down(data["hands"], self.reveal)}
