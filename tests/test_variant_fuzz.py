"""Mutants of the shipped variant files, and random `variants` command lines: never a traceback,
always a `file: key.path: message` error or a variant whose game ends (issue 15)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import tomli_w
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pegline_core import VariantError, available_variants, load_variant
from pegline_core.app.cli import main
from pegline_core.app.players import RandomBot, play_game

SHIPPED = available_variants()
PROBLEM = re.compile(r"^(?:\S[^:]*\.toml: .+|unknown variant '.+)$")
"""One line: the file and what is wrong in it, or the unknown variant named."""

scalars = st.one_of(st.integers(-10**12, 10**12), st.booleans(), st.text(max_size=12),
                    st.floats(allow_nan=False), st.sampled_from([0, 1, 2, 61, 121, 1000, 1001]))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(min_size=1, max_size=8), inner,
                                                 max_size=3)), max_leaves=8)
keys = st.sampled_from(["game", "plugins", "disable", "extends", "table", "deal", "pegging",
                        "scoring", "skunk", "config", "description", "nonsense", "cards",
                        "target", "players", "teams", "below", "name", "game_points",
                        "standard", "muggins", "hole", "go_from", "min_cards", "limit"])


def paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from paths(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from paths(value, prefix + (index,))


@st.composite
def mutants(draw):
    name = draw(st.sampled_from(sorted(SHIPPED)))
    data = tomllib.loads(SHIPPED[name].read_text())
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(list(paths(data))))
        parent = data
        for part in where[:-1]:
            parent = parent[part]
        action = draw(st.sampled_from(["replace", "delete", "add"]))
        if not where or action == "add":
            target = parent[where[-1]] if where else data
            if isinstance(target, dict):
                target[draw(keys)] = draw(values)
            elif isinstance(target, list):
                target.append(draw(values))
        elif action == "delete" and isinstance(parent, dict):
            del parent[where[-1]]
        else:
            parent[where[-1]] = draw(values)
    return name, data


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutants())
def test_a_mutated_shipped_variant_is_an_error_or_a_game_that_ends(tmp_path_factory, mutant):
    name, data = mutant
    folder = tmp_path_factory.mktemp("mutant")
    path = folder / f"{name}.toml"
    try:
        path.write_text(tomli_w.dumps(data))
    except (TypeError, ValueError):  # not expressible as TOML (e.g. a key tomli-w refuses)
        return
    try:
        variant = load_variant(path)
    except VariantError as exc:
        assert exc.problems
        for problem in exc.problems:
            assert PROBLEM.match(problem), problem
        return
    game = play_game(variant, [RandomBot(seat) for seat in range(variant.table.players)],
                     seed=1)
    assert game.over


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.sampled_from([*SHIPPED, "two-players", "x.toml", "/", "",
                                           "../etc/passwd", "-", "--with", "-x"]),
                          st.text(max_size=10)), max_size=4),
       st.sampled_from(["show", "check"]))
def test_random_variants_command_lines_never_raise(args, command):
    result = CliRunner().invoke(main, ["variants", command, *args])
    assert result.exit_code in (0, 1, 2), (args, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        (args, repr(result.exception))
    assert "Traceback" not in result.output


def test_every_shipped_file_is_a_valid_mutation_seed():
    for name, path in SHIPPED.items():
        assert Path(path).is_file() and load_variant(name).name == name
