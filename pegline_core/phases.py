"""A game's phases: a `Phase` enum per game, each member equal to the string records hold.

A game's machine names the phase it is in by a member of its own subclass of `Phase`
(cribbage's is `pegline_cribbage.phases.CribbagePhase`). A member *is* a string
(`enum.StrEnum`): it equals, hashes, prints and writes to JSON as its value, so records, event
dicts and logs read the same as when phases were bare strings, and ``game.phase == "pegging"``
still holds.

>>> class Phases(Phase):
...     DEAL = "deal"
...     PLAY = "play"
>>> Phases.PLAY == "play", Phases("deal") is Phases.DEAL, Phases.PLAY
(True, True, 'play')
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, TypeVar, cast

__all__ = ["Phase", "row_codes", "ROW_PHASES"]


class Phase(StrEnum):
    """The base of every game's phases (a member-less enum, so a game can extend it)."""

    __repr__ = str.__repr__
    """A phase shows as its string, as in a record: views and logs print as before."""


P = TypeVar("P", bound=Phase)

ROW_PHASES: Final[list[Phase]] = []
"""Every game's phases, each at the number a log row holds for it (`row_codes`)."""
_ROW_CODES: dict[type[Phase], dict[Phase, int]] = {}


def row_codes(phases: type[P]) -> dict[P, int]:
    """The number a machine's log rows hold for each member of ``phases`` (numbered the first
    time it is asked), read back from `ROW_PHASES`: a member has attributes, so the garbage
    collector tracks every row that holds one, where it stops tracking a row of numbers and
    strings. The members of two games that share a string are two numbers. The numbers are
    given in the order games first ask, so they mean a phase within one process only: a log
    leaves it as events (a pickled `Game` carries its inputs, an `EventLog` its events).

    >>> class Phases(Phase):
    ...     DEAL = "deal"
    ...     PLAY = "play"
    >>> codes = row_codes(Phases)
    >>> ROW_PHASES[codes[Phases.PLAY]] is Phases.PLAY, row_codes(Phases) is codes
    (True, True)
    """
    codes = _ROW_CODES.get(phases)
    if codes is None:
        codes = _ROW_CODES[phases] = {}
        for member in phases:
            codes[member] = len(ROW_PHASES)
            ROW_PHASES.append(member)
    return cast("dict[P, int]", codes)
