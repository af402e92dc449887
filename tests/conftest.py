"""Shared fixtures and hypothesis strategies."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import strategies as st

from pegline_core import DECK, parse_cards
from pegline_cribbage.scorer import Scorer

hands_with_starter = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True).map(
    lambda cards: (tuple(cards[:4]), cards[4])
)


@pytest.fixture(scope="session")
def scorer() -> Scorer:
    return Scorer.for_variant("two-player")


@pytest.fixture(scope="session")
def pure_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's wheel, built once for the tests that read what it carries. It is a pure
    wheel: CI's own install compiles, and compiling again would add a minute and a half."""
    folder = tmp_path_factory.mktemp("wheel")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(folder), str(Path(__file__).resolve().parent.parent)],
        capture_output=True, text=True, env={**os.environ, "PEGLINE_PURE_PYTHON": "1"})
    assert built.returncode == 0, built.stderr
    (wheel,) = folder.glob("pegline-*.whl")
    return wheel


def cards(text: str):
    return parse_cards(text)


# A shell started in the background without job control starts its commands with SIGINT ignored,
# and that disposition is inherited across exec: the games this suite starts would then ignore
# the Ctrl-C the signal tests send. The suite's own process takes Python's usual handler back,
# so what it starts gets the default disposition (a caught signal is reset at exec).
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
