"""Mutants of the shipped variant files, and random `variants` command lines: never a traceback,
always a `file: key.path: message` error or a variant whose game ends (issue 15)."""

from __future__ import annotations

import copy
import itertools
import re
import tomllib
from pathlib import Path

import pytest
import tomli_w
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pegline_core import VariantError, available_variants, load_variant
from pegline_core.app.cli import main
from pegline_core.players import RandomBot, play_game
from pegline_core.ruleset import Ruleset
from pegline_core.variant import variant_from_table

SHIPPED = available_variants()
PROBLEM = re.compile(r"^(?:\S[^:]*\.toml: .+|unknown variant '.+)$")
"""One line: the file and what is wrong in it, or the unknown variant named."""
PYTHON_WORDS = re.compile(r"object has no attribute|is not iterable|object is not|unhashable|"
                          r"NoneType|positional argument|got (?:tuple|list|dict|int|str|float)$")
"""Python's own words, which a problem must never be in (\"'list' object has no attribute
'keys'\" was one, for ``scoring = [1]``)."""

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
            assert PROBLEM.match(problem) and not PYTHON_WORDS.search(problem), problem
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


# -- every numeric key across its whole range (issue 27) -----------------------------------------

EDGES = (-10**12, -1, 0, 1, 9, 10, 13, 31, 121, 1000, 1001, 5001, 10**12)
"""Each numeric key is set to each of these: both ends of the range, and the values either side of
the limits the schemas state (a card's 10, a show of 12 cards, the targets, the caps); the slow
test below tries any integer."""
MAX_EVENTS = 60_000
"""More events than any game that `variants check` accepts makes (a game to 1000 by three seats
is some 10,000): a game still running past it would never end."""


def _integer_leaves(data, prefix=()):
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _integer_leaves(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _integer_leaves(value, prefix + (index,))
    elif type(data) is int:
        yield prefix


def numeric_keys():
    """(variant, path, resolved table) for every integer key of every shipped variant, the plugins'
    configuration with its defaults included; a key shared by several variants once, from the
    first that has it (the same schema checks it in all)."""
    found = {}
    for name in sorted(SHIPPED):
        variant = load_variant(name)
        table = variant.to_toml_dict()
        table["config"] = Ruleset(variant).resolved_config()
        for path in _integer_leaves(table):
            shape = (variant.game, *(part if isinstance(part, str) else 0 for part in path))
            found.setdefault(shape, (name, path, table))
    return list(found.values())


NUMERIC_KEYS = numeric_keys()


def plays_or_is_refused(name, path, table, value):
    """``table`` with ``path`` set to ``value`` is refused with a `file: key.path: message`
    problem, or its game ends (within `MAX_EVENTS`)."""
    table = copy.deepcopy(table)
    parent = table
    for part in path[:-1]:
        parent = parent[part]
    parent[path[-1]] = value
    try:
        variant = variant_from_table(table, name=name)
    except VariantError as exc:
        assert exc.problems
        for problem in exc.problems:
            assert re.match(rf"^{re.escape(name)}: \S+: .+", problem), problem
        return "refused"
    events = itertools.count()

    def counted(event):
        assert next(events) < MAX_EVENTS, (path, value, "the game does not end")

    game = play_game(variant, [RandomBot(seat) for seat in range(variant.table.players)],
                     seed=1, on_event=counted)
    assert game.over, (path, value)
    return "played"


def test_every_numeric_key_of_every_schema_is_swept():
    paths = {path for _, path, _ in NUMERIC_KEYS}
    for key in [("pegging", "limit"), ("deal", "cards"), ("deal", "crib_from_deck"),
                ("table", "players"), ("scoring", "target"), ("skunk", 0, "below"),
                ("config", "standard", "fifteen"), ("config", "muggins", "max_declaration"),
                ("config", "pegflush", "min_cards"), ("config", "caps", "go_within")]:
        assert key in paths, key
    assert ("clabber", "scoring", "target") in {(load_variant(n).game, *p)
                                                  for n, p, _ in NUMERIC_KEYS}


@pytest.mark.parametrize(("name", "path", "table"), NUMERIC_KEYS,
                         ids=[f"{n}:{'.'.join(map(str, p))}" for n, p, _ in NUMERIC_KEYS])
def test_a_numeric_key_at_every_edge_is_refused_or_plays_to_the_end(name, path, table):
    outcomes = {value: plays_or_is_refused(name, path, table, value) for value in EDGES}
    assert set(outcomes.values()) <= {"refused", "played"}


@pytest.mark.slow
@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(NUMERIC_KEYS), st.one_of(st.integers(-64, 1100), st.integers()))
def test_a_numeric_key_at_any_value_is_refused_or_plays_to_the_end(key, value):
    plays_or_is_refused(*key, value)


@pytest.mark.parametrize("limit", range(-1, 12))
def test_a_pegging_limit_below_a_face_card_is_refused_with_the_reason(limit):
    table = load_variant("two-player").to_toml_dict() | {"pegging": {"limit": limit}}
    if limit >= 10:
        assert variant_from_table(table, name="low").settings.pegging.limit == limit
    else:
        with pytest.raises(VariantError, match=r"pegging.limit: must be at least 10 \(a ten or "
                                               r"a face card counts 10\), got "):
            variant_from_table(table, name="low")


GAMES = sorted({load_variant(name).game for name in SHIPPED})


@pytest.mark.parametrize("name", sorted(SHIPPED))
@pytest.mark.parametrize("game", GAMES)
def test_a_game_named_among_a_variants_rule_plugins_is_refused(name, game):
    table = load_variant(name).to_toml_dict()
    table["plugins"] = [*table["plugins"], game]
    with pytest.raises(VariantError) as caught:
        variant_from_table(table, name=name)
    assert f"plugin {game!r} is a game, not a rule plugin" in str(caught.value)
