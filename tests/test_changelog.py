"""CHANGELOG.md says what each version of the package changed, newest first: the changes not
released yet, then the current version."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_changelog_opens_with_the_package_s_version():
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (\S+)(?: \(\d{4}-\d{2}-\d{2}\))?$", changelog, re.MULTILINE)
    released = headings[1:] if headings[:1] == ["Unreleased"] else headings
    assert released[:1] == [version], (version, headings)
    assert len(set(headings)) == len(headings)  # one entry a version
