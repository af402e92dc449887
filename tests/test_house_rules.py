"""House rules written as data (the ``house`` plugin): the schema, every problem a file can
have, the twelve house rules people play with hand-made steps, both lanes, and whole games."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from pegline_core import DECK, Card, VariantError, load_variant, parse_cards
from pegline_core.app.cli import main
from pegline_core.hookspecs import hookimpl
from pegline_core.players import RandomBot
from pegline_core.rules import Rule, Score
from pegline_core.ruleset import Ruleset
from pegline_core.strict import StructureProblems, structure_strict
from pegline_corner import cyclic_run_tail, cyclic_runs
from pegline_cribbage.analysis import show_distribution
from pegline_cribbage.combinations import PIPS, run_tail, same_rank_tail
from pegline_cribbage.native import codes_of
from pegline_cribbage.scorer import Scorer
from pegline_cribbage.scoring import Scoring
from pegline_house.schema import AtLeast, HouseRule
from pegline_pegflush import suit_tail
from tests.pinned_logs import log_digests

# runs in the pure build too (conftest.py): the compiled matcher and its native counterparts
pytestmark = pytest.mark.both_builds

HEAD = 'extends = ["two-player"]\nplugins = ["+house"]\n'


def rule(rule_id: str, when: str, score: str, match: str = "", more: str = "") -> str:
    """One ``[[config.house.rules]]`` table."""
    text = (f'[[config.house.rules]]\nid = "{rule_id}"\nname = {{ en = "{rule_id}" }}\n'
            f'when = "{when}"\n{score}\n')
    return text + (f"match = {{ {match} }}\n" if match else "") + more


TWELVE = {
    1: 'disable = ["peg-pair", "peg-pair-royal", "peg-double-pair-royal"]\n'
       + rule("house-peg-pair", "play", "points = 3", "same_rank = 2")
       + rule("house-peg-pair-royal", "play", "points = 9", "same_rank = 3")
       + rule("house-peg-double-pair-royal", "play", "points = 18", "same_rank = 4"),
    2: 'disable = ["show-flush"]\n'
       + rule("hand-flush", "show", "per_card = 1", "flush = {}", 'of = "hand"\n'),
    3: 'disable = ["show-flush"]\n'
       + rule("five-card-flush", "show", "per_card = 1", "flush = { starter = true }",
              'of = "hand"\n')
       + rule("crib-flush", "show", "per_card = 1", "flush = { starter = true }",
              'of = "crib"\n'),
    4: rule("four-of-a-kind", "show", "points = 8", "same_rank = 4"),
    5: rule("jack-pair", "play", "points = 2", 'same_rank = { min = 2 }, ranks = ["J"]'),
    6: rule("long-run", "play", "points = 2", "run = { min = 5 }"),
    7: rule("nineteen", "after-show", "points = 1", "total = 0", 'of = "hand"\n'),
    8: 'disable = ["his-nobs"]\n' + rule("hand-nobs", "show", "points = 1", "nobs = true",
                                         'of = "hand"\n'),
    9: 'disable = ["peg-run", "show-run"]\n'
       + rule("corner-peg-run", "play", "per_card = 1", "run = { corner = true }")
       + rule("corner-show-run", "show", "per_card = 1", "run = { corner = true }"),
    10: 'disable = ["peg-run"]\n'
        + rule("ordered-peg-run", "play", "per_card = 1", "run = { in_order = true }"),
    11: rule("peg-flush-three", "play", "per_card = 1", "suit = { min = 3 }"),
    12: 'disable = ["go", "last-card", "his-heels"]\n'
        + rule("stink-go", "series-end", "points = 1", 'ending = "go"',
               "unless = { short_of_target = 1 }\n")
        + rule("stink-last-card", "series-end", "points = 1", 'ending = "last-card"',
               "unless = { short_of_target = 1 }\n")
        + rule("stink-heels", "starter", "points = 2", 'ranks = ["J"]',
               "unless = { short_of_target = 1 }\n"),
}
"""The twelve house rules people play, as a variant file writes each."""


def write(folder: Path, text: str, name: str = "house") -> Path:
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def refusals(path: Path) -> list[str]:
    """Why the variant at ``path`` does not load: each problem's key path and message."""
    with pytest.raises(VariantError) as info:
        load_variant(path)
    return [problem.split(": ", 1)[1].replace("(plugin 'house') ", "")
            for problem in info.value.problems]


