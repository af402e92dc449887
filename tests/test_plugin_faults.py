"""Every fault of a plugin is a `PluginError` naming the plugin and the hook (issue 27): the show
counter a plugin offers (raising, or returning anything but an integer), and rule declarations
that repeat an id or give an empty one, which `plugins list` reports (`describe_plugin`) and
`variants check` refuses."""

from __future__ import annotations

import pytest

from pegline_core import PluginError, VariantError, load_variant, parse_cards
from pegline_core.hookspecs import hookimpl
from pegline_core.plugins import describe_plugin
from pegline_core.rules import Rule
from pegline_core.variant import variant_from_table
from pegline_cribbage.scorer import Scorer
from pegline_standard import StandardRules

# runs in the pure build too (conftest.py): what the compiled machines refuse
pytestmark = pytest.mark.both_builds

RAISED = (ValueError, TypeError, KeyError, ZeroDivisionError, AttributeError, RuntimeError,
          RecursionError, IndexError, AssertionError)
RETURNED = (None, "3", 2.5, 3.0, True, False, [3], (3,), {"points": 3}, b"3")
HAND, STARTER = parse_cards("5H 5C 5D JS"), parse_cards("5S")[0]


def variant_with(cls):
    table = load_variant("two-player").to_toml_dict() | {"plugins": ["broken"]}
    return variant_from_table(table, name="broken-house", extra_plugins={"broken": cls})


def counter_plugin(counter):
    class Broken(StandardRules):
        @hookimpl
        def pegline_show_counter(self):
            return counter
    return Broken


def raising(kind):
    def counter(cards, starter, crib):
        raise kind("the counter broke")
    return counter


def returning(value):
    return lambda cards, starter, crib: value


COUNTERS = [pytest.param(raising(kind), id=f"raises-{kind.__name__}") for kind in RAISED] + \
    [pytest.param(returning(value), id=f"returns-{value!r}") for value in RETURNED]


@pytest.mark.parametrize("counter", COUNTERS)
@pytest.mark.parametrize("crib", [False, True])
def test_a_faulty_show_counter_is_a_plugin_error(counter, crib):
    cls = counter_plugin(counter)
    scorer = Scorer(variant_with(cls), {"broken": cls})
    with pytest.raises(PluginError, match="plugin 'broken'") as caught:
        scorer.show_total(HAND, STARTER, crib=crib)
    assert caught.value.plugin == "broken" and caught.value.hook == "pegline_show_counter"


def test_a_sound_show_counter_still_counts():
    assert Scorer(load_variant("two-player")).show_total(HAND, STARTER) == 29


STANDARD_IDS = [rule.id for rule in StandardRules().pegline_rules()]
DECLARATIONS = [pytest.param(rule_id, id=f"twice-{rule_id}") for rule_id in STANDARD_IDS] + \
    [pytest.param(bad, id=f"id-{bad!r}") for bad in ("", None, 3, b"x")]


def declaring(extra_id):
    class Broken(StandardRules):
        @hookimpl
        def pegline_rules(self):
            rules = super().pegline_rules()
            return [*rules, Rule(extra_id, "again", "house", 1)]
    return Broken


@pytest.mark.parametrize("rule_id", DECLARATIONS)
def test_a_rule_declared_twice_or_without_an_id_is_reported_and_refused(rule_id):
    cls = declaring(rule_id)
    with pytest.raises(PluginError, match="plugin 'broken'") as caught:
        describe_plugin("broken", {"broken": cls})  # what `plugins list` reports
    assert caught.value.hook == "pegline_rules"
    with pytest.raises(VariantError, match="broken"):  # what `variants check` refuses
        variant_with(cls)
