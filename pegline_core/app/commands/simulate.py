"""``pegline simulate``: many games between bots, their report, and a game's round robin."""

from __future__ import annotations

import importlib.util
import json
import signal
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from pegline_core.app import hookspecs
from pegline_core.app.clikit import (
    BadOption,
    Command,
    Failure,
    Usage,
    bot_list,
    check_output,
    overlay_option,
    variant_option,
)
from pegline_core.app.game_hooks import app_hooks
from pegline_core.app.i18n import Messages
from pegline_core.app.problems import shown
from pegline_core.app.slow_plugins import slow_plugin_note
from pegline_core.game_hooks import MissingHook
from pegline_core.variant import Variant, load_variant

_messages = Messages("pegline_core.app")
_ = _messages.gettext


@click.command(cls=Command)
@variant_option
@overlay_option
@click.option("--games", type=click.IntRange(min=1), default=1000, show_default=True,
              help="Games to play (with --round-robin: games per pair).")
@click.option("--bots", default="greedy,random", show_default=True,
              help="Bots, comma-separated; they rotate seats game by game (random, the "
                   "game's own: greedy, sloppy and coach for cribbage, or a player class of "
                   "your own as module.path:Name).")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Seed for the deals and the bots: the same seed, the same report, on any "
                   "number of workers.")
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
    names = bot_list(bots)
    if plot_path is not None:  # before the games, not after: a plot that cannot be drawn
        check_output(plot_path, "--plot")
        if plot_path.suffix.lower() not in PLOT_FORMATS:
            raise BadOption(_("{name}: draw to a file ending in {endings}").format(
                name=plot_path.name, endings=", ".join(sorted(PLOT_FORMATS))), "--plot")
        if importlib.util.find_spec("matplotlib") is None:
            raise Failure(_("matplotlib is not installed: pip install -e '.[scale]' for "
                             "plots"))
    if scheduler is not None and importlib.util.find_spec("distributed") is None:
        raise Failure(_("dask.distributed is not installed: pip install -e '.[scale]' for "
                         "clusters"))
    if round_robin:
        _round_robin(variant, names, games, seed, as_json, workers, scheduler)
        return
    stats, stopped = _stoppable(variant.name, games, as_json, lambda progress: sim.simulate(
        variant, names, games=games, seed=seed, workers=workers, scheduler=scheduler,
        progress=progress))
    if stopped is not None:
        click.echo(_stopped_line(stopped, stats.games, games), err=True)
        if stats.games == 0:
            sys.exit(130 if stopped == "interrupted" else 143)
    if plot_path is not None:  # the games finished, all of them or those before a stop
        sim.plot(stats, str(plot_path), variant)
    report = stats.report()
    if as_json:
        click.echo(json.dumps(report | ({"stopped": stopped} if stopped else {})))
    else:
        _print_report(variant.name, names, report, sim.report_lines(variant.game, report))
    if stopped is not None:
        sys.exit(130 if stopped == "interrupted" else 143)


