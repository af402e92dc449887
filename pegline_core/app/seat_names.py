"""How a game's printed lines name seats and sides, the same in every game: a person's name
where one was given, else ``seat N``; a side of one seat by its seat, a team by its number and
members.

>>> from pegline_core import load_variant
>>> names = SeatNames(load_variant("partner"), {0: "Ann"})
>>> names.seat(0), names.seat(1), names.seat(None), names.side(0)
('Ann', 'seat 1', 'the table', 'team 0 (Ann & seat 2)')
>>> SeatNames(load_variant("two-player"), {}).side(1)
'seat 1'
"""

from __future__ import annotations

from collections.abc import Mapping

from pegline_core.app.i18n import Messages
from pegline_core.variant import Variant

__all__ = ["SeatNames"]

_ = Messages("pegline_core.app").gettext


class SeatNames:
    """Names seats and sides for a game's printer (a base class: printers extend it)."""

    def __init__(self, variant: Variant, names: Mapping[int, str] | None = None) -> None:
        self.variant = variant
        self.names = dict(names or {})

    def seat(self, seat: int | None) -> str:
        if seat is None:
            return _("the table")
        return self.names.get(seat) or _("seat {n}").format(n=seat)

    def side(self, side: int) -> str:
        seats = self.variant.sides[side]
        if len(seats) == 1:
            return self.seat(seats[0])
        members = _(" & ").join(self.seat(s) for s in seats)
        return _("team {side} ({members})").format(side=side, members=members)
