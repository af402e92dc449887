"""Cribbage as a Pegline game plugin (entry point ``cribbage``).

The game adds its own hooks (`pegline_cribbage.hookspecs`), owns its part of a variant file
(`CribbageSettings`: the deal, pegging, scoring and skunk lines), its actions and events, and its
state machine. Its scoring rules are plugins on its hooks: ``standard`` for the rules of the game,
``muggins`` for counting by hand, and the house rules.

>>> from pegline_core import Game
>>> Game("two-player").variant.game
'cribbage'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pluggy

from pegline_core.app.hookspecs import app_hookimpl
from pegline_core.events import Event
from pegline_core.game import Game
from pegline_core.game_hookspecs import game_hookimpl
from pegline_core.hookspecs import hookimpl
from pegline_core.plugins import Problems
from pegline_core.ruleset import Ruleset
from pegline_core.variant import Variant
from pegline_cribbage import hookspecs
from pegline_cribbage.actions import ACTIONS
from pegline_cribbage.events import EVENTS
from pegline_cribbage.machine import CribbageMachine
from pegline_cribbage.redaction import CribbageRedactor
from pegline_cribbage.rows import labelled_scores
from pegline_cribbage.settings import FOLLOWS, CribbageSettings, check_settings
from pegline_cribbage.views import CribbageView

if TYPE_CHECKING:
    import click

    from pegline_core.definition import Player
    from pegline_cribbage.coach import Coach
    from pegline_cribbage.display import EventPrinter
    from pegline_cribbage.encoding import CribbageEncoding
    from pegline_cribbage.terminal import HumanPlayer
    from pegline_cribbage.web import CribbageTable

__all__ = ["Cribbage", "CribbageSettings", "CribbageView"]


class Cribbage:
    """The game of cribbage: settings, actions, events, machine and players."""

    RULES_VERSION = "0.1.0"  # what a record stores, not the package version (docs/records.md)

    Settings = CribbageSettings
    default_plugins = ("standard",)
    follows = FOLLOWS
    actions = ACTIONS
    events = EVENTS

    @hookimpl
    def pegline_addhooks(self, pluginmanager: pluggy.PluginManager) -> None:
        pluginmanager.add_hookspecs(hookspecs)

    @staticmethod
    @hookimpl(optionalhook=True)  # the command line's hook, not the rules' (pegline_core.app)
    def pegline_commands() -> list[click.Command]:
        from pegline_cribbage.commands import analyze, score

        return [score, analyze]

    @app_hookimpl
    def pegline_script(self, path: Path) -> Game:
        """A scripted game (`pegline_cribbage.scripts`), replayed to where its script stops."""
        from pegline_cribbage.scripts import Script

        return Script.load(path).replay()

    def check_settings(self, variant: Variant) -> Problems:
        return check_settings(variant)

    @app_hookimpl
    def pegline_check_plugins(self, ruleset: Ruleset) -> None:
        """The show counters, which a sample game between random players never calls, against
        the show hooks (`pegline_cribbage.plugin_checks`)."""
        from pegline_cribbage.plugin_checks import check_show_counters

        check_show_counters(ruleset)

    def new_machine(self, ruleset: Ruleset, log: list[Event]) -> CribbageMachine:
        return CribbageMachine(ruleset, log)

    @game_hookimpl
    def pegline_evaluator(self, ruleset: Ruleset) -> Coach:
        """The coach `Game.compare` asks, at its default budget."""
        from pegline_cribbage.coach import Coach
        from pegline_cribbage.machine import common

        return Coach(common(ruleset).scorer)

    @game_hookimpl
    def pegline_encoding(self, ruleset: Ruleset) -> CribbageEncoding:
        """The variant in numbers for learning agents (`pegline_cribbage.encoding`)."""
        from pegline_cribbage.encoding import CribbageEncoding

        return CribbageEncoding(ruleset)

    @app_hookimpl
    def pegline_bots(self) -> Mapping[str, Callable[[int], Player]]:
        """``greedy``, ``sloppy`` (greedy, with counting slips) and ``coach``."""
        from pegline_cribbage.bots import GreedyBot
        from pegline_cribbage.coach import CoachBot

        return {"greedy": lambda seed: GreedyBot(seed=seed),
                "sloppy": lambda seed: GreedyBot(mistakes=0.3, seed=seed),
                "coach": CoachBot}

    @app_hookimpl
    def pegline_human(self) -> HumanPlayer:
        from pegline_cribbage.terminal import HumanPlayer

        return HumanPlayer()

    @app_hookimpl
    def pegline_printer(self, variant: Variant, reveal: set[int] | None,
                        names: Mapping[int, str] | None) -> EventPrinter:
        from pegline_cribbage.display import EventPrinter

        return EventPrinter(variant, reveal=reveal, names=dict(names or {}))

    @game_hookimpl
    def pegline_redactor(self, variant: Variant, reveal: set[int] | None) -> CribbageRedactor:
        """What the ``reveal`` seats may see: `pegline_cribbage.redaction.CribbageRedactor`."""
        return CribbageRedactor(reveal)

    @app_hookimpl
    def pegline_web_table(self, variant: Variant) -> CribbageTable:
        """The table in the browser (`pegline serve`): `pegline_cribbage.web.CribbageTable`."""
        from pegline_cribbage.web import CribbageTable

        return CribbageTable(variant)

    @game_hookimpl
    def pegline_legacy_digest(self, version: int, ruleset: Ruleset) -> str | None:
        """The rules digest a record of schema ``version`` held for these rules (records read a
        migrated version-1 record's digest this way, and a version-2 one's where it differs from
        today's), or None for a version it never wrote."""
        from pegline_cribbage.legacy import rules_digest_v1, rules_digest_v2

        if version == 1:
            return rules_digest_v1(ruleset)
        return rules_digest_v2(ruleset) if version == 2 else None

    @game_hookimpl
    def pegline_legacy_events(self, version: int, events: list[dict[str, Any]]
                              ) -> list[dict[str, Any]]:
        """Events (dicts) as a record of schema ``version`` wrote them, to verify a migrated
        record against its replay."""
        from pegline_cribbage.legacy import events_before_v3

        return events_before_v3(events) if version < 3 else events

    @app_hookimpl
    def pegline_scoring_words(self, variant: Variant) -> list[str]:
        """The settings that change scoring, in words (``pegline variants explain``)."""
        from pegline_cribbage.settings_words import scoring_words

        return scoring_words(variant)

    @app_hookimpl
    def pegline_rule_words(self, ruleset: Ruleset) -> Mapping[str, str]:
        """The words for the variant's house rules written as data, by rule id (``pegline
        variants explain``): their vocabulary is cribbage's (`pegline_cribbage.house_words`)."""
        from pegline_cribbage.house_words import data_rule_words

        return data_rule_words(ruleset)

    @app_hookimpl
    def pegline_score_lines(self, variant: Variant) -> list[tuple[str, int]]:
        """The skunk lines, on the plot of losing scores."""
        return [(line.name, line.below) for line in variant.settings.skunk]

    @app_hookimpl
    def pegline_tally(self, game: Game) -> tuple[int | None, Mapping[str, int]]:
        """The first dealer, and points by ``role/phase``: role dealer or pone (every
        non-dealer), phase pegging, hand, crib, heels or start."""
        first_dealer, scores = _labelled_scores(game)
        points: Counter[str] = Counter()
        for _seat, label, scored in scores:
            points[label] += scored
        return first_dealer, points

    @app_hookimpl
    def pegline_tally_seats(self, game: Game) -> Mapping[int, Mapping[str, int]]:
        """The points of `pegline_tally` by the seat that scored them (a report's figures per
        bot)."""
        seats: dict[int, Counter[str]] = {seat: Counter() for seat in range(game.players)}
        for seat, label, scored in _labelled_scores(game)[1]:
            if seat is not None:
                seats[seat][label] += scored
        return seats


def _labelled_scores(game: Game) -> tuple[int, list[tuple[int | None, str, int]]]:
    """The first dealer, and each score of the game as (seat, ``role/phase``, points), read
    from the log's rows (`pegline_cribbage.rows.labelled_scores`): a simulation builds none of
    its events."""
    return labelled_scores(game.entries(), tuple([game.variant.side_of(seat)
                                             for seat in range(game.players)]))
