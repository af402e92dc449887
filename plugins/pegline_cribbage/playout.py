"""Fast pegging playouts for the coach: the rest of a hand's play, on a light copy of its state.

A playout follows the engine's pegging rules (the turn, the go, the count's limit, the end of a
series, a strict go, a single series) on plain tuples, and scores every play and series end
through the variant's own plugins, remembered by the cards played (a plugin's points depend only
on the table, so each series is scored once). Inside, cards are their `Card.index` numbers, and
the module is compiled (``[tool.pegline] compiled`` in pyproject.toml): the coach plays
thousands of these hands per decision. Every seat plays the same fast policy: the most
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
        self.limit: int = c.limit
        self.players: int = c.players
        self.side_of: tuple[int, ...] = c.side_of
        self.sides = len(c.variant.sides)
        self._scoring = scorer.scoring
        self._nil: tuple[int, ...] = (0,) * self.sides
        self.strict_go: bool = c.strict_go
        self.single_series: bool = c.settings.pegging.single_series
        self.sign = -1 if c.lowball else 1
        self._plays: dict[tuple[int, int, tuple[int, ...]], int] = {}
        self._ends: dict[tuple[int, bool, int, tuple[int, ...]], int] = {}

    # -- scoring, remembered -------------------------------------------------------------------

    def play_points(self, series: tuple[Card, ...], seat: int, dealer: int) -> int:
        """The points for the last card of ``series`` (checked by the caller), played by
        ``seat`` in a hand ``dealer`` dealt."""
        return self._play_points(tuple([card.index for card in series]), seat, dealer)

    def code_points(self, series: tuple[int, ...], seat: int, dealer: int) -> int:
        """`play_points` with the cards as their index numbers (a reading weighs many hands)."""
        return self._play_points(series, seat, dealer)

    def _play_points(self, series: tuple[int, ...], seat: int, dealer: int) -> int:
        key = (seat, dealer, series)
        points = self._plays.get(key)
        if points is None:
            if len(self._plays) > MEMO_LIMIT:
                self._plays.clear()
            count = 0
            for i in series:
                count += PIPS[i]
            points = 0
            for claim in self._scoring.play(seat, series, count, self._nil, dealer):
                points += claim[1]
            self._plays[key] = points
        return points

    def _end_points(self, seat: int, count: int, series: tuple[int, ...], last_of_hand: bool,
                    dealer: int) -> int:
        """The points for ending a series (a go, the last card, 31)."""
        key = (seat, last_of_hand, dealer, series)
        points = self._ends.get(key)
        if points is None:
            if len(self._ends) > MEMO_LIMIT:
                self._ends.clear()
            points = 0
            for claim in self._scoring.series_end(seat, count, series, last_of_hand, self._nil,
                                                  dealer):
                points += claim[1]
            self._ends[key] = points
        return points

    # -- the policy ----------------------------------------------------------------------------

    def _choose(self, seat: int, playable: list[int], series: tuple[int, ...], count: int,
                dealer: int) -> int:
        """The fast policy's card: most points now, then no 15 or 31 left open, then highest."""
        best = playable[0]
        best_points, best_safe, best_pips = 0, False, -1
        limit, sign = self.limit, self.sign
        for card in playable:
            pips = PIPS[card]
            after = count + pips
            points = sign * self._play_points((*series, card), seat, dealer)
            safe = after != 5 and limit - after != 10
            if best_pips < 0 or (points, safe, pips) > (best_points, best_safe, best_pips):
                best, best_points, best_safe, best_pips = card, points, safe, pips
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
        held = [[card.index for card in hand] for hand in hands]
        return self._race(held, turn, dealer, count, tuple([card.index for card in series]),
                          said_go, -1 if last_player is None else last_player, last_was_go,
                          -1 if first is None else first.index,
                          None if needs is None else list(needs))

    def _race(self, held: list[list[int]], turn: int, dealer: int, count: int,
              series: tuple[int, ...], said_go: frozenset[int], last_player: int,
              last_was_go: bool, first: int, needs: list[int] | None
              ) -> tuple[tuple[int, ...], int | None]:
        """`race` on card numbers (-1: no last player, no first card)."""
        points = [0] * self.sides
        limit, side_of = self.limit, self.side_of
        while True:
            cards = held[turn]
            room = limit - count
            card = -1
            if first >= 0:
                card, first = first, -1
            else:
                playable = [c for c in cards if PIPS[c] <= room]
                if playable:
                    card = self._choose(turn, playable, series, count, dealer)
            consecutive = False
            if card >= 0:
                cards.remove(card)
                series = (*series, card)
                count += PIPS[card]
                side = side_of[turn]
                points[side] += self._play_points(series, turn, dealer)
                if needs is not None and points[side] >= needs[side]:
                    return tuple(points), side
                last_player, last_was_go = turn, False
            else:
                said_go = said_go | {turn}
                consecutive, last_was_go = last_was_go, True
            room = limit - count
            nxt = -1
            if count != limit and not (self.strict_go and consecutive) and \
                    _anyone_can_play(held, room):
                nxt = self._next_seat(held, turn, said_go)
            if nxt >= 0:
                turn = nxt
                continue
            if last_player < 0:  # nobody played in this series: nothing to score
                return tuple(points), None
            last_of_hand = not any(held)
            side = side_of[last_player]
            points[side] += self._end_points(last_player, count, series, last_of_hand, dealer)
            if needs is not None and points[side] >= needs[side]:
                return tuple(points), side
            if last_of_hand or self.single_series:
                return tuple(points), None
            count, series, said_go, last_was_go = 0, (), frozenset(), False
            nxt = self._next_seat(held, last_player, frozenset())
            if nxt < 0:
                return tuple(points), None
            turn = nxt

    def _next_seat(self, held: list[list[int]], after: int, skip: frozenset[int]) -> int:
        """The next seat after ``after`` with cards and not in ``skip`` (-1: none)."""
        players = self.players
        for offset in range(1, players + 1):
            seat = (after + offset) % players
            if held[seat] and seat not in skip:
                return seat
        return -1


def _anyone_can_play(held: list[list[int]], room: int) -> bool:
    for hand in held:
        for card in hand:
            if PIPS[card] <= room:
                return True
    return False
