"""Bot specs: a name the game knows, or any importable player class or factory of one's own.

Every tool that takes bots (``pegline simulate``, ``pegline play``, `simulate`, a round robin,
the coach's strength benchmark) resolves them here, so a bot of one's own enters each of them
the same way. A spec is

- a name: ``random``, one of the game's own bots, or one an installed package registers
  (`bots_for`, `registered_bots`);
- ``module.path:Name``: ``Name`` imported from ``module.path`` (a dotted ``Name`` reaches into
  a class or an object); it must be a `Player` class or a factory of players;
- in Python, the class or the factory itself.

A factory (a class is one) is given the seat's seed as ``seed=`` when it has a parameter of
that name, else as its one positional argument when it takes one, else nothing.

>>> from pegline_cribbage.bots import GreedyBot
>>> bot = resolve_bot("pegline_cribbage.bots:GreedyBot", "two-player")
>>> bot.label, isinstance(bot.make(7), GreedyBot), bot.make(7).mistakes  # seed=7
('pegline_cribbage.bots:GreedyBot', True, 0.0)
>>> resolve_bot(GreedyBot, "two-player").spec
'pegline_cribbage.bots:GreedyBot'
>>> resolve_bot("nosuch.module:Bot", "two-player")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pegline_core.app.bot_specs.BotSpecError: bot 'nosuch.module:Bot': cannot import nosuch.module: ...
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections.abc import Callable, Mapping, Sequence
from importlib.metadata import entry_points
from typing import Any

from attrs import frozen

from pegline_core.app import hookspecs
from pegline_core.app.game_hooks import app_hooks
from pegline_core.definition import Player
from pegline_core.errors import PeglineError, PlayerError
from pegline_core.game import Game
from pegline_core.messages import Template
from pegline_core.players import RandomBot
from pegline_core.strict import did_you_mean
from pegline_core.variant import Variant, load_variant

__all__ = ["ROUND_ROBIN", "TOO_MANY", "bots_for", "BotSpec",
           "BotSpecError", "ResolvedBot", "resolve_bot", "resolve_bots",
           "portable_specs"]

_UNKNOWN = Template("bot.unknown", "unknown bot {name}; {close}choose from {bots}, or name a class "
                    "of your own as module.path:Name")
_NOT_A_LIST = Template("bot.not-a-list", "name the bots as a list of specs, not {specs}; choose "
                       "from {bots}, or module.path:Name")
TOO_MANY = Template("bot.too-many", "{n} bots for {seats} seats: name at most {seats}")
"""More bots named than the game has seats."""
_WRITE_AS = Template("bot.write-as", "bot {spec}: write a bot of your own as module.path:Name")
_CANNOT_IMPORT = Template("bot.cannot-import", "bot {spec}: cannot import {module}: {error}")
_HAS_NO = Template("bot.has-no", "bot {spec}: {module} has no {name}")
_NOT_A_PLAYER = Template("bot.not-a-player", "bot {spec} is {kind}, not a player class or factory")
_NO_CHOOSE = Template("bot.no-choose", "bot {spec}: the class {name} has no choose(view, legal) "
                      "method")
_MADE_NO_CHOOSE = Template("bot.made-no-choose", "bot {spec} made {kind}, which has no "
                           "choose(view, legal) method")
_SEEDING = Template("bot.seeding", "bot {spec} must take a seed or nothing, not {signature}")
_IN_SCRIPT = Template("bot.in-script", "bot {spec} is defined in the script being run, which a "
                      "cluster's workers cannot import: move it into a module the workers can "
                      "import, and name it as module.path:Name")
_IN_FUNCTION = Template("bot.in-function", "bot {spec} is defined inside a function: move it into "
                        "a module the workers can import, and name it as module.path:Name")
_NOT_FOUND_AGAIN = Template("bot.not-found-again", "bot {spec} cannot be found again by its name "
                            "{name}: give the workers a class or factory defined at the top level "
                            "of a module")
ROUND_ROBIN = Template("bot.round-robin", "a round robin needs two or more different bots")

BotSpec = str | Callable[..., object]
"""A bot's name, ``module.path:Name``, or (in Python) a player class or factory."""


