"""The discard table: every way to lay away from a dealt hand, ranked by hand and crib.

For each discard it gives the kept hand's expected points over every starter the player cannot
see (exact: each starter counted through the variant's own scoring), the crib's expected points
with the thrown cards in it (estimated by `CribOdds`: the other seats' throws of many random
deals, each the throw a hand-keeping player makes, with a random starter; within about 0.15
points), and the net: hand plus crib for the dealer, hand less the crib for the others (in a
game of more sides, a rival's crib counts its share: less the crib over the other sides). In a
lowball game the lowest net ranks first. The coach's discard advice starts from the same rows.

>>> from pegline_core.cards import parse_cards
>>> from pegline_cribbage.scorer import Scorer
>>> table = discard_table(Scorer.for_variant("two-player"), parse_cards("5H 5C JD QS 4H 9C"),
...                       dealer=True)
>>> best = table[0]
>>> " ".join(map(str, best.laid)), round(best.hand, 2), round(best.crib, 2), round(best.net, 2)
('4H 9C', 12.7, 3.86, 16.56)
>>> len(table)
15
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from attrs import frozen

from pegline_core.cards import DECK, Card
from pegline_core.errors import CardError
from pegline_core.messages import Template
from pegline_cribbage.crib_odds import CRIB_DEALS, CribOdds
from pegline_cribbage.refusals import DOMAIN
from pegline_cribbage.scorer import Scorer

__all__ = ["DiscardRow", "discard_rows", "discard_table", "crib_odds", "CRIB_METHOD"]

_DEALT_SIZE = Template("cribbage.dealt-size", "a dealt hand in {variant} has {size} cards, got "
                       "{count}", DOMAIN)

CRIB_METHOD = (f"the crib is estimated over {CRIB_DEALS} random deals of the other seats' "
               "hands, each throwing what keeps its best hand, with a random starter, through "
               "the variant's own scoring (within about 0.15 points)")
"""How the crib figure is estimated, in words a report can print."""


@frozen
class DiscardRow:
    """One discard: the cards ``laid`` away and ``kept``; ``hand`` the kept hand's expected
    points over every starter (exact); ``crib`` the crib's expected points with ``laid`` in it
    (estimated, `CRIB_METHOD`), whoever owns it; ``net`` hand with the crib added for the
    dealer's side and taken away (its share) for the others."""

    laid: tuple[Card, ...]
    kept: tuple[Card, ...]
    hand: float
    crib: float
    net: float


def crib_odds(scorer: Scorer) -> CribOdds:
    """The ruleset's crib table, built once per ruleset and shared (the coach's too)."""
    cache = scorer.ruleset.cache
    odds = cache.get(f"crib-odds-{CRIB_DEALS}")
    if not isinstance(odds, CribOdds):
        odds = cache[f"crib-odds-{CRIB_DEALS}"] = CribOdds(scorer)
    return odds


def discard_rows(scorer: Scorer, held: Sequence[Card], starters: Sequence[Card], *,
                 share: float) -> list[DiscardRow]:
    """A row for each discard of ``held``, in the order of `itertools.combinations`: the hand
    over ``starters``, the crib from the ruleset's table, the net with ``share`` of the crib
    (1 for the dealer's side, below 0 for the others)."""
    total = scorer.show_total
    odds = crib_odds(scorer)
    rows = []
    for laid in combinations(held, scorer.settings.deal.discard):
        keep = tuple(c for c in held if c not in laid)
        hand = sum(total(keep, starter, crib=False) for starter in starters) / len(starters)
        crib = odds.expected(laid) if laid else 0.0
        rows.append(DiscardRow(laid, keep, hand, crib, hand + crib * share))
    return rows


def discard_table(scorer: Scorer, held: Sequence[Card], *, dealer: bool) -> list[DiscardRow]:
    """Every discard of the dealt hand ``held``, best first (in lowball, the lowest net
    first), for the dealer's side (``dealer``) or another; `CardError` for a hand that is not
    a dealt hand of the variant."""
    cards = tuple(held)
    size = scorer.settings.deal.cards
    if not all(isinstance(card, Card) for card in cards):
        raise CardError("a dealt hand holds cards")
    if len(cards) != size:
        raise CardError(_DEALT_SIZE(variant=scorer.variant.name, size=size, count=len(cards)))
    if len(set(cards)) != len(cards):
        raise CardError("a dealt hand cannot hold the same card twice")
    sides = len(scorer.variant.sides)
    share = 1.0 if dealer else -1.0 / max(1, sides - 1)
    starters = [card for card in DECK if card not in cards]
    sign = -1 if scorer.settings.scoring.lowball else 1
    return sorted(discard_rows(scorer, cards, starters, share=share),
                  key=lambda row: -sign * row.net)
