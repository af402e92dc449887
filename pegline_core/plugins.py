"""Finding and building plugins.

A plugin is a class named by an entry point in the ``pegline`` group. If it has a ``Config`` attrs
class, the variant's ``[config.NAME]`` table is structured into it (strictly, with key paths in
every message) and passed to the constructor. A variant's game is such a plugin too. How the
plugins of one variant are registered together is `pegline_core.ruleset`; how their hooks are
called, `pegline_core.dispatch`.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Mapping
from importlib.metadata import EntryPoint, entry_points

from pegline_core import hookspecs
from pegline_core.definition import GameDefinition
from pegline_core.errors import PluginError
from pegline_core.messages import Template
from pegline_core.rules import Rule, rule_problem
from pegline_core.strict import Problems, StructureProblems, did_you_mean, structure_strict

__all__ = ["PluginError", "installed_plugins", "plugin_class", "plugin_version", "build_plugin",
           "describe_plugin", "game_definition", "is_game", "not_a_game", "safe_load",
           "ENTRY_POINT_GROUP", "Problems", "Plugins", "UNKNOWN_PLUGIN"]

UNKNOWN_PLUGIN = Template("plugin.unknown", "unknown plugin {name} ({close}installed: {names})")
_UNKNOWN_GAME = Template("plugin.unknown-game", "unknown game {name} ({close}installed games: "
                         "{names})")
_NO_CONFIG = Template("plugin.no-config", "plugin {name} takes no configuration")
_NOT_A_GAME = Template("plugin.not-a-game", "plugin {name} is not a game (it has no {members})")

ENTRY_POINT_GROUP = "pegline"
Plugins = Mapping[str, type]


def installed_plugins() -> dict[str, EntryPoint]:
    """Entry points in the ``pegline`` group, by name (not loaded).

    Reading every distribution's metadata takes tens of milliseconds, so the answer is kept
    for as long as the import path stays the same.
    """
    return dict(_entry_points(tuple(sys.path)))


@functools.lru_cache(maxsize=8)
def _entry_points(_path: tuple[str, ...]) -> tuple[tuple[str, EntryPoint], ...]:
    found = entry_points(group=ENTRY_POINT_GROUP)
    return tuple((ep.name, ep) for ep in sorted(found, key=lambda e: e.name))


def plugin_version(cls: type, entry: EntryPoint | None) -> str:
    """The version a record stores for a plugin: the version of its rules where its class states
    one (``RULES_VERSION``: a package's own version may then change without refusing records),
    else its distribution's, "unknown" for one not installed as a package (docs/records.md)."""
    stated = getattr(cls, "RULES_VERSION", None)
    if isinstance(stated, str):
        return stated
    return entry.dist.version if entry is not None and entry.dist is not None else "unknown"


def plugin_class(name: str, extra: Plugins | None = None) -> type:
    """The class behind plugin ``name`` (``extra`` first, then the installed entry points)."""
    if extra and name in extra:
        return extra[name]
    installed = installed_plugins()
    if name not in installed:
        raise PluginError(_unknown(UNKNOWN_PLUGIN, name, [*installed, *(extra or {})]),
                          plugin=name)
    try:
        loaded = installed[name].load()
    except Exception as exc:  # a broken third-party package must not become a traceback
        raise PluginError(f"plugin {name!r} cannot be loaded: {type(exc).__name__}: {exc}",
                          plugin=name) from exc
    if not isinstance(loaded, type):
        raise PluginError(f"plugin {name!r}: the entry point must name a class, not "
                          f"{type(loaded).__name__}", plugin=name)
    return loaded


def build_plugin(name: str, cls: type, table: Mapping[str, object]) -> object:
    """An instance of ``cls`` with its configuration; `StructureProblems` for a bad table and
    `PluginError` for a constructor or ``Config`` that fails."""
    config_cls = getattr(cls, "Config", None)
    try:
        if config_cls is None:
            if table:
                raise StructureProblems([((), _NO_CONFIG(name=repr(name)))])
            return cls()
        return cls(structure_strict(_thawed(table), config_cls))
    except StructureProblems:
        raise
    except Exception as exc:
        raise PluginError(f"plugin {name!r} cannot be built: {type(exc).__name__}: {exc}",
                          plugin=name) from exc


def _thawed(value: object) -> object:
    """A configuration table as the file wrote it: a variant holds it frozen (its arrays
    tuples), which a message would otherwise name as a tuple."""
    if isinstance(value, Mapping):
        return {key: _thawed(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return [_thawed(item) for item in value]
    return value


def _unknown(template: Template, name: str, names: list[str]) -> str:
    """That ``name`` is none of ``names``, with the nearest of them."""
    return template(name=repr(name), close=did_you_mean(str(name), names),
                    names=", ".join(names) or "none")


def _installed_games(extra: Plugins | None = None) -> list[str]:
    """The names of the installed plugins (and of ``extra``'s) that are games; one that cannot
    be loaded is left out (`pegline plugins list` says why)."""
    games = []
    for name in [*installed_plugins(), *(extra or {})]:
        try:
            if is_game(plugin_class(name, extra)):
                games.append(name)
        except PluginError:
            continue
    return games


def game_definition(name: str, extra_plugins: Plugins | None = None) -> GameDefinition:
    """The game plugin ``name`` (an entry point in the ``pegline`` group), built; an unknown
    name is told the games there are, not every plugin (a rule plugin is no game)."""
    if name not in (extra_plugins or {}) and name not in installed_plugins():
        raise PluginError(_unknown(_UNKNOWN_GAME, name, _installed_games(extra_plugins)),
                          plugin=name)
    definition = build_plugin(name, plugin_class(name, extra_plugins), {})
    if not isinstance(definition, GameDefinition):
        raise PluginError(not_a_game(name, definition), plugin=name)
    return definition


def not_a_game(name: str, plugin: object) -> str:
    """Why plugin ``name`` is not a game: the members of `GameDefinition` it lacks."""
    return _NOT_A_GAME(name=repr(name), members=", ".join(_lacking(plugin)))


def is_game(plugin: object) -> bool:
    """Whether a plugin (or its class) has every member of a game (`GameDefinition`)."""
    return not _lacking(plugin)


def _lacking(plugin: object) -> list[str]:
    return [member for member in GAME_MEMBERS if member not in dir(plugin)]


GAME_MEMBERS = ("new_machine", "check_settings", "Settings", "default_plugins", "follows",
                "actions", "events")
"""What every game has (`GameDefinition`), as a game's plugin lacking some is told."""


def describe_plugin(name: str, extra: Plugins | None = None) -> tuple[list[str], list[Rule]]:
    """A plugin's implemented hooks and declared rules, under its default configuration."""
    try:
        plugin = build_plugin(name, plugin_class(name, extra), {})
    except StructureProblems as exc:
        raise PluginError(f"plugin {name!r} has no default configuration: {exc}",
                          plugin=name) from None
    hooks = sorted(attr for attr in dir(plugin) if attr.startswith("pegline_")
                   and hasattr(getattr(plugin, attr), f"{hookspecs.PROJECT}_impl"))
    rules: list[Rule] = []
    if "pegline_rules" in hooks:
        try:
            rules = plugin.pegline_rules()  # type: ignore[attr-defined]
        except Exception as exc:
            raise PluginError(f"plugin {name!r} failed in pegline_rules: {type(exc).__name__}: "
                              f"{exc}", plugin=name, hook="pegline_rules") from exc
        if not isinstance(rules, list) or not all(isinstance(r, Rule) for r in rules):
            raise PluginError(f"plugin {name!r}: pegline_rules must return a list of Rule",
                              plugin=name, hook="pegline_rules")
        ids = [rule.id for rule in rules]
        problems = [problem for problem in map(rule_problem, rules) if problem is not None]
        problems += [f"declares rule {rule_id!r} twice" for rule_id in sorted(
            {i for i in ids if type(i) is str and ids.count(i) > 1})]
        if problems:
            raise PluginError(f"plugin {name!r}: {'; '.join(problems)}", plugin=name,
                              hook="pegline_rules")
    return hooks, rules


def safe_load(entry: EntryPoint) -> object:
    try:
        return entry.load()
    except Exception:  # noqa: BLE001 - a broken package is reported when used, not here
        return None

