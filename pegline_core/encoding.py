"""A game in numbers, for learning agents: the `Encoding` protocol a game plugin provides.

A learning agent needs what a seat sees as a fixed-length vector and every move as one number
from a fixed range. The game knows its own cards and moves, so the game writes both: its
``pegline_encoding(ruleset)`` hook gives an `Encoding` for one variant. The adapters of
`pegline_core.rl` (PettingZoo, OpenSpiel) know no game; they only call these members. The kernel
needs no numpy for this: an encoding writes its numbers into whatever sequence it is given.

A batch of games (`pegline_core.rl.VectorEnv`) steps each game's machine by number, with no
action, view or dense row made per decision: through the encoding's `Numbered` members (the
encoding's own or, for an encoding without them, made from its views:
`pegline_core.view_numbers`).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from pegline_core.events import Action, Event
from pegline_core.nonzeros import Nonzeros

__all__ = ["Encoding", "Numbered", "Screen"]


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
    `pegline_core.chance.Chance`), which the OpenSpiel adapter needs for its chance nodes; and
    the members of `Numbered`, which play a game by number without views (the shipped games'
    encodings have them).
    """

    observation_size: int
    action_count: int

    def observe(self, view: Any, out: Any) -> None:
        """Write the view into ``out`` (a `MutableSequence` of floats, or a numpy array)."""
    def action_id(self, view: Any, action: Action) -> int: ...
    def label(self, number: int) -> str: ...
    def screen(self) -> Screen: ...


@runtime_checkable
class Numbered(Protocol):
    """An encoding's members that step a game's machine by action number, reading the machine
    itself (what a seat may see and nothing else, as ``observe`` reads a view): the lean path of
    a batch of games.

    ``legal_numbers(machine, seat)`` are the numbers of ``seat``'s legal actions now (none when
    it is not to act), each once, in the order of ``machine.legal_actions(seat)``.
    ``apply_number(machine, seat, number)`` takes that action with every check
    ``machine.apply`` makes: an `IllegalActionError` for a number that is not legal, before
    anything changes (a plugin that fails half way may leave the machine changed: the caller
    puts it back, as `Game` does). ``observe_sparse(machine, seat, out)`` gives ``out`` the
    entries of ``seat``'s observation that are not zero: the same numbers ``observe`` writes
    for the seat's view.
    """

    def legal_numbers(self, machine: Any, seat: int) -> list[int]: ...
    def apply_number(self, machine: Any, seat: int, number: int) -> None: ...
    def observe_sparse(self, machine: Any, seat: int, out: Nonzeros) -> None: ...
