"""Helpers for machines that keep their state in tuples of interned cards; compiled with the
machines that call them on every step.

>>> from pegline_core.cards import parse_cards
>>> hand = parse_cards("5H JS 5C")
>>> position(hand, hand[2]), position(hand, parse_cards("AS")[0])
(2, -1)
>>> replaced((0, 0, 0), 1, 7), without((4, 5, 6), 1), appended((4, 5), 6)
((0, 7, 0), (4, 6), (4, 5, 6))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

__all__ = ["position", "replaced", "without", "appended"]

T = TypeVar("T")


def position(cards: Sequence[object], card: object) -> int:
    """Where ``card`` is in ``cards``, or -1. Cards are interned and equal only to themselves:
    an identity scan, which skips the comparison slot `Card`'s ``__lt__`` gives its type."""
    for index, other in enumerate(cards):
        if other is card:
            return index
    return -1


def replaced(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with ``value`` at ``index`` (one tuple built, for the sizes of a table)."""
    size = len(items)
    if size == 2:
        return (value, items[1]) if index == 0 else (items[0], value)
    if size == 3:
        return (value, items[1], items[2]) if index == 0 else \
            (items[0], value, items[2]) if index == 1 else (items[0], items[1], value)
    if size == 4:
        return (value, items[1], items[2], items[3]) if index == 0 else \
            (items[0], value, items[2], items[3]) if index == 1 else \
            (items[0], items[1], value, items[3]) if index == 2 else \
            (items[0], items[1], items[2], value)
    return items[:index] + (value,) + items[index + 1:]


def without(items: tuple[T, ...], index: int) -> tuple[T, ...]:
    """``items`` without the one at ``index`` (one tuple built, for the sizes of a hand)."""
    size = len(items)
    if index == 0:
        return items[1:]
    if index == size - 1:
        return items[:index]
    if size == 3:
        return items[0], items[2]
    if size == 4:
        return (items[0], items[2], items[3]) if index == 1 else (items[0], items[1], items[3])
    return items[:index] + items[index + 1:]


def appended(items: tuple[T, ...], value: T) -> tuple[T, ...]:
    """``items`` with ``value`` after them (one tuple built, for the sizes of a series)."""
    size = len(items)
    if size == 0:
        return (value,)
    if size == 1:
        return items[0], value
    if size == 2:
        return items[0], items[1], value
    if size == 3:
        return items[0], items[1], items[2], value
    if size == 4:
        return items[0], items[1], items[2], items[3], value
    if size == 5:
        return items[0], items[1], items[2], items[3], items[4], value
    return items + (value,)
