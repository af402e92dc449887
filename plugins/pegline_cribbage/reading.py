"""Reading the other players: hands imagined as a hand-keeping player would have kept them.

The coach imagines the cards it cannot see. Drawn at random, another player's hand is any four
unseen cards; but that player was dealt more and kept the ones that score: two fives are more
likely in it than a five and a king. A `Keeper` draws each imagined hand as dealt, then keeps
what a player who keeps the best hand keeps (the cards whose expected show, by the variant's own
scoring over every starter, is highest: the greedy bot's way, and the discard table's other
seats'). In the pegging, a hand must also agree with the cards its player has
played: an imagined deal whose best keep does not hold them is drawn again (`TRIES` times at
most, then the drawn hand stands), so cards played early say what is left. How they were
played says more: a `PlayReading` weighs a hand by how likely its player's plays were from it.

The value of a keep is taken by its ranks only (the cards in one suit each, so no flush), over
every starter those cards leave, so it is counted once per ruleset for each set of ranks, and
looked up after.

>>> from pegline_cribbage.scorer import Scorer
>>> from pegline_core.cards import parse_cards
>>> keeper = Keeper(Scorer.for_variant("two-player"))
>>> kept, thrown = keeper.keep(parse_cards("5H 5C JD KS 2C 9H"))
>>> sorted(map(str, kept)), sorted(map(str, thrown))
(['5C', '5H', 'JD', 'KS'], ['2C', '9H'])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from pegline_core.cards import DECK, Card
from pegline_cribbage.combinations import PIPS
from pegline_cribbage.crib_odds import representative
from pegline_cribbage.playout import Pegging
from pegline_cribbage.scorer import Scorer
from pegline_cribbage.views import CribbageView

__all__ = ["Keeper", "PlayReading", "TRIES", "READ_TRIES", "SLIP", "keeper_for"]

TRIES = 12
"""Deals drawn at most for one imagined hand in the pegging before the last one stands."""
READ_TRIES = 15
"""Hands drawn at most for one imagined hand of a player who has played, before the likeliest
of them stands."""
SLIP = 0.1
"""How often a `PlayReading` expects a player to play other than the most points now."""


class Keeper:
    """A hand-keeping player's keep of any dealt hand, under ``scorer``'s variant."""

    def __init__(self, scorer: Scorer) -> None:
        self.scorer = scorer
        settings = scorer.settings
        self.dealt = settings.deal.cards
        self.kept = settings.hand_size()
        self._sign = -1.0 if settings.scoring.lowball else 1.0
        self._values: dict[tuple[int, ...], float] = {}

    def value(self, ranks: tuple[int, ...]) -> float:
        """The expected show of a keep of these (sorted) ranks, over every starter it leaves
        (higher is better: in lowball, fewer points)."""
        value = self._values.get(ranks)
        if value is None:
            cards = representative(ranks, suited=False)
            starters = [card for card in DECK if card not in cards]
            total = self.scorer.show_total
            value = self._values[ranks] = self._sign * sum(
                total(cards, starter, crib=False) for starter in starters) / len(starters)
        return value

    def keep(self, hand: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The cards a hand-keeping player keeps of ``hand``, and those it throws (the first
        best keep in the hand's order)."""
        best: tuple[Card, ...] = ()
        best_value = 0.0
        for kept in combinations(hand, self.kept):
            value = self.value(tuple(sorted(card.rank for card in kept)))
            if not best or value > best_value:
                best, best_value = kept, value
        return best, tuple(card for card in hand if card not in best)

    def imagine(self, pool: Sequence[Card], played: Sequence[Card], rng: random.Random,
                fits: Sequence[Card] | None = None) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """A hand still held (beside ``played``, its cards already played) and its player's
        thrown cards, both from ``pool``: the dealt hand drawn again until its keep holds the
        played cards. ``fits``: the cards the held ones must come from (a player that said go
        holds nothing that fitted), where there are enough of them."""
        left = self.kept - len(played)
        throws = self.dealt - self.kept
        allowed = None if fits is None or len(fits) < left else set(fits)
        for _ in range(TRIES):
            drawn = rng.sample(pool, left + throws)
            kept, thrown = self.keep((*played, *drawn))
            held = tuple(card for card in kept if card not in played)
            if len(held) == left and (allowed is None or allowed.issuperset(held)):
                return held, thrown
        held = tuple(rng.sample(fits if fits is not None and allowed is not None else pool,
                                left))  # as dealt, from the cards that fit where they are enough
        return held, tuple(rng.sample([card for card in pool if card not in held], throws))


