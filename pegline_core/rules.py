"""What plugins declare (`Rule`) and what they return (`Score`).

A plugin declares every rule id it can emit before a game starts, so a log names the rule, the
plugin and the source behind every point.
"""

from __future__ import annotations

from attrs import field, frozen

from pegline_core.cards import Card

__all__ = ["Rule", "Score"]


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


@frozen
class Score:
    """One award a plugin claims for a game step: a rule id, its points and the cards behind it.

    >>> from pegline_core.cards import parse_cards
    >>> Score("peg-fifteen", 2, parse_cards("7C 8D"))
    Score(rule='peg-fifteen', points=2, cards=(Card.parse('7C'), Card.parse('8D')))
    """

    rule: str
    points: int
    cards: tuple[Card, ...] = field(default=(), converter=tuple)
