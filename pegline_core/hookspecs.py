# mypy: disable-error-code="empty-body"
# (a hook specification has no body: pluggy never calls it)
"""The kernel's hook specifications: what every plugin of every game may implement.

A plugin is a class named by an entry point in the ``pegline`` group; Pegline builds it with its
validated configuration and registers the instance on the ruleset's own `pluggy.PluginManager`.
A game (cribbage, or any other) is such a plugin too: it adds its own hooks through
`pegline_addhooks`, the way pytest plugins add theirs with ``pytest_addhooks``; its scoring rules
are plugins on them.

An implementation takes any subset of a hook's arguments, by name; never give one a default value
(pluggy does not pass it). docs/hooks.md states exactly how hooks are called and checked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple, TypeVar

import pluggy

if TYPE_CHECKING:
    from pegline_core.rules import Rule
    from pegline_core.variant_data import Variant

PROJECT = "pegline"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)

NATIVE = "pegline_native"
"""The attribute under which `native` stores a hook implementation's native counterpart, with
the function it was declared for (`native_counterpart` reads it)."""
_Function = TypeVar("_Function", bound=Callable[..., object])


class _Pairing(NamedTuple):
    """A counterpart and the one function it stands for."""

    counterpart: Callable[..., object]
    function: Callable[..., object]


def native(counterpart: Callable[..., object]) -> Callable[[_Function], _Function]:
    """Pair a scoring hook implementation with a native counterpart (docs/hooks.md).

    ``counterpart(plugin, *arguments)`` takes the plugin and every argument of the hook, in the
    specification's order, and returns the very claims the implementation returns, as `Score`
    tuples; where the game's specification of the hook names a native step (`native_step`), it
    takes that step instead and returns claims in the game's own form (cribbage's: the step in
    card codes, claims as ``(rule, points, codes)``). It is usually compiled. Dispatch calls it
    instead of the implementation only while every implementation of the hook has one and no
    wrapper or monitor is attached; its claims are checked as the implementation's are. It
    belongs to this very function: a wrapper of it (which copies its attributes), an override
    in a subclass or a function put in its place runs its own code. No plugin ever needs one.
    """
    def mark(function: _Function) -> _Function:
        setattr(function, NATIVE, _Pairing(counterpart, function))
        return function

    return mark


def native_counterpart(function: Callable[..., object]) -> Callable[..., object] | None:
    """The counterpart `native` gave exactly ``function`` (or the function of a bound method),
    or None: a wrapper that copied the marker from the function it wraps has none.

    >>> def counterpart(plugin, play): return None
    >>> @native(counterpart)
    ... def implementation(self, play): return []
    >>> native_counterpart(implementation) is counterpart
    True
    >>> import functools
    >>> native_counterpart(functools.wraps(implementation)(lambda self, play: []))
    """
    own = getattr(function, "__func__", function)
    pairing = getattr(own, NATIVE, None)
    if type(pairing) is _Pairing and pairing.function is own:
        return pairing.counterpart
    return None


NATIVE_STEP = "pegline_native_step"
"""The attribute under which `native_step` stores the step a hook's counterparts take."""


def native_step(step: type) -> Callable[[_Function], _Function]:
    """Mark a game's scoring hook specification: its native counterparts take a ``step`` the
    game builds (the same facts as the hook's snapshot, in the game's fast form), not the
    hook's arguments. The game calls that lane itself (`ScoringHook.natives`); calling the
    hook with its arguments then always takes the contract lane."""
    def mark(function: _Function) -> _Function:
        setattr(function, NATIVE_STEP, step)
        return function

    return mark


@hookspec(historic=True)
def pegline_addhooks(pluginmanager: pluggy.PluginManager) -> None:
    """Add hook specifications (a game adds its own: ``pluginmanager.add_hookspecs(module)``).

    Historic: a plugin registered later still gets the call.
    """


@hookspec
def pegline_rules() -> list[Rule]:
    """Declare every rule this plugin can emit, with its points, summary and source.

    Asked of each plugin alone, in registration order, when a ruleset is built and when a plugin
    is registered later. A rule id belongs to one plugin: declaring one already declared is
    refused, and so is a claim naming a rule id its plugin did not declare here.
    """


@hookspec
def pegline_check_variant(variant: Variant) -> list[str]:
    """Check a resolved variant against this plugin's needs.

    Return messages of the form ``"key.path: what is wrong"``; an empty list when it is fine.
    Called after the variant's own checks, so the table and the game's settings are sound, and
    possibly more than once; the variant is frozen and its ``config`` read-only.
    """


@hookspec
def pegline_variant_notices(variant: Variant) -> list[str]:
    """What the players should know about how this plugin treats the variant (shown at the start
    of a game and by ``pegline variants check``), e.g. that it stands aside in some combination."""
