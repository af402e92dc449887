"""Game records (docs/records.md): save, load, replay, verify, resume, and corrupt files."""

import json
from pathlib import Path
from typing import ClassVar

import attrs
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from pegline_core import (
    EventCodec,
    Game,
    Input,
    PeglineError,
    PluginError,
    RandomBot,
    Ruleset,
    Scored,
    load_variant,
    play_game,
)
from pegline_core.app.cli import main
from pegline_core.cards import DECK
from pegline_core.record import GameRecord, RecordError, legacy_events
from pegline_core.variant import available_variants
from pegline_cribbage.actions import Declare, Go, Respond
from pegline_cribbage.bots import GreedyBot
from pegline_cribbage.events import (
    CountReset,
    CountSettled,
    CutTie,
    DealerChosen,
    Dealt,
    HandShown,
    Passed,
)
from pegline_cribbage.legacy import rules_digest_v1
from pegline_cribbage.scripts import Script

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"
VARIANTS = ["two-player", "two-player-61", "three-player", "partner", "five-card-traditional",
            "five-card", "lowball", "muggins"]


def a_game(name="two-player", seed=1):
    variant = load_variant(name)
    return play_game(variant, [RandomBot(seed + s) for s in range(variant.table.players)],
                     seed=seed)


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(VARIANTS), seed=st.integers(0, 10_000),
       form=st.sampled_from(["toml", "jsonl"]))
def test_record_load_replay_gives_an_identical_log(name, seed, form):
    game = a_game(name, seed)
    record = GameRecord.of(game, seed=seed)
    text = record.to_toml() if form == "toml" else record.to_jsonl()
    loaded = GameRecord.from_toml(text) if form == "toml" else GameRecord.from_jsonl(text)
    assert loaded.replay().log == game.log
    assert loaded.verify() is None


def test_the_documented_examples_load_and_verify():
    for path in (EXAMPLES / "game.pegline.toml", EXAMPLES / "game.jsonl"):
        record = GameRecord.load(path)
        assert record.verify() is None
        assert record.replay().over


@pytest.fixture
def short_game(tmp_path, monkeypatch):
    """A complete game to 31 (a few hands): every kind of derived event, quick to replay."""
    (tmp_path / "short.toml").write_text(
        'extends = ["two-player"]\n[scoring]\ntarget = 31\n[[skunk]]\nname = "lurch"\n'
        "below = 16\ngame_points = 3\n")
    monkeypatch.setenv("PEGLINE_VARIANT_PATH", str(tmp_path))
    variant = load_variant("short", overlays=["muggins"])
    bots = [GreedyBot(mistakes=0.4, seed=1), GreedyBot(seed=2)]
    return play_game(variant, bots, seed=4)


def _mutations(value):
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1]
    if isinstance(value, str) and len(value) == 2 and value[0] in "A23456789TJQK":
        return ["AS" if value != "AS" else "2S"]
    if isinstance(value, str):
        return [value + "x"]
    if isinstance(value, list) and value:
        return [value[:-1]]
    return []


def test_every_single_field_change_to_a_derived_event_is_detected(short_game):
    record = GameRecord.of(short_game, seed=4)
    kinds = {e["type"] for e in record.events}
    assert {"dealer", "score", "series-end", "settled", "result"} <= kinds
    base = [dict(e) for e in record.events]
    input_types = short_game.codec.input_types
    checked = 0
    for index, event in enumerate(base):
        if event["type"] in input_types:
            continue
        for key, value in event.items():
            if key == "type":
                continue
            for changed in _mutations(value):
                events = [dict(e) for e in base]
                events[index] = {**event, key: changed}
                tampered = attrs.evolve(record, events=tuple(events))
                difference = tampered.verify()
                assert difference is not None and difference.seq == index, (index, key)
                checked += 1
    assert checked > 150


def test_a_reordered_or_changed_input_is_caught():
    record = GameRecord.of(a_game(seed=3), seed=3)
    events = list(record.events)
    plays = [i for i, e in enumerate(events) if e["type"] == "play"]
    events[plays[0]], events[plays[1]] = events[plays[1]], events[plays[0]]
    swapped = attrs.evolve(record, events=tuple(events))
    with pytest.raises(RecordError, match=r"event \d+ \(record item \d+\): it is seat \d's turn"):
        swapped.verify()


def test_truncation_at_every_byte_keeps_every_complete_event():
    game = Script.load(Path(__file__).with_name("records") / "seed-example-b.toml").replay()
    data = GameRecord.of(game).to_jsonl().encode()
    codec = game.codec
    header_end = data.index(b"\n") + 1
    replayed = set()
    for cut in range(header_end, len(data) + 1):
        partial = data[:cut].decode("utf-8", errors="ignore")
        record = GameRecord.from_jsonl(partial)
        complete = partial.count("\n") - 1 + (1 if partial.endswith("}") else 0)
        assert len(record.events) == complete, cut
        if complete not in replayed:  # the game resumes from every complete prefix
            replayed.add(complete)
            resumed = record.replay()
            inputs = [e for e in record.events if e["type"] in codec.input_types]
            assert len(resumed.inputs()) == len(inputs)
            derived = [{k: v for k, v in codec.to_dict(e).items() if v is not None}
                       for e in resumed.log]
            assert derived[:complete] == list(record.events)


def test_a_cut_off_middle_line_is_an_error_with_its_line_number():
    text = GameRecord.of(a_game(), seed=1).to_jsonl().splitlines()
    text[3] = text[3][:10]
    with pytest.raises(RecordError, match="<log>: line 4: not valid JSON"):
        GameRecord.from_jsonl("\n".join(text))


@pytest.mark.parametrize("edit, message", [
    (lambda t: t.replace("[[events]]", "[[events", 1), "not valid TOML"),
    (lambda t: t.replace('type = "play"', 'type = "dance"', 1), r"events\[\d+\]: unknown event type 'dance'"),
    (lambda t: t.replace('format = "pegline-record"', 'format = "x"'), "not a Pegline record"),
    (lambda t: t.replace("version = 3", "version = 99"), "record version 99 is not supported"),
])
def test_corrupt_toml_records_name_their_place(edit, message):
    text = GameRecord.of(a_game(), seed=1).to_toml()
    with pytest.raises(RecordError, match=message):
        GameRecord.from_toml(edit(text))


