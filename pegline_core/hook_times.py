"""The time each plugin's hooks take, tallied only while asked for (`pegline simulate`,
`pegline play --debug`): a plugin that makes games slow is named, not guessed at.

The dispatch wraps the implementations it calls in `HookTimes.timed` only while the ruleset's
plugin manager holds a tally (`CountingPluginManager.time_hooks`); without one it calls them
exactly as before, so an untimed game pays nothing.

>>> from pegline_core import Game
>>> from pegline_core.players import RandomBot, play_game
>>> game = Game("two-player")
>>> times = HookTimes()
>>> game.ruleset.pm.time_hooks(times)
>>> _ = play_game("two-player", [RandomBot(1), RandomBot(2)], seed=1, game=game)
>>> sorted(times.calls), times.calls["standard"] > 0 and times.seconds["standard"] > 0
(['standard'], True)
>>> times.slowest(elapsed=1000.0) is None   # a thousand seconds: no plugin took half of them
True
"""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["HookTimes", "SLOW_SHARE", "SLOW_CALL"]

SLOW_SHARE = 0.5
"""The share of the games' time a plugin's hooks must take to be named as slowing them."""
SLOW_CALL = 0.0001
"""The least time one call of a plugin's hooks takes, on average, for the plugin to be named:
a tenth of a millisecond. The standard rules take microseconds; in a fast (compiled) game
between random bots that may still be half of the time, which is the engine working, not a
plugin slowing it down."""


_WARM: set[Callable[..., object]] = set()
"""The implementations timed at least once in this process. The first timed call of each is
not counted: it pays for what the plugin builds once (the standard rules' show table takes
about 10 ms in a process's first game, its calls microseconds after), which is not its pace."""


class HookTimes:
    """Seconds and calls of each plugin's hook implementations, by plugin name (an
    implementation's first call in the process left out, `_WARM`)."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self.calls: dict[str, int] = {}

    def timed(self, plugin: str, function: Callable[..., object]) -> Callable[..., object]:
        """``function`` (an implementation of ``plugin``'s), its time and calls tallied."""
        seconds, calls, clock = self.seconds, self.calls, time.perf_counter

        def call(*args: object) -> object:
            if function not in _WARM:
                _WARM.add(function)
                return function(*args)
            start = clock()
            try:
                return function(*args)
            finally:
                seconds[plugin] = seconds.get(plugin, 0.0) + clock() - start
                calls[plugin] = calls.get(plugin, 0) + 1

        return call

    def merge(self, other: HookTimes) -> HookTimes:
        for plugin, seconds in other.seconds.items():
            self.seconds[plugin] = self.seconds.get(plugin, 0.0) + seconds
            self.calls[plugin] = self.calls.get(plugin, 0) + other.calls.get(plugin, 0)
        return self

    def slowest(self, elapsed: float, share: float = SLOW_SHARE) -> tuple[str, float] | None:
        """The plugin whose hooks took at least ``share`` of ``elapsed`` seconds (the games'
        time), at least `SLOW_CALL` a call, with the share they took; or None."""
        if not self.seconds or elapsed <= 0:
            return None
        plugin = max(self.seconds, key=self.seconds.__getitem__)
        seconds = self.seconds[plugin]
        if seconds < share * elapsed or self.per_call(plugin) < SLOW_CALL:
            return None
        return plugin, seconds / elapsed

    def per_call(self, plugin: str) -> float:
        """The mean seconds of one call of ``plugin``'s hooks."""
        return self.seconds.get(plugin, 0.0) / max(1, self.calls.get(plugin, 0))
