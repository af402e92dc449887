"""The show (docs/rules-of-play.md, "The show"): fifteens, pairs, runs, flushes and nobs, for hands
and the crib."""

import re
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pegline_core import DECK, Card, CardError, load_variant
from pegline_cribbage.scorer import Scorer
from tests.conftest import cards, hands_with_starter

# runs in the pure build too (conftest.py): the compiled machines, counting and hook dispatch
pytestmark = pytest.mark.both_builds


def breakdown(scorer, hand, starter, crib=False):
    result = scorer.show(cards(hand), Card.parse(starter), crib=crib)
    return result.total, Counter(a.rule.id for a in result.awards)


def test_the_29_hand(scorer):
    total, rules = breakdown(scorer, "5H 5C 5D JS", "5S")
    assert total == 29
    assert rules == {"show-fifteen": 8, "show-pair": 6, "his-nobs": 1}


def test_double_double_run_scores_24(scorer):
    total, rules = breakdown(scorer, "4H 4C 5D 6S", "6D")
    assert (total, rules["show-run"], rules["show-pair"], rules["show-fifteen"]) == (24, 4, 2, 4)


def test_triple_run_scores_21(scorer):
    # three runs of 3 (9), three pairs (6), and 3+3+4+5 three ways (6)
    assert breakdown(scorer, "3H 3C 3D 4S", "5D") == (21, {"show-run": 3, "show-pair": 3,
                                                           "show-fifteen": 3})


def test_double_run_of_three_with_a_fifteen(scorer):
    assert breakdown(scorer, "3H 4C 4D 5S", "KD") == (10, {"show-run": 2, "show-pair": 1,
                                                           "show-fifteen": 1})


def test_seed_001_example_counts_five_five_five_as_a_fifteen_too(scorer):
    # Seed 001 counts 5+10 three ways and 5+K three ways (12) for 5-5-5-K with a 10 starter;
    # 5+5+5 is a seventh combination, so the fifteens are 14, with three pairs for 20.
    total, rules = breakdown(scorer, "5H 5C 5D KS", "TD")
    assert rules["show-fifteen"] == 7
    assert total == 14 + 6


def test_hand_flush_of_four_without_the_starter(scorer):
    # all even pips: no fifteen can hide among them
    assert breakdown(scorer, "2H 4H 6H 8H", "KS") == (4, {"show-flush": 1})


def test_hand_flush_of_five_with_the_starter(scorer):
    assert breakdown(scorer, "2H 4H 6H 8H", "KH") == (5, {"show-flush": 1})


def test_crib_flush_needs_the_starter(scorer):
    assert breakdown(scorer, "2H 4H 6H 8H", "KS", crib=True) == (0, {})
    assert breakdown(scorer, "2H 4H 6H 8H", "KH", crib=True) == (5, {"show-flush": 1})


def test_crib_four_card_flush_is_a_configurable_reading():
    lenient = Scorer(attrs.evolve(load_variant("two-player"),
                                  config={"standard": {"crib_flush_needs_starter": False}}))
    hand, starter = cards("2H 4H 6H 8H"), Card.parse("KS")
    assert lenient.show(hand, starter, crib=True).total == 4
    assert lenient.show_total(hand, starter, crib=True) == 4


def test_his_nobs_is_the_jack_of_the_starters_suit(scorer):
    assert breakdown(scorer, "JD AC 3S 7H", "9D") == (1, {"his-nobs": 1})
    assert breakdown(scorer, "JC AC 3S 7H", "9D") == (0, {})


def test_a_jack_starter_is_never_its_own_nobs(scorer):
    assert breakdown(scorer, "AC 3S 7H 9D", "JD") == (0, {})


def test_ace_is_low_so_queen_king_ace_is_no_run(scorer):
    assert breakdown(scorer, "QH KC AD 6S", "8D")[1]["show-run"] == 0
    assert breakdown(scorer, "AH 2C 3D 8S", "TD")[1]["show-run"] == 1


def test_a_run_of_five(scorer):
    assert breakdown(scorer, "AH 2C 3D 4S", "5D") == (7, {"show-run": 1, "show-fifteen": 1})


def test_hand_of_wrong_size_or_with_the_starter_is_refused(scorer):
    with pytest.raises(CardError, match="has 4 cards, got 3"):
        scorer.show(cards("5H 5C 5D"), Card.parse("5S"))
    with pytest.raises(CardError, match="the starter 5S is also in a hand"):
        scorer.show(cards("5H 5C 5D 5S"), Card.parse("5S"))


