"""Calling hooks: pluggy's manager with a change counter, and the dispatch of one hook.

While no implementation of a hook is a wrapper and no monitor is attached, its implementations
are called directly, in pluggy's order (a scoring hook whose every implementation has a native
counterpart calls those instead: the native lane); otherwise through ``pm.hook``. docs/hooks.md
states exactly what this does. Every fault becomes one `PluginError` naming the plugin and the hook.
"""

from __future__ import annotations

import difflib
import re
from abc import abstractmethod
from collections.abc import Callable, Collection, Mapping
from types import ModuleType, TracebackType
from typing import TYPE_CHECKING, Any, final

import pluggy

from pegline_core import hookspecs
from pegline_core.cards import Card
from pegline_core.errors import PluginError, short_repr
from pegline_core.hookspecs import NATIVE_STEP, native_counterpart
from pegline_core.messages import Template
from pegline_core.rules import Award

if TYPE_CHECKING:
    from pegline_core.hook_times import HookTimes

__all__ = ["Hook", "ScoringHook", "Fault", "CountingPluginManager", "HookOwner",
           "registration_error", "unknown_hooks"]

Fault = tuple[tuple[str | int, ...], str, str | None, str | None]

_NOT_A_HOOK = Template("plugin.not-a-hook", "plugin {plugin}: {name} is not a hook")
_NOT_A_HOOK_NEAR = Template("plugin.not-a-hook.near", "plugin {plugin}: {name} is not a hook "
                            "(did you mean {close}?)")
_MARK_WITH = Template("plugin.hook-marked-wrongly", "plugin {plugin}: {name} is a game's hook, "
                      "which is marked with {marker}")
_NOT_PASSED = Template("plugin.argument-not-passed", "plugin {plugin}: {hook} takes {extra}, "
                       "which the hook does not pass (it passes: {passed})")
"""A problem found while building a ruleset: (key path, message, plugin, hook)."""


@final
class Changes:
    """How many times a plugin manager has changed: cached dispatch compares it on every call
    (a compiled object's field, where the manager's own attribute would be a dict lookup)."""

    def __init__(self) -> None:
        self.version = 0


class HookOwner:
    """What the hooks read of the ruleset they belong to (`pegline_core.ruleset.Ruleset`, its
    subclass): its manager, its rule order, how to name a culprit and check a claim, and what to
    do when a plugin joins or leaves after the build. A base class rather than a protocol:
    compiled, the hot path reads its fields natively."""

    pm: CountingPluginManager
    order: dict[str, int]
    """Each declared rule's place: awards are sorted by it."""

    @abstractmethod
    def culprit(self, plugin: str | None, hook: str) -> str:
        """How a message names the plugin behind a result."""

    @abstractmethod
    def check_claim(self, plugin: str | None, hook: str, claim: Any,
                    allowed: Collection[Card]) -> Award | None:
        """The `Award` for one claim, None if its rule is switched off, or `PluginError`."""

    @abstractmethod
    def _joined(self, name: str, plugin: object) -> None:
        """Check a plugin registered after the build (`PluginError`)."""

    @abstractmethod
    def _left(self, plugin: object) -> None:
        """Withdraw the rules of a plugin that was unregistered."""


class CountingPluginManager(pluggy.PluginManager):
    """pluggy's manager, counting changes so that cached dispatch knows when to look again.

    Every registration fault becomes a `PluginError` naming the plugin and the hook, and leaves
    nothing half-registered. Once its ruleset is built (``ruleset`` set), a plugin registered
    later is checked and its rules are declared before `register` returns.
    """

    def __init__(self) -> None:
        super().__init__(hookspecs.PROJECT)
        self.changes = Changes()
        self.monitors = 0
        self.ruleset: HookOwner | None = None
        self.timings: HookTimes | None = None
        """The tally the hooks' implementations are timed into (`time_hooks`), or None."""

    def time_hooks(self, timings: HookTimes | None) -> None:
        """Time each implementation the hooks call directly into ``timings`` from the next
        call on (None: stop); an untimed hook calls its implementations as they are."""
        self.timings = timings
        self.changes.version += 1

    def add_hookspecs(self, module_or_class: ModuleType | type) -> None:
        super().add_hookspecs(module_or_class)
        self.changes.version += 1

    def register(self, plugin: object, name: str | None = None) -> str | None:
        wanted = name or self.get_canonical_name(plugin)
        try:
            registered = super().register(plugin, name)
        except Exception as exc:
            if self.get_plugin(wanted) is plugin:  # pluggy leaves a failed plugin half-registered
                super().unregister(plugin, wanted)
            self.changes.version += 1
            raise registration_error(self, wanted, plugin, exc) from exc
        self.changes.version += 1
        ruleset = self.ruleset
        if registered is not None and ruleset is not None:
            try:
                ruleset._joined(registered, plugin)
            except PluginError:
                super().unregister(plugin, registered)
                ruleset._left(plugin)
                self.changes.version += 1
                raise
        return registered

    def unregister(self, plugin: object | None = None, name: str | None = None) -> Any:
        removed = super().unregister(plugin, name)
        self.changes.version += 1
        if removed is not None and self.ruleset is not None:
            self.ruleset._left(removed)
        return removed

    def add_hookcall_monitoring(self, before: Any, after: Any) -> Callable[[], None]:
        undo = super().add_hookcall_monitoring(before, after)
        self.monitors += 1
        self.changes.version += 1
        done = False

        def stop() -> None:
            nonlocal done
            if not done:
                done = True
                undo()
                self.monitors -= 1
                self.changes.version += 1

        return stop


