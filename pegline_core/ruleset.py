"""A variant's plugins, built once and registered together: the `Ruleset`.

The game is registered first, so that it can add its own hook specifications
(`pegline_addhooks`); then the plugins the variant names, in order, each with its configuration.
Rules are declared and checked here, and every claim a scoring hook returns is checked here.
"""

from __future__ import annotations

import difflib
import functools
import json
import re
from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from pegline_core import hookspecs
from pegline_core.arguments import expect, is_variant, plugin_classes
from pegline_core.cards import Card
from pegline_core.definition import GameDefinition
from pegline_core.dispatch import (
    CountingPluginManager,
    Fault,
    Hook,
    HookOwner,
    ScoringHook,
    unknown_hooks,
)
from pegline_core.errors import PluginError, short_repr
from pegline_core.game_hooks import MARKERS, GameHooks
from pegline_core.messages import Problem, Template, either, joined, said
from pegline_core.plugins import (
    Plugins,
    Problems,
    build_plugin,
    describe_plugin,
    installed_plugins,
    not_a_game,
    plugin_class,
    plugin_version,
    safe_load,
)
from pegline_core.rules import Award, Rule, Score, rule_problem
from pegline_core.strict import (
    StructureProblems,
    converter,
    describe,
    format_path,
    leniently,
)

if TYPE_CHECKING:
    from pegline_core.variant_data import Variant

__all__ = ["Ruleset"]

_DECLARED_TWICE = Template("rule.declared-twice", "plugin {plugin} declares rule {rule} twice")
_DECLARED_BEFORE = Template("rule.declared-before", "plugin {plugin} declares rule {rule}, "
                            "already declared by {earlier}")
_UNDECLARED = Template("rule.undeclared", "no plugin of this variant declares rule {rule}")
_UNDECLARED_NEAR = Template("rule.undeclared.near", "no plugin of this variant declares rule "
                            "{rule} (did you mean {names}?)")
_PLUGIN_SAYS = Template("plugin.says", "(plugin {plugin}) {message}")
_A_GAME = Template("plugins.a-game", "plugin {plugin} is a game, not a rule plugin: a variant "
                   "names its game in 'game' ({game} here)")
_SCORELESS = Template("rule.scoreless", "no rule can score a point ({keys}), so a game could "
                      "never end")
T = TypeVar("T")

_NOTHING: dict[str, Rule] = {}


