"""Readable text for cribbage events, for the terminal and for people auditing a log."""

from __future__ import annotations

from pegline_core.app.i18n import Messages, RuleNames
from pegline_core.app.seat_names import SeatNames
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

_messages = Messages("pegline_cribbage")
_ = _messages.gettext
ngettext = _messages.ngettext
pgettext = _messages.pgettext


class EventPrinter(SeatNames):
    """Turns events into lines. ``reveal`` limits whose dealt cards are shown (None: everyone's)."""

    def __init__(self, variant: Variant, *, reveal: set[int] | None = None,
                 names: dict[int, str] | None = None) -> None:
        super().__init__(variant, names)
        self.reveal = reveal
        self.count = 0
        self.rule_name = RuleNames(variant)

    def lines(self, event: Event) -> list[str]:
        """The line(s) for one event; an empty list for nothing worth printing."""
        if isinstance(event, Input):
            return self._input(event)
        if isinstance(event, DealerChosen):
            return [_("{seat} deals first").format(seat=self.seat(event.dealer))]
        if isinstance(event, CutTie):
            seats = _(", ").join(map(self.seat, event.seats))
            return [_("a tie for the lowest card ({seats}): cut again").format(seats=seats)]
        if isinstance(event, Passed):
            return ["  " + _("{seat}: go ({reason})").format(
                seat=self.seat(event.actor), reason=pgettext("pass", event.reason))]
        if isinstance(event, Scored):
            cards = f" {format_cards(event.cards, symbols=True)}" if event.cards else ""
            owner = self.seat(event.actor)
            if len(self.variant.sides[event.side]) > 1:
                owner = _("{seat} for team {side}").format(seat=owner, side=event.side)
            name = self.rule_name(event.rule, event.plugin)
            return [f"    {event.points:+d} {name}{cards} ({owner}: {event.total})"]
        if isinstance(event, CountReset):
            self.count = 0
            return ["  -- " + _("series ends at {count}; the count goes back to 0").format(
                count=event.count)]
        if isinstance(event, HandShown):
            text = (_("{seat} shows crib {cards} + {starter}: {points}") if event.crib
                    else _("{seat} shows hand {cards} + {starter}: {points}"))
            short = "" if event.awarded is None else _(
                " ({awarded} counted before the game ended)").format(awarded=event.awarded)
            return ["  " + text.format(seat=self.seat(event.actor), starter=event.starter.symbol,
                                       cards=format_cards(event.cards, symbols=True),
                                       points=event.points) + short]
        if isinstance(event, CountSettled):
            text = (_("settled ({outcome}): {seat}'s crib {cards} + {starter} is {points}, "
                      "declared {declared}") if event.crib
                    else _("settled ({outcome}): {seat}'s hand {cards} + {starter} is {points}, "
                           "declared {declared}"))
            out = ["  " + text.format(outcome=pgettext("outcome", event.outcome),
                                      seat=self.seat(event.actor), starter=event.starter.symbol,
                                      cards=format_cards(event.cards, symbols=True),
                                      points=event.points, declared=event.declared)]
            out += [f"      {self.rule_name(c.rule)} {format_cards(c.cards, symbols=True)} "
                    f"{c.points}" for c in event.breakdown]
            return out
        if isinstance(event, GameEnded):
            return self._result(event)
        return []

    def _input(self, event: Input) -> list[str]:
        action = event.action
        if isinstance(action, CutForDeal):
            cut = _(", ").join(f"{self.seat(s)} {c.symbol}" for s, c in enumerate(action.cards))
            return [_("cut for deal: {cuts}").format(cuts=cut)]
        if isinstance(action, Deal):
            out = ["== " + _("hand {n}").format(n=event.hand) + " =="]
            for seat, hand in enumerate(action.hands):
                shown = (format_cards(hand, symbols=True)
                         if self.reveal is None or seat in self.reveal else _("(hidden)"))
                out.append("  " + _("{seat} is dealt {cards}").format(seat=self.seat(seat),
                                                                       cards=shown))
            if action.crib:
                n = len(action.crib)
                out.append("  " + ngettext("{n} card from the deck to the crib",
                                           "{n} cards from the deck to the crib", n).format(n=n))
            return out
        if isinstance(action, Discard):
            shown = (format_cards(action.cards, symbols=True)
                     if self.reveal is None or action.seat in self.reveal
                     else ngettext("{n} card", "{n} cards", len(action.cards)).format(
                         n=len(action.cards)))
            return ["  " + _("{seat} lays away {cards}").format(seat=self.seat(action.seat),
                                                                cards=shown)]
        if isinstance(action, CutStarter):
            self.count = 0
            return ["  " + _("starter: {card}").format(card=action.card.symbol)]
        if isinstance(action, Play):
            self.count += PIPS[action.card.index]
            return ["  " + _("{seat} plays {card} (count {count})").format(
                seat=self.seat(action.seat), card=action.card.symbol, count=self.count)]
        if isinstance(action, Go):
            return ["  " + _("{seat} says go").format(seat=self.seat(action.seat))]
        if isinstance(action, AskCoach):
            return ["  " + _("{seat} asks the coach to compare (assist used)").format(
                seat=self.seat(action.seat))]
        if isinstance(action, Declare):
            return ["  " + _("{seat} declares {points}").format(seat=self.seat(action.seat),
                                                                points=action.points)]
        if isinstance(action, Respond):
            who = self.seat(action.seat)
            if action.response == "muggins":
                return ["  " + _("{seat}: muggins {points}").format(seat=who,
                                                                    points=action.points)]
            return ["  " + _("{seat}: {response}").format(
                seat=who, response=pgettext("response", action.response))]
        return []

    def _result(self, event: GameEnded) -> list[str]:
        winner = event.results[0]
        n = event.game_points
        text = (ngettext("{side} wins (lowball: the first to the target loses), {n} game point",
                         "{side} wins (lowball: the first to the target loses), {n} game points",
                         n) if event.lowball
                else ngettext("{side} wins, {n} game point", "{side} wins, {n} game points", n))
        out = ["== " + text.format(side=self.side(winner.side), n=n) + " =="]
        if event.assist_used:
            seats = _(", ").join(self.seat(s) for s in event.assist_used)
            out.append("  " + _("(assist used by {seats})").format(seats=seats))
        for r in event.results:
            mark = _(", ") + pgettext("skunk", r.mark) if r.mark else ""
            out.append(f"  {r.place}. {self.side(r.side)}: {r.score}{mark}")
        return out
