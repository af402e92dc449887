"""The plugin tutorial (docs/writing-plugins.md) run as written, and meta-tests for the docs."""

import inspect
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from pegline_core import hookspecs
from pegline_core.plugins import describe_plugin
from pegline_cribbage import hookspecs as cribbage_hookspecs

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def blocks(path: Path, language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", path.read_text(), flags=re.DOTALL)


@pytest.fixture(scope="module")
def tutorial(tmp_path_factory):
    """The tutorial's package, written from the docs' own code blocks."""
    folder = tmp_path_factory.mktemp("pegline-lucky")
    pyproject, variant = blocks(DOCS / "writing-plugins.md", "toml")
    module, tests = blocks(DOCS / "writing-plugins.md", "python")
    (folder / "pyproject.toml").write_text(pyproject)
    (folder / "pegline_lucky").mkdir()
    (folder / "pegline_lucky" / "__init__.py").write_text(module)
    (folder / "tests").mkdir()
    (folder / "tests" / "test_lucky.py").write_text(tests)
    (folder / "lucky.toml").write_text(variant)
    return folder


def test_the_tutorial_package_builds_with_its_entry_point(tutorial, tmp_path):
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                            "--no-build-isolation", "-q", "-w", str(tmp_path), str(tutorial)],
                           capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    (wheel,) = tmp_path.glob("pegline_lucky-1.0.0-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        entry_points = archive.read("pegline_lucky-1.0.0.dist-info/entry_points.txt").decode()
    assert "[pegline]\nlucky = pegline_lucky:LuckySeven" in entry_points


def test_the_tutorial_tests_pass(tutorial):
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           str(tutorial / "tests")], capture_output=True, text=True,
                          env={"PYTHONPATH": str(tutorial), "PATH": "/usr/bin:/bin"},
                          cwd=tutorial)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 passed" in done.stdout


def test_the_tutorial_variant_is_checked_like_any_other(tutorial, monkeypatch):
    monkeypatch.syspath_prepend(str(tutorial))
    from pegline_lucky import LuckySeven  # the tutorial's own module

    from pegline_core import VariantError, load_variant

    variant = load_variant(tutorial / "lucky.toml", extra_plugins={"lucky": LuckySeven})
    assert variant.plugins == ("standard", "lucky") and variant.config["lucky"]["count"] == 7
    bad = tutorial / "bad.toml"
    bad.write_text('extends = ["two-player"]\nplugins = ["+lucky"]\n[config.lucky]\ncount = "7"\n')
    with pytest.raises(VariantError, match="config.lucky.count: expected an integer, got the "
                                           "string '7'"):
        load_variant(bad, extra_plugins={"lucky": LuckySeven})


SPECS = {name: getattr(module, name) for module in (hookspecs, cribbage_hookspecs)
         for name in dir(module) if name.startswith("pegline_")}
HOOKS = sorted(SPECS)
SHIPPED = ("standard", "muggins", "corner", "stinkhole", "caps", "pegflush")


def section(hook: str) -> str:
    """The part of docs/hooks.md about ``hook``: from its heading to the next one."""
    text = (DOCS / "hooks.md").read_text()
    found = re.search(rf"^## {hook}\n(.*?)(?=^## |\Z)", text, flags=re.DOTALL | re.MULTILINE)
    assert found, f"docs/hooks.md has no section for {hook}"
    return found.group(1)


def test_both_hook_modules_are_covered():
    assert {"pegline_addhooks", "pegline_rules", "pegline_check_variant",
            "pegline_variant_notices"} <= set(HOOKS)
    assert {"pegline_score_show", "pegline_show_counter", "pegline_show_distribution",
            "pegline_show_maximum", "pegline_counting_protocol"} <= set(HOOKS)


@pytest.mark.parametrize("hook", HOOKS)
def test_every_hook_has_a_docs_section_with_its_exact_signature(hook):
    signature = str(inspect.signature(SPECS[hook])).replace("'", "")
    text = (DOCS / "hooks.md").read_text()
    assert f"## {hook}\n\n`def {hook}{signature}`" in text


@pytest.mark.parametrize("hook", HOOKS)
def test_every_hook_section_names_every_argument_and_snapshot_field(hook):
    from pegline_cribbage import snapshots

    text = section(hook)
    for name, parameter in inspect.signature(SPECS[hook]).parameters.items():
        assert f"`{name}`" in text or f"`{name}." in text, f"{hook}: argument {name}"
        snapshot = getattr(snapshots, str(parameter.annotation), None)
        for field in getattr(snapshot, "_fields", ()):
            assert f"`{name}.{field}`" in text, f"{hook}: {name}.{field} is not documented"
    options = SPECS[hook].pegline_spec  # what pluggy reads: firstresult, historic
    for option in ("firstresult", "historic"):
        assert (option in text) == bool(options.get(option)), f"{hook}: {option}"


@pytest.mark.parametrize("hook", HOOKS)
def test_every_hook_has_a_test(hook):
    implemented = [path.name for path in (ROOT / "tests").glob("test_*.py")
                   if path.name != "test_writing_plugins.py" and hook in path.read_text()]
    used_by = [name for name in ("cribbage", *SHIPPED) if hook in describe_plugin(name)[0]]
    assert implemented or used_by, f"no test or shipped plugin exercises {hook}"


def test_every_shipped_rule_is_in_docs_rules_with_points_and_source():
    from pegline_standard import StandardRules

    text = (DOCS / "rules.md").read_text()
    shipped = [r for name in SHIPPED[1:] for r in describe_plugin(name)[1]]
    shipped += StandardRules(StandardRules.Config(three_for_last=3)).pegline_rules()
    for rule in shipped:
        points = "varies" if rule.points is None else str(rule.points)
        assert f"| `{rule.id}` | {points}" in text and rule.source in text, rule.id
