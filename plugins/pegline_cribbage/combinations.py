"""Pure, fast combination counting for the show and for pegging. No point values live here.

Plugins call these functions; hooks are called once per game step, never once per combination.

>>> from pegline_core.cards import parse_cards
>>> hand = parse_cards("5H 5C 5D JS 5S")
>>> len(fifteens(hand)), len(pairs(hand)), runs(hand)
(8, 6, [])
>>> rank_counts([5, 5, 5, 11, 5])
(8, 6, 0)
>>> series = parse_cards("3C 5D 4H")
>>> run_tail(series), same_rank_tail(series)
(3, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from operator import attrgetter, itemgetter
from typing import Any, Final

from pegline_core.cards import Card

PIPS: Final[tuple[int, ...]] = tuple(min(index // 4 + 1, 10) for index in range(52))
"""Each card's pip value for counting, by `Card.index`: ace 1, two to ten face value, faces 10."""

__all__ = [
    "PIPS", "pip", "fifteens", "pairs", "runs", "show_combinations", "flush_suit", "rank_counts",
    "same_rank_tail", "run_tail", "RANK_PRIMES", "same_rank_tail_codes",
    "run_tail_codes", "combination_positions",
]

RANK_PRIMES = (0, 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
"""One prime per rank (index 1..13): the product over a multiset of ranks is a unique key."""


def pip(card: Card) -> int:
    """A card's pip value for counting (ace 1, faces 10).

    >>> pip(Card.parse("KH")), pip(Card.parse("AS"))
    (10, 1)
    """
    return PIPS[card.index]


def fifteens(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every distinct combination of two or more cards whose pip values sum to 15."""
    return show_combinations(cards)[0]


def pairs(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every pair of cards of the same rank (three of a kind is three pairs, four is six)."""
    return show_combinations(cards)[1]


def runs(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every maximal run of three or more consecutive ranks, with multiplicity.

    A double run of three (3-4-4-5) gives two runs.
    """
    return show_combinations(cards)[2]


_Positions = tuple[tuple[tuple[int, ...], ...], ...]
_PATTERNS: Final[dict[tuple[int, ...], _Positions]] = {}
_GETTERS: Final[dict[tuple[int, ...], tuple[tuple[itemgetter[Any], ...], ...]]] = {}
"""For each rank pattern, a getter per combination: it picks the combination's cards (a
tuple; every combination has two or more) from the cards sorted by index."""


def show_combinations(cards: Sequence[Card]) -> tuple[list[tuple[Card, ...]], ...]:
    """(fifteens, pairs, runs) of the cards, each combination ordered by rank then suit.

    Which positions combine depends only on the sorted ranks, so the positions are computed once
    per rank pattern and then mapped onto the cards.
    """
    ordered = sorted(cards, key=_by_index)
    fifteens, pairs, runs = _getters(tuple(card.rank for card in ordered))
    return ([get(ordered) for get in fifteens], [get(ordered) for get in pairs],
            [get(ordered) for get in runs])


def _getters(ranks: tuple[int, ...]) -> tuple[tuple[itemgetter[Any], ...], ...]:
    """The getters of each combination of cards of these sorted ranks, made once per pattern."""
    getters = _GETTERS.get(ranks)
    if getters is None:
        getters = _GETTERS[ranks] = tuple(tuple(itemgetter(*combo) for combo in kind)
                                          for kind in combination_positions(ranks))
    return getters


def combination_positions(ranks: tuple[int, ...]) -> _Positions:
    """(fifteens, pairs, runs) of cards of these ranks, in ascending order, each combination as
    the positions of its cards, made once per pattern."""
    pattern = _PATTERNS.get(ranks)
    if pattern is None:
        pattern = _PATTERNS[ranks] = _positions(ranks)
    return pattern


_by_index = attrgetter("index")


_SUBSETS: Final[dict[int, list[tuple[int, int, tuple[int, ...]]]]] = {}
"""For each number of cards, every two or more of them, by size, then in `itertools.combinations`
order: (the bits of their places, the bits without the highest place, their places)."""


def _subsets(size: int) -> list[tuple[int, int, tuple[int, ...]]]:
    found = _SUBSETS.get(size)
    if found is None:
        found = _SUBSETS[size] = []
        for length in range(2, size + 1):
            for combo in combinations(range(size), length):
                bits = 0
                for place in combo:
                    bits |= 1 << place
                found.append((bits, bits & ~(1 << combo[-1]), combo))
    return found


def _positions(ranks: tuple[int, ...]) -> _Positions:
    """The combinations of cards of these ranks, in ascending order (`combination_positions`)."""
    size = len(ranks)
    sums = [0] * (1 << size)  # the pips of each subset, by the bits of its places
    for place in range(size):
        sums[1 << place] = min(ranks[place], 10)
    found15: list[tuple[int, ...]] = []
    found_pairs: list[tuple[int, ...]] = []
    for bits, rest, combo in _subsets(size):  # by size: each one's rest is already summed
        total = sums[rest] + sums[bits ^ rest]
        sums[bits] = total
        if total == 15:
            found15.append(combo)
        if len(combo) == 2 and ranks[combo[0]] == ranks[combo[1]]:
            found_pairs.append(combo)
    found_runs: list[tuple[int, ...]] = []
    groups: list[tuple[int, int, int]] = []  # each rank: (rank, first place, places past it)
    for place, rank in enumerate(ranks):
        if groups and groups[-1][0] == rank:
            groups[-1] = (rank, groups[-1][1], place + 1)
        else:
            groups.append((rank, place, place + 1))
    first = 0
    while first < len(groups):
        last = first
        while last + 1 < len(groups) and groups[last + 1][0] == groups[last][0] + 1:
            last += 1
        if last - first >= 2:  # a run of three ranks or more: one per way to pick each rank
            runs: list[tuple[int, ...]] = [()]
            for _rank, start, stop in groups[first:last + 1]:
                runs = [(*run, place) for run in runs for place in range(start, stop)]
            found_runs += runs
        first = last + 1
    return tuple(found15), tuple(found_pairs), tuple(found_runs)


def flush_suit(cards: Sequence[Card]) -> str | None:
    """The suit shared by all the cards, or None."""
    suit = cards[0].suit
    return suit if all(card.suit == suit for card in cards) else None


def rank_counts(ranks: Sequence[int]) -> tuple[int, int, int]:
    """(number of fifteens, number of pairs, cards in runs counted with multiplicity) for ranks.

    Read off the memoised combination pattern of the sorted ranks: nothing else matters.
    """
    found15, found_pairs, found_runs = combination_positions(tuple(sorted(ranks)))
    return len(found15), len(found_pairs), sum(len(run) for run in found_runs)


def same_rank_tail(series: Sequence[Card]) -> int:
    """How many cards at the end of the series share the last card's rank, unbroken (>= 1)."""
    return same_rank_tail_codes(tuple([card.index for card in series]))


def run_tail(series: Sequence[Card]) -> int:
    """Length of the longest tail (3+ cards) of distinct, consecutive ranks, else 0.

    The cards may be in any order; a tail with a repeated rank is no run, so shorter tails
    are tried.
    """
    return run_tail_codes(tuple([card.index for card in series]))


def same_rank_tail_codes(series: tuple[int, ...]) -> int:
    """`same_rank_tail` of a series of codes."""
    size = len(series)
    last = series[size - 1] >> 2
    length = 1
    while length < size and series[size - 1 - length] >> 2 == last:
        length += 1
    return length


def run_tail_codes(series: tuple[int, ...]) -> int:
    """`run_tail` of a series of codes."""
    size = len(series)
    if size < 3:
        return 0
    low = high = series[size - 1] >> 2
    seen = 1 << low
    longest = 0
    for index in range(size - 2, -1, -1):
        rank = series[index] >> 2
        bit = 1 << rank
        if seen & bit:
            break
        seen |= bit
        if rank < low:
            low = rank
        elif rank > high:
            high = rank
        if high - low == size - 1 - index >= 2:
            longest = size - index
    return longest
