"""The encodings' lean members (`pegline_core.encoding.Numbered`), which step a machine by number
without views: at every decision of random games, for every seat, they give the observation
``observe`` writes for the seat's view, the numbers of the seat's legal actions in their order,
and the step `Game.apply` takes with that action; a number that is not legal is refused and
changes nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pegline_core import Game, IllegalActionError
from pegline_core.encoding import Numbered
from pegline_core.nonzeros import Nonzeros
from pegline_core.turns import CHANCE
from pegline_core.view_numbers import numbered_of

# runs in the pure build too (conftest.py): the compiled encodings, nonzeros and view_numbers
pytestmark = pytest.mark.both_builds

VARIANTS = ["two-player", "three-player", "partner", "muggins", "five-card", "clabber",
            "clabber-renege"]


def encoding_of(game: Game) -> Any:
    return game.definition.pegline_encoding(game.ruleset)  # type: ignore[attr-defined]


def dense(encoding: Any, machine: Any, seat: int, size: int | None = None) -> list[float]:
    """The seat's observation, gathered by ``observe_sparse`` (each place once)."""
    gathered = Nonzeros()
    encoding.observe_sparse(machine, seat, gathered)
    assert len(set(gathered.ones + gathered.places)) == len(gathered.ones) + len(gathered.places)
    row = [0.0] * (size or encoding.observation_size)
    gathered.write(row)
    return row


def agree(encoding: Any, game: Game, seat: int) -> None:
    """The seat's observation and legal numbers by the lean members are those of its view."""
    view = game.view(seat)
    row = [0.0] * encoding.observation_size
    encoding.observe(view, row)
    assert dense(encoding, game.machine, seat) == row
    assert encoding.legal_numbers(game.machine, seat) == [
        encoding.action_id(view, action) for action in game.legal_actions(seat)]


def played(variant: str, seed: int, steps: int) -> list[tuple[Game, Game]]:
    """Pairs of twin games of a random game, at each decision: one stepped by `Game.apply`,
    the other by the encoding's numbers."""
    by_action, by_number = Game(variant), Game(variant, undo=False)
    encoding = encoding_of(by_action)
    rng = random.Random(seed)
    pairs = []
    for _ in range(steps):
        if by_action.over:
            break
        if by_action.to_act is CHANCE:
            action = by_action.chance_action(rng)
            by_action.apply(action)
            by_number.apply(action)
            continue
        pairs.append((by_action.copy(), by_number.copy()))
        seat = by_action.to_act[0]
        action = rng.choice(by_action.legal_actions(seat))
        by_action.apply(action)
        encoding.apply_number(by_number.machine, seat,
                              encoding.action_id(by_number.view(seat), action))
        assert by_number.log == by_action.log
    return pairs


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_numbers_agree_with_the_views_for_every_seat(variant: str) -> None:
    pairs = played(variant, seed=VARIANTS.index(variant), steps=400)
    assert len(pairs) > 40
    for game, _twin in pairs:
        encoding = encoding_of(game)
        assert isinstance(encoding, Numbered)
        for seat in range(game.players):
            agree(encoding, game, seat)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_number_that_is_not_legal_is_refused_and_changes_nothing(variant: str) -> None:
    refused = 0
    for game, _twin in played(variant, seed=7, steps=150)[::5]:
        encoding = encoding_of(game)
        machine = game.machine
        for seat in range(game.players):
            legal = set(encoding.legal_numbers(machine, seat))  # none unless the seat may act
            for number in [*range(encoding.action_count), -1, encoding.action_count]:
                if number in legal:
                    continue
                log, snapshot = list(game.log), machine.snapshot()
                with pytest.raises(IllegalActionError):
                    encoding.apply_number(machine, seat, number)
                assert list(game.log) == log and machine.snapshot() == snapshot
                refused += 1
    assert refused > 1000


def test_an_encoding_of_views_only_is_numbered_through_its_views() -> None:
    """An encoding without the lean members (a game of one's own) gets them made from its
    views: the same numbers."""
    game = played("two-player", seed=3, steps=30)[-1][0]
    encoding = encoding_of(game)

    class ViewsOnly:
        observation_size, action_count = encoding.observation_size, encoding.action_count
        observe, action_id = encoding.observe, encoding.action_id

    numbered = numbered_of(ViewsOnly())  # type: ignore[arg-type]
    assert not isinstance(ViewsOnly(), Numbered) and numbered is not encoding
    seat = game.to_act[0]
    assert numbered.legal_numbers(game.machine, seat) == encoding.legal_numbers(game.machine,
                                                                                 seat)
    assert dense(numbered, game.machine, seat, encoding.observation_size) == \
        dense(encoding, game.machine, seat)
    number = numbered.legal_numbers(game.machine, seat)[0]
    twin = game.copy()
    numbered.apply_number(game.machine, seat, number)
    encoding.apply_number(twin.machine, seat, number)
    assert game.log == twin.log
    with pytest.raises(IllegalActionError, match="cannot take action"):
        numbered.apply_number(game.machine, 1 - seat, number)


def test_the_numbers_made_from_views_follow_the_game_through_an_undo() -> None:
    """The views these members read are remembered for the state they were made of: after an
    undo, another move (its log as long) gives the new state's numbers."""
    game = next(game for game, _twin in played("clabber", seed=2, steps=200)
                if game.phase == "tricks" and len(game.legal_actions(game.to_act[0])) > 2)
    encoding = encoding_of(game)
    seat = game.to_act[0]
    for action in game.legal_actions(seat)[:3]:
        game.apply(action)
        agree(encoding, game, game.to_act[0])
        game.undo()


@pytest.mark.parametrize("variant", ["two-player", "three-player"])
def test_a_discard_number_is_labelled_with_the_cards_it_numbers(variant):
    """Every legal discard's number (one card or two) is labelled by its cards, by index."""
    from pegline_cribbage.actions import Discard

    game = Game(variant)
    encoding = encoding_of(game)
    rng = random.Random(4)
    while game.to_act == "chance":
        game.apply(game.chance_action(rng))
    seat = game.to_act[0]
    view = game.view(seat)
    discards = [action for action in game.legal_actions(seat) if type(action) is Discard]
    assert discards
    for action in discards:
        cards = sorted(action.cards, key=lambda card: card.index)
        assert encoding.label(encoding.action_id(view, action)) == \
            "discard " + " ".join(str(card) for card in cards)
