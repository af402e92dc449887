"""Readable text for Clabber events, for the terminal and for people auditing a log."""

from __future__ import annotations

from typing import Any

from pegline_clabber.actions import CallRenege, CutForDeal, Deal, LetStand, Name, Pass, Play
from pegline_clabber.cards import SUIT_SYMBOLS
from pegline_clabber.events import (
    BellaAnnounced,
    DealerChosen,
    HandCounted,
    HandDead,
    HandSettled,
    MeldsAnnounced,
    MeldsShown,
    RenegeCalled,
    RenegesVoid,
    TrickTaken,
    TrumpMade,
)
from pegline_core.cards import format_cards
from pegline_core.events import AskCoach, Event, GameEnded, Input, Scored
from pegline_core.variant import Variant

__all__ = ["EventPrinter"]


class EventPrinter:
    """Turns events into lines. ``reveal`` limits whose dealt cards are shown (None: everyone's)."""

    def __init__(self, variant: Variant, *, reveal: set[int] | None = None,
                 names: dict[int, str] | None = None) -> None:
        self.variant = variant
        self.reveal = reveal
        self.names = names or {}
        self.dealer = 0
        """The dealer of the hand being printed, followed event by event."""
        self.passes = 0
        """Passes since the deal: four mean the second naming round."""
        self.followed = -1
        """The last event followed for the dealer: `lines` and `redact` may both see an event."""

    def seat(self, seat: int | None) -> str:
        return self.names.get(seat, f"seat {seat}") if seat is not None else "the table"

    def side(self, side: int) -> str:
        seats = self.variant.sides[side]
        return f"team {side} ({' & '.join(self.seat(s) for s in seats)})"

    def redact(self, data: dict[str, Any]) -> dict[str, Any]:
        """An event as a plain dict (`EventCodec` form), as the ``reveal`` seats may see it: other
        seats' dealt cards become None, except the turn card, which is dealt face up."""
        kind = data.get("type")
        self._follow(kind, data.get("dealer"), data.get("seq"))
        reveal = self.reveal
        if reveal is None or kind != Deal.TAG:
            return data
        hands = data.get("hands", ())
        dealer = self.dealer
        shown = []
        for seat, hand in enumerate(hands):
            if seat in reveal:
                shown.append(list(hand))
            else:
                cards: list[Any] = [None] * len(hand)
                if seat == dealer and hand:
                    cards[-1] = hand[-1]
                shown.append(cards)
        return {**data, "hands": shown}

    def _follow(self, kind: Any, dealer: Any, seq: Any) -> None:
        """Follow the dealer from the events' types: the first dealer, then one to the left after
        a settled hand or a renege, the same again after both teams reneged. Each event once."""
        if type(seq) is int:
            if seq <= self.followed:
                return
            self.followed = seq
        moves = {HandSettled.TAG: 1, RenegeCalled.TAG: 1, RenegesVoid.TAG: -1}
        if kind == DealerChosen.TAG and type(dealer) is int:
            self.dealer = dealer
        elif kind in moves:
            self.dealer = (self.dealer + moves[kind]) % self.variant.table.players

    def lines(self, event: Event) -> list[str]:
        """The line(s) for one event; an empty list for nothing worth printing."""
        if not isinstance(event, Input):
            self._follow(type(event).TAG, getattr(event, "dealer", None), event.seq)
        if isinstance(event, Input):
            return self._input(event)
        if isinstance(event, DealerChosen):
            return [f"{self.seat(event.dealer)} deals first"]
        if isinstance(event, TrumpMade):
            return [f"  trump is {SUIT_SYMBOLS[event.trump]}: {self.side(event.makers)} make it"]
        if isinstance(event, HandDead):
            self.passes = 0
            return [f"  all pass twice: the hand is dead; {self.seat(event.dealer)} deals again"]
        if isinstance(event, MeldsAnnounced):
            melds = ", ".join(f"{m.rule} ({m.points})" for m in event.melds)
            return [f"  {self.seat(event.actor)} announces {melds}"]
        if isinstance(event, MeldsShown):
            melds = ", ".join(f"{m.rule} {format_cards(m.cards, symbols=True)}"
                              for m in event.melds)
            return [f"  {self.seat(event.actor)} shows {melds}"]
        if isinstance(event, BellaAnnounced):
            return [(f"  {self.seat(event.actor)}: bella "
                    f"({format_cards(event.cards, symbols=True)})")]
        if isinstance(event, TrickTaken):
            return [(f"  -- trick {event.number} to {self.seat(event.actor)}: "
                    f"{format_cards(event.cards, symbols=True)}")]
        if isinstance(event, HandCounted):
            parts = [f"{c.rule} {c.points}" for c in event.breakdown]
            card_points = sum(c.points for c in event.breakdown if c.rule == "card-points")
            if event.tricks and card_points == 0:
                parts.append("-- (tricks worth nothing)")
            return [(f"  {self.side(event.side)} counts {event.total}: "
                    f"{', '.join(parts) or 'nothing'} ({event.tricks} trick(s))")]
        if isinstance(event, HandSettled):
            makers = event.totals[event.makers]
            others = max(t for s, t in enumerate(event.totals) if s != event.makers)
            verdict = "made" if event.made else "set: XXX"
            return [f"  makers {self.side(event.makers)} {makers} against {others}: {verdict}"]
        if isinstance(event, RenegeCalled):
            verdict = "proved" if event.proved else "not proved: a false call"
            return [(f"  renege {verdict} ({event.reason}); {self.side(event.offender)} "
                     "reneged, play ends")]
        if isinstance(event, RenegesVoid):
            self.passes = 0
            return [f"  both teams reneged: no score; {self.seat(event.dealer)} deals again"]
        if isinstance(event, Scored):
            cards = f" {format_cards(event.cards, symbols=True)}" if event.cards and \
                len(event.cards) <= 4 else ""
            return [f"    {event.points:+d} {event.rule}{cards} (team {event.side}: {event.total})"]
        if isinstance(event, GameEnded):
            winner = event.results[0]
            out = [f"== {self.side(winner.side)} wins =="]
            out += [f"  {r.place}. {self.side(r.side)}: {r.score}" for r in event.results]
            return out
        return []

    def _input(self, event: Input) -> list[str]:
        action = event.action
        if isinstance(action, CutForDeal):
            cut = ", ".join(f"{self.seat(s % 4)} {c.symbol}" for s, c in enumerate(action.cards))
            return [f"cut for deal: {cut}"]
        if isinstance(action, Deal):
            players, self.passes = len(action.hands), 0
            out = [f"== hand {event.hand}: {self.seat(self.dealer)} deals ==",
                   f"  {self.seat((self.dealer - 1) % players)} cuts {action.cut} cards"]
            for seat, hand in enumerate(action.hands):
                shown = (format_cards(hand, symbols=True)
                         if self.reveal is None or seat in self.reveal else "(hidden)")
                out.append(f"  {self.seat(seat)} is dealt {shown}")
            out.append(f"  turn card: {action.hands[self.dealer][-1].symbol}")
            return out
        if isinstance(action, Pass):
            self.passes += 1
            return [f"  {self.seat(action.seat)} passes"]
        if isinstance(action, Name):
            verb = "plays" if self.passes < self.variant.table.players else "names"
            return [f"  {self.seat(action.seat)} {verb} {SUIT_SYMBOLS.get(action.suit, '?')}"]
        if isinstance(action, Play):
            return [f"  {self.seat(action.seat)} plays {action.card.symbol}"]
        if isinstance(action, CallRenege):
            return [f"  {self.seat(action.seat)} calls a renege on event {action.target}"]
        if isinstance(action, LetStand):
            return [f"  {self.seat(action.seat)} calls no renege"]
        if isinstance(action, AskCoach):
            return [f"  {self.seat(action.seat)} asks the coach to compare (assist used)"]
        return []
