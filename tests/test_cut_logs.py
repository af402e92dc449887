"""A log cut off at any byte keeps every complete event and every complete game (issue 27):
what a kill mid-write leaves, inside a multi-byte character or inside the next game's header."""

from __future__ import annotations

import gzip

import attrs
import pytest
from click.testing import CliRunner

from pegline_core import RandomBot, RecordError, play_game
from pegline_core.app.cli import main
from pegline_core.app.match import Match, MatchRecord, MatchRules, play_match
from pegline_core.record import GameRecord


def cut_points(data: bytes) -> list[int]:
    """A byte of each kind a cut can end on: every byte of every multi-byte character; of each
    line its first two bytes, its last, its newline and after it; a header line's first 16 bytes
    (where a game's header is told from an event) and its last five. Between them a cut falls
    inside the same line as one of these (the slow test tries every byte)."""
    points = set()
    start = 0
    for line in data.split(b"\n"):
        end = start + len(line)
        points.update((start, start + 1, end - 1, end, end + 1))
        if line.startswith(b'{"format": '):
            points.update(range(start, start + 16))
            points.update(range(end - 5, end))
        start = end + 1
    for index, byte in enumerate(data):
        if byte >= 0x80:
            points.update((index, index + 1))
    return sorted(p for p in points if 0 <= p <= len(data))


def every_byte(data: bytes) -> list[int]:
    return list(range(len(data) + 1))


SWEEPS = [cut_points, pytest.param(every_byte, marks=pytest.mark.slow)]


EVENTS = 60
"""The lines of a log that the cuts try: the header and the first hand's events, the first proved
renege call among them (a cut cannot tell a longer log from a shorter one)."""


def complete_lines(data: bytes, cut: int) -> list[bytes]:
    """The lines wholly before ``cut`` (a line is whole once its last byte is written, with or
    without its newline)."""
    kept = data[:cut].split(b"\n")
    if kept and not data[cut:].startswith(b"\n") and cut < len(data):
        kept.pop()  # the line the cut fell in
    return [line for line in kept if line]


def write(path, data: bytes) -> None:
    path.write_bytes(gzip.compress(data, mtime=0) if path.name.endswith(".gz") else data)


@pytest.fixture(scope="module")
def renege_log(tmp_path_factory):
    """A Clabber log whose proved renege calls give their reasons with suit symbols."""
    path = tmp_path_factory.mktemp("log") / "clabber.jsonl"
    result = CliRunner().invoke(main, ["play", "--variant", "clabber-renege", "--seed", "19",
                                       "--bots", "sloppy", "--log", str(path)])
    assert result.exit_code == 0, result.output
    data = b"".join(path.read_bytes().splitlines(keepends=True)[:EVENTS + 1])
    assert "♠".encode() in data
    return data, GameRecord.from_jsonl(data.decode())


@pytest.mark.parametrize("sweep", SWEEPS)
@pytest.mark.parametrize("suffix", [".jsonl", ".jsonl.gz"])
def test_a_game_log_cut_at_any_byte_keeps_every_complete_event(tmp_path, renege_log, suffix,
                                                               sweep):
    data, whole = renege_log
    path = tmp_path / f"cut{suffix}"
    points = sweep(data)
    assert len(points) > 250
    for cut in points:
        write(path, data[:cut])
        lines = complete_lines(data, cut)
        if not lines:
            with pytest.raises(RecordError, match="no header line"):
                GameRecord.load(path)
            continue
        record = GameRecord.load(path)
        assert record.events == whole.events[:len(lines) - 1], cut


def test_a_cut_log_resumes_with_its_complete_events(tmp_path, renege_log):
    data, whole = renege_log
    character = data.index("♠".encode())
    path = tmp_path / "cut.jsonl"
    write(path, data[:character + 1])
    record = GameRecord.load(path)
    game = record.replay()
    assert 0 < len(record.events) < len(whole.events) and not game.over
    assert record.inputs() == whole.inputs()[:len(record.inputs())]
    assert len(game.log) >= len(record.events)


def test_a_log_cut_between_an_input_and_what_it_caused_verifies_what_it_holds():
    """A crash can stop a log after an input's line and before the events it caused: --verify
    said "event 3: the record has no event, the replay a dealt event", as of a forged record."""
    game = play_game("two-player", [RandomBot(1), RandomBot(2)], seed=3)
    lines = GameRecord.of(game, seed=3).to_jsonl().splitlines(keepends=True)
    inputs = [n for n, line in enumerate(lines) if n and '"actor"' not in line
              and '"cause"' not in line]  # the chance inputs: the cut, the deal, the starter
    cut = GameRecord.from_jsonl("".join(lines[:inputs[1] + 1]))  # the deal, not its dealt event
    assert cut.events[-1]["type"] == "deal" and cut.verify() is None
    dealer = cut.events[1]  # what it holds is checked all the same
    forged = (cut.events[0], {**dealer, "dealer": 1 - dealer["dealer"]}, *cut.events[2:])
    assert attrs.evolve(cut, events=forged).verify().seq == 1


@pytest.fixture(scope="module")
def match_log(tmp_path_factory):
    """A match's log of several games, as `play --match --log` writes it."""
    rules = MatchRules(best_of=3)
    match = play_match("two-player-61", [RandomBot(0), RandomBot(1)], rules, seed=3)
    assert len(match.games) >= 2
    games = [GameRecord.of(game) for game in match.games]
    lines = [MatchRecord.of(match).to_jsonl().splitlines(keepends=True)[0]]
    for game in games:  # each game's header and first events: the cuts that tell games apart
        lines += game.to_jsonl().splitlines(keepends=True)[:MATCH_EVENTS + 1]
    return "".join(lines).encode(), [game.events[:MATCH_EVENTS] for game in games]


MATCH_EVENTS = 5
"""The events of each game that a cut match log keeps: a cut inside a game's events is the game
log's case."""


def expected_games(lines: list[bytes], games: list[tuple]) -> list[tuple]:
    """The games the complete lines hold: each game's header starts it."""
    held, count = [], 0
    for line in lines[1:]:
        if line.startswith(b'{"format": '):
            held.append(count)
            count = 0
        else:
            count += 1
    held = held[1:] + [count] if held else []
    return [games[index][:events] for index, events in enumerate(held)]


@pytest.mark.parametrize("sweep", SWEEPS)
def test_a_match_log_cut_at_any_byte_keeps_every_complete_game(tmp_path, match_log, sweep):
    data, games = match_log
    path = tmp_path / "match.jsonl"
    points = sweep(data)
    assert len(points) > 100
    for cut in points:
        write(path, data[:cut])
        lines = complete_lines(data, cut)
        expected = expected_games(lines, games)
        if not expected:
            with pytest.raises(RecordError):
                MatchRecord.load(path)
            continue
        record = MatchRecord.load(path)
        assert [game.events for game in record.games] == expected, cut


def test_a_match_log_cut_in_the_next_games_header_resumes_with_the_games_before(tmp_path):
    rules = MatchRules(best_of=3)
    match = play_match("two-player-61", [RandomBot(0), RandomBot(1)], rules, seed=3)
    data = MatchRecord.of(match).to_jsonl().encode()
    games = [GameRecord.of(game).events for game in match.games]
    second = data.index(b'{"format": "pegline-record"', data.index(b'{"format": "pegline-record"')
                        + 1)
    path = tmp_path / "match.jsonl"
    write(path, data[:second + 40])
    match, playing = MatchRecord.load(path).resume()
    assert isinstance(match, Match) and len(match.games) == 1 and playing is None
    assert GameRecord.of(match.games[0]).events == games[0]
