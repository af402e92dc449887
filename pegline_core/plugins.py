"""Finding, configuring and calling scoring plugins.

A plugin is a class named by an entry point in the ``pegline`` group. If it has a ``Config`` attrs
class, the variant's ``[config.NAME]`` table is structured into it (strictly, with key paths in
every message) and passed to the constructor. Each engine gets its own `PluginSet`: its own
`pluggy.PluginManager` holding exactly the plugins its variant names, in that order.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

import pluggy
from attrs import frozen

from pegline_core import hookspecs
from pegline_core.rules import Rule, Score
from pegline_core.strict import StructureProblems, converter, structure_strict

if TYPE_CHECKING:
    from pegline_core.cards import Card
    from pegline_core.variant import Variant

__all__ = ["PluginSet", "PluginError", "Award", "installed_plugins", "ENTRY_POINT_GROUP"]

ENTRY_POINT_GROUP = "pegline"


class PluginError(ValueError):
    """A plugin that is unknown, cannot be loaded, or broke its contract in a hook."""


@frozen
class Award:
    """A checked claim: the `Score` with the plugin that made it and the rule it names."""

    plugin: str
    rule: Rule
    score: Score


def installed_plugins() -> dict[str, Any]:
    """Entry points in the ``pegline`` group, by name (not loaded)."""
    found = entry_points(group=ENTRY_POINT_GROUP)
    return {ep.name: ep for ep in sorted(found, key=lambda e: e.name)}


def _plugin_class(name: str, extra: Mapping[str, type] | None) -> type:
    if extra and name in extra:
        return extra[name]
    installed = installed_plugins()
    if name not in installed:
        known = ", ".join([*installed, *(extra or {})]) or "none"
        raise PluginError(f"unknown plugin {name!r} (installed: {known})")
    try:
        return installed[name].load()
    except Exception as exc:  # a broken third-party package must not become a traceback
        raise PluginError(f"plugin {name!r} cannot be loaded: {type(exc).__name__}: {exc}") from exc


class PluginSet:
    """The configured plugins of one engine, and the checked calls into their scoring hooks."""

    def __init__(self, variant: Variant, extra_plugins: Mapping[str, type] | None = None) -> None:
        built, problems = _build_all(variant, extra_plugins)
        problems = problems or _check_built(variant, built)
        if problems:
            raise PluginError("; ".join(f"{'.'.join(map(str, p))}: {m}" for p, m in problems))
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs)
        self.names: list[str] = []
        for name, plugin in built:
            self.pm.register(plugin, name=name)
            self.names.append(name)
        self.pm.check_pending()
        self.disabled = frozenset(variant.disable)
        self.rules: dict[str, tuple[str, Rule]] = {}
        for name in self.names:
            for rule in self._declared(name):
                if rule.id in self.rules:
                    raise PluginError(f"plugin {name!r} declares rule {rule.id!r}, "
                                      f"already declared by {self.rules[rule.id][0]!r}")
                self.rules[rule.id] = (name, rule)
        self._order = {rule_id: i for i, rule_id in enumerate(self.rules)}
        self._impls = {
            spec: [(impl.plugin_name, impl.function) for impl in reversed(hook.get_hookimpls())]
            for spec, hook in vars(self.pm.hook).items() if spec.startswith("pegline_")
        }

    @staticmethod
    def check(variant: Variant, extra_plugins: Mapping[str, type] | None = None
              ) -> list[tuple[tuple[str | int, ...], str]]:
        """Problems with the variant's plugins and their configuration, as (path, message)."""
        built, problems = _build_all(variant, extra_plugins)
        return problems or _check_built(variant, built)

    def show_scorers(self) -> list[object]:
        """The plugins that score the show, in registration order."""
        return [self.pm.get_plugin(name) for name, _ in self._impls.get("pegline_score_show", ())]

    def versions(self) -> dict[str, str]:
        """Each plugin's distribution version ("unknown" for one not installed as a package)."""
        installed = installed_plugins()
        found = {}
        for name in self.names:
            entry = installed.get(name)
            dist = getattr(entry, "dist", None)
            same = entry is not None and type(self.pm.get_plugin(name)) is _safe_load(entry)
            found[name] = dist.version if dist is not None and same else "unknown"
        return found

    @staticmethod
    def resolved_config(variant: Variant, extra_plugins: Mapping[str, type] | None = None
                        ) -> dict[str, dict[str, Any]]:
        """Each configurable plugin's full configuration, defaults included (for display)."""
        resolved = {}
        for name in variant.plugins:
            config_cls = getattr(_plugin_class(name, extra_plugins), "Config", None)
            if config_cls is not None:
                config = structure_strict(variant.config.get(name, {}), config_cls)
                resolved[name] = converter.unstructure(config)
        return resolved

    def _declared(self, name: str) -> list[Rule]:
        hook = getattr(self.pm.get_plugin(name), "pegline_rules", None)
        rules = hook() if hook else []
        if not isinstance(rules, list) or not all(isinstance(r, Rule) for r in rules):
            raise PluginError(f"plugin {name!r}: pegline_rules must return a list of Rule")
        return rules

    def score(self, hook: str, snapshot: object) -> list[Award]:
        """Call every implementation of a scoring hook, check each claim, order them canonically.

        Raises `PluginError` naming the plugin and hook if one raises or breaks the contract;
        nothing is returned then, so the caller applies nothing.
        """
        awards: list[Award] = []
        for plugin, function in self._impls.get(hook, ()):
            try:
                claims = function(snapshot)
            except Exception as exc:
                raise PluginError(f"plugin {plugin!r} failed in {hook}: "
                                  f"{type(exc).__name__}: {exc}") from exc
            if not isinstance(claims, list):
                raise PluginError(f"plugin {plugin!r}: {hook} must return a list of Score, "
                                  f"got {type(claims).__name__}")
            for claim in claims:
                award = self._check_claim(plugin, hook, claim)
                if award.rule.id not in self.disabled:
                    awards.append(award)
        if len(awards) > 1:
            awards.sort(key=lambda award: self._order[award.rule.id])
        return awards

    def _check_claim(self, plugin: str, hook: str, claim: Any) -> Award:
        where = f"plugin {plugin!r} in {hook}"
        if not isinstance(claim, Score):
            raise PluginError(f"{where}: returned {type(claim).__name__}, not Score")
        owner, rule = self.rules.get(claim.rule, (None, None))
        if rule is None or owner != plugin:
            raise PluginError(f"{where}: rule {claim.rule!r} was not declared by this plugin")
        if type(claim.points) is not int:
            raise PluginError(f"{where}: points for {claim.rule!r} must be an integer")
        if rule.points is not None and claim.points != rule.points:
            raise PluginError(f"{where}: {claim.rule!r} declared {rule.points} points, "
                              f"claimed {claim.points}")
        if claim.points < 0 and not rule.negative:
            raise PluginError(f"{where}: {claim.rule!r} may not score negative points")
        return Award(plugin, rule, claim)

    def show_counter(self):
        """A fast ``(cards, starter, crib) -> points`` over all plugins, or None if one lacks it
        (or a rule is switched off, which a plugin's counter cannot know)."""
        if self.disabled:
            return None
        counters = []
        for plugin in self.show_scorers():
            offer = getattr(plugin, "pegline_show_counter", None)
            counter = offer() if offer else None
            if counter is None:
                return None
            counters.append(counter)
        if len(counters) == 1:
            return counters[0]

        def total(cards: tuple[Card, ...], starter: Card, crib: bool) -> int:
            return sum(counter(cards, starter, crib) for counter in counters)

        return total


