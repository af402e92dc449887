"""Exact analysis: the distribution of show totals over every hand and starter, for a variant.

When one plugin scores the show and offers `pegline_show_distribution` (the standard plugin does,
with numpy), and none scores a show on its total, the answer takes about a second. Otherwise
every (cards, starter) pair is counted through the variant's own scoring: always correct,
slower.

>>> from pegline_core import load_variant
>>> dist = show_distribution(load_variant("two-player"), crib=False)
>>> dist.pairs, round(dist.mean, 6), dist.counts[29]
(12994800, 4.769152, 4)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import combinations
from math import comb

from attrs import frozen

from pegline_core.cards import DECK
from pegline_core.errors import PeglineError
from pegline_core.ruleset import Ruleset
from pegline_core.variant import Variant
from pegline_cribbage.scorer import Scorer

__all__ = ["ShowDistribution", "show_distribution"]


@frozen
class ShowDistribution:
    """How many (cards, starter) pairs score each total, and how it was computed."""

    counts: dict[int, int]
    cards: int
    crib: bool
    method: str

    @property
    def pairs(self) -> int:
        return sum(self.counts.values())

    @property
    def mean(self) -> float:
        return sum(total * n for total, n in self.counts.items()) / self.pairs


MAX_ENUMERATED = 200_000_000
"""The most (hand, starter) shows counted one by one: five-card hands (1.2e8) take minutes."""
SHOWS_PER_SECOND = 200_000
"""About how many shows a second the slow path scores (for the estimate in the refusal)."""


def show_distribution(variant: Variant | Ruleset, *, crib: bool,
                      progress: Callable[[int, int], None] | None = None) -> ShowDistribution:
    """The exact distribution of a hand's (or, with ``crib``, the crib's) show totals, under a
    variant or an already built ruleset (a game's ``game.ruleset``).

    ``progress(done, total)`` is called now and then on the slow path.
    """
    scorer = Scorer(variant)
    settings = scorer.settings
    size = settings.crib_size(scorer.players) if crib else settings.hand_size()
    if len(scorer.show_scorers()) == 1 and not scorer.ruleset.disabled \
            and not scorer.ruleset.hook("pegline_score_show_total").implemented():
        offered = scorer.ruleset.hook("pegline_show_distribution").checked(
            size, crib, what="a dict of show total -> number of pairs",
            expect=lambda counts: isinstance(counts, dict) and all(
                type(k) is int and type(n) is int for k, n in counts.items()))
        if offered:
            counts: dict[int, int] = offered[0][1]
            return ShowDistribution(dict(sorted(counts.items())), size, crib, "plugin")
    total = scorer.show_total
    tally: Counter[int] = Counter()
    hands = comb(52, size)
    if hands * (52 - size) > MAX_ENUMERATED:
        raise PeglineError(
            f"{scorer.variant.name}: counting every {size}-card {'crib' if crib else 'hand'} "
            f"with a starter is {hands * (52 - size):.2g} shows, about "
            f"{hands * (52 - size) / SHOWS_PER_SECOND / 3600:.2g} hours; the most counted hand "
            f"by hand is {MAX_ENUMERATED:.2g}")
    for done, cards in enumerate(combinations(DECK, size)):
        tally.update(total(cards, starter, crib=crib) for starter in DECK if starter not in cards)
        if progress is not None and done % 5000 == 0:
            progress(done, hands)
    if progress is not None:
        progress(hands, hands)
    return ShowDistribution(dict(sorted(tally.items())), size, crib, "enumerated")
