"""The entry points a caller meets first answer a wrong argument with a `PeglineError` (a
`ValueError`) saying what was expected, in both builds: never a `TypeError` or an
`AttributeError` from inside (`Game(5)` raised a TypeError, `Ruleset("two-player")` an
AttributeError, `Scorer.for_variant("clabber")` another, `load_variant("two-player",
overlays="lowball")` looked up a variant 'l')."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from pegline_core import Game, PeglineError, RandomBot, Ruleset, load_variant, play_game
from pegline_cribbage.scorer import Scorer

# runs in the pure build too (conftest.py): what the compiled machines refuse
pytestmark = pytest.mark.both_builds

TWO = [RandomBot(1), RandomBot(2)]
KINDS = [5, None, [], ["two-player"], b"two-player", 2.5, {"name": "two-player"}]
"""Wrong arguments of every kind: an int, None, lists, bytes, a float, a dict."""

VARIANT = "must be a Variant, a variant's name or a .toml file's path, not "
NAME = "must be a variant's name or a .toml file's path, not "
LOADED = "must be a loaded Variant (load_variant(name) loads one), not "
SCORED = "must be a Ruleset or a loaded Variant (Scorer.for_variant takes a name), not "
PLUGINS = "extra_plugins must be None or a mapping of plugin names to classes, not "
SEED = "seed must be a whole number from 0 up or None, not "
PLAYERS = "players must be a list of players, each with a choose(view, legal) method, not "


def refused(call, said):
    with pytest.raises(PeglineError) as info:
        call()
    assert isinstance(info.value, ValueError) and said in str(info.value), str(info.value)


@pytest.mark.parametrize("wrong", KINDS, ids=repr)
def test_every_entry_point_refuses_a_variant_of_the_wrong_kind(wrong):
    if wrong is not None:  # Game() and Game(None) are the default variant
        refused(lambda: Game(wrong), f"a Game's variant {VARIANT}")
    refused(lambda: load_variant(wrong), f"the variant {NAME}")
    refused(lambda: play_game(wrong, TWO), f"variant {VARIANT}")
    refused(lambda: Ruleset(wrong), f"a Ruleset's variant {LOADED}")
    refused(lambda: Scorer(wrong), f"a Scorer's rules {SCORED}")
    refused(lambda: Scorer.for_variant(wrong), f"the variant {NAME}")


def test_a_name_is_no_loaded_variant_and_a_scorer_counts_cribbage_only():
    refused(lambda: Ruleset("two-player"), f"a Ruleset's variant {LOADED}'two-player'")
    refused(lambda: Scorer("two-player"), f"a Scorer's rules {SCORED}'two-player'")
    for make in (lambda: Scorer.for_variant("clabber"), lambda: Scorer(load_variant("clabber")),
                 lambda: Scorer(Ruleset(load_variant("clabber-renege")))):
        refused(make, "is not a cribbage variant: a Scorer counts cribbage hands")


@pytest.mark.parametrize("wrong", [5, "standard", [1], {"x": 5}, {5: Game}], ids=repr)
def test_extra_plugins_of_the_wrong_kind_are_refused_at_every_entry(wrong):
    variant = load_variant("two-player")
    refused(lambda: load_variant("two-player", extra_plugins=wrong), PLUGINS)
    refused(lambda: Game("two-player", extra_plugins=wrong), PLUGINS)
    refused(lambda: Ruleset(variant, wrong), PLUGINS)
    refused(lambda: Scorer(variant, wrong), PLUGINS)
    refused(lambda: Scorer.for_variant("two-player", extra_plugins=wrong), PLUGINS)


def test_load_variant_refuses_lists_of_the_wrong_kind():
    refused(lambda: load_variant("two-player", overlays="lowball"),
            "overlays must be a list of variant names or .toml files' paths, not 'lowball'")
    refused(lambda: load_variant("two-player", overlays=[5]), "not [5]")
    refused(lambda: load_variant("two-player", overlays=None), "not None")
    for wrong in ("variants", 5, [5], b"variants"):
        refused(lambda wrong=wrong: load_variant("two-player", search_path=wrong),
                f"search_path must be a list of folders, not {wrong!r}")
    shipped = load_variant("two-player").settings
    folder = Path(__file__).parent.parent / "variants"
    assert load_variant("two-player", search_path=[str(folder)]).settings == shipped
    assert load_variant("two-player", overlays=("lowball",)).settings.scoring.lowball


def test_game_refuses_a_ruleset_of_the_wrong_kind():
    refused(lambda: Game("two-player", ruleset=5), "ruleset must be None or a Ruleset, not 5")
    refused(lambda: Game("two-player", ruleset=load_variant("two-player")),
            "ruleset must be None or a Ruleset, not ")
    refused(lambda: Game("two-player", dealer="1"), "dealer must be a seat from 0 to 1, not '1'")


@pytest.mark.parametrize(("keywords", "said"), [
    ({"seed": "x"}, f"{SEED}'x'"), ({"seed": 1.5}, f"{SEED}1.5"), ({"seed": [1]}, f"{SEED}[1]"),
    ({"seed": b"1"}, f"{SEED}b'1'"),
    ({"on_event": 5}, "on_event must be None or a function of an event, not 5"),
    ({"game": "two-player"}, "game must be None or a Game to carry on, not 'two-player'"),
], ids=repr)
def test_play_game_refuses_keywords_of_the_wrong_kind(keywords, said):
    refused(lambda: play_game("two-player", TWO, **keywords), said)


@pytest.mark.parametrize(("players", "said"), [
    (5, f"{PLAYERS}5"), (None, f"{PLAYERS}None"), ("ab", f"{PLAYERS}'ab'"),
    ([1, 2], "players[0] must be a player, with a choose(view, legal) method; int has none"),
    ([RandomBot(1), "bot"],
     "players[1] must be a player, with a choose(view, legal) method; str has none"),
    ([RandomBot(1)], "two-player needs 2 players, got 1"),
    ([RandomBot(seat) for seat in range(3)], "two-player needs 2 players, got 3"),
], ids=["int", "none", "str", "ints", "a-str-among-bots", "one-bot", "three-bots"])
def test_play_game_refuses_players_of_the_wrong_kind_or_count(players, said):
    refused(lambda: play_game("two-player", players, seed=1), said)


def test_play_game_names_the_player_without_choose_and_its_nearest_method():
    """The whole list was shown, cut short, whichever of its players had no choose."""
    class Mine:
        def chose(self, view, legal):
            return legal[0]

    refused(lambda: play_game("two-player", [RandomBot(1), Mine()], seed=1),
            "players[1] must be a player, with a choose(view, legal) method; Mine has none "
            "(did you mean chose?)")


def test_play_game_names_a_player_class_given_for_a_player():
    """A class has a choose too (unbound); it failed at its first turn, as the player
    'builtins:type' missing an argument."""
    refused(lambda: play_game("two-player", [RandomBot(1), RandomBot], seed=1),
            "players[1] is the class RandomBot, not a player: make one, RandomBot(...)")


@pytest.mark.parametrize("wrong", ["x", 1.5, [1], b"1"], ids=repr)
def test_a_random_bot_refuses_a_seed_of_the_wrong_kind(wrong):
    refused(lambda: RandomBot(wrong), f"{SEED}{wrong!r}")


def test_a_negative_seed_is_refused_by_every_entry_point_as_the_command_line_refuses_it():
    """play_game, RandomBot and the learning environments took -1 (Python's generator deals
    seed -1 as seed 1) where ``pegline play --seed -1`` and ``simulate`` refuse it."""
    np = pytest.importorskip("numpy")
    for wrong in (-1, np.int64(-7)):
        refused(lambda wrong=wrong: play_game("two-player", TWO, seed=wrong), f"{SEED}{wrong!r}")
        refused(lambda wrong=wrong: RandomBot(wrong), f"{SEED}{wrong!r}")
    assert play_game("two-player-61", [RandomBot(0), RandomBot(2**70)], seed=0).over


def test_an_array_of_numbers_is_no_seed():
    """numpy's arrays have ``__index__``, which a seed of several numbers refuses with numpy's
    own TypeError: it escaped as that, not as the seed's refusal."""
    np = pytest.importorskip("numpy")
    for wrong in (np.array([1, 2]), np.array([[3]])):
        refused(lambda wrong=wrong: RandomBot(wrong), SEED)
        refused(lambda wrong=wrong: play_game("two-player", TWO, seed=wrong), SEED)
    assert RandomBot(np.array(7)).rng.random() == RandomBot(7).rng.random()  # one number


