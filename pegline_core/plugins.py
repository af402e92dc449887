"""Finding, building and calling plugins: one `Ruleset` per variant, one pluggy manager per ruleset.

A plugin is a class named by an entry point in the ``pegline`` group. If it has a ``Config`` attrs
class, the variant's ``[config.NAME]`` table is structured into it (strictly, with key paths in
every message) and passed to the constructor. The variant's game is such a plugin too, registered
first so that it can add its own hook specifications (`pegline_addhooks`).

Every fault of a plugin (import, build, configuration, variant check, hook validation, call,
claim) becomes one `PluginError` naming the plugin and the hook. docs/hooks.md states exactly how
hooks are called.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from importlib.metadata import EntryPoint, entry_points
from types import TracebackType
from typing import TYPE_CHECKING, Any

import pluggy

from pegline_core import hookspecs
from pegline_core.cards import Card
from pegline_core.errors import PluginError
from pegline_core.rules import Award, Rule, Score
from pegline_core.strict import StructureProblems, converter, format_path, structure_strict

if TYPE_CHECKING:
    from pegline_core.game import GameDefinition
    from pegline_core.variant import Variant

__all__ = ["Ruleset", "PluginError", "installed_plugins", "plugin_class", "describe_plugin",
           "ENTRY_POINT_GROUP", "Problems"]

ENTRY_POINT_GROUP = "pegline"
Problems = list[tuple[tuple[str | int, ...], str]]
Plugins = Mapping[str, type]


def installed_plugins() -> dict[str, EntryPoint]:
    """Entry points in the ``pegline`` group, by name (not loaded)."""
    found = entry_points(group=ENTRY_POINT_GROUP)
    return {ep.name: ep for ep in sorted(found, key=lambda e: e.name)}


def plugin_class(name: str, extra: Plugins | None = None) -> type:
    """The class behind plugin ``name`` (``extra`` first, then the installed entry points)."""
    if extra and name in extra:
        return extra[name]
    installed = installed_plugins()
    if name not in installed:
        known = ", ".join([*installed, *(extra or {})]) or "none"
        raise PluginError(f"unknown plugin {name!r} (installed: {known})", plugin=name)
    try:
        loaded = installed[name].load()
    except Exception as exc:  # a broken third-party package must not become a traceback
        raise PluginError(f"plugin {name!r} cannot be loaded: {type(exc).__name__}: {exc}",
                          plugin=name) from exc
    if not isinstance(loaded, type):
        raise PluginError(f"plugin {name!r}: the entry point must name a class, not "
                          f"{type(loaded).__name__}", plugin=name)
    return loaded


def build_plugin(name: str, cls: type, table: Mapping[str, Any]) -> object:
    """An instance of ``cls`` with its configuration; `StructureProblems` for a bad table and
    `PluginError` for a constructor or ``Config`` that fails."""
    config_cls = getattr(cls, "Config", None)
    try:
        if config_cls is None:
            if table:
                raise StructureProblems([((), f"plugin {name!r} takes no configuration")])
            return cls()
        return cls(structure_strict(dict(table), config_cls))
    except StructureProblems:
        raise
    except Exception as exc:
        raise PluginError(f"plugin {name!r} cannot be built: {type(exc).__name__}: {exc}",
                          plugin=name) from exc


class _PluginManager(pluggy.PluginManager):
    """pluggy's manager, counting changes so that cached dispatch knows when to look again."""

    def __init__(self) -> None:
        super().__init__(hookspecs.PROJECT)
        self.version = 0
        self.monitors = 0

    def register(self, plugin: object, name: str | None = None) -> str | None:
        registered = super().register(plugin, name)
        self.version += 1
        return registered

    def unregister(self, plugin: object | None = None, name: str | None = None) -> Any:
        removed = super().unregister(plugin, name)
        self.version += 1
        return removed

    def add_hookcall_monitoring(self, before: Any, after: Any) -> Callable[[], None]:
        undo = super().add_hookcall_monitoring(before, after)
        self.monitors += 1
        self.version += 1

        def stop() -> None:
            undo()
            self.monitors -= 1
            self.version += 1

        return stop


