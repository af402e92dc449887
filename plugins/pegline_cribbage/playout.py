"""Fast pegging playouts for the coach: the rest of a hand's play, on a light copy of its state.

A playout follows the engine's pegging rules (the turn, the go, the count's limit, the end of a
series, a strict go, a single series) on plain tuples, and scores every play and series end
through the variant's own plugins, remembered by the cards played (a plugin's points depend only
on the table, so each series is scored once). Every seat plays the same fast policy: the most
points now, then the card that leaves the next player no 15 or 31, then the highest card.

>>> from pegline_core.cards import parse_cards
>>> from pegline_cribbage.scorer import Scorer
>>> pegging = Pegging(Scorer.for_variant("two-player"))
>>> hands = [parse_cards("5H 5C"), parse_cards("TS 5D")]
>>> pegging.playout(hands, turn=1, dealer=0)  # TS; 5H 15 (2); 5D pair (2); 5C royal (6), last (1)
(9, 2)
"""

from __future__ import annotations

from collections.abc import Sequence

from pegline_core.cards import Card
from pegline_cribbage.combinations import PIPS
from pegline_cribbage.machine import common
from pegline_cribbage.scorer import Scorer

__all__ = ["Pegging"]

MEMO_LIMIT = 200_000
"""Series remembered per coach before the memory starts over."""


class Pegging:
    """Plays out the rest of a hand's pegging under one ruleset."""

    def __init__(self, scorer: Scorer) -> None:
        self.scorer = scorer
        c = common(scorer.ruleset)
        self._c = c
        self.limit = c.limit
        self.players = c.players
        self.side_of = c.side_of
        self.sides = len(c.variant.sides)
        self.strict_go = c.strict_go
        self.single_series = c.settings.pegging.single_series
        self.sign = -1 if c.lowball else 1
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
            c = self._c
            count = sum(PIPS[card.index] for card in series)
            snapshot = c.snapshots.play(seat, series[-1], series, count, (0,) * self.sides,
                                        dealer)
            points = sum(a.score.points for a in c.score_play(series, snapshot))
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
            c = self._c
            snapshot = c.snapshots.series_end(seat, count, series, last_of_hand,
                                              (0,) * self.sides, dealer)
            points = sum(a.score.points for a in c.score_series_end(series[-1:], snapshot))
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
        return self.race(hands, turn, dealer, count=count, series=series, said_go=said_go,
                         last_player=last_player, last_was_go=last_was_go, first=first)[0]

    def race(self, hands: Sequence[Sequence[Card]], turn: int, dealer: int, *,
             count: int = 0, series: tuple[Card, ...] = (),
             said_go: frozenset[int] = frozenset(), last_player: int | None = None,
             last_was_go: bool = False, first: Card | None = None,
             needs: Sequence[int] | None = None) -> tuple[tuple[int, ...], int | None]:
        """`playout`, stopping when a side has pegged what it ``needs`` to win (the points
        each side lacks of the target): each side's points, and the side that pegged out or
        None."""
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
                side = side_of[turn]
                points[side] += self.play_points(series, turn, dealer)
                if needs is not None and points[side] >= needs[side]:
                    return tuple(points), side
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
                return tuple(points), None
            last_of_hand = not any(held)
            side = side_of[last_player]
            points[side] += self.end_points(last_player, count, series, last_of_hand, dealer)
            if needs is not None and points[side] >= needs[side]:
                return tuple(points), side
            if last_of_hand or self.single_series:
                return tuple(points), None
            count, series, said_go, last_was_go = 0, (), frozenset(), False
            nxt = self._next_seat(held, last_player, frozenset())
            if nxt is None:
                return tuple(points), None
            turn = nxt

    def _next_seat(self, held: list[list[Card]], after: int, skip: frozenset[int]) -> int | None:
        players = self.players
        for offset in range(1, players + 1):
            seat = (after + offset) % players
            if held[seat] and seat not in skip:
                return seat
        return None
