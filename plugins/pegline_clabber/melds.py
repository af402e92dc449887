"""Melds as pure functions: which sequences and fours a hand holds, the non-overlapping set of
them worth the most, and how one meld ranks against another in the best-meld contest.

The scoring plugin decides what each kind is worth; these functions only find and compare.
Kinds: ``sequence`` (three or more cards in a row of one suit, in the order 9 10 J Q K A) and
``four`` (four cards of one rank; the scoring plugin says which ranks count).

>>> from pegline_core import parse_cards
>>> [(kind, " ".join(map(str, cards)))
...  for kind, cards in candidates(parse_cards("9H TH JH QH KS KD"))]
[('sequence', '9H TH JH'), ('sequence', 'TH JH QH'), ('sequence', '9H TH JH QH')]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from pegline_clabber.cards import SEQUENCE, SEQUENCE_ORDER, SUITS
from pegline_core.cards import Card

__all__ = ["Candidate", "candidates", "best_melds", "MeldRank", "meld_rank"]

Candidate = tuple[str, tuple[Card, ...]]
"""A meld a hand could make: its kind and its cards (sequences low to high)."""


def candidates(cards: Sequence[Card]) -> list[Candidate]:
    """Every sequence of three or more (each stretch of a longer run too) and every four of a
    rank in ``cards``: shorter sequences first, then fours by rank."""
    found: list[Candidate] = []
    codes = [card.index for card in cards]  # read once: suits and places come from the codes
    per_suit = [0, 0, 0, 0]
    for code in codes:
        per_suit[code & 3] += 1
    for suit in range(4):  # SUITS' order
        if per_suit[suit] < 3:
            continue
        slots: list[Card | None] = [None] * 6  # by place in the sequence order, one card each
        for at in range(len(codes)):
            if codes[at] & 3 == suit:
                slots[SEQUENCE[codes[at]]] = cards[at]
        run = [card for card in slots if card is not None]
        places = [place for place in range(6) if slots[place] is not None]
        for length in range(3, len(run) + 1):
            for start in range(len(run) - length + 1):
                if places[start + length - 1] - places[start] == length - 1:
                    found.append(("sequence", tuple(run[start:start + length])))
    if len(found) > 1:
        found.sort(key=_size)
    if len(cards) < len(SUITS):
        return found
    per_rank = [0] * 14
    for code in codes:
        per_rank[(code >> 2) + 1] += 1
    for rank in SEQUENCE_ORDER:
        if per_rank[rank] == len(SUITS):
            found.append(("four", tuple(sorted(card for card in cards if card.rank == rank))))
    return found


def _size(candidate: Candidate) -> int:
    return len(candidate[1])


def best_melds(cards: Sequence[Card], value: Callable[[Candidate], int]) -> list[Candidate]:
    """The non-overlapping melds of ``cards`` worth the most by ``value`` (0: not a meld), so
    that a six-card run is one meld, not a fifty and pieces. On equal worth, fewer melds, then
    more cards (a six-card hundred, not a five-card one: the longer ranks higher)."""
    scored = [(c, value(c)) for c in candidates(cards)]
    scored = [(c, v) for c, v in scored if v > 0]
    if len(scored) < 2:  # most hands: nothing to choose between
        return [c for c, _v in scored]
    best: tuple[int, int, int, list[Candidate]] = (0, 0, 0, [])

    def search(start: int, used: frozenset[Card], chosen: list[Candidate], worth: int) -> None:
        nonlocal best
        if (worth, -len(chosen), len(used)) > best[:3]:
            best = (worth, -len(chosen), len(used), list(chosen))
        for index in range(start, len(scored)):
            candidate, points = scored[index]
            if used.isdisjoint(candidate[1]):
                chosen.append(candidate)
                search(index + 1, used | set(candidate[1]), chosen, worth + points)
                chosen.pop()

    search(0, frozenset(), [], 0)
    return best[3]


class MeldRank(NamedTuple):
    """How a meld ranks in the best-meld contest: compared field by field, higher wins."""

    points: int
    """What it competes as (a three-card sequence holding the trump K and Q as 40)."""
    four_first: int
    """1 for a four when fours beat sequences of equal points; else 0."""
    length: int
    top: int
    """The place of its top card in the order 9 10 J Q K A (0-5); a four's rank."""
    trump: int
    """1 for a sequence in trump."""


def meld_rank(kind: str, cards: Sequence[Card], points: int, trump: str, *, four_first: bool,
              bella: int) -> MeldRank:
    """The contest rank of a meld of ``kind`` worth ``points``; a three-card sequence of trump
    holding its K and Q competes with the ``bella`` added (the "40-dollar dad")."""
    top = max(SEQUENCE[card.index] for card in cards)
    if kind == "four":
        return MeldRank(points, int(four_first), len(cards), top, 0)
    in_trump = cards[0].suit == trump
    held = {card.rank for card in cards}
    if in_trump and len(cards) == 3 and {12, 13} <= held:  # the "40-dollar dad"
        points += bella
    return MeldRank(points, 0, len(cards), top, int(in_trump))
