"""An encoding's `pegline_core.encoding.Numbered` members made from its views: for an encoding
that writes views only (a game of one's own), or one that needs no faster. Compiled:
a batch of games calls them at every decision.

Each reads the seat's view and legal actions from the machine, as `Game` gives them, and
remembers the last it made for the state it was made of, which one batch step asks for three
times (its legal numbers, its observation, the next step's action).
"""

from __future__ import annotations

from pegline_core.definition import Machine
from pegline_core.encoding import Encoding, Numbered
from pegline_core.errors import IllegalActionError, PeglineError
from pegline_core.events import Action
from pegline_core.nonzeros import Nonzeros

__all__ = ["numbered_of", "actions_by_number", "legal_by_view", "apply_by_view", "observe_by_view"]


def numbered_of(encoding: Encoding) -> Numbered:
    """``encoding``'s own `Numbered` members, or ones made from its views (slower)."""
    if isinstance(encoding, Numbered):
        return encoding
    return _ByView(encoding)


class _ByView:
    """`Numbered` for an encoding that writes views only."""

    def __init__(self, encoding: Encoding) -> None:
        self.encoding = encoding

    def legal_numbers(self, machine: Machine, seat: int) -> list[int]:
        return legal_by_view(self.encoding, machine, seat)

    def apply_number(self, machine: Machine, seat: int, number: int) -> None:
        apply_by_view(self.encoding, machine, seat, number)

    def observe_sparse(self, machine: Machine, seat: int, out: Nonzeros) -> None:
        observe_by_view(self.encoding, machine, seat, out)


_Seen = tuple[object, int, object, object, object, "dict[int, Action] | None"]
"""``(machine, seat, state, encoding, view, by_number or None)``."""
_last: list[_Seen] = [(None, -1, None, None, None, None)]
"""The last seat's view these functions made, and its legal actions by number once asked, with
the machine, the seat, the machine's snapshot (its state, exactly) and the encoding they are of:
a batch step asks for them three times. One tuple, replaced whole (threads read a consistent
one)."""


def _seen(encoding: Encoding, machine: Machine, seat: int) -> _Seen:
    """``(machine, seat, state, encoding, view, by_number or None)`` of the game now."""
    held = _last[0]
    state = machine.snapshot()
    if held[0] is machine and held[1] == seat and held[3] is encoding and held[2] == state:
        return held
    held = _last[0] = (machine, seat, state, encoding, machine.view(seat), None)
    return held


def _by_number(encoding: Encoding, machine: Machine, seat: int) -> dict[int, Action]:
    """``seat``'s legal actions by number (refusing an encoding that gives two one number)."""
    held = _seen(encoding, machine, seat)
    known = held[5]
    if known is not None:
        return known
    legal = machine.legal_actions(seat)
    action_id, view = encoding.action_id, held[4]
    found = {action_id(view, action): action for action in legal}
    if len(found) != len(legal):
        raise PeglineError("the encoding gives two legal actions one number")
    _last[0] = (*held[:5], found)
    return found


def actions_by_number(encoding: Encoding, machine: Machine, seat: int) -> dict[int, Action]:
    """``seat``'s legal actions by their numbers, a new dict (the environments'
    ``legal_actions``)."""
    return dict(_by_number(encoding, machine, seat))


def legal_by_view(encoding: Encoding, machine: Machine, seat: int) -> list[int]:
    """`Numbered.legal_numbers` through ``seat``'s view and legal actions."""
    return list(_by_number(encoding, machine, seat))


def apply_by_view(encoding: Encoding, machine: Machine, seat: int, number: int) -> None:
    """`Numbered.apply_number` through ``seat``'s view and legal actions."""
    action = _by_number(encoding, machine, seat).get(number)
    if action is None:
        raise IllegalActionError(f"seat {seat} cannot take action {number!r} now")
    machine.apply(action)


def observe_by_view(encoding: Encoding, machine: Machine, seat: int, out: Nonzeros) -> None:
    """`Numbered.observe_sparse` through ``seat``'s view (written whole, then read back)."""
    row = [0.0] * encoding.observation_size
    encoding.observe(_seen(encoding, machine, seat)[4], row)
    for place, value in enumerate(row):
        if value == 1.0:
            out.one(place)
        elif value:
            out.value(place, value)