@pytest.fixture(scope="module")
def twelve(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    folder = tmp_path_factory.mktemp("twelve")
    return {number: write(folder, HEAD + text, f"rule-{number}")
            for number, text in TWELVE.items()}


def plays(scorer: Scorer, text: str) -> list[tuple[str, int]]:
    return [(a.rule.id, a.score.points) for a in scorer.play(parse_cards(text))]


def shown(scorer: Scorer, hand: str, starter: str, crib: bool = False) -> dict[str, int]:
    """The show's points by rule."""
    found: dict[str, int] = {}
    for award in scorer.show(parse_cards(hand), Card.parse(starter), crib=crib).awards:
        found[award.rule.id] = found.get(award.rule.id, 0) + award.score.points
    return found


# -- the schema ----------------------------------------------------------------------------------


def test_a_key_that_is_a_number_or_a_table_is_read_by_its_kind():
    table = {"id": "jacks", "name": {"en": "jacks"}, "when": "play", "points": 2}
    exact = structure_strict(table | {"match": {"same_rank": 2, "count": [15, 31]}}, HouseRule)
    assert (exact.match.same_rank, exact.match.count) == (2, (15, 31))
    least = structure_strict(table | {"match": {"same_rank": {"min": 2}, "count": 15}},
                             HouseRule)
    assert (least.match.same_rank, least.match.count) == (AtLeast(2), 15)
    with pytest.raises(StructureProblems) as info:
        structure_strict(table | {"match": {"same_rank": "2", "count": {"min": 1},
                                            "run": {"mn": 3}}}, HouseRule)
    assert info.value.problems == [
        (("match", "same_rank"), "expected an integer or a table, got the string '2'"),
        (("match", "run", "mn"), "unknown key (did you mean 'min'?)"),
        (("match", "count"), "expected an integer or an array, got the table {'min': 1}")]


def test_the_problems_of_a_structure_pickle_as_they_are():
    """Unpickling called the class with its text, read as the list of problems: a ValueError."""
    import pickle

    from tblib import pickling_support  # as dask's workers pickle an error: with its context

    pickling_support.install()
    with pytest.raises(StructureProblems) as info:
        structure_strict({"id": "jacks", "name": {"en": "jacks"}, "points": "2"}, HouseRule)
    again = pickle.loads(pickle.dumps(info.value))
    assert (again.problems, again.stand_ins, str(again)) == (
        info.value.problems, info.value.stand_ins, str(info.value))
    assert again.stand_ins == {("when",): "when"}


def test_a_variant_declares_its_data_rules_with_their_names(tmp_path):
    path = write(tmp_path, HEAD + 'disable = ["peg-pair"]\n[[config.house.rules]]\n'
                 'id = "house-peg-pair"\nname = { en = "pegging pair, 3", ja = "ペアは3点" }\n'
                 'when = "play"\npoints = 3\nmatch = { same_rank = 2 }\n')
    _plugin, declared = Ruleset(load_variant(path)).rules["house-peg-pair"]
    assert (declared.points, declared.summary, declared.names) == (
        3, "pegging pair, 3", (("en", "pegging pair, 3"), ("ja", "ペアは3点")))


def test_a_variant_lists_its_house_rules_as_toml(tmp_path):
    """`pegline variants show` writes the resolved configuration: a key left out is not null."""
    path = write(tmp_path, HEAD + rule("jacks", "play", "points = 2",
                                       'same_rank = { min = 2 }, ranks = ["J"]'))
    result = CliRunner().invoke(main, ["variants", "show", str(path)])
    assert result.exit_code == 0, result.output
    assert "[config.house.rules.match.same_rank]\nmin = 2" in result.output


# -- files that extend files with house rules ---------------------------------------------------


JACKS = HEAD + rule("jack-pair", "play", "points = 2", 'same_rank = { min = 2 }, ranks = ["J"]')
LONG_RUN = HEAD + rule("long-run", "play", "points = 2", "run = { min = 5 }")


def test_house_rules_of_the_files_a_variant_extends_add_up(tmp_path):
    """A file's rules join the rules of the files it extends, as its plugins join theirs."""
    write(tmp_path, JACKS, "jacks")
    write(tmp_path, LONG_RUN, "long-run")
    both = Scorer.for_variant(write(tmp_path, 'extends = ["jacks", "long-run"]\n', "both"))
    more = Scorer.for_variant(write(tmp_path, 'extends = ["jacks"]\n' + rule(
        "long-run", "play", "points = 2", "run = { min = 5 }"), "more"))
    for scorer in (both, more):
        assert plays(scorer, "JH JC") == [("peg-pair", 2), ("jack-pair", 2)]
        assert plays(scorer, "3H 4C 5D 6S 7H") == [("peg-run", 5), ("long-run", 2)]


def test_a_house_rule_a_later_file_writes_again_by_its_id_replaces_the_inherited_one(tmp_path):
    write(tmp_path, JACKS, "jacks")
    scorer = Scorer.for_variant(write(tmp_path, 'extends = ["jacks"]\n' + rule(
        "jack-pair", "play", "points = 5", 'same_rank = { min = 2 }, ranks = ["J"]'), "five"))
    assert plays(scorer, "JH JC") == [("peg-pair", 2), ("jack-pair", 5)]
    assert [r.id for r in scorer.ruleset.plugins["house"].config.rules] == ["jack-pair"]


def test_an_id_a_file_gives_twice_is_a_problem_in_a_file_that_extends_house_rules(tmp_path):
    write(tmp_path, JACKS, "jacks")
    twice = rule("long-run", "play", "points = 2", "run = { min = 5 }")
    for text, index, rule_id in ((twice * 2, 2, "long-run"),
                                 (twice.replace("long-run", "jack-pair") * 2, 1, "jack-pair")):
        path = write(tmp_path, 'extends = ["jacks"]\n' + text, rule_id)
        with pytest.raises(VariantError) as info:
            load_variant(path)
        assert info.value.problems == [
            f"{path}: config.house.rules[{index}].id: (plugin 'house') another rule of the "
            f"variant has the id {rule_id!r}"]


def test_disable_switches_off_a_house_rule_a_variant_extends(tmp_path):
    write(tmp_path, JACKS + LONG_RUN.split("\n", 2)[2], "two-bonuses")
    path = write(tmp_path, 'extends = ["two-bonuses"]\ndisable = ["jack-pair"]\n', "no-jacks")
    scorer = Scorer.for_variant(path)
    assert plays(scorer, "JH JC") == [("peg-pair", 2)]
    assert plays(scorer, "3H 4C 5D 6S 7H") == [("peg-run", 5), ("long-run", 2)]
    explained = CliRunner().invoke(main, ["variants", "explain", str(path)])
    assert explained.exit_code == 0, explained.output
    assert "jack-pair: switched off (disable)" in explained.output


def test_a_problem_of_an_inherited_house_rule_names_the_file_that_wrote_it(tmp_path):
    parent = write(tmp_path, JACKS.replace('ranks = ["J"]', 'ranks = ["Jack"]'), "jacks")
    child = write(tmp_path, 'extends = ["jacks"]\n' + rule("nothing", "play", "points = 1",
                                                            "count = 40"), "child")
    with pytest.raises(VariantError) as info:
        load_variant(child)
    assert [problem.split(": ", 2)[:2] for problem in info.value.problems] == [
        [str(parent), "config.house.rules[0].match.ranks[0]"],
        [str(child), "config.house.rules[1].match.count"]]


# -- every problem at once -----------------------------------------------------------------------


def test_every_kind_of_mistake_in_a_house_rule_is_reported_at_once(tmp_path):
    path = write(tmp_path, HEAD + 'disable = ["peg-pair", "taken"]\n'
                 + rule("House Pair", "paly", "points = 3")
                 + rule("taken", "play", "points = 3\nper_card = 1",
                        'same_rank = 5, ranks = ["Jack", "j"], nobs = true',
                        'of = "hand"\n').replace('name = { en = "taken" }', 'name = { jp = "x" }')
                 + rule("twice", "show", "per_card = -1",
                        "run = { min = 14, in_order = true }",
                        "unless = { short_of_target = 121 }\n")
                 + rule("twice", "play", "points = 1", "count = [0, 40]")
                 + rule("both", "show", "points = 1", "run = {}, flush = {}")
                 + rule("never", "play", "points = 1", 'same_rank = 4, ranks = ["J", "Q"]')
                 + rule("nothing", "after-show", "", "total = -1", 'of = "all"\n')
                 + rule("ending", "series-end", "points = 1", 'ending = "gone"'))
    with pytest.raises(VariantError) as info:
        load_variant(path)
    said = [problem.replace(f"{path}: ", "").replace("(plugin 'house') ", "")
            for problem in info.value.problems]
    assert said == [
        "config.house.rules[0].id: must be lower-case words joined by '-', got 'House Pair'",
        "config.house.rules[0].when: must be one of 'play', 'series-end', 'starter', 'show', "
        "'after-show', got 'paly'; did you mean 'play'?",
        "config.house.rules[1].name.en: required key is missing",
        "config.house.rules[1].name.jp: unknown language 'jp' (Pegline speaks: en, ja, "
        "zh-Hans)",
        "config.house.rules[1].of: applies only when = 'show' or 'after-show'",
        "config.house.rules[1]: give points or per_card, not both",
        "config.house.rules[1].match.nobs: does not apply when = 'play' (it reads: same_rank, "
        "ranks, run, suit, count)",
        "config.house.rules[1].match.same_rank: can never match: at most 4 cards share a rank, "
        "got 5",
        "config.house.rules[1].match.ranks[0]: unknown rank 'Jack' (ranks: A 2 3 4 5 6 7 8 9 "
        "10 J Q K)",
        "config.house.rules[1].match.ranks[1]: unknown rank 'j' (did you mean 'J'? ranks: A 2 "
        "3 4 5 6 7 8 9 10 J Q K)",
        "config.house.rules[1].match.ranks: does not apply with nobs (its card is a jack)",
        "config.house.rules[2].per_card: must not be negative, got -1",
        "config.house.rules[2].unless.short_of_target: must be below scoring.target (121), "
        "got 121",
        "config.house.rules[2].match.run.min: can never match: a run has at most 13 cards, "
        "got 14",
        "config.house.rules[2].match.run.in_order: applies only when = 'play'",
        "config.house.rules[3].match.count[0]: can never match: the count is from 1 to "
        "pegging.limit (31), got 0",
        "config.house.rules[3].match.count[1]: can never match: the count is from 1 to "
        "pegging.limit (31), got 40",
        "config.house.rules[3].id: another rule of the variant has the id 'twice'",
        "config.house.rules[4].match: a show rule claims by one of same_rank, run, flush or "
        "nobs, not run + flush",
        "config.house.rules[5].match.same_rank: can never match: 4 cards of one rank among J Q "
        "count more than pegging.limit (31)",
        "config.house.rules[6].of: must be one of 'hand', 'crib', 'both', got 'all'",
        "config.house.rules[6]: give points (for each claim) or per_card (for each card it "
        "claims), one of them",
        "config.house.rules[6].match.total: can never match: a show never totals below 0, "
        "got -1",
        "config.house.rules[7].match.ending: must be one of 'go', 'last-card', 'either', got "
        "'gone'; did you mean 'go'?",
    ]


def test_a_house_rules_problem_is_said_in_the_language(tmp_path):
    path = write(tmp_path, HEAD + rule("jacks", "play", "points = 2", "same_rank = 5"))
    result = CliRunner().invoke(main, ["--lang", "ja", "variants", "check", str(path)])
    assert result.exit_code == 1
    said = ("config.house.rules[0].match.same_rank: （プラグイン 'house'）決して当てはまりません："
            "同じランクのカードは最大4枚です（5 が指定されました）")
    assert said in result.output


@pytest.mark.parametrize(("language", "said"), [
    ("ja", "plugins: プラグイン 'house' が宣言したルール 'his-nobs' は、すでに 'standard' が宣言して"
           "います"),
    ("zh-Hans", "plugins: 插件 'house' 声明的规则 'his-nobs' 已由 'standard' 声明")])
def test_a_house_rule_with_another_plugins_rule_id_is_said_in_the_language(tmp_path, language,
                                                                           said):
    path = write(tmp_path, HEAD + rule("his-nobs", "show", "points = 1", "nobs = true"))
    result = CliRunner().invoke(main, ["--lang", language, "variants", "check", str(path)])
    assert result.exit_code == 1
    assert said in result.output, result.output


def test_a_misspelt_when_hides_none_of_the_rules_other_problems(tmp_path):
    path = write(tmp_path, HEAD + rule("jacks", "paly", "points = -1", 'same_rank = 5',
                                       'of = "hands"\n'))
    assert refusals(path) == [
        "config.house.rules[0].when: must be one of 'play', 'series-end', 'starter', 'show', "
        "'after-show', got 'paly'; did you mean 'play'?",
        "config.house.rules[0].of: must be one of 'hand', 'crib', 'both', got 'hands'; did you "
        "mean 'hand'?",
        "config.house.rules[0].points: must not be negative, got -1",
        "config.house.rules[0].match.same_rank: can never match: at most 4 cards share a rank, "
        "got 5"]


def test_a_key_refused_in_one_rule_hides_none_of_the_other_rules_problems(tmp_path):
    """An unknown key or a value of the wrong type in one rule is reported with every other
    rule's problems, not instead of them (the whole array was left out until it was fixed); a
    judgment of the rule whose key was refused, made on the default standing in, is not."""
    path = write(tmp_path, HEAD + rule("jacks", "play", 'points = "3"', 'ranks = ["J"]',
                                       "bogus = 1\n")
                 + rule("nines", "after-shw", "points = 1", 'ranks = ["Z"]'))
    assert refusals(path) == [
        "config.house.rules[0].points: expected an integer, got the string '3'",
        "config.house.rules[0].bogus: unknown key",
        "config.house.rules[1].when: must be one of 'play', 'series-end', 'starter', 'show', "
        "'after-show', got 'after-shw'; did you mean 'after-show'?",
        "config.house.rules[1].match.ranks[0]: unknown rank 'Z' (ranks: A 2 3 4 5 6 7 8 9 10 J "
        "Q K)"]


def test_a_key_missing_from_one_rule_hides_none_of_the_other_rules_problems(tmp_path):
    """A required key missing from one rule left the whole array out, so that the other rules'
    problems were not reported until it was added; the rule missing its key is judged no
    further (its other keys would be judged against a stand-in), and loading still fails."""
    jacks = rule("jacks", "play", "points = 2", 'ranks = ["J"]', 'of = "hand"\n')
    path = write(tmp_path, HEAD + jacks.replace('when = "play"\n', "")
                 + rule("nines", "after-shw", "points = 1", 'ranks = ["Z"]')
                 + rule("tens", "play", "points = 1", 'ranks = ["10"]').replace('id = "tens"\n', ""))
    assert refusals(path) == [
        "config.house.rules[0].when: required key is missing",
        "config.house.rules[2].id: required key is missing",
        "config.house.rules[1].when: must be one of 'play', 'series-end', 'starter', 'show', "
        "'after-show', got 'after-shw'; did you mean 'after-show'?",
        "config.house.rules[1].match.ranks[0]: unknown rank 'Z' (ranks: A 2 3 4 5 6 7 8 9 10 J "
        "Q K)"]
    alone = write(tmp_path, HEAD + jacks.replace('when = "play"\n', ""), "alone")
    assert refusals(alone) == ["config.house.rules[0].when: required key is missing"]


def test_what_stands_in_for_a_missing_table_is_not_judged_inside(tmp_path):
    """A rule without its name: the name is reported missing, and not its language as well
    (the house plugin's judgment of the empty table standing in for it)."""
    nameless = rule("jacks", "play", "points = 2", 'ranks = ["J"]').replace(
        'name = { en = "jacks" }\n', "")
    assert refusals(write(tmp_path, HEAD + nameless + rule("nines", "plya", "points = 1"))) == [
        "config.house.rules[0].name: required key is missing",
        "config.house.rules[1].when: must be one of 'play', 'series-end', 'starter', 'show', "
        "'after-show', got 'plya'; did you mean 'play'?"]


def test_a_rank_written_as_a_card_writes_it_is_offered_as_the_rank(tmp_path):
    """Pegline writes a ten TD and reads 't', 'j' or 'a' in a card: a rule's ranks are offered
    the rank so read."""
    path = write(tmp_path, HEAD + rule("tens", "play", "points = 1", 'ranks = ["T", "a", "j"]'))
    with pytest.raises(VariantError) as info:
        load_variant(path)
    assert [problem.split("unknown rank ")[1] for problem in info.value.problems] == [
        f"{given!r} (did you mean {meant!r}? ranks: A 2 3 4 5 6 7 8 9 10 J Q K)"
        for given, meant in (("T", "10"), ("a", "A"), ("j", "J"))]


def test_a_mistyped_house_rule_is_reported_with_its_key_path(tmp_path):
    path = write(tmp_path, HEAD + rule("typed", "play", 'points = "3"', "same_rank = [2]")
                 + 'mach = { count = 15 }\n')
    with pytest.raises(VariantError) as info:
        load_variant(path)
    assert info.value.problems == [
        f"{path}: config.house.rules[0].points: expected an integer, got the string '3'",
        f"{path}: config.house.rules[0].match.same_rank: expected an integer or a table, got "
        "the array [2]",
        f"{path}: config.house.rules[0].mach: unknown key (did you mean 'match'?)"]


def test_the_names_a_rule_carries_are_language_and_name_pairs():
    from pegline_core.rules import rule_problem

    assert rule_problem(Rule("jacks", "jacks", names=(("en", "jacks"),))) is None
    assert rule_problem(Rule("jacks", "jacks", names=[("en", "jacks")])) == \
        "rule 'jacks': names must be a tuple of (language, name) pairs, not [('en', 'jacks')]"
    assert rule_problem(Rule("jacks", "jacks", names=(("en",),))) is not None


@pytest.mark.parametrize("number", sorted(TWELVE))
def test_each_of_the_twelve_passes_variants_check(twelve, number):
    """`variants check` plays sample games under it and checks the show counters."""
    result = CliRunner().invoke(main, ["variants", "check", str(twelve[number])])
    assert result.exit_code == 0, result.output


def test_a_house_rule_may_not_take_the_id_of_another_plugins_rule(tmp_path):
    path = write(tmp_path, HEAD + rule("go", "series-end", "points = 1"))
    with pytest.raises(VariantError, match="plugin 'house' declares rule 'go', already declared "
                                           "by 'standard'"):
        load_variant(path)


# -- the twelve house rules, each with hand-made steps --------------------------------------------


def test_1_pegging_pairs_score_three_and_show_pairs_stay_two(twelve):
    scorer = Scorer.for_variant(twelve[1])
    assert plays(scorer, "5H 5C") == [("house-peg-pair", 3)]
    assert plays(scorer, "5H 5C 5D") == [("peg-fifteen", 2), ("house-peg-pair-royal", 9)]
    assert plays(scorer, "2H 2C 2D 2S") == [("house-peg-double-pair-royal", 18)]
    assert plays(scorer, "4H 5C 4D") == []
    assert shown(scorer, "5H 5C 9D KS", "2C") == {"show-fifteen": 4, "show-pair": 2}
    assert shown(scorer, "9H 9C 9D KS", "2C") == {"show-pair": 6}


def test_2_the_crib_never_scores_a_flush(twelve):
    scorer = Scorer.for_variant(twelve[2])
    assert shown(scorer, "2H 4H 6H 8H", "KH", crib=True) == {}
    assert shown(scorer, "2H 4H 6H 8H", "KH") == {"hand-flush": 5}
    assert shown(scorer, "2H 4H 6H 8H", "KS") == {"hand-flush": 4}


def test_3_a_hands_flush_needs_the_starter_too(twelve):
    scorer = Scorer.for_variant(twelve[3])
    assert shown(scorer, "2H 4H 6H 8H", "KS") == {}
    assert shown(scorer, "2H 4H 6H 8H", "KH") == {"five-card-flush": 5}
    assert shown(scorer, "2H 4H 6H 8H", "KH", crib=True) == {"crib-flush": 5}
    assert shown(scorer, "2H 4H 6H 8H", "KS", crib=True) == {}


def test_4_four_of_a_kind_scores_twenty_for_its_pairs(twelve):
    scorer = Scorer.for_variant(twelve[4])
    four = shown(scorer, "5H 5C 5D 5S", "KH")
    assert four == {"show-fifteen": 16, "show-pair": 12, "four-of-a-kind": 8}
    assert four["show-pair"] + four["four-of-a-kind"] == 20
    assert shown(scorer, "9H 9C KD 9S", "9D", crib=True)["four-of-a-kind"] == 8
    assert "four-of-a-kind" not in shown(scorer, "9H 9C KD 9S", "2D")
    assert scorer.show_counter() is not None, "no rule switched off: the fast counters count"
    assert scorer.show_total(parse_cards("5H 5C 5D 5S"), Card.parse("KH")) == 36


def test_5_a_jack_on_a_jack_scores_two_more_each_time(twelve):
    scorer = Scorer.for_variant(twelve[5])
    assert plays(scorer, "JH JC") == [("peg-pair", 2), ("jack-pair", 2)]
    assert plays(scorer, "JH JC JD") == [("peg-pair-royal", 6), ("jack-pair", 2)]
    assert plays(scorer, "QH QC") == [("peg-pair", 2)]
    assert plays(scorer, "JH QC JD") == []


def test_6_a_pegging_run_of_five_or_more_scores_two_more(twelve):
    scorer = Scorer.for_variant(twelve[6])
    assert plays(scorer, "3C 4D 6H 5S 7C") == [("peg-run", 5), ("long-run", 2)]
    assert plays(scorer, "AC 3C 4D 2H 6H 5S") == [("peg-run", 6), ("long-run", 2)]
    assert plays(scorer, "3C 4D 6H 5S") == [("peg-run", 4)]


def test_7_a_hand_that_scores_nothing_scores_one(twelve):
    scorer = Scorer.for_variant(twelve[7])
    assert shown(scorer, "2C 4D TH QS", "7C") == {"nineteen": 1}
    assert shown(scorer, "2C 4D TH QS", "7C", crib=True) == {}
    assert "nineteen" not in shown(scorer, "2C 4D TH QS", "5C")
    assert scorer.show_total(parse_cards("2C 4D TH QS"), Card.parse("7C")) == 1


def test_8_his_nobs_does_not_count_in_the_crib(twelve):
    scorer = Scorer.for_variant(twelve[8])
    assert shown(scorer, "JH 2C 4D 8S", "KH") == {"hand-nobs": 1}
    assert shown(scorer, "JH 2C 4D 8S", "KH", crib=True) == {}


def test_9_runs_turn_the_corner_in_the_pegging_and_the_show(twelve):
    scorer = Scorer.for_variant(twelve[9])
    assert plays(scorer, "QH KC AD") == [("corner-peg-run", 3)]
    assert plays(scorer, "KH AC 2D") == [("corner-peg-run", 3)]
    assert plays(scorer, "QH KC AD 2S 3C") == [("corner-peg-run", 5)]
    assert plays(scorer, "3C 5D 4H") == [("corner-peg-run", 3)]
    assert shown(scorer, "KH AC 2D 2S", "9C") == {"show-fifteen": 2, "show-pair": 2,
                                                  "corner-show-run": 6}
    assert shown(scorer, "QH KC AD 6S", "9C") == {"show-fifteen": 2, "corner-show-run": 3}


def test_10_pegging_runs_count_only_in_order(twelve):
    scorer = Scorer.for_variant(twelve[10])
    assert plays(scorer, "4C 5D 6H") == [("peg-fifteen", 2), ("ordered-peg-run", 3)]
    assert plays(scorer, "6C 5D 4H") == [("peg-fifteen", 2), ("ordered-peg-run", 3)]
    assert plays(scorer, "4C 6D 5H") == [("peg-fifteen", 2)]
    assert plays(scorer, "2C 4D 5H 6C") == [("ordered-peg-run", 3)]
    assert shown(scorer, "4C 6D 5H KS", "9C")["show-run"] == 3  # the show is unchanged


def test_11_three_cards_of_one_suit_in_a_row_score_one_each(twelve):
    scorer = Scorer.for_variant(twelve[11])
    assert plays(scorer, "2H 4H 6H") == [("peg-flush-three", 3)]
    assert plays(scorer, "2C 4H 6H 8H") == [("peg-flush-three", 3)]
    assert plays(scorer, "2H 4H") == []
    assert plays(scorer, "2H 4H 6C") == []


def test_a_play_rule_claims_its_tail_the_whole_series_for_a_count_or_else_the_card(tmp_path):
    """What a play rule's claim names, so what ``per_card`` counts: the matched tail; with
    ``count`` alone, every card of the series; with no key, the card played."""
    scorer = Scorer.for_variant(write(tmp_path, HEAD
                                      + rule("fifteen-each", "play", "per_card = 1", "count = 15")
                                      + rule("any-play", "play", "per_card = 1")
                                      + rule("pair-each", "play", "per_card = 1",
                                             "same_rank = 2")))
    awards = scorer.play(parse_cards("3C 7D 5H"))
    assert [(a.rule.id, a.score.points, a.score.cards) for a in awards
            if a.rule.id != "peg-fifteen"] == [
        ("fifteen-each", 3, tuple(parse_cards("3C 7D 5H"))),
        ("any-play", 1, tuple(parse_cards("5H")))]
    assert [(a.rule.id, a.score.points) for a in scorer.play(parse_cards("8C 9D 9H"))
            if a.rule.id.endswith("-each")] == [("pair-each", 2)]


def test_a_show_rule_of_same_rank_at_least_n_claims_each_group_of_n_or_more(tmp_path):
    scorer = Scorer.for_variant(write(tmp_path, HEAD + rule("sets", "show", "per_card = 1",
                                                            "same_rank = { min = 2 }")))
    assert shown(scorer, "4H 4C 4D 9S", "KH")["sets"] == 3  # one group of three
    assert shown(scorer, "4H 4C 9D 9S", "KH")["sets"] == 4  # two pairs
    assert "sets" not in shown(scorer, "4H 5C 9D JS", "KH")


def test_12_a_side_in_the_stink_hole_scores_no_go_last_card_or_heels(twelve):
    scoring = Scoring(Ruleset(load_variant(twelve[12])), hypothetical=True)
    series = codes_of(parse_cards("TC TD 9H"))
    assert scoring.series_end(0, 29, series, False, (119, 50), 1) == [
        ("stink-go", 1, series[-1:])]
    assert scoring.series_end(0, 29, series, False, (120, 50), 1) == []
    assert scoring.series_end(0, 29, series, True, (118, 120), 1) == [
        ("stink-last-card", 1, series[-1:])]
    assert scoring.series_end(0, 29, series, True, (120, 50), 1) == []
    thirty_one = codes_of(parse_cards("TC TD AH TH"))
    assert scoring.series_end(0, 31, thirty_one, False, (100, 50), 1) == []
    jack = Card.parse("JS").index
    assert scoring.starter(jack, 0, (100, 50)) == [("stink-heels", 2, (jack,))]
    assert scoring.starter(jack, 0, (120, 50)) == []
    assert scoring.starter(jack, 1, (120, 50)) == [("stink-heels", 2, (jack,))]


# -- the data rules against the same rules written in Python -------------------------------------


class HandWritten:
    """Rules 1, 5, 6, 9 and 11 (pegging) and 4 and 8 (the show), as a plugin author writes
    them in Python, under the ids the data form gives them."""

    @hookimpl
    def pegline_rules(self) -> list[Rule]:
        return [Rule(rule_id, rule_id) for rule_id in COMPARED]

    @hookimpl
    def pegline_score_play(self, play) -> list[Score]:
        series = play.series
        claims = []
        same = same_rank_tail(series)
        if same >= 2:
            claims.append(Score(("", "", "house-peg-pair", "house-peg-pair-royal",
                                 "house-peg-double-pair-royal")[same], (0, 0, 3, 9, 18)[same],
                                series[-same:]))
            if series[-1].rank == 11:
                claims.append(Score("jack-pair", 2, series[-same:]))
        run = run_tail(series)
        if run >= 5:
            claims.append(Score("long-run", 2, series[-run:]))
        corner = cyclic_run_tail(series)
        if corner:
            claims.append(Score("corner-peg-run", corner, series[-corner:]))
        suited = suit_tail(series)
        if suited >= 3:
            claims.append(Score("peg-flush-three", suited, series[-suited:]))
        return claims

    @hookimpl
    def pegline_score_show(self, show) -> list[Score]:
        cards = (*show.cards, show.starter)
        claims = [Score("four-of-a-kind", 8, tuple(c for c in cards if c.rank == rank))
                  for rank in {card.rank for card in cards}
                  if sum(card.rank == rank for card in cards) == 4]
        if not show.crib:
            claims += [Score("hand-nobs", 1, (card, show.starter)) for card in show.cards
                       if card.rank == 11 and card.suit == show.starter.suit]
        return claims


COMPARED = ("house-peg-pair", "house-peg-pair-royal", "house-peg-double-pair-royal",
            "jack-pair", "long-run", "corner-peg-run", "peg-flush-three", "four-of-a-kind",
            "hand-nobs")
AS_DATA = (TWELVE[1].split("\n", 1)[1] + TWELVE[5] + TWELVE[6]
           + TWELVE[9].split("\n", 1)[1].split("[[config.house.rules]]\nid = \"corner-show")[0]
           + TWELVE[11] + TWELVE[4] + TWELVE[8].split("\n", 1)[1])
"""The same rules as data (the standard rules they replace left on: only the house claims
are compared)."""


@pytest.fixture(scope="module")
def both_forms(tmp_path_factory: pytest.TempPathFactory) -> tuple[Scorer, Scorer]:
    folder = tmp_path_factory.mktemp("forms")
    data = Scorer.for_variant(write(folder, HEAD + AS_DATA, "data"))
    assert {rule.id for rule in data.ruleset.plugins["house"].config.rules} == set(COMPARED)
    python = Scorer.for_variant(write(folder, 'extends = ["two-player"]\nplugins = ["+hand"]\n',
                                      "python"), extra_plugins={"hand": HandWritten})
    return data, python


def house_awards(awards) -> list[tuple[str, int, tuple[Card, ...]]]:
    return sorted((a.rule.id, a.score.points, tuple(sorted(a.score.cards)))
                  for a in awards if a.plugin != "standard")


def _series(cards: list[Card]) -> list[Card]:
    """The longest prefix of ``cards`` a series can hold (its count at most 31)."""
    kept, count = [], 0
    for card in cards:
        count += PIPS[card.index]
        if count > 31:
            break
        kept.append(card)
    return kept


NEAR_THE_CORNER = [card for card in DECK if card.rank in (9, 10, 11, 12, 13, 1, 2, 3)]
series_cards = st.one_of(st.lists(st.sampled_from(DECK), min_size=1, max_size=12, unique=True),
                         st.lists(st.sampled_from(NEAR_THE_CORNER), min_size=1, max_size=12,
                                  unique=True)).map(_series)
shows = st.tuples(st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True),
                  st.booleans())


