"""Which build is running: the hot path compiled with mypyc, or the same source interpreted.

A C compiler at install time compiles the hot path (the list is ``[tool.pegline] compiled`` in
pyproject.toml, read by setup.py); the source stays the reference, read and stepped through like
any Python. ``PEGLINE_PURE_PYTHON=1`` in the environment runs that source even where compiled
modules are installed: `pure_python_finder` then loads every module of this distribution that
has a compiled extension from its ``.py`` file instead. Results are identical either way
(tests/test_log_digests.py runs in both builds). Nothing here names a module: a compiled module
is one whose folder holds its extension next to its source.

>>> build_name() in ("compiled (mypyc)", "pure Python")
True
"""

from __future__ import annotations

import functools
import importlib.machinery
import importlib.metadata
import importlib.util
import os
import site
import sys
import sysconfig
from collections.abc import Sequence
from importlib.machinery import ModuleSpec

__all__ = ["PURE_ENV", "build_name", "compiled_modules", "extension_modules",
           "pure_python_finder", "install"]

PURE_ENV = "PEGLINE_PURE_PYTHON"
DISTRIBUTION = "pegline"
_SUFFIXES = tuple(importlib.machinery.EXTENSION_SUFFIXES)


def wants_pure_python() -> bool:
    return os.environ.get(PURE_ENV, "") not in ("", "0")


@functools.cache
def top_level_packages() -> frozenset[str]:
    """The packages this distribution installs (its ``top_level.txt``), or the kernel alone
    when it runs from a source tree that was never installed."""
    try:
        listed = importlib.metadata.distribution(DISTRIBUTION).read_text("top_level.txt") or ""
    except importlib.metadata.PackageNotFoundError:
        listed = ""
    return frozenset(name for name in listed.split() if not name.endswith("__mypyc")) \
        | {__name__.partition(".")[0]}


def package_folders() -> dict[str, list[str]]:
    """Each top-level package's folders, found without importing the package."""
    folders = {}
    for top in sorted(top_level_packages()):
        spec = importlib.util.find_spec(top)
        folders[top] = list(spec.submodule_search_locations or []) if spec else []
    return folders


def _has_extension(folder: str, tail: str) -> str | None:
    for suffix in _SUFFIXES:
        built = os.path.join(folder, tail + suffix)
        if os.path.exists(built):
            return built
    return None


def extension_modules() -> dict[str, tuple[str, str]]:
    """The modules of this distribution installed compiled: name -> (source, extension)."""
    found = {}
    for top, folders in package_folders().items():
        for root in folders:
            for folder, dirs, files in os.walk(root):
                dirs[:] = [name for name in dirs if not name.startswith(("_", "."))
                           and os.path.exists(os.path.join(folder, name, "__init__.py"))]
                relative = os.path.relpath(folder, root)
                package = ".".join([top, *([] if relative == "." else relative.split(os.sep))])
                for file in files:
                    if file.endswith(".py") and file != "__init__.py":
                        built = _has_extension(folder, file[:-3])
                        if built:
                            found[f"{package}.{file[:-3]}"] = (os.path.join(folder, file), built)
    return found


def compiled_modules() -> list[str]:
    """The modules of this distribution that are loaded from compiled extensions now."""
    tops = top_level_packages()
    return sorted(name for name, module in list(sys.modules.items())
                  if name.partition(".")[0] in tops
                  and str(getattr(module, "__file__", "")).endswith(_SUFFIXES))


def build_name() -> str:
    """``compiled (mypyc)`` when the hot path runs compiled, else ``pure Python`` (importing
    this module imports the package, and with it its compiled game loop, first)."""
    return "compiled (mypyc)" if compiled_modules() else "pure Python"


class _SourceOnly:
    """A meta path finder loading this distribution's compiled modules from their sources."""

    def find_spec(self, name: str, path: Sequence[str] | None,
                  target: object = None) -> ModuleSpec | None:
        top, dot, _ = name.partition(".")
        if not dot or path is None or top not in top_level_packages():
            return None  # a top-level package is never compiled: its own finder finds it
        loader = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        tail = name.rpartition(".")[2]
        for entry in path:
            if _has_extension(entry, tail):
                return importlib.machinery.FileFinder(entry, loader).find_spec(name)
        return None


pure_python_finder = _SourceOnly()


def installed_roots() -> list[str]:
    """The folders packages are installed into (site-packages), as real paths."""
    roots = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib"),
             *site.getsitepackages(), site.getusersitepackages()}
    return [os.path.realpath(root) for root in roots if root]


def stale_sources() -> list[str]:
    """Sources of compiled modules edited after they were compiled (an editable install).

    A compiled extension would hide the edit: while any is stale, every compiled module runs
    from its source (they are compiled together, so all or none). An installed package (from a
    wheel or an sdist) is never stale: its files' times say when they were unpacked, not
    when they were written."""
    installed = tuple(root + os.sep for root in installed_roots())
    return sorted(source for source, built in extension_modules().values()
                  if not os.path.realpath(source).startswith(installed)
                  and os.path.getmtime(source) > os.path.getmtime(built))


def install() -> None:
    """Put `pure_python_finder` first when ``PEGLINE_PURE_PYTHON`` asks for pure Python, or
    when a compiled module's source changed after it was compiled (`stale_sources`; said on a
    terminal, not into the output a program or a test reads)."""
    if pure_python_finder in sys.meta_path:
        return
    stale = [] if wants_pure_python() else stale_sources()
    if stale and sys.stderr is not None and sys.stderr.isatty():  # a developer's terminal
        print(f"pegline: {', '.join(stale)} changed after compiling: running the source "
              "(pip install -e . compiles it again)", file=sys.stderr)
    if wants_pure_python() or stale:
        sys.meta_path.insert(0, pure_python_finder)
