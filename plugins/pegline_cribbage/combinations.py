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
from itertools import combinations, combinations_with_replacement
from operator import attrgetter, itemgetter
from typing import Any, Final, TypeVar, cast

from mypy_extensions import i64

from pegline_core.cards import Card

PIPS: Final[tuple[int, ...]] = tuple(min(index // 4 + 1, 10) for index in range(52))
"""Each card's pip value for counting, by `Card.index`: ace 1, two to ten face value, faces 10."""

__all__ = [
    "PIPS", "pip", "fifteens", "pairs", "runs", "show_combinations", "flush_suit", "rank_counts",
    "same_rank_tail", "run_tail", "RANK_PRIMES", "same_rank_tail_codes",
    "run_tail_codes", "combination_positions", "code_positions", "pick", "ranked_combinations",
]

T = TypeVar("T")

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
_PATTERNS: Final[dict[int, _Positions]] = {}
"""`combination_positions` of each rank pattern, by its key (`_key`)."""
_SHARED: Final[dict[object, object]] = {}
"""One tuple for all the patterns that combine alike: the 6,175 patterns of five share 670
(fifteens, pairs, runs), of 208 lists of one kind's places, of 26 places (0.6 MB in all, not
1.3: the table stays in the processor's cache)."""
WHOLE_SIZES: Final = 5
"""Patterns of up to this many cards are all made at the first of their size (6,175 of five, in
about 10 ms compiled): every show then finds its pattern made, from the first game on (filled
one by one as met, the table would still be filling after a thousand games). Longer ones are
made one by one, as they are met (18,395 of six)."""
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
    return _known(_key(ranks), ranks)


def code_positions(codes: list[int]) -> _Positions:
    """`combination_positions` of the cards ``codes``, in ascending order: the show's
    combinations, looked up by the codes' ranks (`pick` maps the positions onto the codes)."""
    key = 0
    for code in codes:
        key = key << 4 | ((code >> 2) + 1)
    pattern = _PATTERNS.get(key)
    if pattern is None:
        pattern = _known(key, tuple([(code >> 2) + 1 for code in codes]))
    return pattern


def _key(ranks: Sequence[int]) -> int:
    """A rank pattern's key: its ranks (1 to 13, ascending), four bits each."""
    key = 0
    for rank in ranks:
        key = key << 4 | rank
    return key


def _known(key: int, ranks: tuple[int, ...]) -> _Positions:
    """The pattern of ``ranks`` (its key ``key``), made with every other of its size up to
    `WHOLE_SIZES`, alone beyond."""
    pattern = _PATTERNS.get(key)
    if pattern is not None:
        return pattern
    if len(ranks) > WHOLE_SIZES:
        pattern = _PATTERNS[key] = _positions(ranks)
        return pattern
    for every in combinations_with_replacement(range(1, 14), len(ranks)):
        if _possible(every):
            _PATTERNS[_key(every)] = _positions(every)
    return _PATTERNS.get(key) or _positions(ranks)  # more than four of a rank: not kept


def _possible(ranks: tuple[int, ...]) -> bool:
    """Whether one deck holds cards of these ranks (four of each, ascending)."""
    for place in range(4, len(ranks)):
        if ranks[place] == ranks[place - 4]:
            return False
    return True


def pick(codes: list[int], places: tuple[int, ...]) -> tuple[int, ...]:
    """The codes at ``places`` (a combination of `code_positions`), as a tuple."""
    size = len(places)
    if size == 2:
        return codes[places[0]], codes[places[1]]
    if size == 3:
        return codes[places[0]], codes[places[1]], codes[places[2]]
    if size == 4:
        return codes[places[0]], codes[places[1]], codes[places[2]], codes[places[3]]
    return tuple([codes[place] for place in places])


_by_index = attrgetter("index")


def _positions(ranks: tuple[int, ...]) -> _Positions:
    """The combinations of cards of these ranks, in ascending order (`combination_positions`),
    each tuple of places shared with every other pattern's equal one."""
    found = ranked_combinations(list(range(len(ranks))), list(ranks))
    kinds = [_shared(tuple([_shared(places) for places in kind])) for kind in found]
    return _shared(tuple(kinds))


def _shared(value: T) -> T:
    """The one tuple equal to ``value`` that the patterns hold."""
    return cast(T, _SHARED.setdefault(value, value))


def ranked_combinations(items: list[int], ranks: list[int]) -> tuple[list[tuple[int, ...]], ...]:
    """(fifteens, pairs, runs) of cards whose ``ranks`` are in ascending order, each combination
    a tuple of the cards' ``items`` (their codes, or their places): fifteens by size, then as
    `itertools.combinations` gives them; pairs likewise; runs by their first cards. What fills
    the table of rank patterns (`code_positions`)."""
    size: i64 = len(items)
    pips: list[i64] = [rank if rank < 10 else 10 for rank in ranks]  # noqa: FURB136
    # depth first, each sum past 15 going no deeper (every pip is positive): the fifteens of two
    # cards here, those of three, four and five in ``longer``, each size in its order (the
    # counters and sums are machine integers where compiled)
    fifteens: list[tuple[int, ...]] = []
    longer: list[list[tuple[int, ...]]] = []
    a: i64
    b: i64
    c: i64
    d: i64
    e: i64
    for a in range(size):
        pa: i64 = pips[a]
        for b in range(a + 1, size):
            pb: i64 = pa + pips[b]
            if pb >= 15:
                if pb == 15:
                    fifteens.append((items[a], items[b]))
                continue
            for c in range(b + 1, size):
                pc: i64 = pb + pips[c]
                if pc >= 15:
                    if pc == 15:
                        _found(longer, 0).append((items[a], items[b], items[c]))
                    continue
                for d in range(c + 1, size):
                    pd: i64 = pc + pips[d]
                    if pd >= 15:
                        if pd == 15:
                            _found(longer, 1).append((items[a], items[b], items[c], items[d]))
                        continue
                    for e in range(d + 1, size):
                        if pd + pips[e] == 15:
                            _found(longer, 2).append(
                                (items[a], items[b], items[c], items[d], items[e]))
    for more in longer:
        fifteens += more
    for length in range(6, size + 1):  # a hand of five and a starter, in some variant
        for places in combinations(range(size), length):
            total = 0
            for place in places:
                total += pips[place]
            if total == 15:
                fifteens.append(tuple([items[place] for place in places]))
    pairs: list[tuple[int, ...]] = []
    for a in range(size):
        rank = ranks[a]
        for b in range(a + 1, size):
            if ranks[b] != rank:  # ascending: no card further on is of this rank either
                break
            pairs.append((items[a], items[b]))
    runs: list[tuple[int, ...]] = []
    first = 0  # the place where a rank starts
    while first < size:
        stop = first  # past the last place of a run of consecutive ranks from ranks[first]
        length = 1  # the ranks in it
        while stop < size and (ranks[stop] == ranks[first] + length - 1
                               or ranks[stop] == ranks[first] + length):
            if ranks[stop] == ranks[first] + length:
                length += 1
            stop += 1
        if length >= 3:  # one run per way to pick one card of each rank, by its first cards
            found: list[tuple[int, ...]] = [()]
            start = first
            while start < stop:
                end = start
                while end < stop and ranks[end] == ranks[start]:
                    end += 1
                found = [(*run, items[place]) for run in found for place in range(start, end)]
                start = end
            runs += found
        first = stop
    return fifteens, pairs, runs


def _found(lists: list[list[tuple[int, ...]]], index: int) -> list[tuple[int, ...]]:
    """``lists[index]``, made (with any before it) when first asked for."""
    while len(lists) <= index:
        lists.append([])
    return lists[index]


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