class BotSpecError(PeglineError):
    """A bot spec that names no bot: an unknown name, a module that cannot be imported, a name
    it does not have, something that is not a player class or factory, or a bot that cannot be
    sent to other processes."""


@frozen
class ResolvedBot:
    """A bot ready to seat: ``spec`` as it can be written again (a name or
    ``module.path:Name``), ``label`` for reports, ``make(seed)`` for a player."""

    spec: str
    label: str
    factory: Callable[..., Any]
    seeding: str
    """How the factory takes the seed: ``keyword``, ``positional`` or ``""`` (not at all)."""

    def make(self, seed: int) -> Player:
        """A new player for a seat, seeded with ``seed`` when the factory takes a seed."""
        player: Player  # once it has a choose method (the factory's own type is not known)
        try:
            if self.seeding == "keyword":
                player = self.factory(seed=seed)
            else:
                player = self.factory(seed) if self.seeding else self.factory()
        except PeglineError:
            raise
        except Exception as exc:  # a bot of one's own that fails to start
            raise PlayerError.unmade(self.label, exc) from exc
        if not callable(getattr(player, "choose", None)):
            raise BotSpecError(_MADE_NO_CHOOSE(spec=repr(self.label), kind=type(player).__name__))
        return player


def resolve_bot(spec: BotSpec, game: Game | Variant | str) -> ResolvedBot:
    """The bot ``spec`` names for ``game`` (a `Game`, a `Variant` or a variant's name);
    `BotSpecError` when it names none."""
    if isinstance(spec, str):
        name = spec.strip()
        if ":" not in name:
            known = bots_for(game)
            if name not in known:
                raise BotSpecError(_UNKNOWN(name=repr(name), close=did_you_mean(name, known),
                                            bots=", ".join(known)))
            return ResolvedBot(name, name, known[name], "positional")
        return _resolved(name, _imported(name))
    if not callable(spec):
        raise BotSpecError(f"a bot is a name, module.path:Name, or a player class or factory, "
                           f"not {spec!r}")
    return _resolved(_spec_of(spec), spec)


def resolve_bots(specs: Sequence[BotSpec], game: Game | Variant | str) -> list[ResolvedBot]:
    """`resolve_bot` for each spec, in order; at least one."""
    if isinstance(specs, str) or not specs:
        raise BotSpecError(_NOT_A_LIST(specs=repr(specs), bots=", ".join(bots_for(game))))
    return [resolve_bot(spec, game) for spec in specs]


def portable_specs(bots: Sequence[ResolvedBot], *, cluster: bool) -> list[str]:
    """The specs of ``bots`` as strings another process resolves to the same bots: a bot
    defined inside a function, a lambda or (for a ``cluster``, whose workers run no script of
    ours) one from ``__main__`` cannot be, and is refused with the reason."""
    specs = []
    for bot in bots:
        module, _, name = bot.spec.partition(":")
        if name and ((module == "__main__" and cluster) or "<" in name):
            where = _IN_SCRIPT if module == "__main__" else _IN_FUNCTION
            raise BotSpecError(where(spec=repr(bot.label)))
        if name:
            try:
                same = _imported(bot.spec) is bot.factory
            except BotSpecError:
                same = False
            if not same:
                raise BotSpecError(_NOT_FOUND_AGAIN(spec=repr(bot.label), name=bot.spec))
        specs.append(bot.spec)
    return specs


def _imported(spec: str) -> Any:
    """What ``module.path:Name`` names."""
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise BotSpecError(_WRITE_AS(spec=repr(spec)))
    try:
        found: Any = importlib.import_module(module_name)
    except ImportError as exc:
        raise BotSpecError(_CANNOT_IMPORT(spec=repr(spec), module=module_name, error=exc)) \
            from None
    for part in attribute.split("."):
        try:
            found = getattr(found, part)
        except AttributeError:
            raise BotSpecError(_HAS_NO(spec=repr(spec), module=module_name, name=attribute)) \
                from None
    return found


