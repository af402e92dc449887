"""Variants: the rules of a game as data, loaded strictly from TOML files.

A variant file sets any of the keys below (``docs/variants.md`` lists them all); what it leaves out
comes from the files it ``extends`` and then from the defaults of its ``game`` (cribbage unless it
names another). The kernel reads ``game``, ``description``, ``source``, ``extends``, ``plugins``,
``disable``, ``table`` and ``config``; every other key belongs to the game. Loading reports every
problem in every file at once, each as ``file: key.path: message``.

>>> variant = load_variant("two-player")
>>> variant.game, variant.table.players, variant.settings.scoring.target
('cribbage', 2, 121)
>>> load_variant("three-player", overlays=["lowball"]).name
'three-player+lowball'
"""

from __future__ import annotations

import copy
import os
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
from attrs import field, frozen

from pegline_core.errors import PeglineError, VariantError
from pegline_core.files import parse_toml, read_text
from pegline_core.plugins import game_definition
from pegline_core.ruleset import Ruleset
from pegline_core.strict import (
    StructureProblems,
    converter,
    describe,
    format_path,
    structure_strict,
)

__all__ = [
    "Variant", "Table", "VariantError", "FrozenTable", "load_variant", "available_variants",
    "variant_search_path", "DEFAULT_VARIANT", "DEFAULT_GAME", "variant_from_table",
]

DEFAULT_VARIANT = "two-player"
DEFAULT_GAME = "cribbage"
_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


@frozen
class Table:
    """Who plays: the number of seats, and teams (lists of seats) when partners score together."""

    players: int = 2
    teams: tuple[tuple[int, ...], ...] = ()


class FrozenTable(dict[str, Any]):
    """A plugin's configuration table as the variant holds it: readable by every plugin, changed
    by none (a check hook cannot rewrite another plugin's points)."""

    def _refuse(self, *_args: Any, **_kwargs: Any) -> Any:
        raise TypeError("a variant's configuration cannot be changed")

    __setitem__ = __delitem__ = update = pop = popitem = clear = setdefault = _refuse
    __ior__ = _refuse

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenTable, (dict(self),))


def _frozen(value: Any) -> Any:
    if isinstance(value, dict):
        return FrozenTable({key: _frozen(item) for key, item in value.items()})
    if isinstance(value, list | tuple):
        return tuple(_frozen(item) for item in value)
    return value


def _freeze_config(config: Mapping[str, Any]) -> FrozenTable:
    return _frozen(dict(config))  # type: ignore[no-any-return]


@frozen
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

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The scoring sides: the teams, or each seat alone."""
        return self.table.teams or tuple((seat,) for seat in range(self.table.players))

    def side_of(self, seat: int) -> int:
        """The index of the side (team) that ``seat`` scores for."""
        return next(i for i, side in enumerate(self.sides) if seat in side)

    def to_toml_dict(self) -> dict[str, Any]:
        """The resolved variant as a TOML-ready table (without its name and notices)."""
        data: dict[str, Any] = {
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


_KERNEL_KEYS = ("game", "description", "source", "extends", "plugins", "disable", "table",
                "config")
"""The keys of a variant file the kernel reads; ``name``, ``notices`` and ``settings`` are set by
loading, never by a file."""


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


# -- finding variant files ---------------------------------------------------------------------


def variant_search_path() -> list[Path]:
    """Where variant names are looked up, first match wins.

    ``$PEGLINE_VARIANT_PATH`` (os.pathsep-separated) first, then the files inside an installed
    wheel (``pegline_core/_variants``), then ``variants/`` of a source checkout or editable install.
    """
    paths = [Path(p) for p in os.environ.get("PEGLINE_VARIANT_PATH", "").split(os.pathsep) if p]
    here = Path(__file__).resolve().parent
    paths += [p for p in (here / "_variants", here.parent / "variants") if p.is_dir()]
    return paths


def available_variants(search_path: Iterable[Path] | None = None) -> dict[str, Path]:
    """Every variant name on the search path and the file that defines it."""
    found: dict[str, Path] = {}
    for folder in search_path if search_path is not None else variant_search_path():
        for file in sorted(Path(folder).glob("*.toml")):
            found.setdefault(file.stem, file)
    return dict(sorted(found.items()))


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


# -- reading and merging -----------------------------------------------------------------------


@frozen
class _Layer:
    """One file's merged data and, for every leaf key path, the file that set it."""

    data: dict[str, Any]
    origin: dict[tuple[str, ...], str]