class Ruleset(HookOwner):
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
        expect(is_variant(variant), "a Ruleset's variant",
               "a loaded Variant (load_variant(name) loads one)", variant)
        self.variant = variant
        self.extra_plugins = dict(plugin_classes(extra_plugins) or {})
        self._finish(self._assemble())

    def fork(self) -> Ruleset:
        """A ruleset of the same variant over this one's very plugin instances, on a plugin
        manager of its own: a plugin registered on it or a monitor attached to it reaches it
        alone (`Game.ruleset` gives a game that shared its ruleset one of these)."""
        return _Forked(self)

    def _finish(self, faults: list[Fault]) -> None:
        faults = faults or self._check()
        if faults:
            message = joined(Problem(m, format_path(p) or "(top)") for p, m, _, _ in faults)
            culprit = next((f for f in faults if f[2] is not None), faults[0])
            raise PluginError(message, plugin=culprit[2], hook=culprit[3])
        self._hooks: dict[str, Hook] = {}
        self._scoring: dict[str, ScoringHook] = {}
        self.cache: dict[str, Any] = {}
        """What a game builds once per ruleset and shares between its games."""
        self.pm.ruleset = self

    @classmethod
    def inspect(cls, variant: Variant, extra_plugins: Plugins | None = None, *,
                must_score: bool = False) -> tuple[Problems, list[str]]:
        """What is wrong with the variant's plugins and their configuration, as (path, message),
        and, when nothing is, the plugins' notices for the players. ``must_score``: a variant
        in which no enabled rule can score a point is wrong too (its games could never end)."""
        ruleset: Ruleset = _Unbuilt(variant, extra_plugins)
        faults = ruleset._assemble()  # the plugins that load are checked beside those that fail
        refused = [fault[0] for fault in faults if fault[0][:1] == ("config",)]
        # a plugin's judgment of a table one of whose keys was refused, or of what is inside
        # that key (its default or stand-in in its place), is left out: it would judge that,
        # not what the file wrote
        faults += [fault for fault in
                   ruleset._check(unsure=any(fault[0][:1] == ("plugins",) for fault in faults))
                   if not any(_nested(path, fault[0]) for path in refused)]
        faults = faults or (ruleset._scoreless() if must_score else [])
        if faults:
            return [(path, message) for path, message, _, _ in faults], []
        notices: list[str] = []
        try:
            for plugin, said in ruleset._ask_each("pegline_variant_notices", variant=variant):
                wrong = _not_a_list_of(str, plugin, "pegline_variant_notices", said)
                if wrong is not None:
                    return [(wrong[0], wrong[1])], []
                notices += said
        except PluginError as exc:
            return [(("plugins",), said(exc))], []
        return [], notices

    # -- building ------------------------------------------------------------------------------

    def _assemble(self, made: Mapping[str, object] | None = None) -> list[Fault]:
        """Build and register the game and the variant's plugins (or take those already
        ``made``, by name), then declare their rules."""
        made = made or {}
        variant = self.variant
        faults: list[Fault] = []
        self.pm = CountingPluginManager()
        self.pm.add_hookspecs(hookspecs)
        self.pm.hook.pegline_addhooks.call_historic(kwargs={"pluginmanager": self.pm})
        self.plugins: dict[str, object] = {}
        self.rules: dict[str, tuple[str, Rule]] = {}
        self._declared: dict[str, dict[str, Rule]] = {}
        self._owners: dict[str, object] = {}
        self.order = {}
        self.disabled = frozenset(variant.disable)
        try:
            game = made.get(variant.game) or \
                build_plugin(variant.game, plugin_class(variant.game, self.extra_plugins), {})
        except (PluginError, StructureProblems) as exc:
            return [(("game",), said(exc), variant.game, None)]
        if not isinstance(game, GameDefinition):
            return [(("game",), not_a_game(variant.game, game), variant.game, None)]
        try:  # the game's own hooks for the kernel, checked once (a misspelt name, ...)
            GameHooks.of(variant.game, game)
        except PluginError as exc:
            return [(("game",), said(exc), variant.game, exc.hook)]
        self.game: GameDefinition = game
        faults += self._register(variant.game, game, ("game",))
        # a file's values may be of any type: read untyped (a compiled build trusts the types)
        configs: Any = variant.config
        for index, name in enumerate(variant.plugins):
            table = configs.get(name, {})
            if not isinstance(table, Mapping):
                shown = list(table) if isinstance(table, tuple) else table  # a frozen array
                faults.append((("config", name), f"expected a table, got {describe(shown)}",
                               name, None))
                continue
            try:
                plugin, problems = (made[name], []) if name in made else leniently(
                    functools.partial(build_plugin, name, plugin_class(name, self.extra_plugins)),
                    table)
            except PluginError as exc:
                faults.append((("plugins", index), said(exc), name, None))
                continue
            # the keys refused are left to their defaults: the plugin's own checks still run
            faults += [(("config", name, *p), m, name, None) for p, m in problems]
            if plugin is None:
                continue
            if isinstance(plugin, GameDefinition):  # one game a variant: its own ``game``
                faults.append((("plugins", index), _A_GAME(plugin=repr(name),
                                                           game=repr(variant.game)), name, None))
                continue
            faults += self._register(name, plugin, ("plugins", index))
        return faults + (unknown_hooks(self.pm, markers=MARKERS) or self._declare())

    def _register(self, name: str, plugin: object, path: tuple[str | int, ...]) -> list[Fault]:
        try:
            self.pm.register(plugin, name=name)
        except PluginError as exc:  # pluggy's validation, or a pegline_addhooks that fails
            return [(path, said(exc), name, exc.hook)]
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
                                  f"{exc}", plugin=name, hook=hook, cause=exc) from exc
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
            return [(("plugins",), said(exc), exc.plugin, exc.hook)]
        faults: list[Fault] = []
        declared: dict[str, dict[str, Rule]] = {}
        for owner, rules in answers:
            wrong = _not_a_list_of(Rule, owner, "pegline_rules", rules)
            if wrong is not None:
                faults.append(wrong)
                continue
            for rule in rules:
                problem = rule_problem(rule)
                if problem is not None:
                    faults.append((("plugins",), f"plugin {owner!r}: {problem}", owner,
                                   "pegline_rules"))
                    continue
                earlier = self.rules[rule.id][0] if rule.id in self.rules else next(
                    (o for o, known in declared.items() if rule.id in known), None)
                if earlier is not None:
                    message = _DECLARED_TWICE(plugin=repr(owner), rule=repr(rule.id)) if \
                        earlier == owner else _DECLARED_BEFORE(plugin=repr(owner),
                                                              rule=repr(rule.id),
                                                              earlier=repr(earlier))
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

    def _check(self, only: object | None = None, *, unsure: bool = False) -> list[Fault]:
        """What the variant's ``disable`` and its plugins' own checks refuse. ``unsure``: a plugin
        failed to load, so a rule id that an installed plugin declares may be its own."""
        faults: list[Fault] = []
        if only is None:
            for index, rule_id in enumerate(self.variant.disable):
                if rule_id not in self.rules and not (unsure and rule_id in _installed_rules()):
                    near = difflib.get_close_matches(str(rule_id), self.rules, n=3)
                    undeclared = _UNDECLARED_NEAR(rule=repr(rule_id), names=either(near)) \
                        if near else _UNDECLARED(rule=repr(rule_id))
                    faults.append((("disable", index), undeclared, None, None))
        try:
            answers = self._ask_each("pegline_check_variant", only, variant=self.variant)
        except PluginError as exc:
            return [*faults, (("plugins",), said(exc), exc.plugin, exc.hook)]
        for plugin, messages in answers:
            wrong = _not_a_list_of(str, plugin, "pegline_check_variant", messages)
            if wrong is not None:
                faults.append(wrong)
                continue
            for message in messages:
                if isinstance(message, Problem) and len(message.place) == 1:  # a key's message
                    path, sep, text = message.place[0], ": ", message.message
                else:  # a plugin's own words: "key.path: message"
                    path, sep, text = message.partition(": ")
                where = _key_path(path) if sep and path and " " not in path else ("plugins",)
                faults.append((where, _PLUGIN_SAYS(plugin=repr(plugin),
                                                   message=text if sep else message),
                               plugin, "pegline_check_variant"))
        return faults

    def _scoreless(self) -> list[Fault]:
        """A fault when no enabled rule can score a point: no one could ever win."""
        if any(rule.points is None or rule.points > 0
               for rule_id, (_, rule) in self.rules.items() if rule_id not in self.disabled):
            return []
        variant = self.variant
        configured = [name for name in variant.plugins if name in variant.config]
        keys = [f"plugins = {json.dumps(list(variant.plugins))}"]  # every key that combines,
        if variant.disable:  # for the file that set one last to answer for it
            keys.append(f"disable = {json.dumps(list(variant.disable))}")
        keys += [f"config.{name}" for name in configured]
        where: tuple[str, ...] = (  # the key that took the points away
            ("disable",) if variant.disable else
            ("config", configured[0]) if configured else ("plugins",))
        message = _SCORELESS(keys="; ".join(keys))
        return [(where, message, None, None)]

    # -- plugins registered after the build ----------------------------------------------------

    def _joined(self, name: str, plugin: object) -> None:
        """Check a plugin registered after the build and declare its rules (`PluginError`)."""
        faults = (unknown_hooks(self.pm, plugin, MARKERS) or self._declare(plugin)
                  or self._check(plugin))
        if faults:
            raise PluginError(joined(message for _, message, _, _ in faults),
                              plugin=faults[0][2], hook=faults[0][3])

    def _left(self, plugin: object) -> None:
        """Withdraw the rules of a plugin that was unregistered."""
        for owner in [o for o, p in self._owners.items() if p is plugin]:
            del self._owners[owner]
            for rule_id in self._declared.pop(owner, {}):
                self.rules.pop(rule_id, None)
        self._reorder()

    # -- calling -------------------------------------------------------------------------------

    def shared(self, key: str, make: Callable[[Ruleset], T]) -> T:
        """What every game of this ruleset shares under ``key`` (a game's settings read once,
        its actions made once): ``make(self)``, built on first use and kept in `cache`."""
        found: T | None = self.cache.get(key)
        if found is None:
            found = self.cache[key] = make(self)
        return found

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
        hook = self._scoring.get(name)
        if hook is None:
            if not hasattr(self.pm.hook, name):
                raise PluginError(f"no hook named {name!r}", hook=name)
            hook = self._scoring[name] = ScoringHook(self, name)
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
        raw: Any = claim  # its fields read as they are (not as Score declares them: compiled,
        if type(claim) is not Score:  # True would be read as the integer 1)
            raise self._refused(plugin, hook, f"returned {type(claim).__name__}, not Score")
        rule_id = raw.rule
        if type(rule_id) is not str:
            raise self._refused(plugin, hook, f"a rule id is a string, not {short_repr(rule_id)}")
        if plugin is None and rule_id in self.rules:
            plugin = self.rules[rule_id][0]
        rule: Any = self._declared.get(plugin, _NOTHING).get(rule_id) if plugin else None
        if rule is None or plugin is None:
            raise self._refused(plugin, hook, f"rule {rule_id!r} was not declared by this plugin")
        points = raw.points
        if type(points) is not int:
            raise self._refused(plugin, hook, f"points for {rule_id!r} must be an integer, not "
                                              f"{short_repr(points)}")
        if rule.points is not None and points != rule.points:
            unit = "point" if rule.points == 1 else "points"
            raise self._refused(plugin, hook, f"{rule_id!r} declared {rule.points} {unit}, "
                                              f"claimed {points}")
        if points < 0 and not rule.negative:
            raise self._refused(plugin, hook, f"{rule_id!r} may not score negative points")
        cards = raw.cards
        if type(cards) is not tuple:
            try:
                cards = tuple(cards)
            except Exception:  # noqa: BLE001 - anything a plugin returns becomes a PluginError
                raise self._refused(plugin, hook, f"cards for {rule_id!r} must be a tuple of "
                                                  f"Card, not {short_repr(cards)}") from None
            claim = claim._replace(cards=cards)
        for card in cards:
            if type(card) is not Card:
                raise self._refused(plugin, hook, f"{rule_id!r} names {short_repr(card)}, which is "
                                                  "not a Card")
            if not _among(card, allowed):
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
        """Each plugin's version, as a record stores it (`plugin_version`)."""
        installed = installed_plugins()
        found = {}
        for name, plugin in self.plugins.items():
            entry = installed.get(name)
            same = entry is not None and type(plugin) is safe_load(entry)
            found[name] = plugin_version(type(plugin), entry if same else None)
        return found

    def resolved_config(self) -> dict[str, dict[str, object]]:
        """Each configurable plugin's full configuration, defaults included (for display); a
        key left unset (None: TOML has no null) is left out."""
        return {name: _no_null_keys(converter.unstructure(getattr(plugin, "config")))  # noqa: B009
                for name, plugin in self.plugins.items()
                if getattr(type(plugin), "Config", None) is not None}


