"""Muggins: who responds to a declared count, and how a response settles it (RULES.md §6).

Pure functions; the engine applies what they return. The point movements are recorded as scores
under the rules declared here (plugin name ``muggins``), so a muggins game stays auditable.

>>> settle(declared=10, true=12, response="muggins", claimed=5)
Settlement(outcome='muggins', moves=(('claimant', 'muggins', 2),))
>>> settle(declared=12, true=12, response="muggins", claimed=5)
Settlement(outcome='false-muggins', moves=(('counter', 'false-muggins', 5),))
>>> settle(declared=15, true=12, response="overcount", claimed=0).moves
(('counter', 'overcount', -3), ('claimant', 'overcount-claim', 3))
"""

from __future__ import annotations

from attrs import frozen

from pegline_core.rules import Rule
from pegline_core.variant import Variant

__all__ = ["PLUGIN", "RULES", "MAX_DECLARATION", "Settlement", "responders", "settle"]

PLUGIN = "muggins"
MAX_DECLARATION = 29
_SOURCE = "ACC tournament rules 2020; seed 002; RULES.md §6"
RULES = {
    rule.id: rule for rule in (
        Rule("declared-count", "the total a counter declares, pegged at once", _SOURCE),
        Rule("muggins", "points the counter missed, to the caller, at most what was claimed",
             _SOURCE),
        Rule("false-muggins", "a muggins call when nothing was missed: the claim to the counter",
             _SOURCE),
        Rule("overcount", "the excess of an overcount, taken from the counter", _SOURCE,
             negative=True),
        Rule("overcount-claim", "the excess of an overcount, to the challenger", _SOURCE),
    )
}


@frozen
class Settlement:
    """How a count settled, and the points it moves as (``"counter"``/``"claimant"``, rule,
    points)."""

    outcome: str
    moves: tuple[tuple[str, str, int], ...] = ()


def responders(variant: Variant, counter: int) -> tuple[int, ...]:
    """The opponents of ``counter`` in seat order from the counter's left (no partners)."""
    side = variant.side_of(counter)
    seats = variant.table.players
    return tuple(seat for seat in ((counter + k) % seats for k in range(1, seats))
                 if variant.side_of(seat) != side)


def settle(declared: int, true: int, response: str, claimed: int) -> Settlement:
    """Settle a count by the first claim, or by ``accept`` from everyone."""
    if response == "accept":
        return Settlement("accepted")
    if response == "muggins":
        missed = true - declared
        if missed > 0:
            return Settlement("muggins", (("claimant", "muggins", min(claimed, missed)),))
        return Settlement("false-muggins", (("counter", "false-muggins", claimed),))
    excess = declared - true
    if excess > 0:
        return Settlement("overcount", (("counter", "overcount", -excess),
                                        ("claimant", "overcount-claim", excess)))
    return Settlement("false-overcount")
