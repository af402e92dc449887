"""What the entry points a caller meets first (`Game`, `load_variant`, `Ruleset`, `play_game`,
the records, the learning environments) check of their arguments: one test each, once, at entry,
so that a wrong argument is a `PeglineError` saying what was expected, never a `TypeError` or an
`AttributeError` from deep inside. docs/embedding.md says which calls check and which do not.
"""

from __future__ import annotations

import difflib
import operator
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn, SupportsIndex

from pegline_core.errors import PeglineError, short_repr

__all__ = ["expect", "refuse", "paths", "file_path", "text_of", "plugin_classes", "seed_of",
           "whole_seed", "players_of", "is_variant", "A_VARIANT"]

A_VARIANT = "a Variant, a variant's name or a .toml file's path"
"""What a variant argument may be, as the messages say it."""


def expect(test: bool, name: str, expected: str, value: object) -> None:
    """`PeglineError` ``NAME must be EXPECTED, not VALUE`` unless ``test`` holds."""
    if not test:
        refuse(name, expected, value)


def refuse(name: str, expected: str, value: object) -> NoReturn:
    """`PeglineError` ``NAME must be EXPECTED, not VALUE``."""
    raise PeglineError(f"{name} must be {expected}, not {short_repr(value)}")


def paths(values: object, name: str, expected: str) -> list[str | os.PathLike[str]]:
    """``values``, a list of names or paths (never one string: ``"lowball"`` would be read
    letter by letter)."""
    if isinstance(values, list | tuple):
        found = [value for value in values if isinstance(value, str | os.PathLike)]
        if len(found) == len(values):
            return found
    refuse(name, expected, values)


def file_path(value: object, name: str) -> Path:
    """``value``, a file's path (a str or an ``os.PathLike``), as a `Path`."""
    if not isinstance(value, str | os.PathLike):
        refuse(name, "a file's path (a str or a pathlib.Path)", value)
    return Path(value)


def text_of(value: object, name: str) -> str:
    """``value``, a file's text already read (a record's, a script's)."""
    if not isinstance(value, str):
        refuse(name, "a string (load reads a file)", value)
    return value


def plugin_classes(value: object, name: str = "extra_plugins") -> Mapping[str, type] | None:
    """``value``: None, or a mapping of plugin names to plugin classes."""
    if value is None or (isinstance(value, Mapping) and all(
            isinstance(key, str) and isinstance(cls, type) for key, cls in value.items())):
        return value
    refuse(name, "None or a mapping of plugin names to classes", value)


def seed_of(value: SupportsIndex | None, name: str = "seed") -> int | None:
    """``value`` as an int (`whole_seed`), or None."""
    return None if value is None else _seed(value, name, "a whole number from 0 up or None")


def whole_seed(value: SupportsIndex, name: str = "seed") -> int:
    """``value`` as an int: a whole number from 0 up (an int, a numpy integer). The command
    line's ``--seed`` takes the same; a negative one is refused because Python's generator deals
    seed -n as seed n."""
    return _seed(value, name, "a whole number from 0 up")


def _seed(value: object, name: str, expected: str) -> int:
    if type(value) is int and value >= 0:
        return value
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:  # not a whole number (nor an array of several, whose __index__ refuses)
        number = -1
    expect(number >= 0, name, expected, value)
    return number


def players_of(value: object, name: str = "players") -> Sequence[Any]:
    """``value``, a list of players, each with a ``choose(view, legal)`` method; one without is
    named by its place (a player class given for a player has one too, unbound: it is named,
    with the call that makes one)."""
    if isinstance(value, list | tuple):
        for index, player in enumerate(value):
            if isinstance(player, type):
                raise PeglineError(f"{name}[{index}] is the class {player.__name__}, not a "
                                   f"player: make one, {player.__name__}(...)")
            if not callable(getattr(player, "choose", None)):
                near = difflib.get_close_matches("choose", dir(player), n=1)
                close = f" (did you mean {near[0]}?)" if near else ""
                raise PeglineError(f"{name}[{index}] must be a player, with a choose(view, legal) "
                                   f"method; {type(player).__name__} has none{close}")
        return value
    raise PeglineError(f"{name} must be a list of players, each with a choose(view, legal) "
                       f"method, not {short_repr(value)}")


def is_variant(value: object) -> bool:
    """Whether ``value`` is a loaded `pegline_core.variant.Variant`, asked where that module
    cannot be imported (it imports the asker): a Variant exists only once its module is loaded."""
    module = sys.modules.get("pegline_core.variant")
    return module is not None and isinstance(value, module.Variant)
