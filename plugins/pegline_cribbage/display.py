"""Readable text for cribbage events, for the terminal and for people auditing a log."""

from __future__ import annotations

from typing import Any

from pegline_core.cards import format_cards
from pegline_core.events import AskCoach, Event, GameEnded, Input, Scored
from pegline_core.variant import Variant
from pegline_cribbage.actions import (
    CutForDeal,
    CutStarter,
    Deal,
    Declare,
    Discard,
    Go,
    Play,
    Respond,
)
from pegline_cribbage.combinations import PIPS
from pegline_cribbage.events import (
    CountReset,
    CountSettled,
    CutTie,
    DealerChosen,
    HandShown,
    Passed,
)

__all__ = ["EventPrinter"]


class EventPrinter:
    """Turns events into lines. ``reveal`` limits whose dealt cards are shown (None: everyone's)."""

    def __init__(self, variant: Variant, *, reveal: set[int] | None = None,
                 names: dict[int, str] | None = None) -> None:
        self.variant = variant
        self.reveal = reveal
        self.names = names or {}
        self.count = 0

    def seat(self, seat: int | None) -> str:
        return self.names.get(seat, f"seat {seat}") if seat is not None else "the table"

    def side(self, side: int) -> str:
        seats = self.variant.sides[side]
        if len(seats) == 1:
            return self.seat(seats[0])
        return f"team {side} ({' & '.join(self.seat(s) for s in seats)})"

    def redact(self, data: dict[str, Any]) -> dict[str, Any]:
        """An event as a plain dict (`EventCodec` form), as the ``reveal`` seats may see it.

        Cards that are face down when the event happens become None, their number kept: other
        seats' dealt hands, the deck's cards to the crib, other seats' discards. Everything
        else is public when it happens (plays, the starter, hands and crib at the show).
        """
        reveal = self.reveal
        if reveal is None:
            return data
        if data.get("type") == Deal.TAG:
            hands = [list(hand) if seat in reveal else [None] * len(hand)
                     for seat, hand in enumerate(data.get("hands", ()))]
            return {**data, "hands": hands, "crib": [None] * len(data.get("crib", ()))}
        if data.get("type") == Discard.TAG and data.get("seat") not in reveal:
            return {**data, "cards": [None] * len(data.get("cards", ()))}
        return data

    def lines(self, event: Event) -> list[str]:
        """The line(s) for one event; an empty list for nothing worth printing."""
        if isinstance(event, Input):
            return self._input(event)
        if isinstance(event, DealerChosen):
            return [f"{self.seat(event.dealer)} deals first"]
        if isinstance(event, CutTie):
            seats = ", ".join(map(self.seat, event.seats))
            return [f"a tie for the lowest card ({seats}): cut again"]
        if isinstance(event, Passed):
            return [f"  {self.seat(event.actor)}: go ({event.reason})"]
        if isinstance(event, Scored):
            cards = f" {format_cards(event.cards, symbols=True)}" if event.cards else ""
            owner = self.seat(event.actor)
            if len(self.variant.sides[event.side]) > 1:
                owner += f" for team {event.side}"
            return [f"    {event.points:+d} {event.rule}{cards} ({owner}: {event.total})"]
        if isinstance(event, CountReset):
            self.count = 0
            return [f"  -- series ends at {event.count}; the count goes back to 0"]
        if isinstance(event, HandShown):
            what = "crib" if event.crib else "hand"
            cards = format_cards(event.cards, symbols=True)
            short = "" if event.awarded is None else \
                f" ({event.awarded} counted before the game ended)"
            return [(f"  {self.seat(event.actor)} shows {what} {cards} + "
                     f"{event.starter.symbol}: {event.points}{short}")]
        if isinstance(event, CountSettled):
            what = "crib" if event.crib else "hand"
            cards = format_cards(event.cards, symbols=True)
            out = [(f"  settled ({event.outcome}): {self.seat(event.actor)}'s {what} {cards} + "
                    f"{event.starter.symbol} is {event.points}, declared {event.declared}")]
            out += [f"      {c.rule} {format_cards(c.cards, symbols=True)} {c.points}"
                    for c in event.breakdown]
            return out
        if isinstance(event, GameEnded):
            return self._result(event)
        return []

    def _input(self, event: Input) -> list[str]:
        action = event.action
        if isinstance(action, CutForDeal):
            cut = ", ".join(f"{self.seat(s)} {c.symbol}" for s, c in enumerate(action.cards))
            return [f"cut for deal: {cut}"]
        if isinstance(action, Deal):
            out = [f"== hand {event.hand} =="]
            for seat, hand in enumerate(action.hands):
                shown = (format_cards(hand, symbols=True)
                         if self.reveal is None or seat in self.reveal else "(hidden)")
                out.append(f"  {self.seat(seat)} is dealt {shown}")
            if action.crib:
                out.append(f"  {len(action.crib)} card(s) from the deck to the crib")
            return out
        if isinstance(action, Discard):
            shown = (format_cards(action.cards, symbols=True)
                     if self.reveal is None or action.seat in self.reveal
                     else f"{len(action.cards)} card(s)")
            return [f"  {self.seat(action.seat)} lays away {shown}"]
        if isinstance(action, CutStarter):
            self.count = 0
            return [f"  starter: {action.card.symbol}"]
        if isinstance(action, Play):
            self.count += PIPS[action.card.index]
            return [f"  {self.seat(action.seat)} plays {action.card.symbol} (count {self.count})"]
        if isinstance(action, Go):
            return [f"  {self.seat(action.seat)} says go"]
        if isinstance(action, AskCoach):
            return [f"  {self.seat(action.seat)} asks the coach to compare (assist used)"]
        if isinstance(action, Declare):
            return [f"  {self.seat(action.seat)} declares {action.points}"]
        if isinstance(action, Respond):
            claim = f" {action.points}" if action.response == "muggins" else ""
            return [f"  {self.seat(action.seat)}: {action.response}{claim}"]
        return []

    def _result(self, event: GameEnded) -> list[str]:
        winner = event.results[0]
        verb = "wins (lowball: the first to the target loses)" if event.lowball else "wins"
        out = [f"== {self.side(winner.side)} {verb}, {event.game_points} game point(s) =="]
        if event.assist_used:
            seats = ", ".join(self.seat(s) for s in event.assist_used)
            out.append(f"  (assist used by {seats})")
        for r in event.results:
            mark = f", {r.mark}" if r.mark else ""
            out.append(f"  {r.place}. {self.side(r.side)}: {r.score}{mark}")
        return out
