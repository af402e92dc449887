"""The built-in bots as policies on the environment's numbers, and `evaluate`'s win rates."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pip install -e '.[rl]') is not "
                                         "installed")

from pegline_core import PeglineError, RandomBot, game_definition
from pegline_core.app.i18n import use_language
from pegline_core.app.problems import shown
from pegline_core.rl import PeglineEnv, WinRate, bot_policy, evaluate


@pytest.mark.parametrize(("variant", "name"), [("two-player-61", "greedy"), ("partner", "sloppy"),
                                               ("muggins", "greedy"), ("clabber-renege", "greedy"),
                                               ("clabber", "random")])
def test_a_bot_policy_picks_the_number_of_the_move_its_bot_would_make(variant: str,
                                                                      name: str) -> None:
    table = PeglineEnv(variant)
    table.reset(seed=8)
    policy = bot_policy(name, seed=3)
    factories = {"random": RandomBot,
                 **game_definition(table.ruleset.variant.game).pegline_bots()}
    twins = [factories[name](3 + seat) for seat in range(len(table.possible_agents))]
    decisions = 0
    for agent in table.agent_iter():
        observation, _reward, terminated, truncated, _info = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        seat = table.possible_agents.index(agent)
        number = policy(table, agent)
        assert observation["action_mask"][number] == 1
        legal = table.legal_actions()
        assert legal[number] == twins[seat].choose(table.game.view(seat), list(legal.values()))
        table.step(number)
        decisions += 1
    assert table.game.over and decisions > 20


def test_an_unknown_bot_is_named_with_the_game_s_bots() -> None:
    table = PeglineEnv("clabber")
    table.reset(seed=0)
    with pytest.raises(PeglineError, match="no bot 'coach' in clabber; there are greedy, random, "
                                           "sloppy"):
        bot_policy("coach")(table, table.agent_selection)


@pytest.mark.parametrize("name", ["greedy", "random", "coach"])
def test_a_bot_policy_asked_for_an_agent_not_to_act_says_so(name: str) -> None:
    """It chose from the acting seat's moves with the other seat's view: greedy raised a
    CardError, random answered player_0's move for player_1, coach a move refused at step; and
    before reset an IndexError."""
    table = PeglineEnv("two-player-61")
    said = "player_1 has no move to choose now: a policy picks for the agent to act"
    with pytest.raises(PeglineError, match=said):
        bot_policy(name)(table, "player_1")  # no game dealt yet
    table.reset(seed=0)
    assert table.agent_selection == "player_0"
    with pytest.raises(PeglineError, match=said + r" \(player_0\)"):
        bot_policy(name)(table, "player_1")


def test_the_wilson_interval() -> None:
    """Published values: 50 of 100 gives 40.4% to 59.6%; 0 of 10 gives 0% to 27.8%."""
    low, high = WinRate(50, 100).interval
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    low, high = WinRate(0, 10).interval
    assert (low, round(high, 4)) == (0.0, 0.2775)
    assert str(WinRate(3, 4)) == "won 3 of 4: 75.0% (95% interval 30.1% to 95.4%)"


def test_evaluate_counts_wins_from_both_sides_and_repeats_with_its_seed() -> None:
    strong = evaluate(bot_policy("greedy"), "random", games=30, seed=5)
    assert strong.games == 30 and strong.interval[0] > 0.5
    weak = evaluate(bot_policy("random"), bot_policy("greedy", seed=1), games=30, seed=5)
    assert weak.interval[1] < 0.5
    assert evaluate(bot_policy("greedy"), "random", games=30, seed=5) == strong


def test_the_coach_policy_beats_random() -> None:
    assert evaluate(bot_policy("coach"), "random", games=6).wins >= 5


def test_evaluate_refuses_no_games() -> None:
    with pytest.raises(PeglineError, match="games must be a whole number above 0, not 0"):
        evaluate(bot_policy("greedy"), "random", games=0)


@pytest.mark.parametrize(("policy", "opponent", "said"), [
    (5, "random", "the policy must be a callable"),
    (bot_policy("greedy"), 7, "the opponent must be a policy or a bot's name"),
])
def test_evaluate_refuses_a_policy_that_is_no_callable(policy, opponent, said) -> None:
    # it was a TypeError from inside the game loop: 'int' object is not callable
    with pytest.raises(PeglineError, match=said):
        evaluate(policy, opponent, "two-player-61", games=2)


def _by_observation(observation):
    return 0


class _Agent:
    def act(self, table, agent):
        return 0


@pytest.mark.parametrize(("policy", "opponent", "said"), [
    (_by_observation, "random", "the policy is called as policy(env, agent), which "
                                "_by_observation(observation) cannot be"),
    (bot_policy("greedy"), lambda: 0, "the opponent is called as policy(env, agent), which "
                                      "<lambda>() cannot be"),
    (_Agent, "random", "the policy is called as policy(env, agent), which _Agent() cannot be"),
])
def test_evaluate_refuses_a_policy_it_cannot_call_with_env_and_agent(policy, opponent, said):
    """A policy of the observation alone, Gymnasium's way, failed at its first turn with a
    TypeError from deep in the loop; it is refused before any game, in the user's language."""
    with pytest.raises(PeglineError) as caught:
        evaluate(policy, opponent, "two-player-61", games=2)
    assert str(caught.value) == said and caught.value.code == "rl.policy-call"
    with use_language("ja"):
        assert "は policy(env, agent) として呼ばれますが、" in shown(caught.value)


def test_a_policy_of_any_callable_kind_is_taken():
    """Positional, keyword-capable, *args, a bound method, a built policy: each is called."""
    rate = evaluate(lambda table, agent, *rest: bot_policy("random")(table, agent), "random",
                    "two-player-61", games=1)
    assert rate.games == 1
    assert evaluate(bot_policy("greedy"), bot_policy("random"), "two-player-61", games=1).games == 1
