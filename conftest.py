"""Collecting the suite in either build: in the compiled build, the doctests of the compiled
modules are left to the pure build (pytest cannot collect a module's source file while that
module is loaded from its compiled extension). The header says which build runs.

The tests marked `both_builds` are those that exercise the compiled modules directly: CI runs
the whole suite on the compiled build, then these again on the same source interpreted
(``PEGLINE_PURE_PYTHON=1 pytest -m "both_builds and not heavy"``; a `heavy` test is a
statistical or exhaustive one whose code a lighter test pins exactly in both builds). A test
module says so itself (``pytestmark = pytest.mark.both_builds``); the doctests of the compiled
modules are marked here, as they have no module of their own. The rest
(records, variant files, the CLI, the terminal, the web, the docs) stands on those modules and
runs once: both builds give the same logs byte for byte, which tests/test_log_digests.py checks
in each.

CI sets ``PEGLINE_NOTHING_SKIPPED=1``: it installs every extra and Chromium, so a skipped test
there is one that quietly stopped running (an adapter whose library failed to install, say),
and fails the run."""

from __future__ import annotations

import importlib
import importlib.util
import os
import tomllib
from pathlib import Path

import pytest

from pegline_core.build import build_name

_PYPROJECT = tomllib.loads((Path(__file__).parent / "pyproject.toml").read_text(encoding="utf-8"))
COMPILED: tuple[str, ...] = tuple(_PYPROJECT["tool"]["pegline"]["compiled"])
"""The modules setup.py compiles (``[tool.pegline] compiled`` in pyproject.toml)."""

BUILD = build_name()


def _sources(modules: tuple[str, ...]) -> set[Path]:
    """The source files of ``modules``, found without importing them."""
    found = set()
    for name in modules:
        parent, _, tail = name.rpartition(".")
        package = importlib.import_module(parent)
        found |= {Path(folder) / f"{tail}.py" for folder in package.__path__}
    return found


_COMPILED_MODULE_SOURCES = _sources(COMPILED)
_COMPILED_SOURCES = _COMPILED_MODULE_SOURCES if BUILD.startswith("compiled") else set()
"""The source files of the modules that load compiled now (all of `COMPILED`, or none)."""


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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path in _COMPILED_MODULE_SOURCES:
            item.add_marker(pytest.mark.both_builds)


NOTHING_SKIPPED = "PEGLINE_NOTHING_SKIPPED"
"""Set (by CI, where everything a test needs is installed): a skipped test fails the run."""


def pytest_sessionfinish(session: pytest.Session) -> None:
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = reporter.stats.get("skipped", []) if reporter is not None else []
    if os.environ.get(NOTHING_SKIPPED, "") not in ("", "0") and skipped:
        reporter.write_line(f"{NOTHING_SKIPPED} is set, and {len(skipped)} test(s) skipped "
                            f"(-rs says why)", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
