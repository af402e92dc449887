"""Clabber's chance one outcome at a time (`pegline_core.chance.Chance`): the cut for deal a card
per seat (or cards turned up to the first jack), the deal how deep the dealer's right cuts the
pack and then its 24 cards one at a time from the dealer's left.

>>> import random
>>> from pegline_core import Game
>>> game = Game("clabber", dealer=2)
>>> chance = ClabberChance(game.ruleset)
>>> cuts = chance.outcomes(game, [])            # first how deep the pack is cut: 4 to 20
>>> len(cuts), chance.label(cuts[0]), chance.label(cuts[-1])
(17, 'cut 4', 'cut 20')
>>> deal = game.chance_action(random.Random(3))
>>> drawn = chance.drawn(game, deal)            # then the 24 cards from the dealer's left
>>> len(drawn), chance.action(game, drawn) == deal, chance.label(drawn[0]) == f"cut {deal.cut}"
(25, True, True)
>>> len(chance.outcomes(game, drawn[:3])), chance.outcomes(game, drawn)
(22, [])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from pegline_clabber.actions import CutForDeal, Deal
from pegline_clabber.cards import DECK, JACK
from pegline_clabber.machine import CUT_MIN, HAND_SIZE, PLAYERS, ClabberMachine, common
from pegline_clabber.phases import ClabberPhase
from pegline_core.cards import DECK as EVERY_CARD
from pegline_core.chance import CARD_OUTCOMES, dealing_order, dealt_hands
from pegline_core.errors import IllegalActionError
from pegline_core.events import Action
from pegline_core.game import Game
from pegline_core.ruleset import Ruleset

__all__ = ["ClabberChance"]

CUTS = range(CUT_MIN, len(DECK) - CUT_MIN + 1)
"""How many cards the cut may lift."""


class ClabberChance:
    """One Clabber variant's chance actions: cards by `Card.index`, a cut lifting ``n`` cards as
    ``CARD_OUTCOMES + n``."""

    outcome_count = CARD_OUTCOMES + CUTS.stop

    def __init__(self, ruleset: Ruleset) -> None:
        self.to_first_jack = common(ruleset).settings.deal.first_dealer != "cut"

    def outcomes(self, game: Game, drawn: Sequence[int]) -> list[int]:
        phase = game.phase
        if phase == ClabberPhase.DEAL and not drawn:
            return [CARD_OUTCOMES + cut for cut in CUTS]
        if phase == ClabberPhase.DEAL:
            whole = len(drawn) == 1 + len(DECK)
        elif phase == ClabberPhase.CUT and self.to_first_jack:
            whole = bool(drawn) and EVERY_CARD[drawn[-1]].rank == JACK
        elif phase == ClabberPhase.CUT:
            whole = len(drawn) == PLAYERS
        else:
            raise IllegalActionError(f"no chance action is due in the {phase} phase")
        taken = set(drawn)
        return [] if whole else [card.index for card in DECK if card.index not in taken]

    def action(self, game: Game, drawn: Sequence[int]) -> Action:
        if game.phase == ClabberPhase.CUT:
            return CutForDeal(tuple(EVERY_CARD[code] for code in drawn))
        hands = dealt_hands([EVERY_CARD[code] for code in drawn[1:]], dealer=self._dealer(game),
                            players=PLAYERS, size=HAND_SIZE)
        return Deal(drawn[0] - CARD_OUTCOMES, tuple(tuple(hand) for hand in hands))

    def drawn(self, game: Game, action: Action) -> list[int]:
        if isinstance(action, CutForDeal):
            return [card.index for card in action.cards]
        if isinstance(action, Deal):
            cards = dealing_order(action.hands, dealer=self._dealer(game))
            return [CARD_OUTCOMES + action.cut, *(card.index for card in cards)]
        raise IllegalActionError(f"{action!r} is not a chance action")

    def label(self, outcome: int) -> str:
        if outcome >= CARD_OUTCOMES:
            return f"cut {outcome - CARD_OUTCOMES}"
        return str(EVERY_CARD[outcome])

    @staticmethod
    def _dealer(game: Game) -> int:
        return cast(ClabberMachine, game.machine).dealer or 0
