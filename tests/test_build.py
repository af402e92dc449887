"""The two builds: the hot path compiled with mypyc where a C compiler was there at install time,
or the same source interpreted (``PEGLINE_PURE_PYTHON=1``); `pegline --version` says which runs.
(Both builds give the same logs: tests/test_log_digests.py, run by CI in each.)"""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import COMPILED
from pegline_core import Ruleset, load_variant
from pegline_core.build import PURE_ENV, build_name, compiled_modules

# runs in the pure build too (conftest.py): the build itself
pytestmark = pytest.mark.both_builds


def run(code: str, pure: bool) -> str:
    env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
    if pure:
        env[PURE_ENV] = "1"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_pure_python_loads_every_compiled_module_from_its_source():
    code = ("import importlib, pegline_core\n"
            "from pegline_core.build import build_name\n"
            f"files = [importlib.import_module(n).__file__ for n in {COMPILED!r}]\n"
            "print(build_name(), all(f.endswith('.py') for f in files))")
    assert run(code, pure=True) == "pure Python True"


def test_the_build_is_all_compiled_or_all_pure():
    code = ("import importlib, pegline_core\n"
            "from pegline_core.build import build_name, compiled_modules\n"
            f"for name in {COMPILED!r}: importlib.import_module(name)\n"
            "print(build_name(), len(compiled_modules()))")
    name, count = run(code, pure=False).rsplit(" ", 1)
    assert (name, int(count)) in (("compiled (mypyc)", len(COMPILED)), ("pure Python", 0))


@pytest.mark.parametrize("pure", [True, False])
def test_version_says_which_build_runs(pure):
    code = "from pegline_core.app.cli import main; main(['--version'], prog_name='pegline')"
    env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
    if pure:
        env[PURE_ENV] = "1"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("pegline")
    if pure:
        assert done.stdout.strip().endswith(", pure Python")
    else:
        assert done.stdout.strip().endswith((", pure Python", ", compiled (mypyc)"))


def test_this_process_reports_its_own_build():
    assert build_name() == ("compiled (mypyc)" if compiled_modules() else "pure Python")
    assert (os.environ.get(PURE_ENV, "") not in ("", "0")) <= (build_name() == "pure Python")


@pytest.mark.parametrize("variant", ["two-player", "muggins", "pegging-flush", "stink-hole"])
def test_pluggy_reads_every_hook_implementation_s_real_arguments(variant):
    """pluggy reads an implementation's argument names from its signature: a compiled function
    whose signature it could not read would silently be called with no arguments."""
    ruleset = Ruleset(load_variant(variant))
    checked = 0
    for caller in vars(ruleset.pm.hook).values():
        for impl in getattr(caller, "get_hookimpls", list)():
            wanted = [name for name in inspect.signature(impl.function).parameters
                      if name != "self"]
            assert list(impl.argnames) == wanted, (impl.plugin_name, caller.name)
            checked += 1
    assert checked >= 10


def test_the_compiled_modules_are_the_hot_path_only():
    """Plugins' hook implementations, events, actions and cards stay interpreted (the standard
    rules' native counterparts, which pluggy never reads, are compiled)."""
    assert not any(name.startswith(("pegline_standard", "pegline_muggins")) for name in COMPILED
                   if name != "pegline_standard.counterparts")
    assert "pegline_standard" not in COMPILED
    assert "pegline_core.events" not in COMPILED and "pegline_core.cards" not in COMPILED
    assert "pegline_cribbage.machine" in COMPILED


ROOT = Path(__file__).resolve().parent.parent


PACKAGE_FOLDERS = (ROOT / "pegline_core",
                   *sorted(init.parent for init in (ROOT / "plugins").glob("*/__init__.py")))
"""The kernel and every plugin: each an import package of the distribution."""
BUILT_HERE = (".so", ".pyd", ".c", ".pyc")
"""Files a build leaves beside the sources (an editable compiled install, Python's caches)."""


def shipped_files(folder: Path) -> set[str]:
    """The files of ``folder`` a wheel must carry, as the wheel names them (every module of
    every package in it, and their data: pages, catalogs, tables, py.typed)."""
    return {str(Path(folder.name, file.relative_to(folder)).as_posix())
            for file in folder.rglob("*") if file.is_file() and file.suffix not in BUILT_HERE
            and "__pycache__" not in file.parts}


def test_every_package_says_it_is_typed():
    """A package without py.typed is read by a user's mypy as untyped (PEP 561), whatever its
    annotations; the wheel carries each (the test below)."""
    untyped = [folder.name for folder in PACKAGE_FOLDERS if not (folder / "py.typed").is_file()]
    assert untyped == []


