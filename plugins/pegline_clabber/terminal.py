"""A human player at the terminal: shows trump, the trick, the score and the hand with the
cards that may be played marked; a card the rules refuse is refused with the rule. ``quit`` (or
the end of input) leaves the table with nothing applied, so the game is saved for a resume."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

from pegline_clabber.actions import Announce, CallRenege, Name, Pass, Play, Show
from pegline_clabber.cards import SUIT_SYMBOLS, legal_plays, why_illegal
from pegline_clabber.views import ClabberView
from pegline_core.app.players import PlayerLeft
from pegline_core.cards import Card, CardError, format_cards

__all__ = ["HumanPlayer"]


class HumanPlayer:
    """Asks at the terminal. Cards are chosen by notation (``JH``) or position (``1``)."""

    def choose(self, view: ClabberView, legal: Sequence[Any]) -> Any:
        if isinstance(legal[0], Pass):
            return self._name(view, legal)
        for action in legal:
            if isinstance(action, Announce | Show):
                verb = "announce" if isinstance(action, Announce) else "show"
                if _ask(f"  {verb} your melds? (y/n)", "y").lower() in ("y", "yes"):
                    return action
        calls = {a.target: a for a in legal if isinstance(a, CallRenege)}
        return self._play(view, [a for a in legal if isinstance(a, Play)], calls)

    @staticmethod
    def _callable(view: ClabberView, calls: dict[int, CallRenege]) -> str:
        played = {seq: (seat, card) for seq, seat, card in view.played}
        return ", ".join(f"{seq} (seat {played[seq][0]} played {played[seq][1].symbol})"
                         if seq in played else f"{seq} (a call)" for seq in calls)

    @staticmethod
    def _status(view: ClabberView) -> str:
        trump = SUIT_SYMBOLS[view.trump] if view.trump else "not named yet"
        return f"score {view.scores[view.side]} to {view.scores[1 - view.side]}; trump {trump}"

    def _name(self, view: ClabberView, legal: Sequence[Any]) -> Any:
        suits = {a.suit: a for a in legal if isinstance(a, Name)}
        assert view.turn_card is not None
        click.echo(f"  {self._status(view)}; turn card {view.turn_card.symbol}; round "
                   f"{view.round}; you hold {format_cards(view.held, symbols=True)}")
        choices = ", ".join(["pass", *(f"{s} ({SUIT_SYMBOLS[s]})" for s in suits)])
        while True:
            answer = _ask(f"  name trump or pass [{choices}]", "pass")
            if answer.lower() == "pass":
                return legal[0]
            if answer.upper() in suits:
                return suits[answer.upper()]
            click.echo(f"  you may say: {choices}")

    def _play(self, view: ClabberView, plays: list[Play],
              calls: dict[int, CallRenege]) -> Play | CallRenege:
        allowed = {p.card: p for p in plays}
        if view.renege_calls:  # reneges stand until called: any card may be played, at a risk
            allowed = {c: p for c, p in allowed.items() if c in legal_plays(
                view.held, view.trick, view.trump, view.undertrump)}
        marked = " ".join(f"{i}:{c.symbol}{'*' if c in allowed else ''}"
                          for i, c in enumerate(view.held, 1))
        trick = format_cards(view.trick, symbols=True) or "(you lead)"
        click.echo(f"  {self._status(view)}; trick {trick}; tricks taken {view.taken}")
        click.echo(f"  your hand (* may be played): {marked}")
        if calls:
            click.echo("  (or 'renege N' to call a renege on the other team's play N:"
                       f" {self._callable(view, calls)})")
        while True:
            answer = _ask("  play (or quit)")
            words = answer.lower().split()
            if calls and words[:1] == ["renege"]:
                if len(words) == 2 and words[1].isdigit() and int(words[1]) in calls:
                    return calls[int(words[1])]
                click.echo(f"  call one of: {self._callable(view, calls)}")
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(view.held):
                card = view.held[int(answer) - 1]
            else:
                try:
                    card = Card.parse(answer)
                except CardError as exc:
                    click.echo(f"  not a card: {exc}")
                    continue
            if card in allowed:
                return allowed[card]
            if card not in view.held:
                click.echo(f"  not allowed: you do not hold {card.symbol}")
                continue
            reason = why_illegal(view.held, view.trick, view.trump, card, view.undertrump)
            if view.renege_calls and any(p.card == card for p in plays):
                click.echo(f"  a renege ({reason}): it stands unless the other team calls it")
                return next(p for p in plays if p.card == card)
            click.echo(f"  not allowed: {reason}")


def _ask(prompt: str, default: str | None = None) -> str:
    """One answer; ``quit``, or the end of input, leaves the table (`PlayerLeft`)."""
    try:
        answer = str(click.prompt(prompt, default=default)).strip()
    except click.Abort:
        raise PlayerLeft("end of input") from None
    if answer.lower() == "quit":
        raise PlayerLeft("quit")
    return answer
