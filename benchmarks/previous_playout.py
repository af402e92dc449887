"""The coach's pegging playouts as they stood at commit 1b5684e (before coach v2), frozen for
`previous_coach.py`: the same fast policy and the same walk through a hand's pegging.

Only the points come from today's code: each play and series end is scored by the variant's
own rules (`Scorer.scoring`, as the game itself scores them), where the copy of 1b5684e asked
machine internals that have since changed. The rules' points are the game's, not the coach's:
a game played today must be counted by today's rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from pegline_core.cards import Card
from pegline_cribbage.combinations import PIPS
from pegline_cribbage.scorer import Scorer

__all__ = ["Pegging"]

MEMO_LIMIT = 200_000
"""Series remembered per coach before the memory starts over."""


class Pegging:
    """Plays out the rest of a hand's pegging under one ruleset."""

    def __init__(self, scorer: Scorer) -> None:
        self.scorer = scorer
        settings, variant = scorer.settings, scorer.variant
        self.limit = settings.pegging.limit
        self.players = variant.table.players
        self.side_of = tuple(variant.side_of(seat) for seat in range(self.players))
        self.sides = len(variant.sides)
        self.strict_go = settings.pegging.strict_go
        self.single_series = settings.pegging.single_series
        self.sign = -1 if settings.scoring.lowball else 1
        self._nil = (0,) * self.sides
        self._plays: dict[tuple[object, ...], int] = {}
        self._ends: dict[tuple[object, ...], int] = {}

    # -- scoring, remembered -------------------------------------------------------------------

    def play_points(self, series: tuple[Card, ...], seat: int, dealer: int) -> int:
        """The points for the last card of ``series`` (checked by the caller), played by
        ``seat`` in a hand ``dealer`` dealt."""
        key = (seat, dealer, series)  # cards are interned: a tuple of them hashes fast
        points = self._plays.get(key)
        if points is None:
            if len(self._plays) > MEMO_LIMIT:
                self._plays.clear()
            codes = tuple(card.index for card in series)
            count = sum(PIPS[code] for code in codes)
            points = sum(claim[1] for claim in self.scorer.scoring.play(seat, codes, count,
                                                                        self._nil, dealer))
            self._plays[key] = points
        return points

    def end_points(self, seat: int, count: int, series: tuple[Card, ...], last_of_hand: bool,
                   dealer: int) -> int:
        """The points for ending a series (a go, the last card, 31)."""
        key = (seat, last_of_hand, dealer, series)
        points = self._ends.get(key)
        if points is None:
            if len(self._ends) > MEMO_LIMIT:
                self._ends.clear()
            codes = tuple(card.index for card in series)
            points = sum(claim[1] for claim in self.scorer.scoring.series_end(
                seat, count, codes, last_of_hand, self._nil, dealer))
            self._ends[key] = points
        return points

    # -- the policy ----------------------------------------------------------------------------

    def choose(self, seat: int, playable: Sequence[Card], series: tuple[Card, ...],
               count: int, dealer: int) -> Card:
        """The fast policy's card: most points now, then no 15 or 31 left open, then highest."""
        best, best_key = playable[0], None
        limit = self.limit
        for card in playable:
            pips = PIPS[card.index]
            after = count + pips
            open_to = limit - after
            key = (self.sign * self.play_points((*series, card), seat, dealer),
                   after != 5 and open_to != 10, pips)
            if best_key is None or key > best_key:
                best, best_key = card, key
        return best

    # -- the playout ---------------------------------------------------------------------------

    def playout(self, hands: Sequence[Sequence[Card]], turn: int, dealer: int, *,
                count: int = 0, series: tuple[Card, ...] = (),
                said_go: frozenset[int] = frozenset(), last_player: int | None = None,
                last_was_go: bool = False, first: Card | None = None) -> tuple[int, ...]:
        """Each side's pegging points for the rest of the hand from this state, every seat
        playing the fast policy (``first``: the card ``turn`` plays now, if given)."""
        held = [list(hand) for hand in hands]
        points = [0] * self.sides
        limit, side_of = self.limit, self.side_of
        while True:
            cards = held[turn]
            room = limit - count
            card: Card | None
            if first is not None:
                card, first = first, None
            else:
                playable = [c for c in cards if PIPS[c.index] <= room]
                card = self.choose(turn, playable, series, count, dealer) if playable else None
            if card is not None:
                cards.remove(card)
                series = (*series, card)
                count += PIPS[card.index]
                points[side_of[turn]] += self.play_points(series, turn, dealer)
                last_player, consecutive, last_was_go = turn, False, False
            else:
                said_go = said_go | {turn}
                consecutive, last_was_go = last_was_go, True
            room = limit - count
            anyone = any(PIPS[c.index] <= room for hand in held for c in hand)
            nxt = None if count == limit or not anyone or (self.strict_go and consecutive) \
                else self._next_seat(held, turn, said_go)
            if nxt is not None:
                turn = nxt
                continue
            if last_player is None:  # nobody played in this series: nothing to score
                return tuple(points)
            last_of_hand = not any(held)
            points[side_of[last_player]] += self.end_points(last_player, count, series,
                                                            last_of_hand, dealer)
            if last_of_hand or self.single_series:
                return tuple(points)
            count, series, said_go, last_was_go = 0, (), frozenset(), False
            nxt = self._next_seat(held, last_player, frozenset())
            if nxt is None:
                return tuple(points)
            turn = nxt

    def _next_seat(self, held: list[list[Card]], after: int, skip: frozenset[int]) -> int | None:
        players = self.players
        for offset in range(1, players + 1):
            seat = (after + offset) % players
            if held[seat] and seat not in skip:
                return seat
        return None
