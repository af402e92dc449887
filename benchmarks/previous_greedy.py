"""The greedy bot as it stood at commit 1b5684e (before coach v2), frozen for
`previous_coach.py`, which counts, declares and answers as it does (and plays a forced card
or a go through it). Unchanged from pegline_cribbage/bots.py of that commit but for this
docstring and the compiler's decorator.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pegline_core.cards import DECK, Card
from pegline_cribbage.actions import Declare, Discard, Play, Respond
from pegline_cribbage.combinations import PIPS
from pegline_cribbage.views import CribbageView

__all__ = ["GreedyBot"]


class GreedyBot:
    """Takes the most immediate points.

    Discards: keeps the cards whose show total, averaged over every starter it cannot see the
    other side of, is highest (crib and pegging are ignored). Plays: the card scoring the most
    pegging points now; ties go to the highest card, keeping low cards for later.

    When hands are counted by hand it counts its own exactly, or with ``mistakes`` (a
    probability per count) it forgets one fifteen or run, as people do; it answers another's
    count by comparing the declaration with the true count of the face-up cards.
    """

    def __init__(self, mistakes: float = 0.0, seed: int | None = None) -> None:
        self.mistakes = mistakes
        self.rng = random.Random(seed)

    def choose(self, view: CribbageView, legal: Sequence[Any]) -> Any:
        first = legal[0]
        if isinstance(first, Declare | Respond):
            return self._count(view, first)
        if isinstance(first, Discard):
            starters = [c for c in DECK if c not in view.held]
            return max(legal, key=lambda action: self._keep_value(view, action, starters))
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return first

        def value(action: Play) -> tuple[int, int]:
            series = (*view.series, action.card)
            points = sum(a.score.points for a in view.rules.play(series, seat=view.seat))
            return points, PIPS[action.card.index]

        return max(plays, key=value)

    def _count(self, view: CribbageView, first: Declare | Respond) -> Any:
        assert view.counting is not None and view.starter is not None
        seat, cards, crib, declared = view.counting
        result = view.rules.show(cards, view.starter, crib=crib, seat=seat)
        if isinstance(first, Declare):
            forgettable = [a.score.points for a in result.awards
                           if a.rule.id in ("show-fifteen", "show-run")]
            slip = self.rng.choice(forgettable) if forgettable and \
                self.rng.random() < self.mistakes else 0
            return Declare(view.seat, min(result.total - slip, view.max_declaration))
        if declared < result.total:
            return Respond(view.seat, "muggins", result.total - declared)
        if declared > result.total:
            return Respond(view.seat, "overcount")
        return Respond(view.seat, "accept")

    @staticmethod
    def _keep_value(view: CribbageView, action: Discard, starters: list[Card]) -> float:
        keep = tuple(c for c in view.held if c not in action.cards)
        total = view.rules.show_total
        return sum(total(keep, starter, crib=False) for starter in starters) / len(starters)
