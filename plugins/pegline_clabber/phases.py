"""Clabber's phases, in the order a hand goes through them (each equal to its record string)."""

from __future__ import annotations

from pegline_core.phases import Phase

__all__ = ["ClabberPhase"]


class ClabberPhase(Phase):
    """Where a Clabber game is: the cut for dealer, a hand's deal, naming trump, the tricks,
    calling a renege after them, the count (the stamp of what a hand's end scores), then over."""

    CUT = "cut"
    DEAL = "deal"
    NAMING = "naming"
    TRICKS = "tricks"
    CALLING = "calling"
    COUNT = "count"
    OVER = "over"
