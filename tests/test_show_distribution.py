"""The exact show distribution (docs/rules-of-play.md, "The show";
published counts in tests/data/show_distribution.json).

Every (4-card hand, starter) pair goes through the real scoring path, `Scorer.show_total`, which
the suite checks against the itemised `Scorer.show`. The fast test counts the 13 starters of one
suit against every hand and multiplies by four, which is exact because relabelling suits never
changes a score (a property tested in test_show.py); the slow test counts all 12,994,800 pairs.
The fast test is `heavy` too (CI's pure pass leaves it out): there, one pair in 1,009 of every
starter is counted against the figures the compiled build gives, which pins the same counting
code in both builds.
"""

import json
from collections import Counter
from itertools import combinations, islice
from pathlib import Path

import pytest

from pegline_core import DECK
from pegline_cribbage.scorer import Scorer

# runs in the pure build too (conftest.py): the compiled machines, counting and hook dispatch
pytestmark = pytest.mark.both_builds

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


@pytest.mark.heavy
@pytest.mark.parametrize("table", ["hand", "crib"])
def test_distribution_by_suit_symmetry(table):
    clubs = [card for card in DECK if card.suit == "C"]
    check(distribution(clubs, table == "crib", weight=4), table)


@pytest.mark.slow
@pytest.mark.parametrize("table", ["hand", "crib"])
def test_distribution_over_all_pairs(table):
    check(distribution(DECK, table == "crib", weight=1), table)


SAMPLED = {  # one pair in 1,009 of each starter's hands, as the compiled build counts them
    "hand": {0: 946, 1: 97, 2: 2705, 3: 548, 4: 2883, 5: 777, 6: 1817, 7: 749, 8: 1150, 9: 308,
             10: 407, 11: 40, 12: 304, 13: 17, 14: 65, 15: 16, 16: 51, 17: 9, 18: 3, 20: 2, 24: 2},
    "crib": {0: 966, 1: 97, 2: 2734, 3: 551, 4: 2895, 5: 782, 6: 1797, 7: 751, 8: 1122, 9: 306,
             10: 398, 11: 35, 12: 300, 13: 14, 14: 65, 15: 16, 16: 51, 17: 9, 18: 3, 20: 2, 24: 2},
}


@pytest.mark.parametrize("table", ["hand", "crib"])
def test_a_sample_of_every_starter_counts_the_same_in_both_builds(table):
    count = Scorer.for_variant("two-player").show_total
    totals: Counter = Counter()
    for index, starter in enumerate(DECK):
        rest = [card for card in DECK if card is not starter]
        sample = islice(combinations(rest, 4), index, None, 1009)
        totals.update(count(hand, starter, crib=table == "crib") for hand in sample)
    assert dict(sorted(totals.items())) == SAMPLED[table]
