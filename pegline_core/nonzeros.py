"""The entries of observations that are not zero, gathered to be written all at once.

An observation of a card game is mostly zeros (a cribbage seat's has a few dozen numbers that are
not, out of 532). An encoding's ``observe_sparse`` (`pegline_core.encoding.Encoding`) gives only
those to a `Nonzeros`: the places of the ones, and the places and values of the rest, each place
counted from ``at`` (where the row being gathered starts, in a batch of rows). The batch
environment then writes every row of a step with one numpy scatter; `write` puts them in one
row of any sequence instead. Compiled with the encodings that fill it.

>>> gathered = Nonzeros()
>>> gathered.one(2)
>>> gathered.value(4, 0.5)
>>> gathered.value(5, 0.0)        # a zero is no entry
>>> row = [0.0] * 6
>>> gathered.write(row)
>>> row
[0.0, 0.0, 1.0, 0.0, 0.5, 0.0]
"""

from __future__ import annotations

from collections.abc import MutableSequence

__all__ = ["Nonzeros"]


class Nonzeros:
    """Entries not zero, as places from ``at``: ``ones`` (the value 1) and ``places`` with their
    ``values``. A place is given once."""

    def __init__(self) -> None:
        self.at = 0
        """Added to every place given (the start of the row being gathered)."""
        self.ones: list[int] = []
        self.places: list[int] = []
        self.values: list[float] = []

    def one(self, place: int) -> None:
        """The entry at ``place`` is 1."""
        self.ones.append(self.at + place)

    def value(self, place: int, value: float) -> None:
        """The entry at ``place`` is ``value`` (nothing is gathered for 0)."""
        if value != 0.0:
            self.places.append(self.at + place)
            self.values.append(value)

    def clear(self) -> None:
        self.at = 0
        self.ones.clear()
        self.places.clear()
        self.values.clear()

    def write(self, out: MutableSequence[float]) -> None:
        """Set the gathered entries in ``out`` (its other entries are left as they are)."""
        for place in self.ones:
            out[place] = 1.0
        values = self.values
        for index, place in enumerate(self.places):
            out[place] = values[index]
