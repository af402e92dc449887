"""A game in numbers, for learning agents: the `Encoding` protocol a game plugin provides.

A learning agent needs what a seat sees as a fixed-length vector and every move as one number
from a fixed range. The game knows its own cards and moves, so the game writes both: its
`GameDefinition` offers ``encoding(ruleset)``, an `Encoding` for one variant. The adapters of
`pegline_core.rl` (PettingZoo, OpenSpiel) know no game; they only call these members. The kernel
needs no numpy for this: an encoding returns plain lists.
"""

from __future__ import annotations

from collections.abc import Sequence
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

    ``observe(view)`` turns a seat's view (never the game: what the seat may see, and nothing
    else) into ``observation_size`` numbers, each from 0 to 1. ``action_id(view, action)`` gives
    each legal action of that view its number below ``action_count``; two legal actions of one
    view never share a number, and a number means the same move whenever it is legal (a card
    played is that card, whatever else the seat holds). ``label(number)`` says in words which move
    a number is. ``screen()`` is a new terminal table for ``render``.
    """

    observation_size: int
    action_count: int

    def observe(self, view: Any) -> Sequence[float]: ...
    def action_id(self, view: Any, action: Any) -> int: ...
    def label(self, number: int) -> str: ...
    def screen(self) -> Screen: ...