@settings(max_examples=300, deadline=None)
@given(series=series_cards)
def test_pegging_rules_as_data_award_what_the_same_rules_in_python_award(both_forms, series):
    data, python = both_forms
    assert house_awards(data.play(series)) == house_awards(python.play(series))


@settings(max_examples=300, deadline=None)
@given(show=shows, ranks=st.sampled_from([5, 11]))
def test_show_rules_as_data_award_what_the_same_rules_in_python_award(both_forms, show, ranks):
    data, python = both_forms
    cards, crib = show
    if ranks == 5:  # four of a kind (and a jack of the starter's suit) made likely
        fives = parse_cards("5H 5C 5D")
        cards = [*fives, *[card for card in cards if card not in fives][:2]]
    *hand, starter = cards
    assert house_awards(data.show(hand, starter, crib=crib).awards) == \
        house_awards(python.show(hand, starter, crib=crib).awards)


# -- both lanes, whole games, records ------------------------------------------------------------


ALL_TWELVE = ('disable = ["peg-pair", "peg-pair-royal", "peg-double-pair-royal", "show-flush", '
              '"his-nobs", "peg-run", "show-run", "go", "last-card", "his-heels"]\n'
              + "".join(text.split("\n", 1)[1] if text.startswith("disable") else text
                        for number, text in TWELVE.items() if number not in (3, 10)))
