"""A bot game or match given ``--save`` is saved as it goes (at the start of each hand), so a
process killed midway leaves a record that ``--resume`` carries on at most one hand back."""

from __future__ import annotations

import os
import selectors
import signal
import subprocess
import sys
from pathlib import Path

from pegline_core.app.match import MatchRecord
from pegline_core.record import GameRecord

PEGLINE = str(Path(sys.executable).parent / "pegline")
ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(
    [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
"""The command's environment: the test bots (``tests.own_bots``) importable from any folder."""


def _killed_when_stalled(arguments: list[str], folder: Path) -> str:
    """Run ``pegline ARGUMENTS`` until its stalling bot says it stalls (on stderr), then kill it
    with SIGKILL, as a machine dying: no handler runs. What the bot said."""
    process = subprocess.Popen([PEGLINE, *arguments], cwd=folder, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True, start_new_session=True,
                               env=ENV)
    try:
        with selectors.DefaultSelector() as waiting:
            waiting.register(process.stderr, selectors.EVENT_READ)
            assert waiting.select(timeout=60), "the bot never stalled"
        said = process.stderr.readline()
        assert said.startswith("stalled"), said + process.stderr.read()
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        process.stderr.close()
    return said


def _pegline(arguments: list[str], folder: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([PEGLINE, *arguments], cwd=folder, capture_output=True, text=True,
                          timeout=120, env=ENV)


def test_a_bot_game_killed_midway_resumes_at_the_hand_it_was_in(tmp_path):
    said = _killed_when_stalled(["play", "--seed", "5", "--save", "g.toml",
                                 "--bots", "tests.own_bots:StallsInHand3,greedy"], tmp_path)
    assert said.strip() == "stalled in game 1, hand 3"
    kept = GameRecord.load(tmp_path / "g.toml")
    assert kept.verify() is None
    assert max(e["hand"] for e in kept.events) == 3  # saved as hand 3 began: nothing lost before

    resumed = _pegline(["play", "--resume", "g.toml", "--bots", "greedy"], tmp_path)
    assert resumed.returncode == 0, resumed.stderr
    assert "resumed from g.toml: hand 3" in resumed.stdout
    finished = GameRecord.load(tmp_path / "g.toml")
    assert finished.events[:len(kept.events)] == kept.events
    assert any(e["type"] == "result" for e in finished.events)
    verified = _pegline(["replay", "--verify", "g.toml"], tmp_path)
    assert verified.returncode == 0, verified.stdout + verified.stderr


def test_a_bot_match_killed_midway_resumes_in_the_game_it_was_in(tmp_path):
    said = _killed_when_stalled(["play", "--seed", "5", "--save", "m.toml", "--match", "9",
                                 "--bots", "tests.own_bots:StallsInGame3,greedy"], tmp_path)
    assert said.strip() == "stalled in game 3, hand 2"
    kept = MatchRecord.load(tmp_path / "m.toml")
    assert kept.verify() is None
    assert len(kept.games) == 3  # two played, and the third as its second hand began
    assert max(e["hand"] for e in kept.games[2].events) == 2

    resumed = _pegline(["play", "--resume", "m.toml", "--bots", "greedy"], tmp_path)
    assert resumed.returncode == 0, resumed.stderr
    assert "resumed: 2 games played" in resumed.stdout
    finished = MatchRecord.load(tmp_path / "m.toml")
    assert [g.events for g in finished.games[:2]] == [g.events for g in kept.games[:2]]
    assert finished.games[2].events[:len(kept.games[2].events)] == kept.games[2].events
    verified = _pegline(["replay", "--verify", "m.toml"], tmp_path)
    assert verified.returncode == 0, verified.stdout + verified.stderr
