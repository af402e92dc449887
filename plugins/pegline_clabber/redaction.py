"""What each seat may see of Clabber's events: the game's redactor (the kernel's
``pegline_redactor``), apart from the printer, so that the fairness checks and the web table
need nothing of the application's text."""

from __future__ import annotations

from collections.abc import Container
from typing import Any

from pegline_clabber.actions import Deal
from pegline_clabber.events import DealerChosen, HandSettled, RenegeCalled, RenegesVoid
from pegline_core.card_game import face_down

__all__ = ["ClabberRedactor", "DealerTrack"]

_DEALER_MOVES = {HandSettled.TAG: 1, RenegeCalled.TAG: 1, RenegesVoid.TAG: -1}


class DealerTrack:
    """The dealer, followed from the events' tags, which is all a reader of a redacted stream
    has: the first dealer, then one to the left after a settled hand or a renege, one back
    after both teams reneged. Each event counts once (by its ``seq``)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.dealer = 0
        self.followed = -1

    def follow(self, kind: object, dealer: object, seq: object) -> None:
        if type(seq) is int:
            if seq <= self.followed:
                return
            self.followed = seq
        if kind == DealerChosen.TAG and type(dealer) is int:
            self.dealer = dealer
        elif kind in _DEALER_MOVES:
            self.dealer = (self.dealer + _DEALER_MOVES[kind]) % self.players


class ClabberRedactor:
    """What the ``reveal`` seats (every seat: None) may see: other seats' dealt cards become
    None, except the turn card, which is dealt face up to the dealer. Given every event in
    order, to follow the dealer."""

    def __init__(self, players: int, reveal: Container[int] | None) -> None:
        self.reveal = reveal
        self.track = DealerTrack(players)

    def redact(self, data: dict[str, Any]) -> dict[str, Any]:
        kind = data.get("type")
        self.track.follow(kind, data.get("dealer"), data.get("seq"))
        reveal = self.reveal
        if reveal is None or kind != Deal.TAG:
            return data
        hands = data.get("hands", ())
        shown = face_down(hands, reveal)
        dealer = self.track.dealer
        if dealer not in reveal and dealer < len(hands) and hands[dealer]:
            shown[dealer][-1] = hands[dealer][-1]  # the turn card, dealt face up
        return {**data, "hands": shown}
