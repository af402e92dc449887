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
from typing import Any, Final

__all__ = ["Nonzeros"]

_PLACES: Final[list[Any]] = list(range(1 << 12))
"""The places below 4096 as Python ints made once: gathered by reference, not each made anew
(compiled, an int past 256 is allocated every time it is put in a list)."""


class Nonzeros:
    """Entries not zero, as places from ``at``: ``ones`` (the value 1) and ``places`` with their
    ``values``, each place a Python int. A place is given once."""

    def __init__(self) -> None:
        self.at = 0
        """Added to every place given (the start of the row being gathered)."""
        self.ones: list[Any] = []  # (Any: kept as the objects given, not unboxed and made anew)
        self.places: list[Any] = []
        self.values: list[float] = []

    def one(self, place: int) -> None:
        """The entry at ``place`` is 1."""
        place += self.at
        self.ones.append(_PLACES[place] if 0 <= place < len(_PLACES) else place)

    def value(self, place: int, value: float) -> None:
        """The entry at ``place`` is ``value`` (nothing is gathered for 0)."""
        if value != 0.0:
            place += self.at
            self.places.append(_PLACES[place] if 0 <= place < len(_PLACES) else place)
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
