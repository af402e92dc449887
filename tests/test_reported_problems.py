"""A variant file's problems all at once, a "known" list of variants that load, bounds with
their values, and a record's mismatch named field by field."""

from __future__ import annotations

import attrs
import pytest
from click.testing import CliRunner

from pegline_core import load_variant
from pegline_core.app.cli import main
from pegline_core.app.i18n import use_language
from pegline_core.app.problems import say
from pegline_core.errors import VariantError
from pegline_core.record import Difference, GameRecord
from pegline_core.variant import variant_search_path

FIVE_MISTAKES = '''extends = ["two-player", "mugins"]
[scoring]
targt = 121
win_game_points = 0
[table]
players = 9
[deal]
cards = 0
'''


def _problems(path, **kwargs):
    with pytest.raises(VariantError) as caught:
        load_variant(path, **kwargs)
    return caught.value.problems


def test_an_unknown_parent_hides_no_other_problem(tmp_path):
    file = tmp_path / "five.toml"
    file.write_text(FIVE_MISTAKES)
    problems = [p.split(": ", 1)[1] for p in _problems(file)]
    assert problems[0].startswith("extends[1]: unknown variant 'mugins' (did you mean 'muggins'?")
    assert problems[1:] == ["scoring.targt: unknown key (did you mean 'target'?)",
                            "table.players: must be from 2 to 8, got 9",
                            "deal.cards: must be at least 1, got 0",
                            "scoring.win_game_points: must be at least 1, got 0"]


def test_known_lists_only_the_variants_that_load(tmp_path):
    (tmp_path / "five.toml").write_text(FIVE_MISTAKES)
    (tmp_path / "fine.toml").write_text('extends = ["two-player"]\n[scoring]\ntarget = 61\n')
    (tmp_path / "broken.toml").write_text('extends = ["two-player"]\n[scoring]\ntarget = "x"\n')
    first = _problems(tmp_path / "five.toml", search_path=[tmp_path, *variant_search_path()])[0]
    known = first.split("known: ", 1)[1].rstrip(")").split(", ")
    assert "fine" in known and "two-player" in known and "muggins" in known
    assert "broken" not in known and "five" not in known


def test_a_bound_says_the_value_and_the_bound(tmp_path):
    file = tmp_path / "skunked.toml"
    file.write_text('extends = ["two-player"]\n[scoring]\nwin_game_points = 3\n'
                    '[[skunk]]\nname = "skunk"\nbelow = 91\ngame_points = 2\n'
                    '[deal]\ndiscard = -1\n')
    found = _problems(file)
    problems = [p.split(": ", 1)[1] for p in found]
    assert "skunk[0].game_points: must be at least scoring.win_game_points (3), got 2" in problems
    assert "deal.discard: must not be negative, got -1" in problems
    bound = found[problems.index("skunk[0].game_points: must be at least "
                                 "scoring.win_game_points (3), got 2")]
    with use_language("ja"):
        said = say(bound)
    assert said.startswith(f"{file}: skunk[0].game_points: ")
    assert said.endswith("scoring.win_game_points（3）以上でなければなりません。指定は 2")  # noqa: RUF001


def test_a_mismatch_names_the_field_the_records_value_and_the_replays(tmp_path):
    saved = tmp_path / "game.pegline.toml"
    assert CliRunner().invoke(main, ["play", "--seed", "4", "--save", str(saved)]).exit_code == 0
    record = GameRecord.load(saved)
    events = [dict(e) for e in record.events]
    index = next(i for i, e in enumerate(events) if e["type"] == "score")
    events[index]["total"] += 1
    tampered = attrs.evolve(record, events=tuple(events))
    difference = tampered.verify()
    assert difference is not None and difference.fields == ["total"]
    assert str(difference) == (f"event {index} (score): total: the record has "
                               f"{events[index]['total']}, the replay {events[index]['total'] - 1}")
    cut = attrs.evolve(record, events=record.events[:-1])
    assert str(cut.verify()).endswith(": the record has no event, the replay a result event")
    with use_language("zh-Hans"):
        assert say(difference.message) == (
            f"事件 {index}（score）：total：记录中为 {events[index]['total']}，重放得到 "  # noqa: RUF001
            f"{events[index]['total'] - 1}")
    assert str(Difference(3, {"type": "go", "actor": 1}, {"type": "play", "actor": 1})) == \
        'event 3: type: the record has "play", the replay "go"'
