"""`pegline play` and `pegline replay`, as a user runs them."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pegline_core import EventCodec, game_definition
from pegline_core.app.cli import main
from pegline_core.app.hookspecs import app_hookimpl
from pegline_core.game_hooks import GameHooks
from pegline_core.record import GameRecord

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
    codec = EventCodec(game_definition("cribbage"))
    events = [codec.from_dict(e) for e in printed]
    assert events[-1].winner.score >= 121


def test_the_same_seed_prints_the_same_game():
    assert run("play", "--seed", "5").output == run("play", "--seed", "5").output


def test_play_bad_options():
    result = run("play", "--bots", "genius")
    assert result.exit_code == 2 and "unknown bot 'genius'" in result.output
    result = run("play", "--variant", "nope")
    assert result.exit_code == 1 and "unknown variant 'nope'" in result.output


def test_a_human_game_refuses_illegal_choices_with_the_reason(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    answers = "\n".join(["1 2", "9", "1", "2", "3", "4", "go", "5", "6"] * 400) + "\n"
    result = run("play", "--human", "--seed", "2", "--no-auto-go", input=answers)
    assert result.exit_code == 0, result.output[-2000:]
    out, stdout = result.output, result.stdout
    assert "lay away 2 cards to your crib" in out and "play a card" in out
    assert "not allowed: there is no card number 9" in out
    assert "not allowed: play exactly one card" in out
    assert "(hidden)" in stdout, "the bot's cards are not shown to the human"
    assert "== " in stdout.splitlines()[-3]
    assert "play a card" not in stdout, "the prompts go to the terminal (stderr), not stdout"
    assert "the final board:" in result.stderr and "game score" in result.stderr


@pytest.mark.parametrize(("variant", "answers", "coach"), [
    ("two-player", ["1 2", "compare", "1", "compare", "2", "3", "4", "go", "5", "6"] * 400,
     "the coach ranks it"),
    ("clabber", ["1", "compare", "quit"], "The coach:"),
])
def test_no_line_a_human_game_prints_ends_in_a_space(variant, answers, coach, tmp_path,
                                                        monkeypatch):
    """Rich padded the coach's candidates (a grid), its wrapped sentences and the final board
    with spaces to their width: 32 lines of one cribbage compare ended in spaces."""
    monkeypatch.chdir(tmp_path)
    result = run("play", "--variant", variant, "--human", "--seed", "3", "--no-auto-go",
                 input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output[-2000:]
    assert coach in result.output
    if variant == "two-player":
        assert "the final board:" in result.output and "<- your move" in result.output
    lines = result.output.splitlines()
    assert [line for line in lines if line != line.rstrip()] == []
    assert any(line.lstrip().startswith("1. ") for line in lines)  # the candidates, one a line


@pytest.mark.parametrize("language", ["en", "ja"])
def test_no_line_ends_in_a_space_at_a_narrow_terminal(language, tmp_path, monkeypatch):
    """The hint to type help was wrapped by rich, which left a space at the end of its line
    ("(type help to see what " at 24 columns)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "24")
    result = run("--lang", language, "play", "--human", "--seed", "3", input="1 2\nquit\n")
    assert result.exit_code == 0, result.output
    assert "help" in result.output
    assert [line for line in result.output.splitlines() if line != line.rstrip()] == []


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("command", [
    "score 5H 5C 5D JS --starter 5S", "analyze show --variant two-player-61",
    "analyze discard 5H 5C 5D JS 4H 6C", "simulate --games 4", "simulate --games 4 --variant "
    "clabber --round-robin --bots greedy,random", "variants explain two-player", "plugins list",
    f"replay {RECORDS / 'seed-example-a.toml'}"], ids=lambda command: command.split(" --")[0])
def test_no_line_of_the_command_lines_tables_ends_in_a_space(command, language):
    """The tables the other commands print are aligned by hand, padded on the left only."""
    result = run("--lang", language, *command.split())
    assert result.exit_code == 0, result.output
    assert [line for line in result.output.splitlines() if line != line.rstrip()] == []


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


