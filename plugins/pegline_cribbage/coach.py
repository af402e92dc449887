"""The coach: a fixed evaluator with a bounded amount of computation.

It sees only its player's `CribbageView` (never another hand, the crib's hidden cards or the deck)
and does not claim perfect play. For a discard it gives the expected hand points (exact, over every
starter the player cannot see) and the expected crib effect (over a fixed sample of the unseen
cards), for a pegging play five checks: legal count, exact 15 or 31, same-rank
tail, run tail, and the risk of the reply. The same view always gets the same answer.

>>> from pegline_core import Game, parse_cards
>>> from pegline_cribbage.actions import Deal
>>> game = Game("two-player", dealer=1)
>>> _ = game.apply(Deal([parse_cards("5H 5C JD KS 2C 9H"), parse_cards("AS 2S 3S 4S 6S 7S")]))
>>> view = game.view(0)
>>> best = Coach(view.rules).evaluate(view).best
>>> sorted(str(c) for c in best.action.cards)     # the pone keeps 5-5-J-K, throws 2 and 9
['2C', '9H']
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from attrs import frozen

from pegline_core.cards import DECK, Card
from pegline_cribbage.actions import Discard, Play
from pegline_cribbage.bots import GreedyBot
from pegline_cribbage.combinations import PIPS, run_tail, same_rank_tail
from pegline_cribbage.scorer import Scorer
from pegline_cribbage.views import CribbageView

__all__ = ["Coach", "Evaluation", "Candidate", "CoachBot", "CRIB_SAMPLES"]

CRIB_SAMPLES = 60
"""Completions of the crib sampled per discard: the coach's whole budget beyond exact sums."""
NOT_PERFECT = ("A fixed evaluator with a bounded budget: exact expected hand points over every "
               f"starter, the crib from {CRIB_SAMPLES} sampled completions, one reply deep in "
               "pegging. It sees only your own cards and the table, and is not perfect play.")


@frozen
class Candidate:
    """One possible move, its value (higher is better for the player) and the reasons."""

    action: Discard | Play
    value: float
    reasons: tuple[tuple[str, object], ...]


@frozen
class Evaluation:
    """Every candidate, best first, for the decision the view is at."""

    decision: str
    candidates: tuple[Candidate, ...]
    note: str = NOT_PERFECT

    @property
    def best(self) -> Candidate:
        return self.candidates[0]


class Coach:
    """Evaluates a player's decision from that player's view only."""

    def __init__(self, scorer: Scorer) -> None:
        self.scorer = scorer
        self.variant = scorer.variant

    def evaluate(self, view: CribbageView) -> Evaluation | None:
        """The evaluation of the decision ``view`` is at, or None if there is nothing to choose."""
        if view.phase == "discard" and view.held and len(view.kept) == len(view.held):
            return self._discards(view)
        if view.phase == "pegging":
            return self._plays(view)
        return None

    def _sign(self) -> int:
        return -1 if self.scorer.settings.scoring.lowball else 1

    @staticmethod
    def _rng(view: CribbageView) -> random.Random:
        """Seeded from what the player can see, so the answer depends on nothing hidden."""
        seen = f"{view.seat}|{view.dealer}|{view.hand}|{sorted(c.index for c in view.held)}"
        return random.Random(int(hashlib.sha256(seen.encode()).hexdigest()[:16], 16))

    # -- discards ------------------------------------------------------------------------------

    def _discards(self, view: CribbageView) -> Evaluation:
        unseen = [c for c in DECK if c not in view.held]
        total = self.scorer.show_total
        settings = self.scorer.settings
        need = settings.crib_size(self.scorer.players) - settings.deal.discard
        mine = view.dealer is not None and self.variant.side_of(view.dealer) == view.side
        rng = self._rng(view)
        samples = [rng.sample(unseen, need + 1) for _ in range(CRIB_SAMPLES)]
        candidates = []
        for laid in combinations(view.held, settings.deal.discard):
            keep = tuple(c for c in view.held if c not in laid)
            hand = sum(total(keep, starter, crib=False) for starter in unseen) / len(unseen)
            crib = sum(total((*laid, *others), starter, crib=True)
                       for *others, starter in samples) / len(samples)
            value = self._sign() * (hand + (crib if mine else -crib))
            reasons = (("expected hand points", round(hand, 2)),
                       ("expected crib points", round(crib, 2)),
                       ("crib is", "yours" if mine else "the opponents'"),
                       ("total", round(hand + (crib if mine else -crib), 2)))
            candidates.append(Candidate(Discard(view.seat, laid), value, reasons))
        return Evaluation("discard", _ranked(candidates))

    # -- pegging -------------------------------------------------------------------------------

    def _plays(self, view: CribbageView) -> Evaluation | None:
        playable = [c for c in view.held if view.count + PIPS[c.index] <= view.limit]
        if not playable:
            return None
        seen = set(view.held) | {c for _, c in view.played} | ({view.starter} if view.starter
                                                                  else set())
        unseen = [c for c in DECK if c not in seen]
        candidates = []
        for card in playable:
            series = (*view.series, card)
            count = view.count + PIPS[card.index]
            now = sum(a.score.points for a in self.scorer.play(series, seat=view.seat))
            risk = self._reply_risk(series, count, unseen, view.seat, view.limit)
            reasons = (
                ("1 legal count", count),
                ("2 exact 15 or 31", count in (15, view.limit)),
                ("3 same-rank tail", same_rank_tail(series)),
                ("4 run tail", run_tail(series)),
                ("5 reply risk (expected points)", round(risk, 2)),
                ("points now", now),
            )
            candidates.append(Candidate(Play(view.seat, card), self._sign() * (now - risk),
                                        reasons))
        return Evaluation("play", _ranked(candidates))

    def _reply_risk(self, series: Sequence[Card], count: int, unseen: list[Card],
                    seat: int, limit: int) -> float:
        """Expected points of the next player's best-scoring reply, each unseen card as likely."""
        if count == limit or not unseen:
            return 0.0
        points = 0
        for reply in unseen:
            if count + PIPS[reply.index] <= limit:
                points += sum(a.score.points for a in self.scorer.play((*series, reply),
                                                                         seat=seat))
        return points / len(unseen)


def _ranked(candidates: list[Candidate]) -> tuple[Candidate, ...]:
    def order(c: Candidate) -> tuple[float, list[int]]:
        cards = c.action.cards if isinstance(c.action, Discard) else (c.action.card,)
        return (-c.value, [card.index for card in cards])

    return tuple(sorted(candidates, key=order))


class CoachBot:
    """Plays the coach's best candidate; declares and responds like the greedy bot."""

    def __init__(self, seed: int | None = None) -> None:
        self._greedy = GreedyBot(seed=seed)
        self._coach: Coach | None = None

    def choose(self, view: CribbageView, legal: Sequence[Any]) -> Any:
        if self._coach is None or self._coach.scorer is not view.rules:
            self._coach = Coach(view.rules)
        if isinstance(legal[0], Discard | Play):
            evaluation = self._coach.evaluate(view)
            if evaluation is not None:
                return evaluation.best.action
        return self._greedy.choose(view, legal)
