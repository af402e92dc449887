"""Tricks, a Pegline game plugin: 2 to 4 players, a few cards each, follow suit, the highest
card of the suit led takes the trick; each trick scores a point (the last one a point more), and
the first to the target wins. The game (entry point ``tricks``) and its standard rules
(``tricks-standard``) are registered exactly like cribbage and its rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

from attrs import frozen

from pegline_core import Game, GameEnded, Rule, Ruleset, Score, Scored, Variant, hookimpl, hookspec
from pegline_core.app.hookspecs import app_hookimpl
from pegline_core.app.seat_names import SeatNames
from pegline_core.card_game import CutForDeal, CutTie, Deal, DealerChosen, Play
from pegline_core.card_game.dealing import HandsFaceDown
from pegline_core.card_game.events import first_dealer
from pegline_core.cards import format_cards
from pegline_core.game_hookspecs import game_hookimpl
from pegline_core.plugins import Problems
from pegline_tricks.machine import Trick, TricksMachine, TrickTaken, power


@frozen
class TricksSettings:
    """The game's keys of a variant file."""

    cards: int = 5
    target: int = 7


class TricksHooks:
    @hookspec
    def pegline_score_trick(self, trick: Trick) -> list[Score]:  # type: ignore[empty-body]
        """Score a complete trick for its winner: a list of `Score` claims."""


class TricksStandard:
    """The standard rules: a point a trick, and a point more for the last trick of a hand."""

    @hookimpl
    def pegline_rules(self) -> list[Rule]:
        return [Rule("trick", "each trick scores a point", points=1),
                Rule("last-trick", "the last trick of a hand scores a point more", points=1)]

    @hookimpl
    def pegline_score_trick(self, trick: Trick) -> list[Score]:
        return [Score("trick", 1, trick.cards),
                *([Score("last-trick", 1, trick.cards)] if trick.last else [])]


class HighBot:
    """Greedy for the trick in front of it: plays its highest allowed card."""

    def __init__(self, seed: int | None = None) -> None:
        pass

    def choose(self, view: Any, legal: Any) -> Any:
        return max(legal, key=lambda play: power(play.card))


class Printer(SeatNames):
    """Readable lines for the terminal and for ``pegline replay``."""

    def __init__(self, variant: Variant, reveal: set[int] | None,
                 names: Mapping[int, str] | None) -> None:
        super().__init__(variant, names)
        self.reveal = reveal

    def lines(self, event: Any) -> list[str]:
        action = getattr(event, "action", None)
        if isinstance(action, Deal):
            return [f"hand {event.hand}: dealt"] + [
                f"  {self.side(seat)}: {format_cards(cards)}"
                for seat, cards in enumerate(action.hands)
                if self.reveal is None or seat in self.reveal]
        if isinstance(action, Play):
            return [f"  {self.side(action.seat)} plays {action.card.symbol}"]
        if isinstance(event, DealerChosen):
            return [f"{self.seat(event.dealer)} deals first"]
        if isinstance(event, TrickTaken):
            return [f"  {self.seat(event.actor)} takes the trick"]
        if isinstance(event, Scored):
            return [f"    +{event.points} {event.rule} ({self.side(event.side)}: {event.total})"]
        if isinstance(event, GameEnded):
            return [f"{self.side(event.winner.side)} wins"]
        return []


class Tricks:
    """Tricks, as a Pegline game."""

    Settings = TricksSettings
    default_plugins = ("tricks-standard",)
    follows: ClassVar[dict[str, tuple[str, ...]]] = {}
    actions: ClassVar[dict[str, type]] = {a.TAG: a for a in (CutForDeal, Deal, Play)}
    events: ClassVar[dict[str, type]] = {e.TAG: e for e in (DealerChosen, CutTie, TrickTaken)}

    @hookimpl
    def pegline_addhooks(self, pluginmanager: Any) -> None:
        pluginmanager.add_hookspecs(TricksHooks)

    def check_settings(self, variant: Variant) -> Problems:
        players, settings = variant.table.players, variant.settings
        problems: Problems = []
        if not 2 <= players <= 4:
            problems.append((("table", "players"), f"tricks is for 2 to 4 players, not {players}"))
        if not 1 <= settings.cards <= 52 // max(players, 1):
            deal = f"{settings.cards} cards for each of {players} seats"
            problems.append((("cards",), f"{deal} do not come from one deck"))
        if settings.target < 1:
            problems.append((("target",), f"must be at least 1, got {settings.target}"))
        return problems

    def new_machine(self, ruleset: Ruleset, log: list[Any]) -> TricksMachine:
        return TricksMachine(ruleset, log)

    @app_hookimpl
    def pegline_bots(self) -> Mapping[str, Any]:
        return {"greedy": HighBot}

    @app_hookimpl
    def pegline_human(self) -> Any:
        from pegline_tricks.terminal import TricksSeat

        return TricksSeat()

    @app_hookimpl
    def pegline_printer(self, variant: Variant, reveal: set[int] | None,
                        names: Mapping[int, str] | None) -> Printer:
        return Printer(variant, reveal, names)

    @game_hookimpl
    def pegline_redactor(self, reveal: set[int] | None) -> HandsFaceDown:
        return HandsFaceDown(reveal)

    @app_hookimpl
    def pegline_tally(self, game: Game) -> tuple[int | None, Mapping[str, int]]:
        points: Counter[str] = Counter()
        for event in game.log:
            if isinstance(event, Scored):
                points[event.rule] += event.points
        return first_dealer(game.log), points

    @app_hookimpl
    def pegline_web_table(self, variant: Variant) -> Any:
        from pegline_tricks.web import TricksTable

        return TricksTable(variant)
