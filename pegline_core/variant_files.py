"""Variant files: finding them on the search path, reading each with the files it extends, and
merging them, once each and after every file it extends, remembering which file set each key.

`pegline_core.variant` turns the merged data into a checked `Variant`; the rules of the merge are
in docs/variants.md ("How a file is resolved").
"""

from __future__ import annotations

import copy
import functools
import json
import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TypeGuard

import attrs
from attrs import frozen

from pegline_core.files import parse_toml, read_text
from pegline_core.messages import Problem, Template, said
from pegline_core.strict import A_STRING, EXPECTED, describe, did_you_mean, format_path

__all__ = ["variant_search_path", "available_variants"]

NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
"""A variant's name: lower-case letters, digits, '-' and '_'."""

MAX_BYTES = 1 << 20
"""The largest variant file read (the shipped ones are a few hundred bytes)."""

RECORD_PROBLEM = Template("variant.is-record", "a saved game's record, not a variant file")
"""What is said of a saved game (or match) met where a variant is looked for."""

_NOT_A_NAME = Template("variant.not-a-name", "{name} is not a variant name (lower-case letters, "
                       "digits, '-' and '_'; never a path)")
_LINKS_OUT = Template("variant.links-out", "{path} links to {target}, outside the variant search "
                      "path: a variant found by name must be inside it (copy the file there)")
_UNKNOWN = Template("variant.unknown", "unknown variant {name} ({close}known: {known})")
_NO_FILE = Template("variant.no-file", "{path}: no such variant file")
_CYCLE = Template("variant.cycle", "cycle {cycle}")
_NESTED = Template("variant.nested", "nested more than {n} levels deep")
_EXTENDS = Template("variant.extends-not-array",
                    "expected an array of variant names, e.g. {example}; got {value}")
_FORMERLY = Template("variant.formerly-not-array",
                     "expected an array of variant names, got {value}")
_MIXED = Template("variant.mixed-edits", "mixes edits ('+name', '-name') with names; write only "
                  "edits to change the inherited list, or only names to replace it")
_REMOVES_NOTHING = Template("variant.removes-nothing",
                            "{edit} removes nothing: the list is {names} ({close}or drop the edit)")
_REPLACES = Template("variant.replaces", "{names} would replace the inherited {before} and drop "
                     "{dropped}; to add, write [{plus}]; to drop, say so: [{minus}]")

OWN_KEYS = ("description", "source")
"""Keys that describe one file: never inherited from the files it extends. Two more are read
by loading and never reach the variant: ``deprecated`` (a notice) and ``formerly`` (names it
once had, for records)."""


# -- finding variant files ---------------------------------------------------------------------


def variant_search_path() -> list[Path]:
    """Where variant names are looked up, first match wins.

    ``$PEGLINE_VARIANT_PATH`` (os.pathsep-separated) first, then the files inside an installed
    wheel (``pegline_core/_variants``), then ``variants/`` of a source checkout or editable install.
    """
    return list(_search_path(os.environ.get("PEGLINE_VARIANT_PATH", "")))


@functools.lru_cache(maxsize=8)
def _search_path(setting: str) -> tuple[Path, ...]:
    """The search path for one value of ``$PEGLINE_VARIANT_PATH`` (asked at every game made
    by name: its paths are made once)."""
    paths = [Path(p) for p in setting.split(os.pathsep) if p]
    return (*paths, *_installed_variants())


@functools.cache
def _installed_variants() -> list[Path]:
    """The variant folders of this installation (looked for once: a game by name asks)."""
    here = Path(__file__).resolve().parent
    return [p for p in (here / "_variants", here.parent / "variants") if p.is_dir()]


def available_variants(search_path: Iterable[Path] | None = None) -> dict[str, Path]:
    """Every variant name on the search path and the file that defines it, as a look-up by name
    finds it (`Resolver.find`): saved game records and files whose names are not variant names
    are left out, and so is a name whose first file is a link out of the search path (a look-up
    refuses it)."""
    folders = [Path(folder) for folder in
               (search_path if search_path is not None else variant_search_path())]
    found: dict[str, Path | None] = {}
    for folder in folders:
        for file in sorted(folder.glob("*.toml")):
            if NAME.match(file.stem) and not _is_record(file):
                found.setdefault(file.stem, None if _leads_out(file, folders) else file)
    return {name: file for name, file in sorted(found.items()) if file is not None}


