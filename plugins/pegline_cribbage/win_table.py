"""Win chances by board position: how likely each side is to win from any score, for a
two-sided cribbage variant, computed backward from the end of the game over the joint
distribution of one hand's points.

The distribution comes from the engine's own play: hands dealt at love-all and played out by
two coaches (`play_hands`), each hand's points split by who scored them and when. From it,
`solve` works back from the target: the chance that the side about to deal wins, at every pair
of scores. Within a hand the points count in the rules' order: the dealer's heels, the pegging
point by point as it was played, the pone's hand, then the dealer's hand and crib. The first
side to reach the target wins there and then (at 120 all, whoever pegs first).

The tables of the standard games to 121 and to 61 ship with Pegline (`WinTable.shipped`), each
with the command that made it and its sampling error; ``pegline analyze win-table`` makes one
for any two-sided variant.

>>> table = WinTable.shipped("two-player")
>>> table.target, round(table.chance((0, 0), dealer=0), 2)   # the first dealer's edge
(121, 0.56)
>>> table.chance((120, 100), dealer=1) > 0.99                 # a point to go, 21 against
True
"""

from __future__ import annotations

import functools
import json
import math
import random
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import TYPE_CHECKING

from attrs import frozen

from pegline_core.definition import Player
from pegline_core.errors import PeglineError
from pegline_core.events import Scored
from pegline_core.game import Game
from pegline_core.messages import Template
from pegline_core.ruleset import Ruleset
from pegline_core.turns import Chance
from pegline_core.variant import Variant
from pegline_cribbage.phases import CribbagePhase

if TYPE_CHECKING:
    import numpy as np

__all__ = ["WinTable", "HandOdds", "Outcome", "table_for", "hand_outcome", "play_hands",
           "first_hand", "solve", "sampling_error", "check_variant", "REFUSALS"]

Outcome = tuple[int, tuple[int, ...], int, int]
"""One hand's points in counting order: the dealer's heels; each score of the pegging in turn,
the pone's as a positive number and the dealer's as a negative one; the pone's hand; the
dealer's hand and crib."""

SHIPPED = ("two-player", "two-player-61")
"""The variants whose tables ship as package data (``win_tables/NAME.json``)."""


REFUSALS = (
    Template("cribbage.win-table.game", "{name} is not a cribbage variant", "pegline_cribbage"),
    Template("cribbage.win-table.players", "{name}: a win table is for two players, not {players}",
             "pegline_cribbage"),
    Template("cribbage.win-table.lowball", "{name}: in lowball reaching the target loses; a win "
             "table is for the side that reaches it first", "pegline_cribbage"),
    Template("cribbage.win-table.counted", "{name}: hands counted by the players are not modelled",
             "pegline_cribbage"),
)
"""Why a variant has no win table (`check_variant`)."""
NEVER_ENDS = Template("cribbage.win-table.never-ends", "no hand scored a point: a game would "
                      "never end", "pegline_cribbage")


@functools.cache
def _shipped(name: str) -> WinTable:
    return WinTable.shipped(name)


def table_for(variant: Variant) -> WinTable | None:
    """The table that ships for ``variant`` (by its name, where its target is the table's and it
    passes `check_variant`), read once per process; None where none does."""
    if variant.name not in SHIPPED:
        return None
    try:
        check_variant(variant)
    except PeglineError:
        return None
    table = _shipped(variant.name)
    return table if table.target == variant.settings.scoring.target else None


def check_variant(variant: Variant) -> None:
    """`PeglineError` unless the variant has two players who reach a target to win, and the
    engine counts their hands (a table models no declarations)."""
    from pegline_cribbage.machine import common
    from pegline_cribbage.settings import CribbageSettings

    settings = variant.settings
    refused = None
    if not isinstance(settings, CribbageSettings):
        refused = REFUSALS[0]
    elif len(variant.sides) != 2 or variant.table.players != 2:
        refused = REFUSALS[1]
    elif settings.scoring.lowball:
        refused = REFUSALS[2]
    elif common(Ruleset(variant)).counting is not None:
        refused = REFUSALS[3]
    if refused is not None:
        raise PeglineError(refused(name=variant.name, players=variant.table.players))


def hand_outcome(game: Game) -> Outcome:
    """The points of ``game``'s first hand (dealt by seat 0), in counting order."""
    heels = pone_show = dealer_show = 0
    pegging: list[int] = []
    for event in game.log:
        if not isinstance(event, Scored) or event.hand != 1 or not event.points:
            continue
        dealer = event.side == 0
        if event.phase == CribbagePhase.STARTER:
            heels += event.points
        elif event.phase == CribbagePhase.PEGGING:
            pegging.append(-event.points if dealer else event.points)
        elif dealer:
            dealer_show += event.points
        else:
            pone_show += event.points
    return heels, tuple(pegging), pone_show, dealer_show


