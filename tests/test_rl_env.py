"""Every shipped variant as a PettingZoo environment: PettingZoo's own API and seed tests, a game
cut short by ``max_cycles``, rewards that add up to the result, observations blind to hidden
cards, and illegal actions refused whole."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pip install -e '.[rl]') is not "
                                         "installed")
import numpy as np  # (after the skip: numpy comes with the rl extra)
from pettingzoo.test import api_test, seed_test

from pegline_core import Card, Game, IllegalActionError, PeglineError, available_variants
from pegline_core.app.i18n import use_language
from pegline_core.app.problems import shown
from pegline_core.rl import PeglineEnv, VectorEnv, bot_policy, env, evaluate

# runs in the pure build too (conftest.py): the compiled encodings for learning agents
pytestmark = pytest.mark.both_builds

VARIANTS = sorted(available_variants())

# PettingZoo's api_test warns about any observation that is a dict, except in its own list of
# environments, and about the all-zero action mask of a seat whose game is over: both are this
# API's form (a Dict of observation and action_mask), as in PettingZoo's own card games.
EXPECTED_WARNINGS = ("Observation is not a NumPy array",
                     "Observation space for each agent probably should be",
                     "Action mask numpy array is all zeros")


def play(table: Any, rng: random.Random) -> int:
    """Play one game with random legal numbers; return the number of decisions."""
    decisions = 0
    for agent in table.agent_iter():
        observation, _reward, terminated, truncated, _info = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        table.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
        decisions += 1
        assert agent in table.possible_agents
    return decisions


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_api_and_seed_tests_pass(variant: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(variant), num_cycles=25)
        seed_test(lambda: env(variant), num_cycles=25)
    unexpected = {str(w.message) for w in caught
                  if not str(w.message).startswith(EXPECTED_WARNINGS)}
    assert unexpected == set()


@pytest.mark.parametrize("variant", VARIANTS)
def test_max_cycles_truncates_once_a_seat_has_made_that_many_decisions(variant: str) -> None:
    table = env(variant, max_cycles=4)
    table.reset(seed=3)
    made = dict.fromkeys(table.possible_agents, 0)
    last_steps = dict.fromkeys(table.possible_agents, 0)
    for agent in table.agent_iter():
        observation, _reward, terminated, truncated, _info = table.last()
        if terminated or truncated:
            assert truncated and not terminated
            last_steps[agent] += 1
            table.step(None)
            continue
        made[agent] += 1
        table.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert max(made.values()) == 4
    assert last_steps == dict.fromkeys(table.possible_agents, 1)
    assert table.agents == []


@pytest.mark.parametrize("variant", ["two-player-61", "three-player", "partner", "clabber"])
def test_rewards_add_up_to_the_result(variant: str) -> None:
    """Over a whole game, ``points`` sum to each side's score, ``spread`` to its margin over the
    best other side, and ``win`` is +1 for the winners and -1 for the rest."""
    totals = {}
    for reward in ("points", "spread", "win"):
        table = env(variant, reward=reward)
        table.reset(seed=11)
        summed = dict.fromkeys(table.possible_agents, 0.0)
        for agent in table.agent_iter():
            observation, got, terminated, truncated, _info = table.last()
            summed[agent] += got
            if terminated or truncated:
                table.step(None)
            else:
                table.step(random.Random(len(table.unwrapped.game.log)).choice(
                    np.flatnonzero(observation["action_mask"]).tolist()))
        totals[reward] = summed
        game = table.unwrapped.game
    assert game.over
    scores, variant_ = game.scores, game.variant
    for seat, agent in enumerate(table.possible_agents):
        side = variant_.side_of(seat)
        best_other = max(s for other, s in enumerate(scores) if other != side)
        assert totals["points"][agent] == scores[side]
        assert totals["spread"][agent] == scores[side] - best_other
        won = seat in game.result.winner.seats
        assert totals["win"][agent] == (1.0 if won else -1.0)


def test_the_same_seed_deals_the_same_games_and_another_seed_does_not() -> None:
    def logs(seed: int) -> list[Any]:
        table = env("two-player-61")
        table.reset(seed=seed)
        play(table, random.Random(0))
        table.reset()  # a second game goes on from the same generator
        play(table, random.Random(0))
        return table.unwrapped.game.inputs()

    assert logs(5) == logs(5)
    assert logs(5) != logs(6)


# -- fairness -------------------------------------------------------------------------------

def seen_cards(value: Any) -> set[Card]:
    """Every card anywhere in a view (its fields, nested), whatever the game."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, tuple | list | frozenset | set):
        return set().union(*(seen_cards(item) for item in value)) if value else set()
    return set()