def test_a_record_is_made_with_a_seed_it_can_be_read_with(tmp_path):
    """Any seed was written as given, and a record stating seed = "7" or 1.5 was refused by the
    reader. A negative one carries on an old record's (the library took one once)."""
    np = pytest.importorskip("numpy")
    game = Game("two-player-61", dealer=0)
    for wrong in ("7", 1.5):
        with pytest.raises(PeglineError, match=r"seed must be a whole number or None, not "):
            GameRecord.of(game, seed=wrong)  # type: ignore[arg-type]
    for seed in (np.int64(7), -3, None):
        GameRecord.of(game, seed=seed).save(tmp_path / "game.toml")
        assert GameRecord.load(tmp_path / "game.toml").seed == seed


def test_a_match_record_read_as_a_games_record_is_named_as_a_match_record(tmp_path):
    """Read for one game's (the page's "Replay a record", GameRecord.load), a match's record
    was "not a Pegline record", which it is."""
    from pegline_core.app.match import MatchRecord, MatchRules, play_match

    match = play_match("two-player-61", [RandomBot(0), RandomBot(1)], MatchRules(best_of=1),
                       seed=3)
    text = MatchRecord.of(match).to_toml()
    with pytest.raises(RecordError, match=r"^<record>: a match's record \(format "
                                          r"'pegline-match'\), not one game's \(format "
                                          r"'pegline-record'\)$"):
        GameRecord.from_toml(text)


def test_a_card_dealt_twice_or_an_illegal_action_is_reported_and_nothing_loaded():
    record = GameRecord.of(a_game(), seed=1)
    events = [dict(e) for e in record.events]
    deal = next(i for i, e in enumerate(events) if e["type"] == "deal")
    hands = [list(h) for h in events[deal]["hands"]]
    hands[1][0] = hands[0][0]
    events[deal] = {**events[deal], "hands": hands}
    broken = attrs.evolve(record, events=tuple(events))
    with pytest.raises(RecordError, match=rf"event {deal} \(record item {deal}\): a card cannot "
                                          "be dealt twice"):
        broken.replay()


def test_a_record_under_other_rules_is_reported_not_replayed():
    record = GameRecord.of(a_game(), seed=1)
    other = attrs.evolve(record, digest="sha256:0000")
    with pytest.raises(RecordError, match="the record's rules do not match its digest"):
        other.replay()
    older = attrs.evolve(record, plugins={**record.plugins, "standard": "0.0.1"})
    with pytest.raises(RecordError, match=r"other plugin versions: standard 0.0.1 \(installed"):
        older.replay()


def test_cli_save_resume_and_verify(tmp_path):
    runner = CliRunner()
    saved = tmp_path / "game.pegline.toml"
    result = runner.invoke(main, ["play", "--seed", "4", "--save", str(saved)])
    assert result.exit_code == 0
    verified = runner.invoke(main, ["replay", str(saved), "--verify"])
    assert verified.exit_code == 0 and "verified" in verified.output
    tampered = tmp_path / "tampered.pegline.toml"
    tampered.write_text(saved.read_text().replace("total = 2\n", "total = 3\n", 1))
    result = runner.invoke(main, ["replay", str(tampered), "--verify"])
    assert result.exit_code == 1 and result.output.startswith("Error: event ")

    half = tmp_path / "half.pegline.toml"
    record = GameRecord.load(saved)
    attrs.evolve(record, events=record.events[:40], summary=None).save(half.with_suffix(".jsonl"))
    half = half.with_suffix(".jsonl")
    result = runner.invoke(main, ["play", "--resume", str(half), "--json"])
    assert result.exit_code == 0
    resumed = GameRecord.load(half)
    assert resumed.events[:40] == record.events[:40] and resumed.verify() is None
    assert resumed.events[-1]["type"] == "result"


def test_log_file_starts_with_a_header_and_replays(tmp_path):
    log = tmp_path / "game.jsonl"
    CliRunner().invoke(main, ["play", "--seed", "2", "--log", str(log)])
    first = json.loads(log.read_text().splitlines()[0])
    assert first["format"] == "pegline-record" and first["variant"] == "two-player"
    result = CliRunner().invoke(main, ["replay", str(log), "--verify"])
    assert result.exit_code == 0, result.output


# -- version 1: records written by the previous Pegline (tests/records/v1/README.md) ------------

V1 = Path(__file__).with_name("records") / "v1"
V2 = Path(__file__).with_name("records") / "v2"
V1_RECORDS = {  # file: (variant, overlays, complete)
    "two-player-61.toml": ("two-player-61", (), True),
    "two-player-61.jsonl": ("two-player-61", (), True),
    "partner-muggins.toml": ("partner", ("muggins",), True),
    "three-player-lowball.toml": ("three-player", ("lowball",), True),
    "five-card.toml": ("five-card", (), True),
    "coach-assist.toml": ("two-player-61", (), True),
    "cut-off.toml": ("two-player", (), False),
    "cut-off.jsonl": ("two-player", (), False),
}


def test_every_version_1_fixture_is_listed():
    assert sorted(p.name for p in V1.iterdir() if p.suffix != ".md") == sorted(V1_RECORDS)


@pytest.mark.parametrize("name", sorted(V1_RECORDS))
def test_version_1_records_load_replay_and_verify(name):
    path = V1 / name
    first = path.read_text().splitlines()[0 if path.suffix == ".jsonl" else 1]
    assert '"version": 1' in first or first == "version = 1"  # written by the old Pegline
    record = GameRecord.load(path)
    variant, overlays, complete = V1_RECORDS[name]
    assert (record.game, record.variant, record.overlays) == ("cribbage", variant, overlays)
    assert record.digest.startswith("v1-sha256:")  # still checked, in the version-1 layout
    game = record.replay()
    assert game.over is complete
    assert record.verify() is None
    # the replay, written as version 1 wrote it, is the record's events unchanged
    assert legacy_events(game, 1, game.codec.dicts(game.log)) == list(record.events)
    assert len(game.log) > len(record.events)  # version 3 logs what version 1 left out