def play_hands(variant: Variant, seed: int, budget: int, start: int,
               count: int) -> Counter[Outcome]:
    """Hands ``start`` .. ``start + count - 1``, each dealt from its own seed at love-all and
    played by two coaches of ``budget``: how often each outcome came. (Its arguments pickle, so
    `pegline_core.app.simulate.run_chunks` can play chunks on other processes.)"""
    from pegline_cribbage.coach import CoachBot

    check_variant(variant)
    ruleset = Ruleset(variant)
    found: Counter[Outcome] = Counter()
    for index in range(start, start + count):
        # the coach the shipped tables were made with: of points, not of a table, imagining
        # any unseen cards (so the same seed makes the same hands)
        coaches = [CoachBot(budget=budget, win_table=False, reading=False) for _ in range(2)]
        game = first_hand(ruleset, random.Random((seed << 32) + index), coaches)
        found[hand_outcome(game)] += 1
    return found


def first_hand(ruleset: Ruleset, rng: random.Random, players: Sequence[Player]) -> Game:
    """A game dealt by seat 0, played by ``players`` (chance drawn from ``rng``) to the end of
    its first hand: the next deal, or the end of the game."""
    game = Game(ruleset.variant, dealer=0, ruleset=ruleset)
    while not game.over and not (game.hand == 1 and game.phase == CribbagePhase.DEAL):
        to_act = game.to_act
        if isinstance(to_act, Chance):
            game.apply(game.chance_action(rng))
        else:
            seat = to_act[0]
            game.apply(players[seat].choose(game.view(seat), game.legal_actions(seat)))
    return game


def solve(outcomes: Mapping[Outcome, int], target: int) -> list[list[float]]:
    """The chance that the side about to deal wins, ``[dealer's score][pone's score]``, for
    every score below ``target``; exact for the given outcome frequencies (numpy)."""
    import numpy as np

    if not outcomes or sum(outcomes.values()) <= 0:
        raise PeglineError("a win table needs at least one hand")
    keys = list(outcomes)
    weight = np.array([outcomes[k] for k in keys], dtype=np.float64)
    weight /= weight.sum()
    # a hand that scores nothing leaves the scores as they were, the deal passed on: those
    # hands are solved exactly with the position's mirror image, on the same diagonal
    scoreless = np.array([not (h or peg or p or d) for h, peg, p, d in keys])
    nothing = float(weight[scoreless].sum())
    if nothing > 1 - 1e-12:
        raise PeglineError(NEVER_ENDS())
    weight[scoreless] = 0.0
    heels = np.array([k[0] for k in keys])
    pone_show = np.array([k[2] for k in keys])
    dealer_show = np.array([k[3] for k in keys])
    longest = max(1, *(len(k[1]) for k in keys))
    pegs = np.zeros((len(keys), longest), dtype=np.int64)
    for row, key in enumerate(keys):
        pegs[row, :len(key[1])] = key[1]
    pone_cum, dealer_cum = np.maximum(pegs, 0).cumsum(1), np.maximum(-pegs, 0).cumsum(1)
    pone_first, pone_pegged = _first_reach(pone_cum, longest)
    dealer_first, dealer_pegged = _first_reach(dealer_cum, longest)
    every = np.arange(len(keys))[None, :]
    wins = np.zeros((target, target))
    top = target - 1
    for total in range(2 * top, -1, -1):  # every hand adds a point: later positions first
        dealer = np.arange(max(0, total - top), min(top, total) + 1)[:, None]
        pone = total - dealer
        d1 = dealer + heels
        # the pegging, point by point: the event at which each side reaches the target
        pone_at = pone_first[every, np.minimum(target - pone, pone_first.shape[1]) - 1]
        dealer_at = dealer_first[every, np.clip(target - d1, 1, dealer_first.shape[1]) - 1]
        p2 = pone + pone_pegged + pone_show
        d3 = d1 + dealer_pegged + dealer_show
        # the next hand is dealt by the other side: its chance, seen from this dealer
        later = 1.0 - wins[np.minimum(p2, top), np.minimum(d3, top)]
        value = np.where(d1 >= target, 1.0, np.where(pone_at < dealer_at, 0.0, np.where(
            dealer_at < longest, 1.0, np.where(p2 >= target, 0.0, np.where(
                d3 >= target, 1.0, later)))))
        scored = value @ weight
        mirror = scored[total - dealer[:, 0] - dealer[0, 0]]  # the scores swapped
        wins[dealer[:, 0], pone[:, 0]] = (scored + nothing * (1 - mirror) - nothing ** 2) / (
            1 - nothing ** 2)
    return [[round(float(x), 6) + 0.0 for x in row] for row in np.clip(wins, 0.0, 1.0)]


