"""Which file, and which key in it, a variant's problem is reported against.

A problem is found on the merged variant, as (key path, message); the user reads it as
``file: key.path: message``. A problem of one key belongs to the file that set that key. A
problem of keys that are wrong only together (a crib of ``table.players × deal.discard +
deal.crib_from_deck`` cards) names every one of them in its message, and belongs to the newest
file that set any of them: the file that made the combination wrong. Its key path is then one the
file set, so that the line points into the file.

>>> locate = Locator({("deal", "discard"): "two-player.toml", ("table", "players"): "seven.toml"},
...                  {"two-player.toml": 0, "seven.toml": 1}, "seven.toml")
>>> locate(("deal", "discard"), "must not be negative, got -1")
'two-player.toml: deal.discard: must not be negative, got -1'
>>> locate(("deal", "discard"), "a crib of 16 cards (table.players × deal.discard = 8 × 2)")
'seven.toml: table.players: a crib of 16 cards (table.players × deal.discard = 8 × 2)'
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from pegline_core.messages import Problem
from pegline_core.strict import format_path

__all__ = ["Locator", "named_keys"]

Path = tuple[str | int, ...]

_KEY = re.compile(r"(?<![\w.\-'\"/\\])([A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*|\[\d+\])+)"
                  r"|(?<![\w.\-'\"/\\])([A-Za-z_][\w-]*) = ")
"""A key a message names: a dotted path (``deal.discard``, ``skunk[0].below``), or a top-level
key as TOML sets it (``plugins = [...]``)."""


def named_keys(message: str) -> list[Path]:
    """The key paths ``message`` names, in order.

    >>> named_keys("must be at least scoring.win_game_points (2), got 1; plugins = []")
    [('scoring', 'win_game_points'), ('plugins',)]
    """
    found: list[Path] = []
    for match in _KEY.finditer(message):
        text = match.group(1) or match.group(2)
        path: Path = tuple(int(part) if part.isdigit() else part
                           for part in re.split(r"\.|\[(\d+)\]", text) if part)
        if path not in found:
            found.append(path)
    return found


class Locator:
    """``locate(path, message)`` -> ``file: key.path: message`` (see the module's docstring).

    ``origin`` is the file that set each key (a table or an array set whole is one key, a table
    of an array merged by id another; "" for the game's defaults), ``rank`` each file's place
    in the resolution order, ``top`` the file named when no file set any key the problem
    involves."""

    def __init__(self, origin: Mapping[Path, str], rank: Mapping[str, int],
                 top: str) -> None:
        self.origin = {path: file for path, file in origin.items() if file}
        self.rank = rank
        self.top = top
        self._inside: dict[Path, str] = {}
        """For each table holding keys a file set: the newest such file."""
        for path, file in self.origin.items():
            for length in range(1, len(path)):
                known = self._inside.get(path[:length])
                if known is None or rank.get(file, -1) > rank.get(known, -1):
                    self._inside[path[:length]] = file

    def setter(self, path: Path) -> str | None:
        """The file that set ``path``: the key itself, or the table or array holding it, or else
        the newest that set a key inside it; None if only the defaults did."""
        for length in range(len(path), 0, -1):
            if path[:length] in self.origin:
                return self.origin[path[:length]]
        return self._inside.get(path)

    def __call__(self, path: Path, message: str) -> str:
        named = named_keys(message)
        involved = [path, *(key for key in named if key != path)]
        setters = [(key, self.setter(key)) for key in involved]
        newest = max((file for _, file in setters if file is not None),
                     key=lambda file: self.rank.get(file, -1), default=None)
        shown = path
        if newest is not None and self.setter(path) != newest and path in named:
            shown = next(key for key, file in setters if file == newest)
        return Problem(message, newest or self.top, format_path(shown) or "(top)")
