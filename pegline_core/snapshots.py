"""Frozen snapshots that the engine hands to scoring hooks.

Plugins read these and return `Score` claims; they never see or change the live game.
"""

from __future__ import annotations

from attrs import frozen

from pegline_core.cards import Card

__all__ = ["GameStart", "StarterTurned", "PlayMade", "SeriesEnded", "ShowCounted"]


@frozen
class GameStart:
    """The game is about to deal its first hand."""

    players: int
    dealer: int


@frozen
class StarterTurned:
    """The starter was turned; ``dealer`` turned it. ``scores`` are per side, ``side`` the
    dealer's."""

    starter: Card
    dealer: int
    players: int
    scores: tuple[int, ...] = ()
    side: int = 0


@frozen
class PlayMade:
    """``seat`` played ``card``; ``series`` is the current series ending with it, ``count`` its
    total."""

    seat: int
    card: Card
    series: tuple[Card, ...]
    count: int
    players: int
    scores: tuple[int, ...] = ()
    """Every side's score before this play."""
    side: int = 0
    """The side ``seat`` scores for."""


@frozen
class SeriesEnded:
    """A series ended below or at 31; ``seat`` played its last card.

    ``last_of_hand`` is true when no cards remain to be played in this hand.
    """

    seat: int
    count: int
    series: tuple[Card, ...]
    last_of_hand: bool
    players: int
    scores: tuple[int, ...] = ()
    side: int = 0


@frozen
class ShowCounted:
    """``seat`` shows ``cards`` (a hand, or the crib when ``crib``) with the ``starter``."""

    seat: int
    cards: tuple[Card, ...]
    starter: Card
    crib: bool
    players: int
