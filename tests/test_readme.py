"""What the README promises about running the tests."""

from __future__ import annotations

from pathlib import Path

from tests.browser import MISSING

README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")


def test_a_missing_browser_skips_with_the_debian_packages_named():
    assert "packages chromium and chromium-driver" in MISSING
    assert "packages `chromium` and `chromium-driver`" in README
    assert "skipped" in README.split("tests/test_web_browser.py", 1)[1][:200]