def test_version_1_records_keep_their_rule_outcomes():
    muggins = GameRecord.load(V1 / "partner-muggins.toml").replay()
    outcomes = {e.outcome for e in muggins.log if type(e).__name__ == "CountSettled"}
    assert outcomes == {"accepted", "muggins"}
    assert muggins.result.winner.seats in ((0, 2), (1, 3))
    lowball = GameRecord.load(V1 / "three-player-lowball.toml").replay()
    assert lowball.result.lowball and lowball.result.winner.score < 61
    assert max(r.score for r in lowball.result.results) >= 61
    five = GameRecord.load(V1 / "five-card.toml").replay()
    assert five.variant.settings.hand_size() == 3 and five.result.winner.score >= 61
    assert five.variant.name == "five-card-traditional", "renamed since: found by its old name"
    coached = GameRecord.load(V1 / "coach-assist.toml")
    assert coached.assist_used and coached.replay().result.assist_used == (0,)
    assert "ask-coach" in {e["type"] for e in coached.events}


def test_a_version_1_log_with_nulls_reads_like_the_saved_record():
    text = (V1 / "two-player-61.jsonl").read_text()
    assert '"actor": null' in text  # a version-1 --log wrote None as null
    log = GameRecord.load(V1 / "two-player-61.jsonl")
    assert log.events == GameRecord.load(V1 / "two-player-61.toml").events


@pytest.mark.parametrize("name", sorted(V1_RECORDS))
def test_version_1_records_verify_from_the_command_line(name):
    result = CliRunner().invoke(main, ["replay", str(V1 / name), "--verify"])
    assert result.exit_code == 0, result.output
    assert result.output == f"{V1 / name}: verified, {len(GameRecord.load(V1 / name).events)} events\n"


def test_a_version_1_record_replays_from_the_command_line():
    result = CliRunner().invoke(main, ["replay", str(V1 / "three-player-lowball.toml")])
    assert result.exit_code == 0, result.output
    assert "wins (lowball: the first to the target loses)" in result.output
    assert result.output.splitlines()[-1].startswith("final scores: seat 0 ")


