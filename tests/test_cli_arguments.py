"""Arguments are checked even when nothing is left to do (issue 27): a finished match or game
refuses a wrong ``--bots`` as a running one does, and accepts a right one."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from pegline_core.app.cli import main

WRONG = ["nope", "", ",", " , ", "random,nope", "nope,random", "greedy," * 9, "GREEDY",
         "random;greedy"]
RIGHT = ["random", "greedy,sloppy", " random , greedy "]


@pytest.fixture(scope="module")
def saves(tmp_path_factory):
    """A finished and an unfinished match record, and a finished and an unfinished game."""
    folder = tmp_path_factory.mktemp("saves")
    runner = CliRunner()
    found = {}
    for kind, extra in (("match", ["--match", "1"]), ("game", [])):
        path = folder / f"finished-{kind}.toml"
        result = runner.invoke(main, ["play", "--variant", "two-player-61", "--seed", "2",
                                      "--save", str(path), *extra])
        assert result.exit_code == 0, result.output
        found[f"finished {kind}"] = path
        path = folder / f"running-{kind}.toml"
        result = runner.invoke(main, ["play", "--variant", "two-player-61", "--seed", "2",
                                      "--human", "--save", str(path), *extra], input="1 2\n")
        assert path.exists(), result.output
        found[f"running {kind}"] = path
    return found


STATES = ["finished match", "running match", "finished game", "running game"]


@pytest.mark.parametrize("bots", WRONG)
@pytest.mark.parametrize("state", STATES)
def test_a_wrong_bots_list_is_refused_whatever_is_left_to_play(saves, state, bots):
    result = CliRunner().invoke(main, ["play", "--resume", str(saves[state]), "--bots", bots])
    assert result.exit_code == 2, (state, bots, result.output)
    assert "Invalid value for '--bots'" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("bots", RIGHT)
@pytest.mark.parametrize("state", ["finished match", "finished game"])
def test_a_right_bots_list_on_a_finished_save_changes_nothing(saves, state, bots):
    before = saves[state].read_bytes()
    result = CliRunner().invoke(main, ["play", "--resume", str(saves[state]), "--bots", bots])
    assert result.exit_code == 0, result.output
    assert saves[state].read_bytes() == before


@pytest.mark.parametrize("kind", ["match", "game"])
def test_resuming_a_finished_save_says_that_nothing_is_left_to_play(saves, kind):
    """It printed the resumed line ("phase over") and stopped, the result unsaid."""
    path = saves[f"finished {kind}"]
    result = CliRunner().invoke(main, ["play", "--resume", str(path)])
    assert result.exit_code == 0, result.output
    assert (f"the {kind} in {path} is over: nothing is left to play (pegline replay {path} "
            f"shows it)") in result.output


RULES_OPTIONS = [["--variant", "nope"], ["--variant", "two-player-61"], ["--variant", ""],
                 ["--with", "nope"], ["--with", "lowball"], ["--with", "to-61", "--with", "x"],
                 ["--variant", "two-player", "--with", "muggins"]]


@pytest.mark.parametrize("options", RULES_OPTIONS, ids=" ".join)
@pytest.mark.parametrize("state", STATES)
def test_rules_given_to_a_resume_are_refused_whatever_is_left_to_play(saves, state, options):
    """A resumed game or match keeps its record's rules: --variant and --with, wrong or right,
    would be ignored, so they are refused, and the save is left as it was."""
    before = saves[state].read_bytes()
    result = CliRunner().invoke(main, ["play", "--resume", str(saves[state]), *options])
    assert result.exit_code == 2, (state, options, result.output)
    assert "a resumed game keeps the rules of its record" in result.output
    assert "Traceback" not in result.output
    assert saves[state].read_bytes() == before
