"""The hook contract (docs/hooks.md), proved through real games: how hooks are dispatched (pluggy's
order and argument subsets, wrappers, monitoring, late registration), how every plugin fault
becomes one `PluginError`, and muggins as an ordinary listed plugin."""

import random
from importlib.metadata import EntryPoint
from math import comb

import attrs
import pytest
from click.testing import CliRunner

from pegline_core import (
    Game,
    IllegalActionError,
    PluginError,
    RandomBot,
    Rule,
    Ruleset,
    Score,
    VariantError,
    available_variants,
    hookimpl,
    load_variant,
    play_game,
)
from pegline_core import hookspecs as kernel_hookspecs
from pegline_core.app.cli import main
from pegline_core.cards import Card
from pegline_core.turns import CHANCE
from pegline_cribbage import hookspecs as cribbage_hookspecs
from pegline_cribbage.actions import Declare, Play, Respond
from pegline_cribbage.analysis import show_distribution
from pegline_cribbage.bots import GreedyBot
from pegline_cribbage.events import CountSettled
from pegline_cribbage.scorer import Scorer
from pegline_cribbage.testing import make_game, play, scores, stack

# runs in the pure build too (conftest.py): the compiled machines, counting and hook dispatch
pytestmark = pytest.mark.both_builds

DEAL = dict(hands=["3C 4H 9C TH KC KD", "5D TS 2D 7S QC QD"], discards=["KC KD", "QC QD"])
"""Dealer 1. Pegging "3C 5D 4H" makes a run of three for seat 0; "TH 5D" makes fifteen for
seat 1. A jack starter is his heels for seat 1."""


def logged(events):
    return [(e.actor, e.rule, e.points, e.plugin) for e in scores(events)]


def state(game):
    return game.machine.snapshot(), game.log


def with_plugins(plugins, variant="two-player", **config):
    """A `Variant` that also uses ``plugins`` (built without loading, so that a fault surfaces
    as the `PluginError` of building a `Game`, not as a variant file's `VariantError`)."""
    base = load_variant(variant) if isinstance(variant, str) else variant
    return attrs.evolve(base, plugins=base.plugins + tuple(plugins),
                        config={**base.config, **config})


def declares(*rules):
    """A plugin class declaring ``rules`` (id, fixed points or None) and nothing else."""

    class Declares:
        @hookimpl
        def pegline_rules(self):
            return [Rule(rule_id, "a test rule", "test", points) for rule_id, points in rules]

    return Declares


# -- dispatch: wrappers ---------------------------------------------------------------------------


class RunBooster(declares(("booster-bonus", 1))):
    """A new-style wrapper that changes one plugin's claims and adds one of its own."""

    @hookimpl(wrapper=True)
    def pegline_score_play(self, play):
        results = yield
        changed = [[c._replace(points=c.points * 10) if c.rule == "peg-run" else c
                    for c in claims] for claims in results]
        return [*changed, [Score("booster-bonus", 1, (play.card,))]]


class FifteenFilter:
    """A new-style wrapper that filters claims out."""

    @hookimpl(wrapper=True)
    def pegline_score_play(self, play):
        results = yield
        return [[c for c in claims if c.rule != "peg-fifteen"] for claims in results]


def test_a_wrapper_changes_claims_which_stay_the_declaring_plugins():
    game = make_game("two-player", plugins={"booster": RunBooster})
    stack(game, **DEAL, starter="AS")
    assert logged(play(game, "3C 5D")) == [(0, "booster-bonus", 1, "booster"),
                                           (1, "booster-bonus", 1, "booster")]
    # the changed run is still standard's claim, checked against standard's declaration
    assert logged(play(game, "4H")) == [(0, "peg-run", 30, "standard"),
                                        (0, "booster-bonus", 1, "booster")]


def test_a_wrapper_filters_claims():
    game = make_game("two-player", plugins={"filter": FifteenFilter})
    stack(game, **DEAL, starter="AS")
    assert logged(play(game, "TH 5D")) == []
    plain = make_game("two-player")
    stack(plain, **DEAL, starter="AS")
    assert logged(play(plain, "TH 5D")) == [(1, "peg-fifteen", 2, "standard")]


