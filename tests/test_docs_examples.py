"""What docs/embedding.md promises about views, checked harder than an example can.

A seat's view must hold nothing of another seat's hidden cards and must have no way back to the
game: walking every object reachable from the view never meets the game, its machine, its log,
or the tuple holding another seat's hand.
"""

from __future__ import annotations

import gc
import types

import pytest

from pegline_core import Game, load_variant, parse_cards
from pegline_cribbage.actions import CutStarter, Deal, Discard


def _reachable_ids(root: object) -> set[int]:
    """The ids of every object reachable from ``root`` (modules and classes not entered)."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, types.ModuleType | type):
            continue
        stack.extend(gc.get_referents(obj))
    return seen


def _stacked(variant: str, overlays: tuple[str, ...] = ()) -> Game:
    game = Game(load_variant(variant, overlays=overlays), dealer=1)
    game.apply(Deal([parse_cards("4H 4C 5D 6S KC KD"), parse_cards("2D 3D 7S 9C QC QD")]))
    return game


def _private(game: Game, seat: int) -> list[object]:
    """The objects a view of ``seat`` must never reach: the game, its machine and log, and
    (before the show) every other hand, as dealt and as kept, and the crib, as the machine holds
    them (card codes; the machine's `held`, `kept` and `crib` read them as new tuples of cards)."""
    machine = game.machine
    private: list[object] = [game, machine, game._log]
    hands = [*machine._held, *(machine._kept if game.phase in ("discard", "starter", "pegging")
                               else ())]
    private += [hand for hand in hands if hand is not machine._held[seat]
                and hand is not machine._kept[seat]]
    if game.phase in ("discard", "starter", "pegging"):
        private.append(machine._crib)
    return [obj for obj in private if obj != ()]  # () is one shared object


@pytest.mark.parametrize("overlays", [(), ("muggins",)])
def test_a_view_cannot_reach_the_game_or_another_hand(overlays: tuple[str, ...]) -> None:
    game = _stacked("two-player", overlays)
    stages = [game.copy()]  # discarding
    game.apply(Discard(0, parse_cards("KC KD")))
    game.apply(Discard(1, parse_cards("QC QD")))
    game.apply(CutStarter(parse_cards("6D")[0]))
    stages.append(game.copy())  # pegging
    while game.phase == "pegging":
        game.apply(game.legal_actions()[0])
    stages.append(game)  # the show (counting by hand under muggins), or the next deal
    for stage in stages:
        for seat in range(stage.players):
            view = stage.view(seat)  # alive while the ids are compared
            reachable = _reachable_ids(view)
            assert id(view.held) in reachable  # the walk does find what the view holds
            leaks = [type(obj).__name__ for obj in _private(stage, seat) if id(obj) in reachable]
            assert leaks == [], (stage, seat)


def test_the_view_holds_only_the_seats_own_cards() -> None:
    game = _stacked("two-player")
    for seat in (0, 1):
        view = game.view(seat)
        other = set(game.machine.held[1 - seat])
        fields = [name for name, value in zip(view._fields, view, strict=True)
                  if isinstance(value, tuple) and other & set(value)]
        assert fields == []
        assert view.held == game.machine.held[seat]