class Hook:
    """One hook of a ruleset, called with pluggy's semantics.

    While no implementation is a wrapper and no monitor is attached, implementations are called
    directly, in pluggy's order (tryfirst/trylast, then newest-registered first), each with the
    subset of arguments it names; ``None`` means "nothing to say". Otherwise the call goes through
    ``pm.hook`` itself. A plugin registered or unregistered later is seen at the next call.
    """

    def __init__(self, ruleset: Ruleset, name: str) -> None:
        self.ruleset = ruleset
        self.name = name
        self._caller = getattr(ruleset.pm.hook, name)
        spec = self._caller.spec
        self.argnames: tuple[str, ...] = tuple(spec.argnames) if spec else ()
        self.firstresult = bool(spec and spec.opts.get("firstresult"))
        self._version = -1
        self._direct: list[tuple[str, Callable[..., Any], tuple[int, ...] | None]] | None = None

    def _refresh(self) -> None:
        pm = self.ruleset.pm
        self._version = pm.version
        impls = self._caller.get_hookimpls()
        if pm.monitors or any(impl.hookwrapper or impl.wrapper for impl in impls):
            self._direct = None
            return
        whole = tuple(range(len(self.argnames)))
        direct = []
        for impl in reversed(impls):
            positions = tuple(self.argnames.index(a) for a in impl.argnames)
            direct.append((impl.plugin_name, impl.function, None if positions == whole
                           else positions))
        self._direct = direct

    def results(self, *args: Any) -> list[tuple[str | None, Any]]:
        """Each implementation's non-None result with its plugin's name (None where a wrapper
        makes the results anonymous); arguments in the spec's order."""
        if self._version != self.ruleset.pm.version:
            self._refresh()
        direct = self._direct
        if direct is None:
            return [(None, result) for result in self._through_pluggy(args)]
        found = []
        for plugin, function, positions in direct:
            try:
                if positions is None:
                    result = function(*args)
                else:
                    result = function(*[args[i] for i in positions])
            except Exception as exc:
                raise self._failed(plugin, exc) from exc
            if result is not None:
                found.append((plugin, result))
                if self.firstresult:
                    break
        return found

    def _through_pluggy(self, args: tuple[Any, ...]) -> list[Any]:
        try:
            results: Any = self._caller(**dict(zip(self.argnames, args, strict=True)))
        except Exception as exc:
            raise self._failed(self._culprit(exc.__traceback__), exc) from exc
        if self.firstresult:
            return [] if results is None else [results]
        return list(results)

    def _culprit(self, tb: TracebackType | None) -> str:
        """The plugin whose implementation raised, found in the traceback."""
        codes = {getattr(impl.function, "__code__", None): impl.plugin_name
                 for impl in self._caller.get_hookimpls()}
        culprit = "unknown"
        while tb is not None:
            culprit = codes.get(tb.tb_frame.f_code, culprit)
            tb = tb.tb_next
        return culprit

    def _failed(self, plugin: str, exc: Exception) -> PluginError:
        if isinstance(exc, PluginError):
            return exc
        return PluginError(f"plugin {plugin!r} failed in {self.name}: {type(exc).__name__}: {exc}",
                           plugin=plugin, hook=self.name)


class ScoringHook(Hook):
    """A hook whose implementations return `Score` claims: every claim is checked, switched-off
    rules are dropped, and the awards are sorted by declared rule order."""

    def __call__(self, allowed: Collection[Card], *args: Any) -> list[Award]:
        """The checked awards; ``allowed`` are the cards a claim may name."""
        ruleset = self.ruleset
        awards: list[Award] = []
        for plugin, claims in self.results(*args):
            if type(claims) is not list:
                raise PluginError(f"plugin {plugin or 'unknown'!r}: {self.name} must return a list "
                                  f"of Score, got {type(claims).__name__}",
                                  plugin=plugin, hook=self.name)
            for claim in claims:
                award = ruleset.check_claim(plugin, self.name, claim, allowed)
                if award is not None:
                    awards.append(award)
        if len(awards) > 1:
            order = ruleset.order
            awards.sort(key=lambda award: order[award.rule.id])
        return awards


