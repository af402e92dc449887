"""What a seat has not seen, so that the rest of a game can be imagined as it might be: the
cards the seat has seen in each hand, and an action with some cards exchanged for others
(OpenSpiel's ``resample_from_infostate``, `pegline_core.rl.openspiel`).

>>> from pegline_core import Card, Game
>>> from pegline_cribbage.actions import Discard
>>> relabeled(Discard(1, (Card.parse("5H"), Card.parse("KS"))), {Card.parse("5H").index: 0})
Discard(seat=1, cards=(Card.parse('AC'), Card.parse('KS')))
>>> [str(card) for card in named_in({"reason": "♠ was led and you hold K♠ 10♠."})]
['KS', 'TS']
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from pegline_core.cards import DECK, Card, CardError
from pegline_core.fairness import SeenCards, cards_in
from pegline_core.game import Game

__all__ = ["seen_by_hand", "named_in", "relabeled"]

SUIT_SYMBOLS = "♣♦♥♠"


def seen_by_hand(game: Game, seat: int) -> dict[int, set[int]]:
    """The cards (their `Card.index`) ``seat`` has seen in each hand so far: those every event
    of the hand shows it (as the game's printer redacts the event for it), those the event's
    texts name, and those its view shows now (a hand spread on the table before the log says
    so)."""
    known = SeenCards(game, seat)
    seen: dict[int, set[int]] = defaultdict(set)
    for event in game.log:
        told = known.redacted(event)
        seen[event.hand].update(card.index for card in (*cards_in(told), *named_in(told)))
    seen[game.hand].update(card.index for card in cards_in(game.view(seat)))
    return seen


def named_in(told: Mapping[str, object]) -> Iterator[Card]:
    """The cards an event's texts name with their suit's symbol (a renege proved from the
    cards held), in its dict form."""
    for word in json.dumps(told, ensure_ascii=False).split():
        if any(symbol in word for symbol in SUIT_SYMBOLS):
            try:
                yield Card.parse(word.strip('.,;:()[]{}"'))
            except CardError:
                pass


def relabeled(value: Any, cards: Mapping[int, int]) -> Any:
    """``value`` (an action, or any of its fields) with each card whose index ``cards`` maps
    given as the card of the index it maps to."""
    if isinstance(value, Card):
        return DECK[cards.get(value.index, value.index)]
    if isinstance(value, tuple | list):
        return type(value)(relabeled(item, cards) for item in value)
    if attrs.has(type(value)):
        return attrs.evolve(value, **{field.alias: relabeled(getattr(value, field.name), cards)
                                      for field in attrs.fields(type(value)) if field.init})
    return value
