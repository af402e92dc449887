"""`pegline score` and `pegline variants`, as a user runs them."""

import json

from click.testing import CliRunner

from pegline_core.app.cli import main


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


def test_score_prints_the_29_breakdown():
    result = run("score", "5H", "5C", "5D", "JS", "--starter", "5S")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "hand 5♥ 5♣ 5♦ J♠  starter 5♠  (two-player)"
    assert sum("show-fifteen" in line for line in lines) == 8
    assert sum("show-pair" in line for line in lines) == 6
    assert "his-nobs" in lines[-2] and lines[-1].split() == ["total", "29"]


def test_score_json_and_crib():
    result = run("score", "2H", "4H", "6H", "8H", "--starter", "KS", "--json")
    assert json.loads(result.output) == {"total": 4, "events": [
        {"rule": "show-flush", "points": 4, "cards": ["2H", "4H", "6H", "8H"],
         "plugin": "standard"}]}
    crib = run("score", "2H", "4H", "6H", "8H", "--starter", "KS", "--crib", "--json")
    assert json.loads(crib.output) == {"total": 0, "events": []}


def test_score_with_a_variant_uses_its_hand_size():
    result = run("score", "5H", "5C", "JS", "--starter", "5S", "--variant", "five-card", "--json")
    assert result.exit_code == 0 and json.loads(result.output)["total"] == 15


def test_score_reads_many_hands_from_standard_input():
    result = run("score", input="5H 5C 5D JS | 5S\n\n2H 4H 6H 8H | KS crib\n4H 4C 5D 6S|6D\n")
    assert result.exit_code == 0
    assert [json.loads(line)["total"] for line in result.output.splitlines()] == [29, 0, 24]


def test_bad_lines_on_standard_input_are_reported_and_the_rest_scored():
    result = run("score", input="1Z 5C 5D JS | 5S\n5H 5C 5D JS | 5S\n5H 5C 5D JS\n")
    assert result.exit_code == 1
    out = [json.loads(line) for line in result.output.splitlines()]
    assert out == [{"line": 1, "error": "'1Z': unknown suit 'Z'"}, out[1],
                   {"line": 3, "error": "expected 'CARDS | STARTER', e.g. '5H 5C 5D JS | 5S'"}]
    assert out[1]["total"] == 29


def test_bad_input_is_one_clear_message_and_exit_1():
    for args, message in [
        (["score", "1Z", "5C", "5D", "JS", "--starter", "5S"], "Error: '1Z': unknown suit 'Z'"),
        (["score", "5H", "5C", "5D", "--starter", "5S"], "Error: a hand in two-player has 4 cards"),
        (["score", "5H", "5C", "5D", "JS", "--starter", "5S", "--variant", "nope"],
         "Error: variant 'nope': unknown variant 'nope'"),
        (["score", "5H", "5H", "5D", "JS", "--starter", "5S"], "Error: '5H' is given twice"),
    ]:
        result = run(*args)
        assert result.exit_code == 1, args
        assert result.output.startswith(message), result.output
        assert "Traceback" not in result.output


def test_variants_list_show_and_check(tmp_path):
    listed = run("variants", "list").output.splitlines()
    assert [line.split()[0] for line in listed] == sorted(
        ["five-card", "five-card-quick", "lowball", "muggins", "partner", "three-player",
         "two-player", "two-player-61", "around-the-corner", "stink-hole", "late-caps",
         "pegging-flush"])
    shown = run("variants", "show", "partner", "--with", "lowball")
    assert shown.exit_code == 0
    assert "teams = [\n    [\n        0,\n        2,\n    ]," in shown.output
    assert "lowball = true" in shown.output and "heels = 2" in shown.output

    good = tmp_path / "good.toml"
    good.write_text('extends = ["three-player"]\n[game]\ntarget = 121\n[[skunk]]\nname = "s"\n'
                    "below = 91\ngame_points = 3\n")
    bad = tmp_path / "bad.toml"
    bad.write_text('[deal]\ncards = "6"\nextra = 1\n')
    assert run("variants", "check", str(good)).output == f"{good}: ok\n"
    result = run("variants", "check", str(bad))
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{bad}: deal.cards: expected an integer, got the string '6'",
        f"{bad}: deal.extra: unknown key",
    ]
