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

Where a win table ships for the variant (`pegline_cribbage.win_table`), the coach plays to win:
each candidate's value is the chance to win it leaves at the current score, in percent (a
discard's from the table's own hands, each side's points moved by what the discard is expected
to give it; a play's from its simulated hands counted to the end, or near the middle of the game
from its expected pegging beside the shows to come). Without one, near the end points are still
not what counts: when a side may reach the target this hand, each simulated hand is played on to
its counting (in the order the rules count) and a won or lost game is worth `WIN` points, so
the coach races, or holds back, as the score asks.

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
from pegline_core.events import Action
from pegline_core.messages import Template
from pegline_cribbage.actions import Discard, Play, move_cards
from pegline_cribbage.bots import GreedyBot
from pegline_cribbage.combinations import PIPS, run_tail, same_rank_tail
from pegline_cribbage.crib_odds import CRIB_DEALS
from pegline_cribbage.discards import crib_odds, discard_rows
from pegline_cribbage.phases import CribbagePhase
from pegline_cribbage.playout import Pegging
from pegline_cribbage.reading import PlayReading, keeper_for
from pegline_cribbage.scorer import Scorer
from pegline_cribbage.views import CribbageView
from pegline_cribbage.win_table import HandOdds, WinTable, check_variant, table_for

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


_NOTE = Template("cribbage.coach-note", "A searching evaluator with a fixed budget of {budget} "
                 "simulated hands per decision: exact expected hand points over every starter, "
                 "the crib from {samples} sampled completions, the pegging played out against "
                 "imagined hands. It sees only your own cards and the table, and is not perfect "
                 "play.", "pegline_cribbage")


def _note(budget: int) -> str:
    # the crib's completions are the discard table's (others' throws from a model of players)
    return _NOTE(budget=budget, samples=CRIB_DEALS)