class _Forked(Ruleset):
    """A ruleset over another's plugin instances (`Ruleset.fork`)."""

    def __init__(self, original: Ruleset) -> None:  # built as Ruleset builds, but the plugins
        self.variant = original.variant
        self.extra_plugins = dict(original.extra_plugins)
        self._finish(self._assemble(original.plugins))


class _Unbuilt(Ruleset):
    """A ruleset not built yet, for `Ruleset.inspect` to assemble and check step by step."""

    def __init__(self, variant: Variant, extra_plugins: Plugins | None = None) -> None:
        self.variant = variant  # and nothing else: Ruleset.__init__ would raise on a fault
        self.extra_plugins = dict(extra_plugins or {})


def _nested(one: tuple[str | int, ...], other: tuple[str | int, ...]) -> bool:
    """Whether either key path is the other or goes into it."""
    shorter = min(len(one), len(other))
    return one[:shorter] == other[:shorter]


def _key_path(text: str) -> tuple[str | int, ...]:
    """A key path as a message writes it, ``config.house.rules[2].match``, as a tuple."""
    return tuple(int(part) if part.isdigit() else part
                 for part in re.split(r"\.|\[(\d+)\]", text) if part)


def _no_null_keys(table: Mapping[str, object]) -> dict[str, object]:
    """``table`` (unstructured) without the keys whose value is None, at every depth."""
    return {key: _no_nulls(item) for key, item in table.items() if item is not None}


