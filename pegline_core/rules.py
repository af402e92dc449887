"""What plugins declare (`Rule`) and what they claim (`Score`), and a checked claim (`Award`).

A plugin declares every rule id it can emit before a game starts, so a log names the rule, the
plugin and the source behind every point.
"""

from __future__ import annotations

import sys
from typing import Any, NamedTuple

from attrs import field, frozen

from pegline_core.cards import Card
from pegline_core.errors import short_repr

__all__ = ["Rule", "Score", "Award", "rule_problem"]


def _interned(value: object) -> str:
    """``value`` interned where it is a string (anything else is `rule_problem`'s to refuse)."""
    return sys.intern(value) if type(value) is str else value  # type: ignore[return-value]


@frozen
class Rule:
    """A scoring rule a plugin may emit.

    ``points`` is the fixed award, or None where it varies (a run scores one per card).
    """

    id: str = field(converter=_interned)
    """Interned: the ids a compiled counterpart claims are, and a dictionary of rules then
    finds a claim's rule by identity, at every award."""
    summary: str
    source: str = ""
    points: int | None = None
    negative: bool = False
    """Whether this rule may take points away (a claim below zero is refused otherwise)."""
    names: tuple[tuple[str, str], ...] = ()
    """The rule's name by language tag, ``(("en", "pegging pair, 3"), ("ja", ...))``, where
    the declaration carries them (a house rule written as data); screens prefer these to the
    plugin's catalog (`pegline_core.app.i18n.rule_name`)."""


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


def rule_problem(rule: Any) -> str | None:
    """What is wrong with a declared rule, or None (its fields are read as they are, not as `Rule`
    declares them)."""
    if type(rule.id) is not str or not rule.id:
        return f"a rule id must be a non-empty string, not {short_repr(rule.id)}"
    if rule.points is not None and type(rule.points) is not int:
        return f"rule {rule.id!r}: points must be an integer or None, not {short_repr(rule.points)}"
    if rule.points is not None and rule.points < 0 and not rule.negative:
        return f"rule {rule.id!r}: {rule.points} points need negative=True"
    names = rule.names
    if type(names) is not tuple or not all(
            type(pair) is tuple and len(pair) == 2 and all(type(part) is str for part in pair)
            for pair in names):
        return (f"rule {rule.id!r}: names must be a tuple of (language, name) pairs, not "
                f"{short_repr(names)}")
    return None
