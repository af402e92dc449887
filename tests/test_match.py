"""Matches (the loser of a game deals first in the next; scored in game points) and their
records."""

from itertools import pairwise

import attrs
import pytest
from click.testing import CliRunner

from pegline_core import Game, PeglineError, RandomBot, RecordError, play_game
from pegline_core.app.cli import main
from pegline_core.app.match import Match, MatchRecord, MatchRules, loser_seat, play_match
from pegline_core.turns import Chance
from pegline_cribbage.events import DealerChosen


def bots(n, seed=0):
    return [RandomBot(seed + seat) for seat in range(n)]


@pytest.mark.parametrize("variant, players", [("two-player-61", 2), ("partner", 4),
                                              ("three-player", 3)])
def test_the_loser_of_a_game_deals_first_in_the_next(variant, players):
    match = play_match(variant, bots(players), MatchRules(best_of=5), seed=10)
    assert match.games[0].first_dealer is None  # the first game cuts for deal
    for before, after in pairwise(match.games):
        last = before.result.results[-1]
        assert after.first_dealer == last.seats[0] == loser_seat(before.result)
        assert isinstance(after.log[0], DealerChosen) and after.log[0].dealer == last.seats[0]
        assert not any(type(e).__name__ == "Input" and e.phase == "cut" for e in after.log)


def test_best_of_n_ends_when_a_side_has_won_more_than_half():
    match = play_match("two-player-61", bots(2), MatchRules(best_of=5), seed=3)
    assert max(match.wins) == 3 and sum(match.wins) == len(match.games) <= 5
    for played in range(1, len(match.games)):  # not decided before its last game
        wins = [0, 0]
        for game in match.games[:played]:
            wins[game.result.winner.side] += 1
        assert max(wins) < 3
    assert match.points == tuple(sum(g.result.game_points for g in match.games
                                     if g.result.winner.side == side) for side in (0, 1))
    assert match.winner == match.wins.index(3)


def test_a_match_to_game_points_counts_skunks():
    match = play_match("two-player-61", bots(2), MatchRules(target=7), seed=5)
    assert max(match.points) >= 7 and match.over
    assert sum(match.points) == sum(g.result.game_points for g in match.games)
    before = [0, 0]
    for game in match.games[:-1]:
        before[game.result.winner.side] += game.result.game_points
    assert max(before) < 7


@pytest.mark.parametrize("kwargs, message", [
    ({}, "give exactly one"), ({"best_of": 3, "target": 5}, "give exactly one"),
    ({"best_of": 0}, "best_of must be a whole number from 1"),
    ({"target": "7"}, "target must be a whole number from 1"),
])
def test_bad_match_rules_are_refused(kwargs, message):
    with pytest.raises(PeglineError, match=message):
        MatchRules(**kwargs)


def test_a_match_takes_only_finished_games_dealt_by_the_loser():
    match = Match("two-player-61", MatchRules(best_of=3))
    with pytest.raises(PeglineError, match="only a finished game counts"):
        match.add(Game("two-player-61"))
    first = play_game("two-player-61", bots(2), seed=1)
    match.add(first)
    wrong = 1 - loser_seat(first.result)
    other = play_game("two-player-61", bots(2), seed=2, game=Game("two-player-61", dealer=wrong))
    with pytest.raises(PeglineError, match="first dealer must be"):
        match.add(other)
    assert len(match.games) == 1  # nothing changed


@pytest.fixture(scope="module")
def record():
    match = play_match("two-player-61", bots(2), MatchRules(best_of=3), seed=3)
    assert len(match.games) >= 2
    return MatchRecord.of(match, seeds=match.seeds)


def test_a_match_record_round_trips_and_verifies(record):
    again = MatchRecord.from_toml(record.to_toml())
    assert again == record and again.verify() is None
    assert again.replay().points == record.replay().points


def test_a_tampered_match_record_is_refused(record):
    text = record.to_toml()
    summary = record.summary()
    forged = text.replace(f"points = [\n    {summary['points'][0]},",
                          f"points = [\n    {summary['points'][0] + 2},", 1)
    assert forged != text
    with pytest.raises(RecordError, match="summary: the header says"):
        MatchRecord.from_toml(forged)
    second = record.games[1]
    dealt_by_winner = attrs.evolve(second, dealer=1 - second.dealer)
    games = (record.games[0], dealt_by_winner, *record.games[2:])
    with pytest.raises(RecordError, match="game 2"):
        MatchRecord(record.rules, games).replay()
    events = [dict(e) for e in second.events]
    score = next(i for i, e in enumerate(events) if e["type"] == "score")
    events[score]["points"] += 1
    tampered = attrs.evolve(second, events=tuple(events))
    found = MatchRecord(record.rules, (record.games[0], tampered, *record.games[2:])).verify()
    assert found is not None and found[0] == 2 and found[1].seq == score
    with pytest.raises(RecordError, match="not a Pegline match record"):
        MatchRecord.from_toml(text.replace('"pegline-match"', '"x"'))


