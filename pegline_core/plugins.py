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

import difflib
import functools
import re
import sys
from collections.abc import Callable, Collection, Mapping
from importlib.metadata import EntryPoint, entry_points
from types import ModuleType, TracebackType
from typing import TYPE_CHECKING, Any

import pluggy

from pegline_core import hookspecs
from pegline_core.cards import Card
from pegline_core.definition import GameDefinition
from pegline_core.errors import PluginError
from pegline_core.rules import Award, Rule, Score
from pegline_core.strict import StructureProblems, converter, format_path, structure_strict

if TYPE_CHECKING:
    from pegline_core.variant import Variant

__all__ = ["Ruleset", "PluginError", "installed_plugins", "plugin_class", "describe_plugin",
           "game_definition",
           "ENTRY_POINT_GROUP", "Problems"]

ENTRY_POINT_GROUP = "pegline"
_NOTHING: dict[str, Rule] = {}
Problems = list[tuple[tuple[str | int, ...], str]]
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


Fault = tuple[tuple[str | int, ...], str, str | None, str | None]
"""A problem found while building a ruleset: (key path, message, plugin, hook)."""


def game_definition(name: str, extra_plugins: Plugins | None = None) -> GameDefinition:
    """The game plugin ``name`` (an entry point in the ``pegline`` group), built."""
    definition = build_plugin(name, plugin_class(name, extra_plugins), {})
    if not isinstance(definition, GameDefinition):
        raise PluginError(f"plugin {name!r} is not a game (it has no new_machine)", plugin=name)
    return definition


class _PluginManager(pluggy.PluginManager):
    """pluggy's manager, counting changes so that cached dispatch knows when to look again.

    Every registration fault becomes a `PluginError` naming the plugin and the hook, and leaves
    nothing half-registered. Once its ruleset is built (``ruleset`` set), a plugin registered
    later is checked and its rules are declared before `register` returns.
    """

    def __init__(self) -> None:
        super().__init__(hookspecs.PROJECT)
        self.version = 0
        self.monitors = 0
        self.ruleset: Ruleset | None = None

    def add_hookspecs(self, module_or_class: ModuleType | type) -> None:
        super().add_hookspecs(module_or_class)
        self.version += 1

    def register(self, plugin: object, name: str | None = None) -> str | None:
        wanted = name or self.get_canonical_name(plugin)
        try:
            registered = super().register(plugin, name)
        except Exception as exc:
            if self.get_plugin(wanted) is plugin:  # pluggy leaves a failed plugin half-registered
                super().unregister(plugin, wanted)
            self.version += 1
            raise _registration_error(self, wanted, plugin, exc) from exc
        self.version += 1
        ruleset = self.ruleset
        if registered is not None and ruleset is not None:
            try:
                ruleset._joined(registered, plugin)
            except PluginError:
                super().unregister(plugin, registered)
                ruleset._left(plugin)
                self.version += 1
                raise
        return registered

    def unregister(self, plugin: object | None = None, name: str | None = None) -> Any:
        removed = super().unregister(plugin, name)
        self.version += 1
        if removed is not None and self.ruleset is not None:
            self.ruleset._left(removed)
        return removed

    def add_hookcall_monitoring(self, before: Any, after: Any) -> Callable[[], None]:
        undo = super().add_hookcall_monitoring(before, after)
        self.monitors += 1
        self.version += 1
        done = False

        def stop() -> None:
            nonlocal done
            if not done:
                done = True
                undo()
                self.monitors -= 1
                self.version += 1

        return stop