class Coach:
    """Evaluates a player's decision from that player's view only, within ``budget``.

    ``reading`` imagines the other hands as a hand-keeping player keeps them; ``read_plays``
    also reads their plays as the greedy bot makes them (`pegline_cribbage.reading.PlayReading`:
    off by default, since it gains against greedy players and loses against others, docs/coach.md).

    ``simulations`` counts the hands it has played out so far (never more than ``budget`` per
    decision).
    """

    def __init__(self, scorer: Scorer, *, budget: int = DEFAULT_BUDGET,
                 win_table: WinTable | bool = True, reading: bool = True,
                 read_plays: bool = False) -> None:
        if type(budget) is not int or budget < 0:
            raise PeglineError(f"the coach's budget is a whole number of simulations, "
                             f"not {budget!r}")
        if isinstance(win_table, WinTable):
            check_variant(scorer.variant)
            if win_table.target != scorer.variant.settings.scoring.target:
                raise PeglineError(f"a win table to {win_table.target} is not for a game to "
                                   f"{scorer.variant.settings.scoring.target}")
            self.table: WinTable | None = win_table
        elif type(win_table) is bool:
            self.table = table_for(scorer.variant) if win_table else None
        else:
            raise PeglineError(f"win_table is a WinTable, True (the shipped one, if any) or "
                               f"False, not {win_table!r}")
        if type(reading) is not bool:
            raise PeglineError(f"reading is True (imagined hands as a hand-keeping player "
                               f"keeps them) or False (any unseen cards), not {reading!r}")
        if type(read_plays) is not bool:
            raise PeglineError(f"read_plays is True (the others' plays read as the greedy bot "
                               f"makes them) or False, not {read_plays!r}")
        self.scorer = scorer
        self.variant = scorer.variant
        self.budget = budget
        self.simulations = 0
        self.crib = crib_odds(scorer)  # one table per ruleset: every coach of it shares it
        self.odds = None if self.table is None else hand_odds(scorer, self.table)
        self.keeper = keeper_for(scorer) if reading else None
        self.read_plays = reading and read_plays
        self.pegging = Pegging(scorer)
        self._sign = -1 if scorer.settings.scoring.lowball else 1
        self._note = _note(budget)

    def evaluate(self, view: CribbageView) -> Evaluation | None:
        """The evaluation of the decision ``view`` is at, or None if there is nothing to choose."""
        if view.phase == CribbagePhase.DISCARD and view.held and len(view.kept) == len(view.held):
            return self._discards(view)
        if view.phase == CribbagePhase.PEGGING:
            return self._plays(view)
        return None

    @staticmethod
    def same(a: Action, b: Action) -> bool:
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
        if self.keeper is not None:
            return self._read_worlds(view, unseen, n, rng, floors, bound + free, spare)
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

    def _read_worlds(self, view: CribbageView, unseen: list[Card], n: int, rng: random.Random,
                     floors: list[int], others: list[int], spare: int
                     ) -> list[tuple[list[tuple[Card, ...]], list[Card]]]:
        """`_worlds` with each other seat's hand as a hand-keeping player kept it, agreeing
        with what it has played (`pegline_cribbage.reading`); its thrown cards are the crib's.
        With `read_plays`, a seat that has played holds what its plays make likely
        (`PlayReading`)."""
        assert self.keeper is not None
        played: list[list[Card]] = [[] for _ in range(view.players)]
        for seat, card in view.played:
            played[seat].append(card)
        reading = PlayReading(view, self.pegging) if view.played and self.read_plays else None
        throws = self.keeper.dealt - self.keeper.kept
        worlds = []
        for _ in range(n):
            hands: list[tuple[Card, ...]] = [()] * view.players
            pool = unseen
            crib: list[Card] = []
            for s in others:  # the most constrained first
                fits = [c for c in pool if PIPS[c.index] >= floors[s]] if floors[s] else None
                if reading is None or not played[s]:
                    hands[s], thrown = self.keeper.imagine(pool, played[s], rng, fits)
                else:
                    hands[s] = reading.hand(s, played[s], self.keeper.kept, pool, fits, rng)
                    thrown = tuple(rng.sample([c for c in pool if c not in hands[s]], throws))
                crib.extend(thrown)
                gone = {*hands[s], *thrown}
                pool = [c for c in pool if c not in gone]
            drawn = rng.sample(pool, spare)
            rest = [*drawn[:1], *crib, *drawn[1:]] if view.starter is None else [*crib, *drawn]
            worlds.append((hands, rest[:spare]))
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
                dealer: int) -> tuple[int | None, list[int]]:
        """The side that reaches the target in the counting after the pegging, or None: the
        hands count from the dealer's left, the dealer's last, then the crib. With it, each
        side's points less what it needed."""
        total = self.scorer.show_total
        side_of = self.pegging.side_of
        have = [p - n for p, n in zip(pegged, needs, strict=True)]  # >= 0: reached
        players = view.players
        for offset in range(1, players + 1):
            seat = (dealer + offset) % players
            side = side_of[seat]
            have[side] += total(shows[seat], starter, crib=False)
            if have[side] >= 0:
                return side, have
        side = side_of[dealer]
        have[side] += total(crib, starter, crib=True)
        return (side if have[side] >= 0 else None), have

    def _won(self, view: CribbageView, winner: int | None) -> float:
        if winner is None:
            return 0.0
        return WIN if winner == view.side else -WIN

    def _counted(self, view: CribbageView, winner: int | None, have: list[int]) -> float:
        """The chance a simulated hand leaves once counted: the game won or lost in it, or the
        table's chance at the scores it ends on (each side's ``have`` past its need), the other
        side dealing next."""
        if winner is not None:
            return 1.0 if winner == view.side else 0.0
        assert self.table is not None and view.dealer is not None
        finals = [view.target + h for h in have]
        won = self.table.chance(finals, 1 - self.variant.side_of(view.dealer))
        return won if view.side == 0 else 1.0 - won

    def _chances(self, view: CribbageView, expected: Sequence[tuple[float, float]], *,
                 whole: bool) -> list[float]:
        """The seat's side's chance to win with each (seat's side, other side) expected points
        still to come this hand (`HandOdds`: the hand's spread is the table's hands')."""
        assert self.odds is not None and view.dealer is not None
        dealer_side = self.variant.side_of(view.dealer)
        mine = dealer_side == view.side
        pone_mean, dealer_mean = self.odds.means["whole" if whole else "shows"]
        shifts = [((them if mine else me) - pone_mean, (me if mine else them) - dealer_mean)
                  for me, them in expected]
        scores = (view.scores[dealer_side], view.scores[1 - dealer_side])
        won = self.odds.chances(scores, shifts, whole=whole)
        return won if mine else [1.0 - w for w in won]

    def _scored(self, view: CribbageView, points: float, chance: float | None,
                reasons: tuple[tuple[str, object], ...]) -> tuple[float, tuple[
                    tuple[str, object], ...]]:
        """A candidate's value and reasons: its points, or with a win table its chance to win
        (in percent, beside the points)."""
        if chance is None:
            return self._sign * points, reasons
        return 100 * chance, (*reasons, ("win chance (%)", round(100 * chance, 1)))

    # -- discards ------------------------------------------------------------------------------

    def _discards(self, view: CribbageView) -> Evaluation:
        unseen = self._unseen(view)
        mine = view.dealer is not None and self.variant.side_of(view.dealer) == view.side
        sides = len(view.scores)
        # the crib goes to one side: against the others' average, a rival's crib counts 1/(n-1)
        share = 1.0 if mine else -1.0 / max(1, sides - 1)
        rng = self._rng(view)
        sign = self._sign
        rows = [(row.laid, row.kept, row.hand, row.crib * share, row.crib)
                for row in discard_rows(self.scorer, view.held, unseen, share=share)]
        rows.sort(key=lambda row: -sign * (row[2] + row[3]))
        top = sign * (rows[0][2] + rows[0][3])
        shortlist = [row for row in rows if top - sign * (row[2] + row[3]) <= REACH][:SHORTLIST]
        pegging = self._discard_pegging(view, [(row[0], row[1]) for row in shortlist], unseen,
                                        rng)
        simulated = fmean(p.margin for p in pegging) if pegging else 0.0
        sides = len(view.scores)
        average = [fmean(p.pegged[s] for p in pegging) if pegging else 0.0
                   for s in range(sides)]
        chances = self._discard_chances(view, rows, pegging, average) \
            if self.odds is not None and view.dealer is not None else None
        candidates = []
        skipped = "not simulated: the simulated discards' average" if pegging else \
            "not simulated: no budget"
        for i, (laid, _keep, hand, crib, _crib) in enumerate(rows):
            outlook = pegging[i] if i < len(pegging) else None
            peg = outlook.margin if outlook else simulated
            value = hand + crib + peg
            chance = chances[i] if chances else None
            reasons = (("expected hand points", round(hand, 2)),
                       ("expected crib points", round(abs(crib / share), 2)),
                       ("crib is", "yours" if mine else "the opponents'"),
                       ("expected pegging (you - them)", round(peg, 2)),
                       ("pegging", "simulated" if outlook else skipped),
                       ("total", round(value, 2)))
            candidates.append(Candidate(Discard(view.seat, laid),
                                        *self._scored(view, value, chance, reasons)))
        return Evaluation("discard", _ranked(candidates), self._note)

    def _discard_chances(self, view: CribbageView, rows: Sequence[tuple[Any, Any, float,
                                                                      float, float]],
                         pegging: Sequence[Outlook], average: Sequence[float]) -> list[float]:
        """Each discard's chance to win: its expected hand, crib and pegging beside the other
        side's expected hand (the table's) and, in the dealer's, the heels."""
        assert self.odds is not None and view.dealer is not None
        mine = self.variant.side_of(view.dealer) == view.side
        me, other = view.side, 1 - view.side
        hand_mean, heels = self.odds.means["shows"][0], self.odds.heels
        expected = []
        for i, (_laid, _keep, hand, _share, crib) in enumerate(rows):
            pegged = pegging[i].pegged if i < len(pegging) else average
            dealer = crib + heels
            expected.append((hand + pegged[me] + (dealer if mine else 0.0),
                             hand_mean + pegged[other] + (0.0 if mine else dealer)))
        return self._chances(view, expected, whole=True)

    def _discard_pegging(self, view: CribbageView,
                         choices: list[tuple[tuple[Card, ...], tuple[Card, ...]]],
                         unseen: list[Card], rng: random.Random) -> list[Outlook]:
        """Each (laid, kept) choice's expected pegging over the same imagined hands; near the
        end without a win table, with the game's finish counted in (the table's odds count it
        otherwise)."""
        if not choices or view.dealer is None:
            return []
        n = self.budget // len(choices)
        if n == 0:
            return []
        dealer = view.dealer
        first = (dealer + 1) % view.players
        needs = None if self.odds is not None else self._needs(view)  # the odds count the end
        crib_others = self.scorer.settings.crib_size(view.players) - \
            self.scorer.settings.deal.discard
        worlds = self._worlds(view, unseen, n, rng, self.scorer.settings.hand_size(),
                              0 if needs is None else 1 + crib_others)
        out = []
        for laid, keep in choices:
            outlook = Outlook(len(view.scores))
            for hands, rest in worlds:
                hands[view.seat] = keep
                pegged, winner = self.pegging.race(hands, first, dealer, needs=needs)
                if needs is None:
                    outlook.add(self._margin(view, pegged), pegged)
                    continue
                if winner is None:
                    starter, crib = rest[0], (*laid, *rest[1:1 + crib_others])
                    winner, _have = self._finish(view, needs, pegged, hands, crib, starter,
                                                 dealer)
                outlook.add(self._margin(view, pegged) + self._won(view, winner), pegged)
            out.append(outlook.done())
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
        shows: list[list[Card]] = [[] for _ in range(players)]
        for s, card in view.played:
            shows[s].append(card)
        tabled = self.odds is not None and view.starter is not None
        candidates, outlooks = [], []
        for card in playable:
            series = (*view.series, card)
            count = view.count + PIPS[card.index]
            now = peg.play_points(series, seat, view.dealer)
            outlook, risks = Outlook(len(view.scores)), []
            for hands, rest in worlds:
                hands[seat] = view.held
                risks.append(self._best_reply(hands, series, count, seat, said_go,
                                              view.dealer))
                pegged, winner = peg.race(
                    hands, seat, view.dealer, count=view.count, series=view.series,
                    said_go=said_go, last_player=last_player, last_was_go=bool(said_go),
                    first=card, needs=needs)
                chance = None
                if needs is not None and view.starter is not None:
                    have = [p - need for p, need in zip(pegged, needs, strict=True)]
                    if winner is None:
                        full = [(*shows[s], *hands[s]) if s != seat else view.kept
                                for s in range(players)]
                        winner, have = self._finish(view, needs, pegged, full,
                                                    (*view.laid, *rest[:crib_hidden]),
                                                    view.starter, view.dealer)
                    if tabled:
                        chance = self._counted(view, winner, have)
                outlook.add(self._margin(view, pegged) + self._won(view, winner), pegged,
                            chance)
            done = outlook.done() if worlds else None
            expected = done.margin if done else float(now)
            risk = fmean(risks) if risks else 0.0
            outlooks.append(done)
            reasons = (
                ("1 legal count", count),
                ("2 exact 15 or 31", count in (15, view.limit)),
                ("3 same-rank tail", same_rank_tail(series)),
                ("4 run tail", run_tail(series)),
                ("5 reply risk (expected points)", round(risk, 2)),
                ("points now", now),
                ("expected pegging, rest of hand (you - them)", round(expected, 2)),
            )
            candidates.append(Candidate(Play(seat, card), expected, reasons))
        self.simulations += n * len(playable)
        chances = self._play_chances(view, outlooks) if tabled else [None] * len(candidates)
        candidates = [Candidate(c.action, *self._scored(view, c.value, chance, c.reasons))
                      for c, chance in zip(candidates, chances, strict=True)]
        return Evaluation("play", _ranked(candidates), self._note)

    def _play_chances(self, view: CribbageView,
                      outlooks: Sequence[Outlook | None]) -> list[float | None]:
        """Each play's chance to win: counted in its simulated hands near the end, otherwise
        its expected pegging beside the shows (the seat's own exact, the other's the table's,
        the crib as the discard table expects it)."""
        if any(o is None for o in outlooks):
            return [None] * len(outlooks)  # no budget: nothing simulated
        done = [o for o in outlooks if o is not None]
        if all(o.chance is not None for o in done):
            return [o.chance for o in done]
        assert self.odds is not None and view.starter is not None and view.dealer is not None
        mine = self.variant.side_of(view.dealer) == view.side
        me, other = view.side, 1 - view.side
        shown = self.scorer.show_total(view.kept, view.starter, crib=False)
        crib = self.crib.expected(view.laid)
        hand_mean = self.odds.means["shows"][0]
        expected = [(o.pegged[me] + shown + (crib if mine else 0.0),
                     o.pegged[other] + hand_mean + (0.0 if mine else crib)) for o in done]
        return list(self._chances(view, expected, whole=False))

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


