"""Matches: games played in a row under one variant, scored in game points.

The first game starts with a cut for deal; in every later game the loser of the game before
deals first (the first seat of the side placed last). A match is won by the side that first
wins more than half of ``best_of`` games, or that first reaches ``target`` game points. One
`MatchRecord` holds every game's record, and is checked like them: every game is verified, each
first dealer must be the previous loser, and the stated standings must add up. A match is
logged as it is played as one JSON Lines stream (`MatchRecord.log_header`, then each game's log
in turn), read back by `MatchRecord.from_jsonl`.

>>> from pegline_core.players import RandomBot
>>> match = play_match("two-player-61", [RandomBot(1), RandomBot(2)], MatchRules(best_of=3),
...                    seed=4)
>>> match.over, max(match.wins), len(match.games) in (2, 3)
(True, 2, True)
>>> record = MatchRecord.of(match, seeds=match.seeds)
>>> MatchRecord.from_toml(record.to_toml()).verify() is None
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, MutableMapping, Sequence
from pathlib import Path

import attrs
import tomli_w
from attrs import frozen

from pegline_core.arguments import expect, file_path, text_of
from pegline_core.definition import Player
from pegline_core.errors import PeglineError, RecordError
from pegline_core.events import Event, EventCodec, GameEnded
from pegline_core.files import MATCH_FORMAT, parse_json, parse_toml, whole_json, write_atomically
from pegline_core.game import Game
from pegline_core.messages import Problem, Template, said
from pegline_core.plugins import game_definition
from pegline_core.record import Difference, GameRecord, is_log_path, read_record_text, summary_of
from pegline_core.record_header import same
from pegline_core.variant import Variant, load_variant

__all__ = ["MatchRules", "Match", "MatchRecord", "play_match", "MATCH_FORMAT"]

MATCH_VERSION = 1

_NOT_A_MATCH = Template("match.not-a-match", "not a Pegline match record (format should be "
                        "{format})")
_MATCH_VERSION = Template("match.version", "match record version {version} is not supported "
                          "(this Pegline reads version {latest})")
_MATCH_TABLE = Template("match.table", "expected a table with best_of or target")
_MATCH_KEY = Template("match.unknown-key", "unknown key {key} (a match record has format, "
                      "version, match, summary and games)")
_GAMES = Template("match.games", "expected an array of game records")
_GAME_TABLE = Template("match.game-table", "expected a table")
_MATCH_SUMMARY = Template("match.summary", "the header says {stated}, but the games say {found}")
_OTHER_RULES = Template("match.other-rules", "game {n} is played under other rules than game 1")
_UNFINISHED = Template("match.unfinished", "game {n} is not finished, but another follows")
_FIRST_DEALER = Template("match.first-dealer", "game {n}: the first dealer must be {dealer} (the "
                         "loser of the game before)")
_NOT_A_MATCH_LOG = Template("match.not-a-log", "not the header of a Pegline match log")
_LOG_HEADER = Template("match.log-header", "a match log's header has format, version, match and "
                       "stream = true")
_NO_GAME = Template("match.no-game", "the log holds no game")
_ONE_LENGTH = Template("match.length", "a match is either best of N games or to a target in game "
                       "points (give exactly one)")


@frozen
class MatchRules:
    """How long a match lasts: best of ``best_of`` games, or to ``target`` game points."""

    best_of: int | None = None
    target: int | None = None

    def __attrs_post_init__(self) -> None:
        if (self.best_of is None) == (self.target is None):
            raise PeglineError(_ONE_LENGTH())
        for name, value in (("best_of", self.best_of), ("target", self.target)):
            if value is not None and (type(value) is not int or value < 1):
                raise PeglineError(f"a match's {name} must be a whole number from 1, "
                                   f"not {value!r}")

    def over(self, wins: Sequence[int], points: Sequence[int], played: int) -> bool:
        """Whether a match with these ``wins`` and game ``points`` per side has been decided."""
        if self.best_of is not None:
            return max(wins) * 2 > self.best_of or played >= self.best_of
        assert self.target is not None
        return max(points) >= self.target

    def describe(self) -> str:
        if self.best_of is not None:
            return f"best of {self.best_of}"
        return f"to {self.target} game points"


class Match:
    """A match in progress: its finished games, the standings, who deals the next game."""

    def __init__(self, variant: Variant | str, rules: MatchRules) -> None:
        expect(isinstance(rules, MatchRules), "a match's rules",
               "MatchRules(best_of=N) or MatchRules(target=N)", rules)
        self.variant = variant if isinstance(variant, Variant) else load_variant(variant)
        self.rules = rules
        self.games: list[Game] = []
        self.seeds: list[int | None] = []
        sides = len(self.variant.sides)
        self.wins: tuple[int, ...] = (0,) * sides
        self.points: tuple[int, ...] = (0,) * sides
        """Each side's game points."""

    @property
    def over(self) -> bool:
        return bool(self.games) and self.rules.over(self.wins, self.points, len(self.games))

    @property
    def winner(self) -> int | None:
        """The side ahead in game points once the match is over (None for a tie or before)."""
        if not self.over:
            return None
        best = max(self.points)
        leaders = [side for side, points in enumerate(self.points) if points == best]
        return leaders[0] if len(leaders) == 1 else None

    def next_dealer(self) -> int | None:
        """The first dealer of the next game: None (a cut) for the first, else the loser."""
        if not self.games:
            return None
        result = self.games[-1].result
        assert result is not None
        return loser_seat(result)

    def new_game(self) -> Game:
        if self.over:
            raise PeglineError("the match is over")
        return Game(self.variant, dealer=self.next_dealer())

    def add(self, game: Game, seed: int | None = None) -> None:
        """Count a finished game of this match (`PeglineError` if it is not one)."""
        result = game.result
        if result is None:
            raise PeglineError("only a finished game counts in a match")
        if game.first_dealer != self.next_dealer():
            raise PeglineError(f"this game's first dealer must be {self.next_dealer()!r} (the "
                               f"loser of the game before), not {game.first_dealer!r}")
        if self.over:
            raise PeglineError("the match is over")
        side = result.winner.side
        self.wins = _add(self.wins, side, 1)
        self.points = _add(self.points, side, result.game_points)
        self.games.append(game)
        self.seeds.append(seed)


