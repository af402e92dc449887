"""The cribbage table as one seat sees it, drawn with rich for the terminal.

`Table` follows the game's public events (scores, shows, settled counts) to place each side's
back peg and to keep the last show's breakdown; everything else it draws comes from the seat's
`CribbageView` at the moment: the hand number, the dealer and whose crib it is, the board, the
starter, the count and the cards of the current series, and the seat's hand, numbered once in
sorted order with the cards it may play now marked. Feeding it a resumed game's log draws the
table exactly as it stood.

>>> from rich.console import Console
>>> from pegline_core import Game, parse_cards
>>> from pegline_cribbage.actions import CutStarter, Deal, Discard, Play
>>> game, table = Game("two-player-61", dealer=1), Table()
>>> moves = [Deal([parse_cards("5H 5C JD KS 2C 9H"), parse_cards("AS 2S 3S 4S 6S 7S")]),
...          Discard(0, parse_cards("2C 9H")), Discard(1, parse_cards("AS 2S")),
...          CutStarter(*parse_cards("5D")), *(Play(seat, *parse_cards(card)) for seat, card
...                                            in [(0, "KS"), (1, "4S"), (0, "JD"), (1, "7S")])]
>>> for move in moves:
...     for event in game.apply(move):
...         table.observe(event)
>>> console = Console(width=80, color_system=None)
>>> console.print(table.render(game.view(0)))
╭─────────────────────────────────── hand 1 ───────────────────────────────────╮
│ Seat 1 deals; the crib is seat 1's.  Game to 61.  Starter 5♦.                │
│                                                                              │
│                 start  1                                30  game score       │
│  1-30  you        ○●   ····· ····· ····· ····· ····· ·····           0       │
│        seat 1     ○    ·●··· ····· ····· ····· ····· ·····           2       │
│ 31-60  you             ····· ····· ····· ····· ····· ·····    ·              │
│        seat 1          ····· ····· ····· ····· ····· ·····    ·              │
│                                                                              │
│ Count 0 (limit 31): a new series.                                            │
│ Your hand:  1 5♣*  2 5♥*   played: J♦ K♠   (* playable now)                  │
╰────────────────────────────────────────────────────────────── two-player-61 ─╯
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from attrs import frozen
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from pegline_core.app.i18n import Messages
from pegline_core.cards import Card, format_cards
from pegline_core.events import Event, Scored
from pegline_cribbage.board import Pegs, draw_board
from pegline_cribbage.combinations import PIPS
from pegline_cribbage.events import Combination, CountSettled, HandShown
from pegline_cribbage.phases import CribbagePhase
from pegline_cribbage.views import CribbageView

__all__ = ["Table", "Shown", "numbered_hand", "SIDE_STYLES", "WIDTH"]

_messages = Messages("pegline_cribbage")
_ = _messages.gettext
ngettext = _messages.ngettext
pgettext = _messages.pgettext

WIDTH = 80
"""The table's width on a wider terminal (a narrower one gets its own width)."""

SIDE_STYLES = ("green", "red", "blue", "magenta")
"""The pegs' colour of each side; the seat's own side is always the first."""


@frozen
class Shown:
    """One count of a show: ``actor``'s hand (or the crib), its points and their breakdown;
    ``declared`` and ``outcome`` when counted by hand (muggins)."""

    actor: int
    cards: tuple[Card, ...]
    starter: Card
    crib: bool
    points: int
    breakdown: tuple[Combination, ...]
    declared: int | None = None
    outcome: str = ""


def numbered_hand(view: CribbageView) -> tuple[Card, ...]:
    """The seat's cards as numbered on the screen: sorted, and kept in place for the whole
    pegging (a played card keeps its number), so a number always means the same card."""
    return tuple(sorted(view.held if view.phase == CribbagePhase.DISCARD else view.kept))