def test_a_wrappers_claims_are_checked_like_any_other():
    class Cheat:
        @hookimpl(wrapper=True)
        def pegline_score_play(self, play):
            results = yield
            return [[c._replace(points=c.points * 10) for c in claims] for claims in results]

    game = make_game("two-player", plugins={"cheat": Cheat})
    stack(game, **DEAL, starter="AS")
    play(game, "TH")
    before = state(game)
    with pytest.raises(PluginError, match="'peg-fifteen' declared 2 points, claimed 20") as info:
        game.apply(Play(1, Card.parse("5D")))
    assert info.value.hook == "pegline_score_play"
    assert state(game) == before


def test_an_old_style_hookwrapper_is_honoured():
    class Old(declares(("old-bonus", 1))):
        @hookimpl(hookwrapper=True)
        def pegline_score_starter(self, starter):
            outcome = yield
            outcome.force_result([*outcome.get_result(), [Score("old-bonus", 1,
                                                                (starter.starter,))]])

    game = make_game("two-player", plugins={"old": Old})
    assert logged(stack(game, **DEAL, starter="JS")) == [(1, "his-heels", 2, "standard"),
                                                         (1, "old-bonus", 1, "old")]


def test_a_wrapper_that_breaks_the_result_is_named():
    class Flattener:
        @hookimpl(wrapper=True)
        def pegline_score_play(self, play):
            results = yield
            return [claim for claims in results for claim in claims]  # a flat list: wrong

    game = make_game("two-player", plugins={"flattener": Flattener})
    stack(game, **DEAL, starter="AS")
    play(game, "TH")
    before = state(game)
    with pytest.raises(PluginError, match=r"through a wrapper; one of 'standard', 'flattener'\): "
                                          "pegline_score_play must return a list of Score, "
                                          "got Score"):
        game.apply(Play(1, Card.parse("5D")))
    assert state(game) == before


# -- dispatch: order, arguments, None -------------------------------------------------------------


def recorder(name, calls, rule, **options):
    class Recorder:
        @hookimpl
        def pegline_rules(self):
            return [Rule(rule, "a test rule", "test", 1)]

        @hookimpl(**options)
        def pegline_score_play(self, play):
            calls.append(name)
            return [Score(rule, 1, (play.card,))]

    return Recorder


def test_calls_follow_pluggys_order_and_the_log_follows_declared_rule_order():
    calls = []
    plugins = {"last": recorder("last", calls, "last-bonus", trylast=True),
               "plain": recorder("plain", calls, "plain-bonus"),
               "first": recorder("first", calls, "first-bonus", tryfirst=True),
               "newest": recorder("newest", calls, "newest-bonus")}
    game = make_game("two-player", plugins=plugins)
    stack(game, **DEAL, starter="AS")
    events = play(game, "3C")
    assert calls == ["first", "newest", "plain", "last"]
    pluggy_order = [impl.plugin_name for impl in
                    reversed(game.ruleset.pm.hook.pegline_score_play.get_hookimpls())]
    assert pluggy_order == ["first", "newest", "plain", "standard", "last"]
    # the log: the variant's plugin order (registration order), not the call order
    assert [e.rule for e in scores(events)] == ["last-bonus", "plain-bonus", "first-bonus",
                                                "newest-bonus"]


def test_an_implementation_takes_any_subset_of_the_arguments():
    class NoArguments(declares(("ping", 1))):
        @hookimpl
        def pegline_score_play(self):
            return [Score("ping", 1)]

        @hookimpl
        def pegline_show_maximum(self, crib):  # one of two arguments, by name
            return 0 if crib in (True, False) else None

        @hookimpl
        def pegline_counting_protocol(self, show_maximum):
            assert show_maximum == 29
            return None

    game = make_game(load_variant("two-player", overlays=["muggins"]),
                     plugins={"noargs": NoArguments})
    stack(game, **DEAL, starter="AS")
    assert logged(play(game, "3C 5D")) == [(0, "ping", 1, "noargs"), (1, "ping", 1, "noargs")]
    assert game.view(0).max_declaration == 29


def test_none_means_nothing_to_say():
    class Silent(declares(("never", 1))):
        @hookimpl
        def pegline_score_play(self, play):
            return None

        @hookimpl
        def pegline_score_starter(self, starter):
            return []

    game = make_game("two-player", plugins={"silent": Silent})
    plain = make_game("two-player")
    for each in (game, plain):
        stack(each, **DEAL, starter="JS")
        play(each, "3C 5D 4H TS")
    assert game.log == plain.log


# -- dispatch: monitoring, late registration, unregistering ---------------------------------------


