"""Late-game house rules that take away the go point or his heels near the end.

Two plugins in one package:

- ``stinkhole``: a side sitting in the stink hole (by default 120, one short of 121) cannot peg out
  with a go, the last card or his heels; the point is simply not scored.
- ``caps``: from a configured score on, a side no longer scores the go point (``go_from``) or his
  heels (``heels_from``).

Both replace the standard rules ``go``, ``last-card`` and ``his-heels``, so a variant using one
switches those off: ``disable = ["go", "last-card", "his-heels"]``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from attrs import frozen

from pegline_core.hookspecs import hookimpl
from pegline_core.rules import Rule, Score
from pegline_core.variant import Variant
from pegline_cribbage.snapshots import SeriesEnded, StarterTurned

__all__ = ["StinkHole", "LateGameCaps"]

_REPLACED = ("go", "last-card", "his-heels")


class _LatePoints(ABC):
    """Go, last card and heels, each scored only when `allowed` says so."""

    prefix = ""
    source = ""

    def __init__(self, config: Any) -> None:
        self.config = config

    @abstractmethod
    def allowed(self, kind: str, score: int) -> bool:
        """Whether a side at ``score`` may score ``kind`` ("go" or "heels")."""

    @hookimpl
    def pegline_rules(self) -> list[Rule]:
        c = self.config
        return [
            Rule(f"{self.prefix}-go", "go, unless the late-game rule forbids it", self.source,
                 c.go),
            Rule(f"{self.prefix}-last-card", "last card, unless the late-game rule forbids it",
                 self.source, c.go),
            Rule(f"{self.prefix}-heels", "his heels, unless the late-game rule forbids it",
                 self.source, c.heels),
        ]

    @hookimpl
    def pegline_check_variant(self, variant: Variant) -> list[str]:
        if "standard" not in variant.plugins:
            return []
        kept = [rule for rule in _REPLACED if rule not in variant.disable]
        message = (f"disable: add {', '.join(map(repr, kept))}: this plugin replaces them, "
                   "which would otherwise score twice")
        return [message] if kept else []

    @hookimpl
    def pegline_score_series_end(self, series: SeriesEnded) -> list[Score]:
        if series.count == 31 or not self.allowed("go", series.scores[series.side]):
            return []
        rule = f"{self.prefix}-last-card" if series.last_of_hand else f"{self.prefix}-go"
        return [Score(rule, self.config.go, series.series[-1:])]

    @hookimpl
    def pegline_score_starter(self, starter: StarterTurned) -> list[Score]:
        if starter.starter.rank != 11 or not self.allowed("heels", starter.scores[starter.side]):
            return []
        return [Score(f"{self.prefix}-heels", self.config.heels, (starter.starter,))]


class StinkHole(_LatePoints):
    """No pegging out with a go, the last card or his heels from the stink hole."""

    prefix = "stinkhole"
    source = "house rule (the stink hole)"

    @frozen
    class Config:
        """``[config.stinkhole]``."""

        hole: int = 120
        go: int = 1
        heels: int = 2

    def __init__(self, config: StinkHole.Config | None = None) -> None:
        super().__init__(config or StinkHole.Config())

    def allowed(self, kind: str, score: int) -> bool:
        return bool(score != self.config.hole)


class LateGameCaps(_LatePoints):
    """No go point from ``go_from`` on, no heels from ``heels_from`` on (0: no cap)."""

    prefix = "capped"
    source = "house rule (late-game caps)"

    @frozen
    class Config:
        """``[config.caps]``."""

        go_from: int = 0
        heels_from: int = 0
        go: int = 1
        heels: int = 2

    def __init__(self, config: LateGameCaps.Config | None = None) -> None:
        super().__init__(config or LateGameCaps.Config())

    def allowed(self, kind: str, score: int) -> bool:
        cap = self.config.go_from if kind == "go" else self.config.heels_from
        return not cap or score < int(cap)