def _stoppable(label: str, games: int, as_json: bool,
               run: Callable[[Callable[[int], None]], Any]) -> tuple[Any, str | None]:
    """``run(progress)`` with its progress on standard error (a bar on a terminal, lines
    otherwise, both with the time left at the pace so far; none with ``--json``), stopped by
    Ctrl-C or SIGTERM: its result, or what it had finished when stopped (`Interrupted`), and
    how it was stopped (None if not)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from pegline_core.app import simulate as sim

    # the time left as of the last games done (rich's own column reads only the last 30 s,
    # which may hold no finished chunk of slow games)
    columns = ("{task.description}", BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[left]}", style="progress.remaining"))
    terminal = sys.stderr.isatty()
    began = time.monotonic()
    with _sigterm_as_interrupt:
        try:
            with Progress(*columns, transient=True, disable=as_json or not terminal,
                          console=Console(stderr=True)) as bar:
                task = bar.add_task(label, total=games, left="-:--:--")
                lines = _progress_lines(label, games, enabled=not (as_json or terminal))

                def progress(done: int) -> None:
                    bar.update(task, completed=done,
                               left=time_left(time.monotonic() - began, done, games))
                    lines(done)

                return run(progress), None
        except sim.Interrupted as exc:
            return exc.stats, _sigterm_as_interrupt.how


def time_left(elapsed: float, done: int, games: int) -> str:
    """The time the games not done yet take at the pace so far (``done`` in ``elapsed``
    seconds), as ``H:MM:SS``."""
    seconds = round(elapsed / max(1, done) * max(0, games - done))
    return f"{seconds // 3600}:{seconds // 60 % 60:02}:{seconds % 60:02}"


def _progress_lines(label: str, games: int, *, enabled: bool,
                    clock: Callable[[], float] = time.monotonic) -> Callable[[int], None]:
    """Progress for a log: a line on standard error as soon as the first games are done, then
    each time another tenth of them is, with the time left at the pace so far; and at the end."""
    began = clock()
    said = [-1]  # the tenth last said; -1 before the first line

    def line(done: int) -> None:
        tenth = done * 10 // max(1, games)
        if not enabled or not done or (tenth <= said[0] and done < games) or said[0] > 10:
            return
        said[0] = tenth if done < games else 11
        counted = {"label": label, "done": f"{done:,}", "games": f"{games:,}"}
        if done < games:
            click.echo(_("{label}: {done} of {games} games, about {left} left").format(
                left=time_left(clock() - began, done, games), **counted), err=True)
        else:
            click.echo(_("{label}: {done} of {games} games").format(**counted), err=True)

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


def _round_robin(variant: Variant, names: list[str], games: int, seed: int, as_json: bool,
                 workers: int | None, scheduler: str | None) -> None:
    """The game's own round robin (its ``pegline_round_robin`` hook), printed as a table; run
    and stopped as `simulate` is (the standings so far when stopped)."""
    try:
        tournament = app_hooks(variant.game).call(hookspecs.pegline_round_robin)
    except MissingHook as exc:
        raise Usage(shown(exc)) from None
    teams = len(dict.fromkeys(names))
    total = teams * (teams - 1) // 2 * games
    table, stopped = _stoppable(_("{name} round robin").format(name=variant.name), total, as_json,
                                lambda progress: tournament(
                                    variant=variant, entrants=names, games=games, seed=seed,
                                    workers=workers, scheduler=scheduler, progress=progress))
    if stopped is not None:
        click.echo(_stopped_line(stopped, sum(s.played for s in table) // 2, total), err=True)
    if as_json:
        click.echo(json.dumps([{"entrant": s.entrant, "played": s.played, "won": s.won,
                                "game_points": s.game_points} for s in table]))
    else:
        click.echo(_messages.ngettext(
            "{name}: round robin, {n} game a pair, standings by {standings}",
            "{name}: round robin, {n} games a pair, standings by {standings}", games).format(
                name=variant.name, n=f"{games:,}",
                standings=variant.settings.tournament.standings))
        for line in _columns([[f"{place}.", s.entrant,
                               _("won {won} of {played}, {points} game points").format(
                                   won=s.won, played=s.played, points=s.game_points)]
                              for place, s in enumerate(table, 1)], {1: 9}, right=0):
            click.echo(line)
    if stopped is not None:
        sys.exit(130 if stopped == "interrupted" else 143)


def _stopped_line(how: str, done: int, games: int) -> str:
    """What a stopped simulation or round robin says on standard error: how it was stopped
    (``interrupted`` by Ctrl-C, or ``terminated``) and the games it finished."""
    said = (_("interrupted: stopped after {done} of {games} games") if how == "interrupted" else
            _("terminated: stopped after {done} of {games} games"))
    return said.format(done=f"{done:,}", games=f"{games:,}")


def _columns(rows: list[list[str]], widths: dict[int, int], *, right: int) -> list[str]:
    """``rows`` as lines of aligned columns (rich measures each cell as the terminal shows
    it), indented by two spaces: a column at least as wide as ``widths`` says (with the space
    before it), the column ``right`` aligned on the right."""
    from rich.console import Console
    from rich.table import Table

    grid = Table.grid(padding=(0, 0, 0, 1))
    for column in range(max((len(row) for row in rows), default=0)):
        grid.add_column(justify="right" if column == right else "left", no_wrap=True,
                        min_width=widths.get(column))
    for row in rows:
        grid.add_row(*row)
    console = Console(width=10_000, color_system=None, highlight=False)
    with console.capture() as captured:
        console.print(grid)
    return ["  " + line.rstrip() for line in captured.get().splitlines()]


def _print_report(name: str, bots: list[str], report: dict[str, Any],
                  per_hand: list[str]) -> None:
    click.echo(_("{name}: {games} games, bots {bots} (seats rotate)").format(
        name=name, games=f"{report['games']:,}", bots=", ".join(bots)))
    for line in _columns([[bot, _("wins"), f"{rate['rate']:.1%}",
                           _("of its seats (95% CI {low} to {high})").format(
                               low=f"{rate['ci95'][0]:.1%}", high=f"{rate['ci95'][1]:.1%}")]
                          for bot, rate in report["win_rates"].items()], {0: 8, 2: 7}, right=2):
        click.echo(line)
    first = report["first_dealer"]
    click.echo("  " + _("first dealer's side wins {rate} (95% CI {low} to {high})").format(
        rate=f"{first['rate']:.1%}", low=f"{first['ci95'][0]:.1%}", high=f"{first['ci95'][1]:.1%}"))
    for line in per_hand:  # the game's own figures, or the points per hand by label
        click.echo(line)
    click.echo("  " + _("hands per game: {mean}").format(
        mean=f"{report['hands_per_game']['mean']:.2f}"))
    for mark, rate in report["marks"].items():
        click.echo("  " + _("{mark} rate: {rate}").format(mark=mark, rate=f"{rate:.2%}"))
    for bot, figures in report.get("bots", {}).items():
        click.echo("  " + _("{bot}: {games} games, {hands} hands").format(
            bot=bot, games=f"{figures['games']:,}", hands=f"{figures['hands']:,}"))
        if figures["points_per_hand"]:
            click.echo("    " + _("points per hand it played: {points}").format(points=", ".join(
                f"{label} {value:.2f}" for label, value in figures["points_per_hand"].items())))
        for mark in figures["marks_given"]:
            click.echo("    " + _("{mark}: given {given} of its games, taken {taken}").format(
                mark=mark, given=f"{figures['marks_given'][mark]:.2%}",
                taken=f"{figures['marks_taken'][mark]:.2%}"))
    if "slow_plugin" in report:  # a plugin whose hooks took most of the games' time
        click.echo("  " + slow_plugin_note(report["slow_plugin"]))
