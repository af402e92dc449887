"""The standard rules' native counterparts: the same claims as their hook implementations,
compiled (``[tool.pegline] compiled`` in pyproject.toml), for the native lane of dispatch
(docs/hooks.md).

Each counterpart takes the plugin and the hook's snapshot, reads the snapshot by position (the
field order of its class in `pegline_cribbage.snapshots`) and the points from the plugin's
`NativeRules`, and returns what the hook implementation of the same name returns, claim for
claim (tests/test_native_lane.py checks both on random steps and every point value).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from pegline_core.cards import Card
from pegline_core.rules import Score
from pegline_cribbage.combinations import (
    flush_suit,
    run_tail,
    same_rank_tail,
    show_combinations,
)

__all__ = ["NativeRules", "score_game_start", "score_starter", "score_play", "score_series_end",
           "score_show"]

_new_score = cast(Callable[..., Score], tuple.__new__)
"""A `Score` from its fields in order (skips the named tuple's interpreted ``__new__``)."""


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
        self._variant: object = None
        self._limit = 0

    def limit(self, variant: Any) -> int:
        """The pegging limit of ``variant`` (31 unless it says otherwise), read once per variant."""
        if variant is not self._variant:
            self._limit = variant.settings.pegging.limit
            self._variant = variant
        return self._limit


def _rules(plugin: Any) -> NativeRules:
    rules: NativeRules = plugin.native_rules
    return rules


def score_game_start(plugin: Any, start: Any) -> list[Score]:
    points = _rules(plugin).three_for_last
    return [_new_score(Score, ("three-for-last", points, ()))] if points else []


def score_starter(plugin: Any, starter: Any) -> list[Score]:
    card: Card = starter[0]  # StarterTurned.starter
    heels = _rules(plugin).heels
    if card.rank == 11 and heels:
        return [_new_score(Score, ("his-heels", heels, (card,)))]
    return []


def score_play(plugin: Any, play: Any) -> list[Score]:
    rules = _rules(plugin)
    series: tuple[Card, ...] = play[2]  # PlayMade: seat, card, series, count, ..., variant
    count: int = play[3]
    claims: list[Score] = []
    if count == 15:
        if rules.fifteen:
            claims.append(_new_score(Score, ("peg-fifteen", rules.fifteen, series)))
    elif rules.thirty_one and count == rules.limit(play[8]):
        claims.append(_new_score(Score, ("peg-thirty-one", rules.thirty_one, series)))
    length = len(series)
    if length > 1 and series[length - 2].rank == series[length - 1].rank:
        same = same_rank_tail(series)
        rule, points = rules.same_rank[same]
        if points:
            claims.append(_new_score(Score, (rule, points, series[length - same:])))
    elif length > 2:
        run = run_tail(series)
        if run and rules.run_per_card:
            claims.append(_new_score(Score, ("peg-run", run * rules.run_per_card,
                                             series[length - run:])))
    return claims


def score_series_end(plugin: Any, ended: Any) -> list[Score]:
    rules = _rules(plugin)
    # SeriesEnded: seat, count, series, last_of_hand, ..., variant
    if not rules.go or ended[1] == rules.limit(ended[8]):
        return []
    series: tuple[Card, ...] = ended[2]
    rule = "last-card" if ended[3] else "go"
    return [_new_score(Score, (rule, rules.go, series[len(series) - 1:]))]


def score_show(plugin: Any, show: Any) -> list[Score]:
    rules = _rules(plugin)
    cards: tuple[Card, ...] = show[1]  # ShowCounted: seat, cards, starter, crib, ...
    starter: Card = show[2]
    fifteens, pairs, runs = show_combinations((*cards, starter))
    claims: list[Score] = []
    if rules.fifteen:
        for combo in fifteens:
            claims.append(_new_score(Score, ("show-fifteen", rules.fifteen, combo)))
    if rules.pair:
        for pair in pairs:
            claims.append(_new_score(Score, ("show-pair", rules.pair, pair)))
    if rules.run_per_card:
        for run in runs:
            claims.append(_new_score(Score, ("show-run", len(run) * rules.run_per_card, run)))
    if rules.flush_per_card and flush_suit(cards) is not None:
        flush: tuple[Card, ...] = ()
        if starter.suit == cards[0].suit:
            flush = (*cards, starter)
        elif not (show[3] and rules.crib_flush_needs_starter):
            flush = cards
        if flush:
            claims.append(_new_score(Score, ("show-flush", len(flush) * rules.flush_per_card,
                                             flush)))
    if rules.nobs:
        suit = starter.suit
        for card in cards:
            if card.rank == 11 and card.suit == suit:
                claims.append(_new_score(Score, ("his-nobs", rules.nobs, (card, starter))))
    return claims
