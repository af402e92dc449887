"""A loaded variant as a value: `Variant` and its `Table`, made by `pegline_core.variant`'s
loading and read by every layer above (the hooks' specifications, the rulesets, the games), so
they need not import the loading.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NoReturn

from attrs import field, frozen

from pegline_core.descriptions import JOIN, fill
from pegline_core.strict import converter

__all__ = ["Variant", "Table", "FrozenTable", "DEFAULT_VARIANT", "DEFAULT_GAME"]

DEFAULT_VARIANT = "two-player"
DEFAULT_GAME = "cribbage"


@frozen
class Table:
    """Who plays: the number of seats, and teams (lists of seats) when partners score together."""

    players: int = 2
    teams: tuple[tuple[int, ...], ...] = ()


class FrozenTable(dict[str, Any]):
    """A plugin's configuration table as the variant holds it: readable by every plugin, changed
    by none (a check hook cannot rewrite another plugin's points)."""

    def _refuse(self, *_args: object, **_kwargs: object) -> NoReturn:
        raise TypeError("a variant's configuration cannot be changed")

    __setitem__ = __delitem__ = update = pop = popitem = clear = setdefault = _refuse
    __ior__ = _refuse

    def __reduce__(self) -> tuple[type[FrozenTable], tuple[dict[str, object]]]:
        return (FrozenTable, (dict(self),))


def _frozen(value: object) -> object:
    if isinstance(value, dict):
        return FrozenTable({key: _frozen(item) for key, item in value.items()})
    if isinstance(value, list | tuple):
        return tuple(_frozen(item) for item in value)
    return value


def _freeze_config(config: Mapping[str, object]) -> FrozenTable:
    return FrozenTable({key: _frozen(item) for key, item in config.items()})


@frozen(cache_hash=True)  # a key of the rulesets games share: hashed at every game by name
class Variant:
    """A fully resolved, validated variant. Build it with `load_variant`.

    The kernel's keys are fields here; everything else in the file belongs to the ``game`` and
    is structured into that game's settings class (``settings``).
    """

    game: str = DEFAULT_GAME
    name: str = ""
    description: str = ""
    source: str = ""
    extends: tuple[str, ...] = ()
    plugins: tuple[str, ...] = ()
    disable: tuple[str, ...] = ()
    """Rule ids switched off, whichever plugin declares them (a house plugin may replace them)."""
    table: Table = Table()
    config: dict[str, dict[str, Any]] = field(factory=FrozenTable, converter=_freeze_config,
                                              hash=False)
    """Configuration tables for plugins, by plugin name; read-only (a `FrozenTable`)."""
    settings: Any = None
    """The game's own settings (for cribbage: the deal, pegging, scoring and skunk lines)."""
    notices: tuple[str, ...] = ()
    """What the plugins want the players to know (e.g. muggins standing aside under lowball)."""
    descriptions: tuple[str, ...] = field(default=(), eq=False)
    """What ``description`` is made of, as the files write it: the variant's file's, then each
    overlay's that still sets a key (`describe` reads them in another language)."""

    def describe(self, translate: Callable[[str], str] = str) -> str:
        """The description as resolved (``description``), each part through ``translate``
        first: the keys a part names in braces read as this variant has them."""
        parts = self.descriptions or ((self.description,) if self.description else ())
        values = self.to_toml_dict()
        return translate(JOIN).join(fill(translate(part), values) for part in parts)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The scoring sides: the teams, or each seat alone."""
        return self.table.teams or tuple((seat,) for seat in range(self.table.players))

    def side_of(self, seat: int) -> int:
        """The index of the side (team) that ``seat`` scores for."""
        return next(i for i, side in enumerate(self.sides) if seat in side)

    def to_toml_dict(self) -> dict[str, object]:
        """The resolved variant as a TOML-ready table (without its name and notices)."""
        data: dict[str, object] = {
            "game": self.game, "description": self.description, "source": self.source,
            "extends": list(self.extends), "plugins": list(self.plugins),
            "disable": list(self.disable),
            "table": {"players": self.table.players,
                      "teams": [list(team) for team in self.table.teams]},
        }
        if self.settings is not None:
            data |= converter.unstructure(self.settings)
        data["config"] = _plain(self.config)
        return data


def _plain(value: object) -> object:
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value
