"""Readable text for Clabber events, for the terminal and for people auditing a log."""

from __future__ import annotations

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
from pegline_clabber.reasons import translate
from pegline_clabber.redaction import DealerTrack
from pegline_core.app.i18n import Messages, RuleNames
from pegline_core.app.seat_names import SeatNames
from pegline_core.cards import format_cards
from pegline_core.events import AskCoach, Event, GameEnded, Input, Scored
from pegline_core.variant import Variant

__all__ = ["EventPrinter"]

_messages = Messages("pegline_clabber")
_ = _messages.gettext
ngettext = _messages.ngettext


class EventPrinter(SeatNames):
    """Turns events into lines. ``reveal`` limits whose dealt cards are shown (None: everyone's)."""

    def __init__(self, variant: Variant, *, reveal: set[int] | None = None,
                 names: dict[int, str] | None = None) -> None:
        super().__init__(variant, names)
        self.reveal = reveal
        self.track = DealerTrack(variant.table.players)
        self.passes = 0
        """Passes since the deal: four mean the second naming round."""
        self.rule_name = RuleNames(variant)

    @property
    def dealer(self) -> int:
        """The dealer of the hand being printed, followed event by event."""
        return self.track.dealer

    def lines(self, event: Event) -> list[str]:
        """The line(s) for one event; an empty list for nothing worth printing."""
        if not isinstance(event, Input):
            self.track.follow(type(event).TAG, getattr(event, "dealer", None), event.seq)
        if isinstance(event, Input):
            return self._input(event)
        if isinstance(event, DealerChosen):
            return [_("{seat} deals first").format(seat=self.seat(event.dealer))]
        if isinstance(event, TrumpMade):
            return ["  " + _("trump is {suit}: {side} make it").format(
                suit=SUIT_SYMBOLS[event.trump], side=self.side(event.makers))]
        if isinstance(event, HandDead):
            self.passes = 0
            return ["  " + _("all pass twice: the hand is dead; {seat} deals again").format(
                seat=self.seat(event.dealer))]
        if isinstance(event, MeldsAnnounced):
            melds = _(", ").join(_("{meld} ({points})").format(meld=self.rule_name(m.rule),
                                                                points=m.points)
                                 for m in event.melds)
            return ["  " + _("{seat} announces {melds}").format(seat=self.seat(event.actor),
                                                                melds=melds)]
        if isinstance(event, MeldsShown):
            melds = _(", ").join(f"{self.rule_name(m.rule)} {format_cards(m.cards, symbols=True)}"
                                 for m in event.melds)
            return ["  " + _("{seat} shows {melds}").format(seat=self.seat(event.actor),
                                                            melds=melds)]
        if isinstance(event, BellaAnnounced):
            return ["  " + _("{seat}: {bella} ({cards})").format(
                seat=self.seat(event.actor), bella=self.rule_name("bella"),
                cards=format_cards(event.cards, symbols=True))]
        if isinstance(event, TrickTaken):
            return ["  -- " + _("trick {n} to {seat}: {cards}").format(
                n=event.number, seat=self.seat(event.actor),
                cards=format_cards(event.cards, symbols=True))]
        if isinstance(event, HandCounted):
            parts = [f"{self.rule_name(c.rule)} {c.points}" for c in event.breakdown]
            card_points = sum(c.points for c in event.breakdown if c.rule == "card-points")
            if event.tricks and card_points == 0:
                parts.append("-- " + _("(tricks worth nothing)"))
            tricks = ngettext("{n} trick", "{n} tricks", event.tricks).format(n=event.tricks)
            return ["  " + _("{side} counts {total}: {parts} ({tricks})").format(
                side=self.side(event.side), total=event.total,
                parts=_(", ").join(parts) or _("nothing"), tricks=tricks)]
        if isinstance(event, HandSettled):
            makers = event.totals[event.makers]
            others = max(t for s, t in enumerate(event.totals) if s != event.makers)
            text = (_("makers {side} {points} against {others}: made") if event.made
                    else _("makers {side} {points} against {others}: set: XXX"))
            return ["  " + text.format(side=self.side(event.makers), points=makers,
                                       others=others)]
        if isinstance(event, RenegeCalled):
            text = (_("renege proved ({reason}); {side} reneged, play ends") if event.proved
                    else _("renege not proved: a false call ({reason}); {side} reneged, "
                           "play ends"))
            return ["  " + text.format(reason=translate(event.reason),
                                       side=self.side(event.offender))]
        if isinstance(event, RenegesVoid):
            self.passes = 0
            return ["  " + _("both teams reneged: no score; {seat} deals again").format(
                seat=self.seat(event.dealer))]
        if isinstance(event, Scored):
            cards = f" {format_cards(event.cards, symbols=True)}" if event.cards and \
                len(event.cards) <= 4 else ""
            name = self.rule_name(event.rule, event.plugin)
            team = _("team {side}: {total}").format(side=event.side, total=event.total)
            return [f"    {event.points:+d} {name}{cards} ({team})"]
        if isinstance(event, GameEnded):
            winner = event.results[0]
            out = ["== " + _("{side} wins").format(side=self.side(winner.side)) + " =="]
            out += [f"  {r.place}. {self.side(r.side)}: {r.score}" for r in event.results]
            return out
        return []

    def _input(self, event: Input) -> list[str]:
        action = event.action
        if isinstance(action, CutForDeal):
            cut = _(", ").join(f"{self.seat(s % 4)} {c.symbol}"
                               for s, c in enumerate(action.cards))
            return [_("cut for deal: {cuts}").format(cuts=cut)]
        if isinstance(action, Deal):
            players, self.passes = len(action.hands), 0
            out = ["== " + _("hand {n}: {seat} deals").format(n=event.hand,
                                                             seat=self.seat(self.dealer)) + " ==",
                   "  " + ngettext("{seat} cuts {n} card", "{seat} cuts {n} cards",
                                   action.cut).format(
                       seat=self.seat((self.dealer - 1) % players), n=action.cut)]
            for seat, hand in enumerate(action.hands):
                shown = (format_cards(hand, symbols=True)
                         if self.reveal is None or seat in self.reveal else _("(hidden)"))
                out.append("  " + _("{seat} is dealt {cards}").format(seat=self.seat(seat),
                                                                       cards=shown))
            out.append("  " + _("turn card: {card}").format(
                card=action.hands[self.dealer][-1].symbol))
            return out
        if isinstance(action, Pass):
            self.passes += 1
            return ["  " + _("{seat} passes").format(seat=self.seat(action.seat))]
        if isinstance(action, Name):
            text = (_("{seat} plays {suit}") if self.passes < self.variant.table.players
                    else _("{seat} names {suit}"))
            return ["  " + text.format(seat=self.seat(action.seat),
                                       suit=SUIT_SYMBOLS.get(action.suit, "?"))]
        if isinstance(action, Play):
            return ["  " + _("{seat} plays {card}").format(seat=self.seat(action.seat),
                                                           card=action.card.symbol)]
        if isinstance(action, CallRenege):
            return ["  " + _("{seat} calls a renege on event {n}").format(
                seat=self.seat(action.seat), n=action.target)]
        if isinstance(action, LetStand):
            return ["  " + _("{seat} calls no renege").format(seat=self.seat(action.seat))]
        if isinstance(action, AskCoach):
            return ["  " + _("{seat} asks the coach to compare (assist used)").format(
                seat=self.seat(action.seat))]
        return []
