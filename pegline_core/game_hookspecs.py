# mypy: disable-error-code="empty-body"
# (a hook specification has no body: pluggy never calls it)
"""The hooks a game implements for the kernel: its coach, its encoding for learning agents, what
a seat may see of its events, and how its older records read.

A game is its small contract (`pegline_core.definition.GameDefinition`) plus hooks, as a pytest
plugin is: the game's class marks each hook it implements with `game_hookimpl`; a game that
implements none of these simply has no coach, no encoding and so on, and the kernel says so
naming the hook (`pegline_core.game_hooks.MissingHook`). Each hook is ``firstresult``: the game
answers it. pluggy checks each implementation against its specification here (a misspelt name,
an argument the hook does not pass) when the game is loaded. The application layer has hooks of
its own for the same class (`pegline_core.app.hookspecs`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pluggy

from pegline_core.messages import Template

if TYPE_CHECKING:
    from pegline_core.coaching import Evaluator
    from pegline_core.definition import Redactor, RulesetView
    from pegline_core.encoding import Encoding
    from pegline_core.variant_data import Variant

__all__ = ["PROJECT", "game_hookspec", "game_hookimpl", "WITHOUT"]

PROJECT = "pegline_game"
game_hookspec = pluggy.HookspecMarker(PROJECT)
game_hookimpl = pluggy.HookimplMarker(PROJECT)
"""Marks a game's implementation of one of these hooks (``@game_hookimpl``)."""


@game_hookspec(firstresult=True)
def pegline_evaluator(ruleset: RulesetView) -> Evaluator:
    """The game's coach (a `pegline_core.coaching.Evaluator`), which `Game.compare` asks about a
    seat's committed decision; built once per ruleset."""


@game_hookspec(firstresult=True)
def pegline_encoding(ruleset: RulesetView) -> Encoding:
    """The variant in numbers for learning agents (a `pegline_core.encoding.Encoding`), which is
    all `pegline_core.rl` needs to make an environment of it."""


@game_hookspec(firstresult=True)
def pegline_redactor(variant: Variant, reveal: set[int] | None) -> Redactor:
    """What the seats in ``reveal`` (every seat: None) may see of each event: a
    `pegline_core.definition.Redactor`, given the game's events in order. A player's ``--json``
    stream, the browser and the fairness check (`pegline_core.fairness`) show events through it."""


@game_hookspec(firstresult=True)
def pegline_legacy_digest(version: int, ruleset: RulesetView) -> str | None:
    """The rules digest a record of schema ``version`` wrote for these rules where it differs
    from today's, else None: a migrated record is still refused under other rules, and accepted
    under the same ones."""


@game_hookspec(firstresult=True)
def pegline_legacy_events(version: int, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The game's event dicts as a record of schema ``version`` wrote them, so that a migrated
    record's derived events are checked against a replay."""


WITHOUT: Mapping[str, Template] = {
    "pegline_evaluator": Template("game.without.evaluator", "it has no coach to compare with"),
    "pegline_encoding": Template("game.without.encoding",
                                 "it has no encoding for learning agents"),
    "pegline_redactor": Template("game.without.redactor",
                                 "it cannot say what a seat may see of its events"),
    "pegline_legacy_digest": Template("game.without.legacy-digest",
                                      "it cannot read the rules digest of an older record"),
    "pegline_legacy_events": Template("game.without.legacy-events",
                                      "it cannot read the events of an older record"),
}
"""What a game that does not implement a hook cannot do, for the message that says so."""
