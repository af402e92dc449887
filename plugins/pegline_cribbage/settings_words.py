"""A cribbage variant's settings that change scoring, in words (``pegline variants explain``)."""

from __future__ import annotations

from pegline_core.app.i18n import Messages
from pegline_core.variant import Variant
from pegline_cribbage.settings import CribbageSettings

__all__ = ["scoring_words"]

_messages = Messages("pegline_cribbage")
_ = _messages.gettext
ngettext = _messages.ngettext


def scoring_words(variant: Variant) -> list[str]:
    """The target and how a game is won, the skunk lines (none under lowball), the pegging's
    limit, the deal's sizes.

    >>> from pegline_core import load_variant
    >>> for line in scoring_words(load_variant("two-player-61")):
    ...     print(line)
    the first to 61 points wins; a plain win is 2 game points
    lurch: a loser below 31 gives the winner 3 game points
    pegging: the count may not pass 31
    6 cards dealt, 2 each to the crib: hands of 4, a crib of 4
    """
    settings: CribbageSettings = variant.settings
    scoring, pegging, deal = settings.scoring, settings.pegging, settings.deal
    points = ngettext("{n} game point", "{n} game points", scoring.win_game_points).format(
        n=scoring.win_game_points)
    won = (_("lowball: the first to {target} points loses; a plain win is {points}")
           if scoring.lowball else _("the first to {target} points wins; a plain win is {points}"))
    lines = [won.format(target=scoring.target, points=points)]
    lines += [_("{name}: a loser below {below} gives the winner {points}").format(
        name=_messages.pgettext("skunk", line.name), below=line.below,
        points=ngettext("{n} game point", "{n} game points", line.game_points).format(
            n=line.game_points)) for line in settings.skunk if not scoring.lowball]
    lines.append((_("pegging: the count may not pass {limit}; it stops at the first go or at "
                    "{limit}") if pegging.single_series
                  else _("pegging: the count may not pass {limit}")).format(limit=pegging.limit))
    crib = settings.crib_size(variant.table.players)
    dealt = ngettext("{n} card dealt", "{n} cards dealt", deal.cards).format(n=deal.cards)
    lines.append(_("{dealt}, {discard} each to the crib: hands of {hand}, a crib of {crib}")
                 .format(dealt=dealt, discard=deal.discard, hand=settings.hand_size(), crib=crib))
    if deal.crib_from_deck:
        lines[-1] += ngettext(" ({n} from the deck)", " ({n} from the deck)",
                              deal.crib_from_deck).format(n=deal.crib_from_deck)
    return lines
