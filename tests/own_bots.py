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


class FailsToStart:
    """Not a bot to copy: it cannot even be made."""

    def __init__(self, seed: int | None = None) -> None:
        raise RuntimeError("no opening book")

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        return legal[0]


class _Stalls:
    """The first legal action, until the pegging of hand ``HAND`` in the ``GAME``-th game this
    process asks it in (counted from 1): there it says so on stderr and waits for ever, as a
    bot thinking when the machine dies (tests/test_bot_saves.py kills it there)."""

    GAME = 1
    HAND = 3
    games = 0
    game = 0

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        if not self.game:  # counted when first asked: a bot made only to check the list is not
            type(self).games += 1
            self.game = type(self).games
        if self.game >= self.GAME and view.hand >= self.HAND and view.phase == "pegging":
            import sys
            import threading

            print(f"stalled in game {self.game}, hand {view.hand}", file=sys.stderr, flush=True)
            threading.Event().wait()
        return legal[0]


class StallsInHand3(_Stalls):
    """Stalls in the pegging of the first game's third hand."""


class StallsInGame3(_Stalls):
    """Stalls in the pegging of the third game's second hand."""

    GAME = 3
    HAND = 2