def test_monitoring_sees_every_call_and_changes_nothing():
    game, twin = make_game("two-player"), make_game("two-player")
    seen = []
    stop = game.ruleset.pm.add_hookcall_monitoring(
        lambda name, impls, kwargs: seen.append((name, sorted(kwargs))),
        lambda outcome, name, impls, kwargs: None)
    for each in (game, twin):
        stack(each, **DEAL, starter="JS")
        play(each, "3C 5D 4H")
    assert seen == [("pegline_score_starter", ["starter"])] + [("pegline_score_play", ["play"])] * 3
    assert game.log == twin.log
    stop()
    stop()  # twice is harmless
    play(game, "TS")
    assert len(seen) == 4, "no monitor, no more calls seen"


def test_monitoring_sees_the_declarations_of_a_plugin_registered_later():
    game = make_game("two-player")
    seen = []
    game.ruleset.pm.add_hookcall_monitoring(
        lambda name, impls, kwargs: seen.append((name, [i.plugin_name for i in impls])),
        lambda outcome, name, impls, kwargs: None)

    class Checked(LateBonus):
        @hookimpl
        def pegline_check_variant(self, variant):
            return []

    game.ruleset.pm.register(Checked(), name="late")
    assert seen == [("pegline_rules", ["late"]), ("pegline_check_variant", ["late"])]


def test_tracing_sees_every_call():
    game = make_game("two-player")
    lines = []
    game.ruleset.pm.trace.root.setwriter(lines.append)
    undo = game.ruleset.pm.enable_tracing()
    stack(game, **DEAL, starter="AS")
    play(game, "3C")
    undo()
    called = [line.split()[0] for line in lines if not line.lstrip().startswith("finish")]
    assert called == ["pegline_score_starter", "pegline_score_play"]


class LateBonus(declares(("late-bonus", 1))):
    @hookimpl
    def pegline_score_play(self, play):
        return [Score("late-bonus", 1, (play.card,))]


def test_a_plugin_registered_later_is_called_from_the_next_step():
    game = make_game("two-player")
    stack(game, **DEAL, starter="AS")
    assert logged(play(game, "3C")) == []
    game.ruleset.pm.register(LateBonus(), name="late")
    assert game.ruleset.rules["late-bonus"][0] == "late"
    assert logged(play(game, "5D 4H")) == [(1, "late-bonus", 1, "late"),
                                           (0, "peg-run", 3, "standard"),
                                           (0, "late-bonus", 1, "late")]
    assert list(game.ruleset.plugins) == ["cribbage", "standard"], "the variant's plugins"


def bonus_plugin(rule):
    """A plugin class claiming one point under ``rule`` for every play."""

    class Bonus(declares((rule, 1))):
        @hookimpl
        def pegline_score_play(self, play):
            return [Score(rule, 1)]

    return Bonus


def test_late_plugins_are_ordered_by_name_whatever_their_registration_order():
    logs = []
    for names in (("late-a", "late-b"), ("late-b", "late-a")):
        game = make_game("two-player")
        stack(game, **DEAL, starter="AS")
        for name in names:
            game.ruleset.pm.register(bonus_plugin(f"{name}-bonus")(), name=name)
        logs.append([e.rule for e in scores(play(game, "3C"))])
    assert logs[0] == logs[1] == ["late-a-bonus", "late-b-bonus"]


def test_unregistering_stops_the_calls_and_withdraws_the_rules():
    game = make_game("two-player", plugins={"late": LateBonus})
    stack(game, **DEAL, starter="AS")
    assert logged(play(game, "3C")) == [(0, "late-bonus", 1, "late")]
    game.ruleset.pm.unregister(name="late")
    assert "late-bonus" not in game.ruleset.rules
    assert logged(play(game, "5D 4H")) == [(0, "peg-run", 3, "standard")]
    game.ruleset.pm.unregister(name="standard")
    assert logged(play(game, "TS 9C")) == [], "not even the standard rules any more"


