"""Games built by name share one ruleset per variant and thread, and nothing one game does to
its ruleset is seen by another: reading `Game.ruleset` gives a game one of its own."""

from __future__ import annotations

import random
import threading

from pegline_core import Game, RandomBot, Rule, Score, hookimpl, load_variant, play_game
from pegline_core.shared_rulesets import shared_ruleset
from pegline_core.turns import CHANCE


class Bonus:
    """A house rule: one point for every card played."""

    @hookimpl
    def pegline_rules(self):
        return [Rule("bonus", "a card played", "house", 1)]

    @hookimpl
    def pegline_score_play(self, play):
        return [Score("bonus", 1, (play.card,))]


def _rules(game: Game) -> set[str]:
    return {getattr(event, "rule", "") for event in game.log}


def test_games_built_by_name_or_variant_share_one_ruleset():
    first, second = Game("two-player"), Game("two-player")
    assert first.definition is second.definition is shared_ruleset("two-player").game
    assert Game(load_variant("two-player")).definition is first.definition
    assert Game("three-player").definition is not first.definition


def test_a_plugin_registered_on_one_game_reaches_no_other():
    mine, other = Game("two-player", dealer=0), Game("two-player", dealer=0)
    mine.ruleset.pm.register(Bonus(), name="bonus")
    later = Game("two-player", dealer=0)
    for game in (mine, other, later):
        play_game("two-player", [RandomBot(1), RandomBot(2)], seed=4, game=game)
    assert "bonus" in _rules(mine)
    assert "bonus" not in _rules(other) | _rules(later)
    assert other.log == later.log


def test_a_monitor_on_one_game_leaves_the_others_on_their_lane():
    watched = Game("two-player")
    calls: list[str] = []
    watched.ruleset.pm.add_hookcall_monitoring(lambda name, impls, kwargs: calls.append(name),
                                               lambda *_: None)
    play_game("two-player", [RandomBot(1), RandomBot(2)], seed=9, game=Game("two-player"))
    assert calls == []
    play_game("two-player", [RandomBot(1), RandomBot(2)], seed=9, game=watched)
    assert "pegline_score_show" in calls


def test_a_game_given_its_own_ruleset_midway_plays_on_exactly_as_before():
    rng = random.Random(5)
    game, twin = Game("two-player"), Game("two-player")
    for _ in range(12):
        action = game.chance_action(rng) if game.to_act is CHANCE \
            else game.legal_actions()[0]
        game.apply(action)
        twin.apply(action)
    own = game.ruleset  # the game trades the shared ruleset for its own here
    assert own is game.ruleset and own is not shared_ruleset("two-player")
    assert game.log == twin.log
    for seed, g in ((3, game), (3, twin)):
        play_game("two-player", [RandomBot(seed), RandomBot(seed + 1)], seed=seed, game=g)
    assert game.log == twin.log
    assert game.undo() == twin.undo()


class _Reader:
    """A player that reads its game's ruleset at its first turn, as `pegline play --human
    --save` does by saving a record before each question."""

    def __init__(self, game: Game, seed: int) -> None:
        self.game, self.bot = game, RandomBot(seed)

    def choose(self, view, legal):
        assert self.game.ruleset is not shared_ruleset("two-player")
        return self.bot.choose(view, legal)


def test_a_game_given_its_own_ruleset_by_a_player_or_a_listener_plays_on_as_before():
    """play_game went on driving the machine the game had traded away: the person was asked
    to lay away again, and the game's own machine never moved."""
    twin = play_game("two-player", [RandomBot(1), RandomBot(2)], seed=6)
    game = Game("two-player")
    play_game("two-player", [_Reader(game, 1), RandomBot(2)], seed=6, game=game)
    assert game.log == twin.log and game.over
    heard = Game("two-player")
    play_game("two-player", [RandomBot(1), RandomBot(2)], seed=6, game=heard,
              on_event=lambda event: heard.ruleset)
    assert heard.log == twin.log and heard.over


def test_a_copy_shares_its_originals_ruleset_until_it_reads_its_own():
    game = Game("two-player")
    own = game.ruleset
    assert game.copy().ruleset is own  # as documented: a copy shares its original's
    assert Game("two-player").copy().definition is Game("two-player").definition


def test_an_edited_variant_file_is_loaded_again(tmp_path):
    house = tmp_path / "kitchen.toml"
    house.write_text('extends = ["two-player"]\n', encoding="utf-8")
    assert Game(str(house)).variant.settings.scoring.target == 121
    house.write_text('extends = ["two-player"]\n[scoring]\ntarget = 61\n', encoding="utf-8")
    assert Game(str(house)).variant.settings.scoring.target == 61


def test_two_files_of_one_name_in_two_folders_are_two_variants(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "kitchen.toml").write_text('extends = ["two-player"]\n', encoding="utf-8")
    (tmp_path / "b" / "kitchen.toml").write_text('extends = ["three-player"]\n',
                                                 encoding="utf-8")
    assert Game(str(tmp_path / "a" / "kitchen.toml")).players == 2
    assert Game(str(tmp_path / "b" / "kitchen.toml")).players == 3


def test_a_variant_by_name_follows_a_file_added_to_the_search_path(tmp_path, monkeypatch):
    monkeypatch.setenv("PEGLINE_VARIANT_PATH", str(tmp_path))
    assert Game("two-player").variant.settings.scoring.target == 121
    (tmp_path / "two-player.toml").write_text(
        'extends = ["two-player-61"]\n', encoding="utf-8")
    assert Game("two-player").variant.settings.scoring.target == 61


def test_each_thread_plays_on_a_ruleset_of_its_own():
    def play(seed: int, logs: dict[int, tuple]) -> None:
        logs[seed] = tuple(play_game("two-player", [RandomBot(seed), RandomBot(seed + 1)],
                                     seed=seed).log)

    threaded: dict[int, tuple] = {}
    threads = [threading.Thread(target=play, args=(seed, threaded)) for seed in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    alone: dict[int, tuple] = {}
    for seed in range(4):
        play(seed, alone)
    assert threaded == alone


def test_a_game_that_reads_its_ruleset_while_it_plays_goes_on_as_before():
    game, read = Game("two-player"), []

    def listen(event):  # the first read gives the game a ruleset (and a machine) of its own
        read.append(game.ruleset)

    play_game("two-player", [RandomBot(1), RandomBot(2)], seed=6, game=game, on_event=listen)
    assert game.log == play_game("two-player", [RandomBot(1), RandomBot(2)], seed=6).log
    assert len({id(ruleset) for ruleset in read}) == 1


def test_a_variant_follows_an_edit_of_a_file_it_extends(tmp_path):
    (tmp_path / "base-house.toml").write_text('extends = ["two-player"]\n', encoding="utf-8")
    house = tmp_path / "house.toml"
    house.write_text('extends = ["base-house"]\n', encoding="utf-8")
    assert Game(str(house)).variant.settings.scoring.target == 121
    (tmp_path / "base-house.toml").write_text(
        'extends = ["two-player"]\n[scoring]\ntarget = 61\n', encoding="utf-8")
    assert Game(str(house)).variant.settings.scoring.target == 61
