"""House rules as data, fuzzed: random ``[[config.house.rules]]`` tables, of words from the
vocabulary and near misses, and of every kind of TOML value, written by a file and one it
extends. A file either loads or is refused with `VariantError`, every line of it
``file: key.path: message`` (never another exception); and a variant that loads plays a seeded
game to its end, with the same log on both lanes."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from pegline_core import VariantError, load_variant
from pegline_core.players import RandomBot
from pegline_core.ruleset import Ruleset
from pegline_house.schema import ENDINGS, RANKS, SIDES, WHEN
from tests.pinned_logs import log_digests

KEY_PATH = r"(?:[A-Za-z0-9_-]+|\"[^\"]*\")(?:\[\d+\]|\.(?:[A-Za-z0-9_-]+|\"[^\"]*\"))*"
"""A key path as problems write it (`pegline_core.strict.format_path`): bare or quoted keys,
joined by dots, with array indices."""

scalars = st.one_of(
    st.integers(-3, 40), st.integers(-2**63, 2**63 - 1), st.booleans(),
    st.sampled_from([*WHEN, *SIDES, *ENDINGS, *RANKS, "j", "Jack", "paly", "both ", ""]),
    st.text(st.characters(codec="utf-8"), max_size=8))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3),
    st.dictionaries(st.sampled_from(["min", "en", "x", "starter", "corner"]), inner,
                    max_size=2)), max_leaves=6)
"""Any value a TOML file can hold: integers (negative, 64-bit), booleans, strings, arrays and
nested tables."""


def keyed(choices: dict[str, st.SearchStrategy[Any]], misses: list[str]
          ) -> st.SearchStrategy[dict[str, Any]]:
    """A table of some of ``choices``' keys (each with a sensible value or any value) and
    maybe a near-miss key."""
    known = st.fixed_dictionaries({}, optional={
        key: st.one_of(sensible, sensible, values) for key, sensible in choices.items()})
    return st.tuples(known, st.dictionaries(st.sampled_from(misses), values, max_size=1)).map(
        lambda pair: {**pair[0], **pair[1]})


least = st.one_of(st.integers(1, 5), st.fixed_dictionaries({"min": st.integers(0, 14)}))
matches = keyed({
    "same_rank": least,
    "ranks": st.lists(st.sampled_from([*RANKS, "j"]), max_size=3),
    "run": keyed({"min": st.integers(2, 14), "corner": st.booleans(),
                  "in_order": st.booleans()}, ["mn", "in-order", "corners"]),
    "suit": st.fixed_dictionaries({"min": st.integers(0, 14)}),
    "count": st.one_of(st.integers(0, 32), st.lists(st.integers(0, 32), max_size=3)),
    "ending": st.sampled_from([*ENDINGS, "gone"]),
    "flush": keyed({"starter": st.booleans()}, ["startr"]),
    "nobs": st.booleans(),
    "total": st.integers(-1, 29),
}, ["same-rank", "rank", "runs", "suits", "counts", "flsh", "nob", "totals"])
_wild_rules = keyed({
    "id": st.sampled_from(["jack-pair", "long-run", "nineteen", "Bad Id", "peg-pair"]),
    "name": keyed({"en": st.sampled_from(["bonus", ""]), "ja": st.just("ボーナス"),
                   "zh-Hans": st.just("奖励")}, ["jp", "zh"]),
    "when": st.sampled_from([*WHEN, "after-shw"]),
    "of": st.sampled_from([*SIDES, "hands"]),
    "points": st.integers(-1, 20),
    "per_card": st.integers(-1, 3),
    "match": matches,
    "unless": keyed({"short_of_target": st.integers(0, 122)}, ["short_of_targt"]),
}, ["ids", "nmae", "whn", "point", "per-card", "matches", "unles"])


@st.composite
def wild_rules(draw: st.DrawFn) -> dict[str, Any]:
    """A rule of some of the vocabulary's keys and near misses, each with a sensible value or
    any value (a composite: a failing example prints without the strategy's long repr)."""
    return draw(_wild_rules)
ranks = st.lists(st.sampled_from(RANKS), min_size=1, max_size=4, unique=True)
sound_matches: dict[str, st.SearchStrategy[dict[str, Any]]] = {
    "play": st.fixed_dictionaries({}, optional={
        "same_rank": st.one_of(st.integers(1, 4),
                               st.fixed_dictionaries({"min": st.integers(1, 4)})),
        "ranks": ranks,
        "run": st.fixed_dictionaries({}, optional={"min": st.integers(3, 6),
                                                   "corner": st.booleans(),
                                                   "in_order": st.booleans()}),
        "suit": st.fixed_dictionaries({"min": st.integers(1, 6)}),
        "count": st.one_of(st.integers(1, 31),
                           st.lists(st.integers(1, 31), min_size=1, max_size=3))}),
    "series-end": st.fixed_dictionaries({}, optional={"ending": st.sampled_from(ENDINGS)}),
    "starter": st.fixed_dictionaries({}, optional={"ranks": ranks}),
    "show": st.one_of(
        st.just({}), st.fixed_dictionaries({"same_rank": st.integers(1, 4)}),
        st.fixed_dictionaries({"run": st.fixed_dictionaries({}, optional={
            "min": st.integers(3, 5), "corner": st.booleans()})}),
        st.fixed_dictionaries({"flush": st.fixed_dictionaries({}, optional={
            "starter": st.booleans()})})),
    "after-show": st.fixed_dictionaries({}, optional={"total": st.integers(0, 29)}),
}
"""For each moment, a ``match`` of the keys it reads, each with a value of its kind."""


@st.composite
def sound_rules(draw: st.DrawFn) -> dict[str, Any]:
    """A rule written from the vocabulary (which may still be refused: a rule that can never
    match)."""
    when = draw(st.sampled_from(WHEN))
    rule: dict[str, Any] = {"id": "sound", "name": {"en": "bonus", "ja": "ボーナス"},
                            "when": when, "match": dict(draw(sound_matches[when]))}
    if when == "show" and not rule["match"] and draw(st.booleans()):
        rule["match"] = {"nobs": True}
    elif when == "show" and draw(st.booleans()):
        rule["match"]["ranks"] = draw(ranks)
    if draw(st.booleans()):
        rule["points"] = draw(st.integers(0, 5))
    else:
        rule["per_card"] = draw(st.integers(0, 2))
    if when in ("show", "after-show") and draw(st.booleans()):
        rule["of"] = draw(st.sampled_from(SIDES))
    if draw(st.integers(0, 3)) == 0:
        rule["unless"] = {"short_of_target": draw(st.integers(1, 3))}
    return rule


def _numbered(rules: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each sound rule with an id of its own."""
    return [{**rule, "id": f"rule-{index}"} if rule.get("id") == "sound" else rule
            for index, rule in enumerate(rules)]


files = st.fixed_dictionaries({
    "extends": st.just(["two-player"]), "plugins": st.just(["+house"]),
    "disable": st.lists(st.sampled_from(["peg-pair", "show-flush", "go", "rule-0", "rule-1"]),
                        max_size=2, unique=True),
    "config": st.fixed_dictionaries({"house": st.fixed_dictionaries({
        "rules": st.lists(st.one_of(sound_rules(), sound_rules(), sound_rules(), wild_rules()),
                          min_size=1, max_size=3).map(_numbered)})}),
})

_names = itertools.count()


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def contract_lane(ruleset: Ruleset, calls: list[str]) -> Ruleset:
    """``ruleset`` with its hooks watched (each call's name put in ``calls``), which keeps
    every call on the contract lane."""
    ruleset.pm.add_hookcall_monitoring(lambda name, *_: calls.append(name), lambda *_: None)
    return ruleset


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=files, inherited=st.integers(0, 3))
def test_a_house_rules_file_loads_or_says_every_problem_as_file_key_path_message(
        folder: Path, data: dict[str, Any], inherited: int) -> None:
    """``inherited``: how many of the rules a file extended writes (the rest, and ``disable``,
    the file that extends it)."""
    number = next(_names)
    rules = data["config"]["house"]["rules"]
    parent = folder / f"parent-{number}.toml"
    parent.write_text(tomli_w.dumps({**data, "disable": [], "config": {"house": {
        "rules": rules[:inherited]}}} if rules[:inherited] else data | {"config": {},
                                                                         "disable": []}),
                      encoding="utf-8")
    path = folder / f"house-{number}.toml"
    child = {"extends": [parent.stem], "disable": data["disable"]}
    path.write_text(tomli_w.dumps(child | ({"config": {"house": {"rules": rules[inherited:]}}}
                                           if rules[inherited:] else {})), encoding="utf-8")
    try:
        variant = load_variant(path)
    except VariantError as error:
        assert error.problems
        event("refused")
        files = "|".join(re.escape(str(file)) for file in (path, parent))
        line = re.compile(rf"(?:{files}): {KEY_PATH}: \S.*")
        for problem in str(error).split("\n"):
            assert line.fullmatch(problem), problem
            assert "Traceback" not in problem
        return
    event("loaded")
    calls: list[str] = []
    native, contract = Ruleset(variant), contract_lane(Ruleset(variant), calls)
    assert log_digests.digest(native, RandomBot, 1) == log_digests.digest(contract, RandomBot, 1)
    assert "pegline_score_play" in calls
