"""The Clabber table as one seat sees it, drawn with rich for the terminal.

Everything drawn comes from the seat's `ClabberView` (hand, dealer, partner, scores to the
target, the turn card, the calls, trump and the makers, the trick so far, tricks taken, melds
and the bella, the hand with the cards the rules allow marked) and, for ``score``, from the
public events `Table` follows: the last hand's count and how it was settled.

>>> from rich.console import Console
>>> from pegline_core import Game, parse_cards
>>> from pegline_clabber.actions import CutForDeal, Deal, Name, Pass
>>> game, table = Game("clabber"), Table()
>>> hands = [parse_cards(h) for h in ("JH 9H AS TS KC 9D", "QC QD AD TD KD 9S",
...                                   "JC 9C AC TC QS JS", "AH TH KH QH KS JD")]
>>> for move in (CutForDeal(parse_cards("9C JD AH KS")), Deal(10, hands), Pass(3), Pass(0),
...              Pass(1), Name(2, "S")):
...     for event in game.apply(move):
...         table.observe(event)
>>> Console(width=80, color_system=None).print(table.render(game.view(0)))
╭─────────────────────────────────── hand 1 ───────────────────────────────────╮
│ Seat 2 deals.  Your partner: seat 2.  Game to 500.                           │
│ Score: your team (0 & 2) 0, the others (1 & 3) 0.                            │
│ Turn card J♠.  Trump ♠, made by your team (seat 2 played it).                │
│ Calls: seat 3 pass, you pass, seat 1 pass, seat 2 ♠.                         │
│ Trick 1 of 6: seat 3 leads.  Tricks taken: yours 0, theirs 0.                │
│ Your hand:  1 K♣*  2 9♦*  3 J♥*  4 9♥*  5 A♠*  6 10♠*   (* may be played)    │
╰──────────────────────────────────────────────────────────────────── clabber ─╯
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.panel import Panel
from rich.text import Text

from pegline_clabber.cards import SUIT_SYMBOLS, SUITS, legal_plays, power
from pegline_clabber.events import (
    HandCounted,
    HandDead,
    HandSettled,
    RenegeCalled,
    RenegesVoid,
)
from pegline_clabber.phases import ClabberPhase
from pegline_clabber.reasons import translate
from pegline_clabber.views import ClabberView
from pegline_core.app.i18n import Messages, plugin_domain, rule_name, rule_name_among
from pegline_core.cards import Card, format_cards
from pegline_core.events import Event, Scored
from pegline_core.plugins import installed_plugins

__all__ = ["Table", "allowed", "WIDTH"]

_messages = Messages("pegline_clabber")
_ = _messages.gettext
ngettext = _messages.ngettext
pgettext = _messages.pgettext

WIDTH = 80
"""The table's width on a wider terminal (a narrower one gets its own width)."""
PLAYERS = 4


def allowed(view: ClabberView) -> list[Card]:
    """The cards the rules of play allow now (where reneges stand, any card may still be
    played, at a risk)."""
    if view.phase != ClabberPhase.TRICKS:
        return []
    return legal_plays(view.held, view.trick, view.trump, view.undertrump)


