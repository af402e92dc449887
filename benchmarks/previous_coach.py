"""The coach as it stood before coach v2 (issue 17), at commit 1b5684e, kept for the benchmark's
"against the previous coach" figure only: a copy, not part of the package.

It discarded by the exact hand value, the crib over 200 random completions and the pegging of a
shortlist of discards played out by the fast policy; it pegged by the same playouts, with no
regard for the score. Its playouts and its greedy bot are frozen beside it as they were at that
commit (previous_playout.py, previous_greedy.py), so the baseline stays put while the package's
own move on; it counts points by the game's rules (the game's `Scorer`), as the game does.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from itertools import combinations
from statistics import fmean
from typing import Any

from previous_greedy import GreedyBot
from previous_playout import Pegging

from pegline_core.cards import DECK, Card
from pegline_core.coaching import Candidate, Evaluation
from pegline_core.errors import PeglineError
from pegline_cribbage.actions import Discard, Play
from pegline_cribbage.combinations import PIPS, run_tail, same_rank_tail
from pegline_cribbage.scorer import Scorer
from pegline_cribbage.views import CribbageView

__all__ = ["PreviousCoach", "PreviousCoachBot"]

DEFAULT_BUDGET = 240
"""Simulated hands per decision when none is given (docs/coach.md: budget, strength, latency)."""
CRIB_SAMPLES = 200
"""Completions of the crib sampled per discard decision (each costs one count, no playout)."""
SHORTLIST = 5
"""At most this many discards get their pegging simulated: those within `REACH` of the best."""
REACH = 2.5
"""Expected points behind the best hand and crib beyond which a discard is not simulated."""


def _note(budget: int) -> str:
    return (f"A searching evaluator with a fixed budget of {budget} simulated hands per "
            f"decision: exact expected hand points over every starter, the crib from "
            f"{CRIB_SAMPLES} sampled completions, the pegging played out against imagined "
            "hands. It sees only your own cards and the table, and is not perfect play.")


class PreviousCoach:
    """Evaluates a player's decision from that player's view only, within ``budget``.

    ``simulations`` counts the hands it has played out so far (never more than ``budget`` per
    decision).
    """

    def __init__(self, scorer: Scorer, *, budget: int = DEFAULT_BUDGET,
                 crib_samples: int = CRIB_SAMPLES) -> None:
        if type(budget) is not int or budget < 0:
            raise PeglineError(f"the coach's budget is a whole number of simulations, "
                             f"not {budget!r}")
        self.scorer = scorer
        self.variant = scorer.variant
        self.budget = budget
        self.crib_samples = crib_samples
        self.simulations = 0
        self.pegging = Pegging(scorer)
        self._sign = -1 if scorer.settings.scoring.lowball else 1
        self._note = _note(budget)

    def evaluate(self, view: CribbageView) -> Evaluation | None:
        """The evaluation of the decision ``view`` is at, or None if there is nothing to choose."""
        if view.phase == "discard" and view.held and len(view.kept) == len(view.held):
            return self._discards(view)
        if view.phase == "pegging":
            return self._plays(view)
        return None

    @staticmethod
    def same(a: Any, b: Any) -> bool:
        """Whether two actions are one move (a discard's cards in any order)."""
        if isinstance(a, Discard) and isinstance(b, Discard):
            return a.seat == b.seat and sorted(a.cards) == sorted(b.cards)
        return bool(a == b)

    # -- what the seat cannot see --------------------------------------------------------------

    @staticmethod
    def _rng(view: CribbageView) -> random.Random:
        """Seeded from what the player can see, so the answer depends on nothing hidden."""
        seen = (f"{view.seat}|{view.dealer}|{view.hand}|{view.scores}|"
                f"{sorted(c.index for c in view.held)}|{sorted(c.index for c in view.laid)}|"
                f"{[(s, c.index) for s, c in view.played]}|{view.starter}|{view.count}")
        return random.Random(int(hashlib.sha256(seen.encode()).hexdigest()[:16], 16))

    @staticmethod
    def _unseen(view: CribbageView) -> list[Card]:
        seen = {*view.held, *view.kept, *view.laid, *(c for _, c in view.played)}
        if view.starter is not None:
            seen.add(view.starter)
        return [c for c in DECK if c not in seen]

    def _worlds(self, view: CribbageView, unseen: list[Card], n: int,
                rng: random.Random) -> list[list[tuple[Card, ...]]]:
        """``n`` guesses of every other seat's cards still in hand, from the unseen cards."""
        size = self.scorer.settings.hand_size()
        played = [0] * view.players
        for seat, _card in view.played:
            played[seat] += 1
        others = [s for s in range(view.players) if s != view.seat]
        worlds = []
        for _ in range(n):
            drawn = rng.sample(unseen, sum(size - played[s] for s in others))
            hands: list[tuple[Card, ...]] = [()] * view.players
            for s in others:
                take = size - played[s]
                hands[s], drawn = tuple(drawn[:take]), drawn[take:]
            worlds.append(hands)
        return worlds

    def _margin(self, view: CribbageView, points: Sequence[int]) -> float:
        """The seat's side's points less the other sides' average."""
        mine = points[view.side]
        others = [p for side, p in enumerate(points) if side != view.side]
        return mine - (fmean(others) if others else 0.0)

    # -- discards ------------------------------------------------------------------------------

    def _discards(self, view: CribbageView) -> Evaluation:
        unseen = self._unseen(view)
        scorer, settings = self.scorer, self.scorer.settings
        total = scorer.show_total
        need = settings.crib_size(scorer.players) - settings.deal.discard
        mine = view.dealer is not None and self.variant.side_of(view.dealer) == view.side
        rng = self._rng(view)
        samples = [rng.sample(unseen, need + 1) for _ in range(self.crib_samples)]
        sign = self._sign
        rows = []
        for laid in combinations(view.held, settings.deal.discard):
            keep = tuple(c for c in view.held if c not in laid)
            hand = sum(total(keep, starter, crib=False) for starter in unseen) / len(unseen)
            crib = sum(total((*laid, *others), starter, crib=True)
                       for *others, starter in samples) / max(1, len(samples))
            rows.append((laid, keep, hand, crib if mine else -crib))
        rows.sort(key=lambda row: -sign * (row[2] + row[3]))
        top = sign * (rows[0][2] + rows[0][3])
        shortlist = [row for row in rows if top - sign * (row[2] + row[3]) <= REACH][:SHORTLIST]
        pegging = self._discard_pegging(view, [row[1] for row in shortlist], unseen, rng)
        simulated = fmean(pegging) if pegging else 0.0
        candidates = []
        skipped = "not simulated: the simulated discards' average" if pegging else \
            "not simulated: no budget"
        for i, (laid, _keep, hand, crib) in enumerate(rows):
            peg = pegging[i] if i < len(pegging) else simulated
            value = hand + crib + peg
            reasons = (("expected hand points", round(hand, 2)),
                       ("expected crib points", round(abs(crib), 2)),
                       ("crib is", "yours" if mine else "the opponents'"),
                       ("expected pegging (you - them)", round(peg, 2)),
                       ("pegging", "simulated" if i < len(pegging) else skipped),
                       ("total", round(value, 2)))
            candidates.append(Candidate(Discard(view.seat, laid), sign * value, reasons))
        return Evaluation("discard", _ranked(candidates), self._note)

    def _discard_pegging(self, view: CribbageView, keeps: list[tuple[Card, ...]],
                         unseen: list[Card], rng: random.Random) -> list[float]:
        """Each kept hand's expected pegging margin, over the same imagined hands."""
        if not keeps or view.dealer is None:
            return []
        n = self.budget // len(keeps)
        if n == 0:
            return []
        worlds = self._worlds(view, unseen, n, rng)
        first = (view.dealer + 1) % view.players
        out = []
        for keep in keeps:
            margins = []
            for hands in worlds:
                hands[view.seat] = keep
                margins.append(self._margin(view, self.pegging.playout(hands, first,
                                                                       view.dealer)))
            out.append(fmean(margins))
        self.simulations += n * len(keeps)
        return out

    # -- pegging -------------------------------------------------------------------------------

    def _plays(self, view: CribbageView) -> Evaluation | None:
        playable = [c for c in view.held if view.count + PIPS[c.index] <= view.limit]
        if not playable or view.dealer is None:
            return None
        rng = self._rng(view)
        n = self.budget // len(playable)
        worlds = self._worlds(view, self._unseen(view), n, rng)
        players, seat = view.players, view.seat
        last_player = view.played[-1][0] if view.series else None
        # a seat that plays again after its own card heard every other seat say go
        said_go = frozenset(s for s in range(players) if s != seat) \
            if last_player == seat else frozenset()
        peg = self.pegging
        sign = self._sign
        candidates = []
        for card in playable:
            series = (*view.series, card)
            count = view.count + PIPS[card.index]
            now = peg.play_points(series, seat, view.dealer)
            margins, risks = [], []
            for hands in worlds:
                hands[seat] = view.held
                risks.append(self._best_reply(hands, series, count, seat, said_go,
                                              view.dealer))
                margins.append(self._margin(view, peg.playout(
                    hands, seat, view.dealer, count=view.count, series=view.series,
                    said_go=said_go, last_player=last_player, last_was_go=bool(said_go),
                    first=card)))
            expected = fmean(margins) if margins else float(now)
            risk = fmean(risks) if risks else 0.0
            reasons = (
                ("1 legal count", count),
                ("2 exact 15 or 31", count in (15, view.limit)),
                ("3 same-rank tail", same_rank_tail(series)),
                ("4 run tail", run_tail(series)),
                ("5 reply risk (expected points)", round(risk, 2)),
                ("points now", now),
                ("expected pegging, rest of hand (you - them)", round(expected, 2)),
            )
            candidates.append(Candidate(Play(seat, card), sign * expected, reasons))
        self.simulations += n * len(playable)
        return Evaluation("play", _ranked(candidates), self._note)

    def _best_reply(self, hands: list[tuple[Card, ...]], series: tuple[Card, ...], count: int,
                    seat: int, said_go: frozenset[int], dealer: int) -> int:
        """The points of the next player's best-scoring reply from the hand it holds here."""
        if count == self.pegging.limit:
            return 0
        players = len(hands)
        for offset in range(1, players):
            nxt = (seat + offset) % players
            if hands[nxt] and nxt not in said_go:
                break
        else:
            return 0
        room = self.pegging.limit - count
        scores = [self._sign * self.pegging.play_points((*series, c), nxt, dealer)
                  for c in hands[nxt] if PIPS[c.index] <= room]
        return self._sign * max(scores) if scores else 0


def _ranked(candidates: list[Candidate]) -> tuple[Candidate, ...]:
    def order(c: Candidate) -> tuple[float, list[int]]:
        cards = c.action.cards if isinstance(c.action, Discard) else (c.action.card,)
        return (-round(c.value, 9), [card.index for card in cards])

    return tuple(sorted(candidates, key=order))


class PreviousCoachBot:
    """Plays the coach's best candidate; counts, declares and answers like the greedy bot (it
    counts exactly and claims every point an opponent misses)."""

    def __init__(self, seed: int | None = None, *, budget: int = DEFAULT_BUDGET) -> None:
        self._greedy = GreedyBot(seed=seed)
        self.budget = budget
        self._coach: PreviousCoach | None = None

    def choose(self, view: CribbageView, legal: Sequence[Any]) -> Any:
        if self._coach is None or self._coach.scorer is not view.rules:
            # one coach per ruleset and budget: the games of a simulation share what it scored
            cache = view.rules.ruleset.cache
            key = f"previous-coach-bot-{self.budget}"
            coach = cache.get(key)
            if coach is None or coach.scorer is not view.rules:
                coach = cache[key] = PreviousCoach(view.rules, budget=self.budget)
            self._coach = coach
        if isinstance(legal[0], Discard | Play) and len(legal) > 1:  # (a forced card: the same
            evaluation = self._coach.evaluate(view)                   # move, found faster)
            if evaluation is not None:
                return evaluation.best.action
        return self._greedy.choose(view, legal)
