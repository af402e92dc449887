"""The late-game caps follow the target: `late-caps` plays to 121 or to 61, and records of
`late-caps` made when its caps were written as scores (115, 119) still replay and verify."""

from pathlib import Path

import pytest
from click.testing import CliRunner

from pegline_core import Ruleset, VariantError, load_variant
from pegline_core.app.cli import main
from pegline_core.record import GameRecord, legacy_events, rules_digest
from pegline_cribbage.legacy import rules_digest_v1
from pegline_cribbage.testing import make_game, play, scores, stack

# runs in the pure build too (conftest.py): the compiled machines, counting and hook dispatch
pytestmark = pytest.mark.both_builds

RECORDS = Path(__file__).parent / "records"
OLD_DIGEST = "sha256:e418a2b78acecd0d16933d0c9e8d96b63cbb80c57a9bafaf097b74ad9fa4cb0a"
"""What records of schemas 1 and 2 held for late-caps (its caps written as 115 and 119)."""

DEAL = dict(hands=["3C 4H 9C TH KC KD", "5D TS 2D 7S QC QD"], discards=["KC KD", "QC QD"])
# seed example B: the only pegging points are the dealer's go at 27 and the pone's last card
EXAMPLE_B = dict(hands=["TC 3H 8C 9H KS QH", "7D 4S 3D 5S KD QD"], discards=["KS QH", "KD QD"])


def late_game(variant, scores_now):
    game = make_game(variant)
    game.machine.scores = scores_now
    return game


def rules(events):
    return [(e.actor, e.rule, e.points) for e in scores(events)]


def heels(variant, dealer_score):
    return rules(stack(late_game(variant, (0, dealer_score)), **DEAL, starter="JS"))


def first_pegging_point(variant, dealer_score):
    game = late_game(variant, (0, dealer_score))
    stack(game, **EXAMPLE_B, starter="2C")
    return rules(play(game, "TC 7D 3H 4S 3D 8C 5S 9H"))[0]


TO_61 = load_variant("late-caps", overlays=["to-61"])
TO_121 = load_variant("late-caps")


@pytest.mark.parametrize("variant, go_cap, heels_cap", [(TO_121, 115, 119), (TO_61, 55, 59)])
def test_the_caps_stand_6_and_2_points_short_of_the_target(variant, go_cap, heels_cap):
    assert heels(variant, heels_cap - 1) == [(1, "capped-heels", 2)]
    assert heels(variant, heels_cap) == []
    assert first_pegging_point(variant, go_cap - 1) == (1, "capped-go", 1)
    assert first_pegging_point(variant, go_cap) == (0, "capped-last-card", 1), "no go at the cap"


def test_late_caps_to_61_plays_from_the_command_line():
    result = CliRunner().invoke(main, ["play", "--variant", "late-caps", "--with", "to-61",
                                       "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    assert '"type": "result"' in result.output.splitlines()[-1]
    shown = CliRunner().invoke(main, ["variants", "show", "late-caps", "--with", "to-61"])
    assert shown.exit_code == 0 and "target = 61" in shown.output


def test_caps_written_as_scores_keep_their_meaning(tmp_path):
    path = tmp_path / "old-style.toml"
    path.write_text('extends = ["two-player-61"]\nplugins = ["+caps"]\n'
                    'disable = ["go", "last-card", "his-heels"]\n'
                    '[config.caps]\ngo_from = 50\nheels_from = 40\n')
    variant = load_variant(path)
    assert heels(variant, 39) == [(1, "capped-heels", 2)] and heels(variant, 40) == []
    assert first_pegging_point(variant, 49) == (1, "capped-go", 1)
    assert first_pegging_point(variant, 50) == (0, "capped-last-card", 1)


@pytest.mark.parametrize("caps, message", [
    ("go_from = 100\ngo_within = 6", "config.caps.go_within: (plugin 'caps') set "
                                     "config.caps.go_from (a score) or config.caps.go_within "
                                     "(points short of the target), not both"),
    ("heels_within = 61", "config.caps.heels_within: (plugin 'caps') must be below "
                          "scoring.target (61), got 61"),
    ("go_within = -1", "config.caps.go_within: (plugin 'caps') must not be negative, got -1"),
])
def test_a_cap_that_cannot_be_meant_is_refused(tmp_path, caps, message):
    path = tmp_path / "v.toml"
    path.write_text('extends = ["late-caps", "to-61"]\n[config.caps]\n' + caps + "\n")
    with pytest.raises(VariantError) as info:
        load_variant(path)
    assert f"{path}: {message}" in info.value.problems


def test_a_record_of_late_caps_written_as_scores_replays_and_verifies():
    path = RECORDS / "v3" / "late-caps.toml"  # saved by the Pegline whose caps were 115 and 119
    record = GameRecord.load(path)
    assert record.rules["config"]["caps"] == {"go_from": 115, "heels_from": 119}
    assert record.verify() is None
    result = CliRunner().invoke(main, ["replay", str(path), "--verify"])
    assert result.exit_code == 0 and "verified" in result.output


def test_the_older_schemas_digest_of_late_caps_is_unchanged():
    ruleset = Ruleset(TO_121)
    assert rules_digest_v1(ruleset) == OLD_DIGEST
    assert ruleset.game.pegline_legacy_digest(2, ruleset) == OLD_DIGEST
    assert rules_digest(ruleset) != OLD_DIGEST  # today's digest states the caps as written


def test_a_version_2_record_of_late_caps_replays_and_verifies():
    current = GameRecord.load(RECORDS / "v3" / "late-caps.toml")
    game = current.replay()
    events = legacy_events(game, 2, game.codec.dicts(game.log))
    old = GameRecord("late-caps", digest=OLD_DIGEST, plugins=current.plugins, seed=current.seed,
                     events=tuple({k: v for k, v in e.items() if v is not None} for e in events),
                     schema=2)
    assert old.verify() is None
    forged = GameRecord("late-caps", digest=OLD_DIGEST.replace("e418", "e419"),
                        events=old.events, schema=2)
    with pytest.raises(Exception, match="made under other rules"):
        forged.replay()


def test_a_house_variant_states_a_cap_its_own_way_over_the_inherited_one(tmp_path):
    as_score = tmp_path / "as-score.toml"
    as_score.write_text('extends = ["late-caps"]\n[config.caps]\ngo_from = 100\n')
    variant = load_variant(as_score)
    assert variant.config["caps"] == {"go_from": 100, "heels_within": 2}
    assert first_pegging_point(variant, 99) == (1, "capped-go", 1)
    assert first_pegging_point(variant, 100) == (0, "capped-last-card", 1)
    assert heels(variant, 118) == [(1, "capped-heels", 2)] and heels(variant, 119) == []
    back = tmp_path / "back.toml"  # in the same folder: extends finds as-score by name
    back.write_text('extends = ["as-score"]\n[config.caps]\ngo_within = 10\n')
    assert load_variant(back).config["caps"] == {"go_within": 10, "heels_within": 2}


def test_a_plugin_list_that_is_not_names_is_an_error_not_a_crash(tmp_path):
    path = tmp_path / "v.toml"
    path.write_text('extends = ["late-caps"]\nplugins = [[]]\n')
    with pytest.raises(VariantError) as info:
        load_variant(path)
    assert any(problem.startswith(f"{path}: plugins") for problem in info.value.problems)