class Outlook:
    """What one candidate's simulated hands came to: the mean margin, each side's mean pegging
    and, where the game's finish was counted with a win table, the mean chance to win."""

    def __init__(self, sides: int) -> None:
        self.margin = 0.0
        self.pegged = [0.0] * sides
        self.chance: float | None = None
        self._n = 0

    def add(self, margin: float, pegged: Sequence[int], chance: float | None = None) -> None:
        self._n += 1
        self.margin += margin
        for side, points in enumerate(pegged):
            self.pegged[side] += points
        if chance is not None:
            self.chance = (self.chance or 0.0) + chance

    def done(self) -> Outlook:
        """The sums made means (over at least one hand)."""
        n = self._n
        self.margin /= n
        self.pegged = [p / n for p in self.pegged]
        if self.chance is not None:
            self.chance /= n
        return self


def hand_odds(scorer: Scorer, table: WinTable) -> HandOdds:
    """``table``'s odds, built once per ruleset and table and shared by its coaches."""
    cache = scorer.ruleset.cache
    odds = cache.get("win-odds")
    if not isinstance(odds, HandOdds) or odds.table is not table:
        odds = cache["win-odds"] = HandOdds(table)
    return odds


def _ranked(candidates: list[Candidate]) -> tuple[Candidate, ...]:
    def order(c: Candidate) -> tuple[float, list[int]]:
        cards = move_cards(c.action)
        return (-round(c.value, 9), [card.index for card in cards])

    return tuple(sorted(candidates, key=order))


