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
import difflib
import json
import os
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
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
    unknown_key,
)

__all__ = [
    "Variant", "Table", "VariantError", "FrozenTable", "load_variant", "available_variants",
    "variant_search_path", "DEFAULT_VARIANT", "DEFAULT_GAME", "renamed_from",
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
    """Every variant name on the search path and the file that defines it (saved game records
    and files whose names are not variant names are left out)."""
    found: dict[str, Path] = {}
    for folder in search_path if search_path is not None else variant_search_path():
        for file in sorted(Path(folder).glob("*.toml")):
            if _NAME.match(file.stem) and not _is_record(file):
                found.setdefault(file.stem, file)
    return dict(sorted(found.items()))


def _is_record(path: Path) -> bool:
    """Whether the file is a saved game (its header comes first), not a variant."""
    from pegline_core.record import FORMAT

    try:
        with path.open("rb") as file:
            head = file.read(256).decode("utf-8", "replace")
    except OSError:
        return False
    return f'format = "{FORMAT}"' in head


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


# -- reading and merging -----------------------------------------------------------------------

_MAX_DEPTH = 16
"""Tables and arrays nest at most this deep in a variant file (deeper is never a variant)."""

_NO_FILE = Path()
"""The key of the game's defaults, which come before every file and extend none."""


def _too_deep(data: dict[str, Any]) -> tuple[str | int, ...] | None:
    """The path where ``data`` nests deeper than `_MAX_DEPTH`, found without recursion."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if len(path) > _MAX_DEPTH:
            return path[:_MAX_DEPTH + 1]
        if isinstance(value, dict):
            stack.extend((item, path + (key,)) for key, item in value.items())
        elif isinstance(value, list):
            stack.extend((item, path + (index,)) for index, item in enumerate(value))
    return None


@frozen
class _File:
    """One variant file's own keys (without ``extends``) and every file it extends."""

    key: Path
    shown: str
    data: dict[str, Any]
    ancestors: frozenset[Path]
    bases: tuple[str, ...] = ()


def _close(word: str, choices: Iterable[str]) -> str:
    """``did you mean 'x'? `` for a near miss, else nothing."""
    near = difflib.get_close_matches(word, list(choices), n=3, cutoff=0.6)
    return f"did you mean {' or '.join(map(repr, near))}? " if near else ""


class _Resolver:
    """Reads a variant file and the files it extends into `files`, each once and after every
    file it extends, collecting problems instead of stopping."""

    def __init__(self, search_path: list[Path]) -> None:
        self.search_path = search_path
        self.problems: list[str] = []
        self.notices: list[str] = []
        self.files: list[_File] = []
        self._seen: dict[Path, _File] = {}

    def find(self, name: Any, near: Path | None, where: str) -> Path | None:
        prefix = f"{where}: " if where else ""
        if not isinstance(name, str) or not _NAME.match(name):
            self.problems.append(f"{prefix}{name!r} is not a variant name (lower-case letters, "
                                 "digits, '-' and '_'; never a path)")
            return None
        folders = ([near] if near else []) + self.search_path
        for folder in folders:
            candidate = folder / f"{name}.toml"
            if candidate.is_file():
                self._shadowing(name, candidate, folder is near, prefix)
                return candidate
        known = available_variants(folders)
        self.problems.append(f"{prefix}unknown variant {name!r} ({_close(name, known)}known: "
                             f"{', '.join(known) or 'none'})")
        return None

    def _shadowing(self, name: str, found: Path, beside: bool, prefix: str) -> None:
        """A notice when a file beside the one extending it hides another of the same name."""
        if not beside:
            return
        for folder in self.search_path:
            other = folder / f"{name}.toml"
            if other.is_file() and other.resolve() != found.resolve():
                self.notices.append(f"{prefix}{name!r} is {_display(found)}, beside the file; "
                                    f"it hides {_display(other)} of the same name")
                return

    def visit(self, path: Path, stack: tuple[Path, ...] = ()) -> _File | None:
        key = path.resolve()
        shown = _display(path)
        if key in stack:
            cycle = " -> ".join(_display(p) for p in stack + (key,))
            self.problems.append(f"{shown}: extends: cycle {cycle}")
            return None
        if key in self._seen:
            return self._seen[key]
        try:  # collected, not raised: every file's problems are reported together
            data = parse_toml(read_text(path, ValueError), shown, ValueError)
        except ValueError as exc:
            self.problems.append(str(exc).replace(str(path), shown, 1))
            return None
        deep = _too_deep(data)
        if deep is not None:
            self.problems.append(f"{shown}: {format_path(deep)}: nested more than {_MAX_DEPTH} "
                                 "levels deep")
            return None
        bases = data.pop("extends", [])
        if not isinstance(bases, list):
            example = f"extends = [{json.dumps(bases)}]" if isinstance(bases, str) else \
                'extends = ["NAME", ...]'
            self.problems.append(f"{shown}: extends: expected an array of variant names, e.g. "
                                 f"{example}; got {describe(bases)}")
            bases = []
        ancestors: set[Path] = set()
        for index, base in enumerate(bases):
            base_path = self.find(base, path.parent, f"{shown}: extends[{index}]")
            parent = self.visit(base_path, stack + (key,)) if base_path else None
            if parent is not None:
                ancestors |= parent.ancestors | {parent.key}
        file = _File(key, shown, data, frozenset(ancestors),
                     tuple(base for base in bases if isinstance(base, str)))
        self._seen[key] = file
        self.files.append(file)
        return file


def _is_edit(item: Any) -> bool:
    return isinstance(item, str) and item[:1] in ("+", "-")


@attrs.define
class _ListHistory:
    """How a list of names came about: the last full list, then what every other file said
    since, or before, when the full list's file does not extend it: edits (``"+x"``, ``"-y"``),
    and full lists, whose names are added."""

    base: list[str] | None
    base_file: str
    edits: list[tuple[Path, str]]
    base_key: Path = _NO_FILE

    def value(self) -> list[str]:
        if self.base is None:  # edits waiting for a list to meet
            return [edit for _, edit in self.edits]
        result = list(self.base)
        for _, edit in self.edits:
            name = edit[1:]
            if edit[0] == "+" and name not in result:
                result.append(name)
            elif edit[0] == "-" and name in result:
                result.remove(name)
        return result


_GUARDED = (("plugins",), ("disable",))
"""Lists a full list may not shorten silently: dropping an inherited name takes a ``"-name"``."""


class _Merger:
    """Merges files in resolution order, remembering which file set each leaf key.

    Tables merge key by key. A list of names is either edits (``"+x"``, ``"-y"``), applied to the
    list so far, or a full list, which replaces what the files it extends said; edits from any
    other file (another parent, an overlay) still apply on top of it."""

    def __init__(self) -> None:
        self.data: dict[str, Any] = {}
        self.origin: dict[tuple[str, ...], str] = {}
        self.rank: dict[str, int] = {"": -1}
        self.problems: list[str] = []
        self._lists: dict[tuple[str, ...], _ListHistory] = {}

    def add(self, file: _File) -> None:
        self.rank.setdefault(file.shown, len(self.rank))
        self._merge(self.data, file.data, file, ())

    def _merge(self, into: dict[str, Any], data: dict[str, Any], file: _File,
               prefix: tuple[str, ...]) -> None:
        for key, value in data.items():
            path = prefix + (key,)
            old = into.get(key)
            if isinstance(value, dict) and isinstance(old, dict):
                self._merge(old, value, file, path)
                continue
            new = value
            if isinstance(value, list) and all(isinstance(item, str) for item in value):
                new = self._names(path, old, value, file)
            else:
                self._lists.pop(path, None)
            self._forget(path, old)
            into[key] = copy.deepcopy(new)
            if isinstance(new, dict) and new:
                self.origin.update(dict.fromkeys(_leaves(new, path), file.shown))
            else:
                self.origin[path] = file.shown

    def _forget(self, path: tuple[str, ...], old: Any) -> None:
        if isinstance(old, dict) and old:
            for leaf in _leaves(old, path):
                self.origin.pop(leaf, None)
        self.origin.pop(path, None)

    def _names(self, path: tuple[str, ...], old: Any, value: list[str], file: _File
               ) -> list[str]:
        history = self._lists.get(path)
        if history is None:
            base = list(old) if isinstance(old, list) else None
            history = self._lists[path] = _ListHistory(base, self.origin.get(path, ""), [])
        edits = [item for item in value if _is_edit(item)]
        if edits and len(edits) != len(value):
            self.problems.append(
                f"{file.shown}: {format_path(path)}: mixes edits ('+name', '-name') with names; "
                "write only edits to change the inherited list, or only names to replace it")
            return history.value()
        if edits:
            history.edits += [(file.key, edit) for edit in edits]
            return history.value()
        before = history.value() if history.base is not None else []
        kept = [(key, edit) for key, edit in history.edits if key not in file.ancestors]
        if history.base is not None and history.base_key is not _NO_FILE \
                and history.base_key not in file.ancestors:  # another parent's names stay
            kept = [(history.base_key, f"+{name}") for name in history.base] + kept
        after = _ListHistory(list(value), file.shown, kept).value()
        dropped = [name for name in before if name not in after]
        if path in _GUARDED and dropped and history.base_file:
            added = [name for name in value if name not in before]
            plus = ", ".join(json.dumps(f"+{name}") for name in added) or '"+name"'
            minus = ", ".join(json.dumps(f"-{name}") for name in dropped)
            self.problems.append(
                f"{file.shown}: {format_path(path)}: {value} would replace the inherited "
                f"{before} and drop {', '.join(map(repr, dropped))}; to add, write [{plus}]; "
                f"to drop, say so: [{minus}]")
            return before
        history.base, history.base_file, history.edits = list(value), file.shown, kept
        history.base_key = file.key
        return history.value()

    def last_set(self, path: tuple[str, ...]) -> int:
        """The rank of the last file that set ``path`` or a key inside it (-1: the defaults)."""
        ranks = [self.rank.get(f, -1) for p, f in self.origin.items() if p[:len(path)] == path]
        return max(ranks, default=-1)

    def follow(self, follows: Mapping[str, Sequence[str]]) -> None:
        """Drop each key set before a key it follows was changed: its default derives from the
        new value (a child's new target brings its own skunk lines)."""
        for key, followed in follows.items():
            path = tuple(key.split("."))
            if self.last_set(path) < max(self.last_set(tuple(f.split("."))) for f in followed):
                parent = self.data
                for part in path[:-1]:
                    parent = parent.get(part, {})
                if isinstance(parent, dict) and path[-1] in parent:
                    self._forget(path, parent.pop(path[-1]))


def _leaves(data: dict[str, Any], prefix: tuple[str, ...] = ()) -> Iterable[tuple[str, ...]]:
    for key, value in data.items():
        if isinstance(value, dict) and value:
            yield from _leaves(value, prefix + (key,))
        else:
            yield prefix + (key,)


_OWN_KEYS = ("description", "source")
"""Keys that describe one file: never inherited from the files it extends. Two more are read
by loading and never reach the variant: ``deprecated`` (a notice) and ``formerly`` (names it
once had, for records)."""


# -- loading ----------------------------------------------------------------------------------


def load_variant(
    name_or_path: str | os.PathLike[str],
    *,
    overlays: Sequence[str | os.PathLike[str]] = (),
    search_path: Sequence[Path] | None = None,
    extra_plugins: Mapping[str, type] | None = None,
) -> Variant:
    """Load, resolve and validate a variant by name (on the search path) or by file path.

    ``overlays`` are variants (names or files) merged on top, in order (``--with lowball``).
    The game and the plugins the variant names are looked up among installed entry points and
    ``extra_plugins``. Raises `VariantError` listing every problem.
    """
    resolver = _Resolver(list(search_path) if search_path is not None else variant_search_path())
    top = _locate_file(resolver, name_or_path, "")
    for overlay in overlays:
        _locate_file(resolver, overlay, f"--with {os.fspath(overlay)!r}")
    if resolver.problems or top is None:
        raise VariantError(resolver.problems)
    name = "+".join(map(_stem, (name_or_path, *overlays)))

    files = [_own_keys_only(file, file is top, resolver.problems, resolver.notices)
             for file in resolver.files]
    game_name = next((f.data["game"] for f in reversed(files) if "game" in f.data), DEFAULT_GAME)
    game_file = next((f.shown for f in reversed(files) if "game" in f.data), top.shown)
    if not isinstance(game_name, str):
        wrong = describe(game_name)
        raise VariantError([f"{game_file}: game: expected a game's name, got {wrong}"])
    try:
        definition = game_definition(game_name, extra_plugins)
    except PeglineError as exc:
        raise VariantError([f"{game_file}: game: {exc}"]) from None
    defaults = Variant(game=game_name, plugins=tuple(definition.default_plugins),
                       settings=definition.Settings()).to_toml_dict()
    merger = _Merger()
    merger.add(_File(_NO_FILE, "", defaults, frozenset()))
    for file in files:
        merger.add(file)
    merger.follow(getattr(definition, "follows", {}))
    merger.data["extends"] = [*map(_stem, (name_or_path, *overlays))] if overlays else \
        list(top.bases)
    for key in ("name", "notices", "settings"):  # set by loading, never by a file
        for file in files:
            if key in file.data:
                resolver.problems.append(f"{file.shown}: {key}: unknown key")
    if resolver.problems or merger.problems:
        raise VariantError(resolver.problems + merger.problems)
    locate = _locator(merger.origin, top.shown)  # top: a key the files left to its default
    variant, found = _structure_leniently(merger.data, definition.Settings)
    if variant is None:
        raise VariantError([locate(p, m) for p, m in found])
    more, notices = _semantic(variant, definition, extra_plugins,
                              skip={path[0] for path, _ in found if path}, must_score=True)
    found += [(p, m + _variant_hint(variant, p, m)) for p, m in more]
    if found:
        raise VariantError([locate(p, m) for p, m in found])
    return attrs.evolve(variant, name=name, notices=(*resolver.notices, *notices))


def _variant_hint(variant: Variant, path: tuple[str | int, ...], message: str) -> str:
    """For a variant's name written where a plugin's belongs (``plugins = ["+stink-hole"]``):
    how to use that variant, or the plugins it adds."""
    if len(path) != 2 or path[0] != "plugins" or not message.startswith("unknown plugin"):
        return ""
    name = variant.plugins[path[1]] if isinstance(path[1], int) and \
        path[1] < len(variant.plugins) else ""
    if name not in available_variants():
        return ""
    try:
        own = [p for p in load_variant(name).plugins if p not in variant.plugins]
    except PeglineError:
        own = []
    adds = f", or add its plugins: {', '.join(json.dumps('+' + p) for p in own)}" if own else ""
    return f"; {name!r} is a variant: extends = [{json.dumps(name)}] builds on it{adds}"


def _stem(name_or_path: str | os.PathLike[str]) -> str:
    return Path(os.fspath(name_or_path)).stem


def _locate_file(resolver: _Resolver, name_or_path: str | os.PathLike[str], where: str
                 ) -> _File | None:
    """Read the variant ``name_or_path`` (a name on the search path, or a file) with the files
    it extends."""
    text = os.fspath(name_or_path)
    if text.endswith(".toml") or os.sep in text or "/" in text:
        path: Path | None = Path(text)
        if not _is_file(Path(text)):
            prefix = f"{where}: " if where else ""
            resolver.problems.append(f"{prefix}{text}: no such variant file")
            return None
    else:
        path = resolver.find(text, None, where)
    if path is None:
        return None
    seen = len(resolver.files)
    file = resolver.visit(path)
    if file is not None and where and len(resolver.files) == seen:
        resolver.notices.append(f"{where}: {file.shown} is already part of the variant; it "
                                "changes nothing")
    return file


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):  # a name too long, or with a NUL byte
        return False


