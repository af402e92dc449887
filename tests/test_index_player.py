"""A player that reads no view (`IndexPlayer`) is asked only for the index of its pick, through
the same lane whoever wrote it: a user's class plays exactly the games `RandomBot` plays."""

from __future__ import annotations

import random

import pytest

from pegline_core import Game, IndexPlayer, PeglineError, PlayerError, RandomBot, play_game
from pegline_core.index_player import reads_no_view


class MyRandom(IndexPlayer):
    """A user's own uniform player, by number: ``randrange``, as `RandomBot` draws."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose_index(self, count: int) -> int:
        return self.rng.randrange(count)


class Answers(IndexPlayer):
    """Answers ``wrong`` at its ``at``-th decision, the first legal action before."""

    def __init__(self, wrong: object, at: int = 5) -> None:
        self.wrong, self.at, self.asked = wrong, at, 0

    def choose_index(self, count: int) -> int:
        self.asked += 1
        return self.wrong if self.asked == self.at else 0  # type: ignore[return-value]


@pytest.mark.parametrize("variant", ["two-player", "partner", "clabber"])
def test_a_users_index_player_plays_the_games_random_bot_plays(variant):
    seats = Game(variant).players
    for seed in range(3):
        ours = play_game(variant, [MyRandom(seed * 10 + s) for s in range(seats)], seed=seed)
        built_in = play_game(variant, [RandomBot(seed * 10 + s) for s in range(seats)],
                             seed=seed)
        assert ours.log == built_in.log


def test_an_index_player_is_a_player_for_any_driver():
    game = Game("two-player", dealer=0)
    game.apply(game.chance_action(random.Random(1)))
    legal = game.legal_actions(0)
    assert MyRandom(4).choose(game.view(0), legal) == legal[random.Random(4).randrange(15)]


@pytest.mark.parametrize("wrong", [15, -1, True, "0", None, 1.0],
                         ids=["too-high", "negative", "bool", "str", "none", "float"])
def test_a_wrong_index_is_refused_naming_the_player_and_the_game_stands(wrong):
    game = Game("two-player", dealer=0)
    with pytest.raises(PlayerError, match=r"seat 0's player tests\.test_index_player:Answers "
                                          r"answered .* to choose_index\(\d+\), not an index "
                                          r"from 0 to"):
        play_game("two-player", [Answers(wrong), RandomBot(2)], seed=1, game=game)
    before = tuple(game.log)
    play_game("two-player", [RandomBot(1), RandomBot(2)], seed=1, game=game)
    assert game.over and tuple(game.log)[:len(before)] == before


def test_a_subclass_that_overrides_choose_is_asked_choose():
    class Counting(RandomBot):
        calls = 0

        def choose(self, view, legal):
            Counting.calls += 1
            return super().choose(view, legal)

    assert reads_no_view(RandomBot(1)) is not None
    assert reads_no_view(Counting(1)) is None
    play_game("two-player", [Counting(1), RandomBot(2)], seed=3)
    assert Counting.calls > 0


def test_an_index_player_without_choose_index_says_what_it_lacks():
    with pytest.raises(PlayerError, match="seat 0's player .*IndexPlayer raised "
                                          "NotImplementedError: .*must define choose_index"):
        play_game("two-player", [IndexPlayer(), RandomBot(2)], seed=1)


def test_a_wrong_index_through_choose_is_refused_too():
    game = Game("two-player", dealer=0)
    game.apply(game.chance_action(random.Random(1)))
    with pytest.raises(PeglineError, match=r"Answers\.choose_index\(15\) answered -1, not an "
                                           r"index from 0 to 14"):
        Answers(-1, at=1).choose(game.view(0), game.legal_actions(0))


def test_a_wrong_index_keeps_a_code_and_is_said_in_every_language():
    from pegline_core.app.i18n import use_language
    from pegline_core.app.problems import shown

    with pytest.raises(PlayerError) as caught:
        play_game("two-player", [Answers(99), RandomBot(2)], seed=1)
    assert caught.value.code == "player.wrong-index"
    for tag in ("ja", "zh-Hans"):
        with use_language(tag):
            said = shown(caught.value)
        assert "not an index" not in said and "choose_index" in said and "99" in said