"""Every rule but 3 (the hand flush, which 2 also writes) and 10 (runs in order, which 9's
runs replace): rules of every moment in one variant."""


def test_the_native_lane_and_the_contract_lane_give_the_same_logs(tmp_path):
    variant = load_variant(write(tmp_path, HEAD + ALL_TWELVE))
    native = Ruleset(variant)
    contract = Ruleset(variant)
    calls: list[str] = []
    contract.pm.add_hookcall_monitoring(lambda name, impls, kwargs: calls.append(name),
                                        lambda *_: None)
    hook = native.scoring("pegline_score_show_total").hook
    hook._refresh()
    assert hook._native is not None, "the data rules take the native lane"
    for seed in range(6):
        assert log_digests.digest(native, RandomBot, seed) == \
            log_digests.digest(contract, RandomBot, seed)
    assert {"pegline_score_play", "pegline_score_show_total"} <= set(calls)


def test_a_game_under_data_rules_plays_saves_and_replays_verified(tmp_path):
    path = write(tmp_path, HEAD + ALL_TWELVE)
    runner = CliRunner()
    record = tmp_path / "game.toml"
    played = runner.invoke(main, ["play", "--variant", str(path), "--seed", "5", "--save",
                                  str(record)])
    assert played.exit_code == 0, played.output
    assert any(rule_id in played.output for rule_id in
               ("house-peg-pair", "corner-peg-run", "stink-go", "nineteen", "hand-flush"))
    replayed = runner.invoke(main, ["replay", str(record), "--verify"])
    assert replayed.exit_code == 0, replayed.output
    simulated = runner.invoke(main, ["simulate", "--variant", str(path), "--games", "6",
                                     "--bots", "random,greedy", "--seed", "2"])
    assert simulated.exit_code == 0, simulated.output