def _own_keys_only(file: _File, top: bool, problems: list[str], notices: list[str]) -> _File:
    """The file as it merges: a file below the top one keeps its description and source to
    itself (a house variant never reads as the variant it extends); ``deprecated`` becomes a
    notice and ``formerly`` is for records (`renamed_from`), neither a key of the variant."""
    data = dict(file.data)
    deprecated = data.pop("deprecated", "")
    formerly = data.pop("formerly", [])
    if not isinstance(deprecated, str):
        problems.append(f"{file.shown}: deprecated: expected a string, got {describe(deprecated)}")
    elif deprecated:
        notices.append(f"{file.shown}: deprecated: {deprecated}")
    if not isinstance(formerly, list) or not all(isinstance(n, str) for n in formerly):
        problems.append(f"{file.shown}: formerly: expected an array of variant names, got "
                        f"{describe(formerly)}")
    for key in () if top else _OWN_KEYS:
        value = data.pop(key, "")
        if not isinstance(value, str):
            problems.append(f"{file.shown}: {key}: expected a string, got {describe(value)}")
    return attrs.evolve(file, data=data)


def renamed_from(old_name: str, search_path: Sequence[Path] | None = None) -> list[str]:
    """The variants that were once called ``old_name`` (their files' ``formerly`` key), so that a
    record naming the old variant still replays under its rules."""
    found = []
    for name, path in available_variants(search_path).items():
        try:
            data = parse_toml(read_text(path, ValueError), str(path), ValueError)
        except ValueError:
            continue
        formerly = data.get("formerly", [])
        if isinstance(formerly, list) and old_name in formerly:
            found.append(name)
    return found


