"""House rules written as data in the variant file (entry point ``house``), no Python.

Each ``[[config.house.rules]]`` table is one rule (`pegline_house.schema.HouseRule`): when it
applies, what it matches, what it scores, its id and its names. A variant that changes a
standard award switches the standard rule off and claims under its own id::

    extends = ["two-player"]
    plugins = ["+house"]
    disable = ["peg-pair", "peg-pair-royal", "peg-double-pair-royal"]

    [[config.house.rules]]
    id = "house-peg-pair"
    name = { en = "pegging pair, 3" }
    when = "play"
    points = 3
    match = { same_rank = 2 }

The rules are prepared once, when the plugin is built, for the one matcher
(`pegline_house.matcher`), which both lanes call: the native counterparts with the step in codes
(`pegline_house.counterparts`), the hook implementations with the snapshot's cards as codes.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from pegline_core.cards import Card
from pegline_core.hookspecs import hookimpl, native
from pegline_core.rules import Rule, Score
from pegline_core.variant import Variant
from pegline_cribbage.hookspecs import ShowCounter
from pegline_cribbage.native import Claim, cards_of, codes_of
from pegline_cribbage.snapshots import PlayMade, SeriesEnded, ShowCounted, StarterTurned
from pegline_house import counterparts
from pegline_house.checks import rule_problems
from pegline_house.matcher import Matcher
from pegline_house.schema import HouseRule

__all__ = ["HouseRules", "play_scores", "show_scores"]

SOURCE = "house rule (written as data in the variant)"
_HOOKS = {
    "pegline_score_play": {"play"},
    "pegline_score_series_end": {"series-end"},
    "pegline_score_starter": {"starter"},
    "pegline_score_show": {"show"},
    "pegline_score_show_total": {"after-show"},
    "pegline_show_counter": {"show"},
    "pegline_show_maximum": {"show", "after-show"},
}
"""Each scoring hook of the plugin, with the moments (``when``) whose rules it scores."""


class HouseRules:
    """The variant's house rules, declared and scored from its ``[config.house]`` table."""

    RULES_VERSION = "0.1.0"  # what a record stores, not the package version (docs/records.md)

    @frozen
    class Config:
        """``[config.house]``."""

        rules: tuple[HouseRule, ...] = ()
        """The rules, each a ``[[config.house.rules]]`` table."""

    def __init__(self, config: HouseRules.Config | None = None) -> None:
        self.config = config or HouseRules.Config()
        self.matcher = Matcher(self.config.rules)
        """The rules prepared for the matcher (read by every native counterpart)."""
        written = {rule.when for rule in self.config.rules}
        self._unused = frozenset(hook for hook, moments in _HOOKS.items()
                                 if not written & moments)

    def __dir__(self) -> list[str]:
        """Every attribute but the scoring hooks of the moments no rule is written for: pluggy
        registers what ``dir`` lists, so such a hook costs a step nothing (and with no
        after-show rule, show totals keep the fast counters)."""
        return [name for name in super().__dir__() if name not in self._unused]

    @hookimpl
    def pegline_rules(self) -> list[Rule]:
        declared: dict[str, Rule] = {}  # an id given twice is declared once, negative points
        # as points that vary (both refused by pegline_check_variant, which says where)
        for rule in self.config.rules:
            points = rule.points if rule.points is None or rule.points >= 0 else None
            declared.setdefault(rule.id, Rule(rule.id, rule.name.get("en", rule.id), SOURCE,
                                              points, names=tuple(rule.name.items())))
        return list(declared.values())

    @hookimpl
    def pegline_check_variant(self, variant: Variant) -> list[str]:
        return rule_problems(self.config.rules, variant)

    # -- scoring: the snapshot's cards as codes, through the same matcher ------------------

    def _gap(self, variant: Variant, scores: tuple[int, ...], side: int) -> int:
        return counterparts.gap(self.matcher, variant, scores, side)

    @hookimpl
    @native(counterparts.score_starter)
    def pegline_score_starter(self, starter: StarterTurned) -> list[Score]:
        return _scores(self.matcher.starter(
            starter.starter.index, self._gap(starter.variant, starter.scores, starter.side)))

    @hookimpl
    @native(counterparts.score_play)
    def pegline_score_play(self, play: PlayMade) -> list[Score]:
        return play_scores(self.matcher, play)

    @hookimpl
    @native(counterparts.score_series_end)
    def pegline_score_series_end(self, series: SeriesEnded) -> list[Score]:
        return _scores(self.matcher.series_end(
            codes_of(series.series), series.count, series.variant.settings.pegging.limit,
            series.last_of_hand, self._gap(series.variant, series.scores, series.side)))

    @hookimpl
    @native(counterparts.score_show)
    def pegline_score_show(self, show: ShowCounted) -> list[Score]:
        return show_scores(self.matcher, show)

    @hookimpl
    @native(counterparts.score_show_total)
    def pegline_score_show_total(self, show: ShowCounted, total: int) -> list[Score]:
        return _scores(self.matcher.after_show(
            codes_of(show.cards), show.crib, total,
            self._gap(show.variant, show.scores, show.side)))

    @hookimpl
    def pegline_show_maximum(self, hand_size: int, crib: bool) -> int:
        return self.matcher.show_maximum(hand_size, crib)

    @hookimpl
    def pegline_show_counter(self) -> ShowCounter:
        return self._show_points

    def _show_points(self, cards: Sequence[Card], starter: Card, crib: bool) -> int:
        return self.matcher.show_points(codes_of(cards), starter.index, crib)


def play_scores(matcher: Matcher, play: PlayMade) -> list[Score]:
    """The claims of ``matcher``'s play rules for a snapshot: its cards as codes, through the
    matcher the native counterpart (`pegline_house.counterparts.score_play`) calls, for a
    plugin whose ``matcher`` holds its rules."""
    return _scores(matcher.play(codes_of(play.series), play.count,
                                counterparts.gap(matcher, play.variant, play.scores, play.side)))


def show_scores(matcher: Matcher, show: ShowCounted) -> list[Score]:
    """The claims of ``matcher``'s show rules for a snapshot, as `play_scores` makes a play's."""
    return _scores(matcher.show(codes_of(show.cards), show.starter.index, show.crib,
                                counterparts.gap(matcher, show.variant, show.scores, show.side)))


def _scores(claims: list[Claim] | None) -> list[Score]:
    return [Score(rule, points, cards_of(codes)) for rule, points, codes in claims or ()]
