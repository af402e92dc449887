"""Scoring outside a game: show hands and pegging plays under a variant's plugins.

>>> from pegline_core.cards import parse_cards
>>> scorer = Scorer.for_variant("two-player")
>>> result = scorer.show(parse_cards("5H 5C 5D JS"), parse_cards("5S")[0])
>>> result.total, [award.rule.id for award in result.awards][-1]
(29, 'his-nobs')
>>> scorer.show_total(parse_cards("5H 5C 5D JS"), parse_cards("5S")[0], crib=True)
29
>>> [(a.rule.id, a.score.points) for a in scorer.play(parse_cards("5H 5C 5D"))]
[('peg-fifteen', 2), ('peg-pair-royal', 6)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from attrs import frozen

from pegline_core.cards import Card, CardError
from pegline_core.plugins import Award, PluginSet
from pegline_core.snapshots import PlayMade, ShowCounted
from pegline_core.variant import DEFAULT_VARIANT, Variant, load_variant

__all__ = ["Scorer", "ShowScore"]


@frozen
class ShowScore:
    """A counted hand or crib: its total and one award per combination, in rule order."""

    total: int
    awards: tuple[Award, ...]


class Scorer:
    """The scoring side of an engine: a variant's plugins, callable on hands and plays."""

    def __init__(self, variant: Variant, extra_plugins: Mapping[str, type] | None = None) -> None:
        self.variant = variant
        self.plugins = PluginSet(variant, extra_plugins)
        counter = self.plugins.show_counter()
        self._counter = counter or self._count_by_hook

    @classmethod
    def for_variant(cls, name: str = DEFAULT_VARIANT, **kwargs) -> Scorer:
        """A scorer for a variant name or file (see `load_variant`)."""
        return cls(load_variant(name, extra_plugins=kwargs.get("extra_plugins")), **kwargs)

    def check_show(self, cards: Sequence[Card], starter: Card, crib: bool) -> tuple[Card, ...]:
        """The cards as a tuple, or `CardError` if they cannot be a hand (or crib) here."""
        cards = tuple(cards)
        size = self.variant.crib_size if crib else self.variant.hand_size
        what = "a crib" if crib else "a hand"
        if len(cards) != size:
            raise CardError(f"{what} in {self.variant.name} has {size} cards, got {len(cards)}")
        if len(set(cards)) != len(cards):
            raise CardError(f"{what} cannot hold the same card twice")
        if starter in cards:
            raise CardError(f"the starter {starter} is also in {what}")
        return cards

    def show(self, cards: Sequence[Card], starter: Card, *, crib: bool = False,
             seat: int = 0) -> ShowScore:
        """Count a hand (or the crib) with the starter, one award per combination."""
        cards = self.check_show(cards, starter, crib)
        awards = self.plugins.score(
            "pegline_score_show",
            ShowCounted(seat, cards, starter, crib, self.variant.table.players),
        )
        return ShowScore(sum(a.score.points for a in awards), tuple(awards))

    def show_total(self, cards: Sequence[Card], starter: Card, *, crib: bool = False) -> int:
        """The same total as `show`, through the plugins' fast counters (no validation)."""
        return self._counter(cards, starter, crib)

    def _count_by_hook(self, cards: Sequence[Card], starter: Card, crib: bool) -> int:
        return self.show(cards, starter, crib=crib).total

    def play(self, series: Sequence[Card], *, seat: int = 0) -> list[Award]:
        """The awards for the last card of a pegging series (the cards since the last reset)."""
        series = tuple(series)
        count = sum(card.value for card in series)
        if not series or count > 31:
            raise CardError(f"a series must hold 1 or more cards counting 31 or less, got {count}")
        if len(set(series)) != len(series):
            raise CardError("a series cannot hold the same card twice")
        snapshot = PlayMade(seat, series[-1], series, count, self.variant.table.players)
        return self.plugins.score("pegline_score_play", snapshot)
