"""The machine whose views also tell a seat the cards it laid away this hand.

A seat saw its own discards go to the crib, so they are not hidden from it: the coach must not
imagine them in another hand. The state holds the crib as one tuple, so the seat's share is read
from its `Discard` in the log (a few events back).
"""

from __future__ import annotations

from pegline_core.events import Input
from pegline_cribbage.actions import Deal, Discard
from pegline_cribbage.machine import CribbageMachine
from pegline_cribbage.views import CribbageView

__all__ = ["SeatMachine"]


class SeatMachine(CribbageMachine):
    """`CribbageMachine` with `CribbageView.laid` filled in."""

    __slots__ = ()

    def view(self, seat: int) -> CribbageView:
        view = super().view(seat)
        if self.phase in ("cut", "deal") or not self.crib:
            return view
        for event in reversed(self.log):
            if isinstance(event, Input):
                action = event.action
                if isinstance(action, Discard) and action.seat == seat:
                    return view._replace(laid=action.cards)
                if isinstance(action, Deal):
                    break
        return view
