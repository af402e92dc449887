"""A record stores the version of each plugin's rules, not the package's: the `pegline` package
says what changed in its own version, and a record written by an earlier package still loads
(docs/records.md, "Plugin versions")."""

from __future__ import annotations

import tomllib
from importlib.metadata import distribution
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner

from pegline_core import Game, RandomBot, load_variant, play_game
from pegline_core.app.cli import main
from pegline_core.errors import RecordError
from pegline_core.plugins import installed_plugins, plugin_class
from pegline_core.record import GameRecord

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
    "project"]["entry-points"]["pegline"]
RECORDS = sorted([*(ROOT / "tests" / "records").glob("v*/*.*[lt]"),
                  ROOT / "docs" / "examples" / "game.pegline.toml",
                  ROOT / "docs" / "examples" / "game.jsonl"])


@pytest.fixture
def package_at_0_2_0(tmp_path, monkeypatch):
    """The installed `pegline` distribution, its version changed to 0.2.0 (its entry points
    unchanged): the metadata a newer package installs, found first on the path."""
    installed = distribution("pegline")
    info = tmp_path / "pegline-0.2.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: pegline\nVersion: 0.2.0\n")
    (info / "entry_points.txt").write_text(installed.read_text("entry_points.txt") or "")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert installed_plugins()["standard"].dist.version == "0.2.0"


def test_every_shipped_plugin_states_the_version_of_its_rules():
    for name in SHIPPED:
        version = plugin_class(name).RULES_VERSION
        assert isinstance(version, str) and version.count(".") == 2, name


@pytest.mark.usefixtures("package_at_0_2_0")
def test_the_package_version_is_not_a_plugin_version():
    versions = Game(load_variant("muggins")).ruleset.versions()
    assert versions == {name: plugin_class(name).RULES_VERSION
                        for name in ("cribbage", "standard", "muggins")}
    assert "0.2.0" not in versions.values()


@pytest.mark.usefixtures("package_at_0_2_0")
@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_record_written_by_0_1_0_loads_and_verifies_under_0_2_0(path):
    record = GameRecord.load(path)
    assert set(record.plugins.values()) == {"0.1.0"}
    assert record.verify() is None  # the default policy, compatible


def test_a_plugin_whose_own_version_changes_minor_is_still_refused(monkeypatch):
    game = play_game("two-player", [RandomBot(1), RandomBot(2)], seed=3)
    record = GameRecord.of(game, seed=3)
    rules = plugin_class("standard")
    major, minor, patch = rules.RULES_VERSION.split(".")
    monkeypatch.setattr(rules, "RULES_VERSION", f"{major}.{minor}.{int(patch) + 1}")
    assert record.verify() is None  # a patch: a notice, and the events decide
    monkeypatch.setattr(rules, "RULES_VERSION", f"{major}.{int(minor) + 1}.0")
    with pytest.raises(RecordError, match=rf"standard {major}\.{minor}\.{patch} \(installed "
                                          rf"{major}\.{int(minor) + 1}\.0\)"):
        record.verify()
    assert attrs.evolve(record).verify("any") is None


@pytest.mark.usefixtures("package_at_0_2_0")
def test_the_plugins_list_shows_the_version_a_record_names():
    listed = CliRunner().invoke(main, ["plugins", "list"])
    assert listed.exit_code == 0, listed.output
    assert "\nstandard 0.1.0 (pegline_standard:StandardRules)\n" in listed.output
    assert " 0.2.0 " not in listed.output