def relabelled(action: Any, swap: dict[Card, Card]) -> Any:
    """``action`` with the cards of ``swap`` exchanged (any attrs action, any game)."""
    import attrs

    def card_field(value: Any) -> Any:
        if isinstance(value, Card):
            return swap.get(value, value)
        if isinstance(value, tuple):
            return tuple(card_field(item) for item in value)
        return value

    return attrs.evolve(action, **{f.name: card_field(getattr(action, f.name))
                                   for f in attrs.fields(type(action)) if f.init})


@pytest.mark.parametrize("variant", ["two-player", "three-player", "partner", "muggins",
                                     "clabber", "clabber-renege"])
def test_an_observation_never_changes_when_only_hidden_cards_change(variant: str) -> None:
    """At each decision, two cards of this hand that the seat to act has never seen are
    exchanged throughout the hand; wherever that history is still legal and takes the same
    public course (the same events, actors and points: a go the rules record when a seat holds
    nothing that fits is public), the seat's observation and the numbers of its legal actions
    are the same (and another seat's view did change)."""
    rng = random.Random(variant)
    table = PeglineEnv(variant)
    table.reset(seed=2)
    checked = 0
    cut = {card for event in table.game.log[:3] for card in getattr(
        getattr(event, "action", None), "cards", ())}  # the cut for deal is public
    for agent in table.agent_iter(160):
        observation, _r, terminated, truncated, _i = table.last()
        if terminated or truncated:
            break
        game, seat = table.game, table.possible_agents.index(agent)
        hidden = [c for c in _dealt(game) if c not in seen_cards(tuple(game.view(seat)))
                  and c not in cut]
        if len(hidden) >= 2:
            a, b = rng.sample(hidden, 2)
            swap = {a: b, b: a}
            try:
                inputs = game.inputs()
                start = _this_deal(inputs)
                twin = Game.from_inputs(game.variant, inputs[:start] + [
                    relabelled(x, swap) for x in inputs[start:]])
            except IllegalActionError:
                twin = None
            if twin is not None and _course(twin) == _course(game) and any(
                    twin.view(other) != game.view(other)  # (not two cards of one hand)
                    for other in range(game.players) if other != seat):
                real = table.game
                table.game = twin
                try:
                    assert np.array_equal(table.observe(agent)["observation"],
                                          observation["observation"])
                    numbers = table.encoding.action_id
                    assert sorted(numbers(twin.view(seat), x) for x in twin.legal_actions(seat)) \
                        == np.flatnonzero(observation["action_mask"]).tolist()
                finally:
                    table.game = real
                checked += 1
        table.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    assert checked >= 20


def _dealt(game: Game) -> list[Card]:
    """Every card dealt this hand (each seat's, and the crib's from the deck): the cards of
    earlier hands were shown or played."""
    inputs = game.inputs()
    if _this_deal(inputs) == len(inputs):
        return []
    deal = inputs[_this_deal(inputs)]
    cards = [card for hand in deal.hands for card in hand] + list(getattr(deal, "crib", ()))
    return sorted(cards, key=lambda card: card.index)


def _course(game: Game) -> list[tuple[str, int | None, str, int | None]]:
    """What everyone at the table saw happen: each event's kind, actor, phase and points."""
    return [(type(e).__name__, e.actor, e.phase, getattr(e, "points", None)) for e in game.log]


def _this_deal(inputs: list[Any]) -> int:
    """The index of this hand's deal among the inputs."""
    return max((i for i, action in enumerate(inputs) if hasattr(action, "hands")),
               default=len(inputs))


