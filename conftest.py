"""Collecting the suite in either build: in the compiled build, the doctests of the compiled
modules are left to the pure build (pytest cannot collect a module's source file while that
module is loaded from its compiled extension). The header says which build runs."""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path

import pytest

from pegline_core.app.build import COMPILED, build_name

BUILD = build_name()


def _compiled_sources() -> set[Path]:
    """The source files of the modules that load compiled (all of `COMPILED`, or none)."""
    if not BUILD.startswith("compiled"):
        return set()
    found = set()
    for name in COMPILED:
        parent, _, tail = name.rpartition(".")
        package = importlib.import_module(parent)
        found |= {Path(folder) / f"{tail}.py" for folder in package.__path__}
    return found


_COMPILED_SOURCES = _compiled_sources()


def pytest_report_header() -> str:
    return f"pegline build: {BUILD}"


_RL = Path(__file__).parent / "pegline_core" / "rl"
"""The learning adapters, whose doctests need the ``rl`` extra (pettingzoo), and the
``openspiel`` extra for the OpenSpiel game."""
_LEARNING = Path(__file__).parent / "docs" / "learning.md"
"""The guide to them, run as a doctest: it needs the ``rl`` extra too."""


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if collection_path in (_RL, _LEARNING) and importlib.util.find_spec("pettingzoo") is None:
        return True
    if collection_path == _RL / "openspiel.py" and importlib.util.find_spec("pyspiel") is None:
        return True
    return True if collection_path in _COMPILED_SOURCES else None
