"""Depth and size are bounded wherever Pegline parses input (issue 27): every JSON and TOML it
reads goes through one bounded reader (`pegline_core.files`), so input nested too deeply is one
clear error (a 400 from the web server), never a RecursionError, at every depth and in every
place."""

from __future__ import annotations

import json

import pytest

from pegline_core import RecordError, VariantError, load_variant
from pegline_core.app.match import MatchRecord
from pegline_core.files import MAX_DEPTH, parse_json, parse_toml
from pegline_core.record import GameRecord
from pegline_cribbage.scripts import Script

DEPTHS = (MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, 100, 5_000)
TOO_DEEP = f"nested more than {MAX_DEPTH} deep"


def json_nest(depth: int, kind: str) -> str:
    """A JSON value ``depth`` arrays or objects deep: arrays, objects, or the two in turn."""
    opens = {"array": ["["], "object": ['{"a": '], "mixed": ["[", '{"a": ']}[kind]
    closes = {"[": "]", '{"a": ': "}"}
    parts = [opens[i % len(opens)] for i in range(depth)]
    return "".join(parts) + "1" + "".join(closes[p] for p in reversed(parts))


def toml_nest(depth: int, kind: str) -> str:
    """A TOML document ``depth`` arrays or tables deep, itself included: inline arrays, inline
    tables, dotted keys or a table header of dotted keys."""
    if kind == "dotted":
        return ".".join(["a"] * depth) + " = 1\n"
    if kind == "header":
        return "[" + ".".join(["a"] * (depth - 1)) + "]\nb = 1\n"
    inner = json_nest(depth - 1, kind).replace('"a": ', "a = ")
    return f"x = {inner}\n"


JSON_KINDS = ("array", "object", "mixed")
TOML_KINDS = ("array", "object", "mixed", "dotted", "header")


@pytest.mark.parametrize("depth", DEPTHS)
@pytest.mark.parametrize("kind", JSON_KINDS)
def test_json_deeper_than_the_bound_is_one_error(depth, kind):
    text = json_nest(depth, kind)
    if depth <= MAX_DEPTH:
        assert parse_json(text, "t", ValueError) == json.loads(text)
    else:
        with pytest.raises(ValueError, match=f"^t: arrays or tables {TOO_DEEP}$"):
            parse_json(text, "t", ValueError)
        with pytest.raises(ValueError, match=TOO_DEEP):
            parse_json(text.encode(), "t", ValueError)


@pytest.mark.parametrize("depth", DEPTHS)
@pytest.mark.parametrize("kind", TOML_KINDS)
def test_toml_deeper_than_the_bound_is_one_error(depth, kind):
    text = toml_nest(depth, kind)
    if depth <= MAX_DEPTH:
        assert parse_toml(text, "t", ValueError)
    else:
        with pytest.raises(ValueError, match=f"^t: (arrays or tables {TOO_DEEP}|not valid TOML)"):
            parse_toml(text, "t", ValueError)


DEEP = (MAX_DEPTH + 1, 5_000)


@pytest.fixture(scope="module")
def log_lines():
    from pegline_core import RandomBot, play_game
    game = play_game("two-player-61", [RandomBot(0), RandomBot(1)], seed=3)
    return GameRecord.of(game).to_jsonl().splitlines()


@pytest.mark.parametrize("depth", DEEP)
@pytest.mark.parametrize("kind", JSON_KINDS)
@pytest.mark.parametrize("line", [0, 1, -1])
def test_a_deep_value_in_any_line_of_a_log_is_a_record_error(log_lines, depth, kind, line):
    lines = list(log_lines)
    row = json.loads(lines[line])
    row["deep"] = json.loads(json_nest(min(depth, MAX_DEPTH + 1), kind))
    lines[line] = json.dumps(row) if depth <= MAX_DEPTH + 1 else \
        lines[line][:-1] + ', "deep": ' + json_nest(depth, kind) + "}"
    with pytest.raises(RecordError):
        GameRecord.from_jsonl("\n".join(lines) + "\n")
    if line == 0:
        match = ('{"format": "pegline-match", "version": 1, "match": {"best_of": 1}, '
                 '"stream": true, "deep": ' + json_nest(depth, kind) + "}\n")
        with pytest.raises(RecordError):
            MatchRecord.from_jsonl(match + "\n".join(log_lines) + "\n")


@pytest.mark.parametrize("depth", DEEP)
@pytest.mark.parametrize("kind", TOML_KINDS)
def test_a_deep_toml_file_of_any_kind_is_a_clear_error(tmp_path, depth, kind):
    text = toml_nest(depth, kind)
    path = tmp_path / "deep.toml"
    path.write_text('extends = ["two-player"]\n' + text)
    with pytest.raises(VariantError, match="deep.toml: "):
        load_variant(path)
    with pytest.raises(RecordError):
        GameRecord.from_toml('format = "pegline-record"\nversion = 3\n' + text)
    with pytest.raises(RecordError):
        MatchRecord.from_toml('format = "pegline-match"\nversion = 1\n' + text)
    with pytest.raises(ValueError):
        Script.from_toml(text)