class PlayReading:
    """What the plays of a hand so far say about the cards their players hold: each was the
    card scoring the most points now, the highest on a tie (the greedy bot's way), but for a
    slip of `SLIP`. A player who led a seven, nothing scoring, holds no higher card it could
    have led, most likely.

    >>> from pegline_core import Game, parse_cards
    >>> from pegline_cribbage.actions import CutStarter, Deal, Discard, Play
    >>> game = Game("two-player", dealer=1)
    >>> _ = game.apply(Deal([parse_cards("7H 2C 3D 4S AC AD"), parse_cards("5H 5C JD KS 2S 9H")]))
    >>> _ = game.apply(Discard(0, parse_cards("AC AD")))
    >>> _ = game.apply(Discard(1, parse_cards("2S 9H")))
    >>> _ = game.apply(CutStarter(parse_cards("QC")[0]))
    >>> _ = game.apply(Play(0, parse_cards("7H")[0]))     # the pone leads its highest card
    >>> view = game.view(1)
    >>> reading = PlayReading(view, Pegging(view.rules))
    >>> low, high = parse_cards("2C 3D 4S"), parse_cards("2C 3D KH")
    >>> led = parse_cards("7H")
    >>> round(reading.likelihood(0, led, low), 3), round(reading.likelihood(0, led, high), 3)
    (0.925, 0.025)
    """

    def __init__(self, view: CribbageView, pegging: Pegging) -> None:
        assert view.dealer is not None
        self.dealer = view.dealer
        self._pegging = pegging
        self._sign = pegging.sign
        self.history: tuple[tuple[int, tuple[int, ...], int, int], ...] = _history(view)
        """Each play so far: (seat, the series before it, the count before it, the card), the
        cards as their index numbers."""

    def likelihood(self, seat: int, played: Sequence[Card], held: Sequence[Card]) -> float:
        """How likely ``seat``'s plays so far (``played``) were, had it held ``held`` beside
        them."""
        cards = [c.index for c in (*played, *held)]
        points, sign, dealer = self._pegging.code_points, self._sign, self.dealer
        limit = self._pegging.limit
        likelihood = 1.0
        for player, series, count, card in self.history:
            if player != seat:
                continue
            room = limit - count
            best = (-1, -1)
            ties = playable = 0
            for c in cards:
                if PIPS[c] <= room:
                    playable += 1
                    key = (sign * points((*series, c), seat, dealer), PIPS[c])
                    if key > best:
                        best, ties = key, 1
                    elif key == best:
                        ties += 1
            mine = (sign * points((*series, card), seat, dealer), PIPS[card])
            likelihood *= (1.0 - SLIP) * (mine == best) / max(ties, 1) + SLIP / max(playable, 1)
            if card in cards:
                cards.remove(card)
        return likelihood

    def hand(self, seat: int, played: Sequence[Card], size: int, pool: Sequence[Card],
             fits: Sequence[Card] | None, rng: random.Random) -> tuple[Card, ...]:
        """The cards ``seat`` still holds of its ``size``, drawn from ``pool`` (from ``fits``
        where there are enough: a player that said go) and kept with their `likelihood`; the
        likeliest of `READ_TRIES` draws when none is kept."""
        left = size - len(played)
        source = fits if fits is not None and len(fits) >= left else pool
        best: tuple[Card, ...] = ()
        best_weight = -1.0
        for _ in range(READ_TRIES):
            held = tuple(rng.sample(source, left))
            weight = self.likelihood(seat, played, held)
            if rng.random() < weight:
                return held
            if weight > best_weight:
                best, best_weight = held, weight
        return best


def _history(view: CribbageView) -> tuple[tuple[int, tuple[int, ...], int, int], ...]:
    """The hand's plays with the series and count each was played on. A series ends at the
    limit, or before a card that would pass it (all who could play had said go, so the next to
    play held nothing that fitted)."""
    out = []
    series: tuple[int, ...] = ()
    count = 0
    for seat, card in view.played:
        pips = PIPS[card.index]
        if count + pips > view.limit:
            series, count = (), 0
        out.append((seat, series, count, card.index))
        series, count = (*series, card.index), count + pips
        if count == view.limit:
            series, count = (), 0
    return tuple(out)


def keeper_for(scorer: Scorer) -> Keeper:
    """The ruleset's keeper, built once per ruleset and shared (its values are counted once)."""
    cache = scorer.ruleset.cache
    keeper = cache.get("keeper")
    if not isinstance(keeper, Keeper) or keeper.scorer is not scorer:
        keeper = cache["keeper"] = Keeper(scorer)
    return keeper