def _spec_of(factory: Callable[..., object]) -> str:
    """``module.path:Name`` of a class or function (its qualified name)."""
    module = getattr(factory, "__module__", None) or "?"
    name = getattr(factory, "__qualname__", None) or type(factory).__qualname__
    return f"{module}:{name}"


def _resolved(spec: str, factory: object) -> ResolvedBot:
    if not callable(factory):
        raise BotSpecError(_NOT_A_PLAYER(spec=repr(spec), kind=type(factory).__name__))
    if inspect.isclass(factory) and not callable(getattr(factory, "choose", None)):
        raise BotSpecError(_NO_CHOOSE(spec=repr(spec), name=factory.__name__))
    return ResolvedBot(spec, spec, factory, _seeding(spec, factory))


def _seeding(spec: str, factory: Callable[..., object]) -> str:
    """How ``factory`` is given the seat's seed: ``"keyword"`` (it has a ``seed`` parameter),
    ``"positional"`` (it takes one positional argument) or ``""`` (it takes nothing);
    `BotSpecError` if it can be called none of these ways."""
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):  # a builtin without a signature: give it the seed
        return "positional"
    if "seed" in signature.parameters:  # a compiled class says positional-only, yet takes names
        return "keyword"
    for how, args, kwargs in (("keyword", (), {"seed": 0}), ("positional", (0,), {}),
                              ("", (), {})):
        try:
            signature.bind(*args, **kwargs)
        except TypeError:
            continue
        return how
    raise BotSpecError(_SEEDING(spec=repr(spec), signature=signature))


def bots_for(game: Game | Variant | str) -> Mapping[str, Callable[[int], Player]]:
    """Bot factories by name for a game (each takes a seed): ``random``, the game's own, and
    those that installed packages register for it (`registered_bots`)."""
    if isinstance(game, Game):
        hooks = app_hooks(game.variant.game, game.definition)
    else:
        hooks = app_hooks(game.game if isinstance(game, Variant) else load_variant(game).game)
    name = hooks.game
    own = hooks.get(hookspecs.pegline_bots)
    return {"random": RandomBot, **registered_bots(name), **(own() if own is not None else {})}


BOT_GROUP = "pegline.bots"
"""The entry-point group in which installed packages register bots by name."""


def registered_bots(game: str) -> dict[str, Callable[[int], Player]]:
    """The bots installed packages register for ``game``: each entry point of `BOT_GROUP`
    named ``GAME.NAME`` whose value is a spec, ``module.path:Name``. They are chosen by NAME
    like a game's own bots, in every tool and on the web page, which imports nothing a request
    names; each is imported when a seat is made, so a broken one fails only where it is chosen.
    A game's own bot of the same name wins."""
    return {name: RegisteredBot(name, spec) for owner, name, spec in registrations()
            if owner == game}


@functools.cache
def registrations() -> tuple[tuple[str, str, str], ...]:
    """Every (game, name, spec) that `BOT_GROUP` registers, read once a process (reading entry
    points takes about 10 ms); ``registrations.cache_clear()`` reads them again."""
    return tuple((owner, name, point.value) for point in entry_points(group=BOT_GROUP)
                 for owner, _, name in [point.name.partition(".")] if name)


@frozen
class RegisteredBot:
    """A registered bot's factory: ``make(seed)`` through its spec, imported on first use."""

    name: str
    spec: str

    def __call__(self, seed: int) -> Player:
        try:
            return _resolved(self.spec, _imported(self.spec)).make(seed)
        except BotSpecError as exc:
            raise BotSpecError(f"the registered bot {self.name!r} ({BOT_GROUP}): {exc}") from None