def registration_error(pm: pluggy.PluginManager, name: str, plugin: object,
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
            return PluginError(_NOT_PASSED(plugin=repr(name), hook=hook, extra=extra,
                                           passed=", ".join(spec) or "nothing"),
                               plugin=name, hook=hook)
        detail = " ".join(line.strip() for line in text.splitlines()[1:] if line.strip())
        return PluginError(f"plugin {name!r} cannot implement {hook or 'a hook'}: "
                           f"{detail or text}", plugin=name, hook=hook)
    hook = _hook_in_traceback(plugin, exc.__traceback__)
    if hook is not None:
        return PluginError(f"plugin {name!r} failed in {hook}: {type(exc).__name__}: {exc}",
                           plugin=name, hook=hook, cause=exc)
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


def unknown_hooks(pm: pluggy.PluginManager, only: object | None = None,
                  markers: Mapping[str, str] | None = None) -> list[Fault]:
    """A fault for every implementation of a hook that has no specification, and so would never
    be called (a misspelt name): pluggy's ``check_pending``, reporting them all. ``markers``
    names the marker each of a game's hooks takes, by hook (`pegline_core.game_hooks.MARKERS`),
    for one marked with another layer's."""
    known = sorted(name for name in vars(pm.hook) if not name.startswith("_")
                   and getattr(pm.hook, name).spec is not None)
    found: list[Fault] = []
    for name, caller in vars(pm.hook).items():
        if name.startswith("_") or caller.spec is not None:
            continue
        for impl in caller.get_hookimpls():
            if not impl.optionalhook and (only is None or impl.plugin is only):
                close = difflib.get_close_matches(name, known, n=1)
                marker = (markers or {}).get(name)
                message = _MARK_WITH(plugin=repr(impl.plugin_name), name=repr(name),
                                     marker=marker) if marker else \
                    _NOT_A_HOOK_NEAR(plugin=repr(impl.plugin_name), name=repr(name),
                                           close=repr(close[0])) if close else \
                    _NOT_A_HOOK(plugin=repr(impl.plugin_name), name=repr(name))
                found.append((("plugins",), message, impl.plugin_name, name))
    return found


class Hook:
    """One hook of a ruleset, called with pluggy's semantics.

    While no implementation is a wrapper and no monitor is attached, implementations are called
    directly, in pluggy's order (tryfirst/trylast, then newest-registered first), each with the
    subset of arguments it names; ``None`` means "nothing to say". Otherwise the call goes through
    ``pm.hook`` itself. A plugin registered or unregistered later is seen at the next call.
    """

    def __init__(self, ruleset: HookOwner, name: str) -> None:
        self.ruleset = ruleset
        self.name = name
        self._caller = getattr(ruleset.pm.hook, name)
        spec = self._caller.spec
        self.argnames: tuple[str, ...] = tuple(spec.argnames) if spec else ()
        self.firstresult = bool(spec and spec.opts.get("firstresult"))
        self._version = -1
        self._changes: Changes = ruleset.pm.changes
        self._direct: list[tuple[str, Callable[..., Any], tuple[int, ...] | None]] | None = None
        self._native: list[tuple[str, Callable[..., Any], object]] | None = None
        """The native lane, in pluggy's order: (plugin name, counterpart, plugin), or None."""

    def _refresh(self) -> None:
        pm = self.ruleset.pm
        self._version = self._changes.version
        impls = self._caller.get_hookimpls()
        self._native = None
        if pm.monitors or any(impl.hookwrapper or impl.wrapper for impl in impls):
            self._direct = None
            return
        whole = tuple(range(len(self.argnames)))
        direct = []
        native = []
        timings = pm.timings
        for impl in reversed(impls):
            positions = tuple(self.argnames.index(a) for a in impl.argnames)
            function = impl.function
            counterpart = native_counterpart(function)
            if timings is not None:  # asked for: the same calls, each timed
                function = timings.timed(impl.plugin_name, function)
                if counterpart is not None:
                    counterpart = timings.timed(impl.plugin_name, counterpart)
            direct.append((impl.plugin_name, function, None if positions == whole
                           else positions))
            if counterpart is not None:
                native.append((impl.plugin_name, counterpart, impl.plugin))
        self._direct = direct
        if native and len(native) == len(direct):
            self._native = native

    def implemented(self) -> bool:
        """Whether any plugin implements this hook (a game may then skip building its call)."""
        if self._version != self._changes.version:
            self._refresh()
        direct = self._direct
        return bool(self._caller.get_hookimpls()) if direct is None else len(direct) > 0

    def results(self, *args: Any) -> list[tuple[str | None, Any]]:
        """Each implementation's non-None result with its plugin's name (None where a wrapper
        makes the results anonymous); arguments in the spec's order."""
        if self._version != self._changes.version:
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
                                  f"return {what} or None, got {short_repr(result)}",
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
                           plugin=plugin, hook=self.name, cause=exc)


