"""Scoring plugins: the shipped house rules, switching rules off, and fault isolation."""

import pytest
from attrs import frozen

from pegline_core import PluginError, Score, VariantError, load_variant
from pegline_core.cards import Card
from pegline_core.hookspecs import hookimpl
from pegline_core.rules import Rule
from pegline_cribbage.actions import Play
from pegline_cribbage.scorer import Scorer
from pegline_cribbage.testing import make_game, play, scores, stack

# runs in the pure build too (conftest.py): the compiled machines, counting and hook dispatch
pytestmark = pytest.mark.both_builds

DEAL = dict(hands=["3C 4H 9C TH KC KD", "5D TS 2D 7S QC QD"], discards=["KC KD", "QC QD"])


def rules(events):
    return [(e.actor, e.rule, e.points) for e in scores(events)]


# -- around the corner --------------------------------------------------------------------------


def test_corner_runs_wrap_in_pegging():
    game = make_game("around-the-corner")
    stack(game, ["QH AC 4C 6C 7C 8C", "KD 2S 9D 9H JH JS"], discards=["7C 8C", "JH JS"],
          starter="5D")
    assert rules(play(game, "QH KD AC")) == [(0, "corner-peg-run", 3)]
    assert rules(play(game, "2S")) == [(1, "corner-peg-run", 4)]


def test_corner_runs_wrap_in_the_show_and_standard_runs_are_off():
    game = make_game("around-the-corner")
    show = Scorer(game.ruleset).show([Card.parse(c) for c in ("KH", "AC", "2D", "9S")],
                                     Card.parse("2S"))
    assert sorted((a.rule.id, a.score.points) for a in show.awards) == [
        ("corner-show-run", 3), ("corner-show-run", 3), ("show-fifteen", 2), ("show-pair", 2)]


def test_corner_needs_the_standard_runs_switched_off(tmp_path):
    path = tmp_path / "v.toml"
    path.write_text('extends = ["two-player"]\nplugins = ["+corner"]\n')
    with pytest.raises(VariantError) as info:
        load_variant(path)
    assert info.value.problems == [
        f"{path}: disable: (plugin 'corner') add 'peg-run', 'show-run': around-the-corner runs "
        "replace the standard runs, which would score twice"]


# -- stink hole and caps -------------------------------------------------------------------------


def late_game(variant, scores_now):
    """A game of ``variant`` with the pegs placed mid-game."""
    game = make_game(variant)
    game.machine.scores = scores_now
    return game


# seed example B: the only pegging points are the dealer's go at 27 and the pone's last card
EXAMPLE_B = dict(hands=["TC 3H 8C 9H KS QH", "7D 4S 3D 5S KD QD"], discards=["KS QH", "KD QD"])


def pegging_rules(scores_now, variant):
    game = late_game(variant, scores_now)
    stack(game, **EXAMPLE_B, starter="2C")
    return [r for r in rules(play(game, "TC 7D 3H 4S 3D 8C 5S 9H")) if r[1] != "declared-count"]


def test_stink_hole_forbids_pegging_out_with_a_go():
    at_hole = pegging_rules((0, 120), "stink-hole")
    assert at_hole[0] == (0, "stinkhole-last-card", 1), "no go point for the dealer at 120"
    below = pegging_rules((0, 119), "stink-hole")
    assert below[:2] == [(1, "stinkhole-go", 1), (0, "stinkhole-last-card", 1)]


def test_stink_hole_takes_away_his_heels_at_the_hole():
    for dealer_score, expected in ((120, []), (100, [(1, "stinkhole-heels", 2)])):
        game = late_game("stink-hole", (0, dealer_score))
        events = stack(game, **DEAL, starter="JS")
        assert rules(events) == expected


def test_caps_stop_the_go_point_and_heels_late():
    game = late_game("late-caps", (0, 119))
    assert rules(stack(game, **DEAL, starter="JS")) == []
    game = late_game("late-caps", (0, 118))
    assert rules(stack(game, **DEAL, starter="JS")) == [(1, "capped-heels", 2)]
    assert pegging_rules((0, 114), "late-caps")[0] == (1, "capped-go", 1)
    assert pegging_rules((0, 115), "late-caps")[0] == (0, "capped-last-card", 1)


# -- flushes in pegging ------------------------------------------------------------------------


