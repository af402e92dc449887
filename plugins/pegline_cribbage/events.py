"""Cribbage's own derived events (the kernel's `Scored` and `GameEnded` serve every game)."""

from __future__ import annotations

from attrs import frozen

from pegline_core.cards import Card
from pegline_core.events import Event

__all__ = ["DealerChosen", "CountReset", "HandShown", "Combination", "CountSettled", "EVENTS"]


@frozen
class DealerChosen(Event):
    """The cut for deal chose the first dealer."""

    TAG = "dealer"
    dealer: int


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


@frozen
class Combination:
    """One line of a count's breakdown: a rule, its points and its cards."""

    rule: str
    points: int
    cards: tuple[Card, ...]


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


EVENTS: dict[str, type] = {cls.TAG: cls for cls in (DealerChosen, CountReset, HandShown,
                                                     CountSettled)}
