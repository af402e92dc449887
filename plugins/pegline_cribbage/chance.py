"""Cribbage's chance one card at a time (`pegline_core.chance.Chance`): the cut for deal a card
per seat from seat 0, the deal a card per seat from the dealer's left round after round and then
the crib's cards from the deck, the starter one card from those not dealt.

>>> import random
>>> from pegline_core import Game
>>> game = Game("two-player", dealer=1)
>>> chance = CribbageChance(game.ruleset)
>>> deal = game.chance_action(random.Random(3))
>>> drawn = chance.drawn(game, deal)
>>> len(drawn), chance.action(game, drawn) == deal, chance.outcomes(game, drawn)
(12, True, [])
>>> len(chance.outcomes(game, drawn[:5])), chance.label(drawn[0]) == str(deal.hands[0][0])
(47, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from pegline_core.cards import DECK
from pegline_core.chance import dealing_order, dealt_hands
from pegline_core.errors import IllegalActionError
from pegline_core.events import Action
from pegline_core.game import Game
from pegline_core.ruleset import Ruleset
from pegline_cribbage.actions import CutForDeal, CutStarter, Deal
from pegline_cribbage.machine import CribbageMachine, common
from pegline_cribbage.phases import CribbagePhase

__all__ = ["CribbageChance"]


class CribbageChance:
    """One cribbage variant's chance actions, a card (its `Card.index`) at a time."""

    outcome_count = len(DECK)

    def __init__(self, ruleset: Ruleset) -> None:
        c = common(ruleset)
        self.players, self.cards = c.players, c.cards
        self.needs: dict[str, int] = {
            CribbagePhase.CUT: c.players, CribbagePhase.STARTER: 1,
            CribbagePhase.DEAL: c.players * c.cards + c.crib_from_deck}
        """How many cards each chance phase draws."""

    def outcomes(self, game: Game, drawn: Sequence[int]) -> list[int]:
        if len(drawn) >= self._need(game):
            return []
        taken = set(drawn)
        if game.phase == CribbagePhase.STARTER:
            machine = cast(CribbageMachine, game.machine)
            taken.update(card.index for hand in machine.kept for card in hand)
            taken.update(card.index for card in machine.crib)
        return [code for code in range(len(DECK)) if code not in taken]

    def action(self, game: Game, drawn: Sequence[int]) -> Action:
        cards = [DECK[code] for code in drawn]
        phase = game.phase
        if phase == CribbagePhase.CUT:
            return CutForDeal(tuple(cards))
        if phase == CribbagePhase.DEAL:
            dealt = self.players * self.cards
            hands = dealt_hands(cards, dealer=self._dealer(game), players=self.players,
                                size=self.cards)
            return Deal(tuple(tuple(hand) for hand in hands), tuple(cards[dealt:]))
        return CutStarter(cards[0])

    def drawn(self, game: Game, action: Action) -> list[int]:
        if isinstance(action, CutForDeal):
            cards = list(action.cards)
        elif isinstance(action, Deal):
            cards = dealing_order(action.hands, dealer=self._dealer(game)) + list(action.crib)
        elif isinstance(action, CutStarter):
            cards = [action.card]
        else:
            raise IllegalActionError(f"{action!r} is not a chance action")
        return [card.index for card in cards]

    def label(self, outcome: int) -> str:
        return str(DECK[outcome])

    def _need(self, game: Game) -> int:
        need = self.needs.get(game.phase)
        if need is None:
            raise IllegalActionError(f"no chance action is due in the {game.phase} phase")
        return need

    @staticmethod
    def _dealer(game: Game) -> int:
        return cast(CribbageMachine, game.machine).dealer or 0
