"""`pegline play` and `pegline replay`, as a user runs them."""

import json
from pathlib import Path

from click.testing import CliRunner

from pegline_core.app.cli import main
from pegline_core.events import event_from_dict

RECORDS = Path(__file__).with_name("records")


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


def test_play_prints_a_complete_game():
    result = run("play", "--seed", "3")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("two-player: The standard two-player game to 121 (seed 3)")
    for text in ("deals first", "== hand 1 ==", "is dealt", "lays away", "starter:", "(count ",
                 "series ends at", "shows hand", "shows crib", "+2 show-fifteen"):
        assert text in out, text
    last = out.splitlines()
    winner_line = next(line for line in last if line.startswith("== ") and "wins" in line)
    assert "game point" in winner_line
    assert last[-2].startswith("  1. ") and last[-1].startswith("  2. ")


def test_play_json_and_log_are_the_same_events(tmp_path):
    log = tmp_path / "game.jsonl"
    result = run("play", "--seed", "8", "--bots", "random,greedy", "--json", "--log", str(log))
    assert result.exit_code == 0
    printed = [json.loads(line) for line in result.output.splitlines()]
    header, *logged = [json.loads(line) for line in log.read_text().splitlines()]
    assert header["format"] == "pegline-record" and header["seed"] == 8
    assert printed == logged
    assert printed[-1]["type"] == "result"
    assert [e["seq"] for e in printed] == list(range(len(printed)))
    events = [event_from_dict(e) for e in printed]
    assert events[-1].winner.score >= 121


def test_the_same_seed_prints_the_same_game():
    assert run("play", "--seed", "5").output == run("play", "--seed", "5").output


def test_play_bad_options():
    result = run("play", "--bots", "genius")
    assert result.exit_code == 2 and "unknown bot 'genius'" in result.output
    result = run("play", "--variant", "nope")
    assert result.exit_code == 1 and "unknown variant 'nope'" in result.output


def test_a_human_game_refuses_illegal_choices_with_the_reason():
    answers = "\n".join(["1 2", "9", "1", "2", "3", "4", "5", "6"] * 400) + "\n"
    result = run("play", "--human", "--seed", "2", input=answers)
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    assert "lay away 2 card(s) to the crib" in out and "play a card" in out
    assert "not allowed: there is no card number 9" in out
    assert "not allowed: play exactly one card" in out
    assert "(hidden)" in out, "the bot's cards are not shown to the human"
    assert "== " in out.splitlines()[-3]


def test_replay_prints_the_derived_events_and_final_scores():
    result = run("replay", str(RECORDS / "seed-example-a.toml"))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "    +3 peg-run 3♣ 5♦ 4♥ (seat 0: 3)" in lines
    assert "    +2 peg-thirty-one 3♣ 5♦ 4♥ 10♠ 9♣ (seat 0: 5)" in lines
    assert "    +1 last-card 7♠ (seat 1: 1)" in lines
    assert lines[-1] == "final scores: seat 0 7, seat 1 9 (the record stops here)"


def test_replay_json_and_errors(tmp_path):
    result = run("replay", str(RECORDS / "seed-example-b.toml"), "--json")
    types = [json.loads(line)["type"] for line in result.output.splitlines()]
    assert types.count("go") == 1 and types.count("series-end") == 2
    bad = tmp_path / "bad.toml"
    bad.write_text('dealer = 1\n[[hands]]\ndealt = [["5H"], ["6H"]]\n')
    result = run("replay", str(bad))
    assert result.exit_code == 1
    assert result.output.startswith("Error: hands[0].dealt: the deal needs 6 cards for each of 2")
    bad.write_text("dealer = '1'\n")
    result = run("replay", str(bad))
    assert result.output == f"Error: {bad}: dealer: expected an integer, got the string '1'\n"