@pytest.mark.parametrize("depth", DEEP)
@pytest.mark.parametrize("kind", JSON_KINDS)
@pytest.mark.parametrize("route", ["/api/replay", "/api/tables"])
def test_the_web_server_answers_a_deep_body_400(depth, kind, route):
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from pegline_core.app.web import create_app
    from pegline_core.app.web.tables import Tables

    with TestClient(create_app(Tables())) as client:
        response = client.post(route, content=json_nest(depth, kind),
                               headers={"content-type": "application/json"})
        assert response.status_code == 400, response.text
        assert TOO_DEEP in response.json()["error"]


@pytest.mark.parametrize("depth", DEEP)
@pytest.mark.parametrize("kind", JSON_KINDS)
def test_a_table_answers_a_deep_move_or_socket_message_400_and_goes_on(depth, kind):
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from pegline_core.app.web import create_app
    from pegline_core.app.web.tables import Tables

    with TestClient(create_app(Tables())) as client:
        table = client.post("/api/tables", json={"variant": "two-player",
                                                 "seats": ["person", "bot:greedy"]}).json()
        ident, token = table["id"], table["seats"][0]["token"]
        moved = client.post(f"/api/tables/{ident}/moves", content=json_nest(depth, kind),
                            headers={"content-type": "application/json",
                                     "Authorization": f"Bearer {token}"})
        assert moved.status_code == 400 and TOO_DEEP in moved.json()["error"]
        with client.websocket_connect(f"/api/tables/{ident}/socket?seat={token}") as socket:
            before = socket.receive_json()["state"]["next"]
            socket.send_text(json_nest(depth, kind))
            refused = socket.receive_json()
            assert refused["status"] == 400
            socket.send_json({"token": token, "since": 0})  # the socket goes on
            assert socket.receive_json()["state"]["next"] == before


LONG_NUMBER = "9" * 5_000
"""An integer literal longer than Python converts from text (4,300 digits)."""


def test_a_number_too_long_to_read_is_one_error_in_json_and_toml():
    with pytest.raises(ValueError, match="^t: not valid JSON: a number of more than 4300 digits$"):
        parse_json(f'{{"a": {LONG_NUMBER}}}', "t", ValueError)
    with pytest.raises(ValueError, match="^t: not valid TOML: a number of more than 4300 digits$"):
        parse_toml(f"a = {LONG_NUMBER}\n", "t", ValueError)


def test_a_number_too_long_to_read_in_a_variant_a_record_or_a_log_is_theirs(tmp_path, log_lines):
    variant = tmp_path / "long.toml"
    variant.write_text(f'extends = ["two-player"]\n[scoring]\ntarget = {LONG_NUMBER}\n')
    with pytest.raises(VariantError, match="long.toml: not valid TOML: a number of more"):
        load_variant(variant)
    with pytest.raises(RecordError, match="a number of more"):
        GameRecord.from_toml(f'format = "pegline-record"\nversion = {LONG_NUMBER}\n')
    with pytest.raises(RecordError, match="a number of more"):
        MatchRecord.from_toml(f'format = "pegline-match"\nversion = {LONG_NUMBER}\n')
    lines = [log_lines[0][:-1] + f', "x": {LONG_NUMBER}}}', *log_lines[1:]]
    with pytest.raises(RecordError, match="line 1: not valid JSON: a number of more"):
        GameRecord.from_jsonl("\n".join(lines) + "\n")


def test_the_web_server_answers_a_number_too_long_to_read_400():
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from pegline_core.app.web import create_app
    from pegline_core.app.web.tables import Tables

    with TestClient(create_app(Tables())) as client:
        response = client.post("/api/tables", content=f'{{"seed": {LONG_NUMBER}}}',
                               headers={"content-type": "application/json"})
        assert response.status_code == 400
        assert "a number of more than 4300 digits" in response.json()["error"]


def test_a_lone_surrogate_in_json_is_one_error_and_a_pair_is_a_character(log_lines):
    for text in ('"\\ud800"', '{"a": "x\\uDCA5"}', '{"\\ud800": 1}', b'["\\ud83d"]'):
        with pytest.raises(ValueError, match="^t: not valid JSON: a lone surrogate"):
            parse_json(text, "t", ValueError)
    assert parse_json('"\\ud83d\\udca5"', "t", ValueError) == "\U0001f4a5"
    row = json.loads(log_lines[1]) | {"x": "\ud800"}
    lines = [log_lines[0], json.dumps(row), *log_lines[2:]]
    with pytest.raises(RecordError, match="line 2: not valid JSON: a lone surrogate"):
        GameRecord.from_jsonl("\n".join(lines) + "\n")