class Ruleset:
    """A variant's built plugins: its game first, then its rule plugins, each built once, on one
    `pluggy.PluginManager` of its own.

    Raises `PluginError` listing every problem if a plugin cannot be loaded, built, configured
    or registered, or rejects the variant.
    """

    def __init__(self, variant: Variant, extra_plugins: Plugins | None = None) -> None:
        self.variant = variant
        self.extra_plugins = dict(extra_plugins or {})
        problems = self._assemble()
        problems = problems or self._check()
        if problems:
            raise PluginError("; ".join(f"{format_path(p) or '(top)'}: {m}" for p, m in problems))
        self._hooks: dict[str, Hook] = {}
        self.cache: dict[str, Any] = {}
        """What a game builds once per ruleset and shares between its games."""

    @classmethod
    def inspect(cls, variant: Variant, extra_plugins: Plugins | None = None
                ) -> tuple[Problems, list[str]]:
        """What is wrong with the variant's plugins and their configuration, as (path, message),
        and, when nothing is, the plugins' notices for the players."""
        ruleset = cls.__new__(cls)
        ruleset.variant, ruleset.extra_plugins = variant, dict(extra_plugins or {})
        problems = ruleset._assemble() or ruleset._check()
        if problems:
            return problems, []
        notices: list[str] = []
        try:
            for plugin, said in Hook(ruleset, "pegline_variant_notices").results(variant):
                if not isinstance(said, list) or not all(isinstance(m, str) for m in said):
                    return [(("plugins",), f"plugin {plugin!r}: pegline_variant_notices must "
                                           "return a list of str")], []
                notices += said
        except PluginError as exc:
            return [(("plugins",), str(exc))], []
        return [], notices

    # -- building ------------------------------------------------------------------------------

    def _assemble(self) -> Problems:
        variant = self.variant
        problems: Problems = []
        self.pm = _PluginManager()
        self.pm.add_hookspecs(hookspecs)
        self.pm.hook.pegline_addhooks.call_historic(kwargs={"pluginmanager": self.pm})
        self.plugins: dict[str, object] = {}
        try:
            game = build_plugin(variant.game, plugin_class(variant.game, self.extra_plugins), {})
        except (PluginError, StructureProblems) as exc:
            return [(("game",), str(exc))]
        from pegline_core.game import GameDefinition

        if not isinstance(game, GameDefinition):
            return [(("game",), f"plugin {variant.game!r} is not a game (it has no new_machine)")]
        self.game: GameDefinition = game
        problems += self._register(variant.game, game, ("game",))
        for index, name in enumerate(variant.plugins):
            try:
                cls = plugin_class(name, self.extra_plugins)
                plugin = build_plugin(name, cls, variant.config.get(name, {}))
            except StructureProblems as exc:
                problems += [(("config", name, *p), m) for p, m in exc.problems]
                continue
            except PluginError as exc:
                problems.append((("plugins", index), str(exc)))
                continue
            problems += self._register(name, plugin, ("plugins", index))
        if problems:
            return problems
        try:
            self.pm.check_pending()
        except pluggy.PluginValidationError as exc:
            name = self.pm.get_name(exc.plugin) or "?"
            return [(("plugins",), f"plugin {name!r}: {exc}")]
        return self._declare()

    def _register(self, name: str, plugin: object, path: tuple[str | int, ...]) -> Problems:
        try:
            self.pm.register(plugin, name=name)
        except Exception as exc:  # pluggy's validation, or a pegline_addhooks that fails
            return [(path, f"plugin {name!r} cannot be registered: {type(exc).__name__}: {exc}")]
        self.plugins[name] = plugin
        return []

    def _declare(self) -> Problems:
        self.rules: dict[str, tuple[str, Rule]] = {}
        self._declared: dict[str, dict[str, Rule]] = {}
        declared = Hook(self, "pegline_rules")
        try:
            results = declared.results()
        except PluginError as exc:
            return [(("plugins",), str(exc))]
        problems: Problems = []
        for plugin, rules in results:
            owner = plugin or "unknown"
            if not isinstance(rules, list) or not all(isinstance(r, Rule) for r in rules):
                problems.append((("plugins",), f"plugin {owner!r}: pegline_rules must return "
                                               "a list of Rule"))
                continue
            for rule in rules:
                if rule.id in self.rules:
                    problems.append((("plugins",), f"plugin {owner!r} declares rule {rule.id!r}, "
                                                   f"already declared by {self.rules[rule.id][0]!r}"))
                self.rules[rule.id] = (owner, rule)
                self._declared.setdefault(owner, {})[rule.id] = rule
        # the canonical order of a step's awards: registration order, then declaration order
        ordered = sorted(self.rules, key=lambda r: list(self.plugins).index(self.rules[r][0])
                         if self.rules[r][0] in self.plugins else len(self.plugins))
        self.order = {rule_id: index for index, rule_id in enumerate(ordered)}
        self.disabled = frozenset(self.variant.disable)
        return problems

    def _check(self) -> Problems:
        problems: Problems = []
        for index, rule_id in enumerate(self.variant.disable):
            if rule_id not in self.rules:
                problems.append((("disable", index),
                                 f"no plugin of this variant declares rule {rule_id!r}"))
        try:
            for plugin, messages in Hook(self, "pegline_check_variant").results(self.variant):
                if not isinstance(messages, list) or not all(isinstance(m, str) for m in messages):
                    problems.append((("plugins",), f"plugin {plugin!r}: pegline_check_variant "
                                                   "must return a list of str"))
                    continue
                for message in messages:
                    path, _, text = message.partition(": ")
                    problems.append((tuple(path.split(".")), f"(plugin {plugin!r}) {text}"))
        except PluginError as exc:
            problems.append((("plugins",), str(exc)))
        return problems

    # -- calling -------------------------------------------------------------------------------

    def hook(self, name: str) -> Hook:
        """The hook ``name`` (cached), called with pluggy's semantics."""
        hook = self._hooks.get(name)
        if hook is None:
            if not hasattr(self.pm.hook, name):
                raise PluginError(f"no hook named {name!r}", hook=name)
            hook = self._hooks[name] = Hook(self, name)
        return hook

    def scoring(self, name: str) -> ScoringHook:
        """The scoring hook ``name`` (cached): calling it returns checked `Award` objects."""
        hook = self._hooks.get(name)
        if not isinstance(hook, ScoringHook):
            if not hasattr(self.pm.hook, name):
                raise PluginError(f"no hook named {name!r}", hook=name)
            hook = self._hooks[name] = ScoringHook(self, name)
        return hook

    def check_claim(self, plugin: str | None, hook: str, claim: Any,
                    allowed: Collection[Card]) -> Award | None:
        """The `Award` for one claim, None if its rule is switched off, or `PluginError`."""
        where = f"plugin {plugin or 'unknown'!r} in {hook}"
        if type(claim) is not Score:
            raise PluginError(f"{where}: returned {type(claim).__name__}, not Score",
                              plugin=plugin, hook=hook)
        if plugin is None:  # through a wrapper: the claim belongs to the rule's declarer
            plugin = self.rules.get(claim.rule, (None,))[0]
        rule = self._declared.get(plugin or "", {}).get(claim.rule)
        if rule is None:
            raise PluginError(f"{where}: rule {claim.rule!r} was not declared by this plugin",
                              plugin=plugin, hook=hook)
        points = claim.points
        if type(points) is not int:
            raise PluginError(f"{where}: points for {claim.rule!r} must be an integer, not "
                              f"{points!r}", plugin=plugin, hook=hook)
        if rule.points is not None and points != rule.points:
            raise PluginError(f"{where}: {claim.rule!r} declared {rule.points} points, "
                              f"claimed {points}", plugin=plugin, hook=hook)
        if points < 0 and not rule.negative:
            raise PluginError(f"{where}: {claim.rule!r} may not score negative points",
                              plugin=plugin, hook=hook)
        cards = claim.cards
        if type(cards) is not tuple:
            try:
                cards = tuple(cards)
            except TypeError:
                raise PluginError(f"{where}: cards for {claim.rule!r} must be a tuple of Card",
                                  plugin=plugin, hook=hook) from None
            claim = claim._replace(cards=cards)
        for card in cards:
            if card not in allowed or type(card) is not Card:
                raise PluginError(f"{where}: {claim.rule!r} names {card!r}, which is not among "
                                  "the cards of this step", plugin=plugin, hook=hook)
        if rule.id in self.disabled:
            return None
        return Award(plugin or "unknown", rule, claim)

    # -- describing ----------------------------------------------------------------------------

    def versions(self) -> dict[str, str]:
        """Each plugin's distribution version ("unknown" for one not installed as a package)."""
        installed = installed_plugins()
        found = {}
        for name, plugin in self.plugins.items():
            entry = installed.get(name)
            dist = getattr(entry, "dist", None)
            same = entry is not None and type(plugin) is _safe_load(entry)
            found[name] = dist.version if dist is not None and same else "unknown"
        return found

    def resolved_config(self) -> dict[str, dict[str, Any]]:
        """Each configurable plugin's full configuration, defaults included (for display)."""
        return {name: converter.unstructure(plugin.config) for name, plugin in self.plugins.items()
                if getattr(type(plugin), "Config", None) is not None}


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
    return hooks, rules


def _safe_load(entry: EntryPoint) -> object:
    try:
        return entry.load()
    except Exception:  # noqa: BLE001 - a broken package is reported when used, not here
        return None

