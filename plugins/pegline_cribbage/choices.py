"""A seat's legal discards as players get them: a sequence that makes only what is read.

A seat holding six cards has fifteen discards, and a player usually reads one of them (a random
player reads `len` and one item). `Discards` keeps the seat's cards as codes and makes the
interned `Discard` at an index when that index is read, in `itertools.combinations` order (the
order of `Game.legal_actions`); compiled with the machine, so that reading it costs no more than
reading a list.

>>> from pegline_core.cards import parse_cards
>>> from pegline_cribbage.native import codes_of
>>> choices = Discards(1, codes_of(parse_cards("5H 5C JD KS")), 2)
>>> len(choices), choices[0]
(6, Discard(seat=1, cards=(Card.parse('5H'), Card.parse('5C'))))
>>> choices[-1].cards, choices[1:3] == [choices[1], choices[2]]
((Card.parse('JD'), Card.parse('KS')), True)
>>> list(choices) == [Discard(1, cards) for cards in choices.cards]
True
>>> choices[0] is discard_of(1, choices.cards[0])
True
"""

from __future__ import annotations

import math
import operator
from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Final, SupportsIndex, overload

from pegline_core.cards import Card
from pegline_cribbage.actions import Discard, discard_of, discards_of
from pegline_cribbage.native import cards_of

__all__ = ["Discards", "combination", "WAYS"]

WAYS: Final = [[math.comb(n, k) for k in range(53)] for n in range(53)]
"""``WAYS[n][k]``: the ways to choose ``k`` of ``n`` cards (`math.comb`, looked up)."""


class Discards(Sequence[Discard]):
    """Every legal discard of ``seat``, who holds the cards ``held`` (codes) and lays away
    ``need`` of them, in `legal_actions` order; each the interned one (`discard_of`)."""

    __slots__ = ("_held", "_made", "_need", "_size", "seat")

    def __init__(self, seat: int, held: tuple[int, ...], need: int) -> None:
        self.seat = seat
        self._held = held
        self._need = need
        self._size: int = WAYS[len(held)][need]
        self._made: dict[tuple[Card, ...], Discard] = discards_of(seat)

    @property
    def cards(self) -> list[tuple[Card, ...]]:
        """The cards of each discard, in order."""
        return list(combinations(cards_of(self._held), self._need))

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: SupportsIndex) -> Discard: ...
    @overload
    def __getitem__(self, index: slice) -> list[Discard]: ...
    def __getitem__(self, index: SupportsIndex | slice) -> Discard | list[Discard]:
        if isinstance(index, slice):
            return [self._at(at) for at in range(*index.indices(self._size))]
        at: int = operator.index(index)  # as a list takes it: an int, a bool, numpy's ints
        if at < 0:
            at += self._size
        if not 0 <= at < self._size:
            raise IndexError(f"no discard {index!r} of {self._size}")
        return self._at(at)

    def _at(self, at: int) -> Discard:
        cards = cards_of(combination(self._held, self._need, at))
        found = self._made.get(cards)
        return found if found is not None else discard_of(self.seat, cards)

    def __iter__(self) -> Iterator[Discard]:
        for at in range(self._size):
            yield self._at(at)

    def __repr__(self) -> str:
        return f"Discards({list(self)!r})"

    def __reduce__(self) -> tuple[type[Discards], tuple[int, tuple[int, ...], int]]:
        """Pickled as what it is made of (not the seat's discards interned so far)."""
        return Discards, (self.seat, self._held, self._need)


def combination(items: tuple[int, ...], k: int, index: int) -> tuple[int, ...]:
    """The ``index``-th combination of ``k`` of ``items``, in `itertools.combinations` order."""
    n = len(items)
    picked: list[int] = []
    first = 0
    for slot in range(k):
        for candidate in range(first, n):
            ways = WAYS[n - candidate - 1][k - slot - 1]
            if index < ways:
                picked.append(items[candidate])
                first = candidate + 1
                break
            index -= ways
    return tuple(picked)
