"""The standard rules of cribbage as a Pegline plugin (entry point ``standard``).

Every point value is a field of `StandardRules.Config`, set from a variant's ``[config.standard]``
table; where published sources disagree (a crib flush without the starter, the old five-card
game's three for last) the choice is a field too. Combination counting comes from
`pegline_core.combinations`. Each scoring hook has a native counterpart
(`pegline_standard.counterparts`, compiled), which dispatch calls while every implementation of that
hook has one (docs/hooks.md, "The native lane").

>>> from pegline_core.cards import parse_cards
>>> *hand, starter = parse_cards("5H 5C 5D JS 5S")
>>> StandardRules().show_points(tuple(hand), starter, crib=False)
29
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement

import attrs
from attrs import frozen

from pegline_core.cards import Card
from pegline_core.hookspecs import hookimpl, native
from pegline_core.messages import Problem
from pegline_core.rules import Rule, Score
from pegline_core.strict import NEGATIVE
from pegline_core.variant import Variant
from pegline_cribbage.combinations import (
    flush_suit,
    run_tail,
    same_rank_tail,
    show_combinations,
)
from pegline_cribbage.hookspecs import ShowCounter
from pegline_cribbage.snapshots import (
    GameStart,
    PlayMade,
    SeriesEnded,
    ShowCounted,
    StarterTurned,
)
from pegline_standard import counterparts

__all__ = ["StandardRules"]

_SOURCE = "ACC tournament rules"


class StandardRules:
    """Fifteens, pairs, runs, 31, go, flush, nobs and heels, with configurable points."""

    RULES_VERSION = "0.1.0"  # what a record stores, not the package version (docs/records.md)

    __slots__ = ("_same_rank", "config", "native_rules")  # read by every native counterpart

    @frozen
    class Config:
        """The ``[config.standard]`` table: every point value and every disputed switch."""

        fifteen: int = 2
        thirty_one: int = 2
        go: int = 1
        pair: int = 2
        pair_royal: int = 6
        double_pair_royal: int = 12
        run_per_card: int = 1
        flush_per_card: int = 1
        nobs: int = 1
        heels: int = 2
        crib_flush_needs_starter: bool = True
        """A crib flush needs every crib card and the starter in one suit (ACC); off, the crib
        scores a flush like a hand (the OpenSpiel reading)."""
        three_for_last: int = 0
        """Points for the first hand's pone at the start of the game (five-card-traditional: 3)."""

    def __init__(self, config: StandardRules.Config | None = None) -> None:
        self.config = c = config or StandardRules.Config()
        self.native_rules = counterparts.NativeRules(c)
        """The point values for the native counterparts of the scoring hooks."""
        self._same_rank = {2: ("peg-pair", c.pair), 3: ("peg-pair-royal", c.pair_royal),
                           4: ("peg-double-pair-royal", c.double_pair_royal)}

    # -- declaring ---------------------------------------------------------------------------

    @hookimpl
    def pegline_rules(self) -> list[Rule]:
        c = self.config
        declared = [
            Rule("three-for-last", "the first hand's pone pegs three at the start", _SOURCE,
                 c.three_for_last),
            Rule("his-heels", "a jack turned as the starter, for the dealer", _SOURCE, c.heels),
            Rule("peg-fifteen", "a play that makes the count exactly 15", _SOURCE, c.fifteen),
            Rule("peg-thirty-one", "a play that makes the count exactly 31", _SOURCE, c.thirty_one),
            Rule("peg-pair", "a play of the same rank as the card before", _SOURCE, c.pair),
            Rule("peg-pair-royal", "the third card of one rank in a row", _SOURCE, c.pair_royal),
            Rule("peg-double-pair-royal", "the fourth card of one rank in a row", _SOURCE,
                 c.double_pair_royal),
            Rule("peg-run", "the longest tail of 3+ consecutive ranks, one point per card",
                 _SOURCE),
            Rule("go", "the last card of a series that ended below 31", _SOURCE, c.go),
            Rule("last-card", "the last card of the hand's pegging, below 31", _SOURCE, c.go),
            Rule("show-fifteen", "each combination of cards summing to 15", _SOURCE, c.fifteen),
            Rule("show-pair", "each pair of cards of one rank", _SOURCE, c.pair),
            Rule("show-run", "each run of 3+ consecutive ranks, one point per card", _SOURCE),
            Rule("show-flush", "hand cards of one suit (+1 with the starter); a crib flush "
                 "needs the starter too", _SOURCE),
            Rule("his-nobs", "the jack of the starter's suit in hand or crib", _SOURCE, c.nobs),
        ]
        # 0 switches a rule off; a negative value is refused by pegline_check_variant, whose
        # message names the key, so it declares nothing here rather than a negative rule
        per_card = {"peg-run": c.run_per_card, "show-run": c.run_per_card,
                     "show-flush": c.flush_per_card}
        return [rule for rule in declared
                if (rule.points if rule.points is not None else per_card[rule.id]) > 0]

    @hookimpl
    def pegline_check_variant(self, variant: Variant) -> list[str]:
        return [Problem(NEGATIVE(value=value), f"config.standard.{name}")
                for name, value in attrs.asdict(self.config).items()
                if type(value) is int and value < 0]

    # -- the deal and the starter ------------------------------------------------------------

    @hookimpl
    @native(counterparts.score_game_start)
    def pegline_score_game_start(self, start: GameStart) -> list[Score]:
        points = self.config.three_for_last
        return [Score("three-for-last", points)] if points else []

    @hookimpl
    @native(counterparts.score_starter)
    def pegline_score_starter(self, starter: StarterTurned) -> list[Score]:
        if starter.starter.rank == 11 and self.config.heels:
            return [Score("his-heels", self.config.heels, (starter.starter,))]
        return []

    # -- pegging -----------------------------------------------------------------------------

    @hookimpl
    @native(counterparts.score_play)
    def pegline_score_play(self, play: PlayMade) -> list[Score]:
        c = self.config
        series, count = play.series, play.count
        claims = []
        if count == 15:
            if c.fifteen:
                claims.append(Score("peg-fifteen", c.fifteen, series))
        elif count == play.variant.settings.pegging.limit and c.thirty_one:
            claims.append(Score("peg-thirty-one", c.thirty_one, series))
        if len(series) > 1 and series[-2].rank == series[-1].rank:
            same = same_rank_tail(series)
            rule, points = self._same_rank[same]
            if points:
                claims.append(Score(rule, points, series[-same:]))
        elif len(series) > 2:
            run = run_tail(series)
            if run and c.run_per_card:
                claims.append(Score("peg-run", run * c.run_per_card, series[-run:]))
        return claims

    @hookimpl
    @native(counterparts.score_series_end)
    def pegline_score_series_end(self, series: SeriesEnded) -> list[Score]:
        if series.count == series.variant.settings.pegging.limit or not self.config.go:
            return []
        rule = "last-card" if series.last_of_hand else "go"
        return [Score(rule, self.config.go, series.series[-1:])]

    # -- the show ----------------------------------------------------------------------------

    @hookimpl
    @native(counterparts.score_show)
    def pegline_score_show(self, show: ShowCounted) -> list[Score]:
        c = self.config
        starter = show.starter
        fifteens, pairs, runs = show_combinations((*show.cards, starter))
        claims = [Score("show-fifteen", c.fifteen, combo) for combo in fifteens] \
            if c.fifteen else []
        if c.pair:
            claims += [Score("show-pair", c.pair, pair) for pair in pairs]
        if c.run_per_card:
            claims += [Score("show-run", len(run) * c.run_per_card, run) for run in runs]
        flush = self._flush(show.cards, starter, show.crib)
        if flush and c.flush_per_card:
            claims.append(Score("show-flush", len(flush) * c.flush_per_card, flush))
        if c.nobs:
            claims += [Score("his-nobs", c.nobs, (card, starter)) for card in show.cards
                       if card.rank == 11 and card.suit == starter.suit]
        return claims

    def _flush(self, cards: tuple[Card, ...], starter: Card, crib: bool) -> tuple[Card, ...]:
        if flush_suit(cards) is None:
            return ()
        if starter.suit == cards[0].suit:
            return (*cards, starter)
        return () if crib and self.config.crib_flush_needs_starter else tuple(cards)

    @hookimpl
    def pegline_show_distribution(self, hand_size: int, crib: bool) -> dict[int, int] | None:
        if hand_size != 4:
            return None
        try:
            from pegline_standard.distribution import show_distribution
        except ImportError:  # numpy is in the optional "scale" extra
            return None

        return show_distribution(self, crib)

    @hookimpl
    def pegline_show_counter(self) -> ShowCounter:
        return self.native_rules.show_points

    @hookimpl
    def pegline_show_maximum(self, hand_size: int, crib: bool) -> int:
        return _maximum(self.config, hand_size, crib)

    def rank_points(self, ranks: Sequence[int]) -> int:
        """The points of the fifteens, pairs and runs of cards with these ranks."""
        return self.native_rules.rank_points(ranks)

    def show_points(self, cards: Sequence[Card], starter: Card, crib: bool) -> int:
        """The show total, equal to the sum of `pegline_score_show`'s claims, without building
        them (compiled: `counterparts.NativeRules.show_points`)."""
        return self.native_rules.show_points(cards, starter, crib)


@cache
def _maximum(c: StandardRules.Config, hand_size: int, crib: bool) -> int:
    """The largest show total over every rank pattern, with the best suits the pattern allows."""
    hand_flush = 0 if crib and c.crib_flush_needs_starter else hand_size * c.flush_per_card
    rank_points = counterparts.NativeRules(c).rank_points
    best = 0
    for hand in combinations_with_replacement(range(1, 14), hand_size):
        if any(hand.count(rank) > 4 for rank in set(hand)):
            continue
        distinct = len(set(hand)) == hand_size
        for starter in range(1, 14):
            if hand.count(starter) == 4:
                continue
            nobs = c.nobs if 11 in hand and starter != 11 else 0
            suits = max(nobs, hand_flush if distinct else 0,
                        (hand_size + 1) * c.flush_per_card + nobs
                        if distinct and starter not in hand else 0)
            best = max(best, rank_points([*hand, starter]) + suits)
    return best
