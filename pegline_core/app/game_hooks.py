"""A game's application hooks (`pegline_core.app.hookspecs`), on a plugin manager of the game's
own, built once per game: what `pegline play`, `simulate`, `replay`, `variants` and `serve` ask
of a game. A game that lacks one is told so in the user's language, naming the hook.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import ClassVar

from pegline_core.app import hookspecs
from pegline_core.app.i18n import N_, Messages
from pegline_core.game_hooks import GameHooks, MissingHook
from pegline_core.plugins import game_definition

__all__ = ["AppHooks", "app_hooks", "WITHOUT"]

_ = Messages("pegline_core.app").gettext

WITHOUT = {
    "pegline_bots": N_("it has no bots of its own"),
    "pegline_human": N_("a person cannot play it at the terminal"),
    "pegline_printer": N_("it cannot print its events"),
    "pegline_tally": N_("it cannot be simulated"),
    "pegline_tally_seats": N_("it has no points by seat"),
    "pegline_statistics": N_("it has no report of its own"),
    "pegline_statistics_lines": N_("it has no report of its own"),
    "pegline_score_lines": N_("it marks no scores on the plot"),
    "pegline_web_table": N_("it cannot be played in the browser"),
    "pegline_script": N_("it reads no scripts"),
    "pegline_check_plugins": N_("it has no checks of its own"),
    "pegline_scoring_words": N_("it says nothing of its settings"),
    "pegline_rule_words": N_("it says nothing of its rules"),
    "pegline_round_robin": N_("it has no round robin"),
}
"""What a game that does not implement an application hook cannot do, for the message that
says so."""


class AppHooks(GameHooks):
    """The application's hooks of one game: `GameHooks` with the application's
    specifications, its messages in the user's language."""

    PROJECT: ClassVar[str] = hookspecs.APP_PROJECT
    SPECS: ClassVar[ModuleType] = hookspecs
    WITHOUT: ClassVar[Mapping[str, str]] = WITHOUT
    MARKER: ClassVar[str] = "app_hookimpl"

    def missing(self, hook: str) -> MissingHook:
        return MissingHook(_("game {game} does not implement {hook}: {consequence}").format(
            game=repr(self.game), hook=hook, consequence=_(self.WITHOUT[hook])),
            game=self.game, hook=hook)


def app_hooks(game: str, definition: object | None = None) -> AppHooks:
    """The application hooks of the game ``game`` (its built ``definition``, where the caller
    has it: a game given as an extra plugin has no entry point)."""
    return AppHooks.of(game, definition if definition is not None else game_definition(game))
