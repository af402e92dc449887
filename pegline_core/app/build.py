"""Which build is running: the modules compiled with mypyc, or the same source interpreted.

A C compiler at install time compiles the hot path (`COMPILED`, see setup.py); the source stays
the reference, read and stepped through like any Python. ``PEGLINE_PURE_PYTHON=1`` in the
environment runs that source even where compiled modules are installed: `pure_python_finder`
then loads those modules from their ``.py`` files. Results are identical either way
(tests/test_log_digests.py runs in both builds).

>>> build_name() in ("compiled (mypyc)", "pure Python")
True
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import site
import sys
import sysconfig
from collections.abc import Sequence
from importlib.machinery import ModuleSpec

__all__ = ["COMPILED", "PURE_ENV", "compiled_modules", "build_name", "pure_python_finder"]

COMPILED = (
    "pegline_core.dispatch",
    "pegline_core.draws",
    "pegline_core.ruleset",
    "pegline_core.app.players",
    "pegline_cribbage.combinations",
    "pegline_cribbage.machine",
    "pegline_cribbage.bots",
    "pegline_cribbage.playout",
    "pegline_cribbage.encoding",
    "pegline_standard.counterparts",
    "pegline_clabber.cards",
    "pegline_clabber.machine",
    "pegline_clabber.melds",
    "pegline_clabber.encoding",
)
"""The modules setup.py compiles: the kernel's hook dispatch, claim checks, random draws and game
loop, the cribbage machine and its counting, the coach's pegging playouts, the Clabber machine
with its card and meld rules, the built-in bots, the standard rules' native counterparts, and
each game's encoding for learning agents (`pegline_core.rl` reads one observation per
decision). Left interpreted: plugins' hook
implementations (pluggy reads their signatures), events, actions, rules and cards (third-party
code subclasses and builds them), `Game` (its public methods check arguments whose declared type
a compiled build would trust)."""

PURE_ENV = "PEGLINE_PURE_PYTHON"


def wants_pure_python() -> bool:
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def compiled_modules() -> list[str]:
    """The modules of `COMPILED` that are loaded from compiled extensions now."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return [name for name in COMPILED
            if str(getattr(sys.modules.get(name), "__file__", "")).endswith(suffixes)]


def build_name() -> str:
    """``compiled (mypyc)`` when the hot path runs compiled, else ``pure Python``."""
    import pegline_core.app.players  # noqa: F401 - compiled with all the others, or none is

    return "compiled (mypyc)" if compiled_modules() else "pure Python"


class _SourceOnly:
    """A meta path finder loading the `COMPILED` modules from their source files."""

    def find_spec(self, name: str, path: Sequence[str] | None,
                  target: object = None) -> ModuleSpec | None:
        if name not in COMPILED:
            return None
        loader = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        for entry in path if path is not None else sys.path:
            spec = importlib.machinery.FileFinder(entry, loader).find_spec(name)
            if spec is not None:
                return spec
        return None


pure_python_finder = _SourceOnly()


def installed_roots() -> list[str]:
    """The folders packages are installed into (site-packages), as real paths."""
    roots = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib"),
             *site.getsitepackages(), site.getusersitepackages()}
    return [os.path.realpath(root) for root in roots if root]


def stale_sources() -> list[str]:
    """Sources of `COMPILED` modules edited after they were compiled (an editable install).

    A compiled extension would hide the edit: while any is stale, every compiled module runs
    from its source (they are compiled together, so all or none). An installed package (from a
    wheel or an sdist) is never stale: its files' times say when they were unpacked, not
    when they were written."""
    stale = []
    installed = tuple(root + os.sep for root in installed_roots())
    for name in COMPILED:
        top, *middle, tail = name.split(".")
        spec = importlib.util.find_spec(top)  # a top-level name: found, not imported
        for folder in (spec.submodule_search_locations or []) if spec else []:
            if os.path.realpath(folder).startswith(installed):
                continue
            source = os.path.join(folder, *middle, f"{tail}.py")
            built = [os.path.join(folder, *middle, tail + suffix)
                     for suffix in importlib.machinery.EXTENSION_SUFFIXES]
            built = [path for path in built if os.path.exists(path)]
            if built and os.path.exists(source) and \
                    os.path.getmtime(source) > max(map(os.path.getmtime, built)):
                stale.append(source)
    return stale


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
