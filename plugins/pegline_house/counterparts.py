"""The native counterparts of the house plugin's scoring hooks: the step in codes handed to
the one matcher (`pegline_house.matcher`), compiled (``[tool.pegline] compiled``)."""

from __future__ import annotations

from typing import Any

from pegline_cribbage.native import (
    Claim,
    PlayCodes,
    SeriesEndCodes,
    ShowCodes,
    ShowTotalCodes,
    StarterCodes,
)
from pegline_house.matcher import Matcher

__all__ = ["gap", "score_play", "score_series_end", "score_starter", "score_show",
           "score_show_total"]


def gap(matcher: Matcher, variant: Any, scores: tuple[int, ...], side: int) -> int:
    """The scoring side's points short of the target, where a rule reads it (else -1)."""
    if not matcher.reads_score:
        return -1
    target: int = variant.settings.scoring.target
    return target - scores[side]


def _matcher(plugin: Any) -> Matcher:
    matcher: Matcher = plugin.matcher
    return matcher


def score_play(plugin: Any, play: PlayCodes) -> list[Claim] | None:
    matcher = _matcher(plugin)
    if not matcher.play_rules:
        return None
    return matcher.play(play.series, play.count,
                        gap(matcher, play.variant, play.scores, play.side))


def score_series_end(plugin: Any, ended: SeriesEndCodes) -> list[Claim] | None:
    matcher = _matcher(plugin)
    if not matcher.series_end_rules:
        return None
    return matcher.series_end(ended.series, ended.count, ended.limit, ended.last_of_hand,
                              gap(matcher, ended.variant, ended.scores, ended.side))


def score_starter(plugin: Any, turned: StarterCodes) -> list[Claim] | None:
    matcher = _matcher(plugin)
    if not matcher.starter_rules:
        return None
    return matcher.starter(turned.starter,
                           gap(matcher, turned.variant, turned.scores, turned.side))


def score_show(plugin: Any, show: ShowCodes) -> list[Claim] | None:
    matcher = _matcher(plugin)
    if not matcher.show_rules:
        return None
    return matcher.show(show.cards, show.starter, show.crib,
                        gap(matcher, show.variant, show.scores, show.side))


def score_show_total(plugin: Any, show: ShowTotalCodes) -> list[Claim] | None:
    matcher = _matcher(plugin)
    if not matcher.after_show_rules:
        return None
    return matcher.after_show(show.cards, show.crib, show.total,
                              gap(matcher, show.variant, show.scores, show.side))
