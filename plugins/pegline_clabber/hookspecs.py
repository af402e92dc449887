# mypy: disable-error-code="empty-body"
# (a hook specification has no body: pluggy never calls it)
"""Clabber's hook specifications, added by the Clabber game plugin (`pegline_addhooks`).

Scoring hooks receive a frozen snapshot (`pegline_clabber.snapshots`) and return a list of
`pegline_core.Score` claims (or None, or an empty list, for nothing). Every rule id a claim names
must have been declared by the same plugin's ``pegline_rules``, and every card it names must be
one of the step's cards. A step's awards are recorded in declared rule order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pegline_core.hookspecs import hookspec

if TYPE_CHECKING:
    from pegline_clabber.snapshots import HandHeld, HandPlayed, HandTotals, RenegePenalty
    from pegline_core.rules import Score


@hookspec
def pegline_clabber_melds(held: HandHeld) -> list[Score]:
    """The melds a hand holds: one claim per meld, naming its cards (cards of ``held.cards``
    only, no card in two claims). Asked when trick play starts, for every seat; a seat holding
    any may announce them before its first play, and show them before its second."""


@hookspec
def pegline_clabber_count_hand(hand: HandPlayed) -> list[Score]:
    """Count the played hand for ``hand.side``: card points, the last trick, the melds the
    best-meld rule gives the side, the bella. Called for each side; claims may name any card
    of the hand. What the side counts is scored unless the settlement sets it."""


@hookspec
def pegline_clabber_settle_hand(totals: HandTotals) -> list[Score]:
    """Settle the makers' count against the defenders'. Claims here (naming no cards) set the
    makers: they score these claims instead of their count (the standard set scores 0, "XXX").
    No claim: every side scores its count."""


@hookspec
def pegline_clabber_renege(penalty: RenegePenalty) -> list[Score]:
    """Score a renege for ``penalty.side``, the team that did not renege (variants with renege
    calls): the standard rules give 162, the melds its players announced by the call (shown or
    not, with no contest) and its bella if announced by the call; nothing not yet announced.
    Claims may name the melds' cards."""