class MatchSaves:
    """Saves a match being played to one record file, as often as asked: each finished game's
    record and text are made once, so that a save costs the game being played, not every game
    before it again (a bots' match saved at each hand costs little more than one never saved)."""

    def __init__(self, match: Match, path: str | Path) -> None:
        self.match, self.path = match, Path(path)
        self._records: list[GameRecord] = []
        self._written: dict[int, str] = {}

    def save(self, playing: tuple[Game, int | None] | None = None) -> None:
        """Save the match, with the game being ``playing`` (and its seed) last."""
        done = len(self._records)
        self._records += [GameRecord.of(game, seed=seed) for game, seed
                          in zip(self.match.games[done:], self.match.seeds[done:], strict=True)]
        games = [*self._records, *([GameRecord.of(playing[0], seed=playing[1])]
                                   if playing is not None else [])]
        MatchRecord(self.match.rules, tuple(games)).save(self.path, self._written)


def _rules_of(head: dict[str, object], name: str) -> MatchRules:
    """The match rules a match record's (or log's) header states, or `RecordError`."""
    if head.get("format") != MATCH_FORMAT:
        raise RecordError(Problem(_NOT_A_MATCH(format=repr(MATCH_FORMAT)), name))
    if type(head.get("version")) is not int or head.get("version") != MATCH_VERSION:
        raise RecordError(Problem(_MATCH_VERSION(version=repr(head.get("version")),
                                                 latest=MATCH_VERSION), name))
    table = head.get("match")
    if not isinstance(table, dict) or set(table) - {"best_of", "target"}:
        raise RecordError(Problem(_MATCH_TABLE(), name, "match"))
    try:
        return MatchRules(**table)
    except PeglineError as exc:
        raise RecordError(Problem(said(exc), name, "match")) from None


def _summarised(record: GameRecord) -> GameRecord:
    """A game's record from a log (which states no summary) with the summary its events add
    up to."""
    if record.summary is not None:
        return record
    variant = record.variant_here()
    codec = EventCodec(game_definition(record.game))
    events = [codec.from_dict(event) for event in record.events]
    return attrs.evolve(record, summary=summary_of(events, variant.table.players,
                                                   len(variant.sides)))


def loser_seat(result: GameEnded) -> int:
    """The seat that deals first in the next game: the first seat of the side placed last."""
    return result.results[-1].seats[0]


def _add(values: tuple[int, ...], index: int, amount: int) -> tuple[int, ...]:
    return (*values[:index], values[index] + amount, *values[index + 1:])


