"""The standard rules of Clabber as a Pegline plugin (entry point ``clabber-standard``).

Card points and the last trick, the melds and the best-meld contest, the bella, and the set:
every point value is a field of `ClabberStandard.Config`, set from a variant's
``[config.clabber-standard]`` table. The card order and which melds a hand holds are pure
functions of the game (`pegline_clabber.cards`, `pegline_clabber.melds`).

>>> from pegline_core import parse_cards
>>> rules = ClabberStandard()
>>> [(rule, points) for rule, points, _cards in rules.melds_of(parse_cards("QH KH AH 9S 9C TD"))]
[('dad', 20)]
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
from attrs import frozen

from pegline_clabber.melds import Candidate
from pegline_clabber.snapshots import HandHeld, HandPlayed, HandTotals, RenegePenalty
from pegline_clabber_standard import counts
from pegline_core.cards import Card
from pegline_core.hookspecs import hookimpl, native
from pegline_core.messages import Problem
from pegline_core.rules import Rule, Score
from pegline_core.strict import NEGATIVE
from pegline_core.variant import Variant

__all__ = ["ClabberStandard"]

_SOURCE = "Evansville Clabber League handout (2019); docs/clabber.md"


class ClabberStandard:
    """Card points, last trick, melds (dad, fifty, hundred, fours, mule), bella and the set."""

    RULES_VERSION = "0.1.0"  # what a record stores, not the package version (docs/records.md)

    @frozen
    class Config:
        """The ``[config.clabber-standard]`` table: every point value."""

        last_trick: int = 10
        dad: int = 20
        """Three in sequence."""
        fifty: int = 50
        """Four in sequence."""
        hundred: int = 100
        """Five or six in sequence (a sixth card adds nothing)."""
        four_of_a_kind: int = 100
        """Four nines, aces, kings or queens (four tens are not a meld)."""
        mule: int = 200
        """Four jacks."""
        bella: int = 20
        """The trump K and Q held by one player."""
        renege: int = 162
        """With renege calls: what the team that did not renege scores (with its melds)."""

    def __init__(self, config: ClabberStandard.Config | None = None) -> None:
        self.config = c = config or ClabberStandard.Config()
        self.native_rules = counts.Points(c.last_trick, c.dad, c.fifty, c.hundred,
                                          c.four_of_a_kind, c.mule, c.bella, c.renege)
        """The point values, for what `counts` counts."""

    # -- declaring ---------------------------------------------------------------------------

    @hookimpl
    def pegline_rules(self) -> list[Rule]:
        c = self.config
        declared = [
            Rule("card-points", "the card points of the tricks a side took (162 a hand with "
                 "the last trick)", _SOURCE),
            Rule("last-trick", "the side taking the last trick", _SOURCE, c.last_trick),
            Rule("dad", "three cards in sequence (9 10 J Q K A)", _SOURCE, c.dad),
            Rule("fifty", "four cards in sequence", _SOURCE, c.fifty),
            Rule("hundred", "five or six cards in sequence", _SOURCE, c.hundred),
            Rule("four-of-a-kind", "four nines, aces, kings or queens", _SOURCE,
                 c.four_of_a_kind),
            Rule("mule", "four jacks", _SOURCE, c.mule),
            Rule("bella", "the trump K and Q held by one player, unless its side is set",
                 _SOURCE, c.bella),
            Rule("set", "the makers' count is not greater than the defenders': they score 0 "
                 "(XXX) and lose their melds and bella", _SOURCE, 0),
            Rule("renege", "the other team reneged (a proved call, or a false one): all the "
                 "card points, with this team's melds", _SOURCE, c.renege),
        ]
        # a negative value is refused by pegline_check_variant, whose message names the key:
        # declared, it would be refused a second time, as a rule with negative points
        return [rule for rule in declared if rule.points is None or rule.points >= 0]

    @hookimpl
    def pegline_check_variant(self, variant: Variant) -> list[str]:
        return [Problem(NEGATIVE(value=value), f"config.clabber-standard.{name}")
                for name, value in attrs.asdict(self.config).items() if value < 0]

    # -- melds and the count: `counts`, compiled, for both lanes ------------------------------

    def meld_points(self, candidate: Candidate) -> tuple[str, int] | None:
        """The rule and points of a candidate meld, or None if it is no meld."""
        return self.native_rules.meld(candidate)

    def melds_of(self, cards: Sequence[Card]) -> list[tuple[str, int, tuple[Card, ...]]]:
        """The melds of a hand: the non-overlapping set worth the most, as (rule, points,
        cards)."""
        return counts.melds_of(self.native_rules, cards)

    def meld_winner(self, hand: HandPlayed) -> int | None:
        """The side holding the best shown meld, or None (no melds, or the best are equal)."""
        return counts.meld_winner(self.native_rules, hand)

    @hookimpl
    @native(counts.melds)
    def pegline_clabber_melds(self, held: HandHeld) -> list[Score]:
        return counts.melds(self, held)

    @hookimpl
    @native(counts.count_hand)
    def pegline_clabber_count_hand(self, hand: HandPlayed) -> list[Score]:
        return counts.count_hand(self, hand)

    @hookimpl
    @native(counts.settle_hand)
    def pegline_clabber_settle_hand(self, totals: HandTotals) -> list[Score]:
        return counts.settle_hand(self, totals)

    @hookimpl
    @native(counts.renege)
    def pegline_clabber_renege(self, penalty: RenegePenalty) -> list[Score]:
        return counts.renege(self, penalty)
