"""The commands the installed plugins add to ``pegline`` (the hook of
`pegline_core.app.hookspecs`), each plugin's on its own: one that cannot be loaded, or whose hook
fails or answers anything but named click commands, adds nothing and is named in a warning; the
command line goes on."""

from __future__ import annotations

from typing import Any

import click
import pluggy

from pegline_core.app.hookspecs import CommandSpecs
from pegline_core.errors import PluginError
from pegline_core.hookspecs import PROJECT
from pegline_core.plugins import installed_plugins, plugin_class

__all__ = ["plugin_commands"]


def plugin_commands(taken: set[str]) -> tuple[list[tuple[str, click.Command]], list[str]]:
    """``(plugin, command)`` for every command an installed plugin adds, by plugin name, and a
    warning for each one refused; a name in ``taken`` (the built-in commands) or one an earlier
    plugin added is refused."""
    pm = pluggy.PluginManager(PROJECT)
    pm.add_hookspecs(CommandSpecs)
    warnings: list[str] = []
    for name in installed_plugins():
        try:
            cls = plugin_class(name)
        except PluginError:
            continue  # `pegline plugins list` says why
        if getattr(cls, "pegline_commands", None) is None:
            continue
        try:
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
                found.append((name, command))
    return found, warnings
