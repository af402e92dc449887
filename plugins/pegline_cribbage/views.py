"""What one seat may see of a cribbage game: its own cards, the table, the scores, the rules."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from pegline_core.cards import Card
from pegline_cribbage.phases import CribbagePhase

if TYPE_CHECKING:
    from pegline_cribbage.scorer import Scorer

__all__ = ["CribbageView"]


class CribbageView(NamedTuple):
    """What ``seat`` can see: its own cards, the cards on the table, the scores. Never another
    hand, the crib's hidden cards or the rest of the deck.

    Bots and the coach receive only this and the legal actions. ``rules`` scores hands and plays
    under the game's rules (the rules are public; the cards it is asked about are the caller's).
    A named tuple, because the engine builds one for every decision.
    """

    seat: int
    phase: CribbagePhase
    hand: int
    dealer: int | None
    scores: tuple[int, ...]
    side: int
    held: tuple[Card, ...]
    kept: tuple[Card, ...]
    starter: Card | None
    count: int  # type: ignore[assignment]  # the pegging count, named as players say it
    series: tuple[Card, ...]
    played: tuple[tuple[int, Card], ...]
    players: int
    target: int
    lowball: bool
    limit: int
    counting: tuple[int, tuple[Card, ...], bool, int] | None
    """Counting by hand: the count on the table as (seat, cards, crib, declared); face up."""
    max_declaration: int
    """Counting by hand: the largest total that may be declared (0 when hands count themselves)."""
    rules: Scorer
    laid: tuple[Card, ...] = ()
    """The cards this seat laid away to the crib this hand (it saw them go)."""
    said_go: frozenset[int] = frozenset()
    """The seats that have said go in this series of the pegging."""
    goes: tuple[tuple[int, int], ...] = ()
    """Every go of this hand's pegging as (seat, count), in order: said at the table, or
    recorded when a series ended on a seat that could not play on. Public: each tells that the
    seat then held no card that fitted under the limit."""
