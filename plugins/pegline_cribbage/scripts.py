"""Scripted games: a stacked deck and the plays in order, read from TOML and replayed.

The format (docs/records.md) is written for people: per hand, the cards dealt, the discards, the
starter and the plays in turn order. A seat that cannot play says go by itself, so ``"go"`` entries
are optional. A script may stop anywhere; the game then stops there too.

>>> script = Script.from_toml('''
... variant = "two-player"
... dealer = 1
... [[hands]]
... dealt = [["3C", "4H", "9C", "TH", "KC", "KD"], ["5D", "TS", "2D", "7S", "QC", "QD"]]
... discards = [["KC", "KD"], ["QC", "QD"]]
... starter = "AS"
... plays = ["3C", "5D", "4H", "TS", "9C", "2D", "TH", "7S"]
... ''')
>>> game = script.replay()
>>> game.scores
(7, 9)
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from attrs import field, frozen

from pegline_core.arguments import file_path, text_of
from pegline_core.cards import Card, CardError, parse_cards
from pegline_core.errors import PeglineError
from pegline_core.events import Action
from pegline_core.files import parse_toml, read_text
from pegline_core.game import Game
from pegline_core.messages import Problem, Template, lines, said
from pegline_core.strict import StructureProblems, format_path, structure_strict
from pegline_core.variant import DEFAULT_VARIANT, load_variant
from pegline_cribbage.actions import CutForDeal, CutStarter, Deal, Discard, Go, Play
from pegline_cribbage.machine import seat_to_play
from pegline_cribbage.phases import CribbagePhase
from pegline_cribbage.refusals import DOMAIN

PEGGING = CribbagePhase.PEGGING

__all__ = ["Script", "HandScript", "ScriptError"]


class ScriptError(PeglineError):
    """A script that cannot be read or replayed; the message names the place in the file."""


_OVER = Template("cribbage.script-over", "the game is already over", DOMAIN)
_PEGGING_OVER = Template("cribbage.script-pegging-over", "pegging is over, but the script plays "
                         "{entry}", DOMAIN)
_DEALER = Template("cribbage.script-dealer", "the first dealer is a seat from 0 to {last}, not "
                   "{dealer}", DOMAIN)


@frozen
class HandScript:
    """One hand: ``dealt`` per seat, deck cards to the ``crib``, ``discards`` per seat, the
    ``starter``, and ``plays`` in turn order (cards, and optionally ``"go"``)."""

    dealt: tuple[tuple[str, ...], ...]
    discards: tuple[tuple[str, ...], ...] = ()
    crib: tuple[str, ...] = ()
    starter: str = ""
    plays: tuple[str, ...] = ()


@frozen
class Script:
    """A whole scripted game: the variant, the first dealer (or the cut), and the hands."""

    variant: str = DEFAULT_VARIANT
    overlays: tuple[str, ...] = ()
    dealer: int = -1
    """The first dealer's seat; -1 means the ``cut`` decides."""
    cut: tuple[str, ...] = ()
    hands: tuple[HandScript, ...] = field(default=())
    source: str = ""

    @classmethod
    def from_toml(cls, text: str, *, name: str = "<script>") -> Script:
        """Parse a script; every structural problem comes back at once as a `ScriptError`."""
        data = parse_toml(text_of(text, "a script's text"), name, ScriptError)
        try:
            return structure_strict(data, cls)
        except StructureProblems as exc:
            raise ScriptError(lines(Problem(message, name, format_path(path))
                                    for path, message in exc.problems)) from None

    @classmethod
    def load(cls, path: str | Path) -> Script:
        path = file_path(path, "a script's path")
        return cls.from_toml(read_text(path, ScriptError), name=str(path))

    def new_game(self) -> Game:
        variant = load_variant(self.variant, overlays=self.overlays)
        if self.dealer >= variant.table.players:
            raise ScriptError(Problem(_DEALER(last=variant.table.players - 1,
                                              dealer=self.dealer), "dealer"))
        return Game(variant, dealer=self.dealer if self.dealer >= 0 else None)

    def replay(self, game: Game | None = None) -> Game:
        """Apply the script to a new game (or ``game``) and return it."""
        game = game or self.new_game()
        for where, action in self.actions(game):
            try:
                game.apply(action)
            except ValueError as exc:
                raise ScriptError(Problem(said(exc), where)) from None
        return game

    def actions(self, game: Game) -> Iterator[tuple[str, Action]]:
        """Each scripted action with its place in the script, read against the live game."""
        if self.dealer < 0:
            yield "cut", CutForDeal(_cards(self.cut, "cut"))
        for number, hand in enumerate(self.hands):
            at = f"hands[{number}]"
            if game.over:
                raise ScriptError(Problem(_OVER(), at))
            yield f"{at}.dealt", Deal([_cards(h, f"{at}.dealt") for h in hand.dealt],
                                      _cards(hand.crib, f"{at}.crib"))
            for seat, cards in enumerate(hand.discards):
                yield f"{at}.discards[{seat}]", Discard(seat, _cards(cards, f"{at}.discards"))
            if not hand.starter:
                return
            yield f"{at}.starter", CutStarter(_cards([hand.starter], f"{at}.starter")[0])
            yield from self._plays(game, hand, at)

    @staticmethod
    def _plays(game: Game, hand: HandScript, at: str) -> Iterator[tuple[str, Action]]:
        for index, entry in enumerate(hand.plays):
            where = f"{at}.plays[{index}]"
            if game.phase != CribbagePhase.PEGGING:
                raise ScriptError(Problem(_PEGGING_OVER(entry=repr(entry)), where))
            while game.legal_actions() == [Go(seat_to_play(game))] and entry.lower() != "go":
                yield where, Go(seat_to_play(game))
            if entry.lower() == "go":
                yield where, Go(seat_to_play(game))
            else:
                yield where, Play(seat_to_play(game), _cards([entry], where)[0])
        while game.phase == PEGGING and game.legal_actions() == [Go(seat_to_play(game))]:
            yield f"{at}.plays", Go(seat_to_play(game))


def _cards(texts: Any, where: str) -> tuple[Card, ...]:
    try:
        return parse_cards(list(texts), distinct=False)
    except CardError as exc:
        raise ScriptError(Problem(said(exc), where)) from None
