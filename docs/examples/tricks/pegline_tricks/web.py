"""The game in the browser: Pegline's card table, told what a seat sees."""

from __future__ import annotations

from collections.abc import Sequence

from pegline_core import Card, Event
from pegline_core.app.web.card_table import CardTable, Pile
from pegline_tricks.machine import TricksView


class TricksTable(CardTable[TricksView]):
    def hand(self, view: TricksView) -> Sequence[Card]:
        return view.held

    def piles(self, view: TricksView, log: Sequence[Event]) -> list[Pile]:
        return [("trick", view.trick)]

    def status(self, view: TricksView, log: Sequence[Event]) -> list[str]:
        taken = ", ".join(f"seat {seat} {n}" for seat, n in enumerate(view.taken))
        return [f"hand {view.hand}, seat {view.dealer} deals; first to {view.target}",
                f"tricks taken: {taken}"]
