"""A human player at the terminal: prompts for discards and plays, and explains refusals."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import click

from pegline_core.cards import Card, CardError, format_cards, parse_cards
from pegline_core.events import AskCoach
from pegline_cribbage.actions import Declare, Discard, Go, Play, Respond
from pegline_cribbage.combinations import PIPS
from pegline_cribbage.views import CribbageView

__all__ = ["HumanPlayer"]


class HumanPlayer:
    """Asks at the terminal. Cards are chosen by notation (``5H``) or position (``1``).

    After a move is committed, typing ``compare`` at the next prompt shows the coach's evaluation
    of that decision as it stood, and marks the game "assist used".
    """

    def __init__(self) -> None:
        self.last: CribbageView | None = None

    def choose(self, view: CribbageView, legal: Sequence[Any]) -> Any:
        action = self._choose(view, legal)
        if isinstance(action, AskCoach):
            self._show_comparison()
            return action
        if isinstance(action, Discard | Play):
            self.last = view
        return action

    def _show_comparison(self) -> None:
        from pegline_cribbage.coach import Coach

        assert self.last is not None
        evaluation = Coach(self.last.rules).evaluate(self.last)
        if evaluation is None:
            click.echo("  the coach had nothing to compare at that decision")
            return
        click.echo(f"  coach ({evaluation.decision}, best first; {evaluation.note})")
        for candidate in evaluation.candidates:
            action = candidate.action
            cards = action.cards if isinstance(action, Discard) else (action.card,)
            reasons = "; ".join(f"{name}: {value}" for name, value in candidate.reasons)
            click.echo(f"    {format_cards(cards, symbols=True):<8} {reasons}")

    def _choose(self, view: CribbageView, legal: Sequence[Any]) -> Any:
        if isinstance(legal[0], Declare):
            assert view.counting is not None and view.starter is not None
            _seat, cards, crib, _declared = view.counting
            what = "the crib" if crib else "your hand"
            cap = view.max_declaration
            points = click.prompt(f"count {what} {format_cards(cards, symbols=True)} "
                                  f"+ {view.starter.symbol} (0-{cap})", type=click.IntRange(0, cap))
            return Declare(view.seat, points)
        if isinstance(legal[0], Respond):
            return self._respond(view)
        if legal == [Go(view.seat)]:
            click.echo(f"  (you hold {format_cards(view.held, symbols=True)}: nothing fits under "
                       f"{view.limit} at count {view.count}, so you say go)")
            return legal[0]
        numbered = "  ".join(f"{i}:{c.symbol}" for i, c in enumerate(view.held, 1))
        if isinstance(legal[0], Discard):
            need = len(legal[0].cards)
            prompt = f"your hand {numbered}\nlay away {need} card(s) to the crib"
            return self._ask(prompt, view, lambda cards: self._discard(view, cards, need, legal))
        prompt = f"count {view.count}; your hand {numbered}\nplay a card"
        return self._ask(prompt, view, lambda cards: self._play(view, cards, legal))

    def _ask(self, prompt: str, view: CribbageView,
             decide: Callable[[tuple[Card, ...]], Any]) -> Any:
        if self.last is not None:
            prompt += " (or 'compare' for the coach on your last move)"
        while True:
            answer = click.prompt(prompt, prompt_suffix=": ")
            if answer.strip().lower() == "compare":
                if self.last is None:
                    click.echo("  nothing to compare yet: commit a move first")
                    continue
                return AskCoach(view.seat)
            try:
                cards = _read_cards(answer, view.held)
                return decide(cards)
            except ValueError as exc:
                click.echo(f"  not allowed: {exc}")

    @staticmethod
    def _respond(view: CribbageView) -> Any:
        assert view.counting is not None and view.starter is not None
        seat, cards, crib, declared = view.counting
        what = "crib" if crib else "hand"
        prompt = (f"seat {seat} declares {declared} for the {what} "
                  f"{format_cards(cards, symbols=True)} + {view.starter.symbol}\n"
                  "accept, muggins N (points missed) or overcount")
        while True:
            words = click.prompt(prompt, default="accept").lower().split()
            if words in (["accept"], ["overcount"]):
                return Respond(view.seat, words[0])
            cap = view.max_declaration
            if len(words) == 2 and words[0] == "muggins" and words[1].isdigit() and \
                    1 <= int(words[1]) <= cap:
                return Respond(view.seat, "muggins", int(words[1]))
            click.echo(f"  not allowed: answer 'accept', 'muggins N' with N from 1 to {cap}, "
                       "or 'overcount'")

    @staticmethod
    def _discard(view: CribbageView, cards: tuple[Card, ...], need: int,
                 legal: Sequence[Any]) -> Any:
        if len(cards) != need:
            raise ValueError(f"choose exactly {need} card(s), not {len(cards)}")
        for action in legal:
            if set(action.cards) == set(cards):
                return action
        raise ValueError("choose different cards from your hand")

    @staticmethod
    def _play(view: CribbageView, cards: tuple[Card, ...], legal: Sequence[Any]) -> Any:
        if len(cards) != 1:
            raise ValueError("play exactly one card")
        card = cards[0]
        count = view.count + PIPS[card.index]
        if count > view.limit:
            raise ValueError(f"{card.symbol} would make the count {count}, over {view.limit}")
        return Play(view.seat, card)


def _read_cards(answer: str, held: tuple[Card, ...]) -> tuple[Card, ...]:
    cards = []
    for word in answer.replace(",", " ").split():
        if word.isdigit():
            index = int(word)
            if not 1 <= index <= len(held):
                raise CardError(f"there is no card number {index}; choose 1 to {len(held)}")
            cards.append(held[index - 1])
        else:
            card = parse_cards([word])[0]
            if card not in held:
                raise CardError(f"you do not hold {card.symbol}")
            cards.append(card)
    if len(set(cards)) != len(cards):
        raise CardError("a card is chosen twice")
    return tuple(cards)