def _is_record(path: Path) -> bool:
    """Whether the file is a saved game or match (its header, first, names a Pegline format:
    ``pegline-record``, ``pegline-match``), not a variant (which has no ``format``)."""
    try:
        with path.open("rb") as file:
            head = file.read(256).decode("utf-8", "replace")
    except OSError:
        return False
    return 'format = "pegline-' in head


def _leads_out(file: Path, folders: Iterable[Path]) -> Path | None:
    """Where ``file`` leads when a link takes it out of every one of ``folders``, else None."""
    target = file.resolve()
    inside = any(target.is_relative_to(Path(folder).resolve()) for folder in folders)
    return None if inside else target


def display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


# -- reading and merging -----------------------------------------------------------------------

_MAX_DEPTH = 16
"""Tables and arrays nest at most this deep in a variant file (deeper is never a variant)."""

NO_FILE = Path()
"""The key of the game's defaults, which come before every file and extend none."""


def _too_deep(data: dict[str, object]) -> tuple[str | int, ...] | None:
    """The path where ``data`` nests deeper than `_MAX_DEPTH`, found without recursion."""
    stack: list[tuple[object, tuple[str | int, ...]]] = [(data, ())]
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
class VariantFile:
    """One variant file's own keys (without ``extends``) and every file it extends."""

    key: Path
    shown: str
    data: dict[str, object]
    ancestors: frozenset[Path]
    bases: tuple[str, ...] = ()


class Resolver:
    """Reads a variant file and the files it extends into `files`, each once and after every
    file it extends, collecting problems instead of stopping."""

    def __init__(self, search_path: list[Path],
                 loads: Callable[[Path], bool | None] | None = None) -> None:
        self.search_path = search_path
        self.loads = loads
        """Whether a variant file loads (None: not known); an unknown variant's message lists
        only the variants that do."""
        self.problems: list[str] = []  # each a `Problem`
        self.notices: list[str] = []
        self.files: list[VariantFile] = []
        self._seen: dict[Path, VariantFile] = {}

    def find(self, name: object, near: Path | None, where: str) -> Path | None:
        prefix = f"{where}: " if where else ""
        if not isinstance(name, str) or not NAME.match(name):
            self.problems.append(Problem(_NOT_A_NAME(name=repr(name)), where))
            return None
        folders = ([near] if near else []) + self.search_path
        records: dict[Path, Path] = {}  # each once (a folder beside may be on the path too)
        for folder in folders:
            candidate = folder / f"{name}.toml"
            if not candidate.is_file():
                continue
            if _is_record(candidate):  # a saved game named like a variant: never one
                records.setdefault(candidate.resolve(), candidate)
                continue
            target = _leads_out(candidate, folders)
            if target is not None:
                link = Path(display(folder), candidate.name)  # the link's own name
                self.problems.append(Problem(_LINKS_OUT(path=link, target=target), where))
                return None
            self._shadowing(name, candidate, folder is near, prefix)
            return candidate
        known = {found: path for found, path in available_variants(folders).items()
                 if self.loads is None or self.loads(path) is not False}
        self.problems.append(Problem(_UNKNOWN(name=repr(name), close=did_you_mean(name, known),
                                              known=", ".join(known) or "none"), where))
        self.problems += [Problem(RECORD_PROBLEM(), display(record)) for record in records.values()]
        return None

    def _shadowing(self, name: str, found: Path, beside: bool, prefix: str) -> None:
        """A notice when a file beside the one extending it hides another of the same name."""
        if not beside:
            return
        for folder in self.search_path:
            other = folder / f"{name}.toml"
            if other.is_file() and not _is_record(other) and other.resolve() != found.resolve():
                self.notices.append(f"{prefix}{name!r} is {display(found)}, beside the file; "
                                    f"it hides {display(other)} of the same name")
                return

    def visit(self, path: Path, stack: tuple[Path, ...] = ()) -> VariantFile | None:
        key = path.resolve()
        shown = display(path)
        if key in stack:
            cycle = " -> ".join(display(p) for p in stack + (key,))
            self.problems.append(Problem(_CYCLE(cycle=cycle), shown, "extends"))
            return None
        if key in self._seen:
            return self._seen[key]
        try:  # collected, not raised: every file's problems are reported together
            if path.is_file() and path.stat().st_size > MAX_BYTES:
                raise ValueError(f"{path}: {path.stat().st_size:,} bytes; a variant file is at "
                                 f"most {MAX_BYTES:,}")
            data = parse_toml(read_text(path, ValueError), shown, ValueError)
        except ValueError as exc:
            found = said(exc)  # about the file: named as it is shown
            self.problems.append(Problem(found.message, *(shown if part == str(path) else part
                                                          for part in found.place))
                                 if isinstance(found, Problem) else
                                 found.replace(str(path), shown, 1))
            return None
        deep = _too_deep(data)
        if deep is not None:
            self.problems.append(Problem(_NESTED(n=_MAX_DEPTH), shown, format_path(deep)))
            return None
        bases = data.pop("extends", [])
        if not isinstance(bases, list):
            example = f"extends = [{json.dumps(bases)}]" if isinstance(bases, str) else \
                'extends = ["NAME", ...]'
            self.problems.append(Problem(_EXTENDS(example=example, value=describe(bases)), shown,
                                         "extends"))
            bases = []
        ancestors: set[Path] = set()
        for index, base in enumerate(bases):
            base_path = self.find(base, path.parent, f"{shown}: extends[{index}]")
            parent = self.visit(base_path, stack + (key,)) if base_path else None
            if parent is not None:
                ancestors |= parent.ancestors | {parent.key}
        file = VariantFile(key, shown, data, frozenset(ancestors),
                     tuple(base for base in bases if isinstance(base, str)))
        self._seen[key] = file
        self.files.append(file)
        return file


