"""A record's header, structured strictly: every key of its schema version with its type, as a
variant's keys are (`pegline_core.strict`), so that a wrong type or a key of another version is
one clear message naming the key rather than a traceback later."""

from __future__ import annotations

import json

import cattrs
from attrs import field, frozen

from pegline_core.errors import RecordError
from pegline_core.messages import Problem, Template
from pegline_core.strict import (
    A_TABLE,
    EXPECTED,
    MISSING,
    converter,
    describe,
    problems_of,
    problems_text,
)
from pegline_core.variant import DEFAULT_GAME  # a record of version 1 names no game

__all__ = ["Header", "HEADER_KEYS", "structure_header", "same"]

_UNREADABLE_VERSION = Template("record.schema", "record version {version} is not supported")
_SCHEMA_KEY = Template("record.schema-key", "unknown header key 'schema'")
_UNKNOWN_KEY = Template("record.unknown-header-key", "unknown header key {key} (a header of "
                        "schema version {schema} has {keys})")
_NULL = Template("record.null", "null is not a value (leave the key out)")
_OVERLAID_TWICE = Template("record.overlays-twice", "a variant is merged on top once, got "
                           "{overlays}")
_NO_DIGEST = Template("record.digest-missing", "the digest of the record's rules is missing")

HEADER_KEYS = {
    1: frozenset({"format", "version", "variant", "overlays", "digest", "plugins", "dealer",
                  "seed", "assist_used"}),
    2: frozenset({"format", "version", "game", "variant", "overlays", "digest", "plugins",
                  "dealer", "seed", "assist_used"}),
    3: frozenset({"format", "version", "game", "variant", "digest", "plugins", "dealer", "seed",
                  "stream", "rules", "summary"}),
}
"""The keys a header of each schema version may have (docs/records.md): version 2 added
``game``; version 3 embeds ``rules`` and states a ``summary`` (``assist_used`` moved there), has
no ``overlays`` and marks a streamed log's header with ``stream``."""


@frozen
class Header:
    """A record's header, after the migration of an older schema (`schema` says which)."""

    format: str
    version: int
    variant: str
    schema: int
    game: str
    digest: str
    plugins: dict[str, str] = field(factory=dict)
    overlays: tuple[str, ...] = ()
    dealer: int | None = None
    seed: int | None = None
    stream: bool | None = None
    rules: dict[str, object] | None = None
    summary: dict[str, object] | None = None
    assist_used: bool = False


def _versions_hook(value: object, _type: object) -> dict[str, str]:
    if not isinstance(value, dict):
        raise TypeError(EXPECTED(what=A_TABLE, value=describe(value)))
    wrong = [(key, version) for key, version in value.items() if type(version) is not str]
    if wrong:
        key, version = wrong[0]
        raise TypeError(f"{key}: expected a version string, got {describe(version)}")
    return dict(value)


_converter = converter.copy()
_converter.register_structure_hook_func(lambda type_: type_ == dict[str, str], _versions_hook)


def structure_header(head: dict[str, object], written: set[str], name: str) -> Header:
    """The header ``head`` (migrated to the current schema; ``written``: the keys the file
    itself had), or `RecordError` naming every key that is unknown to its schema version,
    missing or of the wrong type."""
    if "schema" in written:  # set by the migration only: no file poses as an older one
        raise RecordError(Problem(_SCHEMA_KEY(), name))
    schema = head.get("schema", max(HEADER_KEYS))
    if type(schema) is not int or schema not in HEADER_KEYS:
        raise RecordError(Problem(_UNREADABLE_VERSION(version=repr(head.get("version"))), name))
    allowed = HEADER_KEYS[schema]
    unknown = written - allowed
    if unknown:
        raise RecordError(Problem(_UNKNOWN_KEY(key=repr(min(unknown)), schema=schema,
                                               keys=", ".join(sorted(allowed))), name))
    nulls = sorted(key for key, value in head.items() if value is None)
    if nulls:  # TOML has none: a header leaves out what it does not state
        raise RecordError(Problem(_NULL(), name, nulls[0]))
    if schema >= 2 and "game" not in head:
        raise RecordError(Problem(MISSING(), name, "game"))
    try:
        header = _converter.structure({"game": DEFAULT_GAME, "schema": schema, **head}, Header)
    except (cattrs.ClassValidationError, cattrs.IterableValidationError) as exc:
        raise RecordError(Problem(problems_text(problems_of(exc)), name)) from None
    if len(set(header.overlays)) != len(header.overlays):
        raise RecordError(Problem(_OVERLAID_TWICE(overlays=list(header.overlays)), name,
                                  "overlays"))
    if not header.digest:
        raise RecordError(Problem(_NO_DIGEST(), name, "digest"))
    return header


def same(stated: object, actual: object) -> bool:
    """Whether two plain values are equal in type too (``true`` is not ``1``, nor ``1.0``)."""
    return json.dumps(stated, sort_keys=True) == json.dumps(actual, sort_keys=True)
