"""A record's TOML text (pegline_core.record_toml) is exactly what tomli-w writes: for every
shipped variant's records, and for generated tables of every shape a writer could meet."""

import tomllib

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from pegline_core import RandomBot, load_variant, play_game
from pegline_core.record import GameRecord
from pegline_core.record_toml import dumps
from pegline_core.variant import available_variants


def _variants():
    return sorted(available_variants())


@pytest.mark.parametrize("name", _variants())
def test_every_shipped_variant_s_record_is_written_as_tomli_w_writes_it(name):
    variant = load_variant(name)
    for seed in (1, 2):
        game = play_game(variant, [RandomBot(seed + s) for s in range(variant.table.players)],
                         seed=seed)
        record = GameRecord.of(game, seed=seed)
        text = record.to_toml()
        assert text == tomli_w.dumps(record.to_dict())
        assert tomllib.loads(text) == record.to_dict()
        assert GameRecord.from_toml(text).verify() is None


def test_a_record_cut_short_and_an_inputs_only_record_too():
    game = play_game("two-player", [RandomBot(1), RandomBot(2)], seed=3)
    for record in (GameRecord.of(game, seed=3, derived=False),
                   GameRecord.of(game.copy(), seed=3)):
        assert record.to_toml() == tomli_w.dumps(record.to_dict())
    empty = GameRecord("two-player")
    assert empty.to_toml() == tomli_w.dumps(empty.to_dict())


# Values of every kind TOML and tomli-w know, with strings that need every kind of escape.
_text = st.text(st.characters(codec="utf-8"), max_size=12) | st.sampled_from(
    ["", "5H", 'a "quote"', "back\\slash", "tab\there", "nl\nx", "\x00\x1f\x7f\x08\x0c\r",
     "é ü 日本", "x" * 120])
_keys = _text | st.sampled_from(["seq", "type", "cards", "a-b_c", "1", "with space", "dotted.key"])
_scalars = _text | st.integers(-(2**63), 2**63 - 1) | st.booleans()
_values = st.recursive(
    _scalars, lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(_keys, inner, max_size=3), max_leaves=12)
_events = st.dictionaries(_keys, _values, max_size=6)


@settings(max_examples=250, deadline=None)
@given(head=st.dictionaries(_keys.filter(lambda k: k != "events"), _values, max_size=4),
       events=st.lists(_events, max_size=5))
def test_any_table_ending_in_events_is_written_as_tomli_w_writes_it(head, events):
    data = head | {"events": events}
    text = dumps(data)
    assert text == tomli_w.dumps(data)
    assert tomllib.loads(text) == tomllib.loads(tomli_w.dumps(data))


@settings(max_examples=100, deadline=None)
@given(events=st.lists(st.dictionaries(st.sampled_from(["seq", "type", "cards", "n"]),
                                       _scalars | st.lists(_text, max_size=3), max_size=4),
                       min_size=1, max_size=4))
def test_short_events_that_tomli_w_writes_inline_are_written_inline(events):
    data = {"format": "pegline-record", "events": events}
    assert dumps(data) == tomli_w.dumps(data)


def test_what_tomli_w_refuses_is_refused_the_same_way():
    for bad in ({"events": [{"x": 1.5j}]}, {"events": [{"x": None}]}, {"events": [{1: 2}]}):
        with pytest.raises(TypeError):
            tomli_w.dumps(bad)
        with pytest.raises(TypeError):
            dumps(bad)
