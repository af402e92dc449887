"""The batch environment (`pegline_core.rl.VectorEnv`): every env's observations, masks and
rewards equal the AEC environment's for the same seed and actions, games reset on the next step
as Gymnasium's vector environments do, per-env seeds repeat, and bad input changes nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("gymnasium", reason="the rl extra (pip install -e '.[rl]') is not "
                                        "installed")
import numpy as np  # (after the skip: numpy comes with the rl extra)

from pegline_core import IllegalActionError, PeglineError
from pegline_core.rl import PeglineEnv, VectorEnv

# runs in the pure build too (conftest.py): the compiled batch of games
pytestmark = pytest.mark.both_builds


def random_actions(observation: dict[str, np.ndarray], rng: random.Random) -> np.ndarray:
    """A random legal number per env (0 for an env with none: its game has ended)."""
    return np.array([rng.choice(np.flatnonzero(row).tolist()) if row.any() else 0
                     for row in observation["action_mask"]], np.int64)


@pytest.mark.parametrize(("variant", "reward", "max_cycles"), [
    ("two-player-61", "spread", None), ("partner", "points", None), ("clabber", "win", None),
    ("two-player", "points", 7), ("muggins", "spread", None), ("clabber-renege", "spread", None)])
def test_every_env_equals_the_aec_environment_step_by_step(variant: str, reward: str,
                                                           max_cycles: int | None) -> None:
    """Three envs with their own seeds, each beside a `PeglineEnv` seeded alike and given the
    same actions, over more than a whole game each (so across an autoreset): the observation,
    the mask, the seat to act, every seat's rewards and the game's end (terminated, or
    truncated by ``max_cycles``) agree at every step."""
    seeds = [5, 17, 40]
    vector = VectorEnv(variant, len(seeds), reward=reward, max_cycles=max_cycles)
    tables = [PeglineEnv(variant, reward=reward, max_cycles=max_cycles) for _ in seeds]
    observation, info = vector.reset(seed=seeds)
    for table, seed in zip(tables, seeds, strict=True):
        table.reset(seed=seed)
    rng = random.Random(1)
    resets = [0] * len(seeds)
    ended = [False] * len(seeds)

    def agree() -> None:
        for env, table in enumerate(tables):
            assert info["seat"][env] == table.possible_agents.index(table.agent_selection)
            seen = table.observe(table.agent_selection)
            assert np.array_equal(observation["observation"][env], seen["observation"])
            assert np.array_equal(observation["action_mask"][env], seen["action_mask"])

    while min(resets) < 1:
        agree()
        actions = random_actions(observation, rng)
        observation, rewards, terminated, truncated, info = vector.step(actions)
        assert rewards.shape == (len(seeds), vector.players)
        for env, table in enumerate(tables):
            if ended[env]:  # the action was ignored: a new game began, with no reward
                table.reset()
                assert not terminated[env] and not rewards[env].any()
                ended[env] = False
                resets[env] += 1
                continue
            table.step(int(actions[env]))
            assert rewards[env].tolist() == [table.rewards[agent] for agent in table.agents]
            assert terminated[env] == all(table.terminations.values())
            assert truncated[env] == all(table.truncations.values())
            assert vector.games[env].inputs() == table.game.inputs()
            if terminated[env] or truncated[env]:
                ended[env] = True
                assert table.game.over != bool(truncated[env])
    agree()

def test_a_game_that_ends_resets_on_the_next_step_ignoring_its_action() -> None:
    """Gymnasium's next-step autoreset: the step that ends a game returns its last observation
    (no legal action, ``terminated``); the next returns the new game's first, with no reward,
    whatever action it was given."""
    vector = VectorEnv("two-player-61", 2, reward="win")
    observation, _info = vector.reset(seed=3)
    rng = random.Random(0)
    while True:
        observation, rewards, terminated, _truncated, _info = vector.step(
            random_actions(observation, rng))
        if terminated.any():
            break
    env = int(np.flatnonzero(terminated)[0])
    assert not observation["action_mask"][env].any() and observation["observation"][env].any()
    assert sorted(rewards[env].tolist()) == [-1.0, 1.0] and vector.games[env].over
    ended = vector.games[env]
    actions = random_actions(observation, rng)
    actions[env] = 123_456  # not even an action number: ignored
    observation, rewards, terminated, truncated, _info = vector.step(actions)
    assert vector.games[env] is not ended and not vector.games[env].over
    assert not terminated[env] and not truncated[env] and not rewards[env].any()
    assert observation["action_mask"][env].sum() == 15  # a new deal: fifteen discards
    assert vector.metadata["autoreset_mode"].value == "NextStep"


def test_max_cycles_truncates_once_a_seat_has_made_that_many_decisions() -> None:
    vector = VectorEnv("two-player", 1, max_cycles=3)
    observation, info = vector.reset(seed=0)
    rng = random.Random(0)
    made = [0, 0]
    while True:
        made[info["seat"][0]] += 1
        observation, _r, terminated, truncated, info = vector.step(
            random_actions(observation, rng))
        if truncated[0]:
            break
        assert not terminated[0]
    assert max(made) == 3 and not observation["action_mask"].any()
    assert not vector.games[0].over
    observation, _r, terminated, truncated, info = vector.step([0])  # ignored: a new game
    assert not truncated[0] and observation["action_mask"].sum() == 15


def test_the_same_seeds_repeat_and_other_seeds_do_not() -> None:
    def inputs(seed: Any) -> list[Any]:
        vector = VectorEnv("two-player-61", 3)
        observation, _info = vector.reset(seed=seed)
        rng = random.Random(2)
        for _ in range(150):  # past a game's end in every env (reseeding none)
            observation, *_ = vector.step(random_actions(observation, rng))
        return [game.inputs() for game in vector.games]

    assert inputs(7) == inputs(7) == inputs([7, 8, 9])
    assert inputs(7) != inputs(8)
    observation, _info = VectorEnv("two-player-61", 3).reset(seed=[1, 1, 2])
    hands = observation["observation"]  # each seed its own deal: env 0's and 1's are one
    assert np.array_equal(hands[0], hands[1]) and not np.array_equal(hands[1], hands[2])


def test_a_seed_of_none_in_the_list_lets_that_envs_generator_go_on() -> None:
    vector = VectorEnv("two-player-61", 3)
    first, _info = vector.reset(seed=[1, 2, 3])
    again, _info = vector.reset(seed=[1, None, 3])  # as Gymnasium's vector envs take it
    hands, before = again["observation"], first["observation"]
    assert np.array_equal(hands[0], before[0]) and np.array_equal(hands[2], before[2])
    assert not np.array_equal(hands[1], before[1])  # env 1's generator went on: a new deal
    fresh, _info = VectorEnv("two-player-61", 3).reset(seed=[7, 2, 9])
    assert np.array_equal(fresh["observation"][1], before[1])


def test_rewards_go_to_every_seat_and_add_up_to_the_result() -> None:
    """With partners, every seat's ``points`` add up to its side's score at the end; its
    ``spread`` to its side's margin."""
    for reward in ("points", "spread"):
        vector = VectorEnv("partner", 2, reward=reward)
        observation, _info = vector.reset(seed=11)
        rng = random.Random(3)
        totals = np.zeros((2, 4))
        done = [False, False]
        while not all(done):
            observation, rewards, terminated, _t, _i = vector.step(
                random_actions(observation, rng))
            for env in range(2):
                if not done[env]:
                    totals[env] += rewards[env]
                    if terminated[env]:
                        done[env] = True
                        scores = vector.games[env].scores
                        for seat in range(4):
                            side = seat % 2
                            expected = scores[side] if reward == "points" \
                                else scores[side] - scores[1 - side]
                            assert totals[env][seat] == expected