def _is_edit(item: object) -> bool:
    return isinstance(item, str) and item[:1] in ("+", "-")


@attrs.define
class _ListHistory:
    """How a list of names came about: the last full list, then what every other file said
    since, or before, when the full list's file does not extend it: edits (``"+x"``, ``"-y"``),
    and full lists, whose names are added."""

    base: list[str] | None
    base_file: str
    edits: list[tuple[Path, str]]
    base_key: Path = NO_FILE

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


class Merger:
    """Merges files in resolution order, remembering which file set each leaf key.

    Tables merge key by key. A list of names is either edits (``"+x"``, ``"-y"``), applied to the
    list so far, or a full list, which replaces what the files it extends said; edits from any
    other file (another parent, an overlay) still apply on top of it."""

    def __init__(self) -> None:
        self.data: dict[str, object] = {}
        self.origin: dict[tuple[str | int, ...], str] = {}
        self.rank: dict[str, int] = {"": -1}
        self.problems: list[str] = []
        self._lists: dict[tuple[str, ...], _ListHistory] = {}

    def add(self, file: VariantFile) -> None:
        self.rank.setdefault(file.shown, len(self.rank))
        self._merge(self.data, file.data, file, ())

    def _merge(self, into: dict[str, object], data: dict[str, object], file: VariantFile,
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
            if _by_id(old) and _by_id(value):
                into[key] = self._by_id(path, old, value, file)
                continue
            self._forget(path, old)
            into[key] = copy.deepcopy(new)
            if isinstance(new, dict) and new:
                self.origin.update(dict.fromkeys(_leaves(new, path), file.shown))
            elif _by_id(new):
                self.origin.update(((*path, index), file.shown) for index in range(len(new)))
            else:
                self.origin[path] = file.shown

    def _by_id(self, path: tuple[str, ...], old: list[dict[str, object]],
               value: list[dict[str, object]], file: VariantFile) -> list[dict[str, object]]:
        """Tables with ids merged by id: a table of a new id is added after the inherited ones,
        one of an inherited id takes its place (each remembered as its file's); an id a file
        gives twice stays twice, for the plugin's checks to say so."""
        whole = self.origin.get(path, "")  # the file that set the array whole, if one did
        merged = [(table, self.origin.get((*path, index), whole))
                  for index, table in enumerate(old)]
        inherited = {table["id"]: index for index, table in reversed(list(enumerate(old)))}
        for table in value:
            index = inherited.pop(table["id"], None)
            if index is None:
                merged.append((copy.deepcopy(table), file.shown))
            else:
                merged[index] = (copy.deepcopy(table), file.shown)
        self._forget(path, old)
        self.origin.update(((*path, index), shown) for index, (_, shown) in enumerate(merged))
        return [table for table, _ in merged]

    def _forget(self, path: tuple[str, ...], old: object) -> None:
        if isinstance(old, dict) and old:
            for leaf in _leaves(old, path):
                self.origin.pop(leaf, None)
        if isinstance(old, list):
            for index in range(len(old)):
                self.origin.pop((*path, index), None)
        self.origin.pop(path, None)

    def _names(self, path: tuple[str, ...], old: object, value: list[str], file: VariantFile
               ) -> list[str]:
        history = self._lists.get(path)
        if history is None:
            base = list(old) if isinstance(old, list) else None
            history = self._lists[path] = _ListHistory(base, self.origin.get(path, ""), [])
        edits = [item for item in value if _is_edit(item)]
        if edits and len(edits) != len(value):
            self.problems.append(Problem(_MIXED(), file.shown, format_path(path)))
            edits = [item if _is_edit(item) else f"+{item}" for item in value]  # as likely meant,
        if edits:  # so that the rest is checked as it would be
            for edit in edits:
                current = history.value()
                if edit[0] == "-" and history.base is not None and edit[1:] not in current:
                    near = did_you_mean(edit[1:], current)
                    self.problems.append(Problem(
                        _REMOVES_NOTHING(edit=json.dumps(edit), names=current, close=near),
                        file.shown, format_path(path)))
                    continue
                history.edits.append((file.key, edit))
            return history.value()
        before = history.value() if history.base is not None else []
        kept = [(key, edit) for key, edit in history.edits if key not in file.ancestors]
        if history.base is not None and history.base_key is not NO_FILE \
                and history.base_key not in file.ancestors:  # another parent's names stay
            kept = [(history.base_key, f"+{name}") for name in history.base] + kept
        after = _ListHistory(list(value), file.shown, kept).value()
        dropped = [name for name in before if name not in after]
        if path in _GUARDED and dropped and history.base_file:
            added = [name for name in value if name not in before]
            plus = ", ".join(json.dumps(f"+{name}") for name in added) or '"+name"'
            minus = ", ".join(json.dumps(f"-{name}") for name in dropped)
            self.problems.append(Problem(
                _REPLACES(names=value, before=before, dropped=", ".join(map(repr, dropped)),
                          plus=plus, minus=minus), file.shown, format_path(path)))
            history.edits += [(file.key, f"+{name}") for name in added]  # as likely meant
            return history.value()
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
                parent: object = self.data
                for part in path[:-1]:
                    parent = parent.get(part, {}) if isinstance(parent, dict) else None
                if isinstance(parent, dict) and path[-1] in parent:
                    self._forget(path, parent.pop(path[-1]))


def _by_id(value: object) -> TypeGuard[list[dict[str, object]]]:
    """An array of tables, each with a string ``id`` (a plugin's rules written as data), which
    files merge table by table."""
    return isinstance(value, list) and bool(value) and all(
        isinstance(item, dict) and isinstance(item.get("id"), str) for item in value)


def _leaves(data: dict[str, object], prefix: tuple[str, ...] = ()) -> Iterable[tuple[str, ...]]:
    for key, value in data.items():
        if isinstance(value, dict) and value:
            yield from _leaves(value, prefix + (key,))
        else:
            yield prefix + (key,)


def read_variant(resolver: Resolver, name_or_path: str | os.PathLike[str], where: str
                 ) -> VariantFile | None:
    """Read the variant ``name_or_path`` (a name on the search path, or a file) with the files
    it extends."""
    text = os.fspath(name_or_path)
    if text.endswith(".toml") or os.sep in text or "/" in text:
        path: Path | None = Path(text)
        if not _is_file(Path(text)):
            resolver.problems.append(Problem(_NO_FILE(path=text), where))
            return None
        if _is_record(Path(text)):
            resolver.problems.append(Problem(RECORD_PROBLEM(), where, text))
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


def own_keys_only(file: VariantFile, top: bool, problems: list[str], notices: list[str]
                  ) -> VariantFile:
    """The file as it merges: a file below the top one keeps its description and source to
    itself (a house variant never reads as the variant it extends); ``deprecated`` becomes a
    notice and ``formerly`` is for records (`pegline_core.variant.renamed_from`); neither is a
    key of the variant."""
    data = dict(file.data)
    deprecated = data.pop("deprecated", "")
    formerly = data.pop("formerly", [])
    if not isinstance(deprecated, str):
        problems.append(Problem(EXPECTED(what=A_STRING, value=describe(deprecated)), file.shown,
                                "deprecated"))
    elif deprecated:
        notices.append(f"{file.shown}: deprecated: {deprecated}")
    if not isinstance(formerly, list) or not all(isinstance(n, str) for n in formerly):
        problems.append(Problem(_FORMERLY(value=describe(formerly)), file.shown, "formerly"))
    for key in () if top else OWN_KEYS:
        value = data.pop(key, "")
        if not isinstance(value, str):
            problems.append(Problem(EXPECTED(what=A_STRING, value=describe(value)), file.shown,
                                    key))
    return attrs.evolve(file, data=data)
