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
"""

from __future__ import annotations

from attrs import frozen

from pegline_core.hookspecs import hookimpl
from pegline_core.rules import Rule
from pegline_house.schema import HouseRule

__all__ = ["HouseRules"]

SOURCE = "house rule (written as data in the variant)"


class HouseRules:
    """The variant's house rules, declared and scored from its ``[config.house]`` table."""

    @frozen
    class Config:
        """``[config.house]``."""

        rules: tuple[HouseRule, ...] = ()
        """The rules, each a ``[[config.house.rules]]`` table."""

    def __init__(self, config: HouseRules.Config | None = None) -> None:
        self.config = config or HouseRules.Config()

    @hookimpl
    def pegline_rules(self) -> list[Rule]:
        return [Rule(rule.id, rule.name.get("en", rule.id), SOURCE, rule.points,
                     names=tuple(rule.name.items()))
                for rule in self.config.rules]
