"""A person's seat at the terminal, for any game: the game draws its screen and reads its own
moves; this asks, and answers the words every game shares.

``help`` prints the game's help and the shared words; ``compare`` asks the coach about the last
move (`AskCoach`); ``quit``, the end of input (Ctrl-D) and Ctrl-C raise `PlayerLeft` with nothing
applied, for the command line to save the game and say how to resume it. An answer the game
cannot take raises `AnswerError`, whose message is shown before asking again. The screen and the
prompts go to standard error, so standard output carries only the game's events.

>>> from rich.console import Console
>>> class Coin(TerminalSeat):
...     help = ["type heads or tails"]
...     def screen(self, view):
...         return f"toss {view}"
...     def ask(self, view, legal):
...         def read(text):
...             if text not in legal:
...                 raise AnswerError(f"{text!r} is neither heads nor tails")
...             return text
...         return "call it", read
>>> answers = iter(["edge", "help", "tails"])
>>> console = Console(width=60, color_system=None)
>>> seat = Coin(console, read=lambda: next(answers))
>>> with console.capture() as screen:
...     seat.choose(1, ["heads", "tails"])
'tails'
>>> print(screen.get().rstrip())
toss 1
(type help to see what you can type)
call it:   not allowed: 'edge' is neither heads nor tails
call it: type heads or tails
These words stand alone:
  help     show this help
  compare  the coach's view of your last move (marks the game 'assist used')
  quit     save the game and stop (it prints the command that resumes it)
Ctrl-D or Ctrl-C save and stop, like quit.
call it:
"""

from __future__ import annotations

import sys
from abc import abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Generic, TypeVar

from rich.console import Console, RenderableType
from rich.segment import Segment, Segments

from pegline_core.app.i18n import N_, Messages
from pegline_core.app.problems import say as in_language
from pegline_core.cards import Card, CardError
from pegline_core.coaching import Comparison
from pegline_core.definition import View
from pegline_core.events import Action, AskCoach
from pegline_core.players import PlayerLeft

__all__ = ["TerminalSeat", "AnswerError", "Taken", "WORDS", "WRONG_ANSWERS"]

_messages = Messages("pegline_core.app")
_ = _messages.gettext

WRONG_ANSWERS = 200
"""The most answers piped (not typed) input may give to one decision: input from a pipe or a
file that never gives an allowed answer then stops the game, as a person leaving does, instead
of being asked forever."""

HEADING = N_("These words stand alone:")
LEAVING = N_("Ctrl-D or Ctrl-C save and stop, like quit.")
WORDS = {"help": N_("show this help"),
         "compare": N_("the coach's view of your last move (marks the game 'assist used')"),
         "quit": N_("save the game and stop (it prints the command that resumes it)")}


class AnswerError(ValueError):
    """An answer that is not allowed: the message says why."""


Answer = TypeVar("Answer")
"""What a game's reading of one typed line gives (an action, or a yes or no)."""
V = TypeVar("V", bound=View)
"""The game's view (a seat plays one game)."""


def card_answer(text: str, numbered: Mapping[int, Card]) -> Card:
    """The card a typed answer names: by its number in ``numbered`` (as the screen numbers the
    seat's cards) or by the card itself (JH, 10S or TS, A♠); `AnswerError` saying why not."""
    if text.isdecimal() and text.isascii():
        if int(text) not in numbered:
            raise AnswerError(_("there is no card number {n}: your cards are {numbers}").format(
                n=text, numbers=" ".join(str(n) for n in numbered)))
        return numbered[int(text)]
    try:
        return Card.parse(text)
    except CardError:
        raise AnswerError(_("'{text}' is not a card (such as JH, 10S or TS, A♠)").format(
            text=text)) from None


class Taken(AnswerError):
    """Not a refusal: an answer the game takes with a warning (the message), as ``action``."""

    def __init__(self, action: Action, warning: str) -> None:
        super().__init__(warning)
        self.action = action


def _trimmed(line: list[Segment]) -> list[Segment]:
    """``line`` without the spaces at its end (spaces drawn on a background colour are kept:
    they show)."""
    kept = list(line)
    while kept and not kept[-1].control and (kept[-1].style is None
                                             or kept[-1].style.bgcolor is None):
        last = kept.pop()
        text = last.text.rstrip(" ")
        if text:
            kept.append(Segment(text, last.style))
            break
    return kept