def _structure_leniently(data: dict[str, Any], settings: type
                         ) -> tuple[Variant | None, list[tuple[tuple[str | int, ...], str]]]:
    """Structure the variant; on problems, drop the offending keys (their defaults apply) and
    structure again, so that the semantic pass can still report every other mistake. None
    (with the problems) when dropping keys cannot reach a variant."""
    found: list[tuple[tuple[str | int, ...], str]] = []
    data = copy.deepcopy(data)
    while True:
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
        top_keys = [*_KERNEL_KEYS, *(f.name for f in attrs.fields(settings))]
        problems = [(path, unknown_key(str(path[0]), top_keys))
                    if len(path) == 1 and message.startswith("unknown key") else (path, message)
                    for path, message in problems]
        found += [problem for problem in problems if problem not in found]
        dropped = [_drop(data, path) for path, _ in problems]
        if not any(dropped):
            return None, found


def _drop(data: Any, path: tuple[str | int, ...]) -> bool:
    """Remove the key at ``path`` (a whole array when an item in it is wrong); whether there
    was one to remove."""
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


def _locator(origin: dict[tuple[str, ...], str], name: str
             ) -> Callable[[tuple[str | int, ...], str], str]:
    """``locate(path, message)`` -> ``file: key.path: message``, naming the file that set the
    key, or a key inside it, or its nearest parent (``name`` if none did)."""
    index = {path: file for path, file in origin.items() if file}
    for path, file in origin.items():
        for length in range(len(path) - 1, 0, -1):
            if file:
                index.setdefault(path[:length], file)

    def locate(path: tuple[str | int, ...], message: str) -> str:
        keys = tuple(p for p in path if isinstance(p, str))
        where = next((index[keys[:n]] for n in range(len(keys), 0, -1) if keys[:n] in index),
                     name)
        return f"{where}: {format_path(path) or '(top)'}: {message}"

    return locate


