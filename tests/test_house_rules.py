"""House rules written as data (the ``house`` plugin): the schema, every problem a file can
have, the twelve house rules people play with hand-made steps, both lanes, and whole games."""

from __future__ import annotations

from pathlib import Path

import pytest

from pegline_core import load_variant
from pegline_core.ruleset import Ruleset
from pegline_core.strict import StructureProblems, structure_strict
from pegline_house.schema import AtLeast, HouseRule


def write(folder: Path, text: str, name: str = "house") -> Path:
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


HEAD = 'extends = ["two-player"]\nplugins = ["+house"]\n'


# -- the schema ----------------------------------------------------------------------------------


def test_a_key_that_is_a_number_or_a_table_is_read_by_its_kind():
    rule = {"id": "jacks", "name": {"en": "jacks"}, "when": "play", "points": 2}
    exact = structure_strict(rule | {"match": {"same_rank": 2, "count": [15, 31]}}, HouseRule)
    assert (exact.match.same_rank, exact.match.count) == (2, (15, 31))
    least = structure_strict(rule | {"match": {"same_rank": {"min": 2}, "count": 15}}, HouseRule)
    assert (least.match.same_rank, least.match.count) == (AtLeast(2), 15)
    with pytest.raises(StructureProblems) as info:
        structure_strict(rule | {"match": {"same_rank": "2", "count": {"min": 1},
                                           "run": {"mn": 3}}}, HouseRule)
    assert info.value.problems == [
        (("match", "same_rank"), "expected an integer or a table, got the string '2'"),
        (("match", "run", "mn"), "unknown key (did you mean 'min'?)"),
        (("match", "count"), "expected an integer or an array, got the table {'min': 1}")]


def test_a_variant_declares_its_data_rules_with_their_names(tmp_path):
    path = write(tmp_path, HEAD + 'disable = ["peg-pair"]\n[[config.house.rules]]\n'
                 'id = "house-peg-pair"\nname = { en = "pegging pair, 3", ja = "ペアは3点" }\n'
                 'when = "play"\npoints = 3\nmatch = { same_rank = 2 }\n')
    _plugin, rule = Ruleset(load_variant(path)).rules["house-peg-pair"]
    assert (rule.points, rule.summary, rule.names) == (
        3, "pegging pair, 3", (("en", "pegging pair, 3"), ("ja", "ペアは3点")))


def test_a_variant_lists_its_house_rules_as_toml(tmp_path):
    """`pegline variants show` writes the resolved configuration: a key left out is not null."""
    from click.testing import CliRunner

    from pegline_core.app.cli import main

    path = write(tmp_path, HEAD + '[[config.house.rules]]\nid = "jacks"\nname = { en = "j" }\n'
                 'when = "play"\npoints = 2\nmatch = { same_rank = { min = 2 }, ranks = ["J"] }\n')
    shown = CliRunner().invoke(main, ["variants", "show", str(path)])
    assert shown.exit_code == 0, shown.output
    assert '[config.house.rules.match.same_rank]\nmin = 2' in shown.output
