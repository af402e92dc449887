"""What every ``pegline`` command is built from, the built-in ones and those a plugin adds
(`pegline_core.app.hookspecs`): commands and groups whose --help speaks the chosen language, the
errors they report a caller's mistake with, and the options many commands share."""

from __future__ import annotations

import contextvars
import os
import re
import sys
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import click

from pegline_core.app.i18n import (
    LANGUAGES,
    Messages,
    choose_language,
    click_speaks,
    set_language,
)
from pegline_core.app.problems import shown
from pegline_core.errors import PeglineError, PlayerError, PluginError
from pegline_core.variant import DEFAULT_VARIANT

__all__ = ["Command", "Group", "Failure", "Usage", "BadOption", "HELP_CONTEXT", "HELP_WORDS",
           "plugin_fault", "debugging", "help_domain",
           "variant_option", "overlay_option", "versions_option", "check_output", "bot_list",
           "one_line"]

_messages = Messages("pegline_core.app")
_ = _messages.gettext
HELP_CONTEXT = "help"
"""The gettext context of a command's or an option's help text (tools/catalogs.py collects
them from the commands themselves)."""


HELP_WORDS = ("Usage:", "Options", "Commands", "default: ", "required")
"""Click's own words in a --help page, translated by `_Formatter`."""


class _Formatter(click.HelpFormatter):
    """Click's help formatter, with its headings and usage prefix in the chosen language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if prefix is None:
            prefix = _messages.pgettext(HELP_CONTEXT, "Usage:") + " "
        super().write_usage(prog, args, prefix)

    def write_heading(self, heading: str) -> None:
        super().write_heading(_messages.pgettext(HELP_CONTEXT, heading))

    def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30,
                 col_spacing: int = 2) -> None:
        """An option's list, with Click's ``[default: ...]`` and ``[required]`` translated."""
        super().write_dl([(term, _EXTRA.sub(_extra, text)) for term, text in rows],
                         col_max, col_spacing)


_EXTRA = re.compile(r"\[([^\[\]]*)\]$")


def _extra(match: re.Match[str]) -> str:
    said = match.group(1)
    for word in HELP_WORDS[3:]:  # default, required
        said = said.replace(word, _messages.pgettext(HELP_CONTEXT, word))
    return f"[{said}]"


class _Context(click.Context):
    formatter_class = _Formatter


def help_domain(command: click.Command) -> str:
    """The gettext domain of a command's help texts: the package its callback lives in (a
    plugin's commands speak through the plugin's own catalog), the command line's own for the
    built-in ones."""
    package = getattr(command.callback, "__module__", "").partition(".")[0]
    return _messages.domain if package in ("", "pegline_core") else package


DEBUG_HELP = ("When something fails, print its traceback too (also: PEGLINE_DEBUG=1); it goes "
              "after any command, e.g. pegline play --debug.")
"""The help of ``--debug``, which every command and group takes."""
_DEBUG: contextvars.ContextVar[bool] = contextvars.ContextVar("pegline_debug", default=False)
"""Whether this run of the command line was given ``--debug`` (by any of its commands)."""


def _ask_debug(_ctx: click.Context, _param: click.Parameter, flag: bool) -> bool:
    if flag:
        _DEBUG.set(True)
    return flag


class _Translated(click.Command):
    """A command whose --help speaks the chosen language (its texts as translated, else as is),
    in the catalog of the package that defines it (`help_domain`); it takes ``--debug``, as
    every command does, wherever a user puts it."""

    context_class = _Context

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not any(param.name == "debug" for param in self.params):
            self.params.append(click.Option(["--debug"], is_flag=True, expose_value=False,
                                            callback=_ask_debug, help=DEBUG_HELP))

    def main(self, args: Any = None, *rest: Any, **kwargs: Any) -> Any:
        """Run in a context of its own, so the language --lang chose and --debug end with the
        command; the language is chosen before Click reads the arguments, so that an eager
        --help given before --lang (or with only LANG set) speaks it too."""
        words = [str(word) for word in (sys.argv[1:] if args is None else args)]
        return contextvars.copy_context().run(self._main, _asked_language(words), args, *rest,
                                              **kwargs)

    def _main(self, asked: str | None, *args: Any, **kwargs: Any) -> Any:
        language = asked if asked in LANGUAGES else choose_language(None)
        set_language(language)
        with click_speaks(language):  # Click's own usage errors too
            return super().main(*args, **kwargs)

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        """Click's ``--help``, made once and kept by the command: made in English, whatever
        language this run speaks to Click, as `get_help` translates every help text itself."""
        with click_speaks("en"):
            return super().get_help_option(ctx)

    def _help_messages(self) -> Messages:
        return Messages(help_domain(self))

    def get_help(self, ctx: click.Context) -> str:
        texts = [thing for thing in [self, *self.get_params(ctx)]
                 if getattr(thing, "help", None)]
        originals = [thing.help for thing in texts]  # type: ignore[attr-defined]
        messages = self._help_messages()
        try:
            for thing, text in zip(texts, originals, strict=True):
                thing.help = messages.pgettext(HELP_CONTEXT, text)  # type: ignore[attr-defined]
            return super().get_help(ctx)
        finally:
            for thing, text in zip(texts, originals, strict=True):
                thing.help = text  # type: ignore[attr-defined]

    def get_short_help_str(self, limit: int = 45) -> str:
        """The first paragraph, translated, for the group's list of commands: whole, for the
        list to wrap at words (Click's own cuts it at ``limit``, or at the "e.g. " it takes for
        the end of a sentence)."""
        if self.short_help or not self.help:
            return super().get_short_help_str(limit)
        translated = self._help_messages().pgettext(HELP_CONTEXT, self.help)
        return one_line(translated.split("\n\n")[0])


class Command(_Translated):
    """A subcommand, listed in its group's --help by its translated first paragraph."""


