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

__all__ = ["Phase"]


class Phase(StrEnum):
    """The base of every game's phases (a member-less enum, so a game can extend it)."""

    __repr__ = str.__repr__
    """A phase shows as its string, as in a record: views and logs print as before."""