def test_the_cli_plays_saves_replays_and_verifies_a_match(tmp_path):
    runner = CliRunner()
    saved = tmp_path / "match.toml"
    result = runner.invoke(main, ["play", "--variant", "two-player-61", "--match", "3",
                                  "--seed", "3", "--save", str(saved)])
    assert result.exit_code == 0, result.output
    assert "a match best of 3" in result.output.splitlines()[0]
    standings = [line for line in result.output.splitlines() if line.startswith("match after")]
    record = MatchRecord.load(saved)
    assert len(standings) == len(record.games) and "wins the match" in standings[-1]
    replayed = runner.invoke(main, ["replay", str(saved)])
    assert replayed.exit_code == 0
    assert [line for line in replayed.output.splitlines()
            if line.startswith("match after")] == standings
    verified = runner.invoke(main, ["replay", str(saved), "--verify"])
    assert verified.exit_code == 0 and "verified, a match of" in verified.output
    game = tmp_path / "game.toml"
    assert runner.invoke(main, ["play", "--seed", "1", "--save", str(game)]).exit_code == 0
    refused = runner.invoke(main, ["play", "--match", "3", "--resume", str(game)])
    assert refused.exit_code == 2 and "a game's --resume is for a single game" in refused.output
    finished = runner.invoke(main, ["play", "--resume", str(saved)])  # nothing left to play
    assert finished.exit_code == 0 and MatchRecord.load(saved) == record
    refused = runner.invoke(main, ["play", "--match", "3", "--save", str(tmp_path / "m.jsonl")])
    assert refused.exit_code == 2 and "a match record is a .toml file" in refused.output


def test_a_match_cut_off_in_its_second_game_resumes_to_the_end(tmp_path):
    import random

    match = Match("two-player-61", MatchRules(best_of=3))
    first = play_game("two-player-61", bots(2), seed=11, game=match.new_game())
    match.add(first, 11)
    second = match.new_game()
    rng, players = random.Random(12), bots(2)
    while len(second.inputs()) < 30:  # stopped part way, as a person who quit
        to_act = second.to_act
        if isinstance(to_act, Chance):
            second.apply(second.chance_action(rng))
        else:
            second.apply(players[to_act[0]].choose(second.view(to_act[0]),
                                                   second.legal_actions(to_act[0])))
    saved = tmp_path / "match.toml"
    MatchRecord.of(match, seeds=match.seeds, playing=(second, 12)).save(saved)
    kept = MatchRecord.load(saved)
    assert kept.summary() == {"wins": list(match.wins), "points": list(match.points),
                              "over": False}
    result = CliRunner().invoke(main, ["play", "--resume", str(saved)])
    assert result.exit_code == 0, result.output
    assert "resumed: 1 game played" in result.output
    done = MatchRecord.load(saved)
    assert done.summary()["over"] and done.verify() is None
    assert done.games[0] == kept.games[0]
    inputs = second.inputs()
    replayed = done.games[1].replay()
    assert replayed.inputs()[:len(inputs)] == inputs and replayed.first_dealer == \
        loser_seat(first.result)


# -- a match's log: one JSON Lines stream --------------------------------------------------------


@pytest.mark.parametrize("log", ["m.jsonl", "m.jsonl.gz"])
def test_a_match_is_logged_as_one_stream_that_replays_and_verifies(tmp_path, monkeypatch, log):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["play", "--variant", "two-player-61", "--match", "3",
                                       "--seed", "5", "--log", log, "--save", "m.toml"])
    assert result.exit_code == 0, result.output
    logged, saved = MatchRecord.load(tmp_path / log), MatchRecord.load(tmp_path / "m.toml")
    assert logged.rules == saved.rules == MatchRules(best_of=3)
    assert [g.events for g in logged.games] == [g.events for g in saved.games]
    assert logged.summary() == saved.summary() and logged.verify() is None
    replayed = CliRunner().invoke(main, ["replay", log])
    assert replayed.exit_code == 0, replayed.output
    assert replayed.output.count("match after game") == len(saved.games)
    verified = CliRunner().invoke(main, ["replay", log, "--verify"])
    assert f"{log}: verified, a match of {len(saved.games)} games" in verified.output


def test_a_resumed_match_logs_the_games_played_before_too(tmp_path):
    match = Match("two-player-61", MatchRules(best_of=3))
    match.add(play_game("two-player-61", bots(2), seed=11, game=match.new_game()), 11)
    saved = tmp_path / "match.toml"
    MatchRecord.of(match, seeds=match.seeds).save(saved)
    log = tmp_path / "rest.jsonl"
    result = CliRunner().invoke(main, ["play", "--resume", str(saved), "--log", str(log)])
    assert result.exit_code == 0, result.output
    logged, done = MatchRecord.load(log), MatchRecord.load(saved)
    assert [g.events for g in logged.games] == [g.events for g in done.games]
    assert len(logged.games) >= 2 and logged.verify() is None


def test_a_match_log_that_is_not_one_is_a_clear_error(tmp_path):
    game_log = tmp_path / "game.jsonl"
    game_log.write_text('{"format": "pegline-record", "version": 3}\n')
    with pytest.raises(RecordError, match="line 1: not the header of a Pegline match log"):
        MatchRecord.load(game_log)
    bare = tmp_path / "bare.jsonl"
    bare.write_text('{"format": "pegline-match", "version": 1, "match": {"best_of": 3}, '
                    '"stream": true}\n')
    with pytest.raises(RecordError, match="the log holds no game"):
        MatchRecord.load(bare)
    odd = tmp_path / "odd.jsonl"
    odd.write_text('{"format": "pegline-match", "version": 1, "match": {"best_of": 3}}\n')
    with pytest.raises(RecordError, match="stream = true"):
        MatchRecord.load(odd)


def test_a_human_match_never_logs_to_the_screen():
    result = CliRunner().invoke(main, ["play", "--human", "--match", "3", "--log", "-"],
                                input="quit\n")
    assert result.exit_code == 2 and "in a human game write it to a file" in result.output
