"""The ``pegline`` command: play, simulate, replay and serve games, inspect variants and plugins;
and the commands the installed plugins add (cribbage's ``score`` and ``analyze``)."""

from __future__ import annotations

import gzip
import importlib.util
import json
import os
import random
import shlex
import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import click
import pluggy
import tomli_w
from click.core import ParameterSource

from pegline_core.app.bot_specs import BotSpecError, resolve_bots
from pegline_core.app.clikit import (
    HELP_CONTEXT,
    HELP_WORDS,
    BadOption,
    Failure,
    Group,
    Usage,
    debugging,
    overlay_option,
    plugin_fault,
    variant_option,
    versions_option,
)
from pegline_core.app.i18n import (
    LANGUAGES,
    Messages,
    choose_language,
    current_language,
    plugin_domain,
    rule_name,
    rule_summary,
    set_language,
    variant_description,
)
from pegline_core.app.plugin_commands import plugin_commands
from pegline_core.app.problems import explain
from pegline_core.build import build_name
from pegline_core.errors import PeglineError, VariantError
from pegline_core.events import Event
from pegline_core.game import Game
from pegline_core.players import PlayerLeft, play_game
from pegline_core.record import FORMAT, GameRecord, is_log_path
from pegline_core.ruleset import Ruleset
from pegline_core.variant import available_variants, load_variant

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
@click.option("--debug", is_flag=True,
              help="When a plugin fails, print its traceback (also: PEGLINE_DEBUG=1).")
def main(debug: bool) -> None:
    """Pegline: a rules engine for card games, variants as data, games and rules as plugins."""


# -- variants ---------------------------------------------------------------------------------


@main.group()
def variants() -> None:
    """List, show and check variant files."""


@variants.command("list")
def variants_list() -> None:
    """Every variant on the search path, with its description."""
    found = available_variants()
    width = max(map(len, found), default=0)
    for name, path in found.items():
        try:
            description = variant_description(load_variant(path).description)
        except VariantError:
            description = _("(invalid: run `pegline variants check` on it)")
        click.echo(f"{name:<{width}}  {description}")


@variants.command("show")
@click.argument("name")
@overlay_option
def variants_show(name: str, overlays: tuple[str, ...]) -> None:
    """Print the resolved variant NAME as TOML."""
    variant = load_variant(name, overlays=overlays)
    for notice in variant.notices:
        click.echo("# " + _("notice: {notice}").format(notice=notice))
    click.echo("# " + _("{name}: resolved, with every inherited and default key").format(
        name=variant.name))
    data = variant.to_toml_dict() | {"config": Ruleset(variant).resolved_config()}
    click.echo(tomli_w.dumps(data), nl=False)


@variants.command("check")
@click.argument("files", nargs=-1, required=True)
def variants_check(files: tuple[str, ...]) -> None:
    """Check variant FILES (or names); print every problem as `file: key.path: message` (exit 1
    if any). A variant whose sample game between random players does not end within 300 hands is
    refused as too long to play."""
    failed = False
    for file in files:
        try:
            variant = load_variant(file)
        except VariantError as exc:
            failed = True
            for problem in exc.problems:
                click.echo(explain(problem), err=True)
            continue
        for notice in variant.notices:
            click.echo(_("{file}: notice: {notice}").format(file=file, notice=notice))
        try:
            too_long = _too_long(variant)
        except PeglineError as exc:  # a plugin that fails in play, found before a real game
            too_long = _("a sample game between random players stopped: {error}").format(
                error=_one_line(plugin_fault(exc, debug=debugging(False))))
        if too_long:
            failed = True
            click.echo(f"{file}: {too_long}", err=True)
            continue
        click.echo(_("{file}: ok").format(file=file))
    if failed:
        sys.exit(1)


SAMPLE_HANDS = 300
"""The most hands a sample game may take: a game to 1000 between random players takes 60 to
170, the standard game about 10."""


def _too_long(variant: Any) -> str | None:
    """Why the variant's games would be absurdly long, from one seeded game between random
    players, or None. (Loading already refuses a variant in which nothing can score.)"""
    from pegline_core.players import RandomBot

    game = Game(variant)
    rng = random.Random(0)
    bots = [RandomBot(seat) for seat in range(game.players)]
    while not game.over and game.hand <= SAMPLE_HANDS:
        to_act = game.to_act
        if isinstance(to_act, str):
            game.apply(game.chance_action(rng))
        else:
            seat = to_act[0]
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    if game.over:
        return None
    return _("a sample game between random players did not end within {hands} hands (scores "
             "{scores}): its games would take too long to play; let more rules score or lower "
             "the target").format(hands=SAMPLE_HANDS, scores=", ".join(map(str, game.scores)))


