"""Muggins (entry point ``muggins``): hands and crib counted by the players, with claims.

On a counting turn the counter declares a total, pegged at once. Then each opponent in seat order
from the counter's left (only the other team in partnerships) accepts, calls ``muggins N`` (points
missed) or ``overcount``; the first claim settles the count:

- muggins N: a counter who really missed points gives the caller min(N, missed); if nothing was
  missed the call was false and the counter scores N;
- overcount: the excess is taken from the counter and given to the challenger; if the count was
  not too high, nothing changes.

Every point movement is a score under a rule declared here, so a variant may switch any of them
off. Muggins does not combine with lowball: under lowball this plugin stands aside and says so.

>>> settle(declared=10, true=12, response="muggins", claimed=5)
Settlement(outcome='muggins', moves=(('claimant', 'muggins', 2),))
>>> settle(declared=12, true=12, response="muggins", claimed=5)
Settlement(outcome='false-muggins', moves=(('counter', 'false-muggins', 5),))
>>> settle(declared=15, true=12, response="overcount", claimed=0).moves
(('counter', 'overcount', -3), ('claimant', 'overcount-claim', 3))
>>> from pegline_core import load_variant
>>> MugginsProtocol(load_variant("partner"), max_declaration=29).responders(0)   # the other team
(1, 3)
"""

from __future__ import annotations

from attrs import frozen

from pegline_core.hookspecs import hookimpl
from pegline_core.messages import Problem
from pegline_core.rules import Rule
from pegline_core.strict import NEGATIVE
from pegline_core.variant import Variant
from pegline_cribbage.counting import Settlement
from pegline_cribbage.settings import MAX_TARGET

__all__ = ["Muggins", "MugginsProtocol", "settle"]

_SOURCE = "ACC tournament rules (2020); docs/muggins.md"
RULES = (
    Rule("declared-count", "the total a counter declares, pegged at once", _SOURCE),
    Rule("muggins", "points the counter missed, to the caller, at most what was claimed", _SOURCE),
    Rule("false-muggins", "a muggins call when nothing was missed: the claim to the counter",
         _SOURCE),
    Rule("overcount", "the excess of an overcount, taken from the counter", _SOURCE,
         negative=True),
    Rule("overcount-claim", "the excess of an overcount, to the challenger", _SOURCE),
)


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


class MugginsProtocol:
    """Counting by hand under muggins, for one variant."""

    plugin = "muggins"
    declaration_rule = "declared-count"

    def __init__(self, variant: Variant, max_declaration: int) -> None:
        self.variant = variant
        self.max_declaration = max_declaration

    def responders(self, counter: int) -> tuple[int, ...]:
        """The opponents of ``counter`` in seat order from the counter's left (no partners)."""
        variant = self.variant
        side, seats = variant.side_of(counter), variant.table.players
        return tuple(seat for seat in ((counter + k) % seats for k in range(1, seats))
                     if variant.side_of(seat) != side)

    def settle(self, declared: int, true: int, response: str, claimed: int) -> Settlement:
        return settle(declared, true, response, claimed)


class Muggins:
    """The muggins counting protocol and its scoring rules."""

    RULES_VERSION = "0.1.0"  # what a record stores, not the package version (docs/records.md)

    @frozen
    class Config:
        """``[config.muggins]``."""

        max_declaration: int = 0
        """The largest total a counter may declare; 0 takes the largest total the variant's
        show rules can score."""

    def __init__(self, config: Muggins.Config | None = None) -> None:
        self.config = config or Muggins.Config()

    @staticmethod
    def _stands_aside(variant: Variant) -> bool:
        return bool(getattr(variant.settings.scoring, "lowball", False))

    @hookimpl
    def pegline_rules(self) -> list[Rule]:
        return list(RULES)

    @hookimpl
    def pegline_check_variant(self, variant: Variant) -> list[str]:
        value = self.config.max_declaration
        if value < 0:
            return [Problem(NEGATIVE(value=value), "config.muggins.max_declaration")]
        if value > MAX_TARGET:  # each seat is offered every declaration up to the cap
            return [f"config.muggins.max_declaration: must be at most {MAX_TARGET}, got {value}"]
        return []

    @hookimpl
    def pegline_variant_notices(self, variant: Variant) -> list[str]:
        if self._stands_aside(variant):
            return ["muggins does not combine with lowball: this game is lowball without muggins"]
        return []

    @hookimpl
    def pegline_counting_protocol(self, variant: Variant,
                                  show_maximum: int) -> MugginsProtocol | None:
        if self._stands_aside(variant):
            return None
        return MugginsProtocol(variant, self.config.max_declaration or show_maximum)
