"""Game records (docs/records.md): save, load, replay, verify, resume, and corrupt files."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from pegline_core import RandomBot, load_variant, play_game
from pegline_core.app.cli import main
from pegline_core.events import INPUT_TYPES, event_to_dict
from pegline_core.record import GameRecord, RecordError
from pegline_cribbage.bots import GreedyBot
from pegline_cribbage.scripts import Script

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"
VARIANTS = ["two-player", "two-player-61", "three-player", "partner", "five-card",
            "five-card-quick", "lowball", "muggins"]


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
        'extends = ["two-player"]\n[game]\ntarget = 31\n[[skunk]]\nname = "lurch"\n'
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
    checked = 0
    for index, event in enumerate(base):
        if event["type"] in INPUT_TYPES:
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
            inputs = [e for e in record.events if e["type"] in INPUT_TYPES]
            assert len(resumed.inputs()) == len(inputs)
            derived = [{k: v for k, v in event_to_dict(e).items() if v is not None}
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
    (lambda t: t.replace("version = 1", "version = 99"), "record version 99 is not supported"),
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