class ScoringHook:
    """A hook whose implementations return `Score` claims: every claim is checked, switched-off
    rules are dropped, and the awards are sorted by declared rule order.

    It calls its `Hook` (``hook``) with the same semantics. (Not a subclass of `Hook`: a compiled
    subclass that adds ``__call__`` crashes under mypyc.)
    """

    def __init__(self, ruleset: HookOwner, name: str) -> None:
        self.ruleset = ruleset
        self.name = name
        self.hook = Hook(ruleset, name)
        spec = self.hook._caller.spec
        self.native_step: type | None = getattr(spec.function, NATIVE_STEP, None) \
            if spec is not None else None
        """The step the counterparts take where the game builds one (`native_step`): the game
        then calls the native lane itself, and calling this hook takes the contract lane."""

    def __call__(self, allowed: Collection[Card], *args: Any) -> list[Award]:
        """The checked awards; ``allowed`` are the cards a claim may name. On the native lane
        the counterparts get the same arguments as the implementations (`natives` and
        `contract` let a game hand its counterparts a step of its own instead)."""
        natives = self.natives() if self.native_step is None else None
        if natives is None:
            return self.contract(allowed, *args)
        awards: list[Award] = []
        for name, counterpart, owner in natives:
            try:
                claims = counterpart(owner, *args)
            except Exception as exc:
                raise self.hook._failed(name, exc) from exc
            if claims is not None:
                self._collect(name, claims, allowed, awards)
        return self.ordered(awards)

    def natives(self) -> list[tuple[str, Callable[..., Any], object]] | None:
        """The native lane, in pluggy's order: (plugin name, counterpart, plugin) for every
        implementation, or None when the hook must take the contract lane."""
        hook = self.hook
        if hook._version != hook._changes.version:
            hook._refresh()
        return hook._native

    def contract(self, allowed: Collection[Card], *args: Any) -> list[Award]:
        """The checked awards of the hook implementations themselves (the contract lane).

        The hot path of a step on that lane: the direct loop of `Hook.results` is repeated here
        rather than building its list of pairs first."""
        hook = self.hook
        if hook._version != hook._changes.version:
            hook._refresh()
        awards: list[Award] = []
        direct = hook._direct
        if direct is None:
            for plugin, claims in hook.results(*args):
                self._collect(plugin, claims, allowed, awards)
        else:
            for plugin, function, positions in direct:
                try:
                    claims = function(*args) if positions is None else \
                        function(*[args[i] for i in positions])
                except Exception as exc:
                    raise hook._failed(plugin, exc) from exc
                if claims is not None:
                    self._collect(plugin, claims, allowed, awards)
        return self.ordered(awards)

    def ordered(self, awards: list[Award]) -> list[Award]:
        """``awards`` sorted by the declared rule order (stable: a rule's awards keep theirs)."""
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
