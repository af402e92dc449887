"""Variants: the rules of a game as data, loaded strictly from TOML files.

A variant file sets any of the keys below (``docs/variants.md`` lists them all); what it leaves out
comes from the files it ``extends`` and then from the defaults, which are the standard two-player
game. Loading reports every problem in every file at once, each as ``file: key.path: message``.

>>> variant = load_variant("two-player")
>>> variant.table.players, variant.hand_size, variant.crib_size, variant.game.target
(2, 4, 4, 121)
>>> load_variant("three-player", overlays=["lowball"]).name
'three-player+lowball'
"""

from __future__ import annotations

import copy
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

import attrs
from attrs import field, frozen

from pegline_core.files import parse_toml, read_text
from pegline_core.strict import StructureProblems, converter, format_path, structure_strict

__all__ = [
    "Variant", "Table", "Deal", "Pegging", "Game", "SkunkLine", "VariantError",
    "load_variant", "available_variants", "variant_search_path", "DEFAULT_VARIANT",
]

DEFAULT_VARIANT = "two-player"
_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


@frozen
class Table:
    """Who plays: the number of seats, and teams (lists of seats) when partners score together."""

    players: int = 2
    teams: tuple[tuple[int, ...], ...] = ()


@frozen
class Deal:
    """What is dealt: cards to each player, how many each lays away, deck cards to the crib."""

    cards: int = 6
    discard: int = 2
    crib_from_deck: int = 0


@frozen
class Pegging:
    """How the play runs."""

    single_series: bool = False
    """Pegging stops at the first go or 31; cards left unplayed stay unplayed (five-card)."""
    strict_go: bool = False
    """With 3+ players: if the player right after a go cannot play either, the series ends."""


@frozen
class SkunkLine:
    """A loser below ``below`` points is marked ``name`` and the winner earns ``game_points``."""

    name: str
    below: int
    game_points: int


@frozen
class Game:
    """How a game is won and how hands are counted."""

    target: int = 121
    lowball: bool = False
    """The first to reach the target loses."""
    counting: Literal["automatic", "muggins"] = "automatic"
    win_game_points: int = 2


_STANDARD_SKUNKS = (SkunkLine("skunk", 91, 3), SkunkLine("double skunk", 61, 4))


