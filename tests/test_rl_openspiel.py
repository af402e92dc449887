"""Every shipped variant as an OpenSpiel game: OpenSpiel's own random simulation test, its
algorithms on a Pegline variant, and information states that are the seat's own."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pegline_core import Game, Variant, available_variants, load_variant

pytest.importorskip("pettingzoo", reason="the rl extra (pip install -e '.[rl]') is not "
                                         "installed")
pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel's wheel (pip install -e "
                                                "'.[openspiel]') is not installed")

from pegline_core.rl import openspiel_game  # noqa: E402  (it imports pyspiel)

CHANCE = int(pyspiel.PlayerId.CHANCE)


def to_decision(state: Any, rng: random.Random) -> Any:
    """``state`` after chance is drawn at random up to the next decision."""
    while state.is_chance_node():
        outcomes = [outcome for outcome, _ in state.chance_outcomes()]
        state.apply_action(rng.choice(outcomes))
    return state


# the short games of each kind: two seats, three, partners, counting by hand, Clabber with calls
@pytest.mark.parametrize("variant", ["two-player-61", "three-player", "partner", "muggins",
                                     "clabber-renege"])
def test_openspiels_random_simulation_test_passes(variant: str) -> None:
    pyspiel.random_sim_test(openspiel_game(variant), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("cards", [5, 40])   # in the middle of the first deal, and later on
def test_a_state_is_read_back_from_its_serialized_form(cards: int) -> None:
    game = openspiel_game("two-player-61")
    state = game.new_initial_state()
    rng = random.Random(cards)
    for _ in range(cards):
        state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    read_game, read = pyspiel.deserialize_game_and_state(text)
    assert read_game.get_type().short_name == "pegline_two-player-61"
    assert (read.history(), read.drawn, read.game.inputs(), read.legal_actions()) == \
        (state.history(), state.drawn, state.game.inputs(), state.legal_actions())
    assert read.information_state_string(1) == state.information_state_string(1)


@pytest.mark.parametrize("variant", sorted(available_variants()))
def test_every_shipped_variant_loads_and_plays_to_its_end(variant: str) -> None:
    game = openspiel_game(variant)
    state = game.new_initial_state()
    rng = random.Random(variant)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert sorted(state.returns()).count(1.0) == len(state.returns()) // 2 if \
        game.num_players() == 4 else sorted(state.returns()).count(1.0) == 1


def first_jack(folder: Path) -> Variant:
    """Clabber whose first dealer is found by dealing cards face up to the first jack."""
    (folder / "jack.toml").write_text('extends = ["clabber"]\n[deal]\nfirst_dealer = '
                                      '"first-jack"\n', encoding="utf-8")
    return load_variant(folder / "jack.toml")


@pytest.mark.parametrize("variant", ["two-player", "three-player", "five-card", "clabber",
                                     first_jack])
def test_chance_is_a_node_per_card_and_gives_the_games_own_inputs(variant: Any,
                                                                   tmp_path: Path) -> None:
    """Pegline's own chance actions, drawn one card at a time as OpenSpiel's chance nodes, make
    the same inputs and the same log: a deal of twelve cards is twelve chance nodes."""
    variant = variant if isinstance(variant, str) else variant(tmp_path)
    game = openspiel_game(variant)
    state = game.new_initial_state()
    own = Game(variant)
    rng = random.Random(str(variant))
    chance_nodes = 0
    while own.hand < 3 and not own.over:
        if own.to_act == "chance":
            action = own.chance_action(rng)
            drawn = state.spec.chance.drawn(own, action)
            for outcome in drawn:
                assert state.current_player() == CHANCE
                outcomes = [o for o, _ in state.chance_outcomes()]
                assert outcome in outcomes and outcomes == sorted(outcomes)
                state.apply_action(outcome)
            chance_nodes += len(drawn)
        else:
            seat = own.to_act[0]
            action = rng.choice(own.legal_actions(seat))
            state.apply_action(state.spec.encoding.action_id(own.view(seat), action))
        own.apply(action)
        assert state.game.inputs() == own.inputs()
    assert [own.codec.to_dict(e) for e in own.log] == \
        [state.game.codec.to_dict(e) for e in state.game.log]
    assert chance_nodes > 3 * game.num_players() * 5


def test_each_distinct_variant_is_a_game_of_its_own(tmp_path: Path) -> None:
    """Two house files of one name, and a file edited in between, give different games;
    a shipped variant keeps its plain name, and the same variant loads the same game."""
    def kitchen(folder: str, text: str) -> Path:
        path = tmp_path / folder / "kitchen.toml"
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path

    pair = openspiel_game(kitchen("a", 'extends = ["two-player"]\n'))
    three = openspiel_game(kitchen("b", 'extends = ["three-player"]\n'))
    assert (pair.num_players(), three.num_players()) == (2, 3)
    edited = kitchen("a", 'extends = ["two-player"]\n[scoring]\ntarget = 61\n')
    game = openspiel_game(edited)
    assert game.spec.ruleset.variant.settings.scoring.target == 61
    assert pair.spec.ruleset.variant.settings.scoring.target == 121
    names = {g.get_type().short_name for g in (pair, three, game)}
    assert len(names) == 3 and all(name.startswith("pegline_kitchen-") for name in names)
    assert openspiel_game(load_variant(edited)).get_type().short_name == \
        game.get_type().short_name
    assert openspiel_game("three-player").get_type().short_name == "pegline_three-player"


def test_the_information_state_is_the_seats_own_record() -> None:
    game = openspiel_game("two-player-61")
    state = to_decision(game.new_initial_state(), random.Random(1))
    mine, theirs = state.information_state_string(0), state.information_state_string(1)
    assert mine != theirs
    dealt = [line for line in mine.splitlines() if "dealt" in line.lower()]
    assert dealt, mine
    tensor = state.information_state_tensor(0)
    assert len(tensor) == game.information_state_tensor_size() and sum(tensor) > 0
    assert state.observation_tensor(0) == tensor
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(clone.history()) == len(state.history()) + 1


def test_openspiel_mcts_plays_a_pegline_variant() -> None:
    from open_spiel.python.algorithms import mcts

    game = openspiel_game("two-player-61")
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=4,
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                       random_state=np.random.RandomState(0))
    state = to_decision(game.new_initial_state(), random.Random(2))
    action = bot.step(state)
    assert action in state.legal_actions()


def test_mcts_samples_the_starter_rather_than_knowing_it() -> None:
    """At the last discard before the starter is cut, OpenSpiel's MCTS draws the starter itself
    in each simulation: its tree holds many starters, not the one the game will turn."""
    from open_spiel.python.algorithms import mcts

    game = openspiel_game("two-player-61")
    state = to_decision(game.new_initial_state(), random.Random(3))
    state.apply_action(state.legal_actions()[0])          # seat 0 lays away; seat 1 is last
    assert state.current_player() == 1
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=40,
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                       random_state=np.random.RandomState(0))
    root = bot.mcts_search(state)
    starters = {node.action for discard in root.children for node in discard.children
                if node.player == CHANCE and node.explore_count}
    assert len(starters) > 1, starters
