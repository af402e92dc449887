"""Flushes in pegging, the old rule (entry point ``pegflush``).

Britannica's 9th edition notes that flushes "formerly counted in play". Here a play that ends a
tail of at least ``min_cards`` cards of one suit in the current series scores one per card.
The rule is a house rule as data would write it (``when = "play"``, ``per_card``, ``match =
{ suit = { min = N } }``), scored by the house rules' matcher on the native lane; its plugin
name, rule id and configuration stay as they were, so its records replay unchanged.

>>> from pegline_core.cards import parse_cards
>>> suit_tail(parse_cards("2C 4H 6H 8H KH"))
4
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from pegline_core.cards import Card
from pegline_core.hookspecs import hookimpl, native
from pegline_core.messages import Problem
from pegline_core.rules import Rule, Score
from pegline_core.strict import AT_LEAST, NEGATIVE
from pegline_core.variant import Variant
from pegline_cribbage.snapshots import PlayMade
from pegline_house import counterparts, play_scores
from pegline_house.matcher import Matcher
from pegline_house.schema import AtLeast, HouseRule, Match

__all__ = ["PeggingFlush", "suit_tail"]


def suit_tail(series: Sequence[Card]) -> int:
    """How many cards at the end of the series share the last card's suit, unbroken."""
    suit = series[-1].suit
    length = 0
    for card in reversed(series):
        if card.suit != suit:
            break
        length += 1
    return length


class PeggingFlush:
    """A run of one suit in the play scores one per card."""

    RULES_VERSION = "0.1.0"  # what a record stores, not the package version (docs/records.md)

    @frozen
    class Config:
        """``[config.pegflush]``."""

        min_cards: int = 4
        """The fewest cards of one suit in a row that score."""
        per_card: int = 1
        """Points per card of the flush."""

    def __init__(self, config: PeggingFlush.Config | None = None) -> None:
        self.config = c = config or PeggingFlush.Config()
        self.matcher = Matcher([HouseRule("peg-flush", {"en": "peg-flush"}, "play",
                                          per_card=c.per_card,
                                          match=Match(suit=AtLeast(c.min_cards)))])
        """The rule as the house rules' matcher reads it (its native counterpart too)."""

    @hookimpl
    def pegline_rules(self) -> list[Rule]:
        return [Rule("peg-flush", "a tail of cards of one suit in the play, one per card",
                     "Encyclopaedia Britannica, 9th ed.: flushes formerly counted in play")]

    @hookimpl
    def pegline_check_variant(self, variant: Variant) -> list[str]:
        c = self.config
        problems: list[str] = [] if c.min_cards >= 2 else [
            Problem(AT_LEAST(n=2, value=c.min_cards), "config.pegflush.min_cards")]
        if c.per_card < 0:
            problems.append(Problem(NEGATIVE(value=c.per_card), "config.pegflush.per_card"))
        return problems

    @hookimpl
    @native(counterparts.score_play)
    def pegline_score_play(self, play: PlayMade) -> list[Score]:
        return play_scores(self.matcher, play)
