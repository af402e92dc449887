"""Keys wrong only together: reported against the newest file that set one of them, at a key of
that file, naming every key involved, in the language spoken."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from pegline_core import load_variant
from pegline_core.app.cli import main
from pegline_core.errors import VariantError
from tests.test_i18n import english_words

SEVEN = 'extends = ["two-player"]\n[table]\nplayers = 7\n'


def problems(folder, parent: str, child: str) -> list[str]:
    (folder / "parent.toml").write_text(parent)
    (folder / "child.toml").write_text('extends = ["parent"]\n' + child)
    with pytest.raises(VariantError) as caught:
        load_variant(folder / "child.toml")
    return [problem.replace(f"{folder}/", "") for problem in caught.value.problems]


def test_seven_players_over_two_player_blame_the_file_that_seated_them(tmp_path):
    (tmp_path / "seven.toml").write_text(SEVEN)
    with pytest.raises(VariantError) as caught:
        load_variant(tmp_path / "seven.toml")
    assert caught.value.problems == [
        f"{tmp_path}/seven.toml: table.players: a crib of 14 cards (table.players × deal.discard "
        "+ deal.crib_from_deck = 7 × 2 + 0) is more than the 12 the show can count"]


@pytest.mark.parametrize("lang", ["ja", "zh-Hans"])
def test_the_combination_is_said_in_the_language_keeping_the_file_and_the_keys(tmp_path, lang):
    (tmp_path / "seven.toml").write_text(SEVEN)
    said = CliRunner().invoke(main, ["--lang", lang, "variants", "check",
                                     str(tmp_path / "seven.toml")])
    where = f"{tmp_path}/seven.toml: table.players: "
    assert said.exit_code == 1 and said.output.startswith(where), said.output
    rest = said.output[len(where):]
    assert "table.players × deal.discard + deal.crib_from_deck = 7 × 2 + 0" in rest
    assert "14" in rest and "12" in rest
    assert english_words([re.sub(r"[a-z_]+\.[a-z_.]+", "", rest)]) == set(), rest


@pytest.mark.parametrize(("parent", "child", "expected"), [
    ('extends = ["two-player"]\n[deal]\ndiscard = 3\n', "[deal]\ncards = 3\n",
     "child.toml: deal.cards: each player must keep a card: deal.discard (3) must be below "
     "deal.cards (3)"),
    ('extends = ["two-player"]\n[deal]\ndiscard = 0\ncrib_from_deck = 1\n',
     "[deal]\ncrib_from_deck = 0\n",
     "child.toml: deal.crib_from_deck: the crib would be empty: table.players × deal.discard + "
     "deal.crib_from_deck = 2 × 0 + 0"),
    ('extends = ["two-player"]\n[deal]\ncards = 12\n', "[table]\nplayers = 5\n",
     "child.toml: table.players: a deal of 61 cards with the starter (table.players × deal.cards "
     "+ deal.crib_from_deck + 1 = 5 × 12 + 0 + 1) is more than the 52 of the deck"),
    ('extends = ["two-player"]\n[deal]\ncards = 14\n', "[deal]\ndiscard = 1\n",
     "child.toml: deal.discard: a hand of 13 cards (deal.cards - deal.discard = 14 - 1) is more "
     "than the 12 the show can count"),
    ('extends = ["two-player"]\n[scoring]\ntarget = 50\n',
     '[[skunk]]\nname = "x"\nbelow = 60\ngame_points = 3\n',
     "child.toml: skunk[0].below: must be between 1 and scoring.target (50), got 60"),
    ('extends = ["partner"]\n', "[table]\nplayers = 6\n",
     "child.toml: table.players: table.teams must split seats 0..5 (table.players = 6) with each seat "
     "once, got [[0, 2], [1, 3]]"),
    ('extends = ["around-the-corner"]\n[config.corner]\nrun_per_card = 2\n',
     'plugins = ["-corner"]\ndisable = ["-peg-run", "-show-run"]\n',
     "child.toml: plugins: config.corner configures plugin 'corner', which the variant does "
     "not use "
     '(plugins = ["standard"])'),
    ('extends = ["two-player"]\ndisable = ["his-heels", "peg-fifteen", "peg-thirty-one", '
     '"peg-pair", "peg-pair-royal", "peg-double-pair-royal", "peg-run", "go", "last-card", '
     '"show-fifteen", "show-pair", "show-run", "show-flush"]\n', "[config.standard]\nnobs = 0\n",
     "child.toml: config.standard: no rule can score a point (plugins = [\"standard\"]; disable "
     '= ["his-heels", "peg-fifteen", "peg-thirty-one", "peg-pair", "peg-pair-royal", '
     '"peg-double-pair-royal", "peg-run", "go", "last-card", "show-fifteen", "show-pair", '
     '"show-run", "show-flush"]; config.standard), so a game could never end'),
    ('extends = ["late-caps"]\n', "[scoring]\ntarget = 5\n",
     "child.toml: config.caps.go_within: (plugin 'caps') must be below scoring.target (5), "
     "got 6"),
])
def test_every_cross_field_check_blames_the_newest_file_and_names_every_key(
        tmp_path, parent, child, expected):
    assert expected in problems(tmp_path, parent, child)


def test_a_problem_of_one_key_stays_with_the_file_that_set_it(tmp_path):
    found = problems(tmp_path, 'extends = ["two-player"]\n[deal]\ndiscard = -1\n',
                     "[table]\nplayers = 3\n")
    assert "parent.toml: deal.discard: must not be negative, got -1" in found