# -- simulate ---------------------------------------------------------------------------------


@main.command()
@variant_option
@overlay_option
@click.option("--games", type=click.IntRange(min=1), default=1000, show_default=True)
@click.option("--bots", default="greedy,random", show_default=True,
              help="Bots, comma-separated; they rotate seats game by game (random, the "
                   "game's own: greedy, sloppy and coach for cribbage, or a player class of "
                   "your own as module.path:Name).")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True)
@click.option("--workers", type=click.IntRange(min=1),
              help="Local processes (default: every core).")
@click.option("--scheduler", help="A dask.distributed scheduler, e.g. tcp://HOST:8786.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--plot", "plot_path", type=click.Path(path_type=Path),
              help="Draw the score distributions and game lengths to this PNG.")
@click.option("--round-robin", is_flag=True,
              help="A round robin between the bots as teams, GAMES per pair, and its standings "
                   "(games that offer one: Clabber).")
def simulate(variant_name: str, overlays: tuple[str, ...], games: int, bots: str, seed: int,
             workers: int | None, scheduler: str | None, as_json: bool,
             plot_path: Path | None, round_robin: bool) -> None:
    """Play many games and report win rates, the dealer's edge, points per phase, lengths."""
    from pegline_core.app import simulate as sim

    variant = load_variant(variant_name, overlays=overlays)
    names = _bot_specs(bots)
    if plot_path is not None:  # before the games, not after: a plot that cannot be drawn
        _check_output(plot_path, "--plot")
        if plot_path.suffix.lower() not in PLOT_FORMATS:
            raise BadOption(_("{name}: draw to a file ending in {endings}").format(
                name=plot_path.name, endings=", ".join(sorted(PLOT_FORMATS))), "--plot")
        if importlib.util.find_spec("matplotlib") is None:
            raise Failure(_("matplotlib is not installed: pip install 'pegline[scale]' for "
                             "plots"))
    if scheduler is not None and importlib.util.find_spec("distributed") is None:
        raise Failure(_("dask.distributed is not installed: pip install 'pegline[scale]' for "
                         "clusters"))
    if round_robin:
        _round_robin(variant, names, games, seed, as_json, workers, scheduler)
        return
    stats, stopped = _stoppable(variant.name, games, as_json, lambda progress: sim.simulate(
        variant, names, games=games, seed=seed, workers=workers, scheduler=scheduler,
        progress=progress))
    if stopped is not None:
        click.echo(f"{stopped}: stopped after {stats.games:,} of {games:,} games", err=True)
        if stats.games == 0:
            sys.exit(130 if stopped == "interrupted" else 143)
    elif plot_path is not None:
        sim.plot(stats, str(plot_path), variant)
    report = stats.report()
    if as_json:
        click.echo(json.dumps(report | ({"stopped": stopped} if stopped else {})))
    else:
        _print_report(variant.name, names, report, sim.report_lines(variant.game, report))
    if stopped is not None:
        sys.exit(130 if stopped == "interrupted" else 143)


def _bot_specs(bots: str) -> list[str]:
    """The specs of a ``--bots`` list: names or ``module.path:Name``, comma-separated."""
    return [name.strip() for name in bots.split(",") if name.strip()]