@pytest.mark.parametrize("plugin, message, hook", [
    (declares(("peg-run", None)), "plugin 'late' declares rule 'peg-run', already declared by "
                                  "'standard'", "pegline_rules"),
    (type("Misspelt", (), {"pegline_score_plays": hookimpl(lambda self, play: [])}),
     "plugin 'late': 'pegline_score_plays' is not a hook (did you mean 'pegline_score_play'?)",
     "pegline_score_plays"),
    (type("BadArgument", (), {"pegline_score_play": hookimpl(lambda self, plays: [])}),
     "plugin 'late': pegline_score_play takes 'plays', which the hook does not pass (it passes: "
     "play)", "pegline_score_play"),
    (type("Picky", (), {"pegline_check_variant": hookimpl(
        lambda self, variant: ["table.players: not for two"])}),
     "(plugin 'late') not for two", "pegline_check_variant"),
])
def test_a_late_plugin_is_checked_as_at_build_time(plugin, message, hook):
    game = make_game("two-player")
    stack(game, **DEAL, starter="AS")
    with pytest.raises(PluginError) as info:
        game.ruleset.pm.register(plugin(), name="late")
    assert message in str(info.value)
    assert (info.value.plugin, info.value.hook) == ("late", hook)
    assert game.ruleset.pm.get_plugin("late") is None
    assert logged(play(game, "3C 5D 4H")) == [(0, "peg-run", 3, "standard")]


def test_a_taken_name_or_a_plugin_registered_twice_is_refused_in_words():
    game = make_game("two-player")
    pm = game.ruleset.pm
    with pytest.raises(PluginError, match="^plugin 'standard' cannot be registered: that name "
                                          "is taken$"):
        pm.register(LateBonus(), name="standard")
    with pytest.raises(PluginError, match="^plugin 'again' cannot be registered: it is "
                                          "registered under another name$"):
        pm.register(game.ruleset.plugins["standard"], name="again")
    assert [name for name, _ in pm.list_name_plugin()] == ["cribbage", "standard"]


# -- faults at call time: one PluginError, the game unchanged -------------------------------------


def claiming(result, *, negative=False):
    class Claims:
        @hookimpl
        def pegline_rules(self):
            return [Rule("bonus", "a test rule", points=1),
                    Rule("varies", "a test rule", negative=negative)]

        @hookimpl
        def pegline_score_play(self, play):
            if isinstance(result, Exception):
                raise result
            return result

    return Claims


class Odd:
    def __repr__(self):
        raise RuntimeError("no repr either")


@pytest.mark.parametrize("result, message", [
    (RuntimeError("boom"), "plugin 'broken' failed in pegline_score_play: RuntimeError: boom"),
    ({"bonus": 1}, "plugin 'broken': pegline_score_play must return a list of Score, got dict"),
    (("bonus", 1), "must return a list of Score, got tuple"),
    ([("bonus", 1)], "plugin 'broken' in pegline_score_play: returned tuple, not Score"),
    ([Score(["bonus"], 1)], "a rule id is a string, not ['bonus']"),
    ([Score("peg-run", 3)], "rule 'peg-run' was not declared by this plugin"),
    ([Score("bonus", 2)], "'bonus' declared 1 point, claimed 2"),
    ([Score("bonus", 1.0)], "points for 'bonus' must be an integer, not 1.0"),
    ([Score("varies", -1)], "'varies' may not score negative points"),
    ([Score("bonus", 1, [42])], "'bonus' names 42, which is not a Card"),
    ([Score("bonus", 1, ["3C"])], "'bonus' names '3C', which is not a Card"),
    ([Score("bonus", 1, [Odd()])], "'bonus' names <Odd>, which is not a Card"),
    ([Score("bonus", 1, 42)], "cards for 'bonus' must be a tuple of Card, not 42"),
    ([Score("bonus", 1, (Card.parse("KS"),))], "'bonus' names KS, which is not among the cards "
                                               "of this step"),
])
def test_every_call_fault_is_one_plugin_error_and_the_step_is_rejected(result, message):
    game = make_game("two-player", plugins={"broken": claiming(result)})
    stack(game, **DEAL, starter="AS")
    before = state(game)
    with pytest.raises(PluginError) as info:
        game.apply(Play(0, Card.parse("3C")))
    assert message in str(info.value)
    assert (info.value.plugin, info.value.hook) == ("broken", "pegline_score_play")
    assert state(game) == before


def answering(hook, result):
    """A plugin class whose ``hook`` answers ``result``, and that scores no show."""
    functions = {"pegline_show_maximum": lambda self, hand_size, crib: result,
                 "pegline_counting_protocol": lambda self, variant, show_maximum: result,
                 "pegline_show_counter": lambda self: result,
                 "pegline_show_distribution": lambda self, hand_size, crib: result}
    return type("Odd", (), {hook: hookimpl(functions[hook]),
                            "pegline_score_show": hookimpl(lambda self, show: None)})