class Table:
    """Draws one seat's table, and keeps the last hand's count for ``score``."""

    def __init__(self) -> None:
        self.count: list[str] = []
        """The lines of the last hand's count and settlement."""
        self._hand = 0
        self._numbered: tuple[int, list[Card]] = (-1, [])

    def numbered(self, view: ClabberView) -> list[tuple[int, Card]]:
        """The seat's cards with their numbers on the screen: numbered once a hand, suit by
        suit, high to low, so a card keeps its number while the others are played."""
        hand, cards = self._numbered
        if hand != view.hand or not set(view.held) <= set(cards):
            cards = sorted(view.held, key=lambda card: (SUITS.index(card.suit),
                                                        -power(card, "")))
            self._numbered = (view.hand, cards)
        return [(number, card) for number, card in enumerate(cards, 1) if card in view.held]

    def observe(self, event: Event) -> None:
        """Follow one public event: the counts, the settlement, a renege, a dead hand."""
        if isinstance(event, HandCounted | RenegeCalled | RenegesVoid | HandDead) \
                and event.hand != self._hand:
            self.count, self._hand = [_("The count, hand {n}:").format(n=event.hand)], event.hand
        if isinstance(event, HandCounted):
            parts = _(", ").join(f"{_rule_name(c.rule)} {c.points}"
                                 for c in event.breakdown) or _("nothing")
            tricks = ngettext("{n} trick", "{n} tricks", event.tricks).format(n=event.tricks)
            self.count.append("  " + _("team {side} counts {total} ({tricks}): {parts}").format(
                side=event.side, total=event.total, tricks=tricks, parts=parts))
        elif isinstance(event, HandSettled):
            others = max(t for s, t in enumerate(event.totals) if s != event.makers)
            text = (_("the makers, team {side}, {points} against {others}: made") if event.made
                    else _("the makers, team {side}, {points} against {others}: set: their "
                           "count is lost"))
            self.count.append("  " + text.format(side=event.makers,
                                                 points=event.totals[event.makers],
                                                 others=others))
        elif isinstance(event, RenegeCalled):
            text = (_("seat {seat} called a renege: proved ({reason}); team {side} reneged")
                    if event.proved else
                    _("seat {seat} called a renege: not proved, a false call ({reason}); team "
                      "{side} reneged"))
            self.count.append("  " + text.format(seat=event.actor, reason=translate(event.reason),
                                                 side=event.offender))
        elif isinstance(event, RenegesVoid):
            self.count.append("  " + _("both teams reneged: no score"))
        elif isinstance(event, HandDead):
            self.count.append("  " + _("all passed twice: the hand is dead"))
        elif isinstance(event, Scored) and event.hand == self._hand:
            name = rule_name(event.rule, plugin_domain(event.plugin))
            self.count.append("  " + _("{points} {rule} to team {side} ({total})").format(
                points=f"{event.points:+d}", rule=name, side=event.side, total=event.total))

    def last_count(self) -> list[str]:
        return self.count or [_("no hand has been counted yet")]

    def render(self, view: ClabberView, *, variant: str = "clabber") -> Panel:
        seat, side = view.seat, view.side
        partner = next(s for s in range(PLAYERS) if s != seat and s % 2 == seat % 2)
        them = 1 - side

        def who(other: int | None) -> str:
            return _("you") if other == seat else _("seat {n}").format(n=other)

        others = _(" & ").join(str(s) for s in range(PLAYERS) if s % 2 != seat % 2)
        dealer = (_("You deal.") if view.dealer == seat
                  else _("Seat {n} deals.").format(n=view.dealer))
        lines = [dealer + "  " + _("Your partner: seat {n}.").format(n=partner) + "  "
                 + _("Game to {target}.").format(target=view.target),
                 _("Score: your team ({seat} & {partner}) {ours}, the others ({others}) "
                   "{theirs}.").format(seat=seat, partner=partner, ours=view.scores[side],
                                       others=others, theirs=view.scores[them])]
        turn = (_("Turn card {card}.").format(card=view.turn_card.symbol) + "  "
                if view.turn_card is not None else "")
        if view.trump:
            maker = next((s for s, suit in reversed(view.calls) if suit), None)
            text = (_("Trump {suit}, made by your team ({seat} played it).") if view.makers == side
                    and view.round == 1 else
                    _("Trump {suit}, made by your team ({seat} named it).") if view.makers == side
                    else _("Trump {suit}, made by the others ({seat} played it).")
                    if view.round == 1 else
                    _("Trump {suit}, made by the others ({seat} named it)."))
            lines.append(turn + text.format(suit=SUIT_SYMBOLS[view.trump], seat=who(maker)))
        else:
            lines.append(turn + _("Naming trump, round {n}.").format(n=view.round))
        if view.calls:
            passed = _("pass")
            lines.append(_("Calls: {calls}.").format(calls=_(", ").join(
                f"{who(s)} {SUIT_SYMBOLS[suit] if suit else passed}" for s, suit in view.calls)))
        if view.phase == ClabberPhase.CALLING:
            lines.append(_("Last trick complete: any renege to call?") + "  "
                         + _("Tricks taken: yours {ours}, theirs {theirs}.").format(
                             ours=view.taken[side], theirs=view.taken[them]))
        if view.phase == ClabberPhase.TRICKS and view.leader is not None:
            trick = _(", ").join(f"{who((view.leader + i) % PLAYERS)} {card.symbol}"
                                 for i, card in enumerate(view.trick))
            if not trick:
                trick = (_("you lead") if view.leader == seat
                         else _("{seat} leads").format(seat=who(view.leader)))
            lines.append(_("Trick {n} of 6: {trick}.").format(n=view.tricks_played + 1,
                                                              trick=trick) + "  "
                         + _("Tricks taken: yours {ours}, theirs {theirs}.").format(
                             ours=view.taken[side], theirs=view.taken[them]))
        for meld_seat, rule, points, cards in view.melds:
            name = _rule_name(rule)
            text = (_("Meld: {seat} {meld} ({points}), shown {cards}.") if cards
                    else _("Meld: {seat} {meld} ({points}), announced."))
            lines.append(text.format(seat=who(meld_seat), meld=name, points=points,
                                     cards=format_cards(cards, symbols=True)))
        if view.bella >= 0:
            lines.append(_("Bella: {seat}.").format(seat=who(view.bella)))
        lines.append(self._hand_line(view))
        body = Group(*(Text(line) for line in lines))
        return Panel(body, title=_("hand {n}").format(n=view.hand), subtitle=variant,
                     subtitle_align="right", width=WIDTH, expand=True)


    def _hand_line(self, view: ClabberView) -> str:
        marked = set(allowed(view))
        cards = "  ".join(f"{number} {card.symbol}{'*' * (card in marked)}"
                          for number, card in self.numbered(view))
        note = "   " + _("(* may be played)") if marked else ""
        return _("Your hand:") + f"  {cards}{note}"


def _rule_name(rule: str) -> str:
    """A rule by name, from whichever installed plugin translates it (the view and the count's
    breakdown name the rule, not its plugin)."""
    return rule_name_among(rule, installed_plugins())


def format_plays(plays: Sequence[tuple[int, int, Card]]) -> dict[int, str]:
    """Each play a renege may be called on, by event number: ``seat 1 played K♥``."""
    return {seq: _("seat {n} played {card}").format(n=seat, card=card.symbol)
            for seq, seat, card in plays}
