"""A web table any plain card game can use: one shared script draws it (``static/card_table.js``).

The page shows the scores, the piles of cards on the table (a trick, a discard pile), lines of
status, the seat's own hand, and its legal moves: a move that plays a card is that card, made
clickable; any other is a button. A game gives only what its view shows (`hand`, `piles`,
`status`) and how a move reads (`label`, `card_of`); moves travel in the game's own action form,
the one its records use (`EventCodec`), so nothing of the game is written twice.

>>> import random
>>> from pegline_core import Game
>>> class Bare(CardTable):  # cribbage, drawn bare, for the example
...     def hand(self, view):
...         return view.held
>>> game = Game("two-player", dealer=0)
>>> _ = game.apply(game.chance_action(random.Random(1)))  # the deal
>>> table = Bare(game.variant)
>>> data = table.table(game.view(1), game.log)
>>> data["seat"], data["scores"], len(data["hand"]), data["piles"]
(1, [0, 0], 6, [])
>>> first = table.moves(game.view(1), game.legal_actions(1))[0]
>>> first["label"], first["move"]["type"], first["move"]["seat"]
('discard', 'discard', 1)
>>> table.action(1, first["move"], game.view(1)) == game.legal_actions(1)[0]
True
>>> table.action(0, first["move"], game.view(0))
Traceback (most recent call last):
pegline_core.app.web.protocol.RequestError: a move for seat 1 cannot come from seat 0
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Generic, TypeVar, cast

from pegline_core.app.i18n import Messages
from pegline_core.app.web.protocol import Json, RequestError
from pegline_core.cards import Card
from pegline_core.coaching import Comparison
from pegline_core.definition import View
from pegline_core.errors import PeglineError
from pegline_core.events import Action, Event, EventCodec, Input
from pegline_core.game import Game
from pegline_core.plugins import game_definition
from pegline_core.variant import Variant

__all__ = ["CardTable"]

STATIC = Path(__file__).with_name("static")
_ = Messages("pegline_core.app").gettext
Pile = tuple[str, Sequence[tuple[int | None, Card]]]
"""Cards face up on the table: a label, and each card with the seat that put it there (or None)."""
_HEAD = {"seq": 0, "hand": 0, "phase": "", "actor": None}
V = TypeVar("V", bound=View)
"""The game's view (a table draws one game)."""


class CardTable(Generic[V]):
    """A `pegline_core.app.web.protocol.WebTable` built from a game's views and actions."""

    script = STATIC / "card_table.js"
    style = STATIC / "card_table.css"
    options: Sequence[Json] = ()

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.codec = EventCodec(game_definition(variant.game))

    # -- what the game gives ---------------------------------------------------------------------

    @abstractmethod
    def hand(self, view: V) -> Sequence[Card]:
        """The seat's own cards, in the order to show them."""

    def piles(self, view: V, log: Sequence[Event]) -> list[Pile]:
        """The cards face up on the table, by pile: (label, [(seat or None, card)])."""
        return []

    def status(self, view: V, log: Sequence[Event]) -> list[str]:
        """Lines about the game's public state (whose deal, the target), in the request's
        language (a spectator sees them too)."""
        return []

    def label(self, action: Action) -> str:
        """A move's button text (a move that plays a card is drawn as the card instead)."""
        return str(type(action).TAG)

    def card_of(self, action: Action) -> Card | None:
        """The card a move plays, if it plays one."""
        card = getattr(action, "card", None)
        return card if isinstance(card, Card) else None

    # -- the protocol ------------------------------------------------------------------------------

    def table(self, view: V, log: Sequence[Event]) -> Json:
        return {"seat": view.seat, "scores": list(view.scores),
                "hand": [str(card) for card in self.hand(view)],
                "piles": [{"label": label, "cards": [{"seat": seat, "card": str(card)}
                                                     for seat, card in cards]}
                          for label, cards in self.piles(view, log)],
                "status": self.status(view, log), "hands": None}

    def moves(self, view: V, legal: Sequence[Action]) -> list[Json]:
        """Each legal move: its label, the card it plays (or None), and its action's form."""
        out = []
        for action in legal:
            move = self.codec.to_dict(Input(0, 0, "", None, action))
            for key in _HEAD:
                move.pop(key, None)
            card = self.card_of(action)
            out.append({"label": self.label(action), "card": None if card is None else str(card),
                        "move": move})
        return out

    def prompt(self, view: V, legal: Sequence[Action]) -> Json:
        return {"moves": self.moves(view, legal)}

    def action(self, seat: int, data: Mapping[str, object], view: V) -> Action:
        try:
            event = self.codec.from_dict({**data, **_HEAD})
        except PeglineError as exc:
            raise RequestError(str(exc)) from None
        if not isinstance(event, Input):
            raise RequestError(_("{kind!r} is not a move").format(kind=data.get("type")))
        owner = getattr(event.action, "seat", seat)
        if owner != seat:
            raise RequestError(_("a move for seat {owner} cannot come from seat {seat}").format(
                owner=owner, seat=seat))
        return event.action

    def committed(self, action: Action) -> bool:
        return False

    def compare(self, comparison: Comparison) -> Json:
        evaluation = comparison.evaluation
        return {"decision": evaluation.decision, "note": evaluation.note, "candidates": [
            {"move": str(candidate.action), "value": round(candidate.value, 2), "rank": rank,
             "chosen": index == comparison.chosen}
            for index, (rank, candidate) in enumerate(zip(evaluation.ranks,
                                                          evaluation.candidates, strict=True))]}

    def replay_table(self, game: Game) -> Json:
        return self.table(self._view(game, 0), game.log) | {"hands": [
            [str(card) for card in self.hand(self._view(game, seat))]
            for seat in range(game.players)]}

    def public_table(self, game: Game) -> Json:
        return self.table(self._view(game, 0), game.log) | {"seat": None, "hand": []}

    @staticmethod
    def _view(game: Game, seat: int) -> V:
        """``seat``'s view of ``game``, a game of this table's (one table draws one game)."""
        return cast(V, game.view(seat))
