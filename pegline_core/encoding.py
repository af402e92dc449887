"""A game in numbers, for learning agents: the `Encoding` protocol a game plugin provides.

A learning agent needs what a seat sees as a fixed-length vector and every move as one number
from a fixed range. The game knows its own cards and moves, so the game writes both: its
`GameDefinition` offers ``encoding(ruleset)``, an `Encoding` for one variant. The adapters of
`pegline_core.rl` (PettingZoo, OpenSpiel) know no game; they only call these members. The kernel
needs no numpy for this: an encoding writes its numbers into whatever sequence it is given.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from pegline_core.events import Event

__all__ = ["Encoding", "Screen"]


class Screen(Protocol):
    """One seat's table as the terminal draws it: it follows the game's events, and draws a
    view as a rich renderable."""

    def observe(self, event: Event) -> None: ...
    def render(self, view: Any) -> Any: ...


@runtime_checkable
class Encoding(Protocol):
    """A variant's fixed numeric form.

    ``observe(view, out)`` writes a seat's view (never the game: what the seat may see, and
    nothing else) as numbers from 0 to 1 into ``out``: ``observation_size`` zeros, a list or
    anything else that takes item assignment (the adapters pass a numpy array), in which only
    the numbers that are not zero need be set. ``action_id(view, action)`` gives
    each legal action of that view its number below ``action_count``; two legal actions of one
    view never share a number, and a number means the same move whenever it is legal (a card
    played is that card, whatever else the seat holds). ``label(number)`` says in words which move
    a number is. ``screen()`` is a new terminal table for ``render``.

    An encoding may also have ``chance``: the game's chance actions one outcome at a time (a
    `pegline_core.chance.Chance`), which the OpenSpiel adapter needs for its chance nodes.
    """

    observation_size: int
    action_count: int

    def observe(self, view: Any, out: Any) -> None:
        """Write the view into ``out`` (a `MutableSequence` of floats, or a numpy array)."""
    def action_id(self, view: Any, action: Any) -> int: ...
    def label(self, number: int) -> str: ...
    def screen(self) -> Screen: ...
