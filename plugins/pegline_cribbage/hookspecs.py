# mypy: disable-error-code="empty-body"
# (a hook specification has no body: pluggy never calls it)
"""Cribbage's hook specifications, added by the cribbage game plugin (`pegline_addhooks`).

Grouped by phase, as pytest's hookspec module is. Scoring hooks receive a frozen snapshot and
return a list of `pegline_core.Score` claims (or None, or an empty list, for nothing). They never
mutate anything. Every rule id a claim names must have been declared by the same plugin's
``pegline_rules``, and every card it names must be one of the step's cards (docs/hooks.md names
them for each hook). A step's awards are logged in declared rule order, whatever the call order.
A scoring hook's native counterparts take the step in card codes (`pegline_cribbage.native`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from pegline_core.hookspecs import hookspec, native_step
from pegline_cribbage.native import (
    GameStartCodes,
    PlayCodes,
    SeriesEndCodes,
    ShowCodes,
    ShowTotalCodes,
    StarterCodes,
)

if TYPE_CHECKING:
    from pegline_core.cards import Card
    from pegline_core.rules import Score
    from pegline_core.variant import Variant
    from pegline_cribbage.counting import CountingProtocol
    from pegline_cribbage.snapshots import (
        GameStart,
        PlayMade,
        SeriesEnded,
        ShowCounted,
        StarterTurned,
    )

ShowCounter = Callable[["tuple[Card, ...]", "Card", bool], int]


# -- the deal and the starter -------------------------------------------------------------------


@hookspec
@native_step(GameStartCodes)
def pegline_score_game_start(start: GameStart) -> list[Score]:
    """Score the start of a game, before the first deal (the old game's "three for last").

    Claims count for the seat after the dealer, the first hand's pone, and name no cards.
    """


@hookspec
@native_step(StarterCodes)
def pegline_score_starter(starter: StarterTurned) -> list[Score]:
    """Score the turned starter for the dealer (his heels); claims may name only the starter."""


# -- pegging ---------------------------------------------------------------------------------------


@hookspec
@native_step(PlayCodes)
def pegline_score_play(play: PlayMade) -> list[Score]:
    """Score one card just played in pegging, for the seat that played it.

    Called for every play: fifteens, 31, pairs and runs are claimed here, naming cards of the
    current series.
    """


@hookspec
@native_step(SeriesEndCodes)
def pegline_score_series_end(series: SeriesEnded) -> list[Score]:
    """Score the end of a pegging series, for the seat that played its last card (go, last card);
    claims may name only that card."""


# -- the show --------------------------------------------------------------------------------------


@hookspec
@native_step(ShowCodes)
def pegline_score_show(show: ShowCounted) -> list[Score]:
    """Score a hand or the crib with the starter, for its owner; one claim per combination."""


@hookspec
@native_step(ShowTotalCodes)
def pegline_score_show_total(show: ShowCounted, total: int) -> list[Score]:
    """Score a hand or the crib once its `pegline_score_show` claims are known: ``total`` is
    their sum, checked (a "nineteen", a hand that scores nothing, may score then). Its claims
    follow those, for the same owner, naming only the shown cards and the starter. Not called
    while no plugin implements it."""


@hookspec(firstresult=True)
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


@hookspec
def pegline_show_maximum(hand_size: int, crib: bool) -> int | None:
    """The largest show total this plugin can award a hand (or crib) of ``hand_size`` with a
    starter, under its configuration.

    Asked only when a plugin implements `pegline_counting_protocol`, once per ruleset, for the
    hand and the crib sizes: the larger sum over the plugins bounds a true count.
    """


# -- counting by hand ------------------------------------------------------------------------------


@hookspec(firstresult=True)
def pegline_counting_protocol(variant: Variant, show_maximum: int) -> CountingProtocol | None:
    """Take over the show: hands are then counted by their players, under the returned protocol
    (muggins is one). ``show_maximum`` bounds a true count under the variant's show rules."""
