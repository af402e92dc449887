# mypy: disable-error-code="empty-body"
# (a hook specification has no body: pluggy never calls it)
"""The application layer's hooks: what a game offers ``pegline play``, ``simulate``, ``replay``,
``variants`` and ``serve`` (its bots, a person's seat, its printer, its report, its table in the
browser, ...), and the commands an installed plugin adds to the ``pegline`` command line.

A game's class marks each application hook it implements with `app_hookimpl`; the application
adds these specifications to a plugin manager of the game's own (`pegline_core.app.game_hooks`),
as pytest adds a plugin's hooks with ``pytest_addhooks``, so pluggy checks every implementation
(a misspelt name, an argument the hook does not pass) and a game that lacks one is told so,
naming the hook. Each is ``firstresult``: the game answers it.

The commands hook is older and belongs to any plugin, a game or a rule plugin. Its class offers
it as a static method marked with the kernel's marker::

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

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pluggy

from pegline_core.hookspecs import hookimpl, hookspec

if TYPE_CHECKING:
    import click

    from pegline_core.app.web.protocol import WebTable
    from pegline_core.definition import EventPrinter, PlayedGame, Player
    from pegline_core.game import Game
    from pegline_core.ruleset import Ruleset
    from pegline_core.variant_data import Variant

__all__ = ["APP_PROJECT", "app_hookspec", "app_hookimpl", "CommandSpecs", "Standing",
           "hookimpl", "hookspec"]

APP_PROJECT = "pegline_app"
app_hookspec = pluggy.HookspecMarker(APP_PROJECT)
app_hookimpl = pluggy.HookimplMarker(APP_PROJECT)


class CommandSpecs:
    @hookspec
    def pegline_commands(self) -> list[click.Command]:
        """The commands this plugin adds to ``pegline`` (listed under its name in --help); a
        name the command line or another plugin already has is refused with a warning."""


class Standing(Protocol):
    """One entrant's line of a round robin's table."""

    @property
    def entrant(self) -> str: ...
    @property
    def played(self) -> int: ...
    @property
    def won(self) -> int: ...
    @property
    def game_points(self) -> int: ...


@app_hookspec(firstresult=True)
def pegline_bots() -> Mapping[str, Callable[[int], Player]]:
    """The game's bots by name, each a factory taking a seed (``random``, which serves every
    game, is always there besides)."""


@app_hookspec(firstresult=True)
def pegline_human() -> Player:
    """A player that asks a person at the terminal. It may raise `pegline_core.players.PlayerLeft`
    to stop the game (saved for a resume), and may have ``observe(event)``: the command line then
    gives it every event as it happens (a resumed game's log first), for a screen that follows
    the table; and ``auto_go``, which ``pegline play`` sets from its option ``--auto-go`` (the
    player then makes a person's only move for them, as cribbage's go)."""


@app_hookspec(firstresult=True)
def pegline_printer(variant: Variant, reveal: set[int] | None,
                    names: Mapping[int, str] | None) -> EventPrinter:
    """Readable lines for events (``lines(event)``) and names for sides (``side(index)``), for
    the terminal and ``pegline replay``; ``reveal`` limits whose hidden cards are shown (None:
    everyone's), ``names`` names seats."""


@app_hookspec(firstresult=True)
def pegline_tally(game: PlayedGame) -> tuple[int | None, Mapping[str, int]]:
    """For ``pegline simulate``'s report: the first dealer (None in a game without one), and
    the game's points by label."""


@app_hookspec(firstresult=True)
def pegline_tally_seats(game: PlayedGame) -> Mapping[int, Mapping[str, int]]:
    """The points of ``pegline_tally`` by the seat that scored them (``{seat: {label:
    points}}``), for each bot's own figures in the report."""


@app_hookspec(firstresult=True)
def pegline_statistics(totals: Mapping[str, int], games: int, hands: int) -> dict[str, Any]:
    """The game's own part of the ``pegline simulate`` report, as plain data made of
    ``pegline_tally``'s labels summed over every game (without it the report lists the points
    per hand by label)."""


@app_hookspec(firstresult=True)
def pegline_statistics_lines(section: Mapping[str, Any]) -> list[str]:
    """The printed lines of ``pegline_statistics``' part of the report."""


@app_hookspec(firstresult=True)
def pegline_score_lines(variant: Variant) -> list[tuple[str, int]]:
    """Final scores worth a line on the plot of losing scores (``pegline simulate --plot``), as
    ``(name, below)``: a losing side below ``below`` has the mark ``name`` (cribbage's skunk
    lines)."""


@app_hookspec(firstresult=True)
def pegline_web_table(variant: Variant) -> WebTable:
    """The game's table in the browser for ``pegline serve``: a
    `pegline_core.app.web.protocol.WebTable` (the JSON form of a seat's view, the moves from
    the page, and the script that draws it). It needs the kernel's ``pegline_redactor``."""


@app_hookspec(firstresult=True)
def pegline_script(path: Path) -> Game:
    """A game scripted for people in a file of the game's own, replayed to where its script
    stops (``pegline replay`` of a file that is not a record)."""


@app_hookspec(firstresult=True)
def pegline_check_plugins(ruleset: Ruleset) -> None:
    """Ask the plugins what a sample game between random players never does, raising a
    `PluginError` for a fault (``pegline variants check``)."""


@app_hookspec(firstresult=True)
def pegline_scoring_words(variant: Variant) -> list[str]:
    """The variant's settings that change scoring, in lines of words in the current language
    (``pegline variants explain``)."""


@app_hookspec(firstresult=True)
def pegline_rule_words(ruleset: Ruleset) -> Mapping[str, str]:
    """The rules written as data in the game's vocabulary, in words, by rule id (``pegline
    variants explain``; any other rule is said by its summary)."""


@app_hookspec(firstresult=True)
def pegline_round_robin(variant: Variant, entrants: list[str], games: int, seed: int,
                        workers: int | None, scheduler: str | None,
                        progress: Callable[[int], None] | None) -> Sequence[Standing]:
    """A round robin between teams of bots, best first, for ``pegline simulate
    --round-robin``: run like a simulation (chunks on every core, bounded, stopped by Ctrl-C
    with `pegline_core.app.simulate.Interrupted` holding the standings so far)."""
