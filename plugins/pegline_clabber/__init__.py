"""Clabber (Evansville Clabber) as a Pegline game plugin (entry point ``clabber``).

Four players in two partnerships with a 24-card deck: the turn card and two rounds of naming
trump, six tricks with the jack and nine of trump on top, melds and the bella, the makers' count
against the defenders', to 500. The game owns its hooks (`pegline_clabber.hookspecs`), its part of
a variant file (`ClabberSettings`), its actions, events and state machine; its scoring rules are
the plugin ``clabber-standard`` on its hooks.

>>> from pegline_core import Game
>>> game = Game("clabber")
>>> game.variant.game, game.players, game.variant.sides
('clabber', 4, ((0, 2), (1, 3)))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import pluggy

from pegline_clabber import hookspecs
from pegline_clabber.actions import ACTIONS
from pegline_clabber.events import (
    EVENTS,
    HandDead,
    HandSettled,
    MeldsShown,
    RenegeCalled,
    RenegesVoid,
    TrumpMade,
)
from pegline_clabber.machine import ClabberMachine
from pegline_clabber.redaction import ClabberRedactor
from pegline_clabber.settings import ClabberSettings, check_settings
from pegline_clabber.views import ClabberView
from pegline_core.app.hookspecs import app_hookimpl
from pegline_core.card_game import first_dealer
from pegline_core.events import Event, Scored
from pegline_core.game import Game
from pegline_core.game_hookspecs import game_hookimpl
from pegline_core.hookspecs import hookimpl
from pegline_core.plugins import Problems
from pegline_core.ruleset import Ruleset
from pegline_core.variant import Variant

if TYPE_CHECKING:
    from pegline_clabber.coach import ClabberCoach
    from pegline_clabber.display import EventPrinter
    from pegline_clabber.encoding import ClabberEncoding
    from pegline_clabber.terminal import HumanPlayer
    from pegline_clabber.tournament import Standing
    from pegline_clabber.web import ClabberTable
    from pegline_core.definition import Player

__all__ = ["Clabber", "ClabberSettings", "ClabberView"]


class Clabber:
    """The game of Clabber: settings, actions, events, machine and players."""

    RULES_VERSION = "0.1.0"  # what a record stores, not the package version (docs/records.md)

    Settings = ClabberSettings
    default_plugins = ("clabber-standard",)
    follows: Mapping[str, tuple[str, ...]] = {}
    actions = ACTIONS
    events = EVENTS

    @hookimpl
    def pegline_addhooks(self, pluginmanager: pluggy.PluginManager) -> None:
        pluginmanager.add_hookspecs(hookspecs)

    def check_settings(self, variant: Variant) -> Problems:
        return check_settings(variant)

    def new_machine(self, ruleset: Ruleset, log: list[Event]) -> ClabberMachine:
        return ClabberMachine(ruleset, log)

    @game_hookimpl
    def pegline_evaluator(self, ruleset: Ruleset) -> ClabberCoach:
        """The coach `Game.compare` asks (`pegline_clabber.coach.ClabberCoach`)."""
        from pegline_clabber.coach import ClabberCoach

        return ClabberCoach(ruleset)

    @game_hookimpl
    def pegline_encoding(self, ruleset: Ruleset) -> ClabberEncoding:
        """The variant in numbers for learning agents (`pegline_clabber.encoding`)."""
        from pegline_clabber.encoding import ClabberEncoding

        return ClabberEncoding(ruleset)

    @app_hookimpl
    def pegline_bots(self) -> Mapping[str, Callable[[int], Player]]:
        """``greedy``: names trump with strength, wins tricks cheaply, throws low points;
        ``sloppy``: greedy, but where reneges stand until called it sometimes plays any card."""
        from pegline_clabber.bots import GreedyBot

        return {"greedy": GreedyBot,
                "sloppy": lambda seed: GreedyBot(seed, mistakes=0.15)}

    @app_hookimpl
    def pegline_round_robin(self, variant: Variant, entrants: list[str], games: int, seed: int,
                            workers: int | None, scheduler: str | None,
                            progress: Callable[[int], None] | None) -> list[Standing]:
        """A round robin between teams of bots (`pegline_clabber.tournament`), for
        ``pegline simulate --round-robin``: run like `simulate` (chunks on every core, bounded,
        stopped by Ctrl-C with `Interrupted` holding the standings so far)."""
        from pegline_clabber.tournament import round_robin

        return round_robin(variant, entrants, games=games, seed=seed, workers=workers,
                           scheduler=scheduler, progress=progress)

    @app_hookimpl
    def pegline_human(self) -> HumanPlayer:
        from pegline_clabber.terminal import HumanPlayer

        return HumanPlayer()

    @app_hookimpl
    def pegline_printer(self, variant: Variant, reveal: set[int] | None,
                        names: Mapping[int, str] | None) -> EventPrinter:
        from pegline_clabber.display import EventPrinter

        return EventPrinter(variant, reveal=reveal, names=dict(names or {}))

    @game_hookimpl
    def pegline_redactor(self, variant: Variant, reveal: set[int] | None) -> ClabberRedactor:
        """What the ``reveal`` seats may see: `pegline_clabber.redaction.ClabberRedactor`."""
        return ClabberRedactor(variant.table.players, reveal)

    @app_hookimpl
    def pegline_web_table(self, variant: Variant) -> ClabberTable:
        """The table in the browser (`pegline serve`): `pegline_clabber.web.ClabberTable`."""
        from pegline_clabber.web import ClabberTable

        return ClabberTable(variant)

    @app_hookimpl
    def pegline_tally(self, game: Game) -> tuple[int | None, Mapping[str, int]]:
        """The first dealer, and by label, summed over the game (`pegline_statistics` turns the sums
        over many games into rates and means): ``hands/made``, ``hands/set`` and
        ``hands/dead`` count hands; ``hands/renege-called`` and ``hands/void`` count renege
        calls and the hands they voided (both teams reneged); ``melds/shown`` and
        ``melds/scored`` are meld points (the bella apart); ``points/makers`` and
        ``points/defenders`` the points scored by each role; ``rule/RULE`` by rule."""
        dealer = first_dealer(game.log)
        points: Counter[str] = Counter()
        makers = -1
        for event in game.log:
            if isinstance(event, TrumpMade):
                makers = event.makers
            elif isinstance(event, HandSettled):
                points["hands/made" if event.made else "hands/set"] += 1
            elif isinstance(event, HandDead):
                points["hands/dead"] += 1
            elif isinstance(event, RenegeCalled):
                points["hands/renege-called"] += 1
            elif isinstance(event, RenegesVoid):
                points["hands/void"] += 1
            elif isinstance(event, MeldsShown):
                points["melds/shown"] += sum(meld.points for meld in event.melds)
            elif isinstance(event, Scored):
                role = "makers" if event.side == makers else "defenders"
                points[f"points/{role}"] += event.points
                points[f"rule/{event.rule}"] += event.points
                if event.rule in _MELD_RULES:
                    points["melds/scored"] += event.points
        return dealer, points

    @app_hookimpl
    def pegline_statistics(self, totals: Mapping[str, int], games: int,
                           hands: int) -> dict[str, Any]:
        """The simulation report's Clabber figures (`pegline_clabber.report.statistics`): the
        makers' success and set rates, the average meld, points per hand."""
        from pegline_clabber.report import statistics

        return statistics(totals, games=games, hands=hands)

    @app_hookimpl
    def pegline_statistics_lines(self, section: Mapping[str, Any]) -> list[str]:
        """The lines that print `pegline_statistics` in the report."""
        from pegline_clabber.report import lines

        return lines(section)


_MELD_RULES = frozenset({"dad", "fifty", "hundred", "four-of-a-kind", "mule"})
"""The standard rules' melds, for the report's meld lines."""
