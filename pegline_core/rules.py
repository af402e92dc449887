"""What plugins declare (`Rule`) and what they claim (`Score`), and a checked claim (`Award`).

A plugin declares every rule id it can emit before a game starts, so a log names the rule, the
plugin and the source behind every point.
"""

from __future__ import annotations

from typing import NamedTuple

from attrs import frozen

from pegline_core.cards import Card

__all__ = ["Rule", "Score", "Award"]


@frozen
class Rule:
    """A scoring rule a plugin may emit.

    ``points`` is the fixed award, or None where it varies (a run scores one per card).
    """

    id: str
    summary: str
    source: str = ""
    points: int | None = None
    negative: bool = False
    """Whether this rule may take points away (a claim below zero is refused otherwise)."""


class Score(NamedTuple):
    """One award a plugin claims for a game step: a rule id, its points and the cards behind it.

    A named tuple because plugins build one per combination on the hot path; the engine checks
    every field of every claim before it counts.

    >>> from pegline_core.cards import parse_cards
    >>> Score("peg-fifteen", 2, parse_cards("7C 8D"))
    Score(rule='peg-fifteen', points=2, cards=(Card.parse('7C'), Card.parse('8D')))
    """

    rule: str
    points: int
    cards: tuple[Card, ...] = ()


class Award(NamedTuple):
    """A checked claim: the `Score` with the plugin that made it and the `Rule` it names."""

    plugin: str
    rule: Rule
    score: Score
