"""The coach: a searching evaluator within a fixed budget of simulations.

It sees only its player's `CribbageView` (its own cards, the cards it laid away, the table; never
another hand, the crib's hidden cards or the deck) and does not claim perfect play. It imagines
the hidden cards from what the seat cannot see (a seat that said go holds nothing that fitted),
plays the rest of the hand out on light copies of the pegging (`pegline_cribbage.playout`) and
adds the exact expected value of the hand:

- a discard: the expected hand points (exact, over every starter the seat cannot see), the
  expected crib points (from a discard table: the crib beside what other players throw,
  `pegline_cribbage.crib_odds`) and, for the discards within reach of the best, the expected
  pegging of the hand (simulated);
- a pegging play: five checks (legal count, exact 15 or 31, same-rank tail, run
  tail, the risk of the best-scoring reply) and the expected pegging for the rest of the hand.

Near the end of the game points are not what counts: when a side may reach the target this
hand, each simulated hand is played on to its counting (in the order the rules count) and a won
or lost game is worth `WIN` points, so the coach races, or holds back, as the score asks.

``budget`` is the number of simulated hands per decision, shared by its candidates. Everything
is drawn from a generator seeded by the view, so the same view and budget give the same answer
and the hidden cards' order never matters.

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
from statistics import fmean
from typing import Any

from pegline_core.cards import DECK, Card
from pegline_core.coaching import Candidate, Evaluation
from pegline_core.errors import PeglineError
from pegline_cribbage.actions import Discard, Play
from pegline_cribbage.bots import GreedyBot
from pegline_cribbage.combinations import PIPS, run_tail, same_rank_tail
from pegline_cribbage.crib_odds import CRIB_DEALS
from pegline_cribbage.discards import crib_odds, discard_rows
from pegline_cribbage.playout import Pegging
from pegline_cribbage.scorer import Scorer
from pegline_cribbage.views import CribbageView

__all__ = ["Coach", "Evaluation", "Candidate", "CoachBot", "DEFAULT_BUDGET", "WIN"]

DEFAULT_BUDGET = 240
"""Simulated hands per decision when none is given (docs/coach.md: budget, strength, latency)."""
WIN = 30.0
"""What a won (or lost) game is worth in points, when a simulated hand decides the game."""
RACE = 60
"""A side within this many points of the target may win this hand: the hands are then played
on to their counting."""
SHORTLIST = 5
"""At most this many discards get their pegging simulated: those within `REACH` of the best."""
REACH = 2.5
"""Expected points behind the best hand and crib beyond which a discard is not simulated."""


def _note(budget: int) -> str:
    # the wording is translated as a pattern (pegline_cribbage.compare._NOTES): keep its shape;
    # the crib's completions are the discard table's (others' throws from a model of players)
    return (f"A searching evaluator with a fixed budget of {budget} simulated hands per "
            f"decision: exact expected hand points over every starter, the crib from "
            f"{CRIB_DEALS} sampled completions, the pegging played out against imagined "
            "hands. It sees only your own cards and the table, and is not perfect play.")


class Coach:
    """Evaluates a player's decision from that player's view only, within ``budget``.

    ``simulations`` counts the hands it has played out so far (never more than ``budget`` per
    decision).
    """

    def __init__(self, scorer: Scorer, *, budget: int = DEFAULT_BUDGET) -> None:
        if type(budget) is not int or budget < 0:
            raise PeglineError(f"the coach's budget is a whole number of simulations, "
                             f"not {budget!r}")
        self.scorer = scorer
        self.variant = scorer.variant
        self.budget = budget
        self.simulations = 0
        self.crib = crib_odds(scorer)  # one table per ruleset: every coach of it shares it
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
                f"{[(s, c.index) for s, c in view.played]}|{view.starter}|{view.count}|"
                f"{view.goes}")
        return random.Random(int(hashlib.sha256(seen.encode()).hexdigest()[:16], 16))

    @staticmethod
    def _unseen(view: CribbageView) -> list[Card]:
        seen = {*view.held, *view.kept, *view.laid, *(c for _, c in view.played)}
        if view.starter is not None:
            seen.add(view.starter)
        return [c for c in DECK if c not in seen]

    def _worlds(self, view: CribbageView, unseen: list[Card], n: int, rng: random.Random,
                size: int, spare: int) -> list[tuple[list[tuple[Card, ...]], list[Card]]]:
        """``n`` guesses of every other seat's cards still in hand (``size`` less what it has
        played), from the unseen cards, each with ``spare`` more unseen cards (the starter and
        the crib's hidden cards, where the finish is counted). A seat that said go holds only
        cards too big for the count it said it at (`_floors`), where the unseen cards allow."""
        played = [0] * view.players
        for seat, _card in view.played:
            played[seat] += 1
        others = [s for s in range(view.players) if s != view.seat]
        floors = self._floors(view)
        bound = sorted((s for s in others if floors[s]), key=lambda s: -floors[s])
        free = [s for s in others if not floors[s]]
        take_free = sum(size - played[s] for s in free) + spare
        worlds = []
        for _ in range(n):
            hands: list[tuple[Card, ...]] = [()] * view.players
            pool = unseen
            for s in bound:  # the most constrained first, from the cards its goes allow
                take = size - played[s]
                fits = [c for c in pool if PIPS[c.index] >= floors[s]]
                hands[s] = tuple(rng.sample(fits if len(fits) >= take else pool, take))
                pool = [c for c in pool if c not in hands[s]]
            drawn = rng.sample(pool, take_free)
            for s in free:
                take = size - played[s]
                hands[s], drawn = tuple(drawn[:take]), drawn[take:]
            worlds.append((hands, drawn))
        return worlds

    @staticmethod
    def _floors(view: CribbageView) -> list[int]:
        """The fewest pips each seat's cards in hand may have: a seat that said go at a count
        held no card that fitted under the limit, and it holds fewer cards now, not others."""
        floors = [0] * view.players
        for seat, count in view.goes:
            floors[seat] = max(floors[seat], view.limit - count + 1)
        return floors

    @staticmethod
    def _margin(view: CribbageView, points: Sequence[int]) -> float:
        """The seat's side's points less the other sides' average (hot: no `fmean`)."""
        mine = points[view.side]
        if len(points) == 2:
            return mine - points[1 - view.side]
        return mine - (sum(points) - mine) / max(1, len(points) - 1)

    def _needs(self, view: CribbageView) -> list[int] | None:
        """The points each side lacks of the target, when one may get them this hand (None
        otherwise, and in lowball, where reaching the target is not a win)."""
        if self._sign < 0 or max(view.scores) + RACE < view.target:
            return None
        return [view.target - score for score in view.scores]

    def _finish(self, view: CribbageView, needs: list[int], pegged: Sequence[int],
                shows: Sequence[tuple[Card, ...]], crib: tuple[Card, ...], starter: Card,
                dealer: int) -> int | None:
        """The side that reaches the target in the counting after the pegging, or None: the
        hands count from the dealer's left, the dealer's last, then the crib."""
        total = self.scorer.show_total
        side_of = self.pegging.side_of
        have = [p - n for p, n in zip(pegged, needs, strict=True)]  # >= 0: reached
        players = view.players
        for offset in range(1, players + 1):
            seat = (dealer + offset) % players
            side = side_of[seat]
            have[side] += total(shows[seat], starter, crib=False)
            if have[side] >= 0:
                return side
        side = side_of[dealer]
        have[side] += total(crib, starter, crib=True)
        return side if have[side] >= 0 else None

    def _won(self, view: CribbageView, winner: int | None) -> float:
        if winner is None:
            return 0.0
        return WIN if winner == view.side else -WIN

    # -- discards ------------------------------------------------------------------------------

    def _discards(self, view: CribbageView) -> Evaluation:
        unseen = self._unseen(view)
        mine = view.dealer is not None and self.variant.side_of(view.dealer) == view.side
        sides = len(view.scores)
        # the crib goes to one side: against the others' average, a rival's crib counts 1/(n-1)
        share = 1.0 if mine else -1.0 / max(1, sides - 1)
        rng = self._rng(view)
        sign = self._sign
        rows = [(row.laid, row.kept, row.hand, row.crib * share)
                for row in discard_rows(self.scorer, view.held, unseen, share=share)]
        rows.sort(key=lambda row: -sign * (row[2] + row[3]))
        top = sign * (rows[0][2] + rows[0][3])
        shortlist = [row for row in rows if top - sign * (row[2] + row[3]) <= REACH][:SHORTLIST]
        pegging = self._discard_pegging(view, [(row[0], row[1]) for row in shortlist], unseen,
                                        rng)
        simulated = fmean(pegging) if pegging else 0.0
        candidates = []
        skipped = "not simulated: the simulated discards' average" if pegging else \
            "not simulated: no budget"
        for i, (laid, _keep, hand, crib) in enumerate(rows):
            peg = pegging[i] if i < len(pegging) else simulated
            value = hand + crib + peg
            reasons = (("expected hand points", round(hand, 2)),
                       ("expected crib points", round(abs(crib / share), 2)),
                       ("crib is", "yours" if mine else "the opponents'"),
                       ("expected pegging (you - them)", round(peg, 2)),
                       ("pegging", "simulated" if i < len(pegging) else skipped),
                       ("total", round(value, 2)))
            candidates.append(Candidate(Discard(view.seat, laid), sign * value, reasons))
        return Evaluation("discard", _ranked(candidates), self._note)

    def _discard_pegging(self, view: CribbageView,
                         choices: list[tuple[tuple[Card, ...], tuple[Card, ...]]],
                         unseen: list[Card], rng: random.Random) -> list[float]:
        """Each (laid, kept) choice's expected pegging margin over the same imagined hands;
        near the end, with the game's finish counted in."""
        if not choices or view.dealer is None:
            return []
        n = self.budget // len(choices)
        if n == 0:
            return []
        dealer = view.dealer
        first = (dealer + 1) % view.players
        needs = self._needs(view)
        crib_others = self.scorer.settings.crib_size(view.players) - \
            self.scorer.settings.deal.discard
        worlds = self._worlds(view, unseen, n, rng, self.scorer.settings.hand_size(),
                              0 if needs is None else 1 + crib_others)
        out = []
        for laid, keep in choices:
            margins = []
            for hands, rest in worlds:
                hands[view.seat] = keep
                pegged, winner = self.pegging.race(hands, first, dealer, needs=needs)
                if needs is None:
                    margins.append(self._margin(view, pegged))
                    continue
                if winner is None:
                    starter, crib = rest[0], (*laid, *rest[1:1 + crib_others])
                    winner = self._finish(view, needs, pegged, hands, crib, starter, dealer)
                margins.append(self._margin(view, pegged) + self._won(view, winner))
            out.append(fmean(margins))
        self.simulations += n * len(choices)
        return out

    # -- pegging -------------------------------------------------------------------------------

    def _plays(self, view: CribbageView) -> Evaluation | None:
        playable = [c for c in view.held if view.count + PIPS[c.index] <= view.limit]
        if not playable or view.dealer is None:
            return None
        rng = self._rng(view)
        n = self.budget // len(playable)
        players, seat = view.players, view.seat
        needs = self._needs(view)
        crib_hidden = self.scorer.settings.crib_size(players) - len(view.laid)
        worlds = self._worlds(view, self._unseen(view), n, rng,
                              self.scorer.settings.hand_size(),
                              0 if needs is None else crib_hidden)
        last_player = view.played[-1][0] if view.series else None
        said_go = view.said_go
        peg = self.pegging
        sign = self._sign
        shows: list[list[Card]] = [[] for _ in range(players)]
        for s, card in view.played:
            shows[s].append(card)
        candidates = []
        for card in playable:
            series = (*view.series, card)
            count = view.count + PIPS[card.index]
            now = peg.play_points(series, seat, view.dealer)
            margins, risks = [], []
            for hands, rest in worlds:
                hands[seat] = view.held
                risks.append(self._best_reply(hands, series, count, seat, said_go,
                                              view.dealer))
                pegged, winner = peg.race(
                    hands, seat, view.dealer, count=view.count, series=view.series,
                    said_go=said_go, last_player=last_player, last_was_go=bool(said_go),
                    first=card, needs=needs)
                if needs is not None and winner is None and view.starter is not None:
                    full = [(*shows[s], *hands[s]) if s != seat else view.kept
                            for s in range(players)]
                    winner = self._finish(view, needs, pegged, full,
                                          (*view.laid, *rest[:crib_hidden]), view.starter,
                                          view.dealer)
                margins.append(self._margin(view, pegged) + self._won(view, winner))
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


class CoachBot:
    """Plays the coach's best candidate; counts, declares and answers like the greedy bot (it
    counts exactly and claims every point an opponent misses)."""

    def __init__(self, seed: int | None = None, *, budget: int = DEFAULT_BUDGET) -> None:
        self._greedy = GreedyBot(seed=seed)
        self.budget = budget
        self._coach: Coach | None = None

    def choose(self, view: CribbageView, legal: Sequence[Any]) -> Any:
        if self._coach is None or self._coach.scorer is not view.rules:
            # one coach per ruleset and budget: the games of a simulation share what it scored
            cache = view.rules.ruleset.cache
            key = f"coach-bot-{self.budget}"
            coach = cache.get(key)
            if coach is None or coach.scorer is not view.rules:
                coach = cache[key] = Coach(view.rules, budget=self.budget)
            self._coach = coach
        if isinstance(legal[0], Discard | Play) and len(legal) > 1:  # a forced card: no search
            evaluation = self._coach.evaluate(view)
            if evaluation is not None:
                return evaluation.best.action
        return self._greedy.choose(view, legal)