def _is_edit_list(value: Any) -> bool:
    return (
        isinstance(value, list) and bool(value)
        and all(isinstance(v, str) and v[:1] in "+-" and len(v) > 1 for v in value)
    )


def _apply_edits(base: list[Any], edits: list[str]) -> list[Any]:
    result = list(base)
    for edit in edits:
        if edit[0] == "+" and edit[1:] not in result:
            result.append(edit[1:])
        elif edit[0] == "-" and edit[1:] in result:
            result.remove(edit[1:])
    return result


def _merge(base: _Layer, top: _Layer, prefix: tuple[str, ...] = ()) -> _Layer:
    """Tables merge key by key; lists replace, except ``["+x", "-y"]`` edits, which apply to the
    base list, or stay pending until they meet one."""
    data = dict(base.data)
    origin = dict(base.origin)
    for key, value in top.data.items():
        path = prefix + (key,)
        old = data.get(key)
        if isinstance(value, dict) and isinstance(old, dict):
            sub = _merge(_Layer(old, origin), _Layer(value, top.origin), path)
            data[key], origin = sub.data, sub.origin
            continue
        merged = value
        if _is_edit_list(value) and isinstance(old, list):
            merged = old + value if _is_edit_list(old) else _apply_edits(old, value)
        data[key] = merged
        for stale in [p for p in origin if p[: len(path)] == path]:
            del origin[stale]
        origin.update({p: f for p, f in top.origin.items() if p[: len(path)] == path})
        origin.setdefault(path, top.origin.get(path, ""))
    return _Layer(data, origin)


def _leaves(data: dict[str, Any], prefix: tuple[str, ...] = ()) -> Iterable[tuple[str, ...]]:
    for key, value in data.items():
        if isinstance(value, dict) and value:
            yield from _leaves(value, prefix + (key,))
        else:
            yield prefix + (key,)


class _Resolver:
    """Reads a variant file and the files it extends, collecting problems instead of stopping."""

    def __init__(self, search_path: list[Path]) -> None:
        self.search_path = search_path
        self.problems: list[str] = []

    def find(self, name: str, near: Path | None, where: str) -> Path | None:
        if not isinstance(name, str) or not _NAME.match(name):
            self.problems.append(f"{where}: {name!r} is not a variant name (lower-case letters, "
                                 "digits, '-' and '_'; never a path)")
            return None
        folders = ([near] if near else []) + self.search_path
        for folder in folders:
            candidate = folder / f"{name}.toml"
            if candidate.is_file():
                return candidate
        known = ", ".join(available_variants(folders)) or "none"
        self.problems.append(f"{where}: unknown variant {name!r} (known: {known})")
        return None

    def read(self, path: Path, stack: tuple[Path, ...] = ()) -> _Layer | None:
        shown = _display(path)
        if path.resolve() in stack:
            cycle = " -> ".join(_display(p) for p in stack + (path.resolve(),))
            self.problems.append(f"{shown}: extends: cycle {cycle}")
            return None
        try:  # collected, not raised: every file's problems are reported together
            data = parse_toml(read_text(path, ValueError), shown, ValueError)
        except ValueError as exc:
            self.problems.append(str(exc).replace(str(path), shown, 1))
            return None
        bases = data.pop("extends", [])
        if not isinstance(bases, list):
            self.problems.append(f"{shown}: extends: expected an array of variant names")
            bases = []
        layer = _Layer({}, {})
        for index, base in enumerate(bases):
            base_path = self.find(base, path.parent, f"{shown}: extends[{index}]")
            base_layer = self.read(base_path, stack + (path.resolve(),)) if base_path else None
            if base_layer is not None:
                layer = _merge(layer, base_layer)
        own = _Layer(data, dict.fromkeys(_leaves(data), shown))
        merged = _merge(layer, own)
        merged.data["extends"] = [b for b in bases if isinstance(b, str)]
        return merged


# -- loading ----------------------------------------------------------------------------------