def _first_reach(cumulative: np.ndarray, never: int) -> tuple[np.ndarray, np.ndarray]:
    """For each hand, the pegging event at which a side's points first reach 1, 2, ... (one
    column per need, the last one past every total: ``never``), and its pegging total."""
    import numpy as np

    totals = cumulative[:, -1]
    needs = np.arange(1, int(totals.max()) + 2)
    reached = cumulative[:, :, None] >= needs[None, None, :]
    first = np.where(reached.any(axis=1), reached.argmax(axis=1), never)
    return first, totals


FEWEST_FOR_ERROR = 100
"""Below this many hands a resampled table's spread says nothing: no error is given."""


def sampling_error(outcomes: Mapping[Outcome, int], target: int, *, rounds: int = 5,
                   seed: int = 0) -> float | None:
    """The largest standard error over every position of a table solved from ``outcomes``:
    the spread of tables solved from resampled hands (a bootstrap of ``rounds``); None for
    fewer than `FEWEST_FOR_ERROR` hands."""
    import numpy as np

    keys = list(outcomes)
    counts = np.array([outcomes[k] for k in keys])
    hands = int(counts.sum())
    if hands < FEWEST_FOR_ERROR:
        return None
    rng = np.random.default_rng(seed)
    tables = []
    for _ in range(rounds):
        drawn = rng.multinomial(hands, counts / hands)
        tables.append(np.array(solve({k: int(n) for k, n in zip(keys, drawn, strict=True)
                                      if n}, target)))
    return float(np.array(tables).std(axis=0, ddof=1).max())


_FIELDS = ("variant", "target", "hands", "seed", "budget", "error", "made_by", "dealer_wins",
           "outcomes")


def _whole(value: object) -> bool:
    return type(value) is int


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _outcome(item: object) -> bool:
    """Whether ``item`` is an outcome's JSON form: [heels, pegging, pone, dealer, count]."""
    return (isinstance(item, list) and len(item) == 5
            and all(_whole(item[i]) and item[i] >= 0 for i in (0, 2, 3))
            and isinstance(item[1], list) and all(_whole(x) and x != 0 for x in item[1])
            and _whole(item[4]) and item[4] >= 1)


def _need(ok: bool, key: str, what: str, got: object) -> None:
    if not ok:
        raise PeglineError(f"not a win table: {key} must be {what}, not {got!r}")


