"""What CI (.ci/run) runs: ruff on the whole tree, and the README's test command, which selects
every test, the slow ones too; and, as it installs every extra and Chromium, it sets
PEGLINE_NOTHING_SKIPPED=1 (conftest.py): a test that skips there, such as the OpenSpiel
adapter's when its wheel failed to install, fails the run instead of passing quietly."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

from conftest import NOTHING_SKIPPED

ROOT = Path(__file__).resolve().parent.parent


def run_pytest(folder: Path, *options: str, **env: str) -> subprocess.CompletedProcess[str]:
    """pytest on ``folder`` (outside the project, so none of its options apply) with the
    project's conftest.py as a plugin."""
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    environment = {k: v for k, v in os.environ.items() if k != NOTHING_SKIPPED}
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "conftest", "-p", "no:cacheprovider",
                           "-q", *options, str(folder)], capture_output=True, text=True, cwd=folder,
                          env=environment | {"PYTHONPATH": path} | env, check=False)


def test_a_skipped_test_fails_the_run_where_nothing_may_be_skipped(tmp_path):
    (tmp_path / "test_extra.py").write_text(
        "import pytest\n\n"
        "pytest.importorskip('pegline_no_such_extra')\n\n\n"
        "def test_the_adapter():\n    pass\n")
    (tmp_path / "test_other.py").write_text("def test_something():\n    pass\n")
    quietly = run_pytest(tmp_path)
    assert quietly.returncode == 0, quietly.stdout + quietly.stderr
    assert "1 passed, 1 skipped" in quietly.stdout
    strict = run_pytest(tmp_path, **{NOTHING_SKIPPED: "1"})
    assert strict.returncode == 1, strict.stdout + strict.stderr
    assert f"{NOTHING_SKIPPED} is set, and 1 test(s) skipped" in strict.stdout
    (tmp_path / "test_extra.py").unlink()
    assert run_pytest(tmp_path, **{NOTHING_SKIPPED: "1"}).returncode == 0


def test_ci_runs_the_readme_s_test_command_which_selects_every_test():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "pip install -e '.[test]' && python3 -m pytest\n" in readme
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "-e '.[test]'" in ci and f"export {NOTHING_SKIPPED}=1" in ci
    assert re.search(r"^step python3 -m pytest -rs$", ci, re.MULTILINE)
    assert re.search(r"^step python3 -m ruff check \.$", ci, re.MULTILINE)  # the whole tree
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    addopts = shlex.split(options["tool"]["pytest"]["ini_options"]["addopts"])
    assert not [option for option in addopts if option.startswith(("-m", "-k"))]


def test_a_test_runs_in_both_builds_by_its_own_mark_not_its_file_s_name(tmp_path):
    """CI's second step (the pure build) selects `both_builds`: a module says so itself
    (``pytestmark``), and a module's name alone selects nothing."""
    (tmp_path / "test_log_digests.py").write_text("def test_unmarked():\n    pass\n")
    (tmp_path / "test_marked.py").write_text(
        "import pytest\n\npytestmark = pytest.mark.both_builds\n\n\n"
        "def test_marked():\n    pass\n")
    selected = run_pytest(tmp_path, "-m", "both_builds", "-rA")
    assert selected.returncode == 0, selected.stdout + selected.stderr
    assert "1 passed, 1 deselected" in selected.stdout
    assert "PASSED test_marked.py::test_marked" in selected.stdout
