"""``pegline play``: a game or a match between bots and people, shown as it happens, saved
and resumed."""

from __future__ import annotations

import gzip
import json
import random
import shlex
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, NoReturn, TypeGuard

import click
from click.core import ParameterSource

from pegline_core.app import hookspecs
from pegline_core.app.bot_specs import TOO_MANY, BotSpecError, resolve_bots
from pegline_core.app.clikit import (
    BadOption,
    Command,
    Failure,
    Usage,
    bot_list,
    check_output,
    debugging,
    overlay_option,
    variant_option,
    versions_option,
)
from pegline_core.app.commands.printing import emitter, standings
from pegline_core.app.commands.records import is_record_file, saved_play, say_version_notices
from pegline_core.app.game_hooks import app_hooks
from pegline_core.app.i18n import Messages, choose_language, current_language, variant_description
from pegline_core.app.problems import say, shown
from pegline_core.app.slow_plugins import timed_games
from pegline_core.definition import Player
from pegline_core.events import Action, Event
from pegline_core.files import MATCH_FORMAT
from pegline_core.game import Game
from pegline_core.players import PlayerLeft, play_game
from pegline_core.record import GameRecord
from pegline_core.variant import Variant, load_variant

if TYPE_CHECKING:
    from pegline_core.app.match import Match, MatchRecord, MatchRules, MatchSaves

_messages = Messages("pegline_core.app")
_ = _messages.gettext


@click.command(cls=Command)
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
                   "before each move of a human game and as each hand of a bots' game begins, "
                   "so that quitting or a crash loses at most that hand.")
@click.option("--resume", "resume_path", type=click.Path(path_type=Path),
              help="Continue the game saved in this record.")
@versions_option
@click.option("--match", "best_of", type=click.IntRange(min=1),
              help="Play a match, best of this many games (the loser of a game deals first in "
                   "the next); --save keeps the whole match in one record.")
@click.option("--match-to", "match_to", type=click.IntRange(min=1),
              help="Play a match to this many game points.")
def play(variant_name: str, overlays: tuple[str, ...], seed: int | None, bots: str, human: bool,
         auto_go: bool, as_json: bool, log_file: IO[str] | None, save_path: Path | None,
         resume_path: Path | None,
         versions: str, best_of: int | None, match_to: int | None) -> None:
    """Play a complete game (or a match) and print every event."""
    resume_match = resume_path is not None and is_record_file(resume_path, MATCH_FORMAT)
    is_match = best_of is not None or match_to is not None or resume_match
    given = click.get_current_context().get_parameter_source("variant_name")
    if resume_path is not None and (overlays or given not in (None, ParameterSource.DEFAULT)):
        raise Usage(_("a resumed game keeps the rules of its record: leave out --variant and "
                      "--with"))
    if is_match and resume_path is not None and not resume_match:
        raise Usage(_("a match is carried on with --resume MATCH.toml; a game's --resume is "
                       "for a single game"))
    if log_file is not None and getattr(log_file, "name", "<stdout>") != "<stdout>":
        check_output(Path(log_file.name), "--log", replaces=saved_play())  # before it opens
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
                        log_file, kept, auto_go=auto_go, resumed_from=resume_path)
        else:
            _play_match(load_variant(variant_name, overlays=overlays),
                        MatchRules(best_of=best_of, target=match_to), seed, bots, human,
                        as_json, save_path, log_file, auto_go=auto_go)
        return
    if save_path is not None:  # before the game, not after it: a record that cannot be kept
        check_output(save_path, "--save", replaces=saved_play())
    if resume_path is not None:
        record = GameRecord.load(resume_path)
        say_version_notices(record, versions)
        game = record.replay(versions)
        record_seed = record.seed
        if seed is None and _may_seed(record.seed):
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
        title = _title(variant)
        if resume_path is None:
            click.echo(_("{title} (seed {seed})").format(title=title, seed=seed))
        elif record_seed is None:
            click.echo(_("{title} (resumed; the cards from here on come from seed {seed})").format(
                title=title, seed=seed))
        else:
            click.echo(_("{title} (resumed: the record was started with seed {record}; the cards "
                         "from here on come from seed {seed})").format(
                title=title, record=record_seed, seed=seed))
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
        if game.over:
            click.echo(_("the game in {path} is over: nothing is left to play (pegline replay "
                         "{path} shows it)").format(path=resume_path))
    emit = emitter(game, as_json, log_file, {0} if human else None, labels, seed=record_seed)
    if save_path is not None and human:
        players[0] = SavedBeforeAsking(players[0], save)
    elif save_path is not None:
        emit = _saving_each_hand(game, save, emit)
    if not human:
        emit = _stopping_when_stalled(game, emit)
    if observe is not None:
        for event in game.log:  # a resumed game: the screen redraws the table as it stands
            observe(event)
        emit = _and_then(emit, observe)
    try:
        with timed_games(debugging()) as watch:
            watch(game)
            play_game(variant, players, seed=seed, on_event=emit, game=game)
    except (PlayerLeft, KeyboardInterrupt, EOFError) as exc:
        if not human:
            raise
        _leave(exc, save_path or _free_path(f"pegline-{variant.name}-{record_seed}.toml"),
               GameRecord.of(game, seed=record_seed).save, bots, as_json)
    finally:
        if save_path is not None:
            save()


