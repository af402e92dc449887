"""What the README promises about running the tests."""

from __future__ import annotations

from pathlib import Path

from tests.browser import MISSING

README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")


def test_a_missing_browser_skips_with_the_debian_packages_named():
    assert "packages chromium and chromium-driver" in MISSING
    assert "packages `chromium` and `chromium-driver`" in README
    assert "skipped" in README.split("tests/test_web_browser.py", 1)[1][:200]


def test_the_learning_extras_install_from_the_checkout():
    """Pegline is on no package index: ``pip install 'pegline[rl]'`` cannot work, for any extra,
    in any doc, message or skip reason."""
    root = Path(__file__).parent.parent
    learning = (root / "docs" / "learning.md").read_text(encoding="utf-8")
    said = [path for pattern in ("docs/**/*.md", "pegline_core/**/*.py", "plugins/**/*.py",
                                 "pegline_core/**/*.po", "plugins/**/*.po", "tests/*.py")
            for path in root.glob(pattern) if path != Path(__file__)
            and "'pegline[" in path.read_text(encoding="utf-8")]
    assert said == [] and "'pegline[" not in README
    assert "pip install -e '.[rl]'" in README
    assert "pip install -e '.[rl]'" in learning and "pip install -e '.[openspiel]'" in learning
