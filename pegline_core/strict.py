"""A strict cattrs converter and path-qualified error messages.

By default cattrs turns ``"3"`` into 3, ``2.9`` into 2, ``true`` into 1 and ``"ab"`` into a tuple of
letters. Variant files must never be coerced silently, so this converter checks every scalar's
type exactly, rejects unknown keys, and reports every problem at once as ``(key path, message)``.

>>> from attrs import frozen
>>> @frozen
... class Deal:
...     cards: int = 6
>>> structure_strict({"cards": "6", "extra": 1}, Deal)  # doctest: +ELLIPSIS
Traceback (most recent call last):
pegline_core.strict.StructureProblems: cards: expected an integer, got the string '6'; ...
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from types import NoneType, UnionType
from typing import Any, Literal, TypeVar, Union, cast, get_args, get_origin

import attrs
import cattrs
from cattrs.cols import homogenous_tuple_structure_factory
from cattrs.errors import (
    AttributeValidationNote,
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)

from pegline_core.messages import Message, Problem, Template, either, joined, said

__all__ = ["converter", "structure_strict", "StructureProblems", "describe", "format_path",
           "problems_of", "did_you_mean", "unknown_key", "leniently", "drop_key", "stand_in",
           "Problems", "EXPECTED", "A_STRING", "DID_YOU_MEAN", "NEGATIVE", "AT_LEAST", "BELOW",
           "FROM_1_TO", "ONE_OF", "ONE_OF_NEAR", "MISSING", "problems_text"]

T = TypeVar("T")
Path = tuple[str | int, ...]
Problems = list[tuple[Path, str]]
"""Problems found in a variant, each as (key path, message)."""


_THE = {bool: Template("value.boolean", "the boolean {value}"),
        int: Template("value.integer", "the integer {value}"),
        float: Template("value.float", "the float {value}"),
        str: Template("value.string", "the string {value}"),
        list: Template("value.array", "the array {value}"),
        dict: Template("value.table", "the table {value}")}
"""How a value of each kind of TOML reads in a message."""
EXPECTED = Template("expected", "expected {what}, got {value}")
EXPECTED_ONE_OF = Template("expected-one-of", "expected one of {choices}, got {value}")
AN_INTEGER = Template("kind.integer", "an integer")()
A_BOOLEAN = Template("kind.boolean", "a boolean")()
A_STRING = Template("kind.string", "a string")()
A_NUMBER = Template("kind.number", "a number")()
AN_ARRAY = Template("kind.array", "an array")()
A_TABLE = Template("kind.table", "a table")()
_KIND_OR = Template("kind.or", "{one} or {other}")
MISSING = Template("required-key", "required key is missing")
UNKNOWN_KEY = Template("unknown-key", "unknown key")
UNKNOWN_KEY_NEAR = Template("unknown-key.near", "unknown key (did you mean {names}?)")
DID_YOU_MEAN = Template("did-you-mean", "did you mean {names}? ")
NEGATIVE = Template("value.negative", "must not be negative, got {value}")
AT_LEAST = Template("value.at-least", "must be at least {n}, got {value}")
BELOW = Template("value.below", "must be below {target}, got {value}")
FROM_1_TO = Template("value.from-1-to", "must be from 1 to {most}, got {value}")
ONE_OF = Template("value.one-of", "must be one of {choices}, got {value}")
ONE_OF_NEAR = Template("value.one-of.near", "must be one of {choices}, got {value}; did you mean "
                       "{names}?")
"""A setting out of its range, as the games and plugins check it."""


def describe(value: object) -> str:
    """How a TOML value reads in a message: its kind and value."""
    shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
    the = _THE.get(type(value))
    return f"the {type(value).__name__} {shown}" if the is None else the(value=shown)


def _strict_scalar(expected: type, what: str) -> Callable[[object, type], object]:
    def hook(value: object, _type: type) -> object:
        # bool is a subclass of int; an int is accepted where a float is expected, and a
        # `Message` where a string is (a game's event may carry one; no file holds one).
        ok = type(value) is expected or (expected is float and type(value) is int) or \
            (expected is str and isinstance(value, Message))
        if not ok:
            raise TypeError(EXPECTED(what=what, value=describe(value)))
        return value

    return hook


def _literal_hook(value: object, literal: object) -> object:
    choices = get_args(literal)
    if value not in choices or type(value) is not type(choices[0]):
        raise ValueError(EXPECTED_ONE_OF(choices=", ".join(repr(c) for c in choices),
                                         value=describe(value)))
    return value


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)
    for expected, what in ((int, AN_INTEGER), (bool, A_BOOLEAN), (str, A_STRING),
                           (float, A_NUMBER)):
        conv.register_structure_hook(expected, _strict_scalar(expected, what))
    conv.register_structure_hook_func(_is_literal, _literal_hook)

    def tuple_factory(type_: type, conv_: cattrs.Converter) -> Callable[[object, object], object]:
        inner = homogenous_tuple_structure_factory(type_, conv_)

        def hook(value: object, _type: object) -> object:
            if not isinstance(value, list):
                raise TypeError(EXPECTED(what=AN_ARRAY, value=describe(value)))
            return inner(value, _type)

        return hook

    conv.register_structure_hook_factory(_is_homogenous_tuple, tuple_factory)

    def dict_hook(value: object, _type: object) -> object:
        if not isinstance(value, dict):
            raise TypeError(EXPECTED(what=A_TABLE, value=describe(value)))
        return value

    conv.register_structure_hook_func(_is_dict, dict_hook)

    def table_factory(type_: type, conv_: cattrs.Converter) -> Callable[[object, object], object]:
        inner: Callable[[Mapping[str, object], object], object] = \
            conv_.gen_structure_attrs_fromdict(type_)

        def hook(value: object, _type: object) -> object:  # else: no attribute 'keys'
            if not isinstance(value, dict):
                raise TypeError(EXPECTED(what=A_TABLE, value=describe(value)))
            return inner(value, _type)

        return hook

    conv.register_structure_hook_factory(attrs.has, table_factory)
    conv.register_structure_hook_factory(_is_union_of_kinds, _union_factory)
    return conv


_KINDS: tuple[tuple[type, str], ...] = ((bool, A_BOOLEAN), (int, AN_INTEGER), (float, A_NUMBER),
                                        (str, A_STRING), (list, AN_ARRAY), (dict, A_TABLE))
"""The kinds of TOML value, as Python reads them, and how a message names each."""


def _kind(type_: object) -> type | None:
    """The kind of TOML value ``type_`` is structured from (None: not one kind)."""
    origin = get_origin(type_) or type_
    if isinstance(origin, type) and origin in (bool, int, float, str):
        return origin
    if origin is Literal:
        return _kind(type(get_args(type_)[0]))
    if origin is tuple:
        return list
    if origin is dict or (isinstance(origin, type) and attrs.has(origin)):
        return dict
    return None


def _arms(type_: object) -> list[Any]:  # type forms, which cattrs takes as types
    return [arm for arm in get_args(type_) if arm is not NoneType]


def _is_union_of_kinds(type_: object) -> bool:
    """A union of two or more types, each from a kind of TOML value none of the others is
    from (``int | Bound``, ``int | tuple[int, ...]``): the value's kind says which it is."""
    if get_origin(type_) not in (Union, UnionType):
        return False
    kinds = [_kind(arm) for arm in _arms(type_)]
    return len(kinds) > 1 and None not in kinds and len(set(kinds)) == len(kinds)