def test_the_show_total_hook_gets_the_total_of_the_shows_checked_claims():
    """`pegline_score_show_total` is asked after the show, with the sum of its claims."""
    from pegline_cribbage.testing import make_game

    totals: list[tuple[int, bool]] = []

    class Totals:
        @hookimpl
        def pegline_score_show_total(self, show, total):
            totals.append((total, show.crib))

    game = make_game("two-player", plugins={"totals": Totals})
    scorer = Scorer(game.ruleset)
    hand, starter = parse_cards("5H 5C 5D JS"), Card.parse("5S")
    assert scorer.show(hand, starter).total == 29
    assert scorer.show(hand, starter, crib=True).total == 29
    assert totals == [(29, False), (29, True)]


def test_the_distribution_of_show_totals_counts_a_rule_on_the_shows_total(twelve):
    """`pegline analyze show` under the nineteen: the standard plugin's table knows nothing of
    a rule scored on the show's total, so every show is counted through the variant's scoring
    (it is started here, then stopped: about 3 minutes on the pure-Python build)."""

    class Counting(Exception):
        pass

    def started(done: int, total: int) -> None:
        raise Counting

    with pytest.raises(Counting):
        show_distribution(load_variant(twelve[7]), crib=False, progress=started)


def test_a_moment_no_rule_is_written_for_costs_its_steps_nothing(twelve):
    """The plugin implements only the scoring hooks of the moments its rules name."""
    ruleset = Ruleset(load_variant(twelve[6]))
    implementing = {hook: [impl.plugin_name for impl in getattr(ruleset.pm.hook, hook)
                           .get_hookimpls()]
                    for hook in ("pegline_score_play", "pegline_score_show",
                                 "pegline_score_show_total", "pegline_score_starter")}
    assert implementing == {"pegline_score_play": ["standard", "house"],
                            "pegline_score_show": ["standard"],
                            "pegline_score_show_total": [],
                            "pegline_score_starter": ["standard"]}


