"""Scoring one pegging play (docs/rules-of-play.md, "Pegging"), at the function level; the engine
tests play them."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pegline_core import DECK, CardError
from pegline_cribbage.combinations import run_tail, same_rank_tail
from tests.conftest import cards

# runs in the pure build too (conftest.py): the compiled machines, counting and hook dispatch
pytestmark = pytest.mark.both_builds


def awards(scorer, series):
    return [(a.rule.id, a.score.points) for a in scorer.play(cards(series))]


def test_example_c_seven_then_eight_is_fifteen_only(scorer):
    assert awards(scorer, "7C 8D") == [("peg-fifteen", 2)]


def test_example_d_pair_then_three_of_a_kind_with_fifteen(scorer):
    assert awards(scorer, "5H 5C") == [("peg-pair", 2)]
    assert awards(scorer, "5H 5C 5D") == [("peg-fifteen", 2), ("peg-pair-royal", 6)]


def test_four_of_a_kind_is_twelve(scorer):
    assert awards(scorer, "2H 2C 2D 2S") == [("peg-double-pair-royal", 12)]


def test_example_a_run_in_any_order_then_thirty_one(scorer):
    assert awards(scorer, "3C 5D 4H") == [("peg-run", 3)]
    assert awards(scorer, "3C 5D 4H TS") == []
    assert awards(scorer, "3C 5D 4H TS 9C") == [("peg-thirty-one", 2)]


def test_a_broken_pair_does_not_count_again(scorer):
    assert awards(scorer, "5H 5C 6D 5S") == []


def test_rank_not_value_makes_a_pair(scorer):
    assert awards(scorer, "JH QC") == []


def test_run_tail_skips_a_tail_with_a_repeated_rank(scorer):
    # 4-5-4-6: the 4-card tail repeats 4; the tail 5-4-6 is a run of three
    assert awards(scorer, "4H 5C 4D 6S") == [("peg-run", 3)]
    # 3-4-4-5: no tail of 3+ distinct consecutive ranks ends at the 5 (4-4-5 repeats)
    assert awards(scorer, "3H 4C 4D 5S") == []


def test_longest_run_tail_only_no_double_runs(scorer):
    assert awards(scorer, "AH 3C 2D 4S") == [("peg-run", 4)]
    assert awards(scorer, "AH 3C 2D 4S 5C") == [("peg-fifteen", 2), ("peg-run", 5)]


def test_ace_is_low_in_pegging_runs(scorer):
    assert awards(scorer, "QH KC AD") == []


def test_flushes_never_score_in_pegging(scorer):
    assert awards(scorer, "2H 4H 6H 8H") == []


def test_series_over_31_or_repeated_is_refused(scorer):
    with pytest.raises(CardError, match="counting 31 or less"):
        scorer.play(cards("TH TC TD 2S"))
    with pytest.raises(CardError, match="twice"):
        scorer.play(cards("5H 5H"))


@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=8, unique=True))
def test_tail_lengths_are_bounded(series):
    assert 1 <= same_rank_tail(series) <= min(4, len(series))
    run = run_tail(series)
    assert run == 0 or 3 <= run <= len(series)
    if run:
        ranks = sorted(card.rank for card in series[-run:])
        assert ranks == list(range(ranks[0], ranks[0] + run))
