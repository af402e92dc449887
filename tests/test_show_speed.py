"""benchmarks/show_speed.py's headline sets Pegline beside cribbage-scorer pass for pass (a cache
filled by the first pass helps only the second), and gives the cold pass with the warm one."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"

FIGURES = {"pegline show cold": 300_000.0, "pegline show warm": 320_000.0,
           "cribbage-scorer show cold": 50_000.0, "cribbage-scorer show warm": 64_000.0,
           "pegline total cold": 900_000.0, "pegline total warm": 4_000_000.0}


@pytest.fixture
def show_speed(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    return importlib.import_module("show_speed")


def test_the_headline_compares_the_same_pass_on_each_side(show_speed):
    peer, itemised, total = show_speed.headline(FIGURES)
    assert peer == ("itemised show against cribbage-scorer, the same pass on each side: "
                    "cold 300,000 against 50,000 hands/s (6.00 times), "
                    "warm 320,000 against 64,000 hands/s (5.00 times)")
    assert itemised == ("itemised show: cold 300,000 hands/s, warm 320,000; target 250,000 "
                        "(warm): met (reference 500,000, not required: not met)")
    assert total == ("total show: cold 900,000 hands/s, warm 4,000,000; target 2,000,000 "
                     "(warm): met")


def test_without_the_peer_the_headline_says_so(show_speed):
    alone = {name: rate for name, rate in FIGURES.items() if "cribbage-scorer" not in name}
    alone["pegline total warm"] = 1_500_000.0
    peer, _itemised, total = show_speed.headline(alone)
    assert peer.endswith(": not measured (--no-peer)")
    assert total.endswith("target 2,000,000 (warm): NOT met")