@pytest.fixture(scope="module")
def corners(twelve) -> tuple[Scorer, Scorer]:
    return Scorer.for_variant(twelve[9]), Scorer.for_variant("around-the-corner")


def corner_awards(awards) -> list[tuple[str, int, tuple[Card, ...]]]:
    return sorted((a.rule.id, a.score.points, tuple(sorted(a.score.cards))) for a in awards
                  if a.rule.id.startswith("corner-"))


@settings(max_examples=200, deadline=None)
@given(series=series_cards, show=shows)
def test_rule_9_as_data_and_the_around_the_corner_plugin_award_the_runs_around_the_corner(
        corners, series, show):
    """Both score through the house rules' matcher: each is held to the plugin's own counting
    on cards (`cyclic_run_tail`, `cyclic_runs`), written apart from the matcher."""
    (*hand, starter), crib = show
    run = cyclic_run_tail(series)
    played = [("corner-peg-run", run, tuple(sorted(series[-run:])))] if run else []
    runs = sorted(("corner-show-run", len(cards), tuple(sorted(cards)))
                  for cards in cyclic_runs((*hand, starter)))
    for scorer in corners:
        assert corner_awards(scorer.play(series)) == played
        assert corner_awards(scorer.show(hand, starter, crib=crib).awards) == runs


