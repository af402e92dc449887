"""A variant's description as resolved: what its files say, with the values they name filled in.

A description may name a key of the resolved variant in braces (``"The standard two-player game
to {scoring.target}"``), so that it stays true when an overlay changes the key: with ``--with
to-61`` it reads "to 61". A variant played with overlays is described by its own file's
description and then each overlay's, joined by `JOIN`.

>>> fill("The standard two-player game to {scoring.target}", {"scoring": {"target": 61}})
'The standard two-player game to 61'
>>> unknown_keys("to {scoring.targt}", {"scoring": {"target": 61}})
['scoring.targt']
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

__all__ = ["fill", "unknown_keys", "JOIN"]

JOIN = "; "
"""Between the descriptions of a variant's file and its overlays."""

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*)\}")
_MISSING = object()


def _value(values: Mapping[str, object], key: str) -> object:
    value: object = values
    for part in key.split("."):
        if not isinstance(value, Mapping) or part not in value:
            return _MISSING
        value = value[part]
    return value


def unknown_keys(template: str, values: Mapping[str, object]) -> list[str]:
    """The keys ``template`` names in braces that the variant ``values`` lacks."""
    return [key for key in _PLACEHOLDER.findall(template) if _value(values, key) is _MISSING]


def fill(template: str, values: Mapping[str, object]) -> str:
    """``template`` with each key it names replaced by the variant's value (a key the variant
    lacks stays as it is written)."""
    def replace(match: re.Match[str]) -> str:
        value = _value(values, match.group(1))
        if value is _MISSING:
            return match.group(0)
        return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)

    return _PLACEHOLDER.sub(replace, template)
