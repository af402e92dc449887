"""Frozen snapshots that Clabber hands to its scoring hooks.

Plugins read these and return `Score` claims; they never see or change the live game.
"""

from __future__ import annotations

from typing import NamedTuple

from pegline_core.cards import Card
from pegline_core.variant import Variant

__all__ = ["HandHeld", "Trick", "ShownMeld", "HandPlayed", "HandTotals", "RenegePenalty"]


class HandHeld(NamedTuple):
    """``seat`` is about to announce: ``cards`` is its hand as dealt (the dealer's with the turn
    card), ``trump`` the trump suit, ``side`` the side it plays for."""

    seat: int
    cards: tuple[Card, ...]
    trump: str
    side: int
    variant: Variant


class Trick(NamedTuple):
    """A turned trick: ``cards`` in play order from ``leader``; ``winner`` took it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


class ShownMeld(NamedTuple):
    """A meld ``seat`` announced and showed in time: the rule its claim named, its points and
    cards."""

    seat: int
    rule: str
    points: int
    cards: tuple[Card, ...]


class HandPlayed(NamedTuple):
    """The hand is played out: count it for ``side``.

    ``tricks`` are the six turned tricks in order; ``shown`` every seat's shown melds; ``bella``
    the seat that announced the bella and its cards, or None; ``makers`` the makers' side;
    ``sides`` the seats of each side; ``scores`` every side's score before the hand.
    """

    side: int
    makers: int
    trump: str
    tricks: tuple[Trick, ...]
    shown: tuple[ShownMeld, ...]
    bella: tuple[int, tuple[Card, ...]] | None
    sides: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    variant: Variant


class HandTotals(NamedTuple):
    """Both sides have counted: ``totals`` by side; ``makers`` named trump."""

    makers: int
    totals: tuple[int, ...]
    trump: str
    scores: tuple[int, ...]
    variant: Variant


class RenegePenalty(NamedTuple):
    """A renege was proved against ``offender`` (or a false call made by it): play ends and
    ``side`` scores the penalty. ``melds`` are ``side``'s melds announced this hand by the call
    (shown or not yet shown); ``bella`` is (seat, cards) if one of ``side``'s players announced
    the bella by the call, else None."""

    side: int
    offender: int
    reason: str
    melds: tuple[ShownMeld, ...]
    scores: tuple[int, ...]
    variant: Variant
    bella: tuple[int, tuple[Card, ...]] | None = None
