"""A human's game is saved each time the person is asked to act (not after every event, which
made a game's saves grow with the square of its length), and a game killed while the person
thinks resumes exactly where it stood."""

from __future__ import annotations

import signal

from click.testing import CliRunner

from pegline_core.app.cli import main
from pegline_core.record import GameRecord
from tests.test_terminal_pty import DISCARD, PLAY, prompt, spawn


def _counting_saves(monkeypatch):
    saved = []
    real = GameRecord.save

    def save(record, path):
        saved.append(len(record.events))
        real(record, path)

    monkeypatch.setattr(GameRecord, "save", save)
    return saved


def test_a_human_game_is_saved_once_a_decision(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    saved = _counting_saves(monkeypatch)
    result = CliRunner().invoke(main, ["play", "--human", "--seed", "4", "--save", "g.toml"],
                                input="1 2\n")  # lay away, then the input ends
    assert "end of input: the game is saved in g.toml" in result.stderr
    record = GameRecord.load(tmp_path / "g.toml")
    discards = [e for e in record.events if e["type"] == "discard" and e["seat"] == 0]
    assert len(discards) == 1, "the person's discard is kept"
    # asked twice (lay away, then play a card), saved before each; then when the input ended
    assert len(saved) == 4 and saved[0] < saved[1] == saved[2] == len(record.events)


def test_a_match_is_saved_once_a_decision(tmp_path, monkeypatch):
    from pegline_core.app.match import MatchRecord

    monkeypatch.chdir(tmp_path)
    saved = []
    real = MatchRecord.save
    monkeypatch.setattr(MatchRecord, "save", lambda record, *where: (saved.append(1),
                                                                     real(record, *where)))
    result = CliRunner().invoke(main, ["play", "--human", "--seed", "4", "--save", "m.toml",
                                       "--match", "3"], input="1 2\n")
    assert "end of input: the game is saved in m.toml" in result.stderr
    assert len(saved) == 3  # before the two questions, and when the input ended


def test_a_game_killed_while_the_person_thinks_resumes_where_it_stood(tmp_path):
    child = spawn(["play", "--human", "--seed", "7", "--save", "g.toml"], tmp_path)
    assert prompt(child)[0] == DISCARD
    child.sendline("1 2")
    assert prompt(child)[0] == PLAY  # the person thinks about a card...
    child.kill(signal.SIGKILL)  # ...and the machine dies: no handler runs
    child.wait()
    record = GameRecord.load(tmp_path / "g.toml")
    assert [e["seat"] for e in record.events if e["type"] == "discard"].count(0) == 1
    assert record.verify() is None
    kept = len(record.events)

    again = spawn(["play", "--human", "--resume", "g.toml"], tmp_path)
    which, screen = prompt(again)
    assert which == PLAY and "resumed from g.toml: hand 1, phase pegging" in screen
    again.sendline("quit")
    again.expect("you quit")
    again.wait()
    resumed = GameRecord.load(tmp_path / "g.toml")
    assert resumed.events[:kept] == record.events and resumed.verify() is None
