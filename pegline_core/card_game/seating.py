"""Seats and teams as a card game reads them: from the variant's ``[table]``, made once.

>>> from pegline_core import load_variant
>>> seating = Seating(load_variant("partner"))
>>> seating.players, seating.sides, seating.side_of, seating.left_of(3)
(4, ((0, 2), (1, 3)), (0, 1, 0, 1), 0)
>>> seating.turns[1], seating.order(from_left_of=1), seating.check(3)
((1,), (2, 3, 0, 1), 3)
>>> seating.check(4)
Traceback (most recent call last):
pegline_core.errors.IllegalActionError: no seat 4 at a table of 4
"""

from __future__ import annotations

from pegline_core.errors import IllegalActionError
from pegline_core.turns import Seats
from pegline_core.variant import Variant

__all__ = ["Seating"]


class Seating:
    """The seats of a table and the sides (teams) they play for."""

    def __init__(self, variant: Variant) -> None:
        self.players: int = variant.table.players
        self.sides: tuple[tuple[int, ...], ...] = variant.sides
        """The seats of each side, by side."""
        self.side_of: tuple[int, ...] = tuple(variant.side_of(seat)
                                              for seat in range(self.players))
        """Each seat's side, by seat."""
        self.turns: tuple[Seats, ...] = tuple(Seats((seat,)) for seat in range(self.players))
        """Each seat alone to act (a machine's ``to_act()``), made once."""

    def left_of(self, seat: int) -> int:
        """The next seat clockwise: who leads after the dealer, who plays after a seat."""
        return (seat + 1) % self.players

    def order(self, *, from_left_of: int) -> tuple[int, ...]:
        """Every seat once, clockwise from the left of ``from_left_of`` (who ends it)."""
        return tuple((from_left_of + k) % self.players for k in range(1, self.players + 1))

    def check(self, seat: object) -> int:
        """``seat``, refused unless it is a seat of this table."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalActionError(f"no seat {seat!r} at a table of {self.players}")
        return seat