class TerminalSeat(Generic[V]):
    """Asks a person at the terminal, drawing the game's screen before each new decision.

    A game gives `screen` (what the seat sees), `ask` (the prompt for a decision and how an
    answer becomes an action; or all of `decide`, for a decision asked in steps) and `help` (its
    lines); ``words`` may add words of its own to the shared ones, which `answer` then answers,
    and ``messages`` is the game's catalog for its help and words. ``read`` reads one answer
    (the builtin `input` by default)."""

    help: Sequence[str] = ()
    words: Mapping[str, str] = WORDS
    messages: Messages = _messages

    def __init__(self, console: Console | None = None, read: Callable[[], str] = input) -> None:
        self.console = console or Console(stderr=True, highlight=False)
        self.read = read
        self.seat = -1
        self._drawn: object = None
        self._hinted = False
        self._committed = False
        """Whether a move was made here (``compare`` needs one)."""
        self._answers = 0
        """Answers read for the decision being asked (`WRONG_ANSWERS`)."""

    @abstractmethod
    def screen(self, view: V) -> RenderableType:
        """What the seat sees now, drawn for the terminal."""

    def ask(self, view: V, legal: Sequence[Action]) -> tuple[str, Callable[[str], Action]]:
        """The prompt for this decision and how to read an answer into one of ``legal``, for
        the default `decide` (a game that overrides `decide` needs none)."""
        raise NotImplementedError(f"{type(self).__name__} must define ask(view, legal) or "
                                  "decide(view, legal)")

    def answer(self, word: str) -> None:
        """Answer one of the game's own ``words`` (the shared ones are answered here)."""
        raise NotImplementedError(f"{type(self).__name__} has words of its own: it must "
                                  "define answer(word)")

    def choose(self, view: V, legal: Sequence[Action]) -> Action:
        self.seat = getattr(view, "seat", self.seat)
        self._answers = 0
        if view != self._drawn:
            self.show(self.screen(view))
            self._drawn = view
        action = self.decide(view, legal)
        if not isinstance(action, AskCoach):
            self._committed = True
        return action

    def decide(self, view: V, legal: Sequence[Action]) -> Action:
        prompt, read = self.ask(view, legal)
        return self.loop(prompt, read)

    def compared(self, comparison: Comparison) -> None:
        """The coach's candidates for the last move, best first, the seat's own marked."""
        evaluation = comparison.evaluation
        for index, (rank, candidate) in enumerate(zip(evaluation.ranks, evaluation.candidates,
                                                      strict=True)):
            mine = _(" (your move)") if index == comparison.chosen else ""
            self.say(f"  {rank}. {candidate.action} {candidate.value:.2f}{mine}")

    def compare_refused(self, reason: str) -> None:
        """The game could not compare (`play_game` says why): nothing changed, ask again."""
        self.say("  " + in_language(reason))

    def help_lines(self) -> list[str]:
        """What ``help`` prints, in the current language."""
        return [*map(self.said, self.help), self.said(HEADING),
                *(f"  {word:<8} {self.said(meaning)}" for word, meaning in self.words.items()),
                self.said(LEAVING)]

    def said(self, text: str) -> str:
        """``text`` in the game's catalog, else in the command line's (the shared words)."""
        translated = self.messages.gettext(text)
        return translated if translated != text else _(text)

    def loop(self, prompt: str, decide: Callable[[str], Answer]) -> Answer | Action:
        """Ask until an answer is allowed; the words come first."""
        while True:
            text = self.line(prompt).strip()
            word = text.lower()
            if word == "quit":
                raise PlayerLeft("quit")
            if word == "help":
                for line in self.help_lines():
                    self.say(line)
                continue
            if word == "compare":
                if self._committed:
                    return AskCoach(self.seat)
                self.say("  " + _("nothing to compare yet: make a move first (a move made "
                                  "before the game was resumed is not kept)"))
                continue
            if word in self.words:
                self.answer(word)
                continue
            try:
                return decide(text)
            except Taken as exc:
                self.say(f"  {exc}")
                return exc.action
            except AnswerError as exc:
                self.say("  " + _("not allowed: {reason}").format(reason=exc))

    def line(self, prompt: str) -> str:
        """One answer to ``prompt``; leaving (Ctrl-D, Ctrl-C) is `PlayerLeft`, and so is piped
        input past `WRONG_ANSWERS` answers to one decision."""
        self._answers += 1
        if self._answers > WRONG_ANSWERS and not sys.stdin.isatty():
            raise PlayerLeft(f"{WRONG_ANSWERS} answers from the input without a move")
        if not self._hinted:
            self.say(_("(type help to see what you can type)"), style="dim")
            self._hinted = True
        self.say(f"{prompt}: ", end="")
        self.console.file.flush()
        try:
            return self.read()
        except EOFError:
            self.console.print()
            raise PlayerLeft("end of input") from None
        except KeyboardInterrupt:
            self.console.print()
            raise PlayerLeft("interrupted") from None

    def say(self, text: str, end: str = "\n", style: str | None = None) -> None:
        """Plain text to the terminal, wrapped by the terminal itself (never by rich)."""
        self.console.print(text, end=end, style=style, markup=False, soft_wrap=True)

    def show(self, drawn: RenderableType, style: str | None = None) -> None:
        """``drawn`` (a screen, a grid, a paragraph rich wraps) at the terminal's width, each
        line without the spaces rich pads it with to that width (or to its column's), which a
        line copied from the terminal would carry."""
        console = self.console
        for line in console.render_lines(drawn, console.options, pad=False, new_lines=False,
                                         style=console.get_style(style or "")):
            console.print(Segments([*_trimmed(line), Segment.line()]), end="")
