"""Card notation (docs/rules-of-play.md, "Cards"): what Pegline reads, what it prints, and what
it refuses."""

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pegline_core import DECK, Card, CardError, parse_cards
from pegline_cribbage.combinations import pip

# runs in the pure build too (conftest.py): the compiled machines, counting and hook dispatch
pytestmark = pytest.mark.both_builds


@pytest.mark.parametrize("text", ["5H", "5h", "5♥", "5♡", " 5H "])
def test_five_of_hearts_in_every_notation(text):
    assert Card.parse(text) is Card.of(5, "H")


@pytest.mark.parametrize("text", ["TD", "10D", "td", "10♦", "T♦"])
def test_ten_reads_as_t_or_10(text):
    card = Card.parse(text)
    assert (card.rank, card.suit, pip(card), str(card)) == (10, "D", 10, "TD")


@pytest.mark.parametrize("text, rank, value", [("AS", 1, 1), ("JC", 11, 10), ("QS", 12, 10),
                                               ("KH", 13, 10), ("A♠", 1, 1)])
def test_rank_and_pip_value(text, rank, value):
    card = Card.parse(text)
    assert (card.rank, pip(card)) == (rank, value)


@pytest.mark.parametrize("text, message", [
    ("1Z", "'1Z': unknown suit 'Z'"),
    ("1H", "'1H': unknown rank '1'"),
    ("11H", "'11H': unknown rank '11'"),
    ("XS", "'XS': unknown rank 'X'"),
    ("H", "'H': a card is a rank followed by a suit, like '5H'"),
    ("", "'': a card is a rank followed by a suit, like '5H'"),
])
def test_bad_card_strings_say_what_is_wrong(text, message):
    with pytest.raises(CardError) as info:
        Card.parse(text)
    assert str(info.value) == message
    assert isinstance(info.value, ValueError)


def test_a_card_twice_in_a_hand_is_an_error():
    with pytest.raises(CardError, match="'5H' is given twice"):
        parse_cards("5H 5♥")


def test_cards_cannot_be_constructed_or_changed():
    with pytest.raises(TypeError):
        Card(5, "H")
    with pytest.raises(AttributeError):
        Card.parse("5H").rank = 6


def test_deck_has_52_distinct_cards_in_index_order():
    assert len(set(DECK)) == 52
    assert [card.index for card in DECK] == list(range(52))
    assert sorted(DECK) == list(DECK)


@given(st.sampled_from(DECK))
def test_print_parse_round_trip(card):
    assert Card.parse(str(card)) is card
    assert Card.parse(card.symbol) is card
    assert eval(repr(card)) is card
    assert pickle.loads(pickle.dumps(card)) is card
