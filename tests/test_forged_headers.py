"""Every single-field change of a record's header is detected, of every schema version and of
match records (issue 27): generated, not listed. Only the fields docs/records.md calls
information (`variant`, `seed`, the rules' `description`, `source` and `extends`) may change, and
only to a value of their own type; every other change is refused as the record is read, or by
`--verify` (a replay that differs, a digest that does not match, plugin versions that differ)."""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path

import pytest

from pegline_core import RandomBot, RecordError, load_variant, play_game, record_toml
from pegline_core.app.match import MatchRecord, MatchRules, play_match
from pegline_core.record import GameRecord
from pegline_core.record_header import HEADER_KEYS
from pegline_core.variant import variant_from_table

RECORDS = Path(__file__).parent / "records"
OTHERS = (None, True, False, 0, 1, -1, 2.5, "", "x", [], [1], ["x"], {}, {"x": 1})
"""A value of every JSON type (null only in JSON: TOML has none), each empty and not."""
INFORMATION = {("variant",): str, ("seed",): int, ("rules", "description"): str,
               ("rules", "source"): str, ("rules", "extends"): list}
"""The fields that score nothing, and the type each must keep."""
DELETED = object()


def neighbours(value):
    """Values of the same type one step away: a number either side, a string changed, a table
    or an array with one entry removed, added or emptied."""
    if type(value) is bool:
        return [not value]
    if type(value) is int:
        return [value - 1, value + 1]
    if type(value) is str:
        return [value + "x", value[:-1]] if value else ["x"]
    if isinstance(value, list):
        return [value[:-1], [*value, *value[-1:]]] if value else [[0]]
    if isinstance(value, dict):
        return [{}, {**value, "x": 1}] + [{k: v for k, v in value.items() if k != key}
                                          for key in list(value)[:1]]
    return []


def paths(data, prefix=()):
    for key, value in data.items():
        yield prefix + (key,), value
        if isinstance(value, dict):
            yield from paths(value, prefix + (key,))


def changes(header: dict, schema_keys):
    """Every single-field change: each field (at any depth) deleted, set to each value of
    `OTHERS` and to each of its `neighbours`; each key of the schema that is absent added;
    an unknown key added."""
    for path, value in paths(header):
        for new in (DELETED, *OTHERS, *neighbours(value)):
            if new is DELETED or not (type(new) is type(value) and new == value):
                yield path, new
    for key in sorted(set(schema_keys) - set(header)):
        for new in OTHERS:
            yield (key,), new
    yield ("colour",), "red"


def changed(header, path, new):
    header = copy.deepcopy(header)
    parent = header
    for part in path[:-1]:
        parent = parent[part]
    if new is DELETED:
        del parent[path[-1]]
    else:
        parent[path[-1]] = new
    return header


def may_pass(path, new):
    kind = INFORMATION.get(path) or INFORMATION.get(path[:2])
    if kind is None:
        return False
    if new is DELETED:
        return path != ("variant",)
    return type(new) is kind and (kind is not list or all(type(x) is str for x in new))


def detected(load) -> bool:
    """Whether the record ``load()`` reads is refused, or fails `verify`."""
    try:
        record = load()
        if record.verify() is not None:
            return True
        game = record.new_game("any")
    except RecordError:
        return True
    return bool(record.version_notices(game.ruleset.versions()))


def short_variant(target=31):
    """Two players to ``target``: to 31 a game of a hand or two, to 9 of part of one."""
    table = load_variant("two-player").to_toml_dict()
    table["scoring"] = {**table["scoring"], "target": target}
    table["skunk"] = []
    return variant_from_table(table, name=f"two-player-{target}")


def short_record():
    """A whole game to 31, as a version-3 record."""
    game = play_game(short_variant(), [RandomBot(0), RandomBot(1)], seed=4)
    assert game.over
    return GameRecord.of(game, seed=4)


def as_jsonl(header, events) -> str:
    return "".join(json.dumps(line) + "\n" for line in (header, *events))


SLOW = {"v3-stream", "v3-clabber", "v1/two-player-61.toml"}
"""The headers the slow run adds: the same schemas as the fast run's, other games and forms."""


def game_cases():
    v3 = short_record()
    clabber = play_game("clabber", [RandomBot(s) for s in range(4)], seed=2)
    yield "v3", v3.header(), list(v3.events)
    yield "v3-stream", v3.header(stream=True), list(v3.events)
    cl = GameRecord.of(clabber, seed=2)
    yield "v3-clabber", cl.header(), list(cl.events)
    for name in ("v1/cut-off.toml", "v1/two-player-61.toml", "v2/muggins-61.toml"):
        data = tomllib.loads((RECORDS / name).read_text())
        events = data.pop("events")
        yield name, data, events


GAME_CASES = [pytest.param(*case, id=case[0], marks=[pytest.mark.slow] if case[0] in SLOW else [])
              for case in game_cases()]


@pytest.mark.parametrize(("name", "header", "events"), GAME_CASES)
def test_every_single_field_change_of_a_record_header_is_detected(name, header, events):
    assert not detected(lambda: GameRecord.from_jsonl(as_jsonl(header, events)))
    schema = header["version"]
    passed = []
    count = 0
    for path, new in changes(header, HEADER_KEYS[schema]):
        count += 1
        text = as_jsonl(changed(header, path, new), events)
        if not detected(lambda text=text: GameRecord.from_jsonl(text, name="forged")) \
                and not may_pass(path, new):
            passed.append((path, "deleted" if new is DELETED else new))
    assert not passed, "\n".join(map(repr, passed))
    assert count > 150


@pytest.fixture(scope="module")
def match_record():
    match = play_match(short_variant(9), [RandomBot(0), RandomBot(1)], MatchRules(best_of=1),
                       seed=8)
    return tomllib.loads(MatchRecord.of(match, seeds=match.seeds).to_toml())


def test_every_single_field_change_of_a_match_record_is_detected(match_record):
    def match_detected(data) -> bool:
        try:
            record = MatchRecord.from_toml(record_toml.dumps(data))
            if record.verify() is not None:
                return True
        except RecordError:
            return True
        return any(game.version_notices(game.new_game("any").ruleset.versions())
                   for game in record.games)

    assert not match_detected(match_record)
    head = {k: v for k, v in match_record.items() if k != "games"}
    passed, count = [], 0
    for path, new in changes(head, ("format", "version", "match", "summary")):
        if new is None:
            continue  # TOML has no null
        count += 1
        data = changed(head, path, new) | {"games": match_record["games"]}
        if not match_detected(data):
            passed.append((path, new))
    game = match_record["games"][0]
    game_head = {k: v for k, v in game.items() if k != "events"}
    for path, new in changes(game_head, HEADER_KEYS[3]):
        if new is None or (len(path) > 1 and path[0] == "rules"):
            continue  # TOML has no null; the rules within are the game record test's
        count += 1
        data = match_record | {"games": [changed(game_head, path, new) | {"events":
                                                                          game["events"]}]}
        if not match_detected(data) and not may_pass(path, new):
            passed.append((("games", 0, *path), new))
    assert not passed, passed
    assert count > 150
