"""A game's application hooks (`pegline_core.app.hookspecs`), on a plugin manager of the game's
own, built once per game: what `pegline play`, `simulate`, `replay`, `variants` and `serve` ask
of a game. A game that lacks one is told so in the user's language, naming the hook.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import ClassVar

from pegline_core.app import hookspecs
from pegline_core.game_hooks import GameHooks
from pegline_core.messages import Template
from pegline_core.plugins import game_definition

__all__ = ["AppHooks", "app_hooks", "WITHOUT"]

WITHOUT: Mapping[str, Template] = {
    "pegline_bots": Template("game.without.bots", "it has no bots of its own"),
    "pegline_human": Template("game.without.human", "a person cannot play it at the terminal"),
    "pegline_printer": Template("game.without.printer", "it cannot print its events"),
    "pegline_tally": Template("game.without.tally", "it cannot be simulated"),
    "pegline_tally_seats": Template("game.without.tally-seats", "it has no points by seat"),
    "pegline_statistics": Template("game.without.statistics", "it has no report of its own"),
    "pegline_statistics_lines": Template("game.without.statistics-lines",
                                          "it has no report of its own"),
    "pegline_score_lines": Template("game.without.score-lines", "it marks no scores on the plot"),
    "pegline_web_table": Template("game.without.web-table", "it cannot be played in the browser"),
    "pegline_script": Template("game.without.script", "it reads no scripts"),
    "pegline_check_plugins": Template("game.without.check-plugins", "it has no checks of its own"),
    "pegline_scoring_words": Template("game.without.scoring-words",
                                       "it says nothing of its settings"),
    "pegline_rule_words": Template("game.without.rule-words", "it says nothing of its rules"),
    "pegline_round_robin": Template("game.without.round-robin", "it has no round robin"),
}
"""What a game that does not implement an application hook cannot do, for the message that
says so."""


class AppHooks(GameHooks):
    """The application's hooks of one game: `GameHooks` with the application's
    specifications."""

    PROJECT: ClassVar[str] = hookspecs.APP_PROJECT
    SPECS: ClassVar[ModuleType] = hookspecs
    WITHOUT: ClassVar[Mapping[str, Template]] = WITHOUT
    MARKER: ClassVar[str] = "app_hookimpl"


def app_hooks(game: str, definition: object | None = None) -> AppHooks:
    """The application hooks of the game ``game`` (its built ``definition``, where the caller
    has it: a game given as an extra plugin has no entry point)."""
    return AppHooks.of(game, definition if definition is not None else game_definition(game))
