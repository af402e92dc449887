"""Playing cards: the 52 interned `Card` values, their notation, and parsing.

Every card exists once, so cards compare by identity and hash cheaply. Pegline reads
``5H``, ``TD``, ``10D``, ``qs``, ``A♠`` and ``10♦``; it prints the canonical two-character form
(rank then suit letter, ``T`` for ten) and parses what it prints.

>>> card = Card.parse("10♦")
>>> card, str(card), card.rank, card.suit
(Card.parse('TD'), 'TD', 10, 'D')
>>> parse_cards("5H 5c 5d js")
(Card.parse('5H'), Card.parse('5C'), Card.parse('5D'), Card.parse('JS'))
>>> Card.parse("1Z")
Traceback (most recent call last):
pegline_core.errors.CardError: '1Z': unknown suit 'Z'
"""

from __future__ import annotations

from collections.abc import Iterable

from pegline_core.errors import CardError
from pegline_core.messages import Template

__all__ = ["Card", "CardError", "DECK", "RANKS", "SUITS", "parse_cards", "format_cards",
           "deck_of"]

_NOT_A_CARD = Template("card.form", "{text}: a card is a rank followed by a suit, like '5H'")
_UNKNOWN_SUIT = Template("card.suit", "{text}: unknown suit {suit}")
_UNKNOWN_RANK = Template("card.rank", "{text}: unknown rank {rank}")
_TWICE = Template("card.twice", "{card} is given twice")

RANKS = "A23456789TJQK"
"""Rank letters in order; a card's ``rank`` is its 1-based position here (ace low)."""
SUITS = "CDHS"
"""Suit letters: clubs, diamonds, hearts, spades."""

_SUIT_ALIASES = {
    **{s: s for s in SUITS},
    "♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H", "♡": "H", "♠": "S", "♤": "S",
}
_SUIT_SYMBOLS = dict(zip(SUITS, "♣♦♥♠", strict=True))
_RANK_ALIASES = {**{r: i for i, r in enumerate(RANKS, 1)}, "10": 10}


class Card:
    """One of the 52 cards. Build it with `Card.parse` or `Card.of`; each exists once.

    ``rank`` is 1 (ace) to 13 (king), ``suit`` a letter of `SUITS`, ``index`` a dense number
    0..51 in rank-then-suit order. What a card is worth is a game's business, not the card's.
    """

    __slots__ = ("index", "rank", "suit")
    rank: int
    suit: str
    index: int

    def __new__(cls, *_args: object) -> Card:  # noqa: PYI034 - it never returns
        raise TypeError("use Card.parse('5H') or Card.of(rank, suit); cards are interned")

    @classmethod
    def _make(cls, rank: int, suit: str) -> Card:
        card = object.__new__(cls)
        for name, value in (
            ("rank", rank), ("suit", suit),
            ("index", (rank - 1) * 4 + SUITS.index(suit)),
        ):
            object.__setattr__(card, name, value)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    @staticmethod
    def of(rank: int, suit: str) -> Card:
        """The card of this rank (1-13) and suit letter."""
        if not isinstance(rank, int) or isinstance(rank, bool) or not 1 <= rank <= 13:
            raise CardError(f"rank must be an integer from 1 to 13, not {rank!r}")
        if suit not in SUITS or len(suit) != 1:
            raise CardError(f"suit must be one of {', '.join(SUITS)}, not {suit!r}")
        return DECK[(rank - 1) * 4 + SUITS.index(suit)]

    @staticmethod
    def parse(text: str) -> Card:
        """Parse one card in any notation Pegline reads (see the module docstring)."""
        if not isinstance(text, str):
            raise CardError(f"a card must be a string, not {type(text).__name__}")
        token = text.strip()
        if len(token) < 2:
            raise CardError(_NOT_A_CARD(text=repr(text)))
        suit = _SUIT_ALIASES.get(token[-1].upper())
        if suit is None:
            raise CardError(_UNKNOWN_SUIT(text=repr(text), suit=repr(token[-1])))
        rank = _RANK_ALIASES.get(token[:-1].upper())
        if rank is None:
            raise CardError(_UNKNOWN_RANK(text=repr(text), rank=repr(token[:-1])))
        return DECK[(rank - 1) * 4 + SUITS.index(suit)]

    @property
    def symbol(self) -> str:
        """Display form with a suit symbol and ``10`` for ten, e.g. ``10♦``."""
        return ("10" if self.rank == 10 else RANKS[self.rank - 1]) + _SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (str(self),))


DECK: tuple[Card, ...] = tuple(Card._make(rank, suit) for rank in range(1, 14) for suit in SUITS)
"""All 52 cards, ordered by `Card.index`."""


def parse_cards(text: str | Iterable[str | Card], *, distinct: bool = True) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas (or an iterable of cards and strings).

    With ``distinct`` (the default) a card given twice is an error.

    >>> parse_cards("5H 5H")
    Traceback (most recent call last):
    pegline_core.errors.CardError: '5H' is given twice
    """
    if not isinstance(text, str | Iterable):
        raise CardError(f"cards must be a string or an iterable of cards, not "
                        f"{type(text).__name__}")
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards = tuple(item if isinstance(item, Card) else Card.parse(item) for item in items)
    if distinct and len(set(cards)) != len(cards):
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise CardError(_TWICE(card=repr(str(card))))
            seen.add(card)
    return cards


def format_cards(cards: Iterable[Card], *, symbols: bool = False) -> str:
    """Cards joined by spaces, in canonical or symbol form."""
    return " ".join(card.symbol if symbols else str(card) for card in cards)


def deck_of(ranks: Iterable[int]) -> tuple[Card, ...]:
    """The cards of these ranks in every suit, in `Card.index` order: a game's own deck.

    >>> len(deck_of([1, 9, 10, 11, 12, 13]))   # a 24-card deck, nine to ace
    24
    """
    wanted = set(ranks)
    return tuple(card for card in DECK if card.rank in wanted)