def test_bad_input_is_refused_and_changes_nothing() -> None:
    vector = VectorEnv("two-player", 2)
    with pytest.raises(PeglineError, match=r"call reset\(\) before step\(\)") as caught:
        vector.step([0, 0])
    assert caught.value.code == "rl.reset-first"  # said in the user's language where shown
    observation, _info = vector.reset(seed=4)
    before = [game.inputs() for game in vector.games]
    legal = [int(np.flatnonzero(row)[0]) for row in observation["action_mask"]]
    illegal = int(np.flatnonzero(observation["action_mask"][1] == 0)[0])
    refusals: list[tuple[Any, type[Exception], str]] = [
        ([legal[0]], PeglineError, "step takes 2 action numbers, one per env"),
        (np.array(legal * 2), PeglineError, r"an integer array of shape \(2,\)"),
        (np.array(legal, np.float64), PeglineError, "not an array of float64"),
        (np.array([legal]), PeglineError, r"of shape \(1, 2\)"),
        (legal[0], PeglineError, "step takes 2 action numbers"),
        ([legal[0], illegal], IllegalActionError, "env 1: seat 0 cannot take action .* legal "
                                                  "actions are"),
        ([legal[0], -1], IllegalActionError, "env 1: seat 0 cannot take action -1 now"),
        ([legal[0], "3"], IllegalActionError, "cannot take action '3'"),
        ([2.0, legal[1]], IllegalActionError, "env 0: seat 0 cannot take action 2.0"),
        ([True, legal[1]], IllegalActionError, "env 0: seat 0 cannot take action True"),
    ]
    for actions, error, message in refusals:
        with pytest.raises(error, match=message):
            vector.step(actions)
        assert [game.inputs() for game in vector.games] == before
    vector.step(np.array(legal, np.int32))  # the refusals changed nothing: this is still legal
    assert [len(game.inputs()) for game in vector.games] == [len(x) + 1 for x in before]
    for options, message in (({"num_envs": 0}, "num_envs must be a whole number above 0"),
                             ({"num_envs": 2.0}, "num_envs must be a whole number above 0"),
                             ({"reward": "score"}, "reward must be one of win, points, spread"),
                             ({"max_cycles": 0}, "max_cycles must be a whole number above 0")):
        with pytest.raises(PeglineError, match=message):
            VectorEnv("two-player", **options)
    with pytest.raises(PeglineError, match=r"one seed per env \(2\), not 3"):
        vector.reset(seed=[1, 2, 3])
    with pytest.raises(PeglineError, match="seed"):
        vector.reset(seed="7")  # type: ignore[arg-type]
    assert issubclass(IllegalActionError, ValueError)