@pytest.mark.parametrize(("hand", "starter", "crib", "refusal"), [
    ("5H 5C 5D 5S", "5S", False, "the starter 5S is also in a hand"),
    ("5H 5C 5D", "5S", False, "a hand in two-player has 4 cards, got 3"),
    ("5H 5C 5D JS 2C", "5S", True, "a crib in two-player has 4 cards, got 5"),
    ("5H 5C 5H JS", "5S", False, "a hand cannot hold the same card twice"),
    ("5H 5C 5D 'JS'", "5S", False, "a hand and its starter must be cards"),
    ("5H 5C 5D JS", "'5S'", True, "a crib and its starter must be cards"),
])
def test_the_fast_total_refuses_what_the_itemised_show_refuses(scorer, hand, starter, crib,
                                                                  refusal):
    """`show_total` checks its arguments as `show` does: the same `CardError`, never a total
    for cards that cannot be a hand, nor a plugin blamed for a string."""
    def card(text):
        return text.strip("'") if text.startswith("'") else Card.parse(text)

    held, turned = [card(text) for text in hand.split()], card(starter)
    for count in (scorer.show, scorer.show_total):
        with pytest.raises(CardError, match=re.escape(refusal)):
            count(held, turned, crib=crib)


impossible = {19, 25, 26, 27}


@given(hands_with_starter, st.booleans())
def test_totals_are_possible_and_at_most_29(scorer, hand_starter, crib):
    hand, starter = hand_starter
    total = scorer.show_total(hand, starter, crib=crib)
    assert 0 <= total <= 29 and total not in impossible


@given(hands_with_starter, st.booleans())
def test_fast_total_equals_the_breakdown(scorer, hand_starter, crib):
    hand, starter = hand_starter
    result = scorer.show(hand, starter, crib=crib)
    assert scorer.show_total(hand, starter, crib=crib) == result.total
    assert result.total == sum(a.score.points for a in result.awards)


@given(hands_with_starter)
def test_crib_never_scores_more_than_the_same_cards_as_a_hand(scorer, hand_starter):
    hand, starter = hand_starter
    assert scorer.show_total(hand, starter, crib=True) <= scorer.show_total(hand, starter)


@given(hands_with_starter, st.permutations("CDHS"), st.booleans())
def test_relabelling_suits_never_changes_a_score(scorer, hand_starter, suits, crib):
    relabel = dict(zip("CDHS", suits, strict=True))
    hand, starter = hand_starter

    def moved(card):
        return Card.of(card.rank, relabel[card.suit])

    assert scorer.show(tuple(map(moved, hand)), moved(starter), crib=crib).total == \
        scorer.show(hand, starter, crib=crib).total


def test_every_card_in_deck_is_usable_as_starter(scorer):
    hand = cards("AH 2C 3D 4S")
    assert {scorer.show_total(hand, starter) for starter in DECK if starter not in hand} <= \
        set(range(30))


def _by_definition(ranks):
    """Fifteens, pairs and runs of cards of these ranks, as the rules define them: every subset
    by size (in `itertools.combinations` order) whose pips make 15, every two of one rank, every
    longest stretch of three or more consecutive ranks, once for each way to pick its cards."""
    from itertools import combinations, product

    places = range(len(ranks))
    pips = [min(rank, 10) for rank in ranks]
    fifteens = [combo for size in range(2, len(ranks) + 1) for combo in combinations(places, size)
                if sum(pips[i] for i in combo) == 15]
    pairs = [(a, b) for a, b in combinations(places, 2) if ranks[a] == ranks[b]]
    runs, rank = [], 1
    while rank <= 13:
        end = rank
        while end in ranks:
            end += 1
        if end - rank >= 3:
            runs += product(*([p for p in places if ranks[p] == r] for r in range(rank, end)))
        rank = end + 1
    return fifteens, pairs, runs


@pytest.mark.parametrize("size", [2, 3, 4, 5, 6])
def test_every_rank_pattern_combines_as_the_rules_define(size):
    """The fast combination finder (loops, depth first) against the definition, on every sorted
    multiset of ranks of ``size`` cards (6,175 patterns of five)."""
    from itertools import combinations_with_replacement

    from pegline_cribbage.combinations import ranked_combinations

    for ranks in combinations_with_replacement(range(1, 14), size):
        if max(ranks.count(rank) for rank in ranks) <= 4:
            found = ranked_combinations(list(range(size)), list(ranks))
            assert [list(kind) for kind in found] == list(_by_definition(ranks)), ranks


@pytest.mark.parametrize("size", [2, 3, 4, 5, 6])
def test_the_shows_table_holds_every_rank_pattern_as_the_rules_define(size):
    """The table a show looks its combinations up in by its cards' codes (`code_positions`: each
    size up to five made whole at its first show, a longer pattern when met) against the
    definition, on every pattern; `pick` maps the places onto the codes, and a pattern asked for
    by its ranks is the same entry."""
    from itertools import combinations_with_replacement

    from pegline_cribbage.combinations import code_positions, combination_positions, pick

    for ranks in combinations_with_replacement(range(1, 14), size):
        if max(ranks.count(rank) for rank in ranks) <= 4:
            # each rank's cards in ascending suits: the codes ascend as a show sorts them
            codes = [(rank - 1) * 4 + ranks[:place].count(rank) for place, rank in enumerate(ranks)]
            found = code_positions(codes)
            assert [list(kind) for kind in found] == list(_by_definition(ranks)), ranks
            assert found is combination_positions(ranks)
            for kind in found:
                for places in kind:
                    assert pick(codes, places) == tuple(codes[place] for place in places)
