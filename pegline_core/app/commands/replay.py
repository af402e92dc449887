"""``pegline replay``: print or verify a game record, a match record or a scripted game."""

from __future__ import annotations

from pathlib import Path

import click

from pegline_core.app import hookspecs
from pegline_core.app.clikit import Command, Failure, Usage, versions_option
from pegline_core.app.commands.printing import emitter, standings
from pegline_core.app.commands.records import is_record_file, say_version_notices
from pegline_core.app.game_hooks import app_hooks
from pegline_core.app.i18n import Messages
from pegline_core.app.problems import say
from pegline_core.errors import PeglineError, short_repr
from pegline_core.files import MATCH_FORMAT, parse_toml, read_text
from pegline_core.game import Game
from pegline_core.record import GameRecord, is_log_path
from pegline_core.variant import DEFAULT_VARIANT, load_variant

_messages = Messages("pegline_core.app")
_ = _messages.gettext


@click.command(cls=Command)
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
    if is_record_file(file, MATCH_FORMAT):
        _replay_match(file, as_json, verify)
        return
    if is_log_path(file) or is_record_file(file):
        record = GameRecord.load(file)
        say_version_notices(record, versions)
        if verify:
            difference = record.verify(versions)
            if difference is not None:
                raise Failure(say(difference.message)) from None
            n = len(record.events)
            click.echo(_messages.ngettext("{file}: verified, {n} event",
                                          "{file}: verified, {n} events", n).format(file=file, n=n))
            return
        game = record.replay(versions)
    else:
        if verify:
            raise Usage(_("--verify needs a game record, not a scripted game"))
        game = _scripted_game(file)  # the whole script first: a bad one prints only its error
    emit = emitter(game, as_json, None, None)
    for event in game.log:
        emit(event)
    if not as_json:
        printer = app_hooks(game.variant.game, game.definition).call(
            hookspecs.pegline_printer)(variant=game.variant, reveal=None, names=None)
        sides = _(", ").join(f"{printer.side(i)} {score}" for i, score in enumerate(game.scores))
        click.echo((_("final scores: {sides}") if game.over
                    else _("final scores: {sides} (the record stops here)")).format(sides=sides))


VARIANT_ONLY = frozenset({"game", "extends", "plugins", "disable", "config"})
"""Keys of a variant file that no scripted game has: a file with one, and no hands, is a
variant given to ``replay`` by mistake."""


def _scripted_game(file: Path) -> Game:
    """The game a file scripted for people plays, read by its variant's game (its
    ``pegline_script`` hook; cribbage's format is in docs/records.md)."""
    data = parse_toml(read_text(file, PeglineError), str(file), PeglineError)
    if "hands" not in data and not VARIANT_ONLY.isdisjoint(data):
        raise Failure(_("{file} is a variant file, not a record or a scripted game: play it with "
                        "pegline play --variant {file}").format(file=file))
    name = data.get("variant", DEFAULT_VARIANT)
    if type(name) is not str:
        raise Failure(_("{file}: variant: a variant name, not {value}").format(
            file=file, value=short_repr(name)))
    game = load_variant(name).game
    script = app_hooks(game).get(hookspecs.pegline_script)
    if script is None:
        raise Failure(_("{file}: neither a record nor a script the game {game} reads").format(
            file=file, game=repr(game)))
    played: Game = script(path=file)
    return played


def _replay_match(file: Path, as_json: bool, verify: bool) -> None:
    """Replay (or ``--verify``) a match record, with the standings after each game."""
    from pegline_core.app.match import Match, MatchRecord

    record = MatchRecord.load(file)
    if verify:
        found = record.verify()
        if found is not None:
            raise Failure(_("game {n}: {problem}").format(n=found[0],
                                                            problem=say(found[1].message)))
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
        emit = emitter(game, as_json, None, None)
        for event in game.log:
            emit(event)
        if game.over:
            match.add(game, game_record.seed)
            if not as_json:
                click.echo(standings(match, game))


