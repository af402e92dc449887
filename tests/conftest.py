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


# Tests of what a user meets (browser, terminal, web API, CLI, docs, translations, a cluster).
# The pure-Python pass of CI skips them (`-m "not interface"`): the compiled code they run is the
# game itself, which the rest of the suite covers in both builds, byte for byte
# (tests/test_log_digests.py).
INTERFACE_MODULES = frozenset({
    "test_web_browser.py", "test_web_api.py", "test_web_clabber.py", "test_terminal_pty.py",
    "test_terminal_pty_clabber.py", "test_terminal.py", "test_i18n.py", "test_docs_examples.py",
    "test_writing_plugins.py", "test_cli_fuzz.py", "test_scale.py", "test_human_saves.py",
    "test_simulate_cluster_signals.py",
})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name in INTERFACE_MODULES:
            item.add_marker(pytest.mark.interface)


# A shell started in the background without job control starts its commands with SIGINT ignored,
# and that disposition is inherited across exec: the games this suite starts would then ignore
# the Ctrl-C the signal tests send. The suite's own process takes Python's usual handler back,
# so what it starts gets the default disposition (a caught signal is reset at exec).
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
