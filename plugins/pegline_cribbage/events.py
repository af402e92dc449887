"""Cribbage's own derived events (the kernel's `Scored` and `GameEnded` serve every game; the
cut's `DealerChosen` and `CutTie` and a count's `Combination` are the card-game layer's)."""

from __future__ import annotations

from attrs import frozen

from pegline_core.card_game.events import Combination, CutTie, DealerChosen
from pegline_core.cards import Card
from pegline_core.events import Event

__all__ = ["DealerChosen", "CutTie", "Dealt", "Passed", "CountReset", "HandShown", "Combination",
           "CountSettled", "EVENTS"]


@frozen
class Dealt(Event):
    """How the deal before it was dealt: ``actor``, the dealer, dealt one card at a time to the
    seats in ``order`` (from the dealer's left), round after round, so the deal's ``hands[seat][k]``
    is the card ``seat`` got in round ``k``; then the deck's cards to the crib. ``cutter`` is the
    seat that cuts the deck for the starter (the dealer's left: the pone of a two-player game)."""

    TAG = "dealt"
    order: tuple[int, ...]
    cutter: int


@frozen
class Passed(Event):
    """``actor`` could not play on before the series ended and did not say go itself: ``reason``
    is ``no cards`` or ``cannot play`` (every card would pass the limit). Logged before the
    series' last points, so that every go of a series is in the log."""

    TAG = "pass"
    reason: str


@frozen
class CountReset(Event):
    """A pegging series ended at ``count``; the count goes back to 0. ``actor`` played its last
    card."""

    TAG = "series-end"
    count: int


@frozen
class HandShown(Event):
    """``actor`` shows a hand (or the crib) with the starter; its scores follow as `Scored`."""

    TAG = "show"
    cards: tuple[Card, ...]
    starter: Card
    crib: bool
    points: int
    """The hand's full value."""
    awarded: int | None = None
    """The points recorded when the game ended part way through this count (None: all)."""


@frozen
class CountSettled(Event):
    """Counting by hand: a count is settled and its true breakdown shown to everyone.

    ``outcome`` is ``accepted``, ``muggins``, ``false-muggins``, ``overcount`` or
    ``false-overcount``; ``claimant`` is the responder whose claim settled it (None if accepted).
    """

    TAG = "settled"
    cards: tuple[Card, ...]
    starter: Card
    crib: bool
    declared: int
    points: int
    outcome: str
    claimant: int | None
    breakdown: tuple[Combination, ...]


EVENTS: dict[str, type] = {cls.TAG: cls for cls in (DealerChosen, CutTie, Dealt, Passed,
                                                     CountReset, HandShown, CountSettled)}
