"""Random draws exactly as `random.Random` makes them, compiled: the same numbers from the same
generator, without the interpreted layers of ``randrange``, ``choice`` and ``sample``.

A game's chance and the random bots draw on every step, so those layers are a measurable part of
a simulation. For a plain `random.Random` these functions repeat the standard library's own
algorithm (``getrandbits`` of the bound's bit length until the draw is below it; ``sample``'s
pool or set method, chosen by the same size rule), so seeds give the very same games in either
build; for any other generator (a subclass, ``SystemRandom``) they call its own method.

>>> import random
>>> below(random.Random(5), 10) == random.Random(5).randrange(10)
True
>>> sample(random.Random(5), "ABCDEFGH", 3) == random.Random(5).sample("ABCDEFGH", 3)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import ceil, log
from typing import Any, Final, TypeVar

__all__ = ["below", "between", "choice", "sample"]

T = TypeVar("T")
_RANDOM: Final = random.Random
_GETRANDBITS: Final = random.Random.getrandbits
"""The method itself: called with its generator, it skips looking the method up each time."""
_BITS: Final = [bound.bit_length() for bound in range(64)]
"""The bit length of each small bound (a deck, a hand, the legal actions), looked up."""


def _pool_limit(count: int) -> int:
    """The largest population ``random.Random.sample`` draws ``count`` items from by its pool
    method (beyond it, by its set method): its own rule, in its own float arithmetic."""
    small = 21
    if count > 5:
        small += 4 ** ceil(log(count * 3, 4))
    return small


_POOL_LIMITS: Final = [_pool_limit(count) for count in range(64)]
"""`_pool_limit` of each small count (a deal's cards), looked up: computing it is a fifth of
a deal's draw."""


def below(rng: random.Random, bound: int) -> int:
    """``rng.randrange(bound)``: a uniform integer from 0 to ``bound - 1``."""
    if type(rng) is not _RANDOM or bound <= 0:
        return rng.randrange(bound)
    bits = _BITS[bound] if bound < 64 else bound.bit_length()
    drawn: int = _GETRANDBITS(rng, bits)
    while drawn >= bound:
        drawn = _GETRANDBITS(rng, bits)
    return drawn


def between(rng: random.Random, low: int, high: int) -> int:
    """``rng.randint(low, high)``: a uniform integer from ``low`` to ``high`` inclusive."""
    if type(rng) is not _RANDOM or high < low:
        return rng.randint(low, high)
    return low + below(rng, high - low + 1)


def choice(rng: random.Random, items: Sequence[T]) -> T:
    """``rng.choice(items)``."""
    if type(rng) is not _RANDOM or not items:
        return rng.choice(items)
    return items[below(rng, len(items))]


def sample(rng: random.Random, population: Sequence[T], count: int) -> list[T]:
    """``rng.sample(population, count)``: ``count`` distinct items in the order drawn."""
    size = len(population)
    if type(rng) is not _RANDOM or not 0 <= count <= size:
        return rng.sample(population, count)
    result: list[Any] = [None] * count
    if size <= (_POOL_LIMITS[count] if count < 64 else _pool_limit(count)):
        pool = list(population)
        for i in range(count):
            j = below(rng, size - i)
            result[i] = pool[j]
            pool[j] = pool[size - i - 1]
    else:
        selected: set[int] = set()
        for i in range(count):
            j = below(rng, size)
            while j in selected:
                j = below(rng, size)
            selected.add(j)
            result[i] = population[j]
    return result
