"""A record's TOML text: byte for byte what tomli-w writes, in less than half the time.

A game record is a short header and hundreds of ``[[events]]`` tables whose values are plain:
strings, integers, booleans and arrays of them. tomli-w formats each value through a general
writer (is it a table? an array of tables? would it fit inline?), which made writing a record
slower than playing its game (benchmarks/records_speed.py). `dumps` lets tomli-w write the header
and any event that holds a table, and writes the plain events itself with tomli-w's own layout
(4-space arrays, one item a line, a trailing comma; the same escapes). The output is identical
to ``tomli_w.dumps`` (tests/test_record_toml.py compares them over every shipped variant and
over generated tables), so it stays valid TOML that tomllib reads back to the same table.

>>> import tomli_w, tomllib
>>> data = {"format": "pegline-record", "events": [{"seq": 0, "cards": ["5H", "JS"]},
...                                                {"seq": 1, "note": 'a "quote"\\n'}]}
>>> dumps(data) == tomli_w.dumps(data)
True
>>> tomllib.loads(dumps(data)) == data
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import tomli_w

__all__ = ["dumps"]

_ESCAPES = {code: f"\\u{code:04x}" for code in (*range(0x20), 0x7F) if code != 0x09}
_ESCAPES |= {0x08: "\\b", 0x0A: "\\n", 0x0C: "\\f", 0x0D: "\\r", 0x22: '\\"', 0x5C: "\\\\"}
"""What a TOML basic string may not hold raw (control characters but tab, the quote, the
backslash), each as tomli-w escapes it."""
_ILLEGAL = frozenset(map(chr, _ESCAPES))
_BARE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
_INDENT = "    "
_MAX_INLINE = 100
"""tomli-w writes an array of tables inline when every table fits in this many characters."""


def dumps(data: Mapping[str, object]) -> str:
    """``tomli_w.dumps(data)``, quicker when ``data`` ends with an array of plain tables
    ``events`` (a record's table, `GameRecord.to_dict`)."""
    events = data.get("events")
    if not isinstance(events, list) or not events or list(data)[-1] != "events":
        return tomli_w.dumps(data)
    chunks = [_event(event) for event in events]
    if chunks[0] is None or _fits_inline(events[0]):
        return tomli_w.dumps(data)  # tomli-w decides the layout of the whole array from it
    head = tomli_w.dumps({key: value for key, value in data.items() if key != "events"})
    out = [head]
    for event, plain in zip(events, chunks, strict=True):
        chunk = plain if plain is not None else tomli_w.dumps({"events": [event]})
        if not chunk.startswith("[[events]]\n"):  # a table inside: tomli-w wrote it inline
            return tomli_w.dumps(data)
        out.append(chunk)
    return "\n".join(out) if head else "\n".join(out[1:])


def _event(event: object) -> str | None:
    """The ``[[events]]`` table of a plain event, or None if it holds a table or a value of
    another type (tomli-w then writes it)."""
    if type(event) is not dict:
        return None
    lines = ["[[events]]\n"]
    for key, value in event.items():
        kind = type(value)
        if kind is int:  # most values: spared a call
            text: str | None = str(value)
        elif kind is str:
            text = _string(value)
        else:
            text = _literal(value, 0)
            if text is None:
                return None
        name = _KEYS.get(key) if type(key) is str else None
        if name is None:
            if type(key) is not str:
                return None
            name = _key(key)
            if len(_KEYS) < 1024:
                _KEYS[key] = name
        lines.append(f"{name} = {text}\n")
    return "".join(lines)


_KEYS: dict[str, str] = {}
"""Keys as written, by key: a record repeats a few dozen keys thousands of times."""


def _literal(value: Any, level: int) -> str | None:
    kind = type(value)
    if kind is str:
        return _string(value)
    if kind is int:
        return str(value)
    if kind is bool:
        return "true" if value else "false"
    if kind is list or kind is tuple:
        if not value:
            return "[]"
        indent = _INDENT * (level + 1)
        end = f",\n{_INDENT * level}]"
        if all(type(item) is str for item in value) and _ILLEGAL.isdisjoint("".join(value)):
            return f'[\n{indent}"' + f'",\n{indent}"'.join(value) + '"' + end  # cards
        items = []
        for item in value:
            text = _literal(item, level + 1)
            if text is None:
                return None
            items.append(text)
        return f"[\n{indent}" + f",\n{indent}".join(items) + end
    return None


def _string(text: str) -> str:
    if _ILLEGAL.isdisjoint(text):
        return f'"{text}"'
    return '"' + text.translate(_ESCAPES) + '"'


def _key(key: str) -> str:
    return key if key and _BARE.issuperset(key) else _string(key)


def _fits_inline(event: Mapping[str, object]) -> bool:
    """Whether tomli-w would write this plain event as an inline table in an array: it has no
    non-empty array (written over several lines) and fits in `_MAX_INLINE` characters."""
    if any(type(value) in (list, tuple) and value for value in event.values()):
        return False
    inline = ", ".join(f"{_key(key)} = {_literal(value, 0)}" for key, value in event.items())
    rendered = f"{_INDENT}{{ {inline} }}," if event else f"{_INDENT}{{}},"
    return len(rendered) <= _MAX_INLINE
