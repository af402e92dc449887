"""The application layer's hook: the commands an installed plugin adds to the ``pegline``
command line, as pytest plugins add options and Datasette plugins add commands.

A plugin class (a game or a rule plugin, named by its ``pegline`` entry point) offers it as a
static method::

    @staticmethod
    @hookimpl(optionalhook=True)  # a hook of the command line, not of a game's rules
    def pegline_commands() -> list[click.Command]:
        from my_game.commands import tally
        return [tally]

Build the commands with `pegline_core.app.clikit` (``@click.command(cls=Command)``), so that
their --help speaks the chosen language and a `PeglineError` they raise is a message. A game's
commands that take ``variant_option`` refuse another game's variant before they run.
"""

from __future__ import annotations

import click

from pegline_core.hookspecs import hookimpl, hookspec

__all__ = ["CommandSpecs", "hookimpl", "hookspec"]


class CommandSpecs:
    @hookspec
    def pegline_commands(self) -> list[click.Command]:  # type: ignore[empty-body]
        """The commands this plugin adds to ``pegline`` (listed under its name in --help); a
        name the command line or another plugin already has is refused with a warning."""
