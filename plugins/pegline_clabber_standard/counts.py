"""What Clabber's standard rules count, compiled (``[tool.pegline] compiled`` in pyproject.toml):
the melds of a hand, the best-meld contest, the hand's count, the set and the renege penalty.

The plugin's hook implementations call these, and each is also its hook's native counterpart
(docs/hooks.md, "The native lane"), so both lanes claim from one source. Snapshots are read by
position, in the field order of their classes in `pegline_clabber.snapshots`.

>>> from pegline_core import parse_cards
>>> points = Points(10, 20, 50, 100, 100, 200, 20, 162)
>>> melds_of(points, parse_cards("QH KH AH JH 9C 9S"))
[('fifty', 50, (Card.parse('JH'), Card.parse('QH'), Card.parse('KH'), Card.parse('AH')))]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from pegline_clabber.cards import points_of
from pegline_clabber.melds import Candidate, MeldRank, best_melds, meld_rank
from pegline_core.cards import Card
from pegline_core.rules import Score

__all__ = ["Points", "MELD_RULES", "melds_of", "meld_winner", "melds", "count_hand",
           "settle_hand", "renege"]

TEN, JACK = 10, 11
MELD_RULES = ("dad", "fifty", "hundred", "four-of-a-kind", "mule")

_score = cast(Callable[..., Score], tuple.__new__)
"""A `Score` from its fields in order (skips the named tuple's interpreted ``__new__``)."""


class Points:
    """The point values of one `ClabberStandard.Config`, as plain integers."""

    def __init__(self, last_trick: int, dad: int, fifty: int, hundred: int, four_of_a_kind: int,
                 mule: int, bella: int, renege: int) -> None:
        self.last_trick = last_trick
        self.dad = dad
        self.fifty = fifty
        self.hundred = hundred
        self.four_of_a_kind = four_of_a_kind
        self.mule = mule
        self.bella = bella
        self.renege = renege

    def meld(self, candidate: Candidate) -> tuple[str, int] | None:
        """The rule and points of a candidate meld, or None if it is no meld."""
        kind, cards = candidate
        if kind == "four":
            rank = cards[0].rank
            return None if rank == TEN else ("mule", self.mule) if rank == JACK else \
                ("four-of-a-kind", self.four_of_a_kind)
        length = len(cards)
        return ("dad", self.dad) if length == 3 else ("fifty", self.fifty) if length == 4 else \
            ("hundred", self.hundred)

    def worth(self, candidate: Candidate) -> int:
        found = self.meld(candidate)
        return found[1] if found is not None else 0


def melds_of(points: Points, cards: Sequence[Card]) -> list[tuple[str, int, tuple[Card, ...]]]:
    """The melds of a hand: the non-overlapping set worth the most, as (rule, points, cards)."""
    out = []
    for candidate in best_melds(cards, points.worth):
        found = points.meld(candidate)
        assert found is not None  # best_melds keeps only what is worth something
        out.append((found[0], found[1], candidate[1]))
    return out


def meld_winner(points: Points, hand: Any) -> int | None:
    """The side holding the best shown meld, or None (no melds, or the best are equal)."""
    trump, shown, sides = hand[2], hand[4], hand[6]  # HandPlayed: trump, shown, sides
    four_first: bool = hand[8].settings.melds.four_of_a_kind_first
    best: dict[int, MeldRank] = {}
    for meld in shown:  # ShownMeld: seat, rule, points, cards
        seat, cards = meld[0], meld[3]
        side = next(i for i, seats in enumerate(sides) if seat in seats)
        kind = "four" if len({card.rank for card in cards}) == 1 else "sequence"
        rank = meld_rank(kind, cards, meld[2], trump, four_first=four_first, bella=points.bella)
        if side not in best or rank > best[side]:
            best[side] = rank
    if not best:
        return None
    top = max(best.values())
    holders = [side for side, rank in best.items() if rank == top]
    return holders[0] if len(holders) == 1 else None


def _points(plugin: Any) -> Points:
    found: Points = plugin.native_rules
    return found


# -- the hooks' claims (each the native counterpart of its hook implementation) ---------------

def melds(plugin: Any, held: Any) -> list[Score]:
    """``pegline_clabber_melds``: a claim for each meld of the hand (HandHeld: its cards)."""
    return [_score(Score, found) for found in melds_of(_points(plugin), held[1])]


def count_hand(plugin: Any, hand: Any) -> list[Score]:
    """``pegline_clabber_count_hand``: the side's card points, last trick, melds if it holds
    the best one, and bella."""
    points = _points(plugin)
    side, trump, tricks, shown, bella = hand[0], hand[2], hand[3], hand[4], hand[5]
    seats: tuple[int, ...] = hand[6][side]
    won = tuple(card for trick in tricks if trick[2] in seats  # Trick: leader, cards, winner
                for card in trick[1])
    claims: list[Score] = []
    if won:
        claims.append(_score(Score, ("card-points", points_of(won, trump), won)))
    last = tricks[-1]
    if last[2] in seats and points.last_trick:
        claims.append(_score(Score, ("last-trick", points.last_trick, last[1])))
    if meld_winner(points, hand) == side:
        claims += [_score(Score, (meld[1], meld[2], meld[3])) for meld in shown
                   if meld[0] in seats and meld[1] in MELD_RULES]
    if bella is not None and bella[0] in seats and points.bella:
        claims.append(_score(Score, ("bella", points.bella, bella[1])))
    return claims


def settle_hand(plugin: Any, totals: Any) -> list[Score]:
    """``pegline_clabber_settle_hand``: the makers are set unless they counted more than the
    defenders (HandTotals: makers, totals)."""
    makers: int = totals[0]
    counted: tuple[int, ...] = totals[1]
    defenders = max(total for side, total in enumerate(counted) if side != makers)
    return [] if counted[makers] > defenders else [_score(Score, ("set", 0, ()))]


def renege(plugin: Any, penalty: Any) -> list[Score]:
    """``pegline_clabber_renege``: the penalty, with the side's melds and bella announced by
    the call (RenegePenalty: melds, bella)."""
    points = _points(plugin)
    claims = [_score(Score, ("renege", points.renege, ()))] if points.renege else []
    claims += [_score(Score, (meld[1], meld[2], meld[3])) for meld in penalty[3]
               if meld[1] in MELD_RULES]
    bella = penalty[6]
    if bella is not None and points.bella:  # announced by the call: it stands
        claims.append(_score(Score, ("bella", points.bella, bella[1])))
    return claims
