"""Compiles the hot path (``[tool.pegline] compiled`` in pyproject.toml) with mypyc when it can.

Everything else is in pyproject.toml. With ``PEGLINE_PURE_PYTHON=1`` at build time, without
mypy, or without a working C compiler the package installs as pure Python, with the same results.
"""

from __future__ import annotations

import os
import sys
import sysconfig
import tempfile
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
PURE_ENV = "PEGLINE_PURE_PYTHON"

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
COMPILED: list[str] = PYPROJECT["tool"]["pegline"]["compiled"]
PACKAGE_ROOTS: list[str] = PYPROJECT["tool"]["setuptools"]["packages"]["find"]["where"]
"""The folders setuptools finds the packages in (the kernel's, then the plugins')."""


def source(module: str) -> str:
    """The source file of ``module``, relative to the project, in whichever root holds it."""
    relative = Path(*module.split(".")).with_suffix(".py")
    (found,) = [Path(root, relative) for root in PACKAGE_ROOTS
                if (ROOT / root / relative).is_file()]
    return str(found)


METADATA_ONLY = {"egg_info", "dist_info"}
"""Commands that only write metadata: pip runs one before each build, and translating the
modules to C for it would be wasted (about a minute)."""


def extensions() -> list[object]:
    if os.environ.get(PURE_ENV, "") not in ("", "0") or METADATA_ONLY.intersection(sys.argv[1:2]):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("pegline: mypy is not installed; installing pure Python", file=sys.stderr)
        return []
    if not compiler_works():
        print("pegline: no working C compiler; installing pure Python", file=sys.stderr)
        return []
    os.environ.setdefault("MYPYPATH", "plugins")
    # the modules they import are type-checked for their types, their own errors left to mypy's
    # run in CI (an optional extra, such as the web server's, need not be installed to build)
    return mypycify(["--follow-imports=silent", *(source(module) for module in COMPILED)],
                    opt_level="3", debug_level="0", multi_file=True)


def compiler_works() -> bool:
    """Whether the C compiler setuptools would use compiles a file: asked before mypyc
    translates the modules to C (a minute wasted where none works)."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as folder:
        probe = Path(folder, "probe.c")
        probe.write_text("int pegline_probe(void) { return 0; }\n", encoding="utf-8")
        try:
            compiler.compile([str(probe)], output_dir=folder)
        except Exception:  # noqa: BLE001 - any failure means "no compiler"
            return False
    return True


class OptionalBuildExt(build_ext):
    """Falls back to pure Python when the C compiler fails (or is missing)."""

    def build_extension(self, ext: object) -> None:
        """Compile the extension's C files on every core (mypyc writes one per module)."""
        compile_one = self.compiler.compile

        def compile_all(sources: list[str], *args: object, **kwargs: object) -> list[str]:
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                done = pool.map(lambda source: compile_one([source], *args, **kwargs), sources)
                return [built for objects in done for built in objects]

        self.compiler.compile = compile_all
        try:
            super().build_extension(ext)
        finally:
            self.compiler.compile = compile_one

    def run(self) -> None:
        if self.inplace:  # an editable install: drop what an earlier build left in the tree
            self._remove_stale()
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - any compiler failure means "pure Python"
            for built in self.get_outputs():  # all or nothing: the modules share one library
                Path(built).unlink(missing_ok=True)
            print(f"pegline: compiling failed ({exc}); installing pure Python", file=sys.stderr)


    @staticmethod
    def _remove_stale() -> None:
        suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
        kept = {source(module)[:-3] + suffix for module in COMPILED}
        for folder in ("pegline_core", "plugins", "."):
            pattern = "*__mypyc*" + suffix if folder == "." else "**/*" + suffix
            for built in (ROOT / folder).glob(pattern):
                if str(built.relative_to(ROOT)) not in kept:
                    built.unlink()


class BuildPyWithVariants(build_py):
    """Puts the variant files in the package (pegline_core/_variants) of a wheel."""

    def run(self) -> None:
        super().run()
        if not self.editable_mode:
            self.mkpath(str(Path(self.build_lib, "pegline_core", "_variants")))
            for variant in sorted((ROOT / "variants").glob("*.toml")):
                self.copy_file(str(variant), str(Path(self.build_lib, "pegline_core", "_variants",
                                                      variant.name)))


setup(ext_modules=extensions(),
      cmdclass={"build_ext": OptionalBuildExt, "build_py": BuildPyWithVariants})