class Table:
    """The table as one seat sees it: pegs and shows from public events, the rest from views."""

    def __init__(self) -> None:
        self.pegs: dict[int, Pegs] = {}
        self.shows: list[Shown] = []
        self.show_hand = 0
        self._moving: int | None = None

    # -- following the game --------------------------------------------------------------------

    def observe(self, event: Event) -> None:
        """Follow one event. Only public ones count: scores, shown hands and settled counts."""
        if isinstance(event, Scored):
            pegs = self.pegs.get(event.side, Pegs(0, 0))
            # the scores of one play or one show are pegged in a single move
            self.pegs[event.side] = (Pegs(event.total, pegs.back) if self._moving == event.side
                                     else pegs.moved(event.total))
            self._moving = event.side
            shows = self.shows
            if event.phase == CribbagePhase.SHOW and shows and shows[-1].declared is None \
                    and shows[-1].actor == event.actor:
                shown = self.shows[-1]
                award = Combination(event.rule, event.points, event.cards)
                self.shows[-1] = Shown(shown.actor, shown.cards, shown.starter, shown.crib,
                                       shown.points, (*shown.breakdown, award))
            return
        self._moving = None
        if isinstance(event, HandShown | CountSettled):
            if event.hand != self.show_hand:
                self.shows, self.show_hand = [], event.hand
            assert event.actor is not None
            if isinstance(event, HandShown):
                self.shows.append(Shown(event.actor, event.cards, event.starter, event.crib,
                                        event.points, ()))
            else:
                self.shows.append(Shown(event.actor, event.cards, event.starter, event.crib,
                                        event.points, event.breakdown, event.declared,
                                        event.outcome))

    # -- drawing -------------------------------------------------------------------------------

    def render(self, view: CribbageView) -> RenderableType:
        """The whole table for ``view``'s seat, as a rich panel."""
        names = _Names.of(view)
        parts: list[RenderableType] = [self._heading(view, names), Text()]
        parts += self.board(view, names)
        parts.append(Text())
        parts += [line for line in (self._count(view, names), self._hand(view)) if line]
        return Panel(Group(*parts), title=_("hand {n}").format(n=view.hand), title_align="center",
                     subtitle=view.rules.variant.name, subtitle_align="right", width=WIDTH)

    def board(self, view: CribbageView, names: _Names | None = None) -> list[Text]:
        """The board's lines, the seat's own side first."""
        names = names or _Names.of(view)
        order = sorted(range(len(view.scores)), key=lambda side: side != view.side)
        tracks = [(names.side(side), self._pegs(side, view.scores[side])) for side in order]
        return draw_board(tracks, view.target, SIDE_STYLES)

    def _pegs(self, side: int, score: int) -> Pegs:
        """The side's pegs; the view's score wins over events the table did not see."""
        pegs = self.pegs.get(side, Pegs(0, 0))
        return pegs if pegs.front == score else Pegs(score, score)

    def last_show(self, seat: int, sides: Sequence[Sequence[int]],
                  rule_name: Callable[[str], str] | None = None) -> list[str]:
        """The full breakdown of the last show, as lines (seat ``seat`` reads them); the rules
        are named by ``rule_name`` (the variant's `RuleNames`; by id without it)."""
        if not self.shows:
            return [_("no hand has been shown yet")]
        names = _Names(seat, sides)
        out = [_("the show of hand {hand} (starter {starter}):").format(
            hand=self.show_hand, starter=self.shows[0].starter.symbol)]
        for shown in self.shows:
            what = _("crib") if shown.crib else _("hand")
            owner = names.possessive(shown.actor)
            line = "  " + ngettext("{owner} {what} {cards}: {n} point",
                                   "{owner} {what} {cards}: {n} points", shown.points).format(
                owner=owner, what=what, cards=format_cards(shown.cards, symbols=True),
                n=shown.points)
            if shown.declared is not None:
                line += _(" (declared {declared}, {outcome})").format(
                    declared=shown.declared, outcome=pgettext("outcome", str(shown.outcome)))
            out.append(line)
            out += [f"    {rule_name(c.rule) if rule_name else c.rule:<18} "
                    f"{format_cards(c.cards, symbols=True):<22} {c.points:>2}"
                    for c in shown.breakdown]
        return out

    @staticmethod
    def _heading(view: CribbageView, names: _Names) -> Text:
        text = Text()
        if view.dealer is None:
            text.append(_("The cut decides who deals."))
        else:
            text.append(_("{dealer}; ").format(dealer=names.subject(view.dealer)))
            text.append(_("the crib is {owner}.").format(owner=names.owner(view.dealer)),
                        style="bold")
        if names.partner is not None:
            text.append("  " + _("Your partner: seat {n}.").format(n=names.partner))
        text.append("  " + (_("Game to {target} (the first there loses).") if view.lowball
                            else _("Game to {target}.")).format(target=view.target))
        if view.starter is not None:
            text.append("  " + _("Starter") + " ")
            text.append(view.starter.symbol, style="bold")
            text.append(_("."))
        return text

    @staticmethod
    def _count(view: CribbageView, names: _Names) -> Text | None:
        if view.counting is not None:
            seat, cards, crib, declared = view.counting
            what = _("crib") if crib else _("hand")
            whose = names.possessive(seat)
            text = Text(_("Counting {whose} {what} {cards} + {starter}").format(
                whose=whose, what=what, cards=format_cards(cards, symbols=True),
                starter=view.starter.symbol if view.starter else "?"))
            if declared >= 0:
                text.append(_(": declared {declared}.").format(declared=declared))
            return text
        if view.phase != CribbagePhase.PEGGING:
            return None
        text = Text(_("Count {count}").format(count=view.count), style="bold")
        text.append(_(" (limit {limit})").format(limit=view.limit))
        series = view.played[len(view.played) - len(view.series):] if view.series else ()
        if series:
            text.append(_(": "))
            text.append("  ".join(f"{card.symbol} {names.seat(seat)}" for seat, card in series))
        else:
            text.append(_(": a new series."))
        return text

    @staticmethod
    def _hand(view: CribbageView) -> Text | None:
        """The cards in hand by their numbers (a played card leaves a gap), then those played."""
        cards = numbered_hand(view)
        if not cards:
            return None
        text = Text(_("Your hand: "))
        playing = view.phase == CribbagePhase.PEGGING
        marked = False
        for number, card in enumerate(cards, 1):
            if card not in view.held:
                continue
            text.append(f" {number} ")
            if playing and view.count + PIPS[card.index] <= view.limit:
                text.append(f"{card.symbol}*", style="bold green")
                marked = True
            else:
                text.append(card.symbol)
            text.append(" ")
        played = [card for card in cards if card not in view.held]
        if played:
            text.append("  " + _("played: {cards}").format(
                cards=format_cards(played, symbols=True)), style="dim")
        if marked:
            text.append("   " + _("(* playable now)"), style="dim")
        return text


