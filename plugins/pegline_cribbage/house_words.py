"""A house rule written as data (`pegline_house.schema.HouseRule`), read back in words in the
current language (``pegline variants explain``).

Each part of the vocabulary is a message of its own (when, what it matches, what stops it, the
points per card), put together from the parsed rule; the rule's own name is its author's.

>>> from pegline_core.strict import structure_strict
>>> from pegline_house.schema import HouseRule
>>> rule = structure_strict({"id": "stink-go", "name": {"en": "go"}, "when": "series-end",
...                          "points": 1, "match": {"ending": "go"},
...                          "unless": {"short_of_target": 1}}, HouseRule)
>>> house_rule_words(rule)
'a series ended by a go, unless the side is 1 short of the target'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from pegline_core.app.i18n import Messages
from pegline_core.ruleset import Ruleset

if TYPE_CHECKING:
    from pegline_house.schema import AtLeast, HouseRule

__all__ = ["house_rule_words", "data_rule_words"]

_messages = Messages("pegline_cribbage")
_ = _messages.gettext
ngettext = _messages.ngettext


def data_rule_words(ruleset: Ruleset) -> Mapping[str, str]:
    """The words for every house rule the ruleset's plugins were configured with as data, by
    rule id (none where the ``house`` plugin is not installed)."""
    try:
        from pegline_house.schema import HouseRule
    except ImportError:
        return {}
    found: dict[str, str] = {}
    for plugin in ruleset.plugins.values():
        for rule in getattr(getattr(plugin, "config", None), "rules", ()):
            if isinstance(rule, HouseRule):
                found[rule.id] = house_rule_words(rule)
    return found


def house_rule_words(rule: HouseRule) -> str:
    """When the rule applies, what it matches, what stops it, and its points where they are
    counted per card (fixed points are said beside it, as every rule's)."""
    what = _matched(rule)
    said = _moment(rule)
    if what:
        said = _("{moment}: {what}").format(moment=said, what=_(", ").join(what))
    if rule.unless.short_of_target is not None:
        said = _("{words}, unless the side is {n} short of the target").format(
            words=said, n=rule.unless.short_of_target)
    if rule.per_card is not None:
        per_card = ngettext("{n} per card", "{n} per card", rule.per_card).format(
            n=rule.per_card)
        said = _("{words}: {points}").format(words=said, points=per_card)
    return said


def _moment(rule: HouseRule) -> str:
    match = rule.match
    if rule.when == "play":
        return _("a pegging play")
    if rule.when == "series-end":
        return {"go": _("a series ended by a go"),
                "last-card": _("the hand's pegging ended by the last card")}.get(
            match.ending or "either", _("a series ended by a go or the last card"))
    if rule.when == "starter":
        return _("the starter turned, for the dealer")
    if rule.when == "show":
        return {"hand": _("the show of a hand"), "crib": _("the show of the crib")}.get(
            rule.sides, _("the show of a hand or the crib"))
    return {"hand": _("after the show of a hand"), "crib": _("after the show of the crib")}.get(
        rule.sides, _("after the show of a hand or the crib"))


def _matched(rule: HouseRule) -> list[str]:
    """What the rule's ``match`` asks, one phrase a key, in the order the vocabulary lists them."""
    match = rule.match
    show = rule.when == "show"
    what = []
    if match.same_rank is not None:
        what.append(_same_rank(match.same_rank, show))
    if match.run is not None:
        run = match.run
        what.append((_("each run of {n} or more cards") if show
                     else _("a run of {n} or more cards at the tail")).format(n=run.min))
        if run.corner:
            what.append(_("around the corner (K-A wraps)"))
        if run.in_order:
            what.append(_("played in order, up or down"))
    if match.suit is not None:
        what.append(_("a tail of {n} or more cards of one suit").format(n=match.suit.min))
    if match.flush is not None:
        what.append(_("a flush of all five cards with the starter") if match.flush.starter
                    else _("a flush of every card shown, with the starter if it matches"))
    if match.nobs:
        what.append(_("the jack of the starter's suit"))
    if match.count is not None:
        counts = match.count if isinstance(match.count, tuple) else (match.count,)
        what.append(_("the count made {counts}").format(
            counts=_(" or ").join(map(str, counts))))
    if match.ranks is not None:
        what.append(_("only {ranks}").format(ranks=_(" or ").join(match.ranks)))
    if match.total is not None:
        what.append(_("its other claims total {n}").format(n=match.total))
    return what


def _same_rank(same: int | AtLeast, show: bool) -> str:
    if isinstance(same, int):
        return (_("each group of {n} cards of one rank") if show
                else _("a tail of {n} cards of one rank")).format(n=same)
    return (_("each group of {n} or more cards of one rank") if show
            else _("a tail of {n} or more cards of one rank")).format(n=same.min)