class CoachBot:
    """Plays the coach's best candidate; counts, declares and answers like the greedy bot (it
    counts exactly and claims every point an opponent misses)."""

    def __init__(self, seed: int | None = None, *, budget: int = DEFAULT_BUDGET,
                 win_table: bool = True, reading: bool = True, read_plays: bool = False) -> None:
        self._greedy = GreedyBot(seed=seed)
        self.budget = budget
        self.win_table = win_table
        self.reading = reading
        self.read_plays = read_plays
        self._coach: Coach | None = None

    def choose(self, view: CribbageView, legal: Sequence[Action]) -> Action:
        if self._coach is None or self._coach.scorer is not view.rules:
            # one coach per ruleset and budget: the games of a simulation share what it scored
            cache = view.rules.ruleset.cache
            key = f"coach-bot-{self.budget}-{self.win_table}-{self.reading}-{self.read_plays}"
            coach = cache.get(key)
            if coach is None or coach.scorer is not view.rules:
                coach = cache[key] = Coach(view.rules, budget=self.budget,
                                           win_table=self.win_table, reading=self.reading,
                                           read_plays=self.read_plays)
            self._coach = coach
        if isinstance(legal[0], Discard | Play) and len(legal) > 1:  # a forced card: no search
            evaluation = self._coach.evaluate(view)
            if evaluation is not None:
                return evaluation.best.action
        return self._greedy.choose(view, legal)