def _may_seed(seed: int | None) -> TypeGuard[int]:
    """Whether the seed a record states may seed what comes next: the library took a negative
    seed before it refused one as ``--seed`` does, and a record of it resumes with another."""
    return seed is not None and seed >= 0


def _players(game: Game, bots: str, seed: int, human: bool, *, auto_go: bool = True
             ) -> tuple[list[Any], dict[int, str]]:
    """The players for ``game`` from a ``--bots`` list (seat 0 a person with ``--human``, who
    says go without being asked when ``auto_go`` and the game's person can)."""
    names = bot_list(bots)
    try:
        chosen = resolve_bots(names, game)
    except BotSpecError as exc:
        raise BadOption(shown(exc), "--bots") from None
    if len(names) > game.players:
        raise BadOption(say(TOO_MANY(n=len(names), seats=game.players)), "--bots")
    players = [chosen[seat % len(names)].make(seed + seat) for seat in range(game.players)]
    labels = {seat: _("seat {n} ({bot})").format(n=seat, bot=chosen[seat % len(names)].label)
              for seat in range(game.players)}
    if human:
        players[0] = app_hooks(game.variant.game, game.definition).call(
            hookspecs.pegline_human)()
        if hasattr(players[0], "auto_go"):
            players[0].auto_go = auto_go
        labels[0] = _("seat {n} (you)").format(n=0)
    return players, labels


class SavedBeforeAsking:
    """The person's player, saving the game each time they are asked to act: where they may
    leave, or the process be killed, with everything up to their decision kept. Once a
    decision, not once an event: a game's saves do not grow with the square of its length.
    Everything else the game loop or the command line asks (``compared``, ``observe``...) is
    the person's own."""

    def __init__(self, person: Player, save: Callable[[], None]) -> None:
        self.person = person
        self.save = save

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        self.save()
        return self.person.choose(view, legal)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.person, name)


STALLED_HANDS = 100
"""The hands in a row without a point after which a bots' game is stopped: one that goes so
long never ends (four Clabber bots that always pass deal again for ever), where a real game
scores in nearly every hand."""


def _stopping_when_stalled(game: Game, emit: Callable[[Event], None]
                           ) -> Callable[[Event], None]:
    """``emit``, then `Failure` once the game has gone `STALLED_HANDS` hands without a point:
    a bots' game that would run for ever, its log growing, stops with its reason instead."""
    hand, scores = game.hand, game.scores  # the hand of the last point, and the scores then

    def emitted_then_checked(event: Event) -> None:
        nonlocal hand, scores
        emit(event)
        if game.scores != scores:
            hand, scores = game.hand, game.scores
        elif game.hand - hand > STALLED_HANDS:
            raise Failure(_("the game has gone {n} hands in a row without a point: stopped in "
                            "hand {hand} (scores {scores}), since with these bots it would "
                            "never end").format(n=STALLED_HANDS, hand=game.hand,
                                                scores=_scores_said(game.scores)))

    return emitted_then_checked


def _saving_each_hand(game: Game, save: Callable[[], None],
                      emit: Callable[[Event], None]) -> Callable[[Event], None]:
    """``emit``, saving the game first each time a hand begins: a bots' game killed midway is
    kept up to the start of the hand it was in, for a save a hand, not one an event."""
    hand = [game.hand]

    def saved_then_emitted(event: Event) -> None:
        if game.hand != hand[0]:
            hand[0] = game.hand
            save()
        emit(event)

    return saved_then_emitted