@frozen
class Variant:
    """A fully resolved, validated variant. Build it with `load_variant`."""

    name: str = ""
    description: str = ""
    source: str = ""
    extends: tuple[str, ...] = ()
    plugins: tuple[str, ...] = ("standard",)
    disable: tuple[str, ...] = ()
    """Rule ids switched off, whichever plugin declares them (a house plugin may replace them)."""
    table: Table = Table()
    deal: Deal = Deal()
    pegging: Pegging = Pegging()
    game: Game = Game()
    skunk: tuple[SkunkLine, ...] = _STANDARD_SKUNKS
    config: dict[str, dict[str, Any]] = field(factory=dict, hash=False)
    """Configuration tables for plugins, by plugin name."""
    notices: tuple[str, ...] = ()
    """What loading changed or wants the players to know (e.g. muggins dropped under lowball)."""

    @property
    def hand_size(self) -> int:
        """Cards each player keeps for pegging and the show."""
        return self.deal.cards - self.deal.discard

    @property
    def crib_size(self) -> int:
        """Cards in the crib: every player's discards and the cards from the deck."""
        return self.table.players * self.deal.discard + self.deal.crib_from_deck

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The scoring sides: the teams, or each seat alone."""
        return self.table.teams or tuple((seat,) for seat in range(self.table.players))

    def side_of(self, seat: int) -> int:
        """The index of the side (team) that ``seat`` scores for."""
        return next(i for i, side in enumerate(self.sides) if seat in side)

    def to_toml_dict(self) -> dict[str, Any]:
        """The resolved variant as a TOML-ready table (without its name and notices)."""
        data = converter.unstructure(self)
        for key in ("name", "notices"):
            data.pop(key)
        data["table"]["teams"] = [list(team) for team in self.table.teams]
        return data


class VariantError(ValueError):
    """A variant that cannot be loaded; ``problems`` holds every ``file: key.path: message``."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


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

    ``overlays`` are variant names merged on top, in order (``--with lowball``). Plugins named by
    the variant are looked up among installed entry points and ``extra_plugins``. Raises
    `VariantError` listing every problem.
    """
    from pegline_core.plugins import PluginSet

    resolver = _Resolver(list(search_path) if search_path is not None else variant_search_path())
    text = os.fspath(name_or_path)
    is_file = text.endswith(".toml") or os.sep in text or "/" in text
    path = Path(text) if is_file else resolver.find(text, None, f"variant {text!r}")
    if is_file and not path.is_file():
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

    defaults = _Layer(Variant().to_toml_dict(), {})
    defaults.data["extends"] = []
    merged = _merge(defaults, layer)
    for key in ("name", "notices"):  # set by loading, never by a file
        if key in layer.data:
            resolver.problems.append(f"{merged.origin.get((key,), name)}: {key}: unknown key")
    if resolver.problems:
        raise VariantError(resolver.problems)
    variant, found = _structure_leniently(merged.data)
    found += semantic_problems(variant, extra_plugins, skip={path[0] for path, _ in found if path})
    if found:
        fallback = _display(path) if path else name  # a key the file left to its default
        raise VariantError([_locate(merged.origin, p, m, fallback) for p, m in found])
    variant = attrs.evolve(_apply_notices(variant), name=name)
    return attrs.evolve(variant, config=PluginSet.resolved_config(variant, extra_plugins))


def _structure_leniently(data: dict[str, Any]) -> tuple[Variant, list[tuple[tuple, str]]]:
    """Structure the variant; on problems, drop the offending keys (their defaults apply) and
    structure again, so that the semantic pass can still report every other mistake."""
    found: list[tuple[tuple, str]] = []
    data = copy.deepcopy(data)
    for _attempt in range(20):
        try:
            return structure_strict(data, Variant), found
        except StructureProblems as exc:
            found += exc.problems
            for path, _ in exc.problems:
                _drop(data, path)
    raise AssertionError("dropping keys must reach the defaults")  # pragma: no cover


def _drop(data: Any, path: tuple) -> None:
    """Remove the key at ``path`` (a whole array when an item in it is wrong)."""
    keys = [p for p in path if isinstance(p, str)]
    for key in keys[:-1]:
        if not isinstance(data, dict) or key not in data:
            return
        data = data[key]
    if isinstance(data, dict) and keys:
        data.pop(keys[-1], None)


def _locate(origin: dict[tuple[str, ...], str], path: tuple, message: str, name: str) -> str:
    """``file: key.path: message``, naming the file that set the key (or its nearest parent)."""
    keys = tuple(p for p in path if isinstance(p, str))
    where = None
    for length in range(len(keys), 0, -1):
        where = origin.get(keys[:length]) or next(
            (f for p, f in origin.items() if p[:length] == keys[:length] and f), None)
        if where:
            break
    return f"{where or name}: {format_path(path) or '(top)'}: {message}"


def _apply_notices(variant: Variant) -> Variant:
    if variant.game.lowball and variant.game.counting == "muggins":
        notice = "muggins does not combine with lowball: this game is lowball without muggins"
        return attrs.evolve(
            variant, game=attrs.evolve(variant.game, counting="automatic"),
            notices=variant.notices + (notice,),
        )
    return variant


def semantic_problems(variant: Variant, extra_plugins: Mapping[str, type] | None = None,
                      skip: Iterable[str | int] = ()) -> list[tuple[tuple[str | int, ...], str]]:
    """The variant's cross-field problems, then its plugins' (configuration, names, their own
    checks), as (path, message); sections in ``skip`` already failed and are not checked again."""
    from pegline_core.plugins import PluginSet

    skip = set(skip)
    found = [(p, m) for p, m in check_variant(variant) if p[0] not in skip]
    if not {"plugins", "config"} & skip:
        known = dict(found)
        found += [(p, m) for p, m in PluginSet.check(variant, extra_plugins) if p not in known]
    return found


def check_variant(variant: Variant) -> list[tuple[tuple[str | int, ...], str]]:
    """Cross-field checks that one key alone cannot express; each problem as (path, message)."""
    problems: list[tuple[tuple[str | int, ...], str]] = []
    table, deal, game = variant.table, variant.deal, variant.game
    players = table.players
    if not 2 <= players <= 8:
        problems.append((("table", "players"), f"must be from 2 to 8, got {players}"))
    if deal.cards < 1:
        problems.append((("deal", "cards"), f"must be at least 1, got {deal.cards}"))
    if deal.discard < 0 or deal.crib_from_deck < 0:
        key = "discard" if deal.discard < 0 else "crib_from_deck"
        problems.append((("deal", key), "must not be negative"))
    elif deal.discard >= deal.cards >= 1:
        problems.append((("deal", "discard"),
                         f"each player must keep a card: discards {deal.discard} of {deal.cards}"))
    if variant.crib_size < 1 and deal.discard >= 0 and deal.crib_from_deck >= 0:
        problems.append((("deal", "discard"), "the crib would be empty"))
    needed = players * deal.cards + deal.crib_from_deck + 1
    if 2 <= players <= 8 and needed > 52:
        problems.append((("deal", "cards"),
                         f"needs {needed} cards with the starter; the deck has 52"))
    if table.teams:
        seats = [seat for team in table.teams for seat in team]
        if sorted(seats) != list(range(players)):
            teams = [list(t) for t in table.teams]
            problems.append((("table", "teams"), (f"teams must split seats 0..{players - 1} "
                                                   f"with each seat once, got {teams}")))
        elif len(table.teams) < 2:
            problems.append((("table", "teams"), "needs at least two teams"))
    if game.target < 1:
        problems.append((("game", "target"), f"must be at least 1, got {game.target}"))
    if game.win_game_points < 1:
        problems.append((("game", "win_game_points"), "must be at least 1"))
    for index, line in enumerate(variant.skunk):
        if not 0 < line.below < game.target:
            problems.append((("skunk", index, "below"),
                             f"must be between 1 and the target {game.target}, got {line.below}"))
        if line.game_points < game.win_game_points:
            problems.append((("skunk", index, "game_points"),
                             "must be at least game.win_game_points"))
    lines = [line.below for line in variant.skunk]
    if len(set(lines)) != len(lines):
        problems.append((("skunk",), "two skunk lines share a 'below' value"))
    if len(set(variant.plugins)) != len(variant.plugins):
        problems.append((("plugins",), "a plugin is named twice"))
    for plugin in variant.config:
        if plugin not in variant.plugins:
            used = ", ".join(variant.plugins) or "none"
            problems.append((("config", plugin), (f"configuration for plugin {plugin!r}, which "
                                                  f"the variant does not use (plugins: {used})")))
    return problems