@pytest.mark.xdist_group("wheel")  # the tests that read the wheel share one build
def test_the_wheel_carries_every_package_and_its_files(pure_wheel):
    """An editable install finds any package in the tree, so only `pip install .` would show
    one missing (as a wheel without pegline_core.app.commands once did)."""
    names = set(zipfile.ZipFile(pure_wheel).namelist())
    packages = [init.parent for folder in PACKAGE_FOLDERS for init in folder.rglob("__init__.py")]
    assert len(packages) >= 13
    for package in packages:
        top = next(folder for folder in PACKAGE_FOLDERS if package.is_relative_to(folder))
        init = Path(top.name, package.relative_to(top), "__init__.py").as_posix()
        assert init in names, f"{init} is not in the wheel"
    for folder in PACKAGE_FOLDERS:
        assert shipped_files(folder) <= names, sorted(shipped_files(folder) - names)


def test_a_new_plugin_folder_ships_with_no_edit_to_the_configuration(tmp_path):
    """setuptools finds the packages (pyproject.toml: `packages.find`): a plugin added to
    plugins/ is in the wheel as it is."""
    for name in ("pyproject.toml", "setup.py", "README.md"):
        (tmp_path / name).write_bytes((ROOT / name).read_bytes())
    # the project's packages, empty, and a new plugin with a subpackage
    packages = [init.parent.relative_to(ROOT) for folder in PACKAGE_FOLDERS
                for init in folder.rglob("__init__.py")]
    newcomer = Path("plugins", "pegline_newcomer")
    for package in (*packages, newcomer, newcomer / "sub"):
        (tmp_path / package).mkdir(parents=True, exist_ok=True)
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "plugins" / "pegline_newcomer" / "py.typed").write_text("")
    (tmp_path / "variants").mkdir()
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                            "--no-build-isolation", "-q", "-w", str(tmp_path / "dist"),
                            str(tmp_path)], capture_output=True, text=True,
                           env=os.environ | {PURE_ENV: "1"}, check=False)
    assert built.returncode == 0, built.stderr
    (wheel,) = (tmp_path / "dist").glob("pegline-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"pegline_newcomer/__init__.py", "pegline_newcomer/sub/__init__.py",
            "pegline_newcomer/py.typed", "pegline_core/__init__.py"} <= names


@pytest.mark.slow
@pytest.mark.xdist_group("wheel")  # pip builds in the source tree, as for the shared wheel
def test_without_a_c_compiler_the_wheel_is_pure_python(tmp_path):
    """A compiler that fails (CC=false) leaves a working wheel of the interpreted source."""
    env = {k: v for k, v in os.environ.items() if k != PURE_ENV} | {"CC": "false"}
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                            "--no-build-isolation", "-q", "-w", str(tmp_path), str(ROOT)],
                           capture_output=True, text=True, env=env, check=False)
    assert built.returncode == 0, built.stderr
    (wheel,) = tmp_path.glob("pegline-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "pegline_cribbage/machine.py" in names
    assert "pegline_core/app/commands/__init__.py" in names
    assert not [name for name in names if name.endswith((".so", ".pyd"))]


def test_a_source_edited_after_compiling_runs_from_source(tmp_path, monkeypatch):
    """An editable install compiles in place: an edit made afterwards must not be hidden."""
    import importlib.machinery
    import importlib.util

    from pegline_core import build
    from pegline_core.build import stale_sources

    package = tmp_path / "pegline_cribbage"
    package.mkdir()
    (package / "__init__.py").write_text("")
    source = package / "machine.py"
    source.write_text("# edited\n")
    built = package / f"machine{importlib.machinery.EXTENSION_SUFFIXES[0]}"
    built.write_bytes(b"")
    os.utime(built, (1_000_000, 1_000_000))  # compiled long before the edit
    def find_spec(name: str):  # only this folder's package, wherever the real one is
        return importlib.machinery.PathFinder.find_spec(name, [str(tmp_path)])

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    assert stale_sources() == [str(source)]
    # installed from a wheel, the files' times say when they were unpacked: never stale
    monkeypatch.setattr(build, "installed_roots", lambda: [os.path.realpath(tmp_path)])
    assert stale_sources() == []
    monkeypatch.undo()
    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    os.utime(built, None)
    os.utime(source, (1_000_000, 1_000_000))  # compiled after the last edit
    assert stale_sources() == []


def test_a_player_may_extend_the_built_in_bots_in_either_build():
    from pegline_core import RandomBot, play_game
    from pegline_cribbage.bots import GreedyBot

    class Counting(RandomBot):
        decisions = 0

        def choose(self, view, legal):
            Counting.decisions += 1
            return super().choose(view, legal)

    class Greedy(GreedyBot):
        pass

    game = play_game("two-player", [Counting(1), Greedy(2)], seed=4)
    assert game.over and Counting.decisions > 0
