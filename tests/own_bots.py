"""Bots of a user's own, importable as ``tests.own_bots:Name`` (tests/test_bot_specs.py)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


class FirstLegal:
    """Always the first legal action: takes no seed at all."""

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        return legal[0]


class Seeded:
    """Uniform among the legal actions, seeded by keyword."""

    def __init__(self, *, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        return self.rng.choice(list(legal))


def first_legal(number: int) -> FirstLegal:
    """A factory taking the seed positionally."""
    return FirstLegal()


class NoChoose:
    """Not a player: it has no choose."""


NOT_CALLABLE = 3


class Junk:
    """Not a bot to copy: it answers what is not an action at all."""

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        return "banana"


class Raising:
    """Not a bot to copy: its reasoning fails."""

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        return legal[len(legal) // 0]
