"""Scoring hooks are called for a game's real steps, once a step; a look ahead (a bot, the
coach, a quiet copy) marks its calls ``hypothetical`` (docs/hooks.md, "When a hook is called")."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pegline_core import Game, Ruleset, Scored, hookimpl, load_variant, play_game
from pegline_core.app.bot_specs import bots_for
from pegline_core.errors import PeglineError
from pegline_core.turns import Chance
from pegline_cribbage.actions import Declare, Play
from pegline_cribbage.coach import CoachBot
from pegline_cribbage.events import CountReset, CountSettled, HandShown

# runs in the pure build too (conftest.py): the compiled machines, counting and hook dispatch
pytestmark = pytest.mark.both_builds


class Counting:
    """Counts each scoring hook's calls, real and hypothetical."""

    def __init__(self) -> None:
        self.calls: Counter[tuple[str, bool]] = Counter()

    @hookimpl
    def pegline_score_play(self, play):
        self.calls["play", play.hypothetical] += 1

    @hookimpl
    def pegline_score_series_end(self, series):
        self.calls["series_end", series.hypothetical] += 1

    @hookimpl
    def pegline_score_show(self, show):
        self.calls["show", show.hypothetical] += 1

    @hookimpl
    def pegline_score_starter(self, starter):
        self.calls["starter", starter.hypothetical] += 1

    @hookimpl
    def pegline_score_game_start(self, start):
        self.calls["game_start", start.hypothetical] += 1


def _counted_game(variant_name: str, bot: str, seed: int) -> tuple[Game, Counting]:
    ruleset = Ruleset(load_variant(variant_name))
    counting = Counting()
    ruleset.pm.register(counting, name="counting")
    game = Game(ruleset=ruleset)
    make = bots_for(game)[bot] if bot != "coach" else lambda seed: CoachBot(seed, budget=30)
    players = [make(seed + seat) for seat in range(game.players)]  # a small budget looks ahead too
    play_game(ruleset.variant, players, seed=seed, game=game)
    return game, counting


@pytest.mark.parametrize("bot", ["random", "greedy", "sloppy", "coach"])
@pytest.mark.parametrize("variant_name", ["two-player-61", "muggins"])
def test_real_calls_are_one_a_step_for_every_built_in_bot(variant_name, bot):
    game, counting = _counted_game(variant_name, bot, seed=3)
    log = game.log
    real = {hook: n for (hook, hypothetical), n in counting.calls.items() if not hypothetical}
    assert real["play"] == sum(isinstance(getattr(e, "action", None), Play) for e in log)
    # a series ends in a reset, or in the game's end when its go (or last card) wins the game
    won_at_a_go = next(e for e in reversed(log) if isinstance(e, Scored)).rule in (
        "go", "last-card")
    assert real["series_end"] == sum(isinstance(e, CountReset) for e in log) + won_at_a_go
    counted_by_hand = sum(isinstance(getattr(e, "action", None), Declare) for e in log) + \
        sum(isinstance(e, CountSettled) for e in log)
    # hands count themselves: once a show; by hand: at the declaration and at the settlement
    assert real["show"] == (counted_by_hand or sum(isinstance(e, HandShown) for e in log)) > 0
    hands = game.hand
    assert hands - 1 <= real["starter"] <= hands and real["game_start"] == 1
    looked = sum(n for (_hook, hypothetical), n in counting.calls.items() if hypothetical)
    if bot == "random":  # it looks at nothing ahead
        assert looked == 0
    elif bot != "coach" or variant_name == "muggins":  # greedy weighs plays; counting by hand
        assert looked > 0


def test_the_coach_looks_ahead_hypothetically_only():
    _game, counting = _counted_game("two-player-61", "coach", seed=8)
    assert counting.calls["play", True] > counting.calls["play", False] > 0


def test_a_quiet_copy_marks_its_steps_and_the_game_counts_the_same():
    ruleset = Ruleset(load_variant("two-player"))
    counting = Counting()
    ruleset.pm.register(counting, name="counting")
    game = play_game(ruleset.variant, [bots_for("two-player")["random"](s) for s in (1, 2)],
                     seed=4, game=Game(ruleset=ruleset))
    real = +Counter({k: n for k, n in counting.calls.items() if not k[1]})
    counting.calls.clear()
    loud = Game(ruleset=ruleset)
    quiet = loud.copy(quiet=True)
    for action in game.inputs():
        quiet.apply(action)
    assert quiet.log == game.log  # the same scores: only the marker differs
    assert not any(not hypothetical for _hook, hypothetical in counting.calls)
    assert Counter({(k, True): n for (k, _), n in real.items()}) == counting.calls


def test_is_legal_tries_its_action_on_a_quiet_copy():
    ruleset = Ruleset(load_variant("two-player"))
    counting = Counting()
    ruleset.pm.register(counting, name="counting")
    game = Game(ruleset=ruleset)
    rng = random.Random(2)
    while game.phase != "pegging":
        to_act = game.to_act
        game.apply(game.chance_action(rng) if isinstance(to_act, Chance)
                   else game.legal_actions(to_act[0])[0])
    counting.calls.clear()
    assert all(game.is_legal(a) for a in game.legal_actions())
    assert counting.calls and all(hypothetical for _hook, hypothetical in counting.calls)


def test_a_game_that_cannot_mark_its_steps_refuses_a_quiet_copy():
    game = Game("clabber")
    with pytest.raises(PeglineError, match="cannot mark a copy's steps hypothetical"):
        game.copy(quiet=True)
    assert game.copy().log == game.log


class ClabberCounting:
    def __init__(self) -> None:
        self.calls: Counter[str] = Counter()

    @hookimpl
    def pegline_clabber_melds(self, held):
        self.calls["melds"] += 1

    @hookimpl
    def pegline_clabber_count_hand(self, hand):
        self.calls["count_hand"] += 1

    @hookimpl
    def pegline_clabber_settle_hand(self, totals):
        self.calls["settle_hand"] += 1


@pytest.mark.parametrize("bot", list(bots_for("clabber")))
def test_clabber_bots_call_no_hook_but_the_game_steps(bot):
    from pegline_clabber.events import HandCounted, HandSettled, TrumpMade

    ruleset = Ruleset(load_variant("clabber"))
    counting = ClabberCounting()
    ruleset.pm.register(counting, name="counting")
    game = Game(ruleset=ruleset)
    play_game(ruleset.variant, [bots_for(game)[bot](seat) for seat in range(game.players)],
              seed=2, game=game)
    kinds = Counter(type(event) for event in game.log)
    assert counting.calls["melds"] == game.players * kinds[TrumpMade] > 0  # each seat, a hand
    assert counting.calls["count_hand"] == kinds[HandCounted]  # each side, a hand
    assert counting.calls["settle_hand"] == kinds[HandSettled]