@pytest.mark.parametrize("hook, result, what", [
    ("pegline_show_maximum", "lots", "a whole number"),
    ("pegline_show_maximum", -1, "a whole number"),
    ("pegline_counting_protocol", 42, "a counting protocol"),
    ("pegline_show_counter", 42, "a function (cards, starter, crib) -> points"),
    ("pegline_show_distribution", [1], "a dict of show total -> number of pairs"),
])
def test_every_other_hook_result_is_checked_too(hook, result, what):
    alone = attrs.evolve(load_variant("two-player", overlays=["muggins"]), plugins=("muggins",))
    with pytest.raises(PluginError) as info:
        game = make_game(alone, plugins={"odd": answering(hook, result)})
        game.view(0)  # a view builds the game's Scorer, which asks for the show counters
        show_distribution(game.ruleset, crib=False)
    assert f"plugin 'odd': {hook} must return {what} or None, got {result!r}" in str(info.value)
    assert (info.value.plugin, info.value.hook) == ("odd", hook)


def test_a_negative_claim_passes_for_a_rule_declared_negative():
    game = make_game("two-player", plugins={"broken": claiming([Score("varies", -1)],
                                                               negative=True)})
    stack(game, **DEAL, starter="AS")
    assert logged(play(game, "3C")) == [(0, "varies", -1, "broken")]


def test_a_fault_behind_a_wrapper_still_names_the_plugin_that_raised():
    game = make_game("two-player", plugins={"broken": claiming(RuntimeError("boom")),
                                            "filter": FifteenFilter})
    stack(game, **DEAL, starter="AS")
    before = state(game)
    with pytest.raises(PluginError, match="plugin 'broken' failed in pegline_score_play: "
                                          "RuntimeError: boom") as info:
        game.apply(Play(0, Card.parse("3C")))
    assert (info.value.plugin, info.value.hook) == ("broken", "pegline_score_play")
    assert state(game) == before


def test_a_failed_step_can_be_retried_once_the_plugin_is_gone():
    game = make_game("two-player", plugins={"broken": claiming(RuntimeError("boom"))})
    stack(game, **DEAL, starter="AS")
    with pytest.raises(PluginError):
        game.apply(Play(0, Card.parse("3C")))
    game.ruleset.pm.unregister(name="broken")
    assert [type(e).__name__ for e in game.apply(Play(0, Card.parse("3C")))] == ["Input"]


# -- faults when a ruleset is built ---------------------------------------------------------------


class Fails:
    def __init__(self):
        raise RuntimeError("no luck")


class BadConfig:
    @attrs.frozen
    class Config:
        bonus: int = 1

    def __init__(self, config):
        self.config = config


def hooked(name, function):
    return type(name.title(), (), {name: hookimpl(function)})


def wrapping(name, function):
    return type(name.title(), (), {name: hookimpl(wrapper=True)(function)})


