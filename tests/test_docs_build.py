"""The guides and the API reference build as a site (mkdocs.yml) with warnings as errors: a
guide's broken link, or a reference to a name that is gone, fails here, not on a reader."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import pegline_core

pytest.importorskip("mkdocstrings", reason="the docs extra (pip install -e '.[docs]')")

ROOT = Path(__file__).resolve().parent.parent


def build(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` (not ``-q``: mkdocs counts for strict only the warnings it
    shows)."""
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config),
                           "-d", str(site)], capture_output=True, text=True, check=False)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("docs") / "site"
    built = build(ROOT / "mkdocs.yml", folder)
    assert built.returncode == 0, built.stderr
    return folder


def test_every_guide_is_a_page(site):
    guides = {path.stem for path in (ROOT / "docs").glob("*.md")}
    assert {page.parent.name for page in site.glob("*/index.html")} >= guides - {"index"}
    assert "<h3 id=\"pegging\">Pegging</h3>" in (site / "rules-of-play" / "index.html").read_text(
        encoding="utf-8")


def test_the_reference_documents_every_public_name_from_its_docstring(site):
    pages = "".join(page.read_text(encoding="utf-8")
                    for page in (site / "reference").glob("*/index.html"))
    documented = set(re.findall(r'id="pegline_core\.(\w+)"', pages))
    assert set(pegline_core.__all__) <= documented, set(pegline_core.__all__) - documented
    assert "A game under one variant" in pages  # Game's docstring
    for member in ("apply", "legal_actions", "to_act", "undo"):  # its own and its compiled base's
        assert f'id="pegline_core.Game.{member}"' in pages, member
    assert "Picks uniformly among the legal actions" in pages  # RandomBot's


def test_a_warning_fails_the_build(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Home\n\n[gone](no-such-page.md)\n")
    (tmp_path / "mkdocs.yml").write_text("site_name: t\nstrict: true\n")
    built = build(tmp_path / "mkdocs.yml", tmp_path / "site")
    assert built.returncode == 1 and "no-such-page.md" in built.stderr
