"""Clabber's hooks: each is called by a game, a plugin on them is checked like any other, and a
plugin that fails rejects the step whole, naming itself and the hook."""

from collections import Counter

import attrs
import pytest

from pegline_clabber.actions import Deal, Play
from pegline_clabber.bots import GreedyBot
from pegline_core import (
    Game,
    PluginError,
    Rule,
    Score,
    Scored,
    hookimpl,
    load_variant,
    parse_cards,
    play_game,
)
from tests.test_clabber_game import named

# runs in the pure build too (conftest.py): the compiled machines, counting and hook dispatch
pytestmark = pytest.mark.both_builds

C = parse_cards

CALLED: Counter = Counter()


class Recorder:
    """Implements every Clabber hook and claims nothing."""

    @hookimpl
    def pegline_clabber_melds(self, held):
        CALLED["pegline_clabber_melds"] += 1
        assert len(held.cards) == 6 and held.trump in "CDHS"

    @hookimpl
    def pegline_clabber_count_hand(self, hand):
        CALLED["pegline_clabber_count_hand"] += 1
        assert len(hand.tricks) == 6 and hand.side in (0, 1)

    @hookimpl
    def pegline_clabber_settle_hand(self, totals):
        CALLED["pegline_clabber_settle_hand"] += 1
        assert len(totals.totals) == 2


class NoTrumps:
    """A house rule: a side that took every trick ("march") scores 100 more."""

    @hookimpl
    def pegline_rules(self):
        return [Rule("march", "every trick of the hand", "house", 100)]

    @hookimpl
    def pegline_clabber_count_hand(self, hand):
        seats = hand.sides[hand.side]
        if all(trick.winner in seats for trick in hand.tricks):
            return [Score("march", 100, hand.tricks[-1].cards)]
        return []


class Broken:
    @hookimpl
    def pegline_clabber_count_hand(self, hand):
        raise RuntimeError("no count today")


class Cheat:
    @hookimpl
    def pegline_rules(self):
        return [Rule("gift", "a card from nowhere", "house", 5)]

    @hookimpl
    def pegline_clabber_settle_hand(self, totals):
        return [Score("gift", 5, parse_cards("2H"))]


def with_plugin(name, cls):
    variant = load_variant("clabber")
    variant = attrs.evolve(variant, plugins=(*variant.plugins, name))
    return variant, {name: cls}


def test_every_clabber_hook_is_called_by_a_game():
    CALLED.clear()
    variant, extra = with_plugin("recorder", Recorder)
    game = play_game(variant, [GreedyBot(s) for s in range(4)], seed=2,
                     game=Game(variant, extra_plugins=extra))
    assert game.over
    hands = game.hand
    assert set(CALLED) == {"pegline_clabber_melds", "pegline_clabber_count_hand",
                           "pegline_clabber_settle_hand"}
    assert CALLED["pegline_clabber_count_hand"] == 2 * CALLED["pegline_clabber_settle_hand"]
    assert CALLED["pegline_clabber_settle_hand"] <= hands


def test_a_house_rule_scores_through_the_count():
    variant, extra = with_plugin("march", NoTrumps)
    game = Game(variant, extra_plugins=extra)
    assert "march" in game.ruleset.rules
    for seed in range(60):
        game = play_game(variant, [GreedyBot(s) for s in range(4)], seed=seed,
                         game=Game(variant, extra_plugins=extra))
        marches = [e for e in game.log if isinstance(e, Scored) and e.rule == "march"]
        if marches:
            assert marches[0].plugin == "march" and marches[0].points == 100
            return
    pytest.fail("no march in 60 games")


@pytest.mark.parametrize("name, cls, message", [
    ("broken", Broken, "plugin 'broken' failed in pegline_clabber_count_hand: RuntimeError: "
                       "no count today"),
    ("cheat", Cheat, "plugin 'cheat' in pegline_clabber_settle_hand: 'gift' names 2H, which is "
                     "not among the cards of this step"),
])
def test_a_failing_plugin_rejects_the_last_play_whole(name, cls, message):
    variant, extra = with_plugin(name, cls)
    game = Game(variant, dealer=0, extra_plugins=extra)
    game.apply(Deal(12, [C("AH KH JC TC 9C QH"), C("JH 9H AS KS QS JS"),
                         C("AD KD QD AC KC TH"), C("QC 9S TS JD 9D TD")]))
    named(game)
    bots = [GreedyBot(seat) for seat in range(4)]
    while not (len(game.machine.tricks) == 5 and len(game.machine.trick) == 3):
        seat = game.to_act[0]
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    before = (game.machine.snapshot(), game.log)
    (last,) = game.legal_actions()
    assert isinstance(last, Play)
    with pytest.raises(PluginError) as caught:
        game.apply(last)
    assert str(caught.value) == message
    assert (game.machine.snapshot(), game.log) == before
