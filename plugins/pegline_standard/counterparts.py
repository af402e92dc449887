"""The standard rules' native counterparts: the same claims as their hook implementations, on
the step in codes (`pegline_cribbage.native`), compiled (``[tool.pegline] compiled`` in
pyproject.toml), for the native lane of dispatch (docs/hooks.md).

Each counterpart takes the plugin and the step, reads the points from the plugin's
`NativeRules`, and returns what the hook implementation of the same name returns, claim for
claim, each as ``(rule, points, codes)`` (tests/test_native_lane.py checks both on random steps
and every point value); None where there is nothing to claim.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from pegline_core.cards import DECK, Card
from pegline_cribbage.combinations import (
    RANK_PRIMES,
    code_positions,
    pick,
    rank_counts,
    run_tail_codes,
    same_rank_tail_codes,
)
from pegline_cribbage.native import (
    Claim,
    GameStartCodes,
    PlayCodes,
    SeriesEndCodes,
    ShowCodes,
    StarterCodes,
)

__all__ = ["NativeRules", "score_game_start", "score_starter", "score_play", "score_series_end",
           "score_show"]

_JACK: Final = 10
"""A jack's code >> 2 (its rank less one)."""
_PRIME_OF: Final = [RANK_PRIMES[card.rank] for card in DECK]
"""Each card's rank prime, by code: a product of them names a multiset of ranks."""


class NativeRules:
    """The point values of one `StandardRules.Config`, as plain integers."""

    def __init__(self, config: Any) -> None:
        self.fifteen: int = config.fifteen
        self.thirty_one: int = config.thirty_one
        self.go: int = config.go
        self.same_rank: list[tuple[str, int]] = [
            ("", 0), ("", 0), ("peg-pair", config.pair), ("peg-pair-royal", config.pair_royal),
            ("peg-double-pair-royal", config.double_pair_royal)]
        self.pair: int = config.pair
        self.run_per_card: int = config.run_per_card
        self.flush_per_card: int = config.flush_per_card
        self.nobs: int = config.nobs
        self.heels: int = config.heels
        self.crib_flush_needs_starter: bool = bool(config.crib_flush_needs_starter)
        self.three_for_last: int = config.three_for_last
        self._rank_points: dict[int, int] = {}

    def rank_points(self, ranks: Sequence[int]) -> int:
        """The points of the fifteens, pairs and runs of cards with these ranks."""
        fifteens, pairs, run_cards = rank_counts(ranks)
        return fifteens * self.fifteen + pairs * self.pair + run_cards * self.run_per_card

    def show_points(self, cards: Sequence[Card], starter: Card, crib: bool) -> int:
        """The show total, equal to the sum of `score_show`'s claims, without building them.

        The hot path of analysis and bots: one product of rank primes looks up the rank-based
        points, and the suits folded in the same loop decide the flush."""
        index = starter.index
        key = _PRIME_OF[index]
        suits = 15
        nobs = False
        for card in cards:
            code = card.index
            key *= _PRIME_OF[code]
            suits &= 1 << (code & 3)
            if code >> 2 == _JACK and code & 3 == index & 3:
                nobs = True
        points = self._rank_points.get(key, -1)
        if points < 0:
            points = self._rank_points[key] = self.rank_points(
                [card.rank for card in cards] + [starter.rank])
        if suits:
            if suits & 1 << (index & 3):
                points += (len(cards) + 1) * self.flush_per_card
            elif not crib or not self.crib_flush_needs_starter:
                points += len(cards) * self.flush_per_card
        if nobs:
            points += self.nobs
        return points


def _rules(plugin: Any) -> NativeRules:
    rules: NativeRules = plugin.native_rules
    return rules


def score_game_start(plugin: Any, start: GameStartCodes) -> list[Claim] | None:
    points = _rules(plugin).three_for_last
    return [("three-for-last", points, ())] if points else None


def score_starter(plugin: Any, turned: StarterCodes) -> list[Claim] | None:
    starter = turned.starter
    heels = _rules(plugin).heels
    if starter >> 2 == _JACK and heels:
        return [("his-heels", heels, (starter,))]
    return None


def score_play(plugin: Any, play: PlayCodes) -> list[Claim] | None:
    rules = _rules(plugin)
    series = play.series
    count = play.count
    claims: list[Claim] | None = None
    if count == 15:
        if rules.fifteen:
            claims = [("peg-fifteen", rules.fifteen, series)]
    elif rules.thirty_one and count == play.limit:
        claims = [("peg-thirty-one", rules.thirty_one, series)]
    length = len(series)
    if length > 1 and series[length - 2] >> 2 == series[length - 1] >> 2:
        same = same_rank_tail_codes(series)
        rule, points = rules.same_rank[same]
        if points:
            claim: Claim = (rule, points, series[length - same:])
            if claims is None:
                return [claim]
            claims.append(claim)
    elif length > 2:
        run = run_tail_codes(series)
        if run and rules.run_per_card:
            claim = ("peg-run", run * rules.run_per_card, series[length - run:])
            if claims is None:
                return [claim]
            claims.append(claim)
    return claims


def score_series_end(plugin: Any, ended: SeriesEndCodes) -> list[Claim] | None:
    rules = _rules(plugin)
    if not rules.go or ended.count == ended.limit:
        return None
    series = ended.series
    rule = "last-card" if ended.last_of_hand else "go"
    return [(rule, rules.go, series[len(series) - 1:])]


def score_show(plugin: Any, show: ShowCodes) -> list[Claim] | None:
    rules = _rules(plugin)
    cards = show.cards
    starter = show.starter
    ordered = list(cards)
    ordered.append(starter)
    ordered.sort()
    fifteens, pairs, runs = code_positions(ordered)
    claims: list[Claim] = []
    if rules.fifteen:
        for places in fifteens:
            claims.append(("show-fifteen", rules.fifteen, pick(ordered, places)))
    if rules.pair:
        for places in pairs:
            claims.append(("show-pair", rules.pair, pick(ordered, places)))
    if rules.run_per_card:
        for places in runs:
            claims.append(("show-run", len(places) * rules.run_per_card, pick(ordered, places)))
    suit = cards[0] & 3
    for code in cards:
        if code & 3 != suit:
            suit = -1
            break
    if suit >= 0 and rules.flush_per_card:
        flush: tuple[int, ...] = ()
        if starter & 3 == suit:
            flush = cards + (starter,)
        elif not (show.crib and rules.crib_flush_needs_starter):
            flush = cards
        if flush:
            claims.append(("show-flush", len(flush) * rules.flush_per_card, flush))
    if rules.nobs:
        suit = starter & 3
        for code in cards:
            if code >> 2 == _JACK and code & 3 == suit:
                claims.append(("his-nobs", rules.nobs, (code, starter)))
    return claims or None