BUILD_FAULTS = [
    pytest.param({"fails": Fails}, {}, "plugin 'fails' cannot be built: RuntimeError: no luck",
                 "fails", None, id="build"),
    pytest.param({"badconfig": BadConfig}, {"badconfig": {"bonus": "2"}},
                 "config.badconfig.bonus: expected an integer, got the string '2'",
                 "badconfig", None, id="configuration"),
    pytest.param({"plain": declares()}, {"plain": {"x": 1}},
                 "config.plain: plugin 'plain' takes no configuration", "plain", None,
                 id="configuration-of-a-plugin-without-one"),
    pytest.param({"misspelt": hooked("pegline_score_plays", lambda self, play: [])}, {},
                 "plugin 'misspelt': 'pegline_score_plays' is not a hook (did you mean "
                 "'pegline_score_play'?)", "misspelt", "pegline_score_plays", id="misspelt-hook"),
    pytest.param({"badarg": hooked("pegline_score_show", lambda self, show, hand: [])}, {},
                 "plugin 'badarg': pegline_score_show takes 'hand', which the hook does not pass "
                 "(it passes: show)", "badarg", "pegline_score_show", id="argument-not-in-spec"),
    pytest.param({"nogen": wrapping("pegline_score_play", lambda self, play: [])}, {},
                 "plugin 'nogen' cannot implement pegline_score_play", "nogen",
                 "pegline_score_play", id="wrapper-not-a-generator"),
    pytest.param({"addhooks": hooked("pegline_addhooks", lambda self, pluginmanager: 1 / 0)}, {},
                 "plugin 'addhooks' failed in pegline_addhooks: ZeroDivisionError", "addhooks",
                 "pegline_addhooks", id="addhooks-raises"),
    pytest.param({"rules": hooked("pegline_rules", lambda self: {"bonus": 1})}, {},
                 "plugin 'rules': pegline_rules must return a list of Rule, got {'bonus': 1}",
                 "rules", "pegline_rules", id="rules-not-a-list"),
    pytest.param({"rules": hooked("pegline_rules", lambda self: [Rule(7, "x")])}, {},
                 "plugin 'rules': a rule id must be a non-empty string, not 7", "rules",
                 "pegline_rules", id="rule-id-not-a-string"),
    pytest.param({"rules": hooked("pegline_rules", lambda self: [Rule("x", "y", points=-1)])},
                 {}, "plugin 'rules': rule 'x': -1 points need negative=True", "rules",
                 "pegline_rules", id="negative-rule-not-declared-negative"),
    pytest.param({"twice": declares(("bonus", 1), ("bonus", 2))}, {},
                 "plugin 'twice' declares rule 'bonus' twice", "twice", "pegline_rules",
                 id="rule-declared-twice"),
    pytest.param({"clash": declares(("his-heels", 2))}, {},
                 "plugin 'clash' declares rule 'his-heels', already declared by 'standard'",
                 "clash", "pegline_rules", id="rule-clash"),
    pytest.param({"check": hooked("pegline_check_variant", lambda self, variant: 1 / 0)}, {},
                 "plugin 'check' failed in pegline_check_variant: ZeroDivisionError", "check",
                 "pegline_check_variant", id="check-raises"),
    pytest.param({"check": hooked("pegline_check_variant", lambda self, variant: "fine")}, {},
                 "plugin 'check': pegline_check_variant must return a list of str, got 'fine'",
                 "check", "pegline_check_variant", id="check-not-a-list"),
    pytest.param({"check": hooked("pegline_check_variant",
                                  lambda self, variant: ["table.players: too few"])}, {},
                 "table.players: (plugin 'check') too few", "check", "pegline_check_variant",
                 id="check-rejects"),
]


@pytest.mark.parametrize("plugins, config, message, plugin, hook", BUILD_FAULTS)
def test_every_build_fault_is_one_plugin_error(plugins, config, message, plugin, hook):
    variant = with_plugins(plugins, **config)
    with pytest.raises(PluginError) as info:
        Game(variant, extra_plugins=plugins)
    assert message in str(info.value)
    assert "Traceback" not in str(info.value) and "object at 0x" not in str(info.value)
    assert (info.value.plugin, info.value.hook) == (plugin, hook)


@pytest.mark.parametrize("plugins, config, message, plugin, hook", BUILD_FAULTS)
def test_loading_reports_the_same_fault_as_a_variant_problem(plugins, config, message, plugin,
                                                              hook):
    with pytest.raises(VariantError) as info:
        make_game("two-player", plugins=plugins, config=config)
    assert message in str(info.value)


def test_a_plugin_that_cannot_be_loaded_is_one_plugin_error(monkeypatch):
    from pegline_core import plugins as kernel_plugins

    installed = kernel_plugins.installed_plugins()
    ghost = EntryPoint(name="ghost", value="pegline_no_such_module:Ghost", group="pegline")
    monkeypatch.setattr(kernel_plugins, "installed_plugins", lambda: {**installed, "ghost": ghost})
    with pytest.raises(PluginError) as info:
        Game(with_plugins(["ghost"]))
    assert "plugin 'ghost' cannot be loaded: ModuleNotFoundError" in str(info.value)
    assert info.value.plugin == "ghost"
    with pytest.raises(PluginError, match="unknown plugin 'phantom'") as info:
        Game(with_plugins(["phantom"]))
    assert info.value.plugin == "phantom"


def test_a_notice_hook_fault_is_reported_by_loading():
    plugins = {"notices": hooked("pegline_variant_notices", lambda self, variant: [1])}
    with pytest.raises(VariantError, match="plugin 'notices': pegline_variant_notices must "
                                           "return a list of str, got \\[1\\]"):
        make_game("two-player", plugins=plugins)


