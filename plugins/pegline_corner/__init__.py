"""Around-the-corner runs (entry point ``corner``): runs may wrap from king to ace, Q-K-A or K-A-2.

A house rule, written as data would write it (a play rule and a show rule, each ``per_card``
with ``match = { run = { corner = true } }``) and scored by the house rules' matcher on the
native lane; its plugin name, rule ids and configuration stay as they were. It replaces the
standard runs, so a variant using it switches those off:

    plugins = ["+corner"]
    disable = ["peg-run", "show-run"]

>>> from pegline_core.cards import parse_cards
>>> cyclic_run_tail(parse_cards("QH KC AD"))
3
>>> [len(run) for run in cyclic_runs(parse_cards("KH AC 2D 2S 9C"))]
[3, 3]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement, product

from attrs import frozen

from pegline_core.cards import Card
from pegline_core.hookspecs import hookimpl, native
from pegline_core.messages import Problem
from pegline_core.rules import Rule, Score
from pegline_core.strict import NEGATIVE
from pegline_core.variant import Variant
from pegline_cribbage.snapshots import PlayMade, ShowCounted
from pegline_house import counterparts, play_scores, show_scores
from pegline_house.matcher import Matcher
from pegline_house.schema import HouseRule, Match, RunMatch

__all__ = ["AroundTheCorner", "cyclic_run_tail", "cyclic_runs"]

_SOURCE = "house rule (around the corner); the ACC and Hoyle keep the ace low"


def _cyclic(ranks: set[int]) -> bool:
    """Whether distinct ranks are consecutive on the 13-rank circle."""
    ordered = sorted(ranks)
    wrapped = ordered[1:] + [ordered[0] + 13]
    gaps = sum(1 for a, b in zip(ordered, wrapped, strict=True) if b - a != 1)
    return gaps == 1


def cyclic_run_tail(series: Sequence[Card]) -> int:
    """The longest tail of 3+ distinct ranks consecutive around the corner, else 0."""
    for length in range(len(series), 2, -1):
        ranks = {card.rank for card in series[-length:]}
        if len(ranks) == length and _cyclic(ranks):
            return length
    return 0


def cyclic_runs(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every maximal run of 3+ ranks around the corner, with multiplicity."""
    by_rank: dict[int, list[Card]] = {}
    for card in cards:
        by_rank.setdefault(card.rank, []).append(card)
    found: list[tuple[Card, ...]] = []
    for start in by_rank:
        if (start - 2) % 13 + 1 in by_rank:  # not the start of an arc
            continue
        arc = [start]
        while arc[-1] % 13 + 1 in by_rank and len(arc) < len(by_rank):
            arc.append(arc[-1] % 13 + 1)
        if len(arc) >= 3:
            found.extend(product(*(by_rank[rank] for rank in arc)))
    return found


class AroundTheCorner:
    """Pegging and show runs that may wrap from king to ace."""

    RULES_VERSION = "0.1.0"  # what a record stores, not the package version (docs/records.md)

    @frozen
    class Config:
        """``[config.corner]``."""

        run_per_card: int = 1
        """Points per card of a run, around the corner or not."""

    def __init__(self, config: AroundTheCorner.Config | None = None) -> None:
        self.config = c = config or AroundTheCorner.Config()
        corner = Match(run=RunMatch(corner=True))
        self.matcher = Matcher([HouseRule(rule, {"en": rule}, when, per_card=c.run_per_card,
                                          match=corner)
                                for rule, when in (("corner-peg-run", "play"),
                                                   ("corner-show-run", "show"))])
        """The rules as the house rules' matcher reads them (their native counterparts too)."""

    @hookimpl
    def pegline_rules(self) -> list[Rule]:
        return [
            Rule("corner-peg-run", "a pegging run that may wrap from king to ace", _SOURCE),
            Rule("corner-show-run", "a show run that may wrap from king to ace", _SOURCE),
        ]

    @hookimpl
    def pegline_check_variant(self, variant: Variant) -> list[str]:
        per_card = self.config.run_per_card
        problems: list[str] = [Problem(NEGATIVE(value=per_card), "config.corner.run_per_card")] \
            if per_card < 0 else []
        kept = [rule for rule in ("peg-run", "show-run") if rule not in variant.disable]
        if "standard" in variant.plugins and kept:
            problems.append(f"disable: add {', '.join(map(repr, kept))}: around-the-corner runs "
                            "replace the standard runs, which would score twice")
        return problems

    @hookimpl
    @native(counterparts.score_play)
    def pegline_score_play(self, play: PlayMade) -> list[Score]:
        return play_scores(self.matcher, play)

    @hookimpl
    @native(counterparts.score_show)
    def pegline_score_show(self, show: ShowCounted) -> list[Score]:
        return show_scores(self.matcher, show)

    @hookimpl
    def pegline_show_maximum(self, hand_size: int, crib: bool) -> int:
        return _maximum(hand_size) * self.config.run_per_card


@cache
def _maximum(hand_size: int) -> int:
    """The most run cards around the corner in a hand of ``hand_size`` and a starter: runs
    depend on ranks alone, so one card per rank of every rank pattern is enough."""
    suits = "CDHS"
    best = 0
    for ranks in combinations_with_replacement(range(1, 14), hand_size + 1):
        if any(ranks.count(rank) > 4 for rank in ranks):
            continue
        cards = [Card.of(rank, suits[ranks[:i].count(rank)]) for i, rank in enumerate(ranks)]
        best = max(best, sum(len(run) for run in cyclic_runs(cards)))
    return best
