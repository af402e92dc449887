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
from itertools import combinations
from math import comb
from typing import Final

from pegline_core.cards import DECK, Card
from pegline_core.errors import IllegalActionError
from pegline_core.nonzeros import Nonzeros
from pegline_core.ruleset import Ruleset
from pegline_core.view_numbers import apply_by_view, legal_by_view
from pegline_cribbage.actions import Declare, Discard, Go, Play, Respond
from pegline_cribbage.chance import CribbageChance
from pegline_cribbage.combinations import PIPS
from pegline_cribbage.machine import CribbageMachine, Seen, common
from pegline_cribbage.native import codes_of
from pegline_cribbage.phases import CribbagePhase
from pegline_cribbage.table import Table
from pegline_cribbage.views import CribbageView

__all__ = ["CribbageEncoding"]

_DISCARD: Final = CribbagePhase.DISCARD
_PEGGING: Final = CribbagePhase.PEGGING
_SHOW: Final = CribbagePhase.SHOW
"""The phases as names of this module (compiled, statics: no look-up on the enum's class)."""
PHASES = (_DISCARD, _PEGGING, _SHOW)
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
        self._discard_codes = _discards_by_number(need)
        """Each discard number's card indices (in increasing order)."""
        self.layout: dict[str, tuple[int, int]] = {}
        """Where each part of an observation lies: (start, stop)."""
        at = 0
        for name, size in sizes:
            self.layout[name] = (at, at + size)
            at += size
        self.observation_size = at
        self.chance = CribbageChance(ruleset)
        """Chance one card at a time (for OpenSpiel's chance nodes)."""

    # -- observations ------------------------------------------------------------------------

    def observe(self, view: CribbageView, out: MutableSequence[float]) -> None:
        gathered = Nonzeros()
        self._gather(gathered, view.seat, (
            view.phase, codes_of(view.held), codes_of(view.kept), codes_of(view.laid),
            codes_of(view.series), -1 if view.starter is None else view.starter.index,
            tuple([player << 6 | card.index for player, card in view.played]), view.count,
            sum([1 << player for player in view.said_go]), view.goes,
            -1 if view.dealer is None else view.dealer, view.scores, view.side,
            None if view.counting is None else (
                view.counting[0], codes_of(view.counting[1]), view.counting[2],
                view.counting[3])))
        gathered.write(out)

    def observe_sparse(self, machine: CribbageMachine, seat: int, out: Nonzeros) -> None:
        self._gather(out, seat, machine.seen(seat))

    def _gather(self, out: Nonzeros, seat: int, seen: Seen) -> None:
        """The observation's entries that are not zero, from what ``seat`` sees in codes."""
        (phase, held, kept, laid, series, starter, played, count, said_go, goes, dealer, scores,
         side, counting) = seen
        n = self.players
        if phase == _DISCARD:
            out.one(0)
        elif phase == _PEGGING:
            out.one(1)
        elif phase == _SHOW:
            out.one(2)
        at = len(PHASES)
        for group in (held, kept, laid, series):
            for code in group:
                out.one(at + code)
            at += CARDS
        if starter >= 0:
            out.one(at + starter)
        at += CARDS
        last = len(series) - 1
        for back in range(min(RECENT, last + 1)):
            out.one(at + back * CARDS + series[last - back])
        at += RECENT * CARDS
        for play in played:
            out.one(at + ((play >> 6) - seat) % n * CARDS + (play & 63))
        at += n * CARDS
        out.value(at, min(count / self.limit, 1.0))
        at += 1
        for player in range(n):
            if said_go >> player & 1:
                out.one(at + (player - seat) % n)
        at += n
        if goes:  # the lowest count at which each seat could not play
            lowest = [0.0] * n
            for player, went in goes:
                slot = (player - seat) % n
                lowest[slot] = max(lowest[slot], 1.0 - went / self.limit)
            for slot in range(n):
                out.value(at + slot, lowest[slot])
        at += n
        if dealer >= 0:
            out.one(at + (dealer - seat) % n)
        at += n
        sides = self.sides
        for team in range(len(scores)):
            out.value(at + (team - side) % sides, min(scores[team] / self.target, 1.0))
        at += sides
        if self.cap and counting is not None:
            counter, cards, crib, declared = counting
            out.one(at + (counter - seat) % n)
            if crib:
                out.one(at + n)
            if declared >= 0:
                out.value(at + n + 1, declared / self.cap)
                out.one(at + n + 2)
            for code in cards:
                out.one(at + n + 3 + code)

    # -- actions by number, on the machine -----------------------------------------------------

    def legal_numbers(self, machine: CribbageMachine, seat: int) -> list[int]:
        phase = machine.phase
        if phase == _PEGGING:
            if machine.turn != seat:
                return []
            room = self.limit - machine.count
            numbers = [self.play_base + code for code in machine.hand_codes(seat)
                       if PIPS[code] <= room]
            return numbers or [self.go_id]
        if phase == _DISCARD:
            if machine.discarded[seat]:
                return []
            held = machine.hand_codes(seat)
            if self.discard == 1:
                return list(held)  # a card's own code is its number
            if self.discard == 2:
                return [_rank_pair(first, second) for first, second in combinations(held, 2)]
            return [_rank(sorted(cards)) for cards in combinations(held, self.discard)]
        if phase == _SHOW:
            return legal_by_view(self, machine, seat)
        return []

    def apply_number(self, machine: CribbageMachine, seat: int, number: int) -> None:
        if type(number) is not int or not 0 <= number < self.action_count:
            raise IllegalActionError(f"no action {number!r}: cribbage's numbers here are 0 to "
                                     f"{self.action_count - 1}")
        if number < self.play_base:
            cards = self._discard_codes[number]
            held = machine.hand_codes(seat)
            laid = tuple([code for code in held if code in cards])  # as the hand holds them
            machine.discard_codes(seat, laid if len(laid) == len(cards) else cards)
        elif number <= self.go_id:
            machine.play_code(seat, number - self.play_base if number < self.go_id else -1)
        else:
            apply_by_view(self, machine, seat, number)

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
            return "discard " + " ".join([str(DECK[code]) for code in self._discard_codes[number]])
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


def _rank_pair(first: int, second: int) -> int:
    """`_rank` of two card indices, in any order."""
    low, high = (first, second) if first < second else (second, first)
    return low + high * (high - 1) // 2


_BY_NUMBER: dict[int, list[tuple[int, ...]]] = {}
"""`_discards_by_number` of each size, made once."""


def _discards_by_number(size: int) -> list[tuple[int, ...]]:
    """Every set of ``size`` card indices (increasing), at its combinatorial number."""
    found = _BY_NUMBER.get(size)
    if found is None:
        found = [()] * comb(CARDS, size)
        for indices in combinations(range(CARDS), size):
            found[_rank(indices)] = indices
        _BY_NUMBER[size] = found
    return found