def load_variant(
    name_or_path: str | os.PathLike[str],
    *,
    overlays: Sequence[str] = (),
    search_path: Sequence[Path] | None = None,
    extra_plugins: Mapping[str, type] | None = None,
) -> Variant:
    """Load, resolve and validate a variant by name (on the search path) or by file path.

    ``overlays`` are variant names merged on top, in order (``--with lowball``). The game and the
    plugins the variant names are looked up among installed entry points and ``extra_plugins``.
    Raises `VariantError` listing every problem.
    """
    resolver = _Resolver(list(search_path) if search_path is not None else variant_search_path())
    text = os.fspath(name_or_path)
    is_file = text.endswith(".toml") or os.sep in text or "/" in text
    path = Path(text) if is_file else resolver.find(text, None, f"variant {text!r}")
    if is_file and not Path(text).is_file():
        raise VariantError([f"{text}: no such variant file"])
    name = base_name = path.stem if path else text
    layer = resolver.read(path) if path else None
    for overlay in overlays:
        overlay_path = resolver.find(overlay, None, f"--with {overlay!r}")
        overlay_layer = resolver.read(overlay_path) if overlay_path else None
        if layer is not None and overlay_layer is not None:
            layer = _merge(layer, overlay_layer)
            layer.data["extends"] = [base_name, *overlays]
        name = f"{name}+{overlay}"
    if resolver.problems or layer is None:
        raise VariantError(resolver.problems)

    fallback = _display(path) if path else name  # a key the file left to its default
    game_name = layer.data.get("game", DEFAULT_GAME)
    if not isinstance(game_name, str):  # a table here has no origin of its own: _locate
        raise VariantError([_locate(layer.origin, ("game",), "expected a game's name, got "
                                    f"{describe(game_name)}", fallback)])
    try:
        definition = game_definition(game_name, extra_plugins)
    except PeglineError as exc:
        raise VariantError([f"{layer.origin.get(('game',), fallback)}: game: {exc}"]) from None
    defaults = _Layer(Variant(game=game_name, plugins=tuple(definition.default_plugins),
                              settings=definition.Settings()).to_toml_dict(), {})
    defaults.data["extends"] = []
    merged = _merge(defaults, layer)
    for key in ("name", "notices", "settings"):  # set by loading, never by a file
        if key in layer.data:
            resolver.problems.append(f"{merged.origin.get((key,), name)}: {key}: unknown key")
    if resolver.problems:
        raise VariantError(resolver.problems)
    variant, found = _structure_leniently(merged.data, definition.Settings)
    more, notices = _semantic(variant, definition, extra_plugins,
                              skip={path[0] for path, _ in found if path})
    found += more
    if found:
        raise VariantError([_locate(merged.origin, p, m, fallback) for p, m in found])
    return attrs.evolve(variant, name=name, notices=tuple(notices))


def variant_from_table(data: Mapping[str, Any], *, name: str,
                       extra_plugins: Mapping[str, type] | None = None) -> Variant:
    """A variant from its fully resolved table (`Variant.to_toml_dict`), as a record embeds it.

    Nothing is looked up on the search path and no file is read: ``extends`` is kept as
    information only. The game and plugins must be installed; every problem is reported as
    ``name: key.path: message`` (`VariantError`).

    >>> house = load_variant("two-player", overlays=["lowball"])
    >>> again = variant_from_table(house.to_toml_dict(), name=house.name)
    >>> again == house
    True
    """
    if not isinstance(data, Mapping):
        raise VariantError([f"{name}: expected a table of rules, got {describe(data)}"])
    game_name = data.get("game", DEFAULT_GAME)
    if not isinstance(game_name, str):
        raise VariantError([f"{name}: game: expected a game's name, got {describe(game_name)}"])
    try:
        definition = game_definition(game_name, extra_plugins)
    except PeglineError as exc:
        raise VariantError([f"{name}: game: {exc}"]) from None
    problems = [f"{name}: {key}: unknown key" for key in ("name", "notices", "settings")
                if key in data]
    variant, found = _structure_leniently(dict(data), definition.Settings)
    more, notices = _semantic(variant, definition, extra_plugins,
                              skip={path[0] for path, _ in found if path})
    problems += [f"{name}: {format_path(p) or '(top)'}: {m}" for p, m in found + more]
    if problems:
        raise VariantError(problems)
    return attrs.evolve(variant, name=name, notices=tuple(notices))


