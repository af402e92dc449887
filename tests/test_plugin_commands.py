"""A plugin adds its own commands to `pegline` (the hook of pegline_core.app.hookspecs): cribbage
brings `score` and `analyze`, listed under its name; a third-party plugin's command runs like a
built-in one; a plugin whose hook fails or answers nonsense is a warning, never the command
line's end, and a built-in command never waits for the plugins' commands."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import click
import pytest
from click.testing import CliRunner

from pegline_core import plugins as kernel_plugins
from pegline_core.app import plugin_commands
from pegline_core.app.cli import _WithPluginCommands, main

PLUGIN = '''
import click

from pegline_core.app.clikit import Command, Failure
from pegline_core.app.hookspecs import hookimpl


@click.command(cls=Command)
@click.argument("word")
def shout(word):
    """Say WORD loudly."""
    if word == "no":
        raise Failure("not that word")
    click.echo(word.upper() + "!")


class Loud:
    @staticmethod
    @hookimpl(optionalhook=True)
    def pegline_commands():
        return [shout]


class Raises:
    @staticmethod
    @hookimpl(optionalhook=True)
    def pegline_commands():
        raise RuntimeError("boom")


class Clashes:
    @staticmethod
    @hookimpl(optionalhook=True)
    def pegline_commands():
        return [click.Command("play"), "not a command", click.Command("shout")]


class TakesSelf:
    @hookimpl(optionalhook=True)
    def pegline_commands(self):
        return []


from pegline_clabber import Clabber
from pegline_core.app.clikit import Group, overlay_option, variant_option
from pegline_core.variant import load_variant


@click.group(cls=Group)
def clabber_tools():
    """Clabber's own tools."""


@clabber_tools.command("deck")
@variant_option
@overlay_option
def deck(variant_name, overlays):
    """The variant's deck."""
    click.echo(f"{load_variant(variant_name, overlays=overlays).name}: 24 cards")


class ClabberWithTools(Clabber):
    @staticmethod
    @hookimpl(optionalhook=True)
    def pegline_commands():
        return [clabber_tools]
