"""Clabber in numbers, for learning agents (`pegline_core.encoding.Encoding`).

What a seat sees becomes one vector, seats and sides counted from the seat itself: the phase, its
hand, the turn card, trump and the makers, the calls, the trick on the table by seat, the tricks
taken, the melds announced and shown, the bella, every card of the hand played so far where the
variant shows them, the dealer and the scores. Every move has one number: pass, name a suit,
announce, show, play a card (of the 24), let the hand stand, and call a renege on the other team's
first, second, ... naming or play of the hand.

>>> from pegline_core import Game
>>> encoding = ClabberEncoding(Game("clabber-renege").ruleset)
>>> encoding.observation_size, encoding.action_count
(375, 45)
>>> [encoding.label(n) for n in (0, 1, 5, 7, 31, 32)]
['pass', 'name C', 'announce', 'play AC', 'let stand', 'call a renege on their move 1']
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any, Final

from pegline_clabber.actions import Announce, CallRenege, LetStand, Name, Pass, Play, Show
from pegline_clabber.cards import DECK, SUITS
from pegline_clabber.chance import ClabberChance
from pegline_clabber.machine import HAND_SIZE, PLAYERS, TRICKS
from pegline_clabber.phases import ClabberPhase
from pegline_clabber.table import Table
from pegline_clabber.views import ClabberView
from pegline_core.events import Event
from pegline_core.nonzeros import Nonzeros
from pegline_core.ruleset import Ruleset
from pegline_core.view_numbers import apply_by_view, legal_by_view, observe_by_view

__all__ = ["ClabberEncoding"]

PHASES: Final = (ClabberPhase.NAMING, ClabberPhase.TRICKS, ClabberPhase.CALLING)
"""The phases in which a seat decides, in the order the observation marks them."""
CARDS = len(DECK)
DENSE = {card.index: number for number, card in enumerate(DECK)}
"""Each Clabber card's number among the 24."""
TARGETS = 1 + 2 * HAND_SIZE
"""What a seat may call a renege on: the other team's naming and its twelve plays."""
MELD_SCALE = 100
"""Meld points are divided by this (and capped at 1)."""
PASS, NAME, ANNOUNCE, SHOW, PLAY = 0, 1, 5, 6, 7
STAND = PLAY + CARDS
CALL = STAND + 1


