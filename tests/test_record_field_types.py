"""A record whose header has a field of the wrong type (every field of a version-3 header, each
replaced by a value of every other TOML/JSON type, in TOML and in JSON Lines) is one clear
message on `pegline replay --verify` and `pegline play --resume`: never a traceback."""

from __future__ import annotations

import copy
import json
import tomllib

import pytest
from click.testing import CliRunner

from pegline_core import record_toml
from pegline_core.app.cli import main
from tests.test_forged_headers import OTHERS, short_record


def _head_paths(table, prefix=()):
    for key, value in table.items():
        if prefix or key != "events":
            yield (*prefix, key)
            if isinstance(value, dict):
                yield from _head_paths(value, (*prefix, key))


def _wrong_typed(full, values=OTHERS):
    for path in _head_paths(full):
        for value in values:
            changed = copy.deepcopy(full)
            parent = changed
            for part in path[:-1]:
                parent = parent[part]
            if type(parent[path[-1]]) is type(value) and parent[path[-1]] == value:
                continue
            parent[path[-1]] = value
            yield path, value, changed


ONE_OF_EACH = (True, 0, 2.5, "x", [1], {"x": 1})
"""A value of each TOML type: the fast path of TOML's case (JSON Lines tries every value)."""


@pytest.mark.parametrize(("form", "values", "least"), [
    ("jsonl", OTHERS, 1_000),
    ("toml", ONE_OF_EACH, 400),
    pytest.param("toml", OTHERS[1:], 1_000, marks=pytest.mark.slow),  # TOML has no null
])
def test_every_header_field_of_a_wrong_type_is_one_message(tmp_path, form, values, least):
    full = tomllib.loads(short_record().to_toml())
    runner, tried = CliRunner(), 0
    for path, value, changed in _wrong_typed(full, values):
        file = tmp_path / f"record.{form}"
        if form == "toml":
            file.write_text(record_toml.dumps(changed))
        else:
            events = changed.pop("events")
            file.write_text("".join(json.dumps(x) + "\n" for x in (changed, *events)))
            changed["events"] = events
        for command in (["replay", str(file), "--verify"], ["play", "--resume", str(file)]):
            result = runner.invoke(main, command)
            tried += 1
            said = (path, value, form, command[0], result.output[-300:])
            assert "Traceback" not in result.output, said
            if result.exit_code == 0:  # a value the field may hold (a seed of 0): it went through
                continue
            assert isinstance(result.exception, SystemExit), said
            assert result.exit_code in (1, 2), said
            assert sum(line.startswith("Error:") for line in result.output.splitlines()) == 1
    assert tried > least
