"""Frozen snapshots that cribbage hands to its scoring hooks, and the one builder of them.

Plugins read these and return `Score` claims; they never see or change the live game. Each
snapshot carries what a rule may need: the step's cards, every side's score before the step,
the dealer, the side the scoring seat plays for, and the variant.

Each also says whether it is ``hypothetical``: False for a step of a game being played (once
per step), True when a bot, the coach, an analysis or `pegline score` asks what cards would
score (`pegline_cribbage.scorer.Scorer`), or a step of a quiet copy (`Game.copy(quiet=True)`).
A plugin whose hook does more than return claims (one that logs or counts calls) does it only
when ``hypothetical`` is false; the claims themselves must not depend on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from pegline_core.cards import Card
from pegline_core.variant import Variant

__all__ = ["GameStart", "StarterTurned", "PlayMade", "SeriesEnded", "ShowCounted", "Snapshots"]

T = TypeVar("T")


class GameStart(NamedTuple):
    """The game is about to deal its first hand; claims count for the first hand's pone."""

    players: int
    dealer: int
    variant: Variant
    hypothetical: bool = False


class StarterTurned(NamedTuple):
    """The starter was turned; ``dealer`` turned it and ``side`` is the dealer's."""

    starter: Card
    dealer: int
    players: int
    scores: tuple[int, ...]
    side: int
    variant: Variant
    hypothetical: bool = False


class PlayMade(NamedTuple):
    """``seat`` played ``card``; ``series`` is the current series ending with it, ``count`` its
    total; ``scores`` every side's score before this play; ``side`` the side ``seat`` scores
    for."""

    seat: int
    card: Card
    series: tuple[Card, ...]
    count: int  # type: ignore[assignment]  # a field named like tuple.count, kept for plugins
    players: int
    scores: tuple[int, ...]
    side: int
    dealer: int
    variant: Variant
    hypothetical: bool = False


class SeriesEnded(NamedTuple):
    """A series ended at or below the limit; ``seat`` played its last card.

    ``last_of_hand`` is true when no cards remain to be played in this hand.
    """

    seat: int
    count: int  # type: ignore[assignment]  # a field named like tuple.count, kept for plugins
    series: tuple[Card, ...]
    last_of_hand: bool
    players: int
    scores: tuple[int, ...]
    side: int
    dealer: int
    variant: Variant
    hypothetical: bool = False


class ShowCounted(NamedTuple):
    """``seat`` shows ``cards`` (a hand, or the crib when ``crib``) with the ``starter``."""

    seat: int
    cards: tuple[Card, ...]
    starter: Card
    crib: bool
    players: int
    scores: tuple[int, ...]
    side: int
    dealer: int
    variant: Variant
    hypothetical: bool = False


class Snapshots:
    """Builds every snapshot for one variant, each ``hypothetical`` or not: the engine's are
    not (a quiet copy's are), `Scorer`'s are.

    The hot path builds one per play: each is made positionally by ``tuple.__new__``, in the
    field order of its class (a test checks each against the same snapshot built by keyword),
    which skips the named tuple's interpreted ``__new__``."""

    def __init__(self, variant: Variant, *, hypothetical: bool = False) -> None:
        self.variant = variant
        self.hypothetical = hypothetical
        self.players = variant.table.players
        self.side_of = tuple(variant.side_of(seat) for seat in range(self.players))

    def game_start(self, dealer: int) -> GameStart:
        return GameStart(players=self.players, dealer=dealer, variant=self.variant,
                         hypothetical=self.hypothetical)

    def starter(self, starter: Card, dealer: int, scores: tuple[int, ...]) -> StarterTurned:
        return _new(StarterTurned, (starter, dealer, self.players, scores, self.side_of[dealer],
                                    self.variant, self.hypothetical))

    def play(self, seat: int, card: Card, series: tuple[Card, ...], count: int,
             scores: tuple[int, ...], dealer: int) -> PlayMade:
        return _new(PlayMade, (seat, card, series, count, self.players, scores,
                               self.side_of[seat], dealer, self.variant, self.hypothetical))

    def series_end(self, seat: int, count: int, series: tuple[Card, ...], last_of_hand: bool,
                   scores: tuple[int, ...], dealer: int) -> SeriesEnded:
        return _new(SeriesEnded, (seat, count, series, last_of_hand, self.players, scores,
                                  self.side_of[seat], dealer, self.variant, self.hypothetical))

    def show(self, seat: int, cards: tuple[Card, ...], starter: Card, crib: bool,
             scores: tuple[int, ...], dealer: int) -> ShowCounted:
        return _new(ShowCounted, (seat, cards, starter, crib, self.players, scores,
                                  self.side_of[seat], dealer, self.variant, self.hypothetical))


if TYPE_CHECKING:
    def _new(cls: type[T], fields: tuple[Any, ...]) -> T:
        """A named tuple of class ``cls`` from its fields in order."""
else:
    _new = tuple.__new__