def describe_plugin(name: str, extra: Mapping[str, type] | None = None
                    ) -> tuple[list[str], list[Rule]]:
    """A plugin's implemented hooks and declared rules, under its default configuration."""
    try:
        plugin = _build(_plugin_class(name, extra), name, {})
    except StructureProblems as exc:
        raise PluginError(f"plugin {name!r} has no default configuration: {exc}") from None
    hooks = sorted(attr for attr in dir(plugin) if attr.startswith("pegline_")
                   and hasattr(getattr(plugin, attr), f"{hookspecs.PROJECT}_impl"))
    rules = plugin.pegline_rules() if "pegline_rules" in hooks else []
    return hooks, rules


Problems = list[tuple[tuple[str | int, ...], str]]


def _build_all(variant: Variant, extra: Mapping[str, type] | None
               ) -> tuple[list[tuple[str, object]], Problems]:
    """Each named plugin built with its configuration, and the problems met doing so."""
    built, problems = [], []
    for index, name in enumerate(variant.plugins):
        try:
            cls = _plugin_class(name, extra)
            built.append((name, _build(cls, name, variant.config.get(name, {}))))
        except StructureProblems as exc:
            problems += [(("config", name, *p), m) for p, m in exc.problems]
        except PluginError as exc:
            problems.append((("plugins", index), str(exc)))
    return built, problems


def _check_built(variant: Variant, built: list[tuple[str, object]]) -> Problems:
    """Rule ids to disable that nobody declares, and each plugin's own variant check."""
    problems: Problems = []
    declared = {rule.id for _, plugin in built
                for rule in (getattr(plugin, "pegline_rules", list)() or [])}
    for index, rule_id in enumerate(variant.disable):
        if rule_id not in declared:
            problems.append((("disable", index),
                             f"no plugin of this variant declares rule {rule_id!r}"))
    for name, plugin in built:
        check = getattr(plugin, "pegline_check_variant", None)
        if check is not None:
            for message in check(variant=variant) or []:
                path, _, text = message.partition(": ")
                problems.append((tuple(path.split(".")), f"(plugin {name!r}) {text}"))
    return problems


def _safe_load(entry: Any) -> object:
    try:
        return entry.load()
    except Exception:  # noqa: BLE001 - a broken package is reported when used, not here
        return None


def _build(cls: type, name: str, table: dict[str, Any]) -> object:
    config_cls = getattr(cls, "Config", None)
    if config_cls is None:
        if table:
            raise StructureProblems([((), f"plugin {name!r} takes no configuration")])
        return cls()
    return cls(structure_strict(table, config_cls))
