"""A record whose header has a field of the wrong type (every field of a version-3 header, each
replaced by a value of every other TOML/JSON type, in TOML and in JSON Lines) is one clear
message on `pegline replay --verify` and `pegline play --resume`: never a traceback."""

from __future__ import annotations

import json
import tomllib

import pytest
from click.testing import CliRunner

from pegline_core import record_toml
from pegline_core.app.cli import main
from tests.test_forged_headers import OTHERS, changed, paths, short_record


def _wrong_typed(header, values):
    """``(path, value, header)``: each field of ``header`` (at any depth) set to each of
    ``values`` that it does not already hold."""
    for path, value in paths(header):
        for new in values:
            if not (type(new) is type(value) and new == value):
                yield path, new, changed(header, path, new)


ONE_OF_EACH = (True, 0, 2.5, "x", [1], {"x": 1})
"""A value of each TOML type: the fast path of TOML's case (JSON Lines tries every value)."""


@pytest.mark.parametrize(("form", "values", "least"), [
    ("jsonl", OTHERS, 1_000),
    ("toml", ONE_OF_EACH, 400),
    pytest.param("toml", OTHERS[1:], 1_000, marks=pytest.mark.slow),  # TOML has no null
])
def test_every_header_field_of_a_wrong_type_is_one_message(tmp_path, form, values, least):
    header = tomllib.loads(short_record().to_toml())
    events = header.pop("events")
    runner, tried = CliRunner(), 0
    for path, value, forged in _wrong_typed(header, values):
        file = tmp_path / f"record.{form}"
        if form == "toml":
            file.write_text(record_toml.dumps(forged | {"events": events}))
        else:
            file.write_text("".join(json.dumps(x) + "\n" for x in (forged, *events)))
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