def test_pegging_flush_of_four_scores_four():
    game = make_game("pegging-flush")
    stack(game, ["2H 6H AC 3C KS QS", "4H 8H 5C 9C KD QD"], discards=["KS QS", "KD QD"],
          starter="7D")
    assert rules(play(game, "2H 4H 6H")) == []
    assert rules(play(game, "8H")) == [(1, "peg-flush", 4)]


# -- switching rules off -----------------------------------------------------------------------


def test_any_single_standard_rule_can_be_switched_off():
    game = make_game("two-player", disable=["his-heels"])
    assert rules(stack(game, **DEAL, starter="JS")) == []
    game = make_game("two-player")
    assert rules(stack(game, **DEAL, starter="JS")) == [(1, "his-heels", 2)]


def test_switching_off_an_unknown_rule_is_an_error(tmp_path):
    path = tmp_path / "v.toml"
    path.write_text('disable = ["his-heel"]\n')
    with pytest.raises(VariantError) as info:
        load_variant(path)
    assert info.value.problems == [f"{path}: disable[0]: no plugin of this variant declares "
                                   "rule 'his-heel' (did you mean 'his-heels'?)"]


def test_a_game_loads_only_the_plugins_its_variant_names():
    game = make_game("two-player")
    assert list(game.ruleset.plugins) == ["cribbage", "standard"]
    assert "peg-flush" not in game.ruleset.rules


# -- fault isolation ---------------------------------------------------------------------------


def broken(result):
    class Broken:
        @hookimpl
        def pegline_rules(self):
            return [Rule("bonus", "a test rule", points=1)]

        @hookimpl
        def pegline_score_play(self, play):
            if isinstance(result, Exception):
                raise result
            return result

    return Broken


@pytest.mark.parametrize("result, message", [
    (RuntimeError("boom"), "plugin 'broken' failed in pegline_score_play: RuntimeError: boom"),
    ("oops", "plugin 'broken': pegline_score_play must return a list of Score, got str"),
    (["oops"], "plugin 'broken' in pegline_score_play: returned str, not Score"),
    ([Score("peg-run", 3)], "plugin 'broken' in pegline_score_play: rule 'peg-run' was not "
                            "declared by this plugin"),
    ([Score("bonus", 2)], "plugin 'broken' in pegline_score_play: 'bonus' declared 1 point, "
                          "claimed 2"),
    ([Score("bonus", True)], "points for 'bonus' must be an integer"),
])
def test_a_broken_plugin_is_named_and_the_step_rejected_whole(result, message):
    game = make_game("two-player", plugins={"broken": broken(result)})
    stack(game, **DEAL, starter="AS")
    before = (game.machine.snapshot(), game.log)
    with pytest.raises(PluginError) as info:
        game.apply(Play(0, Card.parse("3C")))
    assert message in str(info.value)
    assert (info.value.plugin, info.value.hook) == ("broken", "pegline_score_play")
    assert (game.machine.snapshot(), game.log) == before


def test_negative_points_need_a_declaration():
    class Penalty:
        @hookimpl
        def pegline_rules(self):
            return [Rule("penalty", "varies", negative=False)]

        @hookimpl
        def pegline_score_starter(self, starter):
            return [Score("penalty", -1)]

    game = make_game("two-player", plugins={"penalty": Penalty})
    stack_events = None
    with pytest.raises(PluginError, match="'penalty' may not score negative points"):
        stack_events = stack(game, **DEAL, starter="AS")
    assert stack_events is None and game.phase == "starter"


def test_plugin_configuration_is_validated_like_the_rest():
    @frozen
    class BonusConfig:
        bonus: int = 1

    class Configured:
        Config = BonusConfig

        def __init__(self, config):
            self.config = config

        @hookimpl
        def pegline_rules(self):
            return []

    with pytest.raises(VariantError, match=r"config\.configured\.bonus: expected an integer, "
                                           "got the string '2'"):
        make_game("two-player", plugins={"configured": Configured},
                  config={"configured": {"bonus": "2"}})


def test_a_misspelled_hook_is_refused():
    class Misspelled:
        @hookimpl
        def pegline_score_plays(self, play):
            return []

    with pytest.raises(Exception, match="pegline_score_plays"):
        make_game("two-player", plugins={"misspelled": Misspelled})