@pytest.mark.parametrize(("text", "error"), [
    ('variant = "clabber"\n', "neither a record nor a script the game 'clabber' reads"),
    ("variant = 3\n", "variant: a variant name, not 3"),
    ("variant = [\n", "not valid TOML"),
])
def test_a_script_is_read_by_its_variant_s_game_or_refused(tmp_path, text, error):
    """A file that is not a record is a script of its variant's game: Clabber has none."""
    script = tmp_path / "script.toml"
    script.write_text(text)
    result = run("replay", str(script))
    assert result.exit_code == 1 and error in result.output, result.output
    assert "Traceback" not in result.output


def _json_events(output):
    """The JSON events printed among a human game's prompts (a prompt may share their line)."""
    return [json.loads(line[line.index('{"seq"'):]) for line in output.splitlines()
            if '{"seq"' in line]



@pytest.mark.parametrize("variant", ["two-player", "three-player"])
def test_a_human_json_game_shows_only_what_seat_0_may_see(tmp_path, variant):
    log, saved = tmp_path / "game.jsonl", tmp_path / "game.toml"
    answers = "\n".join(["1 2", "1", "2", "3", "4", "go", "5", "6"] * 400) + "\n"
    result = run("play", "--human", "--json", "--variant", variant, "--seed", "2", "--log",
                 str(log), "--save", str(saved), input=answers)
    assert result.exit_code == 0, result.output[-2000:]
    printed = [json.loads(line) for line in result.stdout.splitlines()]  # nothing else on stdout
    assert printed == _json_events(result.output)
    header, *logged = [json.loads(line) for line in log.read_text().splitlines()]
    assert header["format"] == "pegline-record"
    assert [e["seq"] for e in printed] == [e["seq"] for e in logged] == list(range(len(logged)))
    assert printed[-1]["type"] == "result"
    deals = discards = 0
    for shown, whole in zip(printed, logged, strict=True):
        if shown["type"] == "deal":
            deals += 1
            assert shown["hands"][0] == whole["hands"][0]
            for seat in range(1, len(whole["hands"])):  # the bots' hands: only their number
                assert shown["hands"][seat] == [None] * len(whole["hands"][seat])
                assert all(isinstance(card, str) for card in whole["hands"][seat])
            assert shown["crib"] == [None] * len(whole["crib"])  # face down from the deck
            assert len(whole["crib"]) == (1 if variant == "three-player" else 0)
        elif shown["type"] == "discard" and shown["seat"] != 0:
            discards += 1
            assert shown == {**whole, "cards": [None] * len(whole["cards"])}
            assert all(isinstance(card, str) for card in whole["cards"])
        else:  # everything else is public when it happens, seat 0's own discards too
            assert shown == whole
    assert deals >= 1 and discards >= deals
    record = GameRecord.load(saved)  # the record keeps everything, for auditing after the game
    assert list(record.events) == logged and record.verify() is None


def test_a_bot_game_in_json_hides_nothing():
    printed = [json.loads(line) for line in run("play", "--json", "--seed", "4").output.splitlines()]
    deal = next(e for e in printed if e["type"] == "deal")
    assert all(isinstance(card, str) for hand in deal["hands"] for card in hand)


def test_a_game_that_cannot_redact_refuses_a_human_json_game(monkeypatch):
    from pegline_cribbage import Cribbage

    monkeypatch.setattr(GameHooks, "_built", {})  # the game's hooks, read again
    monkeypatch.setattr(Cribbage, "pegline_redactor", None)  # it cannot say what a seat sees
    result = run("play", "--human", "--json", "--seed", "2", input="1 2\n" * 50)
    assert result.exit_code == 2 and '"type"' not in result.output
    assert "cannot hide other seats' cards in JSON" in result.output
    assert run("play", "--json", "--seed", "2").exit_code == 0  # a bot game hides nothing


def test_a_human_game_never_writes_its_whole_log_to_the_screen():
    result = run("play", "--human", "--log", "-", input="1 2\n")
    assert result.exit_code == 2 and '"type"' not in result.output
    assert "the log keeps every card, the hidden ones too" in result.output


