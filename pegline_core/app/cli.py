"""The ``pegline`` command: play, simulate, replay and serve games, inspect variants and plugins;
and the commands the installed plugins add (cribbage's ``score`` and ``analyze``)."""

from __future__ import annotations

from typing import Any

import click

from pegline_core.app.clikit import HELP_CONTEXT, HELP_WORDS, Group
from pegline_core.app.commands import play, plugins, replay, serve, simulate, variants
from pegline_core.app.i18n import (
    LANGUAGES,
    Messages,
    choose_language,
    current_language,
    set_language,
)
from pegline_core.app.plugin_commands import plugin_commands
from pegline_core.build import build_name

_messages = Messages("pegline_core.app")
_ = _messages.gettext


def _speak(_ctx: click.Context, _param: click.Parameter, lang: str | None) -> str:
    """Set the language as soon as --lang is read (before an eager --help formats its text)."""
    set_language(choose_language(lang))
    return current_language()


lang_option = click.option(
    "--lang", type=click.Choice(list(LANGUAGES)), default=None, is_eager=True,
    expose_value=False, callback=_speak,
    help="The language to speak (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG; else en).",
)


class _WithPluginCommands(Group):
    """The ``pegline`` group: its own commands and, listed under each plugin's name, those the
    installed plugins add (read when first needed: a built-in command never waits for them)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.added: dict[str, list[str]] | None = None
        """The names of the commands each plugin added, once read."""

    def _add_plugin_commands(self) -> dict[str, list[str]]:
        if self.added is None:
            self.added = {}
            found, warnings = plugin_commands(set(self.commands))
            for plugin, command in found:
                self.add_command(command)
                self.added.setdefault(plugin, []).append(str(command.name))
            for warning in warnings:
                click.echo(_("warning: {message}").format(message=warning), err=True)
        return self.added

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands:
            self._add_plugin_commands()
        return super().get_command(ctx, cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        self._add_plugin_commands()
        return super().list_commands(ctx)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The built-in commands, then each plugin's under a heading of its own."""
        added = self._add_plugin_commands()
        theirs = {name for names in added.values() for name in names}
        sections = [("Commands", [n for n in self.list_commands(ctx) if n not in theirs])]
        commands = _messages.pgettext(HELP_CONTEXT, HELP_WORDS[2])  # "Commands"
        sections += [(f"{commands} ({plugin})", sorted(names)) for plugin, names in added.items()]
        for heading, names in sections:
            rows = [(name, self.commands[name].get_short_help_str(formatter.width - 6 - len(name)))
                    for name in names if not self.commands[name].hidden]
            if rows:
                with formatter.section(heading):
                    formatter.write_dl(rows)


@click.group(cls=_WithPluginCommands)
@click.version_option(package_name="pegline", message=f"%(prog)s %(version)s, {build_name()}")
@lang_option
def main() -> None:
    """Pegline: a rules engine for card games, variants as data, games and rules as plugins."""




for command in (variants.variants, simulate.simulate, plugins.plugins, play.play, serve.serve,
                replay.replay):
    main.add_command(command)