@pytest.mark.parametrize("wrong", ["x", 1.5, -1], ids=repr)
def test_evaluate_refuses_a_seed_as_it_was_given(wrong):
    """It added one to the seed for the opponent's bot first: "x" was a TypeError, and 1.5 was
    refused as 2.5."""
    pytest.importorskip("pettingzoo", reason="the rl extra (pip install -e '.[rl]')")
    from pegline_core.rl import bot_policy, evaluate

    refused(lambda: evaluate(bot_policy("random"), "random", games=1, seed=wrong),
            f"seed must be a whole number from 0 up, not {wrong!r}")


def test_a_vector_envs_seeds_are_one_number_or_one_each():
    pytest.importorskip("gymnasium", reason="the rl extra (pip install -e '.[rl]')")
    np = pytest.importorskip("numpy")
    from pegline_core.rl import VectorEnv

    vector = VectorEnv("two-player", 2)
    refused(lambda: vector.reset(seed=np.array([[1, 2], [3, 4]])),
            "seed must be a whole number from 0 up, not ")
    by_array, _ = vector.reset(seed=np.array(3))  # one number, as seed=3
    by_int, _ = vector.reset(seed=3)
    assert (by_array["observation"] == by_int["observation"]).all()


def test_the_learning_environments_refuse_a_negative_seed():
    pytest.importorskip("pettingzoo", reason="the rl extra (pip install -e '.[rl]')")
    from pegline_core.rl import VectorEnv, bot_policy, env, evaluate

    table = env("two-player")
    refused(lambda: table.reset(seed=-1), f"{SEED}-1")
    vector = VectorEnv("two-player", 2)
    refused(lambda: vector.reset(seed=-1), "seed must be a whole number from 0 up, not -1")
    refused(lambda: vector.reset(seed=[0, -3]), "seed must be a whole number from 0 up, not -3")
    refused(lambda: bot_policy("random", seed=-1), "seed must be a whole number from 0 up")
    from pegline_core.rl.policies import BotPolicy  # built directly: refused there, not later

    refused(lambda: BotPolicy("random", -1), "seed must be a whole number from 0 up")
    refused(lambda: evaluate(bot_policy("random"), "random", seed=-1, games=1),
            "seed must be a whole number from 0 up")
    table.reset(seed=0)
    vector.reset(seed=0)