def test_a_check_hook_cannot_change_another_plugins_configuration():
    class Meddler:
        @hookimpl
        def pegline_check_variant(self, variant):
            variant.config["standard"]["fifteen"] = 7
            return []

    variant = with_plugins([], standard={"fifteen": 3})
    meddled = with_plugins(["meddler"], variant)
    with pytest.raises(PluginError) as info:
        Game(meddled, extra_plugins={"meddler": Meddler})
    assert ("plugin 'meddler' failed in pegline_check_variant: TypeError: a variant's "
            "configuration cannot be changed") in str(info.value)
    assert (info.value.plugin, info.value.hook) == ("meddler", "pegline_check_variant")
    assert meddled.config["standard"]["fifteen"] == 3
    with pytest.raises(VariantError, match="configuration cannot be changed"):
        make_game(variant, plugins={"meddler": Meddler})
    assert variant.config["standard"]["fifteen"] == 3
    game = Game(variant, dealer=1)
    stack(game, **DEAL, starter="AS")
    assert logged(play(game, "TH 5D")) == [(1, "peg-fifteen", 3, "standard")]
    with pytest.raises(TypeError):
        variant.config["standard"] = {"fifteen": 7}
    with pytest.raises(TypeError):
        variant.config["standard"].update(fifteen=7)


# -- muggins is a listed plugin like any other ----------------------------------------------------


def test_muggins_is_listed_with_its_rules():
    listed = CliRunner().invoke(main, ["plugins", "list"])
    assert listed.exit_code == 0, listed.output
    lines = listed.output.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("muggins "))
    assert "pegline_counting_protocol" in lines[at + 1]
    assert lines[at + 2] == ("  rules: declared-count (varies), muggins (varies), false-muggins "
                             "(varies), overcount (varies), overcount-claim (varies)")


def muggins_game(disable=(), plugins=None, config=None, hands=DEAL["hands"], starter="AS"):
    """A muggins game at its first count (seat 0's hand; dealer 1)."""
    game = make_game(load_variant("two-player", overlays=["muggins"]), disable=disable,
                     plugins=plugins, config=config)
    stack(game, hands, discards=DEAL["discards"], starter=starter)
    while game.phase == "pegging":
        game.apply(game.legal_actions()[0])
    assert game.phase == "show" and game.to_act == (0,)
    return game


def test_a_muggins_rule_can_be_switched_off():
    game = muggins_game()
    game.apply(Declare(0, 2))  # seat 0's hand is worth 2: the muggins call is false
    assert logged(game.apply(Respond(1, "muggins", 3))) == [(0, "false-muggins", 3, "muggins")]
    game = muggins_game(disable=["false-muggins"])
    before = game.scores
    events = game.apply(Declare(0, 2))
    events += game.apply(Respond(1, "muggins", 3))
    settled = next(e for e in events if isinstance(e, CountSettled))
    assert settled.outcome == "false-muggins"
    assert logged(events) == [(0, "declared-count", 2, "muggins")]
    assert game.scores == (before[0] + 2, before[1]), "the false call cost nothing"


def test_a_plugin_declaring_a_muggins_rule_clashes_clearly():
    with pytest.raises(VariantError, match="plugin 'rival' declares rule 'overcount', already "
                                           "declared by 'muggins'"):
        muggins_game(plugins={"rival": declares(("overcount", None))})
    variant = with_plugins(["rival"], load_variant("two-player", overlays=["muggins"]))
    with pytest.raises(PluginError) as info:
        Game(variant, extra_plugins={"rival": declares(("overcount", None))})
    assert (info.value.plugin, info.value.hook) == ("rival", "pegline_rules")


def test_the_declaration_cap_follows_the_show_rules():
    assert muggins_game().view(0).max_declaration == 29
    hands = ["5H 5C 5D JS KC KD", "2D 3D 4D 6D QC QD"]
    game = muggins_game(config={"standard": {"fifteen": 3}}, hands=hands, starter="5S")
    cap = game.view(0).max_declaration
    true = Scorer(game.ruleset).show(game.machine.kept[0], Card.parse("5S")).total
    assert true == 37 and cap >= true > 29
    assert Declare(0, true) in game.legal_actions(0)
    with pytest.raises(IllegalActionError, match=f"from 0 to {cap}, not {cap + 1}"):
        game.apply(Declare(0, cap + 1))
    assert logged(game.apply(Declare(0, true))) == [(0, "declared-count", 37, "muggins")]
    events = game.apply(Respond(1, "accept"))
    assert next(e for e in events if isinstance(e, CountSettled)).points == 37


