"""Hook specifications: the whole contract between the engine and scoring plugins.

Grouped by phase, as pytest's hookspec module is. A plugin is a class named by an entry point in
the ``pegline`` group; the engine builds it with its validated configuration and registers the
instance on the engine's own `pluggy.PluginManager`. The standard rules are such a plugin.

Scoring hooks receive a frozen snapshot and return a list of `pegline_core.rules.Score` claims
(or an empty list). They never mutate anything. Every rule id a claim names must have been declared
by the same plugin's `pegline_rules`. Never give a hookimpl parameter a default value: pluggy does
not pass it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from pegline_core.cards import Card
    from pegline_core.rules import Rule, Score
    from pegline_core.snapshots import GameStart, PlayMade, SeriesEnded, ShowCounted, StarterTurned
    from pegline_core.variant import Variant

PROJECT = "pegline"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)

ShowCounter = Callable[["tuple[Card, ...]", "Card", bool], int]


# -- declaring -------------------------------------------------------------------------------------


@hookspec
def pegline_rules() -> list[Rule]:
    """Declare every rule this plugin can emit, with its points, summary and source.

    Called once when an engine is built. A claim naming a rule id not declared here is refused.
    """


@hookspec
def pegline_check_variant(variant: Variant) -> list[str]:
    """Check a resolved variant against this plugin's needs.

    Return messages of the form ``"key.path: what is wrong"``; an empty list when it is fine.
    Called after the variant's own semantic checks, so the basic table and deal are sound.
    """


# -- the deal and the starter -------------------------------------------------------------------


@hookspec
def pegline_score_game_start(start: GameStart) -> list[Score]:
    """Score the start of a game, before the first deal (five-card's "three for last").

    Claims count for the seat after the dealer, the first hand's pone.
    """


@hookspec
def pegline_score_starter(starter: StarterTurned) -> list[Score]:
    """Score the turned starter for the dealer (his heels)."""


# -- pegging ---------------------------------------------------------------------------------------


@hookspec
def pegline_score_play(play: PlayMade) -> list[Score]:
    """Score one card just played in pegging, for the seat that played it.

    Called for every play, by every plugin: fifteens, 31, pairs and runs are claimed here.
    """


@hookspec
def pegline_score_series_end(series: SeriesEnded) -> list[Score]:
    """Score the end of a pegging series, for the seat that played its last card (go, last card)."""


# -- the show --------------------------------------------------------------------------------------


@hookspec
def pegline_score_show(show: ShowCounted) -> list[Score]:
    """Score a hand or the crib with the starter, for its owner; one claim per combination."""


@hookspec
def pegline_show_distribution(hand_size: int, crib: bool) -> dict[int, int] | None:
    """Offer the exact count of every show total over all (hand of ``hand_size``, starter) pairs.

    Only asked of a plugin that is the variant's sole show scorer; it must equal enumerating
    `pegline_score_show` over every pair. Return None when it has no fast way: analysis then
    enumerates through the plugin's counter or hook.
    """


@hookspec
def pegline_show_counter() -> ShowCounter | None:
    """Offer a fast function ``(cards, starter, crib) -> points`` equal to this plugin's show total.

    Analysis and bots call it millions of times where a hook call per hand would be too slow.
    Return None when the plugin has no such function; a plugin that scores the show but offers no
    counter makes show totals fall back to `pegline_score_show`.
    """
