"""A human player at the terminal: the table drawn with rich, answers read by a fixed grammar.

The screen and the prompts go to standard error (the terminal), so standard output carries only
the game's events, as text or ``--json``. What may be typed is in `pegline_cribbage.answers`;
leaving (``quit``, the end of input, Ctrl-C) raises `PlayerLeft` with nothing applied, for the
command line to save the game and print how to resume it.

>>> from rich.console import Console
>>> from pegline_core import Game, parse_cards
>>> from pegline_cribbage.actions import Deal
>>> game = Game("two-player", dealer=1)
>>> _ = game.apply(Deal([parse_cards("5H 5C JD KS 2C 9H"), parse_cards("AS 2S 3S 4S 6S 7S")]))
>>> answers = iter(["go", "1 9h"])        # what the person types, line by line
>>> console = Console(width=80, color_system=None)
>>> player = HumanPlayer(console, read=lambda: next(answers))
>>> with console.capture() as screen:
...     move = player.choose(game.view(0), game.legal_actions(0))
>>> sorted(map(str, move.cards))
['2C', '9H']
>>> prompt, refusal = screen.get().splitlines()[-2].split(": ", 1)  # the answer is not echoed
>>> print(prompt, refusal.strip(), sep="\\n")
lay away 2 cards to seat 1's crib
not allowed: go is said in the pegging, when no card you hold fits
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console

from pegline_core.app.players import PlayerLeft
from pegline_core.cards import format_cards
from pegline_core.events import AskCoach, Event, GameEnded
from pegline_cribbage.actions import Declare, Discard, Go, Play, Respond
from pegline_cribbage.answers import (
    WORDS,
    AnswerError,
    read_cards,
    read_count,
    read_response,
    read_word,
)
from pegline_cribbage.combinations import PIPS
from pegline_cribbage.table import Table, numbered_hand
from pegline_cribbage.views import CribbageView

__all__ = ["HumanPlayer", "HELP"]

HELP = [
    "Type a card's number on the screen (1 2 for two cards), or the card itself: rank then suit,",
    "such as 5H, 10S (or TS), QD, A♠. A number is always a card's number, never a rank: the",
    "hand is numbered once, sorted, and the numbers stay put while you play. A * marks the",
    "cards you can play now. These words stand alone:",
    *(f"  {word:<8} {meaning}" for word, meaning in WORDS.items()),
    "Ctrl-D or Ctrl-C save and stop, like quit.",
]


class HumanPlayer:
    """Asks a person at the terminal, showing the table before each decision.

    ``read`` reads one answer (the builtin `input` by default; it raises `EOFError` at the end
    of input and `KeyboardInterrupt` on Ctrl-C). The command line feeds every event to
    `observe`, so the board's back pegs and the last show follow the game.
    """

    def __init__(self, console: Console | None = None,
                 read: Callable[[], str] = input) -> None:
        self.console = console or Console(stderr=True, highlight=False)
        self.read = read
        self.table = Table()
        self.last: CribbageView | None = None
        """The view at the last committed move, and that move, for ``compare``."""
        self.last_move: Discard | Play | None = None
        self._drawn: CribbageView | None = None
        self._disclaimed = False
        self._hinted = False

    def observe(self, event: Event) -> None:
        """Follow one event of the game (the public ones move the pegs and keep the shows)."""
        self.table.observe(event)
        if isinstance(event, GameEnded) and self._drawn is not None:
            self.console.print("the final board:")
            for line in self.table.board(self._drawn._replace(scores=_final(event))):
                self.console.print(line)

    def choose(self, view: CribbageView, legal: Sequence[Any]) -> Any:
        if view != self._drawn:
            self.console.print(self.table.render(view))
            self._drawn = view
        action = self._choose(view, legal)
        if isinstance(action, Discard | Play):
            self.last, self.last_move = view, action
        return action

    # -- one decision --------------------------------------------------------------------------

    def _choose(self, view: CribbageView, legal: Sequence[Any]) -> Any:
        first = legal[0]
        if isinstance(first, Declare):
            return self._loop(view, self._declare_prompt(view),
                              lambda text: Declare(view.seat, read_count(text,
                                                                         view.max_declaration)))
        if isinstance(first, Respond):
            return self._loop(view, self._respond_prompt(view), lambda text: Respond(
                view.seat, *read_response(text, view.max_declaration)))
        if isinstance(first, Discard):
            need = len(first.cards)
            owner = "your" if view.dealer == view.seat else f"seat {view.dealer}'s"
            prompt = f"lay away {need} card{'s' * (need != 1)} to {owner} crib"
            return self._loop(view, prompt, lambda text: self._discard(view, text, need, legal))
        if legal == [Go(view.seat)]:
            prompt = (f"no card you hold fits under {view.limit} at count {view.count}: "
                      "type go")
        else:
            prompt = "play a card"
        return self._loop(view, prompt, lambda text: self._play(view, text, legal))

    def _loop(self, view: CribbageView, prompt: str, decide: Callable[[str], Any]) -> Any:
        """Ask until an answer is allowed; a word is handled first (``go`` by ``decide``)."""
        while True:
            text = self._ask(prompt)
            word = read_word(text)
            if word is not None and word != "go":
                action = self._word(word, view)
                if action is not None:
                    return action
                continue
            try:
                return decide(text)
            except AnswerError as exc:
                self._say(f"  not allowed: {exc}", style="yellow")

    def _ask(self, prompt: str) -> str:
        if not self._hinted:
            self.console.print("(type help to see what you can type)", style="dim")
            self._hinted = True
        self._say(f"{prompt}: ", end="")
        self.console.file.flush()
        try:
            return self.read()
        except EOFError:
            self.console.print()
            raise PlayerLeft("end of input") from None
        except KeyboardInterrupt:
            self.console.print()
            raise PlayerLeft("interrupted") from None

    def _say(self, text: str, style: str | None = None, end: str = "\n") -> None:
        """Plain text to the terminal, wrapped by the terminal itself (never by rich)."""
        self.console.print(text, style=style, end=end, markup=False, soft_wrap=True)

    def _word(self, word: str, view: CribbageView) -> Any:
        """Do what a word asks; an action to return (the coach's), or None to ask again."""
        if word == "quit":
            raise PlayerLeft("quit")
        if word == "help":
            for line in HELP:
                self._say(line)
        elif word == "score":
            for line in self.table.last_show(view.seat, view.rules.variant.sides):
                self._say(line)
        elif word == "compare":
            if self.last is None:
                self._say("  nothing to compare yet: commit a move first (a move made before "
                          "the game was resumed is not kept)")
                return None
            self._compare()
            return AskCoach(view.seat)
        return None

    def _compare(self) -> None:
        from pegline_cribbage.coach import Coach
        from pegline_cribbage.compare import describe

        assert self.last is not None and self.last_move is not None
        evaluation = Coach(self.last.rules).evaluate(self.last)
        if evaluation is None:
            self._say("  the coach had nothing to compare at that decision")
            return
        if not self._disclaimed:
            self._say(f"(The coach: {evaluation.note})", style="dim")
            self._disclaimed = True
        for line in describe(evaluation, self.last_move):
            self._say(line)

    # -- reading moves -------------------------------------------------------------------------

    @staticmethod
    def _discard(view: CribbageView, text: str, need: int, legal: Sequence[Any]) -> Any:
        if read_word(text) == "go":
            raise AnswerError("go is said in the pegging, when no card you hold fits")
        cards = read_cards(text, numbered_hand(view))
        if len(cards) != need:
            raise AnswerError(f"choose exactly {need} card(s), not {len(cards)}")
        for action in legal:
            if set(action.cards) == set(cards):
                return action
        raise AnswerError("choose different cards from your hand")

    @staticmethod
    def _play(view: CribbageView, text: str, legal: Sequence[Any]) -> Any:
        fits = [c for c in view.held if view.count + PIPS[c.index] <= view.limit]
        if read_word(text) == "go":
            if fits:
                raise AnswerError(f"you can play {format_cards(sorted(fits), symbols=True)}: "
                                  f"say go only when no card you hold fits under {view.limit}")
            return Go(view.seat)
        cards = read_cards(text, numbered_hand(view))
        if len(cards) != 1:
            raise AnswerError("play exactly one card")
        card = cards[0]
        if card not in view.held:
            raise AnswerError(f"{card.symbol} is played already")
        count = view.count + PIPS[card.index]
        if count > view.limit:
            more = "" if fits else ": say go"
            raise AnswerError(f"{card.symbol} would make the count {count}, over {view.limit}"
                              f"{more}")
        return next(a for a in legal if isinstance(a, Play) and a.card == card)

    @staticmethod
    def _declare_prompt(view: CribbageView) -> str:
        assert view.counting is not None and view.starter is not None
        _seat, cards, crib, _declared = view.counting
        what = "the crib" if crib else "your hand"
        return (f"count {what} {format_cards(cards, symbols=True)} + {view.starter.symbol} "
                f"(points, 0 to {view.max_declaration})")

    @staticmethod
    def _respond_prompt(view: CribbageView) -> str:
        assert view.counting is not None and view.starter is not None
        seat, cards, crib, declared = view.counting
        what = "crib" if crib else "hand"
        return (f"seat {seat} declares {declared} for the {what} "
                f"{format_cards(cards, symbols=True)} + {view.starter.symbol}: accept (Enter), "
                "muggins N (the points missed) or overcount")


def _final(event: GameEnded) -> tuple[int, ...]:
    scores = {result.side: result.score for result in event.results}
    return tuple(scores[side] for side in sorted(scores))

