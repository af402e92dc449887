"""What one seat may see of a Clabber game: its own hand, the table, the scores, the rules."""

from __future__ import annotations

from typing import NamedTuple

from pegline_clabber.phases import ClabberPhase
from pegline_clabber.snapshots import Trick
from pegline_core.cards import Card

__all__ = ["ClabberView", "TableMeld"]

TableMeld = tuple[int, str, int, tuple[Card, ...]]
"""A meld on the table: (seat, rule, points, cards); the cards are () until it is shown."""


class ClabberView(NamedTuple):
    """What ``seat`` can see: its own cards, the turn card, the calls, the trick on the table,
    the count of tricks taken, announced and shown melds, the scores. Never another hand, nor
    the cards of turned tricks unless the variant shows them (``turned``).

    A named tuple, because the engine builds one for every decision.
    """

    seat: int
    phase: ClabberPhase
    hand: int
    dealer: int | None
    scores: tuple[int, ...]
    side: int
    held: tuple[Card, ...]
    turn_card: Card | None
    trump: str
    """The trump suit, or '' while it is being named."""
    makers: int
    """The makers' side, or -1 while trump is being named."""
    round: int
    """The naming round (1 or 2)."""
    calls: tuple[tuple[int, str], ...]
    """This hand's calls so far, in order: (seat, suit named, or '' for a pass)."""
    leader: int | None
    trick: tuple[Card, ...]
    """The cards of the current trick, in play order from ``leader``."""
    tricks_played: int
    taken: tuple[int, ...]
    """Tricks taken this hand, by side."""
    melds: tuple[TableMeld, ...]
    bella: int
    """The seat that announced the bella this hand, or -1."""
    turned: tuple[Trick, ...]
    """The turned tricks, if the variant shows them (``play.show_turned_tricks``); else ()."""
    target: int
    undertrump: bool
    renege_calls: bool
    """Whether reneges stand until called (then every held card is among the legal actions)."""
    played: tuple[tuple[int, int, Card], ...]
    """This hand's plays as (seq, seat, card), where a player may call reneges or the variant
    shows turned tricks; else ()."""
    named: int
    """Where a player may call reneges, the event number of this hand's naming of trump (a call
    may name it); else -1."""
