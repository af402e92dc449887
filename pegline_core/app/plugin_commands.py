"""The commands the installed plugins add to ``pegline`` (the hook of
`pegline_core.app.hookspecs`), each plugin's on its own: one that cannot be loaded, or whose hook
fails or answers anything but named click commands, adds nothing and is named in a warning; the
command line goes on. A game plugin's commands that take `pegline_core.app.clikit.variant_option`
refuse another game's variant before they run (`for_its_game`)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import click
import pluggy

from pegline_core.app.clikit import Failure
from pegline_core.app.hookspecs import CommandSpecs
from pegline_core.app.i18n import Messages
from pegline_core.errors import PluginError
from pegline_core.hookspecs import PROJECT
from pegline_core.plugins import installed_plugins, is_game, plugin_class
from pegline_core.variant import load_variant

__all__ = ["plugin_commands", "for_its_game"]

_ = Messages("pegline_core.app").gettext


def plugin_commands(taken: set[str]) -> tuple[list[tuple[str, click.Command]], list[str]]:
    """``(plugin, command)`` for every command an installed plugin adds, by plugin name, and a
    warning for each one refused; a name in ``taken`` (the built-in commands) or one an earlier
    plugin added is refused."""
    pm = pluggy.PluginManager(PROJECT)
    pm.add_hookspecs(CommandSpecs)
    warnings: list[str] = []
    games: set[str] = set()
    for name in installed_plugins():
        try:
            cls = plugin_class(name)
        except PluginError:
            continue  # `pegline plugins list` says why
        if pm.is_registered(cls):
            continue  # one class under two names adds its commands once
        if is_game(cls):  # a game's, not a rule plugin's
            games.add(name)
        try:  # pluggy finds its pegline_commands, if it has one
            pm.register(cls, name=name)
        except (pluggy.PluginValidationError, ValueError) as exc:
            warnings.append(f"plugin {name!r} adds no command: {exc}")
    found: list[tuple[str, click.Command]] = []
    taken = set(taken)
    for impl in sorted(pm.hook.pegline_commands.get_hookimpls(), key=lambda i: i.plugin_name):
        name = impl.plugin_name
        try:
            answered: Any = impl.function()
            commands = list(answered)
        except Exception as exc:  # noqa: BLE001 - a broken plugin must not end the command line
            warnings.append(f"plugin {name!r} adds no command: its pegline_commands raised "
                            f"{type(exc).__name__}: {exc}")
            continue
        for command in commands:
            if not isinstance(command, click.Command) or not command.name:
                warnings.append(f"plugin {name!r}: pegline_commands must answer named click "
                                f"commands, not {command!r}")
            elif command.name in taken:
                warnings.append(f"plugin {name!r}: the command name {command.name!r} is taken")
            else:
                taken.add(command.name)
                if name in games:
                    for_its_game(command, name)
                found.append((name, command))
    return found, warnings


def for_its_game(command: click.Command, game: str) -> None:
    """Make ``command`` (and each command of a group) refuse a variant of another game than
    ``game``, with one message, before it runs: those that take ``--variant``
    (`pegline_core.app.clikit.variant_option`, with ``--with`` if they take it too)."""
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            for_its_game(sub, game)
    callback = command.callback
    if callback is None or getattr(callback, "pegline_game", None) is not None \
            or not any(param.name == "variant_name" for param in command.params):
        return

    @functools.wraps(callback)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        _refuse_other_games(game, kwargs["variant_name"], kwargs.get("overlays", ()))
        return callback(*args, **kwargs)

    guarded.pegline_game = game  # type: ignore[attr-defined]
    command.callback = guarded


def _refuse_other_games(game: str, name: str, overlays: Sequence[str]) -> None:
    variant = load_variant(name, overlays=overlays)  # a mistake in it is a message too
    if variant.game != game:
        raise Failure(_("{variant} is not a {game} variant (its game is {other}): {command} "
                        "is for {game} variants only").format(
            variant=variant.name, game=game, other=variant.game,
            command=click.get_current_context().command_path))
