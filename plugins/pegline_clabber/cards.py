"""Clabber's cards: the 24-card deck, the order of cards in trump and in plain suits, the
standard card points, and the rules of trick play (what may be played, who wins a trick).

Cards are the kernel's interned `Card` values; every table here is a list indexed by
`Card.index`, so the hot path of a game is list lookups.

>>> from pegline_core import parse_cards
>>> len(DECK), format_cards(DECK[:6])
(24, 'AC AD AH AS 9C 9D')
>>> trick_winner(parse_cards("AS TS 9H KS"), "H")   # the nine of trump wins
2
>>> format_cards(legal_plays(parse_cards("QH 9S AC"), parse_cards("9H JH"), "H"))  # not the Q
'QH'
"""

from __future__ import annotations

from collections.abc import Sequence

from pegline_clabber.refusals import (
    FOLLOW_SUIT,
    FOLLOW_TRUMP,
    OVERTRUMP,
    OVERTRUMP_ONE,
    TRUMP,
    TRUMP_BEAT,
)
from pegline_core.cards import DECK as EVERY_CARD
from pegline_core.cards import Card, deck_of, format_cards

__all__ = ["DECK", "SUITS", "SUIT_SYMBOLS", "TRUMP_ORDER", "PLAIN_ORDER", "SEQUENCE_ORDER",
           "TRUMP_POINTS", "PLAIN_POINTS", "power", "points", "points_of", "trick_winner",
           "legal_plays", "why_illegal"]

ACE, NINE, TEN, JACK, QUEEN, KING = 1, 9, 10, 11, 12, 13
DECK: tuple[Card, ...] = deck_of([ACE, NINE, TEN, JACK, QUEEN, KING])
"""A K Q J 10 9 of each suit, in `Card.index` order."""
SUITS = "CDHS"
SUIT_SYMBOLS = dict(zip(SUITS, "♣♦♥♠", strict=True))

TRUMP_ORDER = (JACK, NINE, ACE, TEN, KING, QUEEN)
"""Trump, high to low: J 9 A 10 K Q."""
PLAIN_ORDER = (ACE, TEN, KING, QUEEN, JACK, NINE)
"""Every other suit, high to low: A 10 K Q J 9."""
SEQUENCE_ORDER = (NINE, TEN, JACK, QUEEN, KING, ACE)
"""The order of sequences (melds), low to high, in every suit."""
TRUMP_POINTS = {JACK: 20, NINE: 14, ACE: 11, TEN: 10, KING: 4, QUEEN: 3}
PLAIN_POINTS = {ACE: 11, TEN: 10, KING: 4, QUEEN: 3, JACK: 2, NINE: 0}


def _by_index(values: dict[int, int]) -> tuple[int, ...]:
    return tuple(values.get(card.rank, 0) for card in EVERY_CARD)


_TRUMP_POWER = _by_index({rank: 6 - i for i, rank in enumerate(TRUMP_ORDER)})
_PLAIN_POWER = _by_index({rank: 6 - i for i, rank in enumerate(PLAIN_ORDER)})
_TRUMP_POINTS = _by_index(TRUMP_POINTS)
_PLAIN_POINTS = _by_index(PLAIN_POINTS)
SEQUENCE = _by_index({rank: i for i, rank in enumerate(SEQUENCE_ORDER)})
"""A card's place in `SEQUENCE_ORDER` (0 for the nine, 5 for the ace), by `Card.index`."""


def power(card: Card, trump: str) -> int:
    """How high ``card`` ranks in its suit: 1 (lowest) to 6 (highest); the order depends on
    whether its suit is trump."""
    return (_TRUMP_POWER if card.suit == trump else _PLAIN_POWER)[card.index]


def points(card: Card, trump: str) -> int:
    """The standard card points of ``card`` with ``trump``: 62 in trump, 30 in each other suit."""
    return (_TRUMP_POINTS if card.suit == trump else _PLAIN_POINTS)[card.index]


def points_of(cards: Sequence[Card], trump: str) -> int:
    """The card points of ``cards`` with ``trump``: `points` summed."""
    total = 0
    for card in cards:
        total += (_TRUMP_POINTS if card.suit == trump else _PLAIN_POINTS)[card.index]
    return total


def trick_winner(trick: Sequence[Card], trump: str) -> int:
    """The position in ``trick`` (in play order) of the card that wins it: the highest trump,
    or with no trump the highest card of the suit led."""
    led = trick[0].suit
    best, best_key = 0, -1
    for position, card in enumerate(trick):
        if card.suit == trump:
            key = 10 + _TRUMP_POWER[card.index]
        elif card.suit == led:
            key = _PLAIN_POWER[card.index]
        else:
            continue
        if key > best_key:
            best, best_key = position, key
    return best


def _highest_trump(trick: Sequence[Card], trump: str) -> Card | None:
    trumps = [card for card in trick if card.suit == trump]
    return max(trumps, key=lambda c: _TRUMP_POWER[c.index]) if trumps else None


def legal_plays(hand: Sequence[Card], trick: Sequence[Card], trump: str,
                undertrump: bool = True) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (the cards played so far).

    Follow the suit led if able; when trump is led, beat the highest trump if able. Unable to
    follow, trump if able, beating the highest trump in the trick if able, even a partner's;
    a player who cannot beat it still plays a trump (``undertrump``), or, with ``undertrump``
    off, any card. Following a plain suit, a player need not head the trick.
    """
    if not trick:
        return list(hand)
    led = trick[0].suit
    follow = [card for card in hand if card.suit == led]
    if follow and led != trump:
        return follow
    trumps = follow or [card for card in hand if card.suit == trump]
    if not trumps:
        return list(hand)
    high = _highest_trump(trick, trump)
    if high is None:
        return trumps
    floor = _TRUMP_POWER[high.index]
    beat = [card for card in trumps if _TRUMP_POWER[card.index] > floor]
    if beat:
        return beat
    return trumps if (follow or undertrump) else list(hand)


def why_illegal(hand: Sequence[Card], trick: Sequence[Card], trump: str, card: Card,
                undertrump: bool = True) -> str | None:
    """Why ``card`` may not be played to ``trick`` (the rule, in words), or None if it may."""
    if card in legal_plays(hand, trick, trump, undertrump):
        return None
    led = trick[0].suit
    follow = [c for c in hand if c.suit == led]
    if follow and led != trump:
        return FOLLOW_SUIT(suit=SUIT_SYMBOLS[led], cards=format_cards(follow, symbols=True))
    trumps = follow or [c for c in hand if c.suit == trump]
    high = _highest_trump(trick, trump)
    if high is not None:
        beat = [c for c in trumps if _TRUMP_POWER[c.index] > _TRUMP_POWER[high.index]]
        if beat:
            overtrump = OVERTRUMP_ONE if len(beat) == 1 else OVERTRUMP
            return overtrump(cards=format_cards(beat, symbols=True), card=high.symbol)
    if led == trump:
        return FOLLOW_TRUMP(suit=SUIT_SYMBOLS[trump], cards=format_cards(follow, symbols=True))
    held = format_cards(trumps, symbols=True)
    return TRUMP(suit=SUIT_SYMBOLS[led], cards=held) if high is None else \
        TRUMP_BEAT(suit=SUIT_SYMBOLS[led], cards=held, card=high.symbol)