class ClabberEncoding:
    """One Clabber variant's observation vector and action numbers."""

    action_count = CALL + TARGETS
    observation_size = (len(PHASES) + 2 * CARDS + len(SUITS) + 2 + 1 + 2 * PLAYERS
                        + PLAYERS + PLAYERS * CARDS + 1 + 2 + PLAYERS * (1 + CARDS) + PLAYERS
                        + PLAYERS * CARDS + 2 + PLAYERS)

    def __init__(self, ruleset: Ruleset) -> None:
        self.variant = ruleset.variant.name
        self.side_of = tuple(ruleset.variant.side_of(seat) for seat in range(PLAYERS))
        self.chance = ClabberChance(ruleset)
        """Chance one outcome at a time (for OpenSpiel's chance nodes)."""

    def observe(self, view: ClabberView, out: MutableSequence[float]) -> None:
        seat, side = view.seat, view.side
        if view.phase in PHASES:
            out[PHASES.index(view.phase)] = 1.0
        at = len(PHASES)
        for card in view.held:
            out[at + DENSE[card.index]] = 1.0
        at += CARDS
        if view.turn_card is not None:
            out[at + DENSE[view.turn_card.index]] = 1.0
        at += CARDS
        if view.trump:
            out[at + SUITS.index(view.trump)] = 1.0
        at += len(SUITS)
        if view.makers >= 0:
            out[at + (view.makers - side) % 2] = 1.0
        at += 2
        out[at] = 1.0 if view.round == 2 else 0.0
        at += 1
        for caller, suit in view.calls:  # passes (halved) and the naming, by seat
            slot = at + 2 * ((caller - seat) % PLAYERS)
            if suit:
                out[slot + 1] = 1.0
            else:
                out[slot] += 0.5
        at += 2 * PLAYERS
        if view.leader is not None:
            out[at + (view.leader - seat) % PLAYERS] = 1.0
            for order, card in enumerate(view.trick):
                player = (view.leader + order - seat) % PLAYERS
                out[at + PLAYERS + player * CARDS + DENSE[card.index]] = 1.0
        at += PLAYERS + PLAYERS * CARDS
        out[at] = view.tricks_played / TRICKS
        at += 1
        for team, taken in enumerate(view.taken):
            out[at + (team - side) % 2] = taken / TRICKS
        at += 2
        for player, _rule, points, cards in view.melds:
            slot = at + (player - seat) % PLAYERS * (1 + CARDS)
            out[slot] = min(out[slot] + points / MELD_SCALE, 1.0)
            for card in cards:
                out[slot + 1 + DENSE[card.index]] = 1.0
        at += PLAYERS * (1 + CARDS)
        if view.bella >= 0:
            out[at + (view.bella - seat) % PLAYERS] = 1.0
        at += PLAYERS
        for _seq, player, card in view.played:
            out[at + (player - seat) % PLAYERS * CARDS + DENSE[card.index]] = 1.0
        for trick in view.turned:  # where turned tricks are shown but reneges are not called
            for order, card in enumerate(trick.cards):
                player = (trick.leader + order - seat) % PLAYERS
                out[at + player * CARDS + DENSE[card.index]] = 1.0
        at += PLAYERS * CARDS
        for team, score in enumerate(view.scores):
            out[at + (team - side) % 2] = min(max(score, 0) / view.target, 1.0)
        at += 2
        if view.dealer is not None:
            out[at + (view.dealer - seat) % PLAYERS] = 1.0

    # the lean members (`pegline_core.encoding.Numbered`), through the seat's view: enough here

    def legal_numbers(self, machine: Any, seat: int) -> list[int]:
        return legal_by_view(self, machine, seat)

    def apply_number(self, machine: Any, seat: int, number: int) -> None:
        apply_by_view(self, machine, seat, number)

    def observe_sparse(self, machine: Any, seat: int, out: Nonzeros) -> None:
        observe_by_view(self, machine, seat, out)

    def action_id(self, view: ClabberView, action: Any) -> int:
        kind = type(action)
        if kind is Play:
            return PLAY + DENSE[action.card.index]
        if kind is Pass:
            return PASS
        if kind is Name:
            return NAME + SUITS.index(action.suit)
        if kind is Announce:
            return ANNOUNCE
        if kind is Show:
            return SHOW
        if kind is LetStand:
            return STAND
        if kind is CallRenege:
            return CALL + self._targets(view).index(action.target)
        raise ValueError(f"no number for the action {action!r} in Clabber")

    def _targets(self, view: ClabberView) -> list[int]:
        """The event numbers a seat may call a renege on, in order: the other team's naming
        and plays of this hand."""
        ours = view.side
        namer = next((caller for caller, suit in view.calls if suit), None)
        targets = [seq for seq, player, _card in view.played if self.side_of[player] != ours]
        if namer is not None and view.named >= 0 and self.side_of[namer] != ours:
            targets.append(view.named)
        return sorted(targets)

    def label(self, number: int) -> str:
        if not 0 <= number < self.action_count:
            raise ValueError(f"no action {number!r}: Clabber's numbers are 0 to "
                             f"{self.action_count - 1}")
        if number >= CALL:
            return f"call a renege on their move {number - CALL + 1}"
        if number >= PLAY:
            return "let stand" if number == STAND else f"play {DECK[number - PLAY]}"
        if number >= NAME:
            return {ANNOUNCE: "announce", SHOW: "show"}.get(number) or \
                f"name {SUITS[number - NAME]}"
        return "pass"

    def screen(self) -> _Screen:
        return _Screen(self.variant)


class _Screen:
    """Clabber's terminal table, drawn under the variant's name."""

    def __init__(self, variant: str) -> None:
        self.table, self.variant = Table(), variant

    def observe(self, event: Event) -> None:
        self.table.observe(event)

    def render(self, view: ClabberView) -> Any:
        return self.table.render(view, variant=self.variant)
