"""The exact show distribution (docs/rules-of-play.md, "The show";
published counts in tests/data/show_distribution.json).

Every (4-card hand, starter) pair goes through the real scoring path, `Scorer.show_total`, which
the suite checks against the itemised `Scorer.show`. The fast test counts the 13 starters of one
suit against every hand and multiplies by four, which is exact because relabelling suits never
changes a score (a property tested in test_show.py); the slow test counts all 12,994,800 pairs.
"""

import json
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from pegline_core import DECK
from pegline_cribbage.scorer import Scorer

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "show_distribution.json"
if not DATA.is_file():  # CI lays shared/ beside the clone; a checkout elsewhere ships a copy
    DATA = Path(__file__).with_name("data") / "show_distribution.json"
PUBLISHED = json.loads(DATA.read_text())


def distribution(starters, crib: bool, weight: int) -> Counter:
    count = Scorer.for_variant("two-player").show_total
    totals: Counter = Counter()
    for starter in starters:
        rest = [card for card in DECK if card is not starter]
        totals.update(count(hand, starter, crib=crib) for hand in combinations(rest, 4))
    return Counter({total: n * weight for total, n in totals.items()})


def check(totals: Counter, table: str) -> None:
    published = PUBLISHED[table]
    expected = {int(k): v for k, v in published["counts"].items() if v}
    assert dict(sorted(totals.items())) == expected
    assert sum(totals.values()) == PUBLISHED["total"] == 12_994_800
    mean = sum(t * n for t, n in totals.items()) / PUBLISHED["total"]
    assert round(mean, 6) == published["mean"]


@pytest.mark.parametrize("table", ["hand", "crib"])
def test_distribution_by_suit_symmetry(table):
    clubs = [card for card in DECK if card.suit == "C"]
    check(distribution(clubs, table == "crib", weight=4), table)


@pytest.mark.slow
@pytest.mark.parametrize("table", ["hand", "crib"])
def test_distribution_over_all_pairs(table):
    check(distribution(DECK, table == "crib", weight=1), table)
