"""Snapshot and restore for a machine whose state is a few fields of immutable values.

A machine that keeps its state flat (ints, strings, tuples of cards) needs no copying: its
snapshot is the tuple of those fields' values, and restoring sets them back. `Game` builds
undo, copies and its roll-back of a refused action on exactly these two. A machine names its
fields once, in a `StateFields`, and subclasses `FlatState` for the two methods. (A machine
compiled with mypyc, which may not subclass it, spells the two out: there each snapshot is a
few loads, where this is a call and a loop; the shipped games' machines take one every step.)

>>> class Machine(FlatState):
...     state = StateFields("phase", "hand", "held")
...     def __init__(self):
...         self.phase, self.hand, self.held = "deal", 0, ()
>>> machine = Machine()
>>> before = machine.snapshot()
>>> machine.phase, machine.hand = "play", 1
>>> machine.restore(before)
>>> before, (machine.phase, machine.hand)
(('deal', 0, ()), ('deal', 0))
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, ClassVar

__all__ = ["StateFields", "FlatState"]


class StateFields:
    """The names of a machine's state fields, in the order of its snapshots."""

    def __init__(self, *names: str) -> None:
        if len(names) < 2:
            raise ValueError("a machine's state is two fields or more")
        self.names = names
        self._values = attrgetter(*names)

    def snapshot(self, machine: object) -> tuple[Any, ...]:
        """The fields' values, in order."""
        values: tuple[Any, ...] = self._values(machine)
        return values

    def restore(self, machine: object, snapshot: tuple[Any, ...]) -> None:
        """Set the fields back to a snapshot's values."""
        for name, value in zip(self.names, snapshot, strict=True):
            setattr(machine, name, value)


class FlatState:
    """``snapshot`` and ``restore`` of the `Machine` protocol, from the class's ``state``."""

    state: ClassVar[StateFields]

    def snapshot(self) -> tuple[Any, ...]:
        return self.state.snapshot(self)

    def restore(self, snapshot: tuple[Any, ...]) -> None:
        self.state.restore(self, snapshot)