def test_the_arrays_it_returns_are_its_own_only_with_copy_false() -> None:
    kept = VectorEnv("two-player", 2, copy=False)
    first, _info = kept.reset(seed=1)
    second, *_ = kept.step(random_actions(first, random.Random(0)))
    assert first["observation"] is second["observation"]
    copied = VectorEnv("two-player", 2)
    first, _info = copied.reset(seed=1)
    snapshot = first["observation"].copy()
    second, *_ = copied.step(random_actions(first, random.Random(0)))
    assert first["observation"] is not second["observation"]
    assert np.array_equal(first["observation"], snapshot)
    assert copied.observation_space.contains(second)  # Gymnasium's batched spaces hold them
    assert copied.single_observation_space.contains(
        {name: array[0] for name, array in second.items()})
    assert copied.action_space.contains(random_actions(second, random.Random(1)))


@pytest.mark.parametrize("variant", ["two-player", "clabber"])
def test_legal_actions_are_the_masked_numbers_with_the_games_actions(variant: str) -> None:
    """Each env's seat to act's legal actions by number: the numbers its mask marks, each with
    the game's action, in a dict of the caller's own; none once its game has ended."""
    vector = VectorEnv(variant, num_envs=3, max_cycles=2)
    observation, info = vector.reset(seed=5)
    rng = random.Random(5)
    for _ in range(3):
        for env in range(3):
            legal = vector.legal_actions(env)
            mask = observation["action_mask"][env]
            assert sorted(legal) == np.flatnonzero(mask).tolist()
            if legal:
                game, seat = vector.games[env], int(info["seat"][env])
                view = game.view(seat)
                assert legal == {vector.encoding.action_id(view, action): action
                                 for action in game.legal_actions(seat)}
                legal.clear()
                assert vector.legal_actions(env)  # a new dict each call
        observation, *_rest, info = vector.step(random_actions(observation, rng))
