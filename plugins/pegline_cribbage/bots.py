"""Cribbage's greedy bot (and, with counting slips, the sloppy one); the coach bot builds on it.

Each sees only its `CribbageView` and the legal actions; it scores candidates with the view's
``rules`` (the game's own plugins).

>>> from pegline_core.players import play_game
>>> game = play_game("two-player", [GreedyBot(), GreedyBot(mistakes=0.3, seed=1)], seed=5)
>>> game.over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from mypy_extensions import mypyc_attr

from pegline_core.cards import DECK, Card
from pegline_core.events import Action
from pegline_cribbage.actions import Declare, Discard, Play, Respond
from pegline_cribbage.combinations import PIPS
from pegline_cribbage.views import CribbageView

__all__ = ["GreedyBot"]


@mypyc_attr(allow_interpreted_subclasses=True)  # a bot of one's own may extend it
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

    def choose(self, view: CribbageView, legal: Sequence[Action]) -> Action:
        first = legal[0]
        if isinstance(first, Declare | Respond):
            return self._count(view, first)
        if isinstance(first, Discard):
            starters = [c for c in DECK if c not in view.held]
            discards = [action for action in legal if isinstance(action, Discard)]
            return max(discards, key=lambda action: self._keep_value(view, action, starters))
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return first

        def value(action: Play) -> tuple[int, int]:
            series = (*view.series, action.card)
            points = sum(a.score.points for a in view.rules.play(series, seat=view.seat))
            return points, PIPS[action.card.index]

        return max(plays, key=value)

    def _count(self, view: CribbageView, first: Declare | Respond) -> Declare | Respond:
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