def _stoppable(label: str, games: int, as_json: bool,
               run: Callable[[Callable[[int], None]], Any]) -> tuple[Any, str | None]:
    """``run(progress)`` with its progress on standard error (a bar on a terminal, a line at
    each tenth of the games otherwise; none with ``--json``), stopped by Ctrl-C or SIGTERM: its
    result, or what it had finished when stopped (`Interrupted`), and how it was stopped (None
    if not)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from pegline_core.app import simulate as sim

    columns = ("{task.description}", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    terminal = sys.stderr.isatty()
    with _sigterm_as_interrupt:
        try:
            with Progress(*columns, transient=True, disable=as_json or not terminal,
                          console=Console(stderr=True)) as bar:
                task = bar.add_task(label, total=games)
                lines = _progress_lines(label, games, enabled=not (as_json or terminal))

                def progress(done: int) -> None:
                    bar.update(task, completed=done)
                    lines(done)

                return run(progress), None
        except sim.Interrupted as exc:
            return exc.stats, _sigterm_as_interrupt.how


def _progress_lines(label: str, games: int, *, enabled: bool) -> Callable[[int], None]:
    """Progress for a log: a line on standard error each time another tenth of the games is
    done (and at the end)."""
    said = [0]

    def line(done: int) -> None:
        tenth = done * 10 // max(1, games)
        if enabled and (tenth > said[0] or done == games) and done:
            said[0] = max(tenth, said[0] + (done == games))
            click.echo(_("{label}: {done} of {games} games").format(
                label=label, done=f"{done:,}", games=f"{games:,}"), err=True)

    return line


PLOT_FORMATS = frozenset({".png", ".svg", ".pdf", ".jpg", ".jpeg", ".webp", ".tif", ".tiff"})


class _SigtermAsInterrupt:
    """While active, SIGTERM stops the work as Ctrl-C does (`KeyboardInterrupt`), so that a
    killed `simulate` still ends its workers and reports; ``how`` says which signal came."""

    def __init__(self) -> None:
        self.how = "interrupted"
        self.previous: Any = None

    def __enter__(self) -> None:
        self.how = "interrupted"
        self.previous = signal.getsignal(signal.SIGTERM)
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, self._handle)

    def __exit__(self, *exc: object) -> None:
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, self.previous)

    def _handle(self, signum: int, frame: object) -> None:
        self.how = "terminated"
        raise KeyboardInterrupt


_sigterm_as_interrupt = _SigtermAsInterrupt()


def _check_output(path: Path, option: str) -> None:
    """Refuse an output file that cannot be written, before any work is done."""
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


def _round_robin(variant: Any, names: list[str], games: int, seed: int, as_json: bool,
                 workers: int | None, scheduler: str | None) -> None:
    """The game's own round robin (``round_robin`` of its definition), printed as a table; run
    and stopped as `simulate` is (the standings so far when stopped)."""
    from pegline_core.plugins import game_definition

    tournament = getattr(game_definition(variant.game), "round_robin", None)
    if tournament is None:
        raise Usage(_("the game {game} has no round robin").format(game=repr(variant.game)))
    teams = len(dict.fromkeys(names))
    total = teams * (teams - 1) // 2 * games
    table, stopped = _stoppable(f"{variant.name} round robin", total, as_json,
                                lambda progress: tournament(
                                    variant, names, games=games, seed=seed, workers=workers,
                                    scheduler=scheduler, progress=progress))
    if stopped is not None:
        done = sum(s.played for s in table) // 2
        click.echo(f"{stopped}: stopped after {done:,} of {total:,} games", err=True)
    if as_json:
        click.echo(json.dumps([{"entrant": s.entrant, "played": s.played, "won": s.won,
                                "game_points": s.game_points} for s in table]))
    else:
        click.echo(f"{variant.name}: round robin, {games} game(s) a pair, standings by "
                   f"{variant.settings.tournament.standings}")
        for place, s in enumerate(table, 1):
            click.echo(f"  {place}. {s.entrant:<8} won {s.won} of {s.played}, "
                       f"{s.game_points} game points")
    if stopped is not None:
        sys.exit(130 if stopped == "interrupted" else 143)


def _print_report(name: str, bots: list[str], report: dict[str, Any],
                  per_hand: list[str]) -> None:
    click.echo(f"{name}: {report['games']:,} games, bots {', '.join(bots)} (seats rotate)")
    for bot, rate in report["win_rates"].items():
        low, high = rate["ci95"]
        click.echo(f"  {bot:<8} wins {rate['rate']:6.1%} of its seats "
                   f"(95% CI {low:.1%} to {high:.1%})")
    first = report["first_dealer"]
    click.echo(f"  first dealer's side wins {first['rate']:.1%} "
               f"(95% CI {first['ci95'][0]:.1%} to {first['ci95'][1]:.1%})")
    for line in per_hand:  # the game's own figures, or the points per hand by label
        click.echo(line)
    click.echo(f"  hands per game: {report['hands_per_game']['mean']:.2f}")
    for mark, rate in report["marks"].items():
        click.echo(f"  {mark} rate: {rate:.2%}")
    for bot, figures in report.get("bots", {}).items():
        click.echo(f"  {bot}: {figures['games']:,} games, {figures['hands']:,} hands")
        if figures["points_per_hand"]:
            click.echo("    points per hand it played: " + ", ".join(
                f"{label} {value:.2f}" for label, value in figures["points_per_hand"].items()))
        for mark in figures["marks_given"]:
            click.echo(f"    {mark}: given {figures['marks_given'][mark]:.2%} of its games, "
                       f"taken {figures['marks_taken'][mark]:.2%}")


# -- plugins ----------------------------------------------------------------------------------


@main.group()
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
    from pegline_core.plugins import describe_plugin, installed_plugins, plugin_class

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
            click.echo(f"{name} {version}: broken: {_one_line(str(exc))}")
            continue
        game = "a game: " if hasattr(plugin_class(name), "new_machine") else ""
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


def _one_line(text: str) -> str:
    return " ".join(line.strip() for line in text.splitlines() if line.strip())


def _hook_specs(installed: dict[str, Any]) -> pluggy.PluginManager:
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


# -- play and replay --------------------------------------------------------------------------


def _emitter(game: Game, as_json: bool, log_file: Any, reveal: set[int] | None,
             names: dict[int, str] | None = None, seed: int | None = None
             ) -> Callable[[Event], None]:
    """Print each event (as text or JSON) as ``reveal`` may see it, and log it whole.

    What is printed shows only the hidden cards of ``reveal`` (None: everyone's); the
    ``--log`` file and the saved record keep every event whole, for auditing after the game.
    """
    printer = game.ruleset.game.printer(game.variant, reveal=reveal, names=names)
    for event in game.log:  # a resumed game: the printer follows the table as it stands
        printer.lines(event)
    codec = game.codec
    redact: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    if as_json and reveal is not None:
        redact = getattr(printer, "redact", None)
        if redact is None:  # never print what a seat may not see
            raise Usage(_("the game {game} cannot hide other seats' cards in JSON: play a "
                           "human game without --json").format(game=repr(game.variant.game)))
    if log_file is not None:  # the JSON Lines log starts with the record's header
        header = GameRecord.of(game, seed=seed, derived=False).header(stream=True)
        log_file.write(json.dumps(header) + "\n")
        for event in game.log:
            log_file.write(json.dumps(codec.to_dict(event), ensure_ascii=False) + "\n")
        log_file.flush()

    def emit(event: Event) -> None:
        data = codec.to_dict(event)
        line = json.dumps(data, ensure_ascii=False)
        if log_file is not None:
            log_file.write(line + "\n")
            log_file.flush()  # event by event, so a crash loses nothing complete
        if as_json:
            click.echo(line if redact is None else json.dumps(redact(data), ensure_ascii=False))
        else:
            for text in printer.lines(event):
                click.echo(text)

    return emit


@main.command()
@variant_option
@overlay_option
@click.option("--seed", type=click.IntRange(min=0),
              help="Seed for the shuffles and the bots, 0 or more (default: random).")
@click.option("--bots", default="greedy", show_default=True,
              help="Bots for the seats, comma-separated and repeated as needed (random, the "
                   "game's own: greedy, sloppy and coach for cribbage, or a player class of "
                   "your own as module.path:Name).")
@click.option("--human", is_flag=True, help="Play seat 0 yourself against the bots.")
@click.option("--auto-go/--no-auto-go", default=True, show_default=True,
              help="With --human, say go for you when no card you hold fits.")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON event per line (with --human, the other seats' hidden cards "
                   "as null; --log and --save keep everything).")
@click.option("--log", "log_file", type=click.File("w", encoding="utf-8"),
              help="Also write the events as JSON Lines to this file (.jsonl.gz: compressed).")
@click.option("--save", "save_path", type=click.Path(path_type=Path),
              help="Keep the game's record in this file (.toml, .jsonl or .jsonl.gz), updated "
                   "after every action of a human game, so that quitting loses nothing.")
@click.option("--resume", "resume_path", type=click.Path(path_type=Path),
              help="Continue the game saved in this record.")
@versions_option
@click.option("--match", "best_of", type=click.IntRange(min=1),
              help="Play a match, best of this many games (the loser of a game deals first in "
                   "the next); --save keeps the whole match in one record.")
@click.option("--match-to", "match_to", type=click.IntRange(min=1),
              help="Play a match to this many game points.")
def play(variant_name: str, overlays: tuple[str, ...], seed: int | None, bots: str, human: bool,
         auto_go: bool, as_json: bool, log_file: Any, save_path: Path | None,
         resume_path: Path | None,
         versions: str, best_of: int | None, match_to: int | None) -> None:
    """Play a complete game (or a match) and print every event."""
    resume_match = resume_path is not None and _is_record(resume_path, "pegline-match")
    is_match = best_of is not None or match_to is not None or resume_match
    given = click.get_current_context().get_parameter_source("variant_name")
    if resume_path is not None and (overlays or given not in (None, ParameterSource.DEFAULT)):
        raise Usage(_("a resumed game keeps the rules of its record: leave out --variant and "
                      "--with"))
    if is_match and resume_path is not None and not resume_match:
        raise Usage(_("a match is carried on with --resume MATCH.toml; a game's --resume is "
                       "for a single game"))
    if human and log_file is not None and getattr(log_file, "name", "") == "<stdout>":
        raise BadOption(_("the log keeps every card, the hidden ones too: in a human game "
                           "write it to a file"), "--log")
    if log_file is not None and getattr(log_file, "name", "").endswith(".gz"):
        name = log_file.name  # a compressed log, flushed event by event all the same
        log_file.close()
        log_file = gzip.open(name, "wt", compresslevel=3, encoding="utf-8")
        click.get_current_context().call_on_close(log_file.close)
    if is_match:
        from pegline_core.app.match import MatchRecord, MatchRules

        if resume_match:
            assert resume_path is not None
            kept = MatchRecord.load(resume_path)
            _play_match(None, kept.rules, seed, bots, human, as_json, save_path or resume_path,
                        log_file, kept, auto_go=auto_go)
        else:
            _play_match(load_variant(variant_name, overlays=overlays),
                        MatchRules(best_of=best_of, target=match_to), seed, bots, human,
                        as_json, save_path, log_file, auto_go=auto_go)
        return
    if save_path is not None:  # before the game, not after it: a record that cannot be kept
        _check_output(save_path, "--save")
    if resume_path is not None:
        record = GameRecord.load(resume_path)
        _version_notices(record, versions)
        game = record.replay(versions)
        record_seed = record.seed
        if record.seed is not None and seed is None:
            seed = record.seed + len(record.inputs())  # a fresh, reproducible continuation
        save_path = save_path or resume_path
    else:
        game = Game(load_variant(variant_name, overlays=overlays))
    variant = game.variant
    if seed is None:
        seed = random.SystemRandom().getrandbits(32)
    players, labels = _players(game, bots, seed, human, auto_go=auto_go)
    observe: Callable[[Event], None] | None = None
    if human:
        observe = getattr(players[0], "observe", None)  # a human's screen follows the game
    if not as_json:
        description = variant_description(variant.description)
        if resume_path is None:
            click.echo(_("{name}: {description} (seed {seed})").format(
                name=variant.name, description=description, seed=seed))
        elif record_seed is None:
            click.echo(_("{name}: {description} (resumed; the cards from here on come from "
                         "seed {seed})").format(name=variant.name, description=description,
                                                 seed=seed))
        else:
            click.echo(_("{name}: {description} (resumed: the record was started with seed "
                         "{record}; the cards from here on come from seed {seed})").format(
                name=variant.name, description=description, record=record_seed, seed=seed))
        for notice in variant.notices:
            click.echo(_("notice: {notice}").format(notice=notice))
    if resume_path is None:
        record_seed = seed  # a resumed game keeps the seed its record was started with

    def save() -> None:
        if save_path is not None:
            GameRecord.of(game, seed=record_seed).save(save_path)

    if resume_path is not None and not as_json:
        click.echo(_("resumed from {path}: hand {hand}, phase {phase}, scores {scores}").format(
            path=resume_path, hand=game.hand, phase=game.phase,
            scores=_scores_said(game.scores)))
    if save_path is not None and human:
        _save_before_asking(players[0], save)
    emit = _emitter(game, as_json, log_file, {0} if human else None, labels, seed=record_seed)
    if observe is not None:
        for event in game.log:  # a resumed game: the screen redraws the table as it stands
            observe(event)
        emit = _and_then(emit, observe)
    try:
        play_game(variant, players, seed=seed, on_event=emit, game=game)
    except (PlayerLeft, KeyboardInterrupt, EOFError) as exc:
        if not human:
            raise
        _leave(exc, save_path or _free_path(f"pegline-{variant.name}-{record_seed}.toml"),
               GameRecord.of(game, seed=record_seed).save, bots, as_json)
    finally:
        if save_path is not None:
            save()


def _players(game: Game, bots: str, seed: int, human: bool, *, auto_go: bool = True
             ) -> tuple[list[Any], dict[int, str]]:
    """The players for ``game`` from a ``--bots`` list (seat 0 a person with ``--human``, who
    says go without being asked when ``auto_go`` and the game's person can)."""
    names = _bot_specs(bots)
    try:
        chosen = resolve_bots(names, game)
    except BotSpecError as exc:
        raise BadOption(explain(str(exc)), "--bots") from None
    if len(names) > game.players:
        raise BadOption(_("{n} bots for {seats} seats: name at most {seats}").format(
            n=len(names), seats=game.players), "--bots")
    players = [chosen[seat % len(names)].make(seed + seat) for seat in range(game.players)]
    labels = {seat: _("seat {n} ({bot})").format(n=seat, bot=chosen[seat % len(names)].label)
              for seat in range(game.players)}
    if human:
        players[0] = game.ruleset.game.human()
        if hasattr(players[0], "auto_go"):
            players[0].auto_go = auto_go
        labels[0] = _("seat {n} (you)").format(n=0)
        if hasattr(players[0], "read") and not sys.stdin.isatty():
            players[0].read = _bounded_answers(players[0].read, game)
    return players, labels


def _save_before_asking(person: Any, save: Callable[[], None]) -> None:
    """Save the game each time the person is asked to act: where they may leave, or the
    process be killed, with everything up to their decision kept. Once a decision, not once an
    event: a game's saves no longer grow with the square of its length."""
    choose = person.choose

    def saved_then_asked(view: Any, legal: Any) -> Any:
        save()
        return choose(view, legal)

    person.choose = saved_then_asked


WRONG_ANSWERS = 200
"""The most answers piped (not typed) input may give between two of the person's moves."""


def _bounded_answers(read: Callable[[], str], game: Game) -> Callable[[], str]:
    """``read``, but input from a pipe or a file that never gives an allowed answer stops the
    game (saved, as when a person leaves) instead of being asked forever."""
    seen = [len(game.log), 0]

    def bounded() -> str:
        if len(game.log) != seen[0]:
            seen[:] = [len(game.log), 0]
        seen[1] += 1
        if seen[1] > WRONG_ANSWERS:
            raise PlayerLeft(f"{WRONG_ANSWERS} answers from the input without a move")
        return read()

    return bounded


def _play_match(variant: Any, rules: Any, seed: int | None, bots: str, human: bool,
                as_json: bool, save_path: Path | None, log_file: Any = None,
                resumed: Any = None, *, auto_go: bool = True) -> None:
    """Play a match game by game (or carry on the ``resumed`` `MatchRecord`), printing the
    standings after each game, saving the match (before each decision of a human's) and
    logging it to ``log_file`` as one stream (the match's header line, then each game's log)."""
    from pegline_core.app.match import Match, MatchRecord

    if save_path is not None and save_path.suffix != ".toml":
        raise BadOption(_("a match record is a .toml file"), "--save")
    if save_path is not None:
        _check_output(save_path, "--save")
    playing: Game | None = None
    if resumed is not None:
        match, playing = resumed.resume()
        variant = match.variant
        first = resumed.games[0].seed
        seed = seed if seed is not None else first if first is not None else 0
    else:
        match = Match(variant, rules)
    if seed is None:
        seed = random.SystemRandom().getrandbits(32)
    _players(playing or Game(match.variant), bots, seed, human)  # checked, even with no game left
    if not as_json:
        text = (_("{name}: {description} (seed {seed}), a match best of {n}")
                if rules.best_of is not None else
                _("{name}: {description} (seed {seed}), a match to {n} game points"))
        click.echo(text.format(name=variant.name, seed=seed, n=rules.best_of or rules.target,
                               description=variant_description(variant.description)))
        if resumed is not None:
            played = len(match.games)
            click.echo(_messages.ngettext("resumed: {n} game played", "resumed: {n} games played",
                                          played).format(n=played))
    if log_file is not None:  # a resumed match's log holds the games played before too
        log_file.write(json.dumps(MatchRecord.log_header(rules)) + "\n")
        if resumed is not None:
            log_file.write("".join(game.to_jsonl() for game in resumed.games[:len(match.games)]))
        log_file.flush()
    while not match.over:
        game = playing or match.new_game()
        game_seed = seed + len(match.games)
        chance_seed = game_seed + len(game.inputs())  # a resumed game: a fresh continuation
        players, labels = _players(game, bots, game_seed, human, auto_go=auto_go)
        if not as_json:
            click.echo("=== " + _("game {n}").format(n=len(match.games) + 1) + " ===")

        def save(game: Game = game, game_seed: int = game_seed) -> None:
            if save_path is not None:
                MatchRecord.of(match, seeds=match.seeds, playing=(game, game_seed)).save(
                    save_path)

        if human:
            _save_before_asking(players[0], save)
        emit = _emitter(game, as_json, log_file, {0} if human else None, labels,
                        seed=game_seed)
        try:
            play_game(variant, players, seed=chance_seed, on_event=emit, game=game)
        except (PlayerLeft, KeyboardInterrupt, EOFError) as exc:
            if not human:
                raise
            _leave(exc, save_path or _free_path(f"pegline-match-{variant.name}-{seed}.toml"),
                   MatchRecord.of(match, seeds=match.seeds, playing=(game, game_seed)).save,
                   bots, as_json)
        match.add(game, game_seed)
        playing = None
        if not as_json:
            click.echo(_standings(match, game))
        if save_path is not None:
            MatchRecord.of(match, seeds=match.seeds).save(save_path)


def _standings(match: Any, game: Game) -> str:
    printer = game.ruleset.game.printer(game.variant, reveal=None, names=None)
    sides = _(", ").join(_("{side} {points} ({wins} won)").format(
        side=printer.side(side), points=points, wins=wins)
        for side, (points, wins) in enumerate(zip(match.points, match.wins, strict=True)))
    line = _("match after game {n}: {sides} (game points)").format(n=len(match.games),
                                                                     sides=sides)
    if match.over:
        winner = match.winner
        line += (_("; {side} wins the match").format(side=printer.side(winner))
                 if winner is not None else _("; the match is drawn"))
    return line


def _leave(exc: BaseException, path: Path, keep: Callable[[Path], None], bots: str,
           as_json: bool) -> NoReturn:
    """A human left a game or a match (quit, Ctrl-C, Ctrl-D): keep it at ``path``, say how to
    carry it on, and exit 0 for a quit, 130 for Ctrl-C, 1 otherwise."""
    how = exc.how if isinstance(exc, PlayerLeft) else "interrupted"
    keep(path)
    _say_how_to_resume(how, path, bots, as_json)
    sys.exit(0 if how == "quit" else 130 if how == "interrupted" else 1)


def _scores_said(scores: tuple[int, ...]) -> str:
    """Every side's score as a board says it: ``18-4`` (side 0's first)."""
    return "-".join(map(str, scores))


def _say_how_to_resume(how: str, path: Path, bots: str, as_json: bool) -> None:
    """Tell a player who left where the game is and the exact command that carries it on (in
    the language it was played in, when the environment alone would choose another)."""
    lang = [] if current_language() == choose_language(None) else ["--lang", current_language()]
    command = ["pegline", *lang, "play", "--human", "--resume", str(path)]
    command += ["--bots", bots] if bots != "greedy" else []
    command += ["--json"] if as_json else []
    said = {"quit": _("you quit"), "end of input": _("end of input"),
            "interrupted": _("interrupted")}.get(how, how)
    click.echo(_("{how}: the game is saved in {path}\nto go on: {command}").format(
        how=said, path=path, command=shlex.join(command)), err=True)


def _and_then(first: Callable[[Event], None],
              then: Callable[[Event], None]) -> Callable[[Event], None]:
    def both(event: Event) -> None:
        first(event)
        then(event)

    return both


def _free_path(name: str) -> Path:
    """``name`` in the current folder, or ``name-2``, ``name-3``... if it is taken."""
    path, number = Path(name), 1
    while path.exists():
        number += 1
        path = Path(f"{Path(name).stem}-{number}{Path(name).suffix}")
    return path


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (another address lets other machines play too).")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True)
@click.option("--db", default=None,
              help="The SQLite file the games live in (default: in your data directory; "
                   ":memory: keeps them only while the server runs).")
@click.option("--max-tables", type=click.IntRange(1), default=200, show_default=True,
              help="The most games the server holds at once.")
def serve(host: str, port: int, db: str | None, max_tables: int) -> None:
    """Play in the browser with people and bots: a web page (needs pegline[web])."""
    try:
        from pegline_core.app.web import default_db
        from pegline_core.app.web import serve as run
    except ImportError as exc:
        raise Failure(_("{module} is not installed: pip install 'pegline[web]' for the web "
                         "page").format(module=exc.name)) from None
    try:
        run(host, port, announce=click.echo, db=db if db is not None else default_db(),
            max_tables=max_tables)
    except PeglineError as exc:
        raise Failure(str(exc)) from None


@main.command()
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON event per line.")
@click.option("--verify", is_flag=True,
              help="Check the record's derived events against the replay (exit 1 on the first "
                   "difference).")
@versions_option
def replay(file: Path, as_json: bool, verify: bool, versions: str) -> None:
    """Replay a record (.toml or .jsonl), a match record or a scripted game (docs/records.md)
    and print it."""
    if not file.exists():
        raise Failure(_("{file}: no such file").format(file=file))
    if _is_record(file, "pegline-match"):
        _replay_match(file, as_json, verify)
        return
    if is_log_path(file) or _is_record(file):
        record = GameRecord.load(file)
        _version_notices(record, versions)
        if verify:
            difference = record.verify(versions)
            if difference is not None:
                raise Failure(explain(str(difference))) from None
            n = len(record.events)
            click.echo(_messages.ngettext("{file}: verified, {n} event",
                                          "{file}: verified, {n} events", n).format(file=file, n=n))
            return
        game = record.replay(versions)
    else:
        from pegline_cribbage.scripts import Script

        if verify:
            raise Usage(_("--verify needs a game record, not a scripted game"))
        game = Script.load(file).replay()  # the whole script first: a bad one prints only its error
    emit = _emitter(game, as_json, None, None)
    for event in game.log:
        emit(event)
    if not as_json:
        printer = game.ruleset.game.printer(game.variant, reveal=None, names=None)
        sides = _(", ").join(f"{printer.side(i)} {score}" for i, score in enumerate(game.scores))
        click.echo((_("final scores: {sides}") if game.over
                    else _("final scores: {sides} (the record stops here)")).format(sides=sides))


def _version_notices(record: GameRecord, versions: str) -> None:
    """Say which plugin versions differ from the record's (or refuse them, by the policy)."""
    installed = record.new_game(versions).ruleset.versions()
    for notice in record.version_notices(installed, versions):
        click.echo(_("notice: {notice}").format(notice=notice), err=True)


def _replay_match(file: Path, as_json: bool, verify: bool) -> None:
    """Replay (or ``--verify``) a match record, with the standings after each game."""
    from pegline_core.app.match import Match, MatchRecord

    record = MatchRecord.load(file)
    if verify:
        found = record.verify()
        if found is not None:
            raise Failure(_("game {n}: {problem}").format(n=found[0],
                                                            problem=explain(str(found[1]))))
        n = len(record.games)
        click.echo(_messages.ngettext("{file}: verified, a match of {n} game",
                                      "{file}: verified, a match of {n} games", n).format(
            file=file, n=n))
        return
    match: Match | None = None
    for number, game_record in enumerate(record.games, 1):
        game = game_record.replay()
        match = match or Match(game.variant, record.rules)
        if not as_json:
            click.echo("=== " + _("game {n}").format(n=number) + " ===")
        emit = _emitter(game, as_json, None, None)
        for event in game.log:
            emit(event)
        if game.over:
            match.add(game, game_record.seed)
            if not as_json:
                click.echo(_standings(match, game))


def _is_record(file: Path, form: str = FORMAT) -> bool:
    if file.is_fifo():  # never opened here: that waits for a writer
        return False
    try:
        with (gzip.open(file) if file.name.endswith(".gz") else file.open("rb")) as handle:
            head = handle.read(4096).decode("utf-8", errors="replace")  # never a whole line
    except (OSError, EOFError):
        return False
    if head.startswith("{"):  # a log: its header line (json.dumps writes format first)
        return head.startswith(f'{{"format": "{form}"')
    return any(line.startswith("format = ") and f'"{form}"' in line
               for line in head.splitlines()[:3])
