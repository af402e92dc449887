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
from pegline_clabber.views import ClabberView
from pegline_core.cards import Card, format_cards
from pegline_core.events import Event, Scored

__all__ = ["Table", "allowed", "WIDTH"]

WIDTH = 80
"""The table's width on a wider terminal (a narrower one gets its own width)."""
PLAYERS = 4


def allowed(view: ClabberView) -> list[Card]:
    """The cards the rules of play allow now (where reneges stand, any card may still be
    played, at a risk)."""
    if view.phase != "tricks":
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
            self.count, self._hand = [f"The count, hand {event.hand}:"], event.hand
        if isinstance(event, HandCounted):
            parts = ", ".join(f"{c.rule} {c.points}" for c in event.breakdown) or "nothing"
            self.count.append(f"  team {event.side} counts {event.total} ({event.tricks} "
                              f"trick(s)): {parts}")
        elif isinstance(event, HandSettled):
            others = max(t for s, t in enumerate(event.totals) if s != event.makers)
            verdict = "made" if event.made else "set: their count is lost"
            self.count.append(f"  the makers, team {event.makers}, "
                              f"{event.totals[event.makers]} against {others}: {verdict}")
        elif isinstance(event, RenegeCalled):
            verdict = "proved" if event.proved else "not proved, a false call"
            self.count.append(f"  seat {event.actor} called a renege: {verdict} "
                              f"({event.reason}); team {event.offender} reneged")
        elif isinstance(event, RenegesVoid):
            self.count.append("  both teams reneged: no score")
        elif isinstance(event, HandDead):
            self.count.append("  all passed twice: the hand is dead")
        elif isinstance(event, Scored) and event.hand == self._hand:
            self.count.append(f"  {event.points:+d} {event.rule} to team {event.side} "
                              f"({event.total})")

    def last_count(self) -> list[str]:
        return self.count or ["no hand has been counted yet"]

    def render(self, view: ClabberView, *, variant: str = "clabber") -> Panel:
        seat, side = view.seat, view.side
        partner = next(s for s in range(PLAYERS) if s != seat and s % 2 == seat % 2)
        them = 1 - side

        def who(other: int | None) -> str:
            return "you" if other == seat else f"seat {other}"

        others = " & ".join(str(s) for s in range(PLAYERS) if s % 2 != seat % 2)
        lines = [(f"{who(view.dealer).capitalize()} deal{'s' * (view.dealer != seat)}.  "
                  f"Your partner: seat {partner}.  Game to {view.target}."),
                 (f"Score: your team ({seat} & {partner}) {view.scores[side]}, the others "
                  f"({others}) {view.scores[them]}.")]
        turn = f"Turn card {view.turn_card.symbol}.  " if view.turn_card is not None else ""
        if view.trump:
            makers = "your team" if view.makers == side else "the others"
            maker = next((s for s, suit in reversed(view.calls) if suit), None)
            lines.append(f"{turn}Trump {SUIT_SYMBOLS[view.trump]}, made by {makers} "
                         f"({who(maker)} {'played' if view.round == 1 else 'named'} it).")
        else:
            lines.append(f"{turn}Naming trump, round {view.round}.")
        if view.calls:
            lines.append("Calls: " + ", ".join(
                f"{who(s)} {SUIT_SYMBOLS[suit] if suit else 'pass'}" for s, suit in view.calls)
                + ".")
        if view.phase == "calling":
            lines.append(f"Last trick complete: any renege to call?  Tricks taken: yours "
                         f"{view.taken[side]}, theirs {view.taken[them]}.")
        if view.phase == "tricks" and view.leader is not None:
            trick = ", ".join(f"{who((view.leader + i) % PLAYERS)} {card.symbol}"
                              for i, card in enumerate(view.trick))
            lines.append(f"Trick {view.tricks_played + 1} of 6: "
                         f"{trick or who(view.leader) + ' lead' + 's' * (view.leader != seat)}."
                         f"  Tricks taken: yours {view.taken[side]}, theirs {view.taken[them]}.")
        for meld_seat, rule, points, cards in view.melds:
            shown = f"shown {format_cards(cards, symbols=True)}" if cards else "announced"
            lines.append(f"Meld: {who(meld_seat)} {rule} ({points}), {shown}.")
        if view.bella >= 0:
            lines.append(f"Bella: {who(view.bella)}.")
        lines.append(self._hand_line(view))
        body = Group(*(Text(line) for line in lines))
        return Panel(body, title=f"hand {view.hand}", subtitle=variant, subtitle_align="right",
                     width=WIDTH, expand=True)


    def _hand_line(self, view: ClabberView) -> str:
        marked = set(allowed(view))
        cards = "  ".join(f"{number} {card.symbol}{'*' * (card in marked)}"
                          for number, card in self.numbered(view))
        note = "   (* may be played)" if marked else ""
        return f"Your hand:  {cards}{note}"


def format_plays(plays: Sequence[tuple[int, int, Card]]) -> dict[int, str]:
    """Each play a renege may be called on, by event number: ``seat 1 played K♥``."""
    return {seq: f"seat {seat} played {card.symbol}" for seq, seat, card in plays}
