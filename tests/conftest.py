"""Shared fixtures and hypothesis strategies."""

from __future__ import annotations

import pytest
from hypothesis import strategies as st

from pegline_core import DECK, parse_cards
from pegline_cribbage.scorer import Scorer

hands_with_starter = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True).map(
    lambda cards: (tuple(cards[:4]), cards[4])
)


@pytest.fixture(scope="session")
def scorer() -> Scorer:
    return Scorer.for_variant("two-player")


def cards(text: str):
    return parse_cards(text)