@frozen
class WinTable:
    """The chance that the side about to deal wins, from every pair of scores below the target.

    ``dealer_wins[d][p]`` is that chance with the dealer's side at ``d`` and the other at ``p``;
    ``hands`` were played to make it (``outcomes``: how often each hand's points came, in
    counting order), and ``error`` is its largest standard error over the positions (None when
    too few hands were played to tell).
    """

    variant: str
    target: int
    hands: int
    seed: int
    budget: int
    error: float | None
    made_by: str
    dealer_wins: tuple[tuple[float, ...], ...]
    outcomes: tuple[tuple[Outcome, int], ...]

    def chance(self, scores: Sequence[int], dealer: int) -> float:
        """The chance that side 0 wins, with the sides at ``scores`` and side ``dealer``
        about to deal (a side at the target has won)."""
        if not isinstance(scores, (tuple, list)) or len(scores) != 2 \
                or any(type(s) is not int or s < 0 for s in scores):
            raise PeglineError(f"scores are two whole numbers from 0 up, not {scores!r}")
        if type(dealer) is not int or dealer not in (0, 1):
            raise PeglineError(f"the dealer is side 0 or 1, not {dealer!r}")
        if scores[0] >= self.target and scores[1] >= self.target:
            raise PeglineError(f"only one side can reach {self.target}, not both: {scores!r}")
        if scores[0] >= self.target or scores[1] >= self.target:
            return 1.0 if scores[0] >= self.target else 0.0
        won = self.dealer_wins[scores[dealer]][scores[1 - dealer]]
        return won if dealer == 0 else 1.0 - won

    def to_dict(self) -> dict[str, object]:
        return {"variant": self.variant, "target": self.target, "hands": self.hands,
                "seed": self.seed, "budget": self.budget, "error": self.error,
                "made_by": self.made_by, "dealer_wins": [list(r) for r in self.dealer_wins],
                "outcomes": [[o[0], list(o[1]), o[2], o[3], n] for o, n in self.outcomes]}

    @classmethod
    def from_dict(cls, data: object) -> WinTable:
        """A table from its JSON form (`to_dict`); `PeglineError` naming what is wrong."""
        if not isinstance(data, dict):
            raise PeglineError(f"not a win table: a JSON object, not {type(data).__name__}")
        missing = [key for key in _FIELDS if key not in data]
        if missing:
            raise PeglineError(f"not a win table: no {', '.join(missing)}")
        target = data["target"]
        _need(_whole(target) and target >= 2, "target", "a whole number from 2 up", target)
        for key in ("hands", "budget"):
            _need(_whole(data[key]) and data[key] >= 1, key, "a whole number from 1 up",
                  data[key])
        _need(_whole(data["seed"]) and data["seed"] >= 0, "seed", "a whole number from 0 up",
              data["seed"])
        error = data["error"]
        _need(error is None or (_number(error) and 0 <= error <= 1), "error",
              "a chance from 0 to 1, or null", error)
        for key in ("variant", "made_by"):
            _need(isinstance(data[key], str) and data[key] != "", key, "a text", data[key])
        rows = data["dealer_wins"]
        _need(isinstance(rows, list) and len(rows) == target and all(
            isinstance(row, list) and len(row) == target for row in rows),
            "dealer_wins", f"{target} lists of {target} chances", "another shape")
        _need(all(_number(x) and 0 <= x <= 1 for row in rows for x in row), "dealer_wins",
              "chances from 0 to 1", "another value")
        outcomes = data["outcomes"]
        _need(isinstance(outcomes, list) and all(_outcome(o) for o in outcomes), "outcomes",
              "[heels, [pegging scores], pone's hand, dealer's hand and crib, count] lists",
              "another value")
        _need(sum(o[4] for o in outcomes) == data["hands"], "hands", "the sum of the outcomes' "
              "counts", data["hands"])
        return cls(data["variant"], target, data["hands"], data["seed"], data["budget"],
                   None if error is None else float(error), data["made_by"],
                   tuple(tuple(float(x) for x in row) for row in rows),
                   tuple(((h, tuple(peg), p, d), n) for h, peg, p, d, n in outcomes))

    @classmethod
    def shipped(cls, variant: str) -> WinTable:
        """The table that ships for ``variant`` (one of `SHIPPED`)."""
        if variant not in SHIPPED:
            raise PeglineError(f"no win table ships for {variant!r}; the tables that do: "
                               f"{', '.join(SHIPPED)} (pegline analyze win-table makes one)")
        text = resources.files("pegline_cribbage").joinpath(f"win_tables/{variant}.json")
        return cls.from_dict(json.loads(text.read_text(encoding="utf-8")))

    @classmethod
    def made(cls, variant: Variant, outcomes: Mapping[Outcome, int], *, seed: int, budget: int,
             made_by: str) -> WinTable:
        """The table of ``variant`` solved from ``outcomes``, with its sampling error."""
        target = variant.settings.scoring.target
        ordered = dict(sorted(outcomes.items()))  # the sums in one order: the same table
        error = sampling_error(ordered, target)
        return cls(variant.name, target, sum(ordered.values()), seed, budget,
                   None if error is None else round(error, 6), made_by,
                   tuple(tuple(row) for row in solve(ordered, target)),
                   tuple(ordered.items()))