class Failure(click.ClickException):
    """A mistake of the caller's, said in the chosen language (Click's ``Error:`` too)."""

    def show(self, file: Any = None) -> None:
        click.echo(_("Error: {message}").format(message=self.format_message()), err=True)


class Usage(click.UsageError):
    """A command used wrongly, said in the chosen language, with its usage and the --help hint
    (as Click shows a usage error)."""

    def show(self, file: Any = None) -> None:
        if self.ctx is not None:
            hint = _("Try '{command} --help' for help.").format(command=self.ctx.command_path)
            click.echo(f"{self.ctx.get_usage()}\n{hint}\n", err=True)
        click.echo(_("Error: {message}").format(message=self.format_message()), err=True)


class BadOption(Usage):
    """An option's value refused: ``Invalid value for '--bots': ...`` in the chosen language."""

    def __init__(self, message: str, option: str) -> None:
        super().__init__(_("Invalid value for '{option}': {message}").format(option=option,
                                                                             message=message))


class Group(_Translated, click.Group):
    """Turns every caller mistake (a `PeglineError`) into a message and exit code 1."""

    command_class = Command
    group_class = type  # subgroups (variants, plugins, analyze) are translated too

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except PeglineError as exc:
            raise Failure(plugin_fault(exc)) from None


def debugging() -> bool:
    """Whether tracebacks are wanted: ``--debug`` given to any command of this run of the
    command line, or ``PEGLINE_DEBUG=1`` in the environment."""
    return _DEBUG.get() or os.environ.get("PEGLINE_DEBUG", "") not in ("", "0")


def plugin_fault(exc: PeglineError) -> str:
    """The message of ``exc`` in the current language; for a plugin's or a player's fault, with
    the file and line of its code, and under ``--debug`` (or ``PEGLINE_DEBUG=1``) the
    traceback behind it printed to standard error first."""
    said = shown(exc)
    where = exc.where if isinstance(exc, PluginError | PlayerError) else None
    if where is None:
        return said
    if debugging() and exc.__cause__ is not None:
        click.echo("".join(traceback.format_exception(exc.__cause__)).rstrip(), err=True)
        return _("{message} (at {where})").format(message=said, where=where)
    return _("{message} (at {where}; add --debug to the command for the traceback)").format(
        message=said, where=where)


variant_option = click.option(
    "--variant", "variant_name", default=DEFAULT_VARIANT, show_default=True,
    help="Variant name (see `pegline variants list`) or a .toml file.",
)
overlay_option = click.option(
    "--with", "overlays", multiple=True, metavar="OVERLAY",
    help="Merge another variant on top, e.g. --with lowball (repeatable).",
)

versions_option = click.option(
    "--versions", default="compatible", show_default=True,
    type=click.Choice(["strict", "compatible", "any"]),
    help="Plugin versions other than a record's: strict refuses any difference, compatible "
         "accepts the same major.minor with a notice, any accepts all with a notice (the "
         "verification of every event decides).",
)


def _asked_language(words: list[str]) -> str | None:
    """The value of the first ``--lang`` among the command line's words, if any."""
    for index, word in enumerate(words):
        if word == "--":
            break
        if word.startswith("--lang="):
            return word.split("=", 1)[1]
        if word == "--lang" and index + 1 < len(words):
            return words[index + 1]
    return None


def check_output(path: Path, option: str, *,
                 replaces: tuple[Callable[[Path], bool], str] | None = None) -> None:
    """Refuse an output file that cannot be written, before any work is done; with
    ``replaces``, (a test, what it tests for in words), also a file that is there already, with
    something in it, that the test does not accept (a record over someone's own file)."""
    if path.is_dir():
        raise BadOption(_("{path} is a folder: give a file name").format(path=path), option)
    if path.exists() and not path.is_file():
        raise BadOption(_("{path} is not a regular file: give a file name").format(path=path),
                         option)
    if not path.parent.is_dir():
        raise BadOption(_("no folder {folder} to write {name} in").format(
            folder=path.parent, name=path.name), option)
    if not os.access(path.parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise BadOption(_("{path} cannot be written").format(path=path), option)
    if replaces is not None and path.exists() and path.stat().st_size and \
            not replaces[0](path):
        raise BadOption(_("{path} is not {kind}: give another file name (it is left as it "
                          "is)").format(path=path, kind=replaces[1]), option)


def bot_list(bots: str) -> list[str]:
    """The specs of a ``--bots`` list: names or ``module.path:Name``, comma-separated."""
    return [name.strip() for name in bots.split(",") if name.strip()]


def one_line(text: str) -> str:
    return " ".join(line.strip() for line in text.splitlines() if line.strip())
