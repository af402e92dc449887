"""One step of a game, whole or not at all: the kernel's hot path under `Game.apply` and
`play_game`, compiled with them.

>>> from pegline_core import Game
>>> game = Game("two-player", dealer=1)
>>> step(game.machine, game._log, game._undo, "not an action")
Traceback (most recent call last):
pegline_core.errors.IllegalActionError: not an action: 'not an action'
>>> len(game._log), game._undo
(1, [])
"""

from __future__ import annotations

from typing import Any

from pegline_core.definition import Machine

__all__ = ["step"]


def step(machine: Machine, log: list[Any], undo: list[tuple[object, int]] | None,
         action: Any) -> int:
    """Apply ``action``; if anything fails on the way, put the machine and its log back exactly
    as they were and raise. Otherwise note where to undo to in ``undo`` (if a list: None keeps
    no history), and return where the step's events start in the log."""
    start = len(log)
    snapshot = machine.snapshot()
    try:
        machine.apply(action)
    except BaseException:
        machine.restore(snapshot)
        del log[start:]
        raise
    if undo is not None:
        undo.append((snapshot, start))
    return start
