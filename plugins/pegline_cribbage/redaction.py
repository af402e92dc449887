"""What each seat may see of cribbage's events: the game's redactor (the kernel's
``pegline_redactor``), apart from the printer, so that the fairness checks and the web table
need nothing of the application's text."""

from __future__ import annotations

from collections.abc import Container
from typing import Any

from pegline_core.card_game import face_down
from pegline_cribbage.actions import Deal, Discard

__all__ = ["CribbageRedactor"]


class CribbageRedactor:
    """What the ``reveal`` seats (every seat: None) may see. Cards that are face down when the
    event happens become None, their number kept: other seats' dealt hands, the deck's cards to
    the crib, other seats' discards. Everything else is public when it happens (plays, the
    starter, hands and crib at the show)."""

    def __init__(self, reveal: Container[int] | None) -> None:
        self.reveal = reveal

    def redact(self, data: dict[str, Any]) -> dict[str, Any]:
        reveal = self.reveal
        if reveal is None:
            return data
        if data.get("type") == Deal.TAG:
            return {**data, "hands": face_down(data.get("hands", ()), reveal),
                    "crib": [None] * len(data.get("crib", ()))}
        if data.get("type") == Discard.TAG and data.get("seat") not in reveal:
            return {**data, "cards": [None] * len(data.get("cards", ()))}
        return data