def _registration_error(pm: pluggy.PluginManager, name: str, plugin: object,
                        exc: Exception) -> PluginError:
    """What went wrong registering ``plugin`` as ``name``, in words, naming the hook."""
    if isinstance(exc, PluginError):
        return exc
    if isinstance(exc, pluggy.PluginValidationError):
        text = str(exc)
        found = re.search(r"hook '(\w+)'", text)
        hook = found.group(1) if found else None
        caller = getattr(pm.hook, hook, None) if hook else None
        if hook and caller is not None and caller.spec is not None and "can not be found" in text:
            spec = caller.spec.argnames
            impl = next((i for i in caller.get_hookimpls() if i.plugin is plugin), None)
            names = getattr(impl, "argnames", None) or _impl_argnames(plugin, hook)
            extra = ", ".join(repr(a) for a in names if a not in spec)
            return PluginError(f"plugin {name!r}: {hook} takes {extra}, which the hook does not "
                               f"pass (it passes: {', '.join(spec) or 'nothing'})",
                               plugin=name, hook=hook)
        detail = " ".join(line.strip() for line in text.splitlines()[1:] if line.strip())
        return PluginError(f"plugin {name!r} cannot implement {hook or 'a hook'}: "
                           f"{detail or text}", plugin=name, hook=hook)
    hook = _hook_in_traceback(plugin, exc.__traceback__)
    if hook is not None:
        return PluginError(f"plugin {name!r} failed in {hook}: {type(exc).__name__}: {exc}",
                           plugin=name, hook=hook)
    if isinstance(exc, ValueError) and "already registered" in str(exc):
        taken = pm.get_plugin(name) is not None
        why = "that name is taken" if taken else "it is registered under another name"
        return PluginError(f"plugin {name!r} cannot be registered: {why}", plugin=name)
    first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return PluginError(f"plugin {name!r} cannot be registered: {first}", plugin=name)


def _impl_argnames(plugin: object, hook: str) -> tuple[str, ...]:
    from pluggy._hooks import varnames  # the same reading pluggy uses

    function = getattr(plugin, hook, None)
    return varnames(function)[0] if function is not None else ()


def _hook_in_traceback(plugin: object, tb: TracebackType | None) -> str | None:
    """The name of the hook of ``plugin`` whose code appears innermost in ``tb``."""
    codes = {}
    for attr in dir(plugin):
        if attr.startswith("pegline_"):
            code = getattr(getattr(plugin, attr, None), "__code__", None)
            if code is not None:
                codes[code] = attr
    found = None
    while tb is not None:
        found = codes.get(tb.tb_frame.f_code, found)
        tb = tb.tb_next
    return found


