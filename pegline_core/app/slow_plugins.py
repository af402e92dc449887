"""Naming a plugin that slows games down: `pegline simulate` always (on a sample of its games),
`pegline play` under ``--debug``, from the time each plugin's hooks took (`HookTimes`)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator

import click

from pegline_core.app.i18n import Messages
from pegline_core.game import Game
from pegline_core.hook_times import HookTimes

__all__ = ["slow_plugin", "slow_plugin_note", "timed_games"]

_ = Messages("pegline_core.app").gettext


def slow_plugin(times: HookTimes, elapsed: float) -> dict[str, float | str] | None:
    """The plugin whose hooks took most of ``elapsed`` seconds, as plain data: ``plugin``, its
    ``share`` of the time and the milliseconds of one call (``ms_per_call``); or None."""
    found = times.slowest(elapsed)
    if found is None:
        return None
    plugin, share = found
    return {"plugin": plugin, "share": share, "ms_per_call": times.per_call(plugin) * 1000}


def slow_plugin_note(slow: dict[str, float | str]) -> str:
    """`slow_plugin`'s finding in words."""
    return _("plugin {plugin} took {share:.0%} of the games' time in its hooks ({ms:.2f} ms a "
             "call)").format(plugin=repr(slow["plugin"]), share=slow["share"],
                             ms=slow["ms_per_call"])


@contextlib.contextmanager
def timed_games(asked: bool) -> Iterator[Callable[[Game], None]]:
    """While asked: time the hooks of each game passed to the function this yields, and at the
    end say on stderr which plugin took most of the time, if one did. Not asked: nothing is
    timed (the hooks are called as they are)."""
    if not asked:
        yield lambda game: None
        return
    times = HookTimes()
    began = time.perf_counter()
    try:
        yield lambda game: game.ruleset.pm.time_hooks(times)
    finally:
        slow = slow_plugin(times, time.perf_counter() - began)
        if slow is not None:
            click.echo(_("debug: {note}").format(note=slow_plugin_note(slow)), err=True)