class HandOdds:
    """A table's chances one hand ahead, for a coach's candidates: from the board as it is, how
    likely the dealer's side is to win if this hand gives each side some points more (or fewer)
    than the table's hands gave it, the hand counted in the rules' order.

    ``whole`` is the chance over a whole hand still to play (a discard: the heels, the pegging
    point by point, then the shows); without it, over the shows alone (a play: the pegging's
    expected points are in the shifts). A shift falls between whole points: the chances at the
    whole shifts around it, weighted by nearness.

    >>> odds = HandOdds(WinTable.shipped("two-player"))
    >>> even, better = odds.chances((0, 0), [(0.0, 0.0), (0.0, 3.0)])
    >>> round(even, 2), better > even        # the dealer's side, 3 points more: it gains
    (0.56, True)
    """

    def __init__(self, table: WinTable) -> None:
        self.table = table
        hands = sum(n for _, n in table.outcomes)
        self._hands = [(n / hands, o) for o, n in table.outcomes]
        whole: Counter[tuple[int, int]] = Counter()
        shows: Counter[tuple[int, int]] = Counter()
        pegged: set[tuple[int, int]] = set()  # the pone's pegging, the dealer's with heels
        self.heels = 0.0
        """The dealer's mean heels in the table's hands."""
        for (heels, pegging, pone, dealer), n in table.outcomes:
            by_pone, by_dealer = sum(p for p in pegging if p > 0), heels - sum(
                p for p in pegging if p < 0)
            pegged.add((by_pone, by_dealer))
            whole[(by_pone + pone, by_dealer + dealer)] += n
            shows[(pone, dealer)] += n
            self.heels += heels * n / hands
        self._reach = (max(p for p, _ in pegged), max(d for _, d in pegged))
        """The most a side pegged in one of the table's hands: below it, no pegging decides."""
        self._whole = [(p, d, n / hands) for (p, d), n in whole.items()]
        self._shows = [(p, d, n / hands) for (p, d), n in shows.items()]
        self.means = {name: (sum(p * w for p, _, w in joint), sum(d * w for _, d, w in joint))
                      for name, joint in (("whole", self._whole), ("shows", self._shows))}
        """Each side's mean points (pone, dealer) in the table's hands: over the whole hand,
        and in the shows alone."""

    def chances(self, scores: tuple[int, int], shifts: Sequence[tuple[float, float]], *,
                whole: bool = True) -> list[float]:
        """The dealer's side's chance to win from ``scores`` (the dealer's side's, the pone's)
        for each (pone's shift, dealer's shift)."""
        dealer_score, pone_score = scores
        target = self.table.target
        needs = (target - pone_score, target - dealer_score)
        decided, joint = 0.0, self._whole if whole else self._shows
        if whole and (needs[0] <= self._reach[0] or needs[1] <= self._reach[1]):
            decided, joint = self._pegged_out(needs)
        known: dict[tuple[int, int], float] = {}
        out = []
        for pone_shift, dealer_shift in shifts:
            low_p, low_d = math.floor(pone_shift), math.floor(dealer_shift)
            fp, fd = pone_shift - low_p, dealer_shift - low_d
            total = 0.0
            for sp, wp in ((low_p, 1.0 - fp), (low_p + 1, fp)):
                for sd, wd in ((low_d, 1.0 - fd), (low_d + 1, fd)):
                    if wp and wd:
                        key = (sp, sd)
                        if key not in known:
                            known[key] = decided + self._counted(joint, scores, needs, sp, sd)
                        total += wp * wd * known[key]
            out.append(total)
        return out

    def _pegged_out(self, needs: tuple[int, int]) -> tuple[float, list[tuple[int, int, float]]]:
        """The chance the dealer's side reaches the target in the heels or the pegging, and the
        totals of the hands in which neither side does."""
        need_p, need_d = needs
        won = 0.0
        left: dict[tuple[int, int], float] = defaultdict(float)
        for weight, (heels, pegging, pone, dealer) in self._hands:
            pegged_p, pegged_d = 0, heels
            dealer_out = pegged_d >= need_d
            pone_out = False
            for points in pegging:
                if dealer_out or pone_out:
                    break
                if points > 0:
                    pegged_p += points
                    pone_out = pegged_p >= need_p
                else:
                    pegged_d -= points
                    dealer_out = pegged_d >= need_d
            if dealer_out:
                won += weight
            elif not pone_out:
                left[(pegged_p + pone, pegged_d + dealer)] += weight
        return won, [(p, d, w) for (p, d), w in left.items()]

    def _counted(self, joint: list[tuple[int, int, float]], scores: tuple[int, int],
                 needs: tuple[int, int], sp: int, sd: int) -> float:
        """The dealer's side's chance over ``joint`` with whole shifts: the pone counts first,
        then the dealer; a hand that ends the game nowhere leaves the pone's side to deal."""
        dealer_score, pone_score = scores
        need_p, need_d = needs
        next_deal = self.table.dealer_wins  # the old pone deals: [its score][the other's]
        won = 0.0
        for pone, dealer, weight in joint:
            if pone + sp >= need_p:
                continue
            if dealer + sd >= need_d:
                won += weight
                continue
            pone_at = max(pone_score + pone + sp, 0)
            dealer_at = max(dealer_score + dealer + sd, 0)
            won += weight * (1.0 - next_deal[pone_at][dealer_at])
        return won
