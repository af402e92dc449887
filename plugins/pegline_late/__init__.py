"""Late-game house rules that take away the go point or his heels near the end.

Two plugins in one package:

- ``stinkhole``: a side sitting in the stink hole (by default one short of the target: 120 in a
  game to 121) cannot peg out with a go, the last card or his heels; the point is not scored.
- ``caps``: from a configured score on (``go_from``, ``heels_from``), or within some points of
  the target (``go_within``, ``heels_within``), a side no longer scores the go point or his heels.

Both replace the standard rules ``go``, ``last-card`` and ``his-heels``, so a variant using one
switches those off: ``disable = ["go", "last-card", "his-heels"]``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

import attrs
from attrs import frozen

from pegline_core.hookspecs import hookimpl
from pegline_core.messages import Problem, Template
from pegline_core.rules import Rule, Score
from pegline_core.strict import BELOW, NEGATIVE
from pegline_core.variant import Variant
from pegline_cribbage.snapshots import SeriesEnded, StarterTurned

__all__ = ["StinkHole", "LateGameCaps"]

_NOT_BOTH = Template("late.not-both", "set {one} (a score) or {other} (points short of the "
                     "target), not both", "pegline_late")
_REPLACED = ("go", "last-card", "his-heels")


class _LatePoints(ABC):
    """Go, last card and heels, each scored only when `allowed` says so."""

    prefix = ""
    source = ""

    def __init__(self, config: Any) -> None:
        self.config = config

    @abstractmethod
    def allowed(self, kind: str, score: int, variant: Variant) -> bool:
        """Whether a side at ``score`` may score ``kind`` ("go" or "heels")."""

    @hookimpl
    def pegline_rules(self) -> list[Rule]:
        c = self.config
        declared = [
            Rule(f"{self.prefix}-go", "go, unless the late-game rule forbids it", self.source,
                 c.go),
            Rule(f"{self.prefix}-last-card", "last card, unless the late-game rule forbids it",
                 self.source, c.go),
            Rule(f"{self.prefix}-heels", "his heels, unless the late-game rule forbids it",
                 self.source, c.heels),
        ]
        # a negative value is refused by pegline_check_variant, whose message names the key
        return [rule for rule in declared if rule.points is not None and rule.points >= 0]

    name = ""
    """The plugin's entry point, as its ``[config.NAME]`` table is named in messages."""

    @hookimpl
    def pegline_check_variant(self, variant: Variant) -> list[str]:
        target = variant.settings.scoring.target
        problems: list[str] = [Problem(NEGATIVE(value=value), f"config.{self.name}.{key}")
                               for key, value in attrs.asdict(self.config).items() if value < 0]
        problems += [Problem(BELOW(target=f"scoring.target ({target})", value=value),
                             f"config.{self.name}.{key}")
                     for key, value in self.scores().items() if value >= target]
        kept = [rule for rule in _REPLACED if rule not in variant.disable]
        if "standard" in variant.plugins and kept:
            problems.append(f"disable: add {', '.join(map(repr, kept))}: this plugin replaces "
                            "them, which would otherwise score twice")
        return problems

    def scores(self) -> dict[str, int]:
        """The configured scores (board holes), each of which must lie below the target."""
        return {}

    @hookimpl
    def pegline_score_series_end(self, series: SeriesEnded) -> list[Score]:
        if series.count == 31 or not self.allowed("go", series.scores[series.side],
                                                      series.variant):
            return []
        rule = f"{self.prefix}-last-card" if series.last_of_hand else f"{self.prefix}-go"
        return [Score(rule, self.config.go, series.series[-1:])]

    @hookimpl
    def pegline_score_starter(self, starter: StarterTurned) -> list[Score]:
        if starter.starter.rank != 11 or not self.allowed("heels", starter.scores[starter.side],
                                                                     starter.variant):
            return []
        return [Score(f"{self.prefix}-heels", self.config.heels, (starter.starter,))]


