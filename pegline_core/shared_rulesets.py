"""The rulesets games share: one per resolved variant and plugin set, per thread.

Building a `Ruleset` (a plugin manager, every plugin built and checked, every rule declared) and
loading its variant file take about a millisecond; a game takes microseconds. So `Game` built by
name or from a `Variant` runs on the ruleset kept here for that variant, built on first use:
a loop that makes a game per episode pays the build once. A variant asked for by name or by
file is loaded again when a file it was read from changes, or a file comes or goes in a folder
it is looked up in, so an edited file is never stale. Each thread has its own (a ruleset lends
its scoring steps to one game at a time), and a game that changes its ruleset (`Game.ruleset`)
gets one of its own first.

>>> from pegline_core.variant import load_variant
>>> shared_ruleset("two-player") is shared_ruleset("two-player")
True
>>> shared_ruleset(load_variant("two-player")) is shared_ruleset("two-player")
True
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Hashable, Mapping
from pathlib import Path
from typing import TypeVar

from pegline_core.arguments import plugin_classes
from pegline_core.ruleset import Ruleset
from pegline_core.variant import Variant, load_variant
from pegline_core.variant_files import NAME, Resolver, read_variant, variant_search_path

__all__ = ["shared_ruleset", "KEPT"]

KEPT = 32
"""How many rulesets a thread keeps (the least recently used goes first)."""

_Stamp = tuple[int, int] | None
_Value = TypeVar("_Value")


class _Kept(threading.local):
    """One thread's rulesets: by the resolved variant and plugin set, and by the name a game
    was asked for (with the stamps of the files it was loaded from)."""

    def __init__(self) -> None:
        self.by_variant: OrderedDict[Hashable, Ruleset] = OrderedDict()
        self.by_name: OrderedDict[Hashable, tuple[tuple[str, ...], tuple[_Stamp, ...],
                                                  Ruleset]] = OrderedDict()


_KEPT = _Kept()


def shared_ruleset(variant: Variant | str | os.PathLike[str],
                   extra_plugins: Mapping[str, type] | None = None) -> Ruleset:
    """The ruleset this thread's games of ``variant`` (a name, a file or a `Variant`) with
    ``extra_plugins`` share, built (and its variant loaded) on first use. Raises as
    `load_variant` and `Ruleset` do."""
    extra_plugins = plugin_classes(extra_plugins)
    plugins = tuple(sorted((extra_plugins or {}).items()))
    if isinstance(variant, Variant):
        return _by_variant(variant, plugins, extra_plugins)
    folders = variant_search_path()
    name = os.fspath(variant)
    looked = folders
    if not NAME.match(name):  # a file, where the files it extends may lie beside it too
        name = os.path.abspath(name)
        beside = Path(name).parent
        looked = folders if beside in folders else [*folders, beside]
    key = (name, tuple(folders), plugins)
    found = _KEPT.by_name.get(key)
    if found is not None and _stamps(found[0]) == found[1]:
        _KEPT.by_name.move_to_end(key)
        ruleset = found[2]
        try:  # the same ruleset for the variant itself, were it dropped there since
            _keep(_KEPT.by_variant, (ruleset.variant, plugins), ruleset)
        except TypeError:  # a game's settings that cannot be hashed: not kept there
            pass
        return ruleset
    loaded = load_variant(name, search_path=folders, extra_plugins=extra_plugins)
    ruleset = _by_variant(loaded, plugins, extra_plugins)
    read = Resolver(folders)  # the files that variant is read from (read again, on a miss only)
    read_variant(read, name, "")
    # the folders it is looked up in, then the files it was read from, as strings (os.stat
    # would convert a Path at every check)
    watched = tuple([os.fspath(path) for path in (*looked, *(file.key for file in read.files))])
    _keep(_KEPT.by_name, key, (watched, _stamps(watched), ruleset))
    return ruleset


def _by_variant(variant: Variant, plugins: tuple[tuple[str, type], ...],
                extra_plugins: Mapping[str, type] | None) -> Ruleset:
    key = (variant, plugins)
    try:
        found = _KEPT.by_variant.get(key)
    except TypeError:  # a game's settings that cannot be hashed: not kept
        return Ruleset(variant, extra_plugins)
    if found is None:
        found = Ruleset(variant, extra_plugins)
        _keep(_KEPT.by_variant, key, found)
    else:
        _KEPT.by_variant.move_to_end(key)
    return found


def _keep(kept: OrderedDict[Hashable, _Value], key: Hashable, value: _Value) -> None:
    kept[key] = value
    kept.move_to_end(key)
    if len(kept) > KEPT:
        kept.popitem(last=False)


def _stamps(paths: tuple[str, ...]) -> tuple[_Stamp, ...]:
    """The modification time and size of each path: of the folders a name is looked up in (a
    file added, removed or renamed there changes its folder's) and of the files a variant was
    read from (a file edited in place changes its own)."""
    found: list[_Stamp] = []
    for path in paths:
        try:
            stat = os.stat(path)
        except OSError:  # not there (yet, or any more)
            found.append(None)
        else:
            found.append((stat.st_mtime_ns, stat.st_size))
    return tuple(found)
