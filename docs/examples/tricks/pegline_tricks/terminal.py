"""A person's seat at the terminal: the table as text, a card chosen by number or by name."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pegline_core.app.terminal_seat import AnswerError, TerminalSeat, card_answer
from pegline_tricks.machine import TricksView


class TricksSeat(TerminalSeat[TricksView]):
    help = ("Type a card's number, or the card itself (JH, 10S or TS); follow the suit led.",)

    def screen(self, view: TricksView) -> str:
        trick = ", ".join(f"seat {seat} {card.symbol}" for seat, card in view.trick)
        hand = "  ".join(f"{n}:{card.symbol}" for n, card in enumerate(view.held, 1))
        scores = ", ".join(f"seat {seat} {score}" for seat, score in enumerate(view.scores))
        return (f"hand {view.hand} · scores {scores} (to {view.target})\n"
                f"trick: {trick or '(you lead)'}\nyou hold {hand}")

    def ask(self, view: TricksView, legal: Sequence[Any]) -> tuple[str, Callable[[str], Any]]:
        def read(text: str) -> Any:
            card = card_answer(text, dict(enumerate(view.held, 1)))
            plays = {play.card: play for play in legal}
            if card not in plays:
                raise AnswerError(f"you cannot play {card.symbol}: "
                                  + ("you do not hold it" if card not in view.held
                                     else "follow the suit led"))
            return plays[card]

        return "play a card", read
