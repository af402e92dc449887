"""Cribbage's phases, in the order a hand goes through them (each equal to its record string)."""

from __future__ import annotations

from pegline_core.phases import Phase

__all__ = ["CribbagePhase"]


class CribbagePhase(Phase):
    """Where a cribbage game is: the cut for dealer, a hand's deal, discards, starter, pegging
    and show, then over."""

    CUT = "cut"
    DEAL = "deal"
    DISCARD = "discard"
    STARTER = "starter"
    PEGGING = "pegging"
    SHOW = "show"
    OVER = "over"
