"""A player's answer from ``legal`` goes straight to the kernel's step (its fields were checked
when the action was made), and is still refused, naming the player, when the rules refuse it."""

from __future__ import annotations

import random

import pytest

from pegline_core import Game, PlayerError, RandomBot, play_game
from pegline_core.turns import CHANCE


class Stale:
    """Plays its first legal action, then, at its ``at``-th decision, an action that was legal at
    its first decision (an interned one, of the right kind, that the rules now refuse)."""

    def __init__(self, at: int) -> None:
        self.at, self.asked, self.first = at, 0, None

    def choose(self, view, legal):
        self.asked += 1
        if self.asked == 1:
            self.first = legal[0]
        return self.first if self.asked == self.at else legal[0]


@pytest.mark.parametrize("variant", ["two-player", "clabber"])
def test_an_action_legal_earlier_is_refused_naming_the_player_and_the_game_stands(variant):
    game = Game(variant, dealer=0)
    with pytest.raises(PlayerError, match=r"seat 0's player tests\.test_player_choices:Stale"):
        play_game(variant, [Stale(at=3), RandomBot(2), RandomBot(3), RandomBot(4)][:game.players],
                  seed=1, game=game)
    before = tuple(game.log)
    assert not game.over
    play_game(variant, [RandomBot(s) for s in range(game.players)], seed=1, game=game)
    assert game.over and tuple(game.log)[:len(before)] == before


class FromLegal:
    """A plain player: a uniform pick from ``legal``."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view, legal):
        return self.rng.choice(legal)


@pytest.mark.parametrize("variant", ["two-player", "partner", "clabber"])
def test_a_players_game_is_the_game_apply_plays(variant):
    seats = Game(variant).players
    played = play_game(variant, [FromLegal(s) for s in range(seats)], seed=4)
    by_hand, rng, players = Game(variant), random.Random(4), [FromLegal(s) for s in range(seats)]
    while to_act := by_hand.to_act:
        if to_act is CHANCE:
            by_hand.apply(by_hand.chance_action(rng))
        else:
            seat = to_act[0]
            by_hand.apply(players[seat].choose(by_hand.view(seat), by_hand.legal_actions(seat)))
    assert by_hand.log == played.log and played.over