def _no_nulls(value: object) -> object:
    """``value`` (unstructured) without the keys whose value is None, at every depth."""
    if isinstance(value, dict):
        return _no_null_keys(value)
    if isinstance(value, list | tuple):
        return type(value)(_no_nulls(item) for item in value)
    return value


def _installed_rules() -> set[str]:
    """The rule ids every installed plugin declares under its default configuration."""
    found: set[str] = set()
    for name in installed_plugins():
        try:
            found |= {rule.id for rule in describe_plugin(name)[1]}
        except PluginError:
            continue  # a broken plugin is reported where it is named
    return found


def _not_a_list_of(kind: type, plugin: str, hook: str, answer: object) -> Fault | None:
    """The fault of a declaration hook that did not answer with a list of ``kind``, or None."""
    if isinstance(answer, list) and all(isinstance(item, kind) for item in answer):
        return None
    message = (f"plugin {plugin!r}: {hook} must return a list of {kind.__name__}, got "
               f"{short_repr(answer)}")
    return (("plugins",), message, plugin, hook)


def _among(card: Card, allowed: Collection[Card]) -> bool:
    """``card in allowed``. Cards are interned and equal only to themselves, so in a tuple this
    is an identity scan, which skips the comparison slot `Card`'s ``__lt__`` gives its type."""
    if type(allowed) is tuple:
        for other in allowed:
            if other is card:
                return True
        return False
    return card in allowed
