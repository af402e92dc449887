"""The events card games share: the cut's outcome, and a scored combination of cards.

The kernel's `Input`, `Scored` and `GameEnded` serve every game; these serve games that cut for
the first dealer and show what each line of a count is made of.
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import frozen

from pegline_core.cards import Card
from pegline_core.events import Event

__all__ = ["DealerChosen", "CutTie", "Combination", "first_dealer"]


@frozen
class DealerChosen(Event):
    """The cut for deal (or the game's own way to choose) chose the first dealer."""

    TAG = "dealer"
    dealer: int


def first_dealer(log: Iterable[Event]) -> int | None:
    """The first dealer a game's log names (None before the cut has chosen one)."""
    return next((event.dealer for event in log if isinstance(event, DealerChosen)), None)


@frozen
class CutTie(Event):
    """The cut for deal tied for the lowest card between ``seats``: they cut again."""

    TAG = "cut-tie"
    seats: tuple[int, ...]


@frozen
class Combination:
    """One line of a count or one meld: a rule, its points and its cards."""

    rule: str
    points: int
    cards: tuple[Card, ...]
