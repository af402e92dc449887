"""How a game is shown on the command line: each event as text or JSON, as a seat may see it,
and a match's standings."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any

import click

from pegline_core import game_hookspecs
from pegline_core.app import hookspecs
from pegline_core.app.clikit import Usage
from pegline_core.app.game_hooks import app_hooks
from pegline_core.app.i18n import Messages
from pegline_core.events import Event
from pegline_core.game import Game
from pegline_core.game_hooks import GameHooks
from pegline_core.record import GameRecord

if TYPE_CHECKING:
    from pegline_core.app.match import Match

__all__ = ["emitter", "standings"]

_ = Messages("pegline_core.app").gettext


def emitter(game: Game, as_json: bool, log_file: IO[str] | None, reveal: set[int] | None,
             names: dict[int, str] | None = None, seed: int | None = None
             ) -> Callable[[Event], None]:
    """Print each event (as text or JSON) as ``reveal`` may see it, and log it whole.

    What is printed shows only the hidden cards of ``reveal`` (None: everyone's); the
    ``--log`` file and the saved record keep every event whole, for auditing after the game.
    """
    hooks = app_hooks(game.variant.game, game.definition)
    printer = hooks.call(hookspecs.pegline_printer)(variant=game.variant, reveal=reveal,
                                                    names=names)
    for event in game.log:  # a resumed game: the printer follows the table as it stands
        printer.lines(event)
    codec = game.codec
    redact: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    if as_json and reveal is not None:  # never print what a seat may not see
        redactor = GameHooks.of(game.variant.game, game.definition).get(
            game_hookspecs.pegline_redactor)
        if redactor is None:
            raise Usage(_("the game {game} cannot hide other seats' cards in JSON: play a "
                           "human game without --json").format(game=repr(game.variant.game)))
        redact = redactor(variant=game.variant, reveal=reveal).redact
        for event in game.log:  # a resumed game: the redactor follows the table too
            redact(codec.to_dict(event))
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


def standings(match: Match, game: Game) -> str:
    printer = app_hooks(game.variant.game, game.definition).call(hookspecs.pegline_printer)(
        variant=game.variant, reveal=None, names=None)
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
