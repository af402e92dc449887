"""benchmarks/previous_coach.py is the coach as it stood at commit 1b5684e, the baseline that
benchmarks/coach_strength.py measures today's coach against: it plays the games it played
then, whatever the package's own playouts and bots have become since."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

import pegline_cribbage.bots
import pegline_cribbage.playout
from pegline_core import Ruleset, load_variant
from tests.pinned_logs import log_digests

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
FROZEN = ("previous_coach", "previous_playout", "previous_greedy")

GAMES = [("two-player", 4, "5d7ab4152fdc0e2f"), ("three-player", 2, "bfdb9afe7ad86b28"),
         ("lowball", 1, "9fab7c62750cdad1")]
"""Log digests (benchmarks/log_digests.py) of games of the previous coach, with a budget of 60,
in the first seat against greedy bots, played by the code of commit 8faddb3 (where the copy
was made)."""


class Moved:
    """Stands for the package's playouts and greedy bot: the baseline must not use them."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise AssertionError("the previous coach used the package's own code")


@pytest.fixture
def frozen(monkeypatch):
    """The frozen modules, imported afresh with the package's own playouts and bot moved."""
    monkeypatch.setattr(pegline_cribbage.playout, "Pegging", Moved)
    monkeypatch.setattr(pegline_cribbage.bots, "GreedyBot", Moved)
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    for name in FROZEN:
        sys.modules.pop(name, None)
    yield [importlib.import_module(name) for name in FROZEN]
    for name in FROZEN:
        sys.modules.pop(name, None)


@pytest.mark.parametrize(("variant", "seed", "stored"), GAMES)
def test_the_previous_coach_plays_the_games_it_played_at_its_commit(frozen, variant, seed,
                                                                    stored):
    coach, _playout, greedy = frozen

    def bot(seed: int):
        if seed % 10 == 0:
            return coach.PreviousCoachBot(seed, budget=60)
        return greedy.GreedyBot(seed=seed)

    assert log_digests.digest(Ruleset(load_variant(variant)), bot, seed) == stored
