"""``pegline plugins``: the installed games and rules, and the hooks they implement."""

from __future__ import annotations

import sys
from importlib.metadata import EntryPoint

import click
import pluggy
import tomli_w

from pegline_core.app.clikit import Group, one_line
from pegline_core.app.i18n import (
    LANGUAGES,
    Messages,
    plugin_domain,
    rule_name,
    rule_summary,
    set_language,
)
from pegline_core.errors import PeglineError

_ = Messages("pegline_core.app").gettext


@click.group(cls=Group)
def plugins() -> None:
    """Inspect the installed plugins: games and their rules."""


@plugins.command("list")
@click.option("--lang", type=click.Choice(list(LANGUAGES)), default=None,
              help="The language of the rules' names and summaries.")
def plugins_list(lang: str | None) -> None:
    """Every installed plugin: its version, its hooks, its rule ids and its configuration keys
    with their defaults.

    A plugin that cannot be loaded, built or declare its rules, or that implements a hook no
    installed game specifies or takes an argument its hook does not pass, is reported as broken
    on one line (exit 1 if any).
    """
    from pegline_core.plugins import (
        describe_plugin,
        installed_plugins,
        is_game,
        plugin_class,
        plugin_version,
    )

    if lang is not None:
        set_language(lang)
    installed = installed_plugins()
    specs = _hook_specs(installed)
    broken = False
    for name, entry in installed.items():
        version = entry.dist.version if entry.dist else "unknown"
        try:
            hooks, rules = describe_plugin(name)
            _check_hooks(name, specs)
        except PeglineError as exc:
            broken = True
            click.echo(f"{name} {version}: broken: {one_line(str(exc))}")
            continue
        version = plugin_version(plugin_class(name), entry)  # as a record names it
        game = "a game: " if is_game(plugin_class(name)) else ""
        click.echo(f"{name} {version} ({game}{entry.value})")
        click.echo(f"  hooks: {', '.join(hooks) or 'none'}")
        points = ["varies" if r.points is None else r.points for r in rules]
        listed = ", ".join(f"{r.id} ({p})" for r, p in zip(rules, points, strict=True))
        click.echo(f"  rules: {listed or 'none'}")
        config = _config_defaults(plugin_class(name))
        if config is not None:
            click.echo(f"  config ([config.{name}]): {config or 'none'}")
        domain = plugin_domain(name)
        for rule in rules:  # each rule's name (where it is not its id) and summary
            called = rule_name(rule.id, domain)
            named = f"{called}: " if called != rule.id else ""
            click.echo(f"    {rule.id}: {named}{rule_summary(rule.summary, domain)}")
    if broken:
        sys.exit(1)


def _config_defaults(cls: type) -> str | None:
    """``key = default, ...`` of a plugin's configuration table, None if it takes none."""
    from pegline_core.strict import converter

    config_cls = getattr(cls, "Config", None)
    if config_cls is None:
        return None
    defaults = converter.unstructure(config_cls())
    return ", ".join(tomli_w.dumps({key: value}).strip() for key, value in defaults.items())


def _hook_specs(installed: dict[str, EntryPoint]) -> pluggy.PluginManager:
    """A plugin manager holding the kernel's hook specifications and every installed game's
    (each healthy game plugin adds its own through ``pegline_addhooks``)."""
    from pegline_core import hookspecs
    from pegline_core.plugins import game_definition

    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.hook.pegline_addhooks.call_historic(kwargs={"pluginmanager": pm})
    for name in installed:
        try:
            pm.register(game_definition(name), name=name)
        except Exception:  # noqa: BLE001 - not a game, or a broken one (reported on its own line)
            continue
    return pm


def _check_hooks(name: str, specs: pluggy.PluginManager) -> None:
    """`PluginError` if plugin ``name`` takes an argument its hook does not pass, or implements a
    hook that neither the kernel nor an installed game specifies (a misspelt name: it would
    never be called)."""
    from pegline_core.dispatch import registration_error, unknown_hooks
    from pegline_core.plugins import PluginError, build_plugin, plugin_class

    plugin = specs.get_plugin(name)  # a game is registered by `_hook_specs` already
    registered = plugin is None
    if registered:
        plugin = build_plugin(name, plugin_class(name), {})
        try:
            specs.register(plugin, name=name)
        except Exception as exc:  # noqa: BLE001 - every fault becomes one PluginError
            raise registration_error(specs, name, plugin, exc) from None
    try:
        for _path, message, culprit, hook in unknown_hooks(specs, plugin)[:1]:
            raise PluginError(message, plugin=culprit, hook=hook)
    finally:
        if registered and specs.is_registered(plugin):
            specs.unregister(plugin)