def test_an_explicit_declaration_cap_wins():
    game = muggins_game(config={"muggins": {"max_declaration": 40}})
    assert game.view(0).max_declaration == 40


# -- every hook is called by real games ------------------------------------------------------------


SPECS = sorted(name for module in (kernel_hookspecs, cribbage_hookspecs)
               for name in dir(module) if name.startswith("pegline_"))
CALLED: dict[str, int] = {}


class Everything:
    """Implements every hook of the kernel and of cribbage, records each call, says nothing."""

    @staticmethod
    def _called(hook):
        CALLED[hook] = CALLED.get(hook, 0) + 1

    @hookimpl
    def pegline_addhooks(self, pluginmanager):
        self._called("pegline_addhooks")

    @hookimpl
    def pegline_rules(self):
        self._called("pegline_rules")
        return []

    @hookimpl
    def pegline_check_variant(self, variant):
        self._called("pegline_check_variant")
        return []

    @hookimpl
    def pegline_variant_notices(self, variant):
        self._called("pegline_variant_notices")

    @hookimpl
    def pegline_score_game_start(self, start):
        self._called("pegline_score_game_start")

    @hookimpl
    def pegline_score_starter(self, starter):
        self._called("pegline_score_starter")

    @hookimpl
    def pegline_score_play(self, play):
        self._called("pegline_score_play")

    @hookimpl
    def pegline_score_series_end(self, series):
        self._called("pegline_score_series_end")

    @hookimpl
    def pegline_score_show(self, show):
        self._called("pegline_score_show")

    @hookimpl
    def pegline_score_show_total(self, show, total):
        self._called("pegline_score_show_total")

    @hookimpl
    def pegline_show_counter(self):
        self._called("pegline_show_counter")

    @hookimpl
    def pegline_show_distribution(self, hand_size, crib):
        self._called("pegline_show_distribution")
        # alone, this plugin scores nothing: every (hand, starter) pair totals 0
        return {0: comb(52, hand_size) * (52 - hand_size)}

    @hookimpl
    def pegline_show_maximum(self, hand_size, crib):
        self._called("pegline_show_maximum")

    @hookimpl
    def pegline_counting_protocol(self, variant, show_maximum):
        self._called("pegline_counting_protocol")


class ShowTableAsked(Everything):
    """The recorder without a rule on the show's total: the analysis asks it for its table."""

    pegline_score_show_total = None


def test_the_recorder_implements_every_hook():
    assert sorted(name for name in dir(Everything) if name.startswith("pegline_")) == SPECS


def test_every_hook_is_called_by_games_over_the_shipped_variants():
    CALLED.clear()
    for name in available_variants():
        if load_variant(name).game != "cribbage":  # other games have hooks of their own
            continue
        for index, overlays in enumerate([(), ("muggins",)]):  # counted by hand, by bots
            variant = load_variant(name, overlays=overlays)
            game = make_game(variant, plugins={"everything": Everything})
            bots = [GreedyBot(mistakes=0.3, seed=seat) if overlays else RandomBot(seat)
                    for seat in range(variant.table.players)]
            assert play_game(variant, bots, seed=len(name) + index, game=game).over
    # analysis: a plugin that is the variant's sole show scorer is asked for the distribution
    # (where none scores a show on its total, which its table cannot know)
    alone = make_game(attrs.evolve(load_variant("two-player"), plugins=()),
                      plugins={"everything": ShowTableAsked})
    assert show_distribution(alone.ruleset, crib=False).counts == {0: comb(52, 4) * 48}
    assert set(CALLED) == set(SPECS), f"never called: {sorted(set(SPECS) - set(CALLED))}"


def test_the_muggins_path_asks_for_the_counting_protocol_and_the_show_maximum():
    variant = make_game(load_variant("two-player", overlays=["muggins"]),
                        plugins={"everything": Everything}).variant
    CALLED.clear()
    game = Game(ruleset=Ruleset(variant, {"everything": Everything}))  # built here, not shared
    assert CALLED.get("pegline_show_maximum") == 2, "the hand and the crib"
    assert CALLED.get("pegline_counting_protocol") == 1
    rng = random.Random(3)
    while game.phase not in ("show", "over"):
        game.apply(game.chance_action(rng) if game.to_act is CHANCE
                   else game.legal_actions()[0])
    shown = CALLED.get("pegline_score_show", 0)
    game.apply(Declare(game.to_act[0], 0))
    assert CALLED["pegline_score_show"] == shown + 1, "the true count, at the declaration"