class StinkHole(_LatePoints):
    """No pegging out with a go, the last card or his heels from the stink hole."""

    RULES_VERSION = "0.1.0"  # what a record stores, not the package version (docs/records.md)

    prefix = name = "stinkhole"
    source = "house rule (the stink hole)"

    @frozen
    class Config:
        """``[config.stinkhole]``."""

        hole: int = 0
        """The stink hole: a side at this score cannot score a go, the last card or heels.
        0: one short of the target (120 in a game to 121, 60 to 61)."""
        go: int = 1
        """Points for a go or the last card anywhere else."""
        heels: int = 2
        """Points for his heels anywhere else."""

    def __init__(self, config: StinkHole.Config | None = None) -> None:
        super().__init__(config or StinkHole.Config())

    def allowed(self, kind: str, score: int, variant: Variant) -> bool:
        hole: int = self.config.hole or variant.settings.scoring.target - 1
        return score != hole

    def scores(self) -> dict[str, int]:
        return {"hole": self.config.hole}


class LateGameCaps(_LatePoints):
    """No go point and no his heels near the end of the game: from a score on (``go_from``,
    ``heels_from``), or within some points of the target (``go_within``, ``heels_within``),
    which follow the target, so the same variant plays to 61 or to 121 (0: no cap)."""

    RULES_VERSION = "0.1.0"  # what a record stores, not the package version (docs/records.md)

    prefix = "capped"
    name = "caps"
    source = "house rule (late-game caps)"
    follows: ClassVar[dict[str, tuple[str, ...]]] = {
        "go_from": ("go_within",), "go_within": ("go_from",),
        "heels_from": ("heels_within",), "heels_within": ("heels_from",)}
    """Two ways to say one cap: a file that sets one drops the other it inherited."""

    @frozen
    class Config:
        """``[config.caps]``."""

        go_from: int = 0
        """From this score on, a side scores no go or last card (0: no cap)."""
        heels_from: int = 0
        """From this score on, a dealer scores no his heels (0: no cap)."""
        go: int = 1
        """Points for a go or the last card below the cap."""
        heels: int = 2
        """Points for his heels below the cap."""
        go_within: int = 0
        """Within this many points of the target, a side scores no go or last card: from
        target - go_within on (6: from 115 in a game to 121, from 55 to 61; 0: no cap)."""
        heels_within: int = 0
        """Within this many points of the target, a dealer scores no his heels (2: from 119 in
        a game to 121, from 59 to 61; 0: no cap)."""

    def __init__(self, config: LateGameCaps.Config | None = None) -> None:
        super().__init__(config or LateGameCaps.Config())

    def allowed(self, kind: str, score: int, variant: Variant) -> bool:
        cap = self.cap(kind, variant.settings.scoring.target)
        return not cap or score < cap

    def cap(self, kind: str, target: int) -> int:
        """The score from which a side scores no ``kind`` ("go" or "heels") in a game to
        ``target`` (0: no cap)."""
        c = self.config
        start, within = (c.go_from, c.go_within) if kind == "go" else (c.heels_from,
                                                                         c.heels_within)
        return int(start) or (int(target) - int(within) if within else 0)

    def scores(self) -> dict[str, int]:
        return {"go_from": self.config.go_from, "heels_from": self.config.heels_from}

    @hookimpl
    def pegline_check_variant(self, variant: Variant) -> list[str]:
        problems = super().pegline_check_variant(variant)
        target = variant.settings.scoring.target
        for kind in ("go", "heels"):
            start, within = (getattr(self.config, f"{kind}_from"),
                             getattr(self.config, f"{kind}_within"))
            if start and within:
                problems.append(Problem(_NOT_BOTH(one=f"config.caps.{kind}_from",
                                                  other=f"config.caps.{kind}_within"),
                                        f"config.caps.{kind}_within"))
            elif within >= target:
                problems.append(Problem(BELOW(target=f"scoring.target ({target})", value=within),
                                        f"config.caps.{kind}_within"))
        return problems
