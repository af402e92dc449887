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

from rich.console import Console, RenderableType
from rich.text import Text

from pegline_core.app.i18n import N_, Messages, RuleNames
from pegline_core.app.terminal_seat import TerminalSeat
from pegline_core.cards import format_cards
from pegline_core.coaching import Comparison
from pegline_core.events import Action, AskCoach, Event, GameEnded
from pegline_core.players import PlayerLeft
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

_messages = Messages("pegline_cribbage")
_ = _messages.gettext
ngettext = _messages.ngettext

HELP_TEXT = N_(
    "Type a card's number on the screen (1 2 for two cards), or the card itself: rank then suit,\n"
    "such as 5H, 10S (or TS), QD, A♠. A number is always a card's number, never a rank: the\n"
    "hand is numbered once, sorted, and the numbers stay put while you play. A * marks the\n"
    "cards you can play now. These words stand alone:")
HELP_END = N_("Ctrl-D or Ctrl-C save and stop, like quit.")


def help_lines() -> list[str]:
    """What ``help`` prints, in the current language (the words are typed as they are)."""
    return [*_(HELP_TEXT).splitlines(),
            *(f"  {word:<8} {_(meaning)}" for word, meaning in WORDS.items()), _(HELP_END)]


HELP = help_lines()
"""The help, in English."""


