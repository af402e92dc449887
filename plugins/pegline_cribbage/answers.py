"""What a player may type at the table, read without guessing.

The grammar (docs/playing.md shows it to players):

- a **number** is always a card's number on the screen (``1`` to ``6``), never a rank: the hand
  is numbered once, sorted, and the numbers stay put while its cards are played;
- a **card** is its rank and its suit: ``5H``, ``10S`` or ``TS``, ``QD``, ``A♠`` (case is free);
- a **word** stands alone: ``help``, ``go``, ``quit``, ``compare``, ``score``;
- several cards are separated by spaces or commas (``1 2``, ``5H,KS``).

So ``10`` is card number 10, which no hand has, and the refusal says how to name the ten.

>>> from pegline_core.cards import parse_cards
>>> hand = parse_cards("3H 5C 10S KD")
>>> read_cards("2 kd", hand)
(Card.parse('5C'), Card.parse('KD'))
>>> read_word(" Quit ")
'quit'
>>> try:
...     read_cards("10", hand)
... except AnswerError as refusal:
...     print(refusal)
there is no card number 10 (your cards are 1 to 4); to choose 10♠, type 3 or 10S
>>> read_count("abc", 29)
Traceback (most recent call last):
pegline_cribbage.answers.AnswerError: 'abc' is not a number: type the points you count, from 0 to 29
"""

from __future__ import annotations

from collections.abc import Sequence

from pegline_core.cards import RANKS, Card
from pegline_core.errors import PeglineError

__all__ = ["AnswerError", "WORDS", "read_word", "read_cards", "read_count", "read_response"]

WORDS = {
    "help": "show what you can type",
    "go": "say go, when no card you hold fits under the limit",
    "quit": "save the game to a file and stop (the command to resume is printed)",
    "compare": "the coach's view of your last move (marks the game 'assist used')",
    "score": "the full breakdown of the last show",
}
"""The words a player may type, each alone, and what they do."""


class AnswerError(PeglineError):
    """What a player typed cannot be read, or is not allowed now; the message says why."""


def read_word(text: str) -> str | None:
    """The word typed (lower case), or None if ``text`` is not one of `WORDS`."""
    word = text.strip().lower()
    return word if word in WORDS else None


def read_cards(text: str, numbered: Sequence[Card]) -> tuple[Card, ...]:
    """The cards named by numbers (positions in ``numbered``) or by rank and suit."""
    words = text.replace(",", " ").split()
    if not words:
        raise AnswerError("type a card's number or its name (e.g. 5H), or help")
    cards: list[Card] = []
    for word in words:
        card = _number(word, numbered) if word.isdigit() else _named(word, numbered)
        if card in cards:
            raise AnswerError(f"{card.symbol} is chosen twice")
        cards.append(card)
    return tuple(cards)


def _number(word: str, numbered: Sequence[Card]) -> Card:
    index = int(word)
    if 1 <= index <= len(numbered):
        return numbered[index - 1]
    message = f"there is no card number {index} (your cards are 1 to {len(numbered)})"
    same_rank = [(n, c) for n, c in enumerate(numbered, 1) if c.rank == index]
    if same_rank:
        message += "".join(f"; to choose {c.symbol}, type {n} or {_typed(c)}"
                           for n, c in same_rank)
    elif 1 <= index <= len(RANKS):
        message += "; a card named by its rank needs its suit too, e.g. 10S or TS"
    raise AnswerError(message)


def _typed(card: Card) -> str:
    """How a player types ``card``: ``10S`` for the ten (``TS`` works too)."""
    return ("10" if card.rank == 10 else RANKS[card.rank - 1]) + card.suit


def _named(word: str, numbered: Sequence[Card]) -> Card:
    if word.lower() in WORDS:
        raise AnswerError(f"'{word}' is a word: type it alone")
    try:
        card = Card.parse(word)
    except PeglineError:
        raise AnswerError(f"'{word}' is neither a card (such as 5H, 10S, QD) nor a word "
                          "(type help)") from None
    if card not in numbered:
        raise AnswerError(f"you do not hold {card.symbol}")
    return card


def read_count(text: str, cap: int) -> int:
    """A count declared by hand: a whole number from 0 to ``cap``."""
    word = text.strip()
    if not word.isdigit():
        shown = f"'{word}'" if word else "nothing"
        raise AnswerError(f"{shown} is not a number: type the points you count, from 0 to {cap}")
    points = int(word)
    if points > cap:
        raise AnswerError(f"{points} is more than any count can be here: {cap} at most")
    return points


def read_response(text: str, cap: int) -> tuple[str, int]:
    """An answer to a declared count: ``accept`` (or nothing), ``overcount``, ``muggins N``."""
    words = text.lower().split()
    if words in ([], ["accept"]):
        return "accept", 0
    if words == ["overcount"]:
        return "overcount", 0
    if words[:1] == ["muggins"]:
        if len(words) == 2 and words[1].isdigit() and 1 <= int(words[1]) <= cap:
            return "muggins", int(words[1])
        raise AnswerError(f"say how many points were missed: muggins N, with N from 1 to {cap}")
    raise AnswerError(f"answer accept (or press Enter), muggins N (N from 1 to {cap}, the points "
                      "missed) or overcount")