@settings(max_examples=200, deadline=None)
@given(score=st.integers(min_value=110, max_value=120), last=st.booleans(),
       starter=st.sampled_from(DECK))
def test_rule_12_as_data_awards_what_the_stinkhole_plugin_awards(twelve, score, last, starter):
    data = Scoring(Ruleset(load_variant(twelve[12])), hypothetical=True)
    plugin = Scoring(Ruleset(load_variant("stink-hole")), hypothetical=True)
    renamed = {"stinkhole-go": "stink-go", "stinkhole-last-card": "stink-last-card",
               "stinkhole-heels": "stink-heels"}
    series = codes_of(parse_cards("TC TD 9H"))
    scores = (score, 100)
    assert data.series_end(0, 29, series, last, scores, 1) == [
        (renamed[rule], points, codes)
        for rule, points, codes in plugin.series_end(0, 29, series, last, scores, 1)]
    assert data.starter(starter.index, 0, scores) == [
        (renamed[rule], points, codes)
        for rule, points, codes in plugin.starter(starter.index, 0, scores)]


def test_counting_by_hand_bounds_a_declaration_by_the_data_rules_too(tmp_path):
    """Muggins caps a declaration at the most the show can score: the data rules add theirs."""
    path = write(tmp_path, HEAD + TWELVE[4] + TWELVE[7])
    ruleset = Ruleset(load_variant(path, overlays=["muggins"]))
    bounds = dict(ruleset.hook("pegline_show_maximum").results(4, False))
    assert bounds == {"standard": 29, "house": 9}  # four of a kind's 8, a nineteen's 1
    assert dict(ruleset.hook("pegline_show_maximum").results(4, True))["house"] == 8
    result = CliRunner().invoke(main, ["simulate", "--variant", str(path), "--with", "muggins",
                                       "--games", "2", "--bots", "greedy,sloppy"])
    assert result.exit_code == 0, result.output
