"""Helpers for machines that keep their state in tuples of interned cards; compiled with the
machines that call them on every step.

>>> from pegline_core.cards import parse_cards
>>> hand = parse_cards("5H JS 5C")
>>> position(hand, hand[2]), position(hand, parse_cards("AS")[0])
(2, -1)
>>> replaced((0, 0, 0), 1, 7)
(0, 7, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["position", "replaced"]


def position(cards: Sequence[Any], card: object) -> int:
    """Where ``card`` is in ``cards``, or -1. Cards are interned and equal only to themselves:
    an identity scan, which skips the comparison slot `Card`'s ``__lt__`` gives its type."""
    for index, other in enumerate(cards):
        if other is card:
            return index
    return -1


def replaced(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``items`` with ``value`` at ``index``."""
    return items[:index] + (value,) + items[index + 1:]
