"""The state of a game as one immutable value, and what one seat may see of it."""

from __future__ import annotations

from typing import NamedTuple

from attrs import frozen

from pegline_core.cards import Card

__all__ = ["GameState", "PlayerView", "PHASES"]

PHASES = ("cut", "deal", "discard", "starter", "pegging", "show", "over")


class GameState(NamedTuple):
    """Everything the rules need, and nothing else. `pegline_core.engine.Game` replaces it whole.

    ``held`` is what each seat holds now; ``kept`` the hand each will show. ``scores`` are per
    side (team, or seat when there are no teams). A named tuple, because the engine replaces it
    on every action and ``_replace`` is an order of magnitude cheaper than ``attrs.evolve``.
    """

    phase: str
    hand: int
    dealer: int | None
    scores: tuple[int, ...]
    held: tuple[tuple[Card, ...], ...] = ()
    kept: tuple[tuple[Card, ...], ...] = ()
    discarded: tuple[bool, ...] = ()
    crib: tuple[Card, ...] = ()
    starter: Card | None = None
    count: int = 0
    series: tuple[Card, ...] = ()
    turn: int | None = None
    last_player: int | None = None
    said_go: frozenset[int] = frozenset()
    last_was_go: bool = False
    played: tuple[tuple[int, Card], ...] = ()
    counts: tuple[tuple[int, bool], ...] = ()
    """Muggins: the counts still to make, as (seat, crib), the current one first."""
    declared: int = -1
    """Muggins: the current count's declaration, or -1 before it is declared."""
    responders: tuple[int, ...] = ()
    """Muggins: the opponents still to respond, in order."""
    assisted: frozenset[int] = frozenset()
    """Seats that have asked the coach."""


@frozen
class PlayerView:
    """What ``seat`` can see: its own cards, the table, the scores. Never another hand or the crib.

    Bots and the coach receive only this.
    """

    seat: int
    phase: str
    hand: int
    dealer: int | None
    scores: tuple[int, ...]
    side: int
    held: tuple[Card, ...]
    kept: tuple[Card, ...]
    starter: Card | None
    count: int
    series: tuple[Card, ...]
    played: tuple[tuple[int, Card], ...]
    players: int
    target: int
    lowball: bool
    counting: tuple[int, tuple[Card, ...], bool, int] | None = None
    """Muggins: the count on the table as (seat, cards, crib, declared); its cards are face up."""
