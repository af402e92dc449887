"""Small things at the table (issue 28, list 7): what a resumed game says of its seed, the
resume hint's language, scores as a board says them, the coach's note wrapped between words,
go said for the player when nothing fits."""

from __future__ import annotations

import random
import re
from pathlib import Path

import attrs
from click.testing import CliRunner
from rich.console import Console

from pegline_core import Game
from pegline_core.app.cli import main
from pegline_core.app.commands.play import _say_how_to_resume, _scores_said
from pegline_core.app.i18n import use_language
from pegline_core.record import GameRecord
from pegline_cribbage.actions import Go
from pegline_cribbage.terminal import HumanPlayer
from tests.test_terminal import STUCK, _stuck_game


def _half_game(tmp_path):
    saved = tmp_path / "game.pegline.toml"
    assert CliRunner().invoke(main, ["play", "--seed", "4", "--save", str(saved)]).exit_code == 0
    record = GameRecord.load(saved)
    half = tmp_path / "half.jsonl"
    attrs.evolve(record, events=record.events[:40], summary=None).save(half)
    return half, GameRecord.load(half)


def test_a_resumed_game_says_what_its_seeds_are_and_its_scores_as_a_board_does(tmp_path):
    half, record = _half_game(tmp_path)
    result = CliRunner().invoke(main, ["play", "--resume", str(half)])
    assert result.exit_code == 0, result.output
    first, second = result.output.splitlines()[:2]
    continuation = 4 + len(record.inputs())
    assert first.endswith(f"(resumed: the record was started with seed 4; the cards from here "
                          f"on come from seed {continuation})")
    game = record.replay()
    assert second.endswith(f"scores {game.scores[0]}-{game.scores[1]}")
    assert "(" not in second.split("scores", 1)[1]
    assert _scores_said((18, 4)) == "18-4" and _scores_said((3, 0, 7)) == "3-0-7"


def test_the_resume_hint_keeps_the_language(capsys):
    with use_language("ja"):
        _say_how_to_resume("quit", Path("g.toml"), "coach", False)
    said = capsys.readouterr().err
    assert "pegline --lang ja play --human --resume g.toml --bots coach" in said
    _say_how_to_resume("quit", Path("g.toml"), "greedy", False)
    assert "pegline play --human --resume g.toml\n" in capsys.readouterr().err


def test_the_coachs_note_breaks_between_words_at_the_terminals_width():
    game = Game("two-player", dealer=1)
    game.apply(game.chance_action(random.Random(3)))
    game.apply(game.legal_actions(0)[0])
    comparison = game.compare(0)
    console = Console(width=37, color_system=None, record=True)
    HumanPlayer(console=console, read=lambda: "").compared(comparison)
    text = console.export_text()
    lines = text.split("(The coach: ", 1)[1].split(")")[0].splitlines()
    words = set(comparison.evaluation.note.split())
    assert len(lines) > 2 and all(len(line) <= 37 for line in lines)
    for line in lines:
        assert all(word in words or word.rstrip(",.;:") in " ".join(words)
                   for word in re.findall(r"\S+", line)), line


def test_go_is_said_for_the_player_when_nothing_fits():
    game = _stuck_game(STUCK)
    console = Console(width=80, color_system=None, record=True)

    def never():
        raise AssertionError("nothing to ask: only go is legal")

    player = HumanPlayer(console=console, read=never, auto_go=True)
    assert player.choose(game.view(0), game.legal_actions(0)) == Go(0)
    assert "no card you hold fits under 31 at count 24: go\n" in console.export_text()


def test_pegline_play_says_go_by_default():
    answers = "\n".join(["1 2", "1", "2", "3", "4"] * 300) + "\n"
    said = CliRunner().invoke(main, ["play", "--human", "--seed", "7"], input=answers)
    assert said.exit_code == 0, said.output[-800:]
    assert ": type go:" not in said.output and re.search(r"at count \d+: go\n", said.output)
    typed = CliRunner().invoke(main, ["play", "--human", "--seed", "7", "--no-auto-go"],
                               input=answers.replace("4\n", "4\ngo\n"))
    assert ": type go:" in typed.output
