"""The layer a card game stands on: what the games of cards that Pegline plays share.

A game built on it writes only its own rules; everything card games do alike is here:

- the deck and the deal (`dealing`): `draw_cut` and `lowest_cut`, the cut for the first dealer
  (the lowest rank deals, a tie cuts again); `draw_hands`, a random deal from the dealer's left;
  `check_hands` and `check_cards`, which refuse a wrong deal or cut before anything changes;
  `face_down` and `HandsFaceDown`, a deal as some seats see it;
- hands and piles: tuples of interned cards, changed by `pegline_core.card_tuples`' helpers;
- seats and teams: `Seating`, from the variant's ``[table]`` (`seating`);
- snapshot and restore: `StateFields` and `FlatState`, for a machine whose state is flat
  (`state`);
- the shared actions and events: `CutForDeal`, `Deal`, `SeatMove`, `Play` (`actions`),
  `DealerChosen`, `CutTie`, `Combination` (`events`), and `first_dealer`, read from a log;
- the log: `EventWriter` (`pegline_core.event_writer`): inputs, what they cause, scores, the
  result.

docs/writing-games.md builds the Tricks example on it, step by step.
"""

from pegline_core.card_game.actions import (
    CutForDeal,
    Deal,
    Play,
    SeatMove,
    card_tuple,
    hands_tuple,
    plays_of,
)
from pegline_core.card_game.dealing import (
    HandsFaceDown,
    check_cards,
    check_hands,
    draw_cut,
    draw_hands,
    face_down,
    lowest_cut,
)
from pegline_core.card_game.events import Combination, CutTie, DealerChosen, first_dealer
from pegline_core.card_game.seating import Seating
from pegline_core.card_game.state import FlatState, StateFields
from pegline_core.event_writer import EventWriter

__all__ = ["CutForDeal", "Deal", "SeatMove", "Play", "card_tuple", "hands_tuple", "plays_of",
           "check_cards", "check_hands", "draw_cut", "draw_hands", "face_down", "HandsFaceDown",
           "lowest_cut", "Combination", "CutTie", "DealerChosen", "first_dealer", "Seating",
           "StateFields", "FlatState", "EventWriter"]