def test_play_wraps_the_person_s_player_and_leaves_it_as_the_game_made_it(tmp_path, monkeypatch):
    """`pegline play --human --save` saves before each decision and stops piped input that
    never gives a move by wrapping the person's player, not by replacing its methods: the
    player the game made plays unaltered."""
    from pegline_core.app.terminal_seat import WRONG_ANSWERS
    from pegline_cribbage import Cribbage
    from pegline_cribbage.terminal import HumanPlayer

    made = []

    def human(self):
        made.append(HumanPlayer())
        return made[-1]

    monkeypatch.setattr(GameHooks, "_built", {})  # the game's hooks, read again
    monkeypatch.setattr(Cribbage, "pegline_human", app_hookimpl(human))
    save = tmp_path / "g.toml"
    result = run("play", "--human", "--seed", "3", "--save", str(save),
                 input="nonsense\n" * (WRONG_ANSWERS + 1))
    assert result.exit_code == 1, result.output
    assert f"{WRONG_ANSWERS} answers from the input without a move" in result.output
    assert result.output.count("not allowed:") == WRONG_ANSWERS
    assert GameRecord.load(save).replay().phase == "discard"  # saved before it was asked
    (person,) = made
    assert "choose" not in vars(person) and person.read is input
    assert person.auto_go  # --auto-go is the person's own setting


def test_a_scripts_mistakes_are_said_in_the_language_asked(tmp_path):
    """A script's problems keep their messages' codes, so ``--lang`` shows each in its words."""
    bad = tmp_path / "bad.toml"
    bad.write_text("dealer = 1\nx = 1\n[[hands]]\ndealt = 5\n")
    japanese = run("--lang", "ja", "replay", str(bad)).output
    assert f"{bad}: x: 不明なキー" in japanese and "unknown key" not in japanese
    assert "hands[0].dealt" in japanese and "expected" not in japanese
    bad.write_text('dealer = 1\n[[hands]]\ndealt = [["5H", "5C", "JD", "KS", "2C", "9H"], '
                   '["AS", "2S", "3S", "4S", "6S", "7S"]]\ndiscards = [["AS", "2S"]]\n')
    japanese = run("--lang", "ja", "replay", str(bad)).output
    assert "hands[0].discards[0]: " in japanese and "does not hold" not in japanese


def test_a_resumed_human_json_game_shows_the_true_dealers_turn_card(capsys):
    """The redactor follows the resumed game's log before its first new event, as the printer
    does: Clabber's turn card, dealt face up to the dealer, stays shown after the dealer moved."""
    from pegline_clabber.actions import Deal
    from pegline_clabber.bots import GreedyBot
    from pegline_core import Game, play_game
    from pegline_core.app.commands.printing import emitter

    played = play_game("clabber", [GreedyBot(seat) for seat in range(4)], seed=2)
    inputs = played.inputs()
    deals = [index for index, action in enumerate(inputs) if isinstance(action, Deal)]
    resumed = Game("clabber")
    for action in inputs[:deals[1]]:  # a hand settled: the dealer has moved on
        resumed.apply(action)
    emit = emitter(resumed, as_json=True, log_file=None, reveal={0})
    dealer = resumed.machine.dealer
    assert dealer != 0  # a turn card other than seat 0's own to show
    capsys.readouterr()
    for event in resumed.apply(inputs[deals[1]]):
        emit(event)
    shown = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    hands = next(data["hands"] for data in shown if data["type"] == "deal")
    assert [seat for seat, hand in enumerate(hands) if hand[-1] is not None] == sorted({0, dealer})


@pytest.mark.parametrize("match", [(), ("--match", "3")], ids=["game", "match"])
def test_a_bots_game_that_never_scores_is_stopped_and_kept(tmp_path, match):
    """Four Clabber bots that always take the first choice pass every hand, and a hand all
    pass is dealt again: the game ran for ever, its memory growing by gigabytes. It now stops
    once it has gone `STALLED_HANDS` hands without a point, says so, and keeps its record."""
    from pegline_core.app.commands.play import STALLED_HANDS

    saved = tmp_path / "stalled.toml"
    result = run("play", "--variant", "clabber", "--bots", "tests.own_bots:FirstLegal",
                 "--seed", "1", "--save", str(saved), *match)
    assert result.exit_code == 1, result.output
    assert result.output.splitlines()[-1] == (
        f"Error: the game has gone {STALLED_HANDS} hands in a row without a point: stopped in "
        f"hand {STALLED_HANDS + 1} (scores 0-0), since with these bots it would never end")
    assert saved.exists()