def semantic_problems(variant: Variant, extra_plugins: Mapping[str, type] | None = None
                      ) -> list[tuple[tuple[str | int, ...], str]]:
    """Every cross-field problem of a structured variant: the kernel's, its game's, its
    plugins' (configuration, names, their own checks), as (path, message)."""
    return _semantic(variant, game_definition(variant.game, extra_plugins), extra_plugins)[0]


def _semantic(variant: Variant, definition: Any, extra_plugins: Mapping[str, type] | None,
              skip: Collection[str | int] = (), *, must_score: bool = False
              ) -> tuple[list[tuple[tuple[str | int, ...], str]], list[str]]:
    """Every problem at once: the kernel's, the game's (unless the table itself is wrong), the
    plugins' (unless their names or tables failed to load), leaving out sections in ``skip``
    that already failed; and the plugins' notices. ``must_score``: a variant in which nothing
    can score is a problem (a file's; a variant built in code for a test may score nothing)."""
    kernel = check_variant(variant)
    found = [(p, m) for p, m in kernel if p[0] not in skip]
    if not any(p == ("table", "players") for p, _ in kernel):
        found += [(p, m) for p, m in definition.check_settings(variant) if p[0] not in skip]
    notices: list[str] = []
    if not {"plugins", "config"} & set(skip):
        known = {p for p, _ in found}
        problems, notices = Ruleset.inspect(variant, extra_plugins, must_score=must_score)
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
