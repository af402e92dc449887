"""Helpers for machines that keep their state in tuples of interned cards; compiled with the
machines that call them on every step.

>>> from pegline_core.cards import parse_cards
>>> hand = parse_cards("5H JS 5C")
>>> position(hand, hand[2]), position(hand, parse_cards("AS")[0])
(2, -1)
>>> replaced((0, 0, 0), 1, 7), without((4, 5, 6), 1)
((0, 7, 0), (4, 6))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["position", "replaced", "without"]


def position(cards: Sequence[Any], card: object) -> int:
    """Where ``card`` is in ``cards``, or -1. Cards are interned and equal only to themselves:
    an identity scan, which skips the comparison slot `Card`'s ``__lt__`` gives its type."""
    for index, other in enumerate(cards):
        if other is card:
            return index
    return -1


def replaced(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``items`` with ``value`` at ``index`` (one tuple built, for the sizes of a table)."""
    size = len(items)
    if size == 2:
        return (value, items[1]) if index == 0 else (items[0], value)
    if size == 3:
        return (value, items[1], items[2]) if index == 0 else \
            (items[0], value, items[2]) if index == 1 else (items[0], items[1], value)
    return items[:index] + (value,) + items[index + 1:]


def without(items: tuple[Any, ...], index: int) -> tuple[Any, ...]:
    """``items`` without the one at ``index``."""
    if index == 0:
        return items[1:]
    if index == len(items) - 1:
        return items[:index]
    return items[:index] + items[index + 1:]