def play_match(variant: Variant | str, players: Sequence[Player], rules: MatchRules, *,
               seed: int | None = None, on_event: Callable[[Event], None] | None = None,
               on_game: Callable[[Match], None] | None = None) -> Match:
    """Play a whole match; game ``n`` (from 0) draws chance from ``seed + n``."""
    from pegline_core.players import play_game

    match = Match(variant, rules)
    while not match.over:
        game_seed = None if seed is None else seed + len(match.games)
        game = play_game(match.variant, players, seed=game_seed, on_event=on_event,
                         game=match.new_game())
        match.add(game, game_seed)
        if on_game is not None:
            on_game(match)
    return match


@frozen
class MatchRecord:
    """A match as one record: its rules and each game's `GameRecord`."""

    rules: MatchRules
    games: tuple[GameRecord, ...]

    @classmethod
    def of(cls, match: Match, *, seeds: Sequence[int | None] = (),
           playing: tuple[Game, int | None] | None = None) -> MatchRecord:
        """The record of ``match``, with the game being ``playing`` (and its seed) last."""
        expect(isinstance(match, Match), "a match record's match",
               "a Match (play_match returns one)", match)
        seeds = list(seeds) + [None] * (len(match.games) - len(seeds))
        games = [GameRecord.of(game, seed=seed)
                 for game, seed in zip(match.games, seeds, strict=True)]
        if playing is not None:
            games.append(GameRecord.of(playing[0], seed=playing[1]))
        return cls(match.rules, tuple(games))

    def summary(self) -> dict[str, object]:
        """What the header states: wins and game points per side, and whether it is over, from
        the games' own summaries (each checked against its events as it is read; `replay`
        checks the match's rules)."""
        wins: list[int] = []
        points: list[int] = []
        finished = 0
        for index, game in enumerate(self.games, 1):
            stated = game.summary
            if not isinstance(stated, dict):
                raise RecordError(f"game {index}: its record states no summary")
            if not wins:
                wins, points = [0] * len(stated["scores"]), [0] * len(stated["scores"])
            if stated["over"]:
                finished += 1
                wins[stated["winner"]] += 1
                points[stated["winner"]] += stated["game_points"]
        over = finished > 0 and self.rules.over(wins, points, finished)
        return {"wins": wins, "points": points, "over": over}

    def to_toml(self, written: MutableMapping[int, str] | None = None) -> str:
        """The record as TOML. ``written`` keeps the text of each finished game by its place,
        written once and reused: a match saved again and again as it is played costs the game
        being played, not every game played before it again."""
        head = {"format": MATCH_FORMAT, "version": MATCH_VERSION, "match": self._rules_table(),
                "summary": self.summary()}
        if not self.games:
            return tomli_w.dumps(head | {"games": []})
        written = {} if written is None else written
        texts = [tomli_w.dumps(head)]
        for place, game in enumerate(self.games):
            text = written.get(place) or tomli_w.dumps({"games": [game.to_dict()]})
            if game.summary is not None and game.summary.get("over"):
                written[place] = text
            texts.append(text)
        return "\n".join(texts)  # the same text as the whole table written at once

    def _rules_table(self) -> dict[str, int]:
        return {k: v for k, v in (("best_of", self.rules.best_of),
                                  ("target", self.rules.target)) if v is not None}

    @staticmethod
    def log_header(rules: MatchRules) -> dict[str, object]:
        """The first line of a match's log (``stream = true``: a log states no summary); each
        game's log follows in turn, its header line first (`GameRecord.header`)."""
        return {"format": MATCH_FORMAT, "version": MATCH_VERSION,
                "match": MatchRecord(rules, ())._rules_table(), "stream": True}

    def to_jsonl(self) -> str:
        """The match's log: `log_header`, then each game's log."""
        head = json.dumps(self.log_header(self.rules), ensure_ascii=False) + "\n"
        return head + "".join(game.to_jsonl() for game in self.games)

    def save(self, path: str | Path, written: MutableMapping[int, str] | None = None) -> None:
        """Write atomically, as a game record is (``written`` as for `to_toml`)."""
        path = file_path(path, "a record's path")
        if path.suffix != ".toml":
            raise RecordError(f"{path}: a match record is a .toml file")
        write_atomically(path, self.to_toml(written).encode(), RecordError)

    @classmethod
    def load(cls, path: str | Path) -> MatchRecord:
        """Read a match record (``.toml``) or a match's log (``.jsonl``, ``.jsonl.gz``)."""
        path = file_path(path, "a record's path")
        text = read_record_text(path)
        if is_log_path(path):
            return cls.from_jsonl(text, name=str(path))
        return cls.from_toml(text, name=str(path))

    @classmethod
    def from_jsonl(cls, text: str, *, name: str = "<match log>") -> MatchRecord:
        """Read a match's log: its header line, then each game's log (a line whose ``format``
        is a game record's starts the next game). Each game's summary is what its events add
        up to; the games are checked as a match record's are."""
        first, _, rest = text_of(text, "a record's text").partition("\n")
        try:
            head = parse_json(first, f"{name}: line 1", RecordError)
        except RecordError:
            head = None
        if not isinstance(head, dict) or head.get("format") != MATCH_FORMAT:
            raise RecordError(Problem(_NOT_A_MATCH_LOG(), name, "line 1"))
        if head.get("stream") is not True or set(head) - {"format", "version", "match",
                                                          "stream"}:
            raise RecordError(Problem(_LOG_HEADER(), name, "line 1"))
        rules = _rules_of(head, name)
        games: list[list[str]] = []
        lines = rest.split("\n")
        if lines[-1] and not whole_json(lines[-1]):  # cut by a crash, maybe in a game's header
            lines.pop()
        for line in lines:
            if line.startswith('{"format": ') or not games:
                games.append([])
            games[-1].append(line)
        records = [_summarised(GameRecord.from_jsonl("\n".join(lines),
                                                     name=f"{name}: game {number}"))
                   for number, lines in enumerate(games, 1) if "".join(lines).strip()]
        if not records:
            raise RecordError(Problem(_NO_GAME(), name))
        return cls(rules, tuple(records))

    @classmethod
    def from_toml(cls, text: str, *, name: str = "<match>") -> MatchRecord:
        """Read a match record; its stated summary must add up to its games (`RecordError`)."""
        data = parse_toml(text_of(text, "a record's text"), name, RecordError)
        rules = _rules_of(data, name)
        unknown = set(data) - {"format", "version", "match", "summary", "games"}
        if unknown:
            raise RecordError(Problem(_MATCH_KEY(key=repr(min(unknown))), name))
        games = data.get("games")
        if not isinstance(games, list) or not games:
            raise RecordError(Problem(_GAMES(), name, "games"))
        records = []
        for index, game in enumerate(games):
            if not isinstance(game, dict):
                raise RecordError(Problem(_GAME_TABLE(), name, f"games[{index}]"))
            records.append(GameRecord.from_dict(game, name=f"{name}: games[{index}]"))
        record = cls(rules, tuple(records))
        stated, actual = data.get("summary"), record.summary()
        if not same(stated, actual):
            raise RecordError(Problem(_MATCH_SUMMARY(stated=repr(stated), found=repr(actual)),
                                      name, "summary"))
        return record

    def replay(self) -> Match:
        """The match rebuilt from its finished games' inputs; `RecordError` if a game breaks the
        match's rules (another variant, a first dealer other than the previous loser, a game
        after the match was decided, an unfinished game before the last)."""
        return self.resume()[0]

    def resume(self) -> tuple[Match, Game | None]:
        """The match so far, and its unfinished last game replayed (None if there is none)."""
        match: Match | None = None
        playing: Game | None = None
        for index, record in enumerate(self.games):
            try:
                game = record.replay()
            except RecordError as exc:
                raise RecordError(Problem(said(exc), f"game {index + 1}")) from None
            if match is None:
                match = Match(game.variant, self.rules)
            elif game.variant.to_toml_dict() != match.variant.to_toml_dict():
                raise RecordError(_OTHER_RULES(n=index + 1))
            if not game.over:
                if index < len(self.games) - 1:
                    raise RecordError(_UNFINISHED(n=index + 1))
                if game.first_dealer != match.next_dealer():
                    raise RecordError(_FIRST_DEALER(n=index + 1, dealer=repr(match.next_dealer())))
                playing = game
                break
            try:
                match.add(game, record.seed)
            except PeglineError as exc:
                raise RecordError(Problem(said(exc), f"game {index + 1}")) from None
        assert match is not None
        return match, playing

    def verify(self) -> tuple[int, Difference] | None:
        """The first game (numbered from 1) whose events differ from its replay, or None."""
        self.replay()
        for index, record in enumerate(self.games, 1):
            difference = record.verify()
            if difference is not None:
                return index, difference
        return None