def _structure_leniently(data: dict[str, Any], settings: type
                         ) -> tuple[Variant, list[tuple[tuple[str | int, ...], str]]]:
    """Structure the variant; on problems, drop the offending keys (their defaults apply) and
    structure again, so that the semantic pass can still report every other mistake."""
    found: list[tuple[tuple[str | int, ...], str]] = []
    data = copy.deepcopy(data)
    for _attempt in range(20):
        kernel = {key: data[key] for key in _KERNEL_KEYS if key in data}
        own = {key: value for key, value in data.items() if key not in _KERNEL_KEYS}
        problems: list[tuple[tuple[str | int, ...], str]] = []
        variant: Variant | None = None
        game_settings: Any = None
        try:
            variant = structure_strict(kernel, Variant)
        except StructureProblems as exc:
            problems += exc.problems
        try:
            game_settings = structure_strict(own, settings)
        except StructureProblems as exc:
            problems += exc.problems
        if variant is not None and not problems:
            return attrs.evolve(variant, settings=game_settings), found
        found += problems
        for path, _ in problems:
            _drop(data, path)
    raise AssertionError("dropping keys must reach the defaults")  # pragma: no cover


def _drop(data: Any, path: tuple[str | int, ...]) -> None:
    """Remove the key at ``path`` (a whole array when an item in it is wrong)."""
    keys = [p for p in path if isinstance(p, str)]
    for key in keys[:-1]:
        if not isinstance(data, dict) or key not in data:
            return
        data = data[key]
    if isinstance(data, dict) and keys:
        data.pop(keys[-1], None)


def _locate(origin: dict[tuple[str, ...], str], path: tuple[str | int, ...], message: str,
            name: str) -> str:
    """``file: key.path: message``, naming the file that set the key (or its nearest parent)."""
    keys = tuple(p for p in path if isinstance(p, str))
    where = None
    for length in range(len(keys), 0, -1):
        where = origin.get(keys[:length]) or next(
            (f for p, f in origin.items() if p[:length] == keys[:length] and f), None)
        if where:
            break
    return f"{where or name}: {format_path(path) or '(top)'}: {message}"


def semantic_problems(variant: Variant, extra_plugins: Mapping[str, type] | None = None
                      ) -> list[tuple[tuple[str | int, ...], str]]:
    """Every cross-field problem of a structured variant: the kernel's, its game's, its
    plugins' (configuration, names, their own checks), as (path, message)."""
    return _semantic(variant, game_definition(variant.game, extra_plugins), extra_plugins)[0]


def _semantic(variant: Variant, definition: Any, extra_plugins: Mapping[str, type] | None,
              skip: Collection[str | int] = ()
              ) -> tuple[list[tuple[tuple[str | int, ...], str]], list[str]]:
    """Every problem at once: the kernel's, the game's (unless the table itself is wrong), the
    plugins' (unless their names or tables failed to load), leaving out sections in ``skip``
    that already failed; and the plugins' notices."""
    kernel = check_variant(variant)
    found = [(p, m) for p, m in kernel if p[0] not in skip]
    if not any(p == ("table", "players") for p, _ in kernel):
        found += [(p, m) for p, m in definition.check_settings(variant) if p[0] not in skip]
    notices: list[str] = []
    if not {"plugins", "config"} & set(skip):
        known = {p for p, _ in found}
        problems, notices = Ruleset.inspect(variant, extra_plugins)
        found += [(p, m) for p, m in problems if p not in known]
    return found, notices


def check_variant(variant: Variant) -> list[tuple[tuple[str | int, ...], str]]:
    """The kernel's cross-field checks: seats, teams, plugin names and their tables."""
    problems: list[tuple[tuple[str | int, ...], str]] = []
    table = variant.table
    players = table.players
    if not 2 <= players <= 8:
        problems.append((("table", "players"), f"must be from 2 to 8, got {players}"))
    if table.teams:
        seats = [seat for team in table.teams for seat in team]
        if sorted(seats) != list(range(players)):
            teams = [list(t) for t in table.teams]
            problems.append((("table", "teams"), (f"teams must split seats 0..{players - 1} "
                                                   f"with each seat once, got {teams}")))
        elif len(table.teams) < 2:
            problems.append((("table", "teams"), "needs at least two teams"))
    if len(set(variant.plugins)) != len(variant.plugins):
        problems.append((("plugins",), "a plugin is named twice"))
    for plugin in variant.config:
        if plugin not in variant.plugins:
            used = ", ".join(variant.plugins) or "none"
            problems.append((("config", plugin), (f"configuration for plugin {plugin!r}, which "
                                                  f"the variant does not use (plugins: {used})")))
    return problems