class _Names:
    """How the seats and sides read on one seat's screen: "you", "seat 2", "you & seat 2"."""

    def __init__(self, seat: int, sides: Sequence[Sequence[int]]) -> None:
        self.me, self.sides = seat, tuple(tuple(side) for side in sides)
        mine = next((side for side in self.sides if seat in side), (seat,))
        others = [s for s in mine if s != seat]
        self.partner = others[0] if len(others) == 1 else None

    @classmethod
    def of(cls, view: CribbageView) -> _Names:
        return cls(view.seat, view.rules.variant.sides)

    def seat(self, seat: int) -> str:
        if seat == self.me:
            return _("you")
        if seat == self.partner:
            return _("seat {n} (partner)").format(n=seat)
        return _("seat {n}").format(n=seat)

    def side(self, side: int) -> str:
        seats = self.sides[side]
        if len(seats) == 1:
            return self.seat(seats[0])
        if self.me in seats:
            others = [_("seat {n}").format(n=s) for s in seats if s != self.me]
            return _(" & ").join([_("you"), *others])
        return _("seats {list}").format(list=_(" & ").join(str(s) for s in seats))

    def subject(self, dealer: int) -> str:
        """Who deals, as a sentence starts."""
        if dealer == self.me:
            return _("You deal")
        if dealer == self.partner:
            return _("Your partner deals")
        return _("Seat {n} deals").format(n=dealer)

    def possessive(self, seat: int) -> str:
        if seat == self.me:
            return _("your")
        if seat == self.partner:
            return _("your partner's (seat {n})").format(n=seat)
        return _("seat {n}'s").format(n=seat)

    def owner(self, dealer: int) -> str:
        """Whose crib it is: the dealer's."""
        if dealer == self.me:
            return _("yours")
        if dealer == self.partner:
            return _("your partner's")
        return _("seat {n}'s").format(n=dealer)

