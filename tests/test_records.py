"""Game records (docs/records.md): save, load, replay, verify, resume, and corrupt files."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from pegline_core import RandomBot, Ruleset, load_variant, play_game
from pegline_core.app.cli import main
from pegline_core.record import GameRecord, RecordError
from pegline_cribbage.bots import GreedyBot
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
                tampered = GameRecord(record.variant, record.overlays, record.digest,
                                      record.plugins, record.dealer, record.seed, tuple(events))
                difference = tampered.verify()
                assert difference is not None and difference.seq == index, (index, key)
                checked += 1
    assert checked > 150


def test_a_reordered_or_changed_input_is_caught():
    record = GameRecord.of(a_game(seed=3), seed=3)
    events = list(record.events)
    plays = [i for i, e in enumerate(events) if e["type"] == "play"]
    events[plays[0]], events[plays[1]] = events[plays[1]], events[plays[0]]
    swapped = GameRecord(record.variant, (), record.digest, record.plugins, None, 3, tuple(events))
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
    (lambda t: t.replace("version = 2", "version = 99"), "record version 99 is not supported"),
])
def test_corrupt_toml_records_name_their_place(edit, message):
    text = GameRecord.of(a_game(), seed=1).to_toml()
    with pytest.raises(RecordError, match=message):
        GameRecord.from_toml(edit(text))


def test_a_card_dealt_twice_or_an_illegal_action_is_reported_and_nothing_loaded():
    record = GameRecord.of(a_game(), seed=1)
    events = [dict(e) for e in record.events]
    deal = next(i for i, e in enumerate(events) if e["type"] == "deal")
    hands = [list(h) for h in events[deal]["hands"]]
    hands[1][0] = hands[0][0]
    events[deal] = {**events[deal], "hands": hands}
    broken = GameRecord(record.variant, (), record.digest, record.plugins, None, 1, tuple(events))
    with pytest.raises(RecordError, match=rf"event {deal} \(record item {deal}\): a card cannot "
                                          "be dealt twice"):
        broken.replay()


def test_a_record_under_other_rules_is_reported_not_replayed():
    record = GameRecord.of(a_game(), seed=1)
    other = GameRecord(record.variant, (), "sha256:0000", record.plugins, None, 1, record.events)
    with pytest.raises(RecordError, match="made under other rules"):
        other.replay()
    older = GameRecord(record.variant, (), record.digest, {"standard": "0.0.1"}, None, 1,
                       record.events)
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
    GameRecord(record.variant, (), record.digest, record.plugins, None, 4,
               record.events[:40]).save(half)
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
    assert len(game.log) == len(record.events)
    assert record.verify() is None
    assert game.codec.dicts(game.log) == list(record.events)  # the events read unchanged


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
def test_a_cut_off_version_1_game_resumes_and_is_saved_as_version_2(tmp_path, name):
    saved = tmp_path / name
    saved.write_bytes((V1 / name).read_bytes())
    before = GameRecord.load(saved)
    result = CliRunner().invoke(main, ["play", "--resume", str(saved)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1].startswith("resumed from ")
    after = GameRecord.load(saved)
    text = saved.read_text()
    assert ('"version": 2' in text.splitlines()[0]) if name.endswith(".jsonl") else \
        "\nversion = 2\n" in text
    assert after.digest.startswith("sha256:") and after.game == "cribbage"
    assert after.events[:len(before.events)] == before.events
    assert after.events[-1]["type"] == "result" and after.verify() is None


def test_a_version_1_record_is_still_refused_under_other_rules(tmp_path, monkeypatch):
    record = GameRecord.load(V1 / "two-player-61.toml")
    tampered = GameRecord(record.variant, (), "v1-sha256:0000", record.plugins, None, 11,
                          record.events)
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


def test_a_record_names_its_game_and_a_header_without_one_is_cribbage():
    record = GameRecord.of(a_game(seed=5), seed=5)
    assert record.header()["game"] == "cribbage"
    assert "\ngame = \"cribbage\"\n" in record.to_toml()
    headless = record.to_toml().replace('game = "cribbage"\n', "", 1)
    assert GameRecord.from_toml(headless).game == "cribbage"
    other = GameRecord(record.variant, (), record.digest, record.plugins, None, 5, (), "clabber")
    with pytest.raises(RecordError, match="the record's game 'clabber' cannot be loaded: "
                                          "unknown plugin 'clabber'"):
        GameRecord.from_toml(other.to_toml())
