"""Cribbage in numbers, for learning agents (`pegline_core.encoding.Encoding`).

What a seat sees becomes one vector, seats and sides counted from the seat itself (so one policy
serves every seat): the phase, its own cards (held, kept, laid away), the series, the starter,
the series' last three cards in order, every seat's plays this hand, the count, the goes, the
dealer, the scores, and under counting by hand the count on the table. Every move has one
number: a discard is its set of cards (combinatorial number of the card indices), then a play by
card, go, and with counting by hand each declaration, accept, overcount and each muggins claim.

>>> from pegline_core import Game
>>> game = Game("two-player", dealer=1)
>>> encoding = CribbageEncoding(game.ruleset)
>>> encoding.observation_size, encoding.action_count
(532, 1379)
>>> encoding.label(0), encoding.label(1326), encoding.label(1378)
('discard AC AD', 'play AC', 'go')
>>> encoding.layout["held"], encoding.layout["count"]      # where each part lies
((3, 55), (523, 524))
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from math import comb

from pegline_core.cards import DECK, Card
from pegline_core.ruleset import Ruleset
from pegline_cribbage.actions import Declare, Discard, Go, Play, Respond
from pegline_cribbage.chance import CribbageChance
from pegline_cribbage.machine import common
from pegline_cribbage.table import Table
from pegline_cribbage.views import CribbageView

__all__ = ["CribbageEncoding"]

PHASES = ("discard", "pegging", "show")
"""The phases in which a seat decides (any other phase encodes as none of them)."""
CARDS = len(DECK)
RECENT = 3
"""The last cards of the series are given in order too (pairs and runs count from the last)."""


class CribbageEncoding:
    """One cribbage variant's observation vector and action numbers."""

    def __init__(self, ruleset: Ruleset) -> None:
        c = common(ruleset)
        self.players = n = c.players
        self.side_of = c.side_of
        self.sides = len(set(c.side_of))
        self.limit, self.target = c.limit, c.target
        self.cap = cap = c.max_declaration
        self.discard = need = c.settings.deal.discard
        self.play_base = comb(CARDS, need)
        self.go_id = self.play_base + CARDS
        self.declare_base = self.go_id + 1
        self.accept_id = self.declare_base + (cap + 1 if cap else 0)
        self.muggins_base = self.accept_id + 2
        self.action_count = self.muggins_base + cap if cap else self.declare_base
        sizes = [("phase", len(PHASES)), ("held", CARDS), ("kept", CARDS), ("laid", CARDS),
                 ("series", CARDS), ("starter", CARDS), ("recent", RECENT * CARDS),
                 ("played", n * CARDS), ("count", 1), ("said_go", n), ("go_count", n),
                 ("dealer", n), ("scores", self.sides)]
        if cap:
            sizes += [("counter", n), ("crib", 1), ("declared", 2), ("counted", CARDS)]
        self._discards: dict[tuple[Card, ...], int] = {}
        """Each discard's number, as the cards come (remembered: a discard is numbered often)."""
        self.layout: dict[str, tuple[int, int]] = {}
        """Where each part of an observation lies: (start, stop)."""
        at = 0
        for name, size in sizes:
            self.layout[name] = (at, at + size)
            at += size
        self.observation_size = at
        self.chance = CribbageChance(ruleset)
        """Chance one card at a time (for OpenSpiel's chance nodes)."""

    # -- observations --------------------------------------------------------------------------

    def observe(self, view: CribbageView, out: MutableSequence[float]) -> None:
        n, seat = self.players, view.seat
        if view.phase in PHASES:
            out[PHASES.index(view.phase)] = 1.0
        at = len(PHASES)
        for group in (view.held, view.kept, view.laid, view.series):
            for card in group:
                out[at + card.index] = 1.0
            at += CARDS
        if view.starter is not None:
            out[at + view.starter.index] = 1.0
        at += CARDS
        for back, card in enumerate(reversed(view.series[-RECENT:])):
            out[at + back * CARDS + card.index] = 1.0
        at += RECENT * CARDS
        for player, card in view.played:
            out[at + (player - seat) % n * CARDS + card.index] = 1.0
        at += n * CARDS
        out[at] = min(view.count / self.limit, 1.0)
        at += 1
        for player in view.said_go:
            out[at + (player - seat) % n] = 1.0
        at += n
        for player, count in view.goes:  # the lowest count at which each seat could not play
            slot = at + (player - seat) % n
            value = 1.0 - count / self.limit
            out[slot] = max(out[slot], value)
        at += n
        if view.dealer is not None:
            out[at + (view.dealer - seat) % n] = 1.0
        at += n
        sides = self.sides
        for side, score in enumerate(view.scores):
            out[at + (side - view.side) % sides] = min(score / self.target, 1.0)
        at += sides
        if self.cap and view.counting is not None:
            counter, cards, crib, declared = view.counting
            out[at + (counter - seat) % n] = 1.0
            out[at + n] = 1.0 if crib else 0.0
            if declared >= 0:
                out[at + n + 1] = declared / self.cap
                out[at + n + 2] = 1.0
            for card in cards:
                out[at + n + 3 + card.index] = 1.0

    # -- actions -------------------------------------------------------------------------------

    def action_id(self, view: CribbageView, action: object) -> int:
        if type(action) is Play:
            return self.play_base + action.card.index
        if type(action) is Go:
            return self.go_id
        if type(action) is Discard:
            number = self._discards.get(action.cards)
            if number is None:
                number = self._discards[action.cards] = _rank(sorted(c.index for c in action.cards))
            return number
        if type(action) is Declare:
            return self.declare_base + action.points
        if type(action) is Respond:
            if action.response == "muggins":
                return self.muggins_base + action.points - 1
            return self.accept_id + (action.response == "overcount")
        raise ValueError(f"no number for the action {action!r} in cribbage")

    def label(self, number: int) -> str:
        if not 0 <= number < self.action_count:
            raise ValueError(f"no action {number!r}: cribbage's numbers here are 0 to "
                             f"{self.action_count - 1}")
        if number < self.play_base:
            return "discard " + " ".join(str(card) for card in _unrank(number, self.discard))
        if number < self.go_id:
            return f"play {DECK[number - self.play_base]}"
        if number == self.go_id:
            return "go"
        if number < self.accept_id:
            return f"declare {number - self.declare_base}"
        if number < self.muggins_base:
            return ("accept", "overcount")[number - self.accept_id]
        return f"muggins {number - self.muggins_base + 1}"

    def screen(self) -> Table:
        return Table()


def _rank(indices: Sequence[int]) -> int:
    """The combinatorial number of a set of card indices, given in increasing order."""
    return sum(comb(index, k) for k, index in enumerate(indices, 1))


def _unrank(number: int, size: int) -> tuple[Card, ...]:
    """The cards whose combinatorial number is ``number`` (the inverse of `_rank`)."""
    indices = []
    for k in range(size, 0, -1):
        index = k - 1
        while comb(index + 1, k) <= number:
            index += 1
        indices.append(index)
        number -= comb(index, k)
    return tuple(DECK[index] for index in reversed(indices))
