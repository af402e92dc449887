"""What a native counterpart of a cribbage scoring hook reads: the step, its cards as codes.

A card's code is its `Card.index` (``DECK[code]`` is the card): ``code >> 2`` is its rank less
one, ``code & 3`` its suit (clubs, diamonds, hearts, spades), ``PIPS[code]`` its pip value. Each
class has the fields of the snapshot of the same hook (`pegline_cribbage.snapshots`), in the same
order and with the same meaning, every card a code. The step is lent for the call: read it then,
keep what you need of it (its tuples are never changed), not the step itself, which the engine
fills again for its next call of the hook (a play, a series' end and a show each have one per
`pegline_cribbage.scoring.Scoring`).
A counterpart returns its claims as ``(rule, points, codes)`` tuples, or None for nothing
(docs/hooks.md, "The native lane").

>>> from pegline_core.cards import parse_cards
>>> codes = codes_of(parse_cards("5H 5C"))
>>> codes, cards_of(codes) == parse_cards("5H 5C"), rank_of(codes[0])
((18, 16), True, 5)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final, final

from pegline_core.cards import DECK, Card

__all__ = ["GameStartCodes", "StarterCodes", "PlayCodes", "SeriesEndCodes", "ShowCodes",
           "ShowTotalCodes", "Claim", "codes_of", "cards_of", "rank_of", "suit_of"]

_DECK: Final = DECK
"""The cards by code (a name of this module: compiled, a static, not a global looked up)."""

Claim = tuple[str, int, tuple[int, ...]]
"""A native counterpart's claim: (rule id, points, the codes of the cards behind it)."""


def rank_of(code: int) -> int:
    """The rank (1 for an ace to 13 for a king) of the card ``code``."""
    return (code >> 2) + 1


def suit_of(code: int) -> int:
    """The suit of the card ``code``: 0 clubs, 1 diamonds, 2 hearts, 3 spades."""
    return code & 3


def codes_of(cards: Iterable[Card]) -> tuple[int, ...]:
    """The codes of ``cards``, in order."""
    return tuple([card.index for card in cards])


def cards_of(codes: tuple[int, ...]) -> tuple[Card, ...]:
    """The cards of ``codes``, in order (a tuple: compiled, a loop over it is a third of one
    over any iterable, and a view makes four of these)."""
    return tuple(_DECK[code] for code in codes)


@final
class GameStartCodes:
    """`GameStart` (it names no card)."""

    def __init__(self, players: int, dealer: int, variant: Any, hypothetical: bool) -> None:
        self.players: Final = players
        self.dealer: Final = dealer
        self.variant: Final = variant
        self.hypothetical: Final = hypothetical


@final
class StarterCodes:
    """`StarterTurned`, the starter a code."""

    def __init__(self, starter: int, dealer: int, players: int, scores: tuple[int, ...],
                 side: int, variant: Any, hypothetical: bool) -> None:
        self.starter: Final = starter
        self.dealer: Final = dealer
        self.players: Final = players
        self.scores: Final = scores
        self.side: Final = side
        self.variant: Final = variant
        self.hypothetical: Final = hypothetical


@final
class PlayCodes:
    """`PlayMade`, its card and series codes; ``limit`` is the variant's pegging limit."""

    def __init__(self, seat: int, card: int, series: tuple[int, ...], count: int, players: int,
                 scores: tuple[int, ...], side: int, dealer: int, variant: Any,
                 hypothetical: bool, limit: int) -> None:
        self.seat = seat
        self.card = card
        self.series = series
        self.count = count
        self.players: Final = players
        self.scores = scores
        self.side = side
        self.dealer = dealer
        self.variant: Final = variant
        self.hypothetical: Final = hypothetical
        self.limit: Final = limit


@final
class SeriesEndCodes:
    """`SeriesEnded`, its series codes; ``limit`` is the variant's pegging limit."""

    def __init__(self, seat: int, count: int, series: tuple[int, ...], last_of_hand: bool,
                 players: int, scores: tuple[int, ...], side: int, dealer: int, variant: Any,
                 hypothetical: bool, limit: int) -> None:
        self.seat = seat
        self.count = count
        self.series = series
        self.last_of_hand = last_of_hand
        self.players: Final = players
        self.scores = scores
        self.side = side
        self.dealer = dealer
        self.variant: Final = variant
        self.hypothetical: Final = hypothetical
        self.limit: Final = limit


@final
class ShowCodes:
    """`ShowCounted`, its cards and starter codes."""

    def __init__(self, seat: int, cards: tuple[int, ...], starter: int, crib: bool,
                 players: int, scores: tuple[int, ...], side: int, dealer: int, variant: Any,
                 hypothetical: bool) -> None:
        self.seat = seat
        self.cards = cards
        self.starter = starter
        self.crib = crib
        self.players: Final = players
        self.scores = scores
        self.side = side
        self.dealer = dealer
        self.variant: Final = variant
        self.hypothetical: Final = hypothetical


@final
class ShowTotalCodes:
    """`ShowCounted` with the ``total`` of its checked claims, its cards and starter codes.
    Its fields are spelt out rather than shared with `ShowCodes` through a base class:
    compiled, a base makes each show's reads dearer (0.3% of a game's instructions)."""

    def __init__(self, seat: int, cards: tuple[int, ...], starter: int, crib: bool,
                 players: int, scores: tuple[int, ...], side: int, dealer: int, variant: Any,
                 hypothetical: bool, total: int) -> None:
        self.seat = seat
        self.cards = cards
        self.starter = starter
        self.crib = crib
        self.players: Final = players
        self.scores = scores
        self.side = side
        self.dealer = dealer
        self.variant: Final = variant
        self.hypothetical: Final = hypothetical
        self.total = total
