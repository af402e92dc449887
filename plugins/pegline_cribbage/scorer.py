"""Scoring outside a game: show hands and pegging plays under a variant's plugins.

>>> from pegline_core.cards import parse_cards
>>> scorer = Scorer.for_variant("two-player")
>>> result = scorer.show(parse_cards("5H 5C 5D JS"), parse_cards("5S")[0])
>>> result.total, [award.rule.id for award in result.awards][-1]
(29, 'his-nobs')
>>> scorer.show_total(parse_cards("5H 5C 5D JS"), parse_cards("5S")[0], crib=True)
29
>>> [(a.rule.id, a.score.points) for a in scorer.play(parse_cards("5H 5C 5D"))]
[('peg-fifteen', 2), ('peg-pair-royal', 6)]
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, cast, overload

from attrs import frozen

from pegline_core.arguments import expect, is_variant, refuse
from pegline_core.cards import Card
from pegline_core.errors import CardError, PeglineError, PluginError
from pegline_core.messages import Template
from pegline_core.plugins import Plugins
from pegline_core.rules import Award, Score
from pegline_core.ruleset import Ruleset
from pegline_core.variant import DEFAULT_VARIANT, Variant, load_variant
from pegline_cribbage.combinations import PIPS
from pegline_cribbage.native import Claim, cards_of, codes_of
from pegline_cribbage.refusals import DOMAIN
from pegline_cribbage.scoring import Scoring
from pegline_cribbage.settings import CribbageSettings

__all__ = ["Scorer", "ShowScore"]

ShowCounter = Callable[[Sequence[Card], Card, bool], int]
_CARD: Final = Card
_new_award = cast(Callable[..., Award], tuple.__new__)
_new_score = cast(Callable[..., Score], tuple.__new__)
"""An `Award` or `Score` from its fields in order (skips the named tuple's interpreted
``__new__``)."""


@frozen
class ShowScore:
    """A counted hand or crib: its total and one award per combination, in rule order."""

    total: int
    awards: tuple[Award, ...]


def guarded_counter(plugin: str, counter: ShowCounter) -> ShowCounter:
    """A plugin's counter whose fault (it raises, or returns anything but an integer) is a
    `PluginError` naming the plugin and the hook, as every fault of a plugin is."""

    call: Any = counter  # its answer read as it is (compiled, a bool would be read as an int)

    def count(cards: Sequence[Card], starter: Card, crib: bool) -> int:
        try:
            points = call(cards, starter, crib)
        except Exception as exc:
            raise PluginError(f"plugin {plugin!r} failed in its pegline_show_counter: "
                              f"{type(exc).__name__}: {exc}", plugin=plugin,
                              hook="pegline_show_counter", cause=exc) from exc
        if type(points) is not int:
            raise PluginError(f"plugin {plugin!r}: its pegline_show_counter must return an "
                              f"integer, got {type(points).__name__}", plugin=plugin,
                              hook="pegline_show_counter")
        return points

    return count


def _what(crib: bool) -> str:
    return "a crib" if crib else "a hand"


_HAND_SIZE = Template("cribbage.hand-size", "a hand in {variant} has {size} cards, got {count}",
                      DOMAIN)
_CRIB_SIZE = Template("cribbage.crib-size", "a crib in {variant} has {size} cards, got {count}",
                      DOMAIN)
_STARTER_IN_HAND = Template("cribbage.starter-in-hand", "the starter {starter} is also in a hand",
                            DOMAIN)
_STARTER_IN_CRIB = Template("cribbage.starter-in-crib", "the starter {starter} is also in a crib",
                            DOMAIN)


class Scorer:
    """The scoring side of a cribbage ruleset, callable on hands and plays.

    It calls the plugins' scoring hooks with ``hypothetical`` snapshots: what it is asked about
    is no step of a game (bots and the coach weigh their choices with it)."""

    def __init__(self, rules: Ruleset | Variant, extra_plugins: Plugins | None = None) -> None:
        expect(isinstance(rules, Ruleset) or is_variant(rules), "a Scorer's rules",
               "a Ruleset or a loaded Variant (Scorer.for_variant takes a name)", rules)
        self.ruleset = rules if isinstance(rules, Ruleset) else Ruleset(rules, extra_plugins)
        self.variant: Variant = self.ruleset.variant
        if not isinstance(self.variant.settings, CribbageSettings):
            raise PeglineError(f"{self.variant.name} is not a cribbage variant: a Scorer counts "
                               "cribbage hands")
        self.settings: CribbageSettings = self.variant.settings
        self.players = self.variant.table.players
        self.scoring = Scoring(self.ruleset, hypothetical=True)
        """The scoring hooks in codes: what it is asked about is ``hypothetical``."""
        self.snapshots = self.scoring.snapshots
        """Snapshots of cards asked about, not of a game's steps: each is ``hypothetical``."""
        self._counter: ShowCounter = self.show_counter() or self._count_by_hook
        self._hand_size: int = self.settings.hand_size()
        self._crib_size: int = self.settings.crib_size(self.players)
        self._love_all: tuple[int, ...] = (0,) * len(self.variant.sides)
        """Every side's score in what a scorer is asked about: none."""

    @classmethod
    def for_variant(cls, name: str | os.PathLike[str] = DEFAULT_VARIANT, *,
                    extra_plugins: Plugins | None = None) -> Scorer:
        """A scorer for a variant name or file (see `load_variant`)."""
        return cls(load_variant(name, extra_plugins=extra_plugins), extra_plugins)

    def show_scorers(self) -> list[object]:
        """The plugins that score the show, in registration order."""
        pm = self.ruleset.pm
        return [impl.plugin for impl in pm.hook.pegline_score_show.get_hookimpls()]

    def show_counter(self) -> ShowCounter | None:
        """A fast ``(cards, starter, crib) -> points`` over all plugins, or None if one lacks it
        (or a rule is switched off, which a plugin's counter cannot know, or a plugin scores
        the show's total, which no one plugin's counter knows)."""
        if self.ruleset.disabled:
            return None
        offered = dict(self.ruleset.hook("pegline_show_counter").checked(
            expect=callable, what="a function (cards, starter, crib) -> points"))
        if self.ruleset.hook("pegline_score_show_total").implemented():
            return None
        counters = []
        for impl in self.ruleset.pm.hook.pegline_score_show.get_hookimpls():
            counter = offered.get(impl.plugin_name)
            if counter is None:
                return None
            counters.append(guarded_counter(impl.plugin_name, counter))
        if len(counters) == 1:
            return counters[0]

        def total(cards: Sequence[Card], starter: Card, crib: bool) -> int:
            return sum(counter(cards, starter, crib) for counter in counters)

        return total

    def check_show(self, cards: Sequence[Card], starter: Card, crib: bool) -> tuple[Card, ...]:
        """The cards as a tuple, or `CardError` if they cannot be a hand (or crib) here. One pass
        over the cards, each marked by its index: `show_total` checks every call with it."""
        try:
            hand = tuple(cards)
        except TypeError:
            refuse(_what(crib), "a sequence of cards", cards)
        size = self._crib_size if crib else self._hand_size
        if len(hand) != size:
            if isinstance(cards, str):  # read letter by letter: say how to make cards
                raise CardError(f"{_what(crib)} is cards, not the string {cards!r}: "
                                f"parse_cards({cards!r}) makes them")
            raise CardError((_CRIB_SIZE if crib else _HAND_SIZE)(
                variant=self.variant.name, size=size, count=len(hand)))
        if type(starter) is not _CARD:  # cards are interned: no other object is one
            raise CardError(f"{_what(crib)} and its starter must be cards")
        seen = 1 << starter.index
        for card in hand:
            if type(card) is not _CARD:
                raise CardError(f"{_what(crib)} and its starter must be cards")
            bit = 1 << card.index
            if seen & bit:
                raise CardError((_STARTER_IN_CRIB if crib else _STARTER_IN_HAND)(starter=starter)
                                if card is starter else
                                f"{_what(crib)} cannot hold the same card twice")
            seen |= bit
        return hand

    @overload
    def show(self, cards: Sequence[Card], starter: Card, *, seat: int = 0) -> ShowScore: ...
    @overload
    def show(self, cards: Sequence[Card], starter: Card, *, crib: bool,
             seat: int = 0) -> ShowScore: ...

    def show(self, cards: Sequence[Card], starter: Card, *, crib: object = False,
             seat: int = 0) -> ShowScore:
        """Count a hand (or the crib) with the starter, one award per combination."""
        crib = _flag(crib)
        hand = self.check_show(cards, starter, crib)
        dealer = seat if crib else (seat + 1) % self.players
        claims = self.scoring.show(seat, codes_of(hand), starter.index, crib, self._love_all,
                                   dealer)
        awards = self._awards(claims)
        total = 0
        for claim in claims:
            total += claim[1]
        return ShowScore(total, tuple(awards))

    @overload
    def show_total(self, cards: Sequence[Card], starter: Card) -> int: ...
    @overload
    def show_total(self, cards: Sequence[Card], starter: Card, *, crib: bool) -> int: ...

    def show_total(self, cards: Sequence[Card], starter: Card, *, crib: object = False) -> int:
        """The same total as `show`, through the plugins' fast counters, after the same check
        of the cards (`check_show`)."""
        crib = _flag(crib)
        return self._counter(self.check_show(cards, starter, crib), starter, crib)

    def _count_by_hook(self, cards: Sequence[Card], starter: Card, crib: bool) -> int:
        return self.show(cards, starter, crib=crib).total

    def play(self, series: Sequence[Card], *, seat: int = 0) -> list[Award]:
        """The awards for the last card of a pegging series (the cards since the last reset)."""
        expect(isinstance(series, Iterable), "a series", "a sequence of cards", series)
        played = tuple(series)
        if not all(isinstance(card, Card) for card in played):
            raise CardError("a series holds cards")
        count = sum(PIPS[card.index] for card in played)
        limit = self.settings.pegging.limit
        if not played or count > limit:
            raise CardError(f"a series must hold 1 or more cards counting {limit} or less, "
                            f"got {count}")
        if len(set(played)) != len(played):
            raise CardError("a series cannot hold the same card twice")
        return self._awards(self.scoring.play(seat, codes_of(played), count, self._love_all,
                                              (seat + 1) % self.players))

    def _awards(self, claims: list[Claim]) -> list[Award]:
        """Checked award rows as `Award` objects, with their rules and cards."""
        rules = self.ruleset.rules
        return [_new_award(Award, (*rules[rule], _new_score(Score, (rule, points,
                                                                   cards_of(codes)))))
                for rule, points, codes in claims]


def _flag(crib: object) -> bool:
    """``crib`` as given, or `PeglineError` for anything but True or False (a public argument
    typed ``object``: compiled, a ``bool`` would be mypyc's own `TypeError`)."""
    if type(crib) is not bool:
        refuse("crib", "True or False", crib)
    return crib