# -- refusals -------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", ["two-player", "clabber-renege"])
def test_an_illegal_action_is_refused_with_its_reason_and_changes_nothing(variant: str) -> None:
    table = env(variant)
    table.reset(seed=4)
    raw = table.unwrapped
    observation = table.last()[0]
    mask = observation["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = (len(raw.game.log), raw.agent_selection, raw.legal_actions(), dict(raw.rewards))
    for action in (illegal, np.int64(illegal), -1, mask.size, "3", 2.0, True):
        with pytest.raises(IllegalActionError, match="cannot take action .* legal actions are"):
            table.step(action)
        assert (len(raw.game.log), raw.agent_selection, raw.legal_actions(),
                dict(raw.rewards)) == before
        assert np.array_equal(table.observe(raw.agent_selection)["observation"],
                              observation["observation"])
    assert issubclass(IllegalActionError, ValueError)


@pytest.mark.parametrize("kind", [int, np.int32, np.int64, np.uint16, np.array])
def test_a_legal_number_is_taken_in_any_integer_form(kind: Any) -> None:
    table = env("two-player-61")
    table.reset(seed=4)
    legal = int(np.flatnonzero(table.last()[0]["action_mask"])[0])
    agent = table.agent_selection
    table.step(kind(legal))  # np.array(number): a 0-d array, as a policy's argmax may give
    assert table.agent_selection != agent
    with pytest.raises(IllegalActionError, match=r"cannot take action array\(1.5\)"):
        table.step(np.array(1.5))


def test_a_call_before_reset_says_reset_comes_first_in_the_users_language() -> None:
    """The bare environment raised an AttributeError that did not say what to do (`env`'s
    wrapper keeps PettingZoo's own refusal: checking there too cost every decision)."""
    table = PeglineEnv("two-player", render_mode="ansi")
    calls = {"step": lambda: table.step(0), "observe": lambda: table.observe("player_0"),
             "last": table.last, "render": table.render}
    for name, call in calls.items():
        with pytest.raises(PeglineError, match=rf"call reset\(\) before {name}\(\)") as caught:
            call()
        assert caught.value.code == "rl.reset-first"
        for language, words in (("ja", "reset() を呼んでください"), ("zh-Hans", "请先调用 reset()")):
            with use_language(language):
                assert words in shown(caught.value)
    table.reset(seed=1)  # nothing was changed: the first game deals as ever
    assert table.agent_selection == "player_0" and table.render()


def _reset(table: Any) -> Any:
    table.reset(seed=1)
    return table


REFUSALS = [  # every refusal of the learning adapters, and what it says in Japanese
    (lambda: env("two-player", reward="score"), "rl.reward",
     "reward は win, points, spread のいずれかでなければなりません。指定は 'score'"),
    (lambda: env("two-player", max_cycles=0), "rl.max-cycles",
     "max_cycles は 1 以上の整数でなければなりません。指定は 0"),
    (lambda: env("two-player", render_mode="human"), "rl.render-mode",
     "render_mode は 'ansi' か None でなければなりません。指定は 'human'"),
    (lambda: _reset(env("two-player")).step(0), "rl.illegal-action",
     "player_0 は今、行動 0 (discard AC AD) を取れません。取れる行動："),
    (lambda: VectorEnv("two-player", 0), "rl.num-envs",
     "num_envs は 1 以上の整数でなければなりません。指定は 0"),
    (lambda: _reset(VectorEnv("two-player", 2)).step([0]),
     "rl.step-numbers", "step が受け取るのは env ごとに 1 つ、2 個の行動番号です。指定は [0]"),
    (lambda: _reset(VectorEnv("two-player", 2)).step(
        np.zeros(3, np.int64)), "rl.step-array",
     "step が受け取るのは 2 個の行動番号（形が (2,) の整数の配列）です。指定は形 (3,) の int64 の配列"),
    (lambda: VectorEnv("two-player", 2).reset(seed=[1]),
     "rl.seeds", "reset のシードは env ごとに 1 つ（2 個）です。指定は 1 個"),
    (lambda: bot_policy("random")(PeglineEnv("two-player"),
                                                                   "player_0"),
     "rl.not-to-act", "player_0 には今選ぶ手がありません：ポリシーが選ぶのは手番のエージェントの手です"
                      "（reset の前なのでなし）"),
    (lambda: bot_policy("genius")(
        _reset(PeglineEnv("two-player")), "player_0"), "rl.no-bot",
     "cribbage にボット 'genius' はありません。あるのは "),
    (lambda: evaluate(lambda *_: 0, "random", games=0),
     "rl.games", "games は 1 以上の整数でなければなりません。指定は 0"),
    (lambda: _reset(env("two-player")).observe("player_2"), "rl.unknown-agent",
     "このテーブルにエージェント 'player_2' はいません。いるのは player_0, player_1"),
    (lambda: PeglineEnv("partner").observation_space(0), "rl.unknown-agent",
     "このテーブルにエージェント 0 はいません。いるのは player_0, player_1, player_2, player_3"),
    (lambda: env("two-player").action_space("player_0 "), "rl.unknown-agent",
     "このテーブルにエージェント 'player_0 ' はいません。いるのは player_0, player_1"),
]


@pytest.mark.parametrize(("call", "code", "japanese"), REFUSALS,
                         ids=[code for _, code, _ in REFUSALS])
def test_every_refusal_is_said_in_the_users_language(call: Any, code: str, japanese: str) -> None:
    """The adapters' refusals were plain English, shown so under --lang ja and on the page."""
    with pytest.raises(PeglineError) as caught:
        call()
    assert caught.value.code == code
    with use_language("ja"):
        assert japanese in shown(caught.value)


def test_options_are_checked() -> None:
    with pytest.raises(PeglineError, match="reward must be one of win, points, spread"):
        env("two-player", reward="score")
    with pytest.raises(PeglineError, match="max_cycles must be a whole number above 0"):
        env("two-player", max_cycles=0)
    with pytest.raises(PeglineError, match="render_mode must be 'ansi'"):
        env("two-player", render_mode="human")


def test_render_draws_the_terminal_table_of_the_seat_to_act() -> None:
    table = env("two-player-61", render_mode="ansi")
    table.reset(seed=1)
    text = table.render()
    assert "hand 1" in text and "Game to 61" in text and "two-player-61" in text
    clabber = env("clabber", render_mode="ansi")
    clabber.reset(seed=1)
    seat = clabber.possible_agents.index(clabber.agent_selection)
    assert f"Your partner: seat {(seat + 2) % 4}." in clabber.render()
    plain = env("two-player")
    plain.reset(seed=1)
    assert plain.render() is None


def test_the_env_steps_its_game_by_number_and_its_screen_sees_every_event() -> None:
    """The environment steps its game by number on the lean path, keeping no history to undo;
    its terminal table is still given every event of the game, as drawn from the whole log."""
    import io

    from rich.console import Console

    table = env("two-player-61", render_mode="ansi")
    table.reset(seed=3)
    rng = random.Random(2)
    for _ in range(40):
        observation, *_rest = table.last()
        table.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    raw = table.unwrapped
    with pytest.raises(IllegalActionError, match="keeps no history of its steps"):
        raw.game.undo()
    screen = raw.encoding.screen()
    for event in raw.game.log:
        screen.observe(event)
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(
        screen.render(raw.game.view(raw.seat_of[raw.agent_selection])))
    assert table.render() == out.getvalue() and "hand" in out.getvalue()


def test_a_house_file_gets_an_environment(tmp_path: Any) -> None:
    house = tmp_path / "house.toml"
    house.write_text('extends = ["two-player"]\n[scoring]\ntarget = 31\n', encoding="utf-8")
    table = env(str(house), reward="points")
    table.reset(seed=0)
    assert play(table, random.Random(1)) > 0
    assert max(table.unwrapped.game.scores) >= 31


def test_the_kernel_needs_no_numpy_or_pettingzoo() -> None:
    code = ("import sys, random\nfrom pegline_core import Game, play_game, RandomBot\n"
            "g = Game('two-player-61')\n"
            "print(sorted({'numpy', 'pettingzoo', 'gymnasium'} & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_a_game_of_ones_own_gets_an_environment_from_its_encoding() -> None:
    """High card, the game docs/writing-games.md builds from scratch, with the encoding written
    there: the adapter needs nothing else (PettingZoo's api_test passes on it)."""
    import contextlib
    import doctest
    import io
    from pathlib import Path

    text = (Path(__file__).parent.parent / "docs" / "writing-games.md").read_text("utf-8")
    names: dict[str, Any] = {}
    with contextlib.redirect_stdout(io.StringIO()):
        for example in doctest.DocTestParser().get_examples(text):
            try:
                exec(compile(example.source, "writing-games.md", "single", dont_inherit=True),
                     names)
            except Exception:  # the page's refused actions and bad files, shown as tracebacks
                if example.exc_msg is None:
                    raise
    plugins = {**names["plugins"], "high-card": names["LearningHighCard"]}
    table = env(names["variant"], extra_plugins=plugins, reward="points")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(table, num_cycles=20)
    assert {str(w.message) for w in caught
            if not str(w.message).startswith(EXPECTED_WARNINGS)} == set()
    table.reset(seed=0)
    assert play(table, random.Random(0)) >= 6  # two reveals a hand, first to 3 points
    assert max(table.unwrapped.game.scores) == 3