'''


@pytest.fixture
def third_party(tmp_path, monkeypatch):
    (tmp_path / "loud_plugin.py").write_text(PLUGIN)
    monkeypatch.syspath_prepend(str(tmp_path))
    added = {name: EntryPoint(name=name, value=f"loud_plugin:{cls}", group="pegline")
             for name, cls in [("loud", "Loud"), ("raises", "Raises"), ("quiet", "Clashes"),
                               ("self", "TakesSelf"), ("clabber", "ClabberWithTools")]}
    installed = {**kernel_plugins.installed_plugins(), **added}
    for module in (kernel_plugins, plugin_commands):
        monkeypatch.setattr(module, "installed_plugins", lambda: installed)
    return _WithPluginCommands(name="pegline", commands={"play": main.commands["play"]})


CRIBBAGE_COMMANDS = [("score", ["5H", "5C", "5D", "JS", "--starter", "5S"]), ("score", []),
                     ("analyze show", []), ("analyze discard", ["5H", "5C", "JD", "QS", "4H", "9C"]),
                     ("analyze win-table", ["--hands", "1"])]
"""Every cribbage command that takes --variant, with the arguments it needs (the test below
checks that none is missing)."""


def _taking_a_variant(command, path):
    """The paths of ``command``'s commands (a group's, each) that take --variant."""
    if isinstance(command, click.Group):
        return [found for name, sub in command.commands.items()
                for found in _taking_a_variant(sub, f"{path} {name}")]
    return [path] if any(param.name == "variant_name" for param in command.params) else []


def test_the_list_holds_every_cribbage_command_that_takes_a_variant():
    found, _ = plugin_commands.plugin_commands(set())
    paths = {path for plugin, command in found if plugin == "cribbage"
             for path in _taking_a_variant(command, command.name)}
    assert paths == {path for path, _ in CRIBBAGE_COMMANDS}


@pytest.mark.parametrize(("command", "words"), CRIBBAGE_COMMANDS,
                         ids=[" ".join([c, *w]) for c, w in CRIBBAGE_COMMANDS])
@pytest.mark.parametrize("variant", [["clabber"], ["clabber-renege"],
                                     ["clabber", "--with", "clabber-renege"]], ids=" ".join)
def test_a_cribbage_command_refuses_another_game_s_variant_with_one_message(command, words,
                                                                            variant):
    line = [*command.split(), *words, "--variant", *variant]
    result = CliRunner().invoke(main, line, input="5H 5C 5D JS | 5S\n", prog_name="pegline")
    name = "+".join(variant[::2])
    assert result.exit_code == 1, result.output
    assert result.output == (f"Error: {name} is not a cribbage variant (its game is clabber): "
                             f"pegline {command} is for cribbage variants only\n")
    ja = CliRunner().invoke(main, ["--lang", "ja", *line], input="5H 5C 5D JS | 5S\n")
    assert ja.exit_code == 1 and f"{name} は cribbage のバリアントではありません" in ja.output


def test_a_clabber_command_refuses_a_cribbage_variant_and_runs_on_its_own(third_party):
    runner = CliRunner()
    for variant in ("two-player", "partner"):
        refused = runner.invoke(third_party, ["clabber-tools", "deck", "--variant", variant])
        assert refused.exit_code == 1 and refused.output.splitlines()[-1] == (
            f"Error: {variant} is not a clabber variant (its game is cribbage): "
            "pegline clabber-tools deck is for clabber variants only")
    refused = runner.invoke(third_party, ["clabber-tools", "deck", "--variant", "clabber",
                                          "--with", "lowball"])
    assert refused.exit_code == 1 and "Traceback" not in refused.output
    ran = runner.invoke(third_party, ["clabber-tools", "deck", "--variant", "clabber-renege"])
    assert ran.exit_code == 0 and ran.output == "clabber-renege: 24 cards\n"


def test_cribbage_brings_score_and_analyze_listed_under_its_name():
    shown = CliRunner().invoke(main, ["--help"]).output
    own, _, theirs = shown.partition("Commands (cribbage):")
    assert "  play " in own and "  score " not in own and "  analyze " not in own
    assert theirs.split()[:1] == ["analyze"] and "\n  score " in theirs
    assert "コマンド (cribbage):" in CliRunner().invoke(main, ["--lang", "ja", "--help"]).output
    scored = CliRunner().invoke(main, ["score", "5H", "5C", "5D", "JS", "--starter", "5S",
                                       "--json"])
    assert scored.exit_code == 0 and '"total": 29' in scored.output


def test_a_third_party_command_runs_and_is_listed_under_its_plugin(third_party):
    result = CliRunner().invoke(third_party, ["--help"])
    assert result.exit_code == 0
    assert "Commands (loud):\n  shout  Say WORD loudly." in result.output
    assert "Commands (quiet)" not in result.output  # it added nothing it may add
    said = CliRunner().invoke(third_party, ["shout", "hi"])
    assert (said.exit_code, said.stdout) == (0, "HI!\n")
    refused = CliRunner().invoke(third_party, ["shout", "no"])
    assert refused.exit_code == 1 and "Error: not that word" in refused.stderr


def test_a_broken_plugin_is_a_warning_and_adds_nothing(third_party):
    result = CliRunner().invoke(third_party, ["--help"])
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert any("'raises' adds no command: its pegline_commands raised RuntimeError: boom" in w
               for w in warnings)
    assert any("'quiet': the command name 'play' is taken" in w for w in warnings)
    assert any("'quiet': the command name 'shout' is taken" in w for w in warnings)
    assert any("'quiet': pegline_commands must answer named click commands, not "
               "'not a command'" in w for w in warnings)
    assert any("'self' adds no command" in w for w in warnings)
    assert len(warnings) == 5
    assert sorted(third_party.commands) == ["analyze", "clabber-tools", "play", "score", "shout"]


def test_a_built_in_command_never_waits_for_the_plugins_commands(third_party):
    context = click.Context(third_party)
    assert third_party.get_command(context, "play") is main.commands["play"]
    assert third_party.added is None
    assert third_party.get_command(context, "shout") is not None
    assert third_party.added is not None and third_party.added["loud"] == ["shout"]
    assert third_party.get_command(context, "nope") is None


def test_a_plugin_s_command_speaks_through_the_plugin_s_own_catalog():
    """cribbage's `score` is translated by pegline_cribbage's catalog, not the command line's."""
    from pegline_core.app.clikit import HELP_CONTEXT, help_domain
    from pegline_core.app.i18n import Messages, use_language
    from pegline_cribbage.commands import analyze, score

    assert help_domain(score) == help_domain(analyze) == "pegline_cribbage"
    assert help_domain(main) == "pegline_core.app"
    first = score.help.split("\n\n")[0]
    with use_language("ja"):
        assert Messages("pegline_cribbage").pgettext(HELP_CONTEXT, score.help) != score.help
        assert Messages("pegline_core.app").pgettext(HELP_CONTEXT, score.help) == score.help
    result = CliRunner().invoke(main, ["--lang", "ja", "score", "--help"])
    assert result.exit_code == 0 and first not in result.output
    assert "スターター" in result.output
    listed = CliRunner().invoke(main, ["--lang", "zh-Hans", "--help"]).output
    assert first.split(",")[0] not in listed  # its line in the list is translated too