@pytest.mark.parametrize("name", ["cut-off.toml", "cut-off.jsonl"])
def test_a_cut_off_version_1_game_resumes_and_is_saved_as_version_3(tmp_path, name):
    saved = tmp_path / name
    saved.write_bytes((V1 / name).read_bytes())
    before = GameRecord.load(saved)
    result = CliRunner().invoke(main, ["play", "--resume", str(saved)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1].startswith("resumed from ")
    after = GameRecord.load(saved)
    text = saved.read_text()
    assert ('"version": 3' in text.splitlines()[0]) if name.endswith(".jsonl") else \
        "\nversion = 3\n" in text
    assert after.rules is not None and after.schema == 3
    assert after.digest.startswith("sha256:") and after.game == "cribbage"
    inputs = [e.action for _, e in before.inputs()]
    assert [e.action for _, e in after.inputs()][:len(inputs)] == inputs
    assert after.events[-1]["type"] == "result" and after.verify() is None


def test_a_version_1_record_is_still_refused_under_other_rules(tmp_path, monkeypatch):
    record = GameRecord.load(V1 / "two-player-61.toml")
    tampered = attrs.evolve(record, digest="v1-sha256:0000")
    with pytest.raises(RecordError, match="made under other rules"):
        tampered.replay()
    (tmp_path / "two-player-61.toml").write_text(  # the installed variant changed since
        'extends = ["two-player"]\n[scoring]\ntarget = 101\n')
    monkeypatch.setenv("PEGLINE_VARIANT_PATH", str(tmp_path))
    with pytest.raises(RecordError, match="made under other rules than the installed "
                                          "'two-player-61'"):
        record.replay()


@pytest.mark.parametrize("variant, overlays, digest", [
    # rules_digest as version 1 computed it, for these variants as version 1 shipped them
    ("two-player", [], "sha256:65d03bbad65e3dea69e6ee49d647c46718ea0cae617aa3d65b257409c3365079"),
    ("five-card-traditional", [], "sha256:dd1ffa78f7013fdfefce5f7fa833092421158a1b243750bddba1871334aef255"),
    ("partner", ["muggins"], "sha256:b7fe55c77f401327996386f9d343672e87d10d1a29f6e69c012b455451dc9194"),
    ("three-player", ["lowball"], "sha256:15d597f5085f381c732a2f2ef3d9241260447c5b6d3c6eaa9c83ace02ffad3c6"),
    ("two-player", ["muggins", "lowball"], "sha256:e49c0faca1b6543d8310166aab05847533a5505cd89371394c44c697867ff56e"),
    ("pegging-flush", [], "sha256:f186d05f62a4dfd1008cc7e87e76bdf5a479eaed95bd3b15a34630f4eaf5cc74"),
    ("around-the-corner", [], "sha256:ee44e998f4291537f43a2625a94f3e13f2903e2d8fe5a66aabe8e75838accc5c"),
    ("stink-hole", [], "sha256:fe95e1d6c04a0c3f908e7c68d11be0d9c46d67b4859975b586f6150f09719858"),
    ("late-caps", [], "sha256:e418a2b78acecd0d16933d0c9e8d96b63cbb80c57a9bafaf097b74ad9fa4cb0a"),
    ("five-card-quick", ["muggins"], "sha256:095efc076465968502bcab2fea49335b590f5390fcb502428dec623074c08410"),
])
def test_the_version_1_digest_of_each_installed_variant(variant, overlays, digest):
    assert rules_digest_v1(Ruleset(load_variant(variant, overlays=overlays))) == digest


def test_a_record_names_its_game_and_only_a_version_1_header_has_none():
    record = GameRecord.of(a_game(seed=5), seed=5)
    assert record.header()["game"] == "cribbage"
    assert "\ngame = \"cribbage\"\n" in record.to_toml()
    headless = record.to_toml().replace('game = "cribbage"\n', "", 1)
    with pytest.raises(RecordError, match="<record>: game: required key is missing"):
        GameRecord.from_toml(headless)
    assert GameRecord.load(V1 / "cut-off.toml").game == "cribbage"
    other = GameRecord(record.variant, (), record.digest, record.plugins, None, 5, (), "whist")
    with pytest.raises(RecordError, match="the record's game 'whist' cannot be loaded: "
                                          "unknown game 'whist'"):
        GameRecord.from_toml(other.to_toml())


# -- self-contained records (schema 3) ----------------------------------------------------------

HOUSE = """extends = ["two-player"]
description = "Our house game to 61"
skunk = [{ name = "skunk", below = 31, game_points = 3 }]
[scoring]
target = 61
"""


def _cli(*args, cwd=None):
    return CliRunner().invoke(main, [*map(str, args)], catch_exceptions=False)


def test_a_house_variant_record_replays_elsewhere_without_the_variant_file(tmp_path,
                                                                           monkeypatch):
    home, elsewhere = tmp_path / "home", tmp_path / "elsewhere"
    home.mkdir()
    elsewhere.mkdir()
    (home / "house.toml").write_text(HOUSE)
    monkeypatch.chdir(home)
    monkeypatch.delenv("PEGLINE_VARIANT_PATH", raising=False)
    played = _cli("play", "--variant", "house.toml", "--seed", "8", "--save", "g.toml",
                  "--log", "g.jsonl")
    assert played.exit_code == 0, played.output
    for name in ("g.toml", "g.jsonl"):
        (elsewhere / name).write_bytes((home / name).read_bytes())
    (home / "house.toml").unlink()
    monkeypatch.chdir(elsewhere)
    for name in ("g.toml", "g.jsonl"):
        result = _cli("replay", name, "--verify")
        assert result.exit_code == 0 and "verified" in result.output, result.output
    record = GameRecord.load("g.toml")
    assert record.variant == "house" and record.rules["scoring"]["target"] == 61
    assert record.summary["over"] and max(record.summary["scores"]) >= 61
    # resume a game of the house variant cut off half way, still with no variant file anywhere
    attrs.evolve(record, events=record.events[:30]).save("half.jsonl")
    result = _cli("play", "--resume", "half.jsonl")
    assert result.exit_code == 0, result.output
    resumed = GameRecord.load("half.jsonl")
    assert resumed.events[:30] == record.events[:30] and resumed.events[-1]["type"] == "result"
    assert resumed.verify() is None and resumed.replay().variant.settings.scoring.target == 61


def test_loading_a_record_reads_no_other_file(tmp_path, monkeypatch):
    """No variant file is read: only the record (and installed packages' metadata)."""
    record = GameRecord.of(a_game(seed=2), seed=2)
    record.save(tmp_path / "g.toml")
    opened = []
    real_open = Path.open

    def spy(self, *args, **kwargs):
        opened.append(self.name)
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", spy)
    loaded = GameRecord.load(tmp_path / "g.toml")
    assert loaded.verify() is None and loaded.replay().over
    monkeypatch.undo()
    assert {name for name in opened if name.endswith(".toml")} == {"g.toml"}


def test_an_older_record_never_names_a_file_and_says_where_variants_are_looked_up(tmp_path):
    old = (Path(__file__).with_name("records") / "v2" / "two-player.toml").read_text()
    evil = tmp_path / "evil.toml"
    evil.write_text(HOUSE)
    for name in (str(evil), "../evil.toml", "sub/evil"):
        record = GameRecord.from_toml(old.replace('variant = "two-player"',
                                                  f"variant = {json.dumps(name)}"))
        with pytest.raises(RecordError, match="not a variant name: a record never makes "
                                              "Pegline read a file"):
            record.replay()
    unknown = GameRecord.from_toml(old.replace('variant = "two-player"', 'variant = "house"'))
    with pytest.raises(RecordError, match="unknown variant 'house'(.|\n)*PEGLINE_VARIANT_PATH"):
        unknown.replay()


def test_a_missing_plugin_is_named_plainly():
    record = GameRecord.of(a_game(seed=2), seed=2)
    rules = {**record.rules, "plugins": ["standard", "lucky"]}
    lucky = attrs.evolve(record, rules=rules, plugins={**record.plugins, "lucky": "1.0.0"})
    with pytest.raises(RecordError, match="needs plugins that are not installed here: "
                                          "lucky 1.0.0"):
        GameRecord.from_toml(lucky.to_toml())


def test_embedded_rules_changed_without_the_digest_are_refused():
    record = GameRecord.of(a_game(seed=2), seed=2)
    rules = {**record.rules, "scoring": {**record.rules["scoring"], "target": 101}}
    with pytest.raises(RecordError, match="do not match its digest"):
        attrs.evolve(record, rules=rules).replay()


# -- plugin versions ------------------------------------------------------------------------------


def _bumped(version, part):
    numbers = [int(n) for n in version.split(".")]
    numbers[part] += 1
    return ".".join(map(str, numbers))


@pytest.mark.parametrize("part, policy, accepted", [
    (2, "compatible", True), (1, "compatible", False), (0, "compatible", False),
    (2, "strict", False), (2, "any", True), (0, "any", True),
])
def test_the_plugin_version_policy(part, policy, accepted):
    record = GameRecord.of(a_game(seed=2), seed=2)
    installed = record.plugins["standard"]
    other = _bumped(installed, part)
    older = attrs.evolve(record, plugins={**record.plugins, "standard": other})
    message = f"other plugin versions: standard {other} \\(installed {installed}\\)"
    if accepted:
        notices = older.version_notices(record.plugins, policy)
        assert len(notices) == 1 and "every derived event is checked" in notices[0]
        assert older.verify(policy) is None
    else:
        with pytest.raises(RecordError, match=message):
            older.verify(policy)
        if policy == "compatible":
            with pytest.raises(RecordError, match="--versions any"):
                older.replay(policy)
    with pytest.raises(RecordError, match="unknown version policy"):
        older.version_notices(record.plugins, "loose")


def test_the_cli_warns_of_a_patch_version_and_refuses_with_strict(tmp_path):
    record = GameRecord.of(a_game(seed=2), seed=2)
    other = _bumped(record.plugins["standard"], 2)
    attrs.evolve(record, plugins={**record.plugins, "standard": other}).save(tmp_path / "g.toml")
    result = CliRunner().invoke(main, ["replay", str(tmp_path / "g.toml"), "--verify"])
    assert result.exit_code == 0 and "verified" in result.output
    assert f"notice: the record was made with other plugin versions: standard {other}" \
        in result.output
    strict = CliRunner().invoke(main, ["replay", str(tmp_path / "g.toml"), "--verify",
                                       "--versions", "strict"])
    assert strict.exit_code == 1 and "Traceback" not in strict.output
    assert strict.output.startswith("Error: the record was made with other plugin versions")


# -- the header is checked against the events -------------------------------------------------------


def test_every_single_field_change_to_the_summary_is_refused(short_game):
    record = GameRecord.of(short_game, seed=4)
    text = record.to_toml()
    assert GameRecord.from_toml(text).summary == record.summary
    checked = 0
    for key, value in record.summary.items():
        for changed in _mutations(value) + ([[0]] if key == "assist_used" else []):
            tampered = attrs.evolve(record, summary={**record.summary, key: changed})
            with pytest.raises(RecordError, match=rf"summary\.{key}: the header says"):
                GameRecord.from_toml(tampered.to_toml())
            checked += 1
        dropped = {k: v for k, v in record.summary.items() if k != key}
        with pytest.raises(RecordError, match=rf"summary\.{key}: the header says nothing,"):
            GameRecord.from_toml(attrs.evolve(record, summary=dropped).to_toml())
    assert checked >= 6


def test_assist_used_cannot_be_added_or_removed(tmp_path):
    game = a_game(seed=6)
    plain = GameRecord.of(game, seed=6)
    assert plain.summary["assist_used"] == []
    with pytest.raises(RecordError, match=r"summary\.assist_used: the header says \[1\], but "
                                          r"the events say \[\]"):
        GameRecord.from_toml(attrs.evolve(plain, summary={**plain.summary,
                                                          "assist_used": [1]}).to_toml())
    assisted = GameRecord.load(V1 / "coach-assist.toml")  # migrated: the old boolean is checked
    assert assisted.assist_used
    text = (V1 / "coach-assist.toml").read_text()
    with pytest.raises(RecordError, match="the header says assist_used = False, but the events "
                                          "say True"):
        GameRecord.from_toml(text.replace("assist_used = true\n", ""))
    two = (V2 / "two-player.toml").read_text()
    with pytest.raises(RecordError, match="the header says assist_used = True, but the events "
                                          "say False"):
        GameRecord.from_toml(two.replace("seed = 11\n", "seed = 11\nassist_used = true\n"))


def test_a_summary_is_required_unless_the_header_is_a_streamed_log():
    record = GameRecord.of(a_game(seed=2), seed=2)
    with pytest.raises(RecordError, match="summary: missing"):
        GameRecord.from_toml(attrs.evolve(record, summary=None).to_toml())
    header = json.loads(record.to_jsonl().splitlines()[0])
    assert header["stream"] is True and "summary" not in header
    with pytest.raises(RecordError, match="unknown header key 'colour'"):
        GameRecord.from_toml('colour = "red"\n' + record.to_toml())
    with pytest.raises(RecordError, match="unknown header key 'schema'"):  # no posing as older
        GameRecord.from_toml("schema = 2\n" + record.to_toml())


# -- version-2 records (saved by the previous main) ---------------------------------------------

V2_RECORDS = sorted(p.name for p in V2.iterdir() if p.suffix in (".toml", ".jsonl"))


def test_the_version_2_fixtures_are_there():
    assert len(V2_RECORDS) == 6


@pytest.mark.parametrize("name", V2_RECORDS)
def test_version_2_records_load_replay_and_verify(name):
    record = GameRecord.load(V2 / name)
    assert record.schema == 2 and record.rules is None and record.summary is None
    game = record.replay()
    assert game.over and record.verify() is None
    assert CliRunner().invoke(main, ["replay", str(V2 / name), "--verify"]).exit_code == 0


def test_a_version_2_game_resumes_and_is_saved_as_version_3(tmp_path):
    cut = tmp_path / "cut.jsonl"
    lines = (V2 / "two-player.jsonl").read_text().splitlines()
    cut.write_text("\n".join(lines[:60]) + "\n")
    result = CliRunner().invoke(main, ["play", "--resume", str(cut)])
    assert result.exit_code == 0, result.output
    after = GameRecord.load(cut)
    assert after.schema == 3 and after.events[-1]["type"] == "result" and after.verify() is None
    assert after.rules is not None and after.summary is None  # a log states no summary


# -- causal events (schema 3) ---------------------------------------------------------------------



def _games():
    for name in ("two-player", "three-player", "partner", "five-card", "muggins"):
        for seed in range(4):
            yield a_game(name, seed)


def _clabber_games():
    for name in ("clabber", "clabber-renege"):
        for seed in range(3):
            yield a_game(name, seed)


def test_every_derived_event_names_the_input_that_caused_it():
    for game in (*_games(), *_clabber_games()):
        last_input = None
        for event in game.log:
            if isinstance(event, Input):
                assert event.cause is None
                last_input = event.seq
            else:
                assert event.cause == last_input, event  # None only before any input
                assert event.cause is None or game.log[event.cause].seq == event.cause


def test_a_clabber_score_names_the_play_or_call_that_made_it():
    for game in _clabber_games():
        scores = [e for e in game.log if type(e).__name__ == "Scored"]
        assert scores
        for score in scores:
            cause = game.log[score.cause]
            assert isinstance(cause, Input) and cause.hand == score.hand
            assert type(cause.action).__name__ in ("Play", "CallRenege", "Show", "Announce",
                                                   "Pass", "Name"), cause


def test_a_clabber_record_written_before_causes_still_verifies_and_a_cut_cause_does_not():
    path = Path(__file__).parent / "records" / "v3" / "clabber-before-causes.jsonl"
    record = GameRecord.load(path)  # saved by the Pegline whose Clabber named no causes
    assert not any("cause" in data for data in record.events)
    assert record.verify() is None
    fresh = GameRecord.of(record.replay())
    caused = [seq for seq, data in enumerate(fresh.events) if "cause" in data]
    assert fresh.verify() is None and caused
    seq = caused[len(caused) // 2]
    events = [dict(data) for data in fresh.events]
    del events[seq]["cause"]  # one cause taken away: no longer what the game derives
    forged = attrs.evolve(fresh, events=tuple(events))
    assert forged.verify().seq == seq


def test_a_game_started_with_a_dealer_has_causeless_start_events():
    game = Game("two-player", dealer=1)
    assert [type(e) for e in game.log] == [DealerChosen] and game.log[0].cause is None


def test_every_go_of_a_series_is_logged():
    """At a series' end below the limit, every seat but the last to play has said go (an input)
    or been logged as unable to play on (a pass), each once, before the series' last points."""
    checked = 0
    for game in _games():
        series_start = 0
        for index, event in enumerate(game.log):
            if isinstance(event, Input) and type(event.action).__name__ == "CutStarter":
                series_start = index
            if not isinstance(event, CountReset):
                continue
            series = game.log[series_start:index]
            players = game.players
            last = event.actor
            went = [e.action.seat for e in series if isinstance(e, Input)
                    and isinstance(e.action, Go)]
            passed = [e.actor for e in series if isinstance(e, Passed)]
            assert len(set(passed)) == len(passed) and not set(passed) & set(went)
            if event.count < 31:
                assert set(went) | set(passed) == set(range(players)) - {last}, (index, event)
                first_pass = next((i for i, e in enumerate(series) if isinstance(e, Passed)),
                                  None)
                if first_pass is not None:  # the passes come before the series' last points
                    tail = series[first_pass:]
                    assert all(isinstance(e, Passed | Scored) for e in tail)
                    assert all(isinstance(e, Passed) for e in tail[:len(passed)])
                checked += 1
            else:
                assert passed == []  # a 31 needs no go
            series_start = index
    assert checked > 100


def test_the_published_go_example_logs_every_go_before_its_point():
    game = Script.load(Path(__file__).with_name("records") / "seed-example-b.toml").replay()
    log = game.log
    rows = [(type(e).__name__, e.actor, e.cause) for e in log[10:19]]
    assert rows == [
        ("Input", 0, None),      # 10: seat 0 says go (the count is 24, it holds 8C 9H)
        ("Input", 1, None),      # 11: seat 1 plays 3D (27) and cannot play on
        ("Scored", 1, 11),       # 12: the go, caused by that play
        ("CountReset", 1, 11),
        ("Input", 0, None), ("Input", 1, None), ("Input", 0, None),  # 14-16: 8C 5S 9H
        ("Passed", 1, 16),       # 17: seat 1 has no cards left
        ("Scored", 0, 16),       # 18: the last card
    ]
    assert isinstance(log[10].action, Go) and log[12].rule == "go"
    assert log[17].reason == "no cards" and log[18].rule == "last-card"


def test_a_pass_says_why():
    reasons = {e.reason for game in _games() for e in game.log if isinstance(e, Passed)}
    assert reasons == {"no cards", "cannot play"}


def test_a_tied_cut_for_deal_is_recorded():
    record = GameRecord.load(V2 / "cut-tie-short-show.toml")
    game = record.replay()
    cuts = [e for e in game.log if isinstance(e, Input) and type(e.action).__name__ ==
            "CutForDeal"]
    ties = [e for e in game.log if isinstance(e, CutTie)]
    assert len(cuts) == len(ties) + 1 >= 2
    for tie in ties:
        cards = game.log[tie.cause].action.cards
        low = min(card.rank for card in cards)
        assert tie.seats == tuple(s for s, c in enumerate(cards) if c.rank == low)
        assert len(tie.seats) >= 2


@pytest.mark.parametrize("name", ["two-player", "three-player", "partner", "five-card-quick"])
def test_the_deal_records_its_order_and_who_cuts_the_starter(name):
    import random

    game = Game(name, dealer=1)
    rng = random.Random(5)
    twin = random.Random(5)
    game.apply(game.chance_action(rng))
    deal, dealt = game.log[-2], game.log[-1]
    assert isinstance(dealt, Dealt) and dealt.cause == deal.seq
    dealer, n = dealt.actor, game.players
    assert dealer == game.machine.dealer
    assert dealt.order == tuple((dealer + k) % n for k in range(1, n + 1))
    assert dealt.cutter == (dealer + 1) % n  # the dealer's left cuts (the pone with two)
    # the deck, card by card: round k gives card k of each hand, in `order`
    settings_ = game.variant.settings.deal
    deck = twin.sample(DECK, n * settings_.cards + settings_.crib_from_deck)
    for k in range(settings_.cards):
        for seat in dealt.order:
            assert deal.action.hands[seat][k] == deck.pop()
    assert list(deal.action.crib) == deck


def test_a_show_cut_short_by_the_game_s_end_records_what_was_awarded():
    game = GameRecord.load(V2 / "cut-tie-short-show.toml").replay()
    shown = [i for i, e in enumerate(game.log) if isinstance(e, HandShown)]
    last = shown[-1]
    event = game.log[last]
    awarded = [e.points for e in game.log[last + 1:] if isinstance(e, Scored)]
    assert event.awarded == sum(awarded) < event.points  # 16 in the hand, 4 recorded
    assert (event.points, event.awarded) == (16, 4)
    assert game.result.winner.score >= 121
    assert all(game.log[i].awarded is None for i in shown[:-1])


def test_a_claim_awaiting_responses_is_pending_and_an_overcount_is_traced():
    found = set()
    for seed in range(30):
        variant = load_variant("two-player", overlays=["muggins"])
        game = play_game(variant, [GreedyBot(mistakes=0.5, seed=seed), GreedyBot(seed=seed + 1)],
                         seed=seed)
        log = game.log
        for index, event in enumerate(log):
            if not (isinstance(event, Input) and isinstance(event.action, Declare)):
                continue
            claims = [e for e in log[index + 1:index + 2] if isinstance(e, Scored)]
            if not claims:
                assert event.action.points == 0
                continue
            claim = claims[0]
            assert claim.cause == event.seq
            if game.over and log[-1].cause == event.seq:
                assert not claim.pending
                continue
            assert claim.pending
            settled = next(e for e in log[index:] if isinstance(e, CountSettled))
            respond = log[settled.cause]
            assert isinstance(respond.action, Respond)
            moves = [e for e in log[settled.seq + 1:] if isinstance(e, Scored)
                     and e.cause == respond.seq]
            if settled.outcome == "overcount":
                assert [m.rule for m in moves] == ["overcount", "overcount-claim"]
                assert moves[0].points == -moves[1].points == settled.points - settled.declared
            found.add(settled.outcome)
    assert "accepted" in found


def _muggins_show(scores):
    text = (Path(__file__).with_name("records") / "seed-example-a.toml").read_text()
    game = Script.from_toml(text.replace('variant = "two-player"',
                                         'variant = "two-player"\noverlays = ["muggins"]')).replay()
    game.machine.scores = scores  # a test set-up: the scores before seat 0 counts 2 points
    return game


def test_an_overcount_is_pending_then_its_two_moves_name_the_challenge():
    game = _muggins_show((10, 1))
    declare, claim = game.apply(Declare(0, 6))
    assert isinstance(claim, Scored) and claim.pending and claim.cause == declare.seq
    assert game.codec.to_dict(claim)["pending"] is True
    respond, settled, taken, given_ = game.apply(Respond(1, "overcount"))
    assert isinstance(settled, CountSettled) and settled.outcome == "overcount"
    assert [(e.rule, e.points, e.cause) for e in (taken, given_)] == [
        ("overcount", -4, respond.seq), ("overcount-claim", 4, respond.seq)]
    assert not taken.pending and "pending" not in game.codec.to_dict(taken)


def test_a_claim_that_wins_at_once_is_not_pending():
    game = _muggins_show((119, 1))
    events = game.apply(Declare(0, 2))
    assert isinstance(events[1], Scored) and not events[1].pending and game.over


def test_every_event_type_round_trips_through_the_codec():
    games = [*_games(), GameRecord.load(V2 / "cut-tie-short-show.toml").replay(),
             GameRecord.load(V1 / "coach-assist.toml").replay()]
    seen = set()
    for game in games:
        codec = game.codec
        for event in game.log:
            data = codec.to_dict(event)
            assert codec.from_dict(json.loads(json.dumps(data))) == event
            seen.add(data["type"])
    assert seen == set(codec.events) | set(codec.actions)


def test_a_cause_on_an_input_or_not_a_number_is_refused():
    record = GameRecord.of(a_game(seed=2), seed=2)
    events = [dict(e) for e in record.events]
    events[0]["cause"] = 0
    with pytest.raises(RecordError, match="cause must be an input's seq"):
        GameRecord.from_toml(attrs.evolve(record, events=tuple(events)).to_toml())
    events = [dict(e) for e in record.events]
    events[1]["cause"] = "zero"
    with pytest.raises(RecordError, match="cause must be an input's seq"):
        GameRecord.from_toml(attrs.evolve(record, events=tuple(events)).to_toml())


def test_the_replay_prints_the_new_events():
    result = CliRunner().invoke(main, ["replay", str(V2 / "cut-tie-short-show.toml")])
    lines = result.output.splitlines()
    assert "a tie for the lowest card (seat 0, seat 1): cut again" in lines
    assert any(line.endswith("go (no cards)") for line in lines)
    assert any(line.endswith(": 16 (4 counted before the game ended)") for line in lines)


# -- compressed logs ------------------------------------------------------------------------------


def test_gzip_json_lines_are_read_and_written_transparently(tmp_path):
    game = a_game(seed=9)
    record = GameRecord.of(game, seed=9)
    record.save(tmp_path / "g.jsonl.gz")
    data = (tmp_path / "g.jsonl.gz").read_bytes()
    assert data[:2] == b"\x1f\x8b" and len(data) * 5 < len(record.to_jsonl())
    loaded = GameRecord.load(tmp_path / "g.jsonl.gz")
    assert loaded.events == record.events and loaded.verify() is None
    (tmp_path / "cut.jsonl.gz").write_bytes(data[: len(data) // 2])  # a crashed writer
    cut = GameRecord.load(tmp_path / "cut.jsonl.gz")
    assert 0 < len(cut.events) < len(record.events)
    assert cut.events == record.events[: len(cut.events)] and not cut.replay().over
    (tmp_path / "plain.jsonl.gz").write_text(record.to_jsonl())
    with pytest.raises(RecordError, match="plain.jsonl.gz: not a gzip file"):
        GameRecord.load(tmp_path / "plain.jsonl.gz")


def test_the_cli_saves_and_logs_gzip_json_lines(tmp_path):
    runner = CliRunner()
    saved, log = tmp_path / "g.jsonl.gz", tmp_path / "l.jsonl.gz"
    result = runner.invoke(main, ["play", "--seed", "5", "--save", str(saved), "--log", str(log)])
    assert result.exit_code == 0, result.output
    for path in (saved, log):
        assert path.read_bytes()[:2] == b"\x1f\x8b"
        verified = runner.invoke(main, ["replay", str(path), "--verify"])
        assert verified.exit_code == 0 and "verified" in verified.output
    assert GameRecord.load(saved).events == GameRecord.load(log).events


def _leaves(data, path=()):
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(data, list) and data and all(isinstance(v, dict) for v in data):
        for index, value in enumerate(data):
            yield from _leaves(value, (*path, index))
    else:
        yield path, data


def _set(data, path, value):
    data = json.loads(json.dumps(data))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


def test_every_single_field_change_to_the_header_is_detected(short_game):
    """Each header leaf changed alone is refused on reading or replaying, or (a plugin's
    version) named in a notice; only ``variant``, ``seed`` and the rules' ``description``,
    ``source`` and ``extends`` are information, which scores nothing."""
    record = GameRecord.of(short_game, seed=4)
    head = {k: v for k, v in record.to_dict().items() if k != "events"}
    checked = 0
    for path, value in _leaves(head):
        if path[0] in ("format", "variant", "seed") or path[:2] in (
                ("rules", "description"), ("rules", "source"), ("rules", "extends")):
            continue
        for changed in _mutations(value) or [1]:
            data = _set(record.to_dict(), path, changed)
            try:
                tampered = GameRecord.from_dict(data)
                notices = tampered.version_notices(record.plugins, "any")
                if path[0] == "plugins":
                    assert notices and path[1] in notices[0], path
                else:
                    tampered.verify("any")
                    raise AssertionError(f"{path} = {changed!r} went undetected")
            except RecordError:
                pass
            checked += 1
    assert checked >= 29


@pytest.mark.parametrize("name", sorted(available_variants()))
def test_every_shipped_variant_records_self_contained_and_verifies(name, monkeypatch):
    game = a_game(name, seed=3)
    text = GameRecord.of(game, seed=3).to_toml()
    monkeypatch.setattr("pegline_core.variant.variant_search_path", list)  # nothing found
    loaded = GameRecord.from_toml(text)
    assert loaded.rules == game.variant.to_toml_dict() and loaded.verify() is None
    assert loaded.replay().log == game.log


def test_an_action_field_named_like_the_event_header_is_refused():
    @attrs.frozen
    class Call:
        TAG: ClassVar[str] = "call"
        seat: int
        seq: int  # would be overwritten by the event's own seq in a record

    class Game:
        actions: ClassVar[dict[str, type]] = {"call": Call}
        events: ClassVar[dict[str, type]] = {}

    with pytest.raises(PluginError, match="action Call .'call'. has a field named 'seq'"):
        EventCodec(Game())


OLD_RECORD_PROBLEMS = [
    # (the record, its header line replaced, by what; what ja and zh-Hans say)
    ("v1/two-player-61.toml", "overlays = []\n", "",
     "overlays: 必須のキーがありません（バージョン 1 のヘッダーは上に重ねるバリアントを記します）",
     "overlays: 缺少必需的键（版本 1 的头部会写明叠加在上面的变体）"),
    ("v1/two-player-61.toml", 'variant = "two-player-61"', 'variant = "../house"',
     "記録のバリアント '../house' はバリアント名ではありません",
     "记录所写的变体 '../house' 不是变体名"),
    ("v1/two-player-61.toml", 'variant = "two-player-61"', 'variant = "gone"',
     "記録のバリアントを読み込めません：不明なバリアント 'gone'（",
     "请把变体文件放到 PEGLINE_VARIANT_PATH 列出的某个文件夹中"),
    ("v2/two-player.toml", "seed = 11\n", "seed = 11\nassist_used = false\n",
     "assist_used: バージョン 2 のヘッダーはコーチに尋ねたときだけ true として記します",
     "assist_used: 版本 2 的头部只在询问过教练时写明，值为 true"),
    ("v2/two-player.toml", "seed = 11\n", "seed = 11\nassist_used = true\n",
     "ヘッダーは assist_used = True ですが、イベントでは False です",
     "头部写的是 assist_used = True，但事件表明是 False"),
    ("v2/two-player.toml", "seed = 11\n", 'seed = 11\nstream = true\n',
     "不明なヘッダーキー 'stream'（スキーマバージョン 2 のヘッダーにあるのは",
     "未知的头部键 'stream'（版本 2 的头部有"),
    ("v2/two-player.toml", "seed = 11\n", 'seed = 11\nschema = 2\n',
     "不明なヘッダーキー 'schema'", "未知的头部键 'schema'"),
    ("v2/two-player.toml", "overlays = []", 'overlays = ["lowball", "lowball"]',
     "overlays: 上に重ねるバリアントは一度だけです。指定は ['lowball', 'lowball']",
     "overlays: 每个变体只能叠加一次，实际为 ['lowball', 'lowball']"),
    ("v2/two-player.toml", 'digest = "sha256:65d03bbad65e3dea69e6ee49d647c46718ea0cae617aa3d65b257'
     '409c3365079"', 'digest = ""',
     "digest: 記録のルールのダイジェストがありません", "digest: 缺少记录规则的摘要"),
]


@pytest.mark.parametrize(("record", "line", "instead", "ja", "zh"), OLD_RECORD_PROBLEMS,
                         ids=lambda value: value if value in {p[0] for p in OLD_RECORD_PROBLEMS}
                         else "")
def test_an_old_records_problems_are_said_in_the_users_language(record, line, instead, ja, zh,
                                                               tmp_path):
    """The migration of version 1 and 2 said its refusals in English under --lang ja."""
    text = (V1.parent / record).read_text(encoding="utf-8")
    assert line in text
    path = tmp_path / "old.toml"
    path.write_text(text.replace(line, instead, 1), encoding="utf-8")
    for language, words in (("ja", ja), ("zh-Hans", zh)):
        result = CliRunner().invoke(main, ["--lang", language, "replay", "--verify", str(path)])
        assert result.exit_code == 1, result.output
        assert words in result.output and "Traceback" not in result.output


@pytest.mark.parametrize(("name", "made", "ja", "zh"), [
    ("stream.toml", lambda text: text.replace("seed = 1\n", "seed = 1\nstream = true\n", 1),
     "stream: 要約のある記録はストリームのログではありません", "stream: 带摘要的记录不是流式日志"),
    ("cut.jsonl.gz", lambda text: "not gzip at all", "gzip ファイルではありません",
     "不是 gzip 文件"),
])
def test_a_records_other_problems_are_said_in_the_users_language(name, made, ja, zh, tmp_path):
    """A record's header and a compressed log were refused in English under --lang ja."""
    game = play_game("two-player-61", [GreedyBot(), GreedyBot()], seed=1)
    path = tmp_path / name
    path.write_text(made(GameRecord.of(game, seed=1).to_toml()), encoding="utf-8")
    for language, words in (("ja", ja), ("zh-Hans", zh)):
        result = CliRunner().invoke(main, ["--lang", language, "replay", str(path)])
        assert result.exit_code == 1, result.output
        assert words in result.output and "Traceback" not in result.output