def _play_match(variant: Variant | None, rules: MatchRules, seed: int | None, bots: str,
                human: bool, as_json: bool, save_path: Path | None,
                log_file: IO[str] | None = None,
                resumed: MatchRecord | None = None, *, auto_go: bool = True,
                resumed_from: Path | None = None) -> None:
    """Play a match game by game (or carry on the ``resumed`` `MatchRecord`, read from
    ``resumed_from``), printing the standings after each game, saving the match (before each
    decision of a human's) and logging it to ``log_file`` as one stream (the match's header
    line, then each game's log)."""
    from pegline_core.app.match import Match, MatchRecord, MatchSaves

    if save_path is not None and save_path.suffix != ".toml":
        raise BadOption(_("a match record is a .toml file"), "--save")
    if save_path is not None:
        check_output(save_path, "--save", replaces=saved_play())
    playing: Game | None = None
    if resumed is not None:
        match, playing = resumed.resume()
        variant = match.variant
        first = resumed.games[0].seed
        seed = seed if seed is not None else first if _may_seed(first) else 0
    else:
        assert variant is not None, "a new match names its variant"
        match = Match(variant, rules)
    if seed is None:
        seed = random.SystemRandom().getrandbits(32)
    saves = MatchSaves(match, save_path) if save_path is not None else None
    _players(playing or Game(match.variant), bots, seed, human)  # checked, even with no game left
    if not as_json:
        text = (_("{title} (seed {seed}), a match best of {n}") if rules.best_of is not None
                else _("{title} (seed {seed}), a match to {n} game points"))
        click.echo(text.format(title=_title(match.variant), seed=seed,
                               n=rules.best_of or rules.target))
        if resumed is not None:
            played = len(match.games)
            click.echo(_messages.ngettext("resumed: {n} game played", "resumed: {n} games played",
                                          played).format(n=played))
            if match.over:
                click.echo(_("the match in {path} is over: nothing is left to play (pegline "
                             "replay {path} shows it)").format(path=resumed_from))
    if log_file is not None:  # a resumed match's log holds the games played before too
        log_file.write(json.dumps(MatchRecord.log_header(rules)) + "\n")
        if resumed is not None:
            log_file.write("".join(game.to_jsonl() for game in resumed.games[:len(match.games)]))
        log_file.flush()
    with timed_games(debugging()) as watch:
        _play_games(match, playing, seed, bots, human, as_json, save_path, log_file, saves,
                    watch, auto_go=auto_go)


def _play_games(match: Match, playing: Game | None, seed: int, bots: str, human: bool,
                as_json: bool, save_path: Path | None, log_file: IO[str] | None,
                saves: MatchSaves | None,
                watch: Callable[[Game], None], *, auto_go: bool) -> None:
    """The games of `_play_match` until the match is over (each passed to ``watch``)."""
    from pegline_core.app.match import MatchRecord

    variant = match.variant
    while not match.over:
        game = playing or match.new_game()
        watch(game)
        game_seed = seed + len(match.games)
        chance_seed = game_seed + len(game.inputs())  # a resumed game: a fresh continuation
        players, labels = _players(game, bots, game_seed, human, auto_go=auto_go)
        if not as_json:
            click.echo("=== " + _("game {n}").format(n=len(match.games) + 1) + " ===")

        def save(game: Game = game, game_seed: int = game_seed) -> None:
            if saves is not None:
                saves.save((game, game_seed))

        emit = emitter(game, as_json, log_file, {0} if human else None, labels,
                        seed=game_seed)
        if human:
            players[0] = SavedBeforeAsking(players[0], save)
        elif saves is not None:
            emit = _saving_each_hand(game, save, emit)
        if not human:
            emit = _stopping_when_stalled(game, emit)
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
            click.echo(standings(match, game))
        if saves is not None:
            saves.save()


def _leave(exc: BaseException, path: Path, keep: Callable[[Path], None], bots: str,
           as_json: bool) -> NoReturn:
    """A human left a game or a match (quit, Ctrl-C, Ctrl-D): keep it at ``path``, say how to
    carry it on, and exit 0 for a quit, 130 for Ctrl-C, 1 otherwise."""
    how = exc.how if isinstance(exc, PlayerLeft) else "interrupted"
    keep(path)
    _say_how_to_resume(how, path, bots, as_json)
    sys.exit(0 if how == "quit" else 130 if how == "interrupted" else 1)


def _title(variant: Variant) -> str:
    """The variant's name and its description, or its name alone when it has none."""
    description = variant_description(variant)
    if not description.strip():
        return str(variant.name)
    return _("{name}: {description}").format(name=variant.name, description=description)


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
