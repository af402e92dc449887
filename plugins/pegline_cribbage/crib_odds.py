"""The expected points of a crib, given the cards one seat lays away to it.

Published discard tables give the average crib for each pair of cards thrown, against the cards
a sensible player throws beside them, not against random cards: a player keeps its fifteens,
pairs and runs and throws what does not fit. `CribOdds` builds such a table for any ruleset, the
same way: it deals many random hands to the other seats, lets each throw what a hand-keeping
player would (the throw that keeps the best hand over the thirteen ranks of starter), fills the
crib from the deck where the variant does, and counts the crib with a random starter through the
variant's own scoring. A discard's figure depends on its ranks and whether its cards share a
suit (the flush), so each is counted once, on first use, and remembered.

Nothing here looks at a game: the table is the same for every seat and every deal of a ruleset,
and it is built from a fixed seed.

>>> from pegline_core.cards import parse_cards
>>> from pegline_cribbage.scorer import Scorer
>>> odds = CribOdds(Scorer.for_variant("two-player"))
>>> round(odds.expected(parse_cards("5H 5C")), 1), round(odds.expected(parse_cards("KH TC")), 1)
(9.0, 3.0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from pegline_core.cards import DECK, SUITS, Card
from pegline_cribbage.scorer import Scorer

__all__ = ["CribOdds", "CRIB_DEALS"]

CRIB_DEALS = 600
"""Random deals to the other seats that the table averages over (each discard's figure is
within about 0.15 points of the model's exact value)."""
SEED = 17
"""The table's fixed seed: the same figures in every process."""


class CribOdds:
    """Expected crib points by the cards thrown (see the module's docstring)."""

    def __init__(self, scorer: Scorer, *, deals: int = CRIB_DEALS) -> None:
        self.scorer = scorer
        settings = scorer.settings
        self.discard = settings.deal.discard
        self._others = self._throws(deals)
        self._known: dict[tuple[object, ...], float] = {}

    def expected(self, thrown: Sequence[Card]) -> float:
        """The crib's expected points when these cards are among its cards."""
        suits = {card.suit for card in thrown}
        key = (tuple(sorted(card.rank for card in thrown)), len(suits) == 1)
        value = self._known.get(key)
        if value is None:
            value = self._known[key] = self._count(representative(*key))
        return value

    # -- the table -----------------------------------------------------------------------------

    def _throws(self, deals: int) -> list[tuple[tuple[Card, ...], Card]]:
        """For each random deal: the other seats' throws and the crib's deck cards, and a
        starter (more cards than a crib needs, so a discard can avoid its own)."""
        scorer, settings = self.scorer, self.scorer.settings
        others, size = scorer.players - 1, settings.deal.cards
        spare = settings.crib_size(scorer.players) - settings.deal.discard - \
            others * self.discard + 1
        rng = random.Random(SEED)
        out = []
        for _ in range(deals):
            cards = rng.sample(DECK, others * size + spare + 2 * self.discard)
            thrown: list[Card] = []
            for seat in range(others):
                thrown.extend(self._throw(cards[seat * size:(seat + 1) * size]))
            rest = cards[others * size:]
            out.append((tuple(thrown) + tuple(rest[:spare - 1]), rest[spare - 1]))
        return out

    def _throw(self, hand: Sequence[Card]) -> tuple[Card, ...]:
        """What a hand-keeping player throws: the cards whose loss leaves the best hand, over
        one starter of each rank not in the hand (suits matter little here)."""
        total = self.scorer.show_total
        starters = _starters(hand)
        best: tuple[Card, ...] = ()
        best_value = -1.0
        for thrown in combinations(hand, self.discard):
            keep = [c for c in hand if c not in thrown]
            value = sum(total(keep, s, crib=False) for s in starters) / len(starters)
            if self.scorer.settings.scoring.lowball:
                value = -value
            if not best or value > best_value:
                best, best_value = thrown, value
        return best

    def _count(self, thrown: tuple[Card, ...]) -> float:
        total, points, counted = self.scorer.show_total, 0, 0
        mine = set(thrown)
        for others, starter in self._others:
            if mine.isdisjoint(others) and starter not in mine:
                points += total((*thrown, *others), starter, crib=True)
                counted += 1
        return points / max(1, counted)


def representative(ranks: tuple[int, ...], suited: bool) -> tuple[Card, ...]:
    """The same cards for every discard of these ranks and suitedness (the figure must not
    depend on which discard asked first)."""
    if suited:
        return tuple(Card.of(rank, SUITS[0]) for rank in ranks)
    return tuple(Card.of(rank, SUITS[i % len(SUITS)]) for i, rank in enumerate(ranks))


def _starters(hand: Sequence[Card]) -> list[Card]:
    held = set(hand)
    out = []
    for rank in sorted({card.rank for card in DECK}):
        for card in DECK:
            if card.rank == rank and card not in held:
                out.append(card)
                break
    return out
