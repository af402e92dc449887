"""Every shipped variant as an OpenSpiel game: OpenSpiel's own random simulation test, its
algorithms on a Pegline variant, and information states that are the seat's own."""

from __future__ import annotations

import random

import pytest

from pegline_core import available_variants

pytest.importorskip("pettingzoo", reason="the rl extra (pip install -e '.[rl]') is not "
                                         "installed")
pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel's wheel (pip install -e "
                                                "'.[openspiel]') is not installed")

from pegline_core.rl import openspiel_game  # noqa: E402  (it imports pyspiel)


# the short games of each kind: two seats, three, partners, counting by hand, Clabber with calls
@pytest.mark.parametrize("variant", ["two-player-61", "three-player", "partner", "muggins",
                                     "clabber-renege"])
def test_openspiels_random_simulation_test_passes(variant: str) -> None:
    pyspiel.random_sim_test(openspiel_game(variant), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("variant", sorted(available_variants()))
def test_every_shipped_variant_loads_and_plays_to_its_end(variant: str) -> None:
    game = openspiel_game(variant, seed=5)
    state = game.new_initial_state()
    rng = random.Random(variant)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert sorted(state.returns()).count(1.0) == len(state.returns()) // 2 if \
        game.num_players() == 4 else sorted(state.returns()).count(1.0) == 1


def test_a_game_is_registered_once_and_its_seed_repeats_its_games() -> None:
    def history(seed: int) -> list[int]:
        state = openspiel_game("two-player-61", seed=seed).new_initial_state()
        rng = random.Random(0)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        return state.history()

    assert history(3) == history(3) != history(4)
    assert "pegline_two-player-61" in pyspiel.registered_names()


def test_the_information_state_is_the_seats_own_record() -> None:
    game = openspiel_game("two-player-61", seed=1)
    state = game.new_initial_state()
    mine, theirs = state.information_state_string(0), state.information_state_string(1)
    assert mine != theirs
    dealt = [line for line in mine.splitlines() if "dealt" in line.lower()]
    assert dealt, mine
    tensor = state.information_state_tensor(0)
    assert len(tensor) == game.information_state_tensor_size() and sum(tensor) > 0
    assert state.observation_tensor(0) == tensor
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(state.history()) == 0 and len(clone.history()) == 1


def test_openspiel_mcts_plays_a_pegline_variant() -> None:
    from open_spiel.python.algorithms import mcts

    game = openspiel_game("two-player-61", seed=2)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=4,
                       evaluator=mcts.RandomRolloutEvaluator(1, random.Random(0)),
                       random_state=__import__("numpy").random.RandomState(0))
    state = game.new_initial_state()
    action = bot.step(state)
    assert action in state.legal_actions()