def _union_factory(type_: object, conv: cattrs.Converter) -> Callable[[object, object], object]:
    by_kind = {_kind(arm): arm for arm in _arms(type_)}
    names = ""
    for kind, what in _KINDS:
        if kind in by_kind:
            names = _KIND_OR(one=names, other=what) if names else what

    def hook(value: object, _type: object) -> object:
        arm = by_kind.get(dict if isinstance(value, dict) else type(value))
        if arm is None and type(value) is int and float in by_kind:
            arm = by_kind[float]
        if arm is None:
            raise TypeError(EXPECTED(what=names, value=describe(value)))
        return conv.structure(value, arm)

    return hook


def _is_literal(type_: object) -> bool:
    return get_origin(type_) is Literal


def _is_homogenous_tuple(type_: object) -> bool:
    args = get_args(type_)
    return get_origin(type_) is tuple and len(args) == 2 and args[1] is ...


def _is_dict(type_: object) -> bool:
    return type_ is dict or get_origin(type_) is dict


converter = _make_converter()


_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def format_path(path: Path) -> str:
    """``("skunk", 0, "below")`` reads ``skunk[0].below``; a key that is not a bare TOML key
    is quoted, as TOML would write it (``pegging.":"``)."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
            continue
        key = part if _BARE_KEY.match(part) else json.dumps(part, ensure_ascii=False)
        out += f".{key}" if out else key
    return out


def problems_text(problems: Iterable[tuple[Path, str]]) -> str:
    """Problems as one message, ``key.path: message`` joined by ``; `` (each message keeps its
    template)."""
    return joined(Problem(message, format_path(path) or "(top)") for path, message in problems)


class StructureProblems(ValueError):
    """Every problem found while structuring, each as (path, message); ``stand_ins`` holds a
    value for each required key found missing whose type is known (`stand_in`)."""

    def __init__(self, problems: list[tuple[Path, str]],
                 stand_ins: Mapping[Path, object] | None = None) -> None:
        self.problems = problems
        self.stand_ins = dict(stand_ins or {})
        super().__init__(problems_text(problems))

    def __reduce__(self) -> tuple[type[StructureProblems], tuple[object, ...]]:
        """Pickled as what it is made of (an exception's are its text)."""
        return StructureProblems, (self.problems, self.stand_ins)


_Found = tuple[Path, str, object]
"""A problem as `_walk` finds it: path, message, and the declared type of a required key that
is missing (else None)."""


def _walk(exc: BaseException, path: Path, missing: object = None) -> Iterator[_Found]:
    if isinstance(exc, ForbiddenExtraKeysError):
        known = [f.name for f in attrs.fields(exc.cl)] if attrs.has(exc.cl) else []
        for key in sorted(exc.extra_fields):
            yield path + (key,), unknown_key(key, known), None
    elif isinstance(exc, ClassValidationError | IterableValidationError):
        for sub in exc.exceptions:
            sub_path, declared = path, None
            for note in getattr(sub, "__notes__", ()):
                if isinstance(note, AttributeValidationNote):
                    sub_path, declared = path + (note.name,), note.type
                elif isinstance(note, IterableValidationNote):
                    sub_path = path + (note.index,)
            yield from _walk(sub, sub_path, declared)
    elif isinstance(exc, KeyError):
        yield path, MISSING(), missing
    else:
        yield path, said(exc), None


def stand_in(type_: object, key: str = "") -> object:
    """A value the strict converter structures as ``type_`` (None where none is known), standing
    in for the required key ``key`` that is missing, so that the rest of its table, and the
    tables beside it in an array, are checked too. A string stands in as the key's name: a word,
    as an id must be, so that the stand-in is not itself refused where it is declared."""
    origin = get_origin(type_) or type_
    if _is_literal(type_):
        return get_args(type_)[0]
    if origin in (Union, UnionType):
        return None if NoneType in get_args(type_) else stand_in(_arms(type_)[0], key)
    if isinstance(origin, type) and attrs.has(origin):
        return {f.name: stand_in(f.type, f.name) for f in attrs.fields(origin)
                if f.default is attrs.NOTHING}
    kind = _kind(type_)
    return None if kind is None else {bool: False, int: 0, float: 0.0, str: key, list: [],
                                      dict: {}}[kind]


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """``did you mean 'x'? `` for a near miss among ``choices``, else nothing.

    >>> did_you_mean("greedyy", ["greedy", "random"])
    "did you mean 'greedy'? "
    """
    near = difflib.get_close_matches(word, list(choices), n=3, cutoff=0.6)
    return DID_YOU_MEAN(names=either(near)) if near else ""


def unknown_key(key: str, known: Iterable[str]) -> str:
    """``unknown key``, with the nearest known keys when it looks misspelt.

    >>> unknown_key("targt", ["target", "lowball"])
    "unknown key (did you mean 'target'?)"
    """
    near = difflib.get_close_matches(key, list(known), n=3, cutoff=0.6)
    return UNKNOWN_KEY_NEAR(names=either(near)) if near else UNKNOWN_KEY()


def problems_of(exc: BaseException) -> list[tuple[Path, str]]:
    """Every (path, message) in a cattrs validation error."""
    return [(path, message) for path, message, _ in _walk(exc, ())]


def structure_strict(data: object, cls: type[T], path: Path = ()) -> T:
    """Structure ``data`` into ``cls`` strictly, raising `StructureProblems` with every problem."""
    if not isinstance(data, dict):
        raise StructureProblems([(path, EXPECTED(what=A_TABLE, value=describe(data)))])
    try:
        return converter.structure(data, cls)
    except (ClassValidationError, IterableValidationError) as exc:
        found = list(_walk(exc, path))
        failure = StructureProblems([(where, message) for where, message, _ in found],
                                    {where: stand_in(declared, str(where[-1]))
                                     for where, _, declared in found if declared is not None})
    except (TypeError, ValueError) as exc:  # attrs validators raise these directly
        failure = StructureProblems([(path, said(exc))])
    # raised outside the handler: no cattrs error rides along as its context (one that
    # pickles its context, as dask's workers do, could not rebuild cattrs' own)
    raise failure


def leniently(build: Callable[[dict[str, object]], T], data: Mapping[str, object]
              ) -> tuple[T | None, list[tuple[Path, str]]]:
    """``build(data)``, every key it refuses (`StructureProblems`) left out so that its default
    applies (a required key that is missing given its stand-in), and built again: the result
    and every problem, so that what is checked after the structure (a plugin's own checks) is
    checked too. None when leaving keys out cannot help."""
    table = cast("dict[str, object]", _mutable(data))
    found: list[tuple[Path, str]] = []
    said: set[tuple[Path, str]] = set()
    left_out: set[Path] = set()
    while True:
        try:
            return build(table), found
        except StructureProblems as exc:
            dropped = False
            for path, message in exc.problems:  # every one, at once
                if path in left_out:  # a key left out here and required: its array goes whole
                    dropped = _drop_array(table, path) or dropped
                    continue
                if (path, message) not in said:
                    said.add((path, message))
                    found.append((path, message))
                if (path in exc.stand_ins and _put_key(table, path, exc.stand_ins[path])) \
                        or drop_key(table, path):
                    left_out.add(path)
                    dropped = True
            if not dropped:
                return None, found


def _mutable(value: object) -> object:
    """A copy of ``value`` whose tables are dicts and arrays lists (a variant's configuration
    is frozen: its tables read-only, its arrays tuples), so that a key can be left out."""
    if isinstance(value, Mapping):
        return {key: _mutable(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_mutable(item) for item in value]
    return value


def drop_key(data: object, path: Path) -> bool:
    """Remove the key at ``path``: the deepest key named there, inside an array's item too (an
    unknown or wrong key of one item leaves the others and the rest of that item to be checked);
    where there is none to remove (a key that is missing), the whole array the path goes into.
    Whether there was one to remove."""
    found, node = None, data
    for part in path:
        child = _child(node, part)
        if child is _ABSENT:
            found = None
            break
        if isinstance(part, str) and isinstance(node, dict):
            found = (node, part)
        node = child
    if found is not None:
        del found[0][found[1]]
        return True
    return _drop_array(data, path)


def _put_key(data: object, path: Path, value: object) -> bool:
    """Set the key at ``path``, which is missing, to ``value``: whether its table was there."""
    node = data
    for part in path[:-1]:
        node = _child(node, part)
        if node is _ABSENT:
            return False
    key = path[-1] if path else None
    if not isinstance(key, str) or not isinstance(node, dict) or key in node:
        return False
    node[key] = value
    return True


_ABSENT = object()
"""What `_child` finds where a path leads nowhere."""


def _child(node: object, part: str | int) -> object:
    """``node[part]``, a table's key or an array's item, where there is one; else `_ABSENT`."""
    if isinstance(part, str) and isinstance(node, dict) and part in node:
        return node[part]
    if isinstance(part, int) and isinstance(node, list) and 0 <= part < len(node):
        return node[part]
    return _ABSENT


def _drop_array(data: object, path: Path) -> bool:
    """Remove the key at ``path``'s leading keys (a whole array when an item in it is wrong)."""
    keys: list[str] = []
    for part in path:
        if not isinstance(part, str):
            break
        keys.append(part)
    for key in keys[:-1]:
        if not isinstance(data, dict) or key not in data:
            return False
        data = data[key]
    if isinstance(data, dict) and keys and keys[-1] in data:
        del data[keys[-1]]
        return True
    return False