def _unknown_hooks(pm: pluggy.PluginManager, only: object | None = None) -> list[Fault]:
    """A fault for every implementation of a hook that has no specification, and so would never
    be called (a misspelt name): pluggy's ``check_pending``, reporting them all."""
    known = sorted(name for name in vars(pm.hook) if not name.startswith("_")
                   and getattr(pm.hook, name).spec is not None)
    found: list[Fault] = []
    for name, caller in vars(pm.hook).items():
        if name.startswith("_") or caller.spec is not None:
            continue
        for impl in caller.get_hookimpls():
            if not impl.optionalhook and (only is None or impl.plugin is only):
                close = difflib.get_close_matches(name, known, n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                message = f"plugin {impl.plugin_name!r}: {name!r} is not a hook{hint}"
                found.append((("plugins",), message, impl.plugin_name, name))
    return found


def _show(value: Any) -> str:
    """A short repr that cannot fail (a claim may hold anything)."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a broken __repr__ must not hide the real fault
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 60 else text[:57] + "..."


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
        found: list[tuple[str | None, Any]] = []
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

    def checked(self, *args: Any, expect: Callable[[Any], bool],
                what: str) -> list[tuple[str | None, Any]]:
        """`results`, each checked by ``expect``: a result it refuses is a `PluginError` naming
        the plugin and the hook (``what`` says what the hook must return)."""
        found = self.results(*args)
        for plugin, result in found:
            if not expect(result):
                raise PluginError(f"{self.ruleset.culprit(plugin, self.name)}: {self.name} must "
                                  f"return {what} or None, got {_show(result)}",
                                  plugin=plugin, hook=self.name)
        return found

    def _through_pluggy(self, args: tuple[Any, ...]) -> list[Any]:
        try:
            results: Any = self._caller(**dict(zip(self.argnames, args, strict=True)))
        except Exception as exc:
            raise self._failed(self._culprit(exc.__traceback__), exc) from exc
        if self.firstresult:
            return [] if results is None else [results]
        if type(results) is not list:
            wrappers = ", ".join(repr(impl.plugin_name) for impl in self._caller.get_hookimpls()
                                 if impl.wrapper or impl.hookwrapper)
            raise PluginError(f"a wrapper of {self.name} ({wrappers}) must leave a list of "
                              f"results, got {type(results).__name__}", hook=self.name)
        return results

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
            if exc.plugin is None and exc.hook is None:
                exc.plugin, exc.hook = plugin, self.name
            return exc
        return PluginError(f"plugin {plugin!r} failed in {self.name}: {type(exc).__name__}: {exc}",
                           plugin=plugin, hook=self.name)


class ScoringHook(Hook):
    """A hook whose implementations return `Score` claims: every claim is checked, switched-off
    rules are dropped, and the awards are sorted by declared rule order."""

    def __call__(self, allowed: Collection[Card], *args: Any) -> list[Award]:
        """The checked awards; ``allowed`` are the cards a claim may name.

        The hot path of every game step: the direct loop of `results` is repeated here rather
        than building its list of pairs first.
        """
        if self._version != self.ruleset.pm.version:
            self._refresh()
        awards: list[Award] = []
        direct = self._direct
        if direct is None:
            for plugin, claims in self.results(*args):
                self._collect(plugin, claims, allowed, awards)
        else:
            for plugin, function, positions in direct:
                try:
                    claims = function(*args) if positions is None else \
                        function(*[args[i] for i in positions])
                except Exception as exc:
                    raise self._failed(plugin, exc) from exc
                if claims is not None:
                    self._collect(plugin, claims, allowed, awards)
        if len(awards) > 1:
            order = self.ruleset.order
            awards.sort(key=lambda award: order[award.rule.id])
        return awards

    def _collect(self, plugin: str | None, claims: Any, allowed: Collection[Card],
                 awards: list[Award]) -> None:
        """Check one implementation's claims into ``awards``."""
        if type(claims) is not list:
            raise PluginError(f"{self.ruleset.culprit(plugin, self.name)}: {self.name} must "
                              f"return a list of Score, got {type(claims).__name__}",
                              plugin=plugin, hook=self.name)
        check = self.ruleset.check_claim
        for claim in claims:
            award = check(plugin, self.name, claim, allowed)
            if award is not None:
                awards.append(award)


class Ruleset:
    """A variant's built plugins: its game first, then its rule plugins, each built once, on one
    `pluggy.PluginManager` of its own.

    Raises `PluginError` listing every problem if a plugin cannot be loaded, built, configured
    or registered, or rejects the variant; ``plugin`` and ``hook`` name the first culprit.

    ``pm`` is the manager: a plugin registered on it later (``ruleset.pm.register(plugin,
    name)``) is checked as at build time (hooks, rules, `pegline_check_variant`), has its rules
    declared, and is called from the next hook call on; one unregistered is no longer called and
    its rules are withdrawn. ``plugins`` stays the variant's own plugins, as built.
    """

    def __init__(self, variant: Variant, extra_plugins: Plugins | None = None) -> None:
        self.variant = variant
        self.extra_plugins = dict(extra_plugins or {})
        faults = self._assemble()
        faults = faults or self._check()
        if faults:
            message = "; ".join(f"{format_path(p) or '(top)'}: {m}" for p, m, _, _ in faults)
            culprit = next((f for f in faults if f[2] is not None), faults[0])
            raise PluginError(message, plugin=culprit[2], hook=culprit[3])
        self._hooks: dict[str, Hook] = {}
        self.cache: dict[str, Any] = {}
        """What a game builds once per ruleset and shares between its games."""
        self.pm.ruleset = self

    @classmethod
    def inspect(cls, variant: Variant, extra_plugins: Plugins | None = None
                ) -> tuple[Problems, list[str]]:
        """What is wrong with the variant's plugins and their configuration, as (path, message),
        and, when nothing is, the plugins' notices for the players."""
        ruleset = cls.__new__(cls)
        ruleset.variant, ruleset.extra_plugins = variant, dict(extra_plugins or {})
        faults = ruleset._assemble() or ruleset._check()
        if faults:
            return [(path, message) for path, message, _, _ in faults], []
        notices: list[str] = []
        try:
            for plugin, said in ruleset._ask_each("pegline_variant_notices", variant=variant):
                if not isinstance(said, list) or not all(isinstance(m, str) for m in said):
                    message = (f"plugin {plugin!r}: pegline_variant_notices must return a list "
                               f"of str, got {_show(said)}")
                    return [(("plugins",), message)], []
                notices += said
        except PluginError as exc:
            return [(("plugins",), str(exc))], []
        return [], notices

    # -- building ------------------------------------------------------------------------------

    def _assemble(self) -> list[Fault]:
        variant = self.variant
        faults: list[Fault] = []
        self.pm = _PluginManager()
        self.pm.add_hookspecs(hookspecs)
        self.pm.hook.pegline_addhooks.call_historic(kwargs={"pluginmanager": self.pm})
        self.plugins: dict[str, object] = {}
        self.rules: dict[str, tuple[str, Rule]] = {}
        self._declared: dict[str, dict[str, Rule]] = {}
        self._owners: dict[str, object] = {}
        self.order: dict[str, int] = {}
        self.disabled = frozenset(variant.disable)
        try:
            game = build_plugin(variant.game, plugin_class(variant.game, self.extra_plugins), {})
        except (PluginError, StructureProblems) as exc:
            return [(("game",), str(exc), variant.game, None)]
        if not isinstance(game, GameDefinition):
            return [(("game",), f"plugin {variant.game!r} is not a game (it has no new_machine)",
                     variant.game, None)]
        self.game: GameDefinition = game
        faults += self._register(variant.game, game, ("game",))
        for index, name in enumerate(variant.plugins):
            try:
                cls = plugin_class(name, self.extra_plugins)
                plugin = build_plugin(name, cls, variant.config.get(name, {}))
            except StructureProblems as exc:
                faults += [(("config", name, *p), m, name, None) for p, m in exc.problems]
                continue
            except PluginError as exc:
                faults.append((("plugins", index), str(exc), name, None))
                continue
            faults += self._register(name, plugin, ("plugins", index))
        if faults:
            return faults
        return _unknown_hooks(self.pm) or self._declare()

    def _register(self, name: str, plugin: object, path: tuple[str | int, ...]) -> list[Fault]:
        try:
            self.pm.register(plugin, name=name)
        except PluginError as exc:  # pluggy's validation, or a pegline_addhooks that fails
            return [(path, str(exc), name, exc.hook)]
        self.plugins[name] = plugin
        return []

    def _ask_each(self, hook: str, only: object | None = None, *, oldest_first: bool = False,
                  **kwargs: Any) -> list[tuple[str, Any]]:
        """Ask a kernel hook of each plugin alone (in pluggy's order, or in registration order;
        through pluggy, so monitors see it), so every answer has an owner: (plugin name,
        non-None result)."""
        pm = self.pm
        caller = getattr(pm.hook, hook)
        owners: dict[int, tuple[str, object]] = {}
        for impl in reversed(caller.get_hookimpls()):
            if only is None or impl.plugin is only:
                owners.setdefault(id(impl.plugin), (impl.plugin_name, impl.plugin))
        asked = list(owners.values())
        if oldest_first:
            rank = {id(plugin): index for index, (_, plugin) in enumerate(pm.list_name_plugin())}
            asked.sort(key=lambda owner: rank[id(owner[1])])
        answers = []
        for name, plugin in asked:
            self._owners[name] = plugin
            subset = pm.subset_hook_caller(hook, [p for p in pm.get_plugins() if p is not plugin])
            try:
                results = subset(**kwargs)
            except Exception as exc:
                raise PluginError(f"plugin {name!r} failed in {hook}: {type(exc).__name__}: "
                                  f"{exc}", plugin=name, hook=hook) from exc
            if type(results) is not list:
                raise PluginError(f"plugin {name!r}: a wrapper of {hook} must leave a list of "
                                  f"results, got {type(results).__name__}", plugin=name, hook=hook)
            answers += [(name, result) for result in results]
        return answers

    def _declare(self, only: object | None = None) -> list[Fault]:
        """Declare the rules of every plugin (or of the plugin ``only``), then order them."""
        try:
            answers = self._ask_each("pegline_rules", only, oldest_first=True)
        except PluginError as exc:
            return [(("plugins",), str(exc), exc.plugin, exc.hook)]
        faults: list[Fault] = []
        declared: dict[str, dict[str, Rule]] = {}
        for owner, rules in answers:
            if not isinstance(rules, list) or not all(isinstance(r, Rule) for r in rules):
                message = (f"plugin {owner!r}: pegline_rules must return a list of Rule, got "
                           f"{_show(rules)}")
                faults.append((("plugins",), message, owner, "pegline_rules"))
                continue
            for rule in rules:
                problem = _rule_problem(rule)
                if problem is not None:
                    faults.append((("plugins",), f"plugin {owner!r}: {problem}", owner,
                                   "pegline_rules"))
                    continue
                earlier = self.rules[rule.id][0] if rule.id in self.rules else next(
                    (o for o, known in declared.items() if rule.id in known), None)
                if earlier is not None:
                    clash = " twice" if earlier == owner else f", already declared by {earlier!r}"
                    message = f"plugin {owner!r} declares rule {rule.id!r}{clash}"
                    faults.append((("plugins",), message, owner, "pegline_rules"))
                    continue
                declared.setdefault(owner, {})[rule.id] = rule
        if faults:
            return faults
        for owner, rules in declared.items():
            self._declared.setdefault(owner, {}).update(rules)
            self.rules.update((rule_id, (owner, rule)) for rule_id, rule in rules.items())
        self._reorder()
        return []

    def _reorder(self) -> None:
        """The canonical order of a step's awards: the variant's plugins in the variant's order
        (the game first), any plugin registered later after them by name, each plugin's rules
        in its declaration order. Registration order and tryfirst/trylast play no part."""
        rank = {name: index for index, name in enumerate(self.plugins)}
        owners = sorted(self._declared, key=lambda o: (rank.get(o, len(rank)), o))
        ordered = [rule_id for owner in owners for rule_id in self._declared[owner]]
        self.order = {rule_id: index for index, rule_id in enumerate(ordered)}

    def _check(self, only: object | None = None) -> list[Fault]:
        faults: list[Fault] = []
        if only is None:
            for index, rule_id in enumerate(self.variant.disable):
                if rule_id not in self.rules:
                    faults.append((("disable", index),
                                   f"no plugin of this variant declares rule {rule_id!r}",
                                   None, None))
        try:
            answers = self._ask_each("pegline_check_variant", only, variant=self.variant)
        except PluginError as exc:
            return [*faults, (("plugins",), str(exc), exc.plugin, exc.hook)]
        for plugin, messages in answers:
            if not isinstance(messages, list) or not all(isinstance(m, str) for m in messages):
                message = (f"plugin {plugin!r}: pegline_check_variant must return a list of "
                           f"str, got {_show(messages)}")
                faults.append((("plugins",), message, plugin, "pegline_check_variant"))
                continue
            for message in messages:
                path, sep, text = message.partition(": ")
                where = tuple(path.split(".")) if sep and path and " " not in path else ("plugins",)
                faults.append((where, f"(plugin {plugin!r}) {text if sep else message}", plugin,
                               "pegline_check_variant"))
        return faults

    # -- plugins registered after the build ----------------------------------------------------

    def _joined(self, name: str, plugin: object) -> None:
        """Check a plugin registered after the build and declare its rules (`PluginError`)."""
        faults = (_unknown_hooks(self.pm, plugin) or self._declare(plugin)
                  or self._check(plugin))
        if faults:
            raise PluginError("; ".join(message for _, message, _, _ in faults),
                              plugin=faults[0][2], hook=faults[0][3])

    def _left(self, plugin: object) -> None:
        """Withdraw the rules of a plugin that was unregistered."""
        for owner in [o for o, p in self._owners.items() if p is plugin]:
            del self._owners[owner]
            for rule_id in self._declared.pop(owner, {}):
                self.rules.pop(rule_id, None)
        self._reorder()

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

    def culprit(self, plugin: str | None, hook: str) -> str:
        """How a message names the plugin behind a result: ``plugin 'name'``, or, where a wrapper
        made the results anonymous, every plugin that implements the hook."""
        if plugin is not None:
            return f"plugin {plugin!r}"
        caller = getattr(self.pm.hook, hook, None)
        impls = caller.get_hookimpls() if caller is not None else []
        names = ", ".join(dict.fromkeys(repr(impl.plugin_name) for impl in impls)) or "none"
        return f"a plugin of {hook} (through a wrapper; one of {names})"

    def check_claim(self, plugin: str | None, hook: str, claim: Any,
                    allowed: Collection[Card]) -> Award | None:
        """The `Award` for one claim, None if its rule is switched off, or `PluginError`.

        ``plugin`` None means the claim came through a wrapper: it is then attributed to the
        plugin that declared its rule. (The hot path: every claim of every step.)"""
        if type(claim) is not Score:
            raise self._refused(plugin, hook, f"returned {type(claim).__name__}, not Score")
        rule_id = claim.rule
        if type(rule_id) is not str:
            raise self._refused(plugin, hook, f"a rule id is a string, not {_show(rule_id)}")
        if plugin is None and rule_id in self.rules:
            plugin = self.rules[rule_id][0]
        rule = self._declared.get(plugin, _NOTHING).get(rule_id) if plugin else None
        if rule is None or plugin is None:
            raise self._refused(plugin, hook, f"rule {rule_id!r} was not declared by this plugin")
        points = claim.points
        if type(points) is not int:
            raise self._refused(plugin, hook, f"points for {rule_id!r} must be an integer, not "
                                              f"{_show(points)}")
        if rule.points is not None and points != rule.points:
            raise self._refused(plugin, hook, f"{rule_id!r} declared {rule.points} points, "
                                              f"claimed {points}")
        if points < 0 and not rule.negative:
            raise self._refused(plugin, hook, f"{rule_id!r} may not score negative points")
        cards = claim.cards
        if type(cards) is not tuple:
            try:
                cards = tuple(cards)
            except Exception:  # noqa: BLE001 - anything a plugin returns becomes a PluginError
                raise self._refused(plugin, hook, f"cards for {rule_id!r} must be a tuple of "
                                                  f"Card, not {_show(cards)}") from None
            claim = claim._replace(cards=cards)
        for card in cards:
            if type(card) is not Card:
                raise self._refused(plugin, hook, f"{rule_id!r} names {_show(card)}, which is "
                                                  "not a Card")
            if card not in allowed:
                raise self._refused(plugin, hook, f"{rule_id!r} names {card}, which is not "
                                                  "among the cards of this step")
        if rule_id in self.disabled:
            return None
        return Award(plugin, rule, claim)

    def _refused(self, plugin: str | None, hook: str, text: str) -> PluginError:
        return PluginError(f"{self.culprit(plugin, hook)} in {hook}: {text}", plugin=plugin,
                           hook=hook)

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
        return {name: converter.unstructure(getattr(plugin, "config"))  # noqa: B009
                for name, plugin in self.plugins.items()
                if getattr(type(plugin), "Config", None) is not None}



def _rule_problem(rule: Rule) -> str | None:
    """What is wrong with a declared rule, or None."""
    if type(rule.id) is not str or not rule.id:
        return f"a rule id must be a non-empty string, not {_show(rule.id)}"
    if rule.points is not None and type(rule.points) is not int:
        return f"rule {rule.id!r}: points must be an integer or None, not {_show(rule.points)}"
    if rule.points is not None and rule.points < 0 and not rule.negative:
        return f"rule {rule.id!r}: {rule.points} points need negative=True"
    return None


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

