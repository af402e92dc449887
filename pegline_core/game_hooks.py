"""A game's hooks of one layer, on a pluggy manager of their own, built once per game.

The kernel's (`pegline_core.game_hookspecs`) are `GameHooks`; the application layer adds its
own specifications the same way (`pegline_core.app.game_hooks`). Building one registers the
game's class on a fresh manager with the layer's specifications and checks it as pytest checks
its plugins: an implementation whose name no specification has (``check_pending``), or that
takes an argument its hook does not pass, is a `PluginError` naming it. A hook the game does
not implement is a `MissingHook` naming the hook and the game, where it is asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import ModuleType
from typing import ClassVar, ParamSpec, Self, TypeVar, cast

import pluggy

from pegline_core import game_hookspecs
from pegline_core.dispatch import registration_error, unknown_hooks
from pegline_core.errors import PeglineError, PluginError
from pegline_core.messages import Template, joined

__all__ = ["GameHooks", "MissingHook", "MISSING_HOOK", "MARKERS"]

MISSING_HOOK = Template("game.missing-hook", "game {game} does not implement {hook}: {consequence}")

MARKERS: dict[str, str] = {}
"""The marker each game hook's implementation takes, by hook, for every layer loaded (the
kernel's, and the application's once it is imported): a hook marked with another is named
with the right one."""

_Arguments = ParamSpec("_Arguments")
_Result = TypeVar("_Result")


class MissingHook(PeglineError):
    """A game was asked for something it does not implement; ``game`` and ``hook`` name both."""

    def __init__(self, message: str, *, game: str, hook: str) -> None:
        super().__init__(message)
        self.game = game
        self.hook = hook


class GameHooks:
    """The kernel's hooks of one game (``game`` names it, ``definition`` is its built class),
    as `of` builds them once per game and class.

    `call` and `get` take a hook's specification (a function of the hookspec module, so that
    its arguments and answer are typed) and return the game's implementation, to call with
    keywords; the game answers (``firstresult``).
    """

    PROJECT: ClassVar[str] = game_hookspecs.PROJECT
    SPECS: ClassVar[ModuleType] = game_hookspecs
    WITHOUT: ClassVar[Mapping[str, Template]] = game_hookspecs.WITHOUT
    MARKER: ClassVar[str] = "game_hookimpl"
    _built: ClassVar[dict[tuple[type, str, type], GameHooks]] = {}

    def __init__(self, game: str, definition: object) -> None:
        self.game = game
        self.pm = pluggy.PluginManager(self.PROJECT)
        self.pm.add_hookspecs(self.SPECS)
        try:
            self.pm.register(definition, name=game)
        except Exception as exc:  # noqa: BLE001 - pluggy's validation of a signature, in words
            raise registration_error(self.pm, game, definition, exc) from None
        faults = unknown_hooks(self.pm, markers=MARKERS)
        if faults:  # a misspelt name, or another layer's hook under this layer's marker
            raise PluginError(joined(fault[1] for fault in faults), plugin=game,
                              hook=faults[0][3])
        self.implemented = frozenset(caller.name for caller in
                                     self.pm.get_hookcallers(definition) or ())
        """The names of the hooks the game implements."""

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        cls._learn_markers()

    @classmethod
    def _learn_markers(cls) -> None:
        MARKERS.update(dict.fromkeys((name for name in vars(cls.SPECS)
                                      if name.startswith("pegline_")), cls.MARKER))

    @classmethod
    def of(cls, game: str, definition: object) -> Self:
        """The hooks of ``definition``, the game ``game``, built on first use."""
        key = (cls, game, type(definition))
        found = cls._built.get(key)
        if found is None:
            found = cls._built[key] = cls(game, definition)
        return cast("Self", found)

    def get(self, spec: Callable[_Arguments, _Result]) -> Callable[_Arguments, _Result] | None:
        """The game's implementation of ``spec``'s hook, or None where it has none."""
        name = spec.__name__
        if name not in self.implemented:
            return None
        caller: Callable[_Arguments, _Result] = getattr(self.pm.hook, name)
        return caller

    def call(self, spec: Callable[_Arguments, _Result]) -> Callable[_Arguments, _Result]:
        """The game's implementation of ``spec``'s hook; `MissingHook` where it has none."""
        found = self.get(spec)
        if found is None:
            raise self.missing(spec.__name__)
        return found

    def missing(self, hook: str) -> MissingHook:
        """The error for a hook the game does not implement."""
        return MissingHook(MISSING_HOOK(game=repr(self.game), hook=hook,
                                        consequence=self.WITHOUT[hook]()),
                           game=self.game, hook=hook)


GameHooks._learn_markers()
