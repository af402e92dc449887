"""The kernel knows no game: no cribbage numbers, no game's modules, no branch on a name."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import pegline_core

# runs in the pure build too (conftest.py): the compiled machines, counting and hook dispatch
pytestmark = pytest.mark.both_builds

KERNEL = Path(pegline_core.__file__).parent
APPLICATION = (KERNEL / "app", KERNEL / "rl")
GAME_NUMBERS = {15, 31, 29, 121}


def kernel_modules() -> list[Path]:
    return [path for path in sorted(KERNEL.rglob("*.py")) if not set(APPLICATION) & set(path.parents)]


def test_the_kernel_has_no_cribbage_numbers():
    """Counts, caps and targets are variant keys or follow from the rules, never constants."""
    found = []
    for path in sorted(KERNEL.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and type(node.value) is int \
                    and node.value in GAME_NUMBERS:
                found.append(f"{path.name}:{node.lineno}: {node.value}")
    assert found == []


def test_no_module_branches_on_a_game_or_variant_name():
    """A comparison with a shipped game's or variant's name would be a rule in the engine."""
    names = {"cribbage", "clabber", "two-player", "two-player-61", "three-player", "partner",
             "five-card", "five-card-quick", "five-card-traditional", "stink-hole",
             "late-caps"}
    roots = [KERNEL, KERNEL.parent / "plugins"]
    found = []
    for root in roots:
        for path in sorted(root.rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Compare):
                    for side in [node.left, *node.comparators]:
                        if isinstance(side, ast.Constant) and side.value in names:
                            found.append(f"{path}:{node.lineno}")
    assert found == []


def test_the_kernel_never_names_a_game_plugin():
    """Games are plugins: the kernel's text (code and docstrings) names none but the default
    game, cribbage, which a variant file may leave out."""
    found = [f"{path.name}:{number}" for path in kernel_modules()
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if "clabber" in line.lower()]
    assert found == []
