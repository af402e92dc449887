"""Counting by hand: what a protocol such as muggins tells the cribbage engine.

With a counting protocol in the ruleset, each hand and the crib are counted by their players:
the counter declares a total (pegged at once), then the protocol's responders answer in turn and
the first claim settles the count. The engine applies the point movements the protocol returns,
each as a score under a rule the protocol's plugin declared.
"""

from __future__ import annotations

from typing import Protocol

from attrs import frozen

__all__ = ["CountingProtocol", "Settlement"]


@frozen
class Settlement:
    """How a count settled, and the points it moves as (``"counter"``/``"claimant"``, rule id,
    points)."""

    outcome: str
    moves: tuple[tuple[str, str, int], ...] = ()


class CountingProtocol(Protocol):
    """The rules of counting by hand."""

    plugin: str
    """The plugin whose declared rules the point movements are scored under."""
    declaration_rule: str
    """The rule a declaration is pegged under."""
    max_declaration: int
    """The largest total a counter may declare."""

    def responders(self, counter: int) -> tuple[int, ...]:
        """Who may answer ``counter``'s declaration, in order."""

    def settle(self, declared: int, true: int, response: str, claimed: int) -> Settlement:
        """Settle a count by the first claim, or by ``accept`` from everyone."""
