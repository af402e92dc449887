"""Actions: everything that moves a game, chance outcomes included.

Chance outcomes (the cut for deal, the deal, the starter) are actions like the players' own, so
a game's inputs are a plain list of actions and any published deal can be stacked.

>>> from pegline_core.cards import parse_cards
>>> Play(0, parse_cards("5H")[0])
Play(seat=0, card=Card.parse('5H'))
"""

from __future__ import annotations

from attrs import field, frozen

from pegline_core.cards import Card

__all__ = ["Action", "CutForDeal", "Deal", "Discard", "CutStarter", "Play", "Go", "Declare",
           "Respond", "AskCoach", "RESPONSES", "IllegalActionError", "CHANCE_ACTIONS"]


class IllegalActionError(ValueError):
    """An action that the rules do not allow now; the game is left unchanged."""


def _cards(value) -> tuple[Card, ...]:
    return tuple(value)


def _hands(value) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(hand) for hand in value)


@frozen
class CutForDeal:
    """Chance: each seat cuts one card (seat order); the lowest rank deals, a tie cuts again."""

    cards: tuple[Card, ...] = field(converter=_cards)


@frozen
class Deal:
    """Chance: the cards dealt to each seat, and those dealt from the deck to the crib."""

    hands: tuple[tuple[Card, ...], ...] = field(converter=_hands)
    crib: tuple[Card, ...] = field(default=(), converter=_cards)


@frozen
class Discard:
    """A seat lays cards away to the crib."""

    seat: int
    cards: tuple[Card, ...] = field(converter=_cards)


@frozen
class CutStarter:
    """Chance: the starter, cut by the seat after the dealer and turned by the dealer."""

    card: Card


@frozen
class Play:
    """A seat plays a card in pegging."""

    seat: int
    card: Card


@frozen
class Go:
    """A seat that cannot play without passing 31 says go."""

    seat: int


@frozen
class Declare:
    """Muggins: the counter declares a hand's (or crib's) total, 0 to 29, pegged at once."""

    seat: int
    points: int


RESPONSES = ("accept", "muggins", "overcount")


@frozen
class Respond:
    """Muggins: an opponent accepts the declared count, calls ``muggins`` claiming ``points``
    missed, or calls ``overcount``."""

    seat: int
    response: str
    points: int = 0


@frozen
class AskCoach:
    """A seat asks the coach to compare its last committed decision. It changes nothing in the
    play, but marks the game "assist used". Always allowed, never listed among legal moves."""

    seat: int


Action = CutForDeal | Deal | Discard | CutStarter | Play | Go | Declare | Respond | AskCoach
CHANCE_ACTIONS = (CutForDeal, Deal, CutStarter)
