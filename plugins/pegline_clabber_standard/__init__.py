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

from pegline_clabber.cards import points_of
from pegline_clabber.melds import Candidate, MeldRank, best_melds, meld_rank
from pegline_clabber.settings import ClabberSettings
from pegline_clabber.snapshots import HandHeld, HandPlayed, HandTotals, RenegePenalty, ShownMeld
from pegline_core.cards import Card
from pegline_core.hookspecs import hookimpl
from pegline_core.rules import Rule, Score
from pegline_core.variant import Variant

__all__ = ["ClabberStandard"]

_SOURCE = "Evansville Clabber League handout (2019); docs/clabber.md"
TEN, JACK = 10, 11
MELD_RULES = ("dad", "fifty", "hundred", "four-of-a-kind", "mule")


class ClabberStandard:
    """Card points, last trick, melds (dad, fifty, hundred, fours, mule), bella and the set."""

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
        self.config = config or ClabberStandard.Config()

    # -- declaring ---------------------------------------------------------------------------

    @hookimpl
    def pegline_rules(self) -> list[Rule]:
        c = self.config
        return [
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

    @hookimpl
    def pegline_check_variant(self, variant: Variant) -> list[str]:
        return [f"config.clabber-standard.{name}: must not be negative, got {value}"
                for name, value in attrs.asdict(self.config).items() if value < 0]

    # -- melds -------------------------------------------------------------------------------

    def meld_points(self, candidate: Candidate) -> tuple[str, int] | None:
        """The rule and points of a candidate meld, or None if it is no meld."""
        kind, cards = candidate
        c = self.config
        if kind == "four":
            rank = cards[0].rank
            return None if rank == TEN else ("mule", c.mule) if rank == JACK else \
                ("four-of-a-kind", c.four_of_a_kind)
        length = len(cards)
        return ("dad", c.dad) if length == 3 else ("fifty", c.fifty) if length == 4 else \
            ("hundred", c.hundred)

    def melds_of(self, cards: Sequence[Card]) -> list[tuple[str, int, tuple[Card, ...]]]:
        """The melds of a hand: the non-overlapping set worth the most, as (rule, points,
        cards)."""

        def value(candidate: Candidate) -> int:
            found = self.meld_points(candidate)
            return found[1] if found else 0

        out = []
        for candidate in best_melds(cards, value):
            rule, points = self.meld_points(candidate)  # type: ignore[misc]
            out.append((rule, points, candidate[1]))
        return out

    @hookimpl
    def pegline_clabber_melds(self, held: HandHeld) -> list[Score]:
        return [Score(rule, points, cards) for rule, points, cards in self.melds_of(held.cards)]

    def rank(self, meld: ShownMeld, trump: str, four_first: bool) -> MeldRank:
        """How a shown meld ranks in the best-meld contest."""
        cards = meld.cards
        kind = "four" if len({card.rank for card in cards}) == 1 else "sequence"
        return meld_rank(kind, cards, meld.points, trump, four_first=four_first,
                         bella=self.config.bella)

    def meld_winner(self, hand: HandPlayed) -> int | None:
        """The side holding the best shown meld, or None (no melds, or the best are equal)."""
        settings: ClabberSettings = hand.variant.settings
        four_first = settings.melds.four_of_a_kind_first
        best: dict[int, MeldRank] = {}
        for meld in hand.shown:
            side = next(i for i, seats in enumerate(hand.sides) if meld.seat in seats)
            rank = self.rank(meld, hand.trump, four_first)
            if side not in best or rank > best[side]:
                best[side] = rank
        if not best:
            return None
        top = max(best.values())
        holders = [side for side, rank in best.items() if rank == top]
        return holders[0] if len(holders) == 1 else None

    # -- the count ---------------------------------------------------------------------------

    @hookimpl
    def pegline_clabber_count_hand(self, hand: HandPlayed) -> list[Score]:
        seats, trump = hand.sides[hand.side], hand.trump
        won = tuple(card for trick in hand.tricks if trick.winner in seats
                    for card in trick.cards)
        claims = []
        if won:
            claims.append(Score("card-points", points_of(won, trump), won))
        last = hand.tricks[-1]
        if last.winner in seats and self.config.last_trick:
            claims.append(Score("last-trick", self.config.last_trick, last.cards))
        if self.meld_winner(hand) == hand.side:
            claims += [Score(meld.rule, meld.points, meld.cards) for meld in hand.shown
                       if meld.seat in seats and meld.rule in MELD_RULES]
        if hand.bella is not None and hand.bella[0] in seats and self.config.bella:
            claims.append(Score("bella", self.config.bella, hand.bella[1]))
        return claims

    @hookimpl
    def pegline_clabber_settle_hand(self, totals: HandTotals) -> list[Score]:
        makers = totals.totals[totals.makers]
        defenders = max(total for side, total in enumerate(totals.totals)
                        if side != totals.makers)
        return [] if makers > defenders else [Score("set", 0)]

    @hookimpl
    def pegline_clabber_renege(self, penalty: RenegePenalty) -> list[Score]:
        claims = [Score("renege", self.config.renege)] if self.config.renege else []
        claims += [Score(meld.rule, meld.points, meld.cards) for meld in penalty.melds
                   if meld.rule in MELD_RULES]
        if penalty.bella is not None and self.config.bella:  # announced by the call: it stands
            claims.append(Score("bella", self.config.bella, penalty.bella[1]))
        return claims