def test_a_whole_number_of_any_kind_seeds_a_game():
    np = pytest.importorskip("numpy")
    by_int = play_game("two-player-61", [RandomBot(1), RandomBot(2)], seed=7)
    by_numpy = play_game("two-player-61", [RandomBot(np.int64(1)), RandomBot(np.int8(2))],
                         seed=np.int64(7))
    assert by_numpy.log == by_int.log


def test_the_learning_environments_refuse_arguments_of_the_wrong_kind():
    pytest.importorskip("pettingzoo", reason="the rl extra (pip install -e '.[rl]')")
    from pegline_core.rl import PeglineEnv, env

    for wrong in (5, None, [], b"two-player"):
        refused(lambda wrong=wrong: env(wrong), f"the variant {NAME}")
        refused(lambda wrong=wrong: PeglineEnv(wrong), f"the variant {NAME}")
    refused(lambda: env("two-player", extra_plugins=[1]), PLUGINS)
    refused(lambda: env("two-player", reward=5), "reward must be one of win, points, spread")
    table = env("two-player")
    for wrong in ("x", [1], 1.5):
        refused(lambda wrong=wrong: table.reset(seed=wrong), f"{SEED}{wrong!r}")
    table.reset(seed=3)
    assert table.agent_selection == "player_0"


def test_the_openspiel_game_refuses_arguments_of_the_wrong_kind():
    pytest.importorskip("pyspiel", reason="OpenSpiel (pip install -e '.[openspiel]')")
    from pegline_core.rl import openspiel_game

    for wrong in (5, None, [], b"two-player"):
        refused(lambda wrong=wrong: openspiel_game(wrong), f"the variant {NAME}")


RECORD_KINDS = [5, None, ["game.toml"], b"game.toml", 2.5]
"""What a newcomer passes for a record's path or text by mistake."""


@pytest.mark.parametrize("wrong", RECORD_KINDS, ids=repr)
def test_records_refuse_a_path_or_text_of_the_wrong_kind(wrong):
    from pegline_core import GameRecord
    from pegline_core.app.match import MatchRecord
    from pegline_cribbage.scripts import Script

    record = GameRecord.of(play_game("two-player-61", TWO, seed=1), seed=1)
    path = "a file's path (a str or a pathlib.Path), not "
    text = "a string (load reads a file), not "
    for load in (GameRecord.load, MatchRecord.load, record.save):
        refused(functools.partial(load, wrong), f"a record's path must be {path}")
    for read in (GameRecord.from_toml, GameRecord.from_jsonl, MatchRecord.from_toml,
                 MatchRecord.from_jsonl):
        refused(functools.partial(read, wrong), f"a record's text must be {text}")
    refused(lambda: Script.load(wrong), f"a script's path must be {path}")
    refused(lambda: Script.from_toml(wrong), f"a script's text must be {text}")


@pytest.mark.parametrize("wrong", ["game", 5, None], ids=repr)
def test_a_record_of_something_else_than_a_game_or_match_is_refused(wrong):
    from pegline_core import GameRecord
    from pegline_core.app.match import MatchRecord

    refused(lambda: GameRecord.of(wrong), "a record's game must be a Game (play_game returns "
                                          f"one), not {wrong!r}")
    refused(lambda: MatchRecord.of(wrong), "a match record's match must be a Match (play_match "
                                           f"returns one), not {wrong!r}")


@pytest.mark.parametrize("wrong", [3, "best of 3", None], ids=repr)
def test_play_match_refuses_rules_of_the_wrong_kind(wrong):
    from pegline_core.app.match import play_match

    refused(lambda: play_match("two-player-61", TWO, wrong),
            f"a match's rules must be MatchRules(best_of=N) or MatchRules(target=N), not {wrong!r}")