class HumanPlayer(TerminalSeat[CribbageView]):
    """Asks a person at the terminal, showing the table before each decision.

    ``read`` reads one answer (the builtin `input` by default; it raises `EOFError` at the end
    of input and `KeyboardInterrupt` on Ctrl-C). The command line feeds every event to
    `observe`, so the board's back pegs and the last show follow the game.
    """

    def __init__(self, console: Console | None = None,
                 read: Callable[[], str] = input, *, auto_go: bool = False) -> None:
        super().__init__(console, read)
        self.auto_go = auto_go
        """Say go without asking when it is the only move (``pegline play`` turns it on)."""
        self.table = Table()
        self._disclaimed = False

    def observe(self, event: Event) -> None:
        """Follow one event of the game (the public ones move the pegs and keep the shows)."""
        self.table.observe(event)
        if isinstance(event, GameEnded) and isinstance(self._drawn, CribbageView):
            self.say(_("the final board:"))
            for line in self.table.board(self._drawn._replace(scores=_final(event))):
                self.show(line)

    def screen(self, view: CribbageView) -> RenderableType:
        return self.table.render(view)

    # -- one decision --------------------------------------------------------------------------

    def decide(self, view: CribbageView, legal: Sequence[Action]) -> Action:
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
            prompt = (ngettext("lay away {n} card to your crib", "lay away {n} cards to your crib",
                               need) if view.dealer == view.seat
                      else ngettext("lay away {n} card to seat {dealer}'s crib",
                                    "lay away {n} cards to seat {dealer}'s crib", need)
                      ).format(n=need, dealer=view.dealer)
            return self._loop(view, prompt, lambda text: self._discard(view, text, need, legal))
        if legal == [Go(view.seat)] and self.auto_go:
            self.say(_("no card you hold fits under {limit} at count {count}: go").format(
                limit=view.limit, count=view.count))
            return first
        if legal == [Go(view.seat)]:
            prompt = _("no card you hold fits under {limit} at count {count}: type go").format(
                limit=view.limit, count=view.count)
        else:
            prompt = _("play a card")
        return self._loop(view, prompt, lambda text: self._play(view, text, legal))

    def _loop(self, view: CribbageView, prompt: str, decide: Callable[[str], Action]) -> Action:
        """Ask until an answer is allowed; a word is handled first (``go`` by ``decide``)."""
        while True:
            text = self.line(prompt)
            word = read_word(text)
            if word is not None and word != "go":
                action = self._word(word, view)
                if action is not None:
                    return action
                continue
            try:
                return decide(text)
            except AnswerError as exc:
                self.say("  " + _("not allowed: {reason}").format(reason=exc), style="yellow")

    def _say_wrapped(self, text: str, style: str | None = None) -> None:
        """A paragraph to the terminal, wrapped between words at its width (a terminal's own
        wrapping would break a word in two)."""
        self.show(Text(text, overflow="fold"), style=style)

    def _word(self, word: str, view: CribbageView) -> AskCoach | None:
        """Do what a word asks; an action to return (the coach's), or None to ask again."""
        if word == "quit":
            raise PlayerLeft("quit")
        if word == "help":
            for line in help_lines():
                self.say(line)
        elif word == "score":
            variant = view.rules.variant
            names = RuleNames(variant, view.rules.ruleset.rules)
            for line in self.table.last_show(view.seat, variant.sides, names):
                self.say(line)
        elif word == "compare":
            return AskCoach(view.seat)  # the game compares (`Game.compare`): see `compared`
        return None

    def compared(self, comparison: Comparison) -> None:
        """Show what `Game.compare` said of this seat's last committed decision, wrapped
        between words at the terminal's width, each candidate's sentence beside its place."""
        from rich.padding import Padding
        from rich.table import Table

        from pegline_cribbage.compare import note, told

        evaluation = comparison.evaluation
        if not self._disclaimed:
            self._say_wrapped(_("(The coach: {note})").format(note=note(evaluation.note)),
                              style="dim")
            self._disclaimed = True
        head, rows = told(evaluation, comparison.action)
        self._say_wrapped(head)
        grid = Table.grid(padding=(0, 0, 0, 2))
        grid.add_column(justify="right", min_width=4)
        grid.add_column()
        for place, sentence in rows:
            grid.add_row(place, sentence)
        self.show(Padding(grid, (0, 0, 0, 2)))

    def compare_refused(self, reason: str) -> None:
        """`Game.compare` refused: this seat has committed nothing the coach can judge yet."""
        self.say("  " + _("nothing to compare yet: commit a move first"))

    # -- reading moves -------------------------------------------------------------------------

    @staticmethod
    def _discard(view: CribbageView, text: str, need: int, legal: Sequence[Action]) -> Action:
        if read_word(text) == "go":
            raise AnswerError(_("go is said in the pegging, when no card you hold fits"))
        cards = read_cards(text, numbered_hand(view))
        if len(cards) != need:
            raise AnswerError(ngettext("choose exactly {n} card, not {got}",
                                       "choose exactly {n} cards, not {got}", need).format(
                n=need, got=len(cards)))
        for action in legal:
            if isinstance(action, Discard) and set(action.cards) == set(cards):
                return action
        raise AnswerError(_("choose different cards from your hand"))

    @staticmethod
    def _play(view: CribbageView, text: str, legal: Sequence[Action]) -> Action:
        fits = [c for c in view.held if view.count + PIPS[c.index] <= view.limit]
        if read_word(text) == "go":
            if fits:
                raise AnswerError(_("you can play {cards}: say go only when no card you hold "
                                    "fits under {limit}").format(
                    cards=format_cards(sorted(fits), symbols=True), limit=view.limit))
            return Go(view.seat)
        cards = read_cards(text, numbered_hand(view))
        if len(cards) != 1:
            raise AnswerError(_("play exactly one card"))
        card = cards[0]
        if card not in view.held:
            raise AnswerError(_("{card} is played already").format(card=card.symbol))
        count = view.count + PIPS[card.index]
        if count > view.limit:
            text = (_("{card} would make the count {count}, over {limit}") if fits
                    else _("{card} would make the count {count}, over {limit}: say go"))
            raise AnswerError(text.format(card=card.symbol, count=count, limit=view.limit))
        return next(a for a in legal if isinstance(a, Play) and a.card == card)

    @staticmethod
    def _declare_prompt(view: CribbageView) -> str:
        assert view.counting is not None and view.starter is not None
        _seat, cards, crib, _declared = view.counting
        text = (_("count the crib {cards} + {starter} (points, 0 to {cap})") if crib
                else _("count your hand {cards} + {starter} (points, 0 to {cap})"))
        return text.format(cards=format_cards(cards, symbols=True), starter=view.starter.symbol,
                           cap=view.max_declaration)

    @staticmethod
    def _respond_prompt(view: CribbageView) -> str:
        assert view.counting is not None and view.starter is not None
        seat, cards, crib, declared = view.counting
        text = (_("seat {seat} declares {declared} for the crib {cards} + {starter}: accept "
                  "(Enter), muggins N (the points missed) or overcount") if crib
                else _("seat {seat} declares {declared} for the hand {cards} + {starter}: accept "
                       "(Enter), muggins N (the points missed) or overcount"))
        return text.format(seat=seat, declared=declared, cards=format_cards(cards, symbols=True),
                           starter=view.starter.symbol)


def _final(event: GameEnded) -> tuple[int, ...]:
    scores = {result.side: result.score for result in event.results}
    return tuple(scores[side] for side in sorted(scores))

