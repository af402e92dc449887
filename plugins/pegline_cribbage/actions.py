"""Cribbage's actions: everything that moves a game, chance outcomes included.

Chance outcomes (the cut for deal, the deal, the starter) are actions like the players' own, so
a game's inputs are a plain list of actions and any published deal can be stacked. Each class
names its record ``type`` in ``TAG``. The cut for deal, the deal of hands and the play of a card
are the card-game layer's (`pegline_core.card_game`); a seat's other moves are its `SeatMove`s.

The players' actions that `legal_actions` hands out are interned (`pegline_core.action_types`):
each exists once per process, made when first needed, as cards do (the layer's `plays_of`,
`discard_of`...).

>>> from pegline_core.cards import Card
>>> Play(0, Card.parse("5H"))
Play(seat=0, card=Card.parse('5H'))
"""

from __future__ import annotations

from functools import cache
from typing import ClassVar

from attrs import field, frozen

from pegline_core.action_types import interned
from pegline_core.card_game.actions import CutForDeal, Play, SeatMove, card_tuple, plays_of
from pegline_core.card_game.actions import Deal as CardDeal
from pegline_core.cards import Card
from pegline_core.events import Action

__all__ = ["CutForDeal", "Deal", "Discard", "CutStarter", "Play", "Go", "Declare",
           "Respond", "RESPONSES", "ACTIONS", "CHANCE_ACTIONS", "move_cards", "plays_of", "go_of",
           "discards_of", "discard_of", "declarations_of", "responses_of"]


@frozen
class Deal(CardDeal):
    """Chance: the cards dealt to each seat, and those dealt from the deck to the crib."""

    crib: tuple[Card, ...] = field(default=(), converter=card_tuple)


@frozen
class Discard(SeatMove):
    """A seat lays cards away to the crib."""

    TAG: ClassVar[str] = "discard"
    cards: tuple[Card, ...] = field(converter=card_tuple)


@frozen
class CutStarter:
    """Chance: the starter, cut by the seat after the dealer and turned by the dealer."""

    TAG: ClassVar[str] = "starter"
    card: Card


@frozen
class Go(SeatMove):
    """A seat that cannot play without passing the count limit says go."""

    TAG: ClassVar[str] = "go"


@frozen
class Declare(SeatMove):
    """Counting by hand: the counter declares a hand's (or the crib's) total, pegged at once."""

    TAG: ClassVar[str] = "declare"
    points: int


RESPONSES = ("accept", "muggins", "overcount")


@frozen
class Respond(SeatMove):
    """Counting by hand: an opponent accepts the declared count, calls ``muggins`` claiming
    ``points`` missed, or calls ``overcount``."""

    TAG: ClassVar[str] = "respond"
    response: str
    points: int = 0


ACTIONS: dict[str, type] = {cls.TAG: cls for cls in (CutForDeal, Deal, Discard, CutStarter, Play,
                                                      Go, Declare, Respond)}
CHANCE_ACTIONS = (CutForDeal, Deal, CutStarter)


def move_cards(action: Action) -> tuple[Card, ...]:
    """The cards of a discard or of a play: the moves the coach judges."""
    if isinstance(action, Discard):
        return action.cards
    assert isinstance(action, Play), f"the coach judges discards and plays, not {action!r}"
    return (action.card,)


# -- the interned actions: each made once per process, when first needed ------------------------

@cache
def go_of(seat: int) -> Go:
    return interned(Go(seat))


@cache
def discards_of(seat: int) -> dict[tuple[Card, ...], Discard]:
    """``seat``'s discards made so far, by their cards (`discard_of` adds to it)."""
    return {}


def discard_of(seat: int, cards: tuple[Card, ...]) -> Discard:
    """``seat``'s discard of ``cards`` (in this order).

    >>> from pegline_core.cards import parse_cards
    >>> laid = parse_cards("5H JD")
    >>> discard_of(1, laid) is discard_of(1, laid) == Discard(1, laid)
    True
    """
    made = discards_of(seat)
    found = made.get(cards)
    if found is None:
        found = made[cards] = interned(Discard(seat, cards))
    return found


@cache
def declarations_of(seat: int, most: int) -> tuple[Declare, ...]:
    """``seat``'s declarations of 0 to ``most`` points, in order."""
    return tuple([interned(Declare(seat, points)) for points in range(most + 1)])


@cache
def responses_of(seat: int, most: int) -> tuple[Respond, ...]:
    """``seat``'s responses to a declaration: accept, overcount, then muggins for 1 to ``most``
    points (`legal_actions` order)."""
    return (interned(Respond(seat, "accept")), interned(Respond(seat, "overcount")),
            *[interned(Respond(seat, "muggins", points)) for points in range(1, most + 1)])
