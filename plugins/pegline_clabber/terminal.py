"""A human player at the terminal: the Clabber table drawn with rich (`pegline_clabber.table`),
answers read line by line. A card the rules refuse is refused with the rule (where reneges stand
until called, it is played, with a warning).

The screen and the prompts go to standard error (the terminal), so standard output carries only
the game's events. Words stand alone at every prompt: ``help``, ``score`` (the last hand's count)
and ``quit``; leaving (``quit``, the end of input, Ctrl-C) raises `PlayerLeft` with nothing
applied, for the command line to save the game and print how to resume it.

>>> from rich.console import Console
>>> from pegline_core import Game, parse_cards
>>> from pegline_clabber.actions import CutForDeal, Deal
>>> game = Game("clabber")
>>> _ = game.apply(CutForDeal(parse_cards("9C JD AH KS")))
>>> hands = [parse_cards(h) for h in ("JH 9H AS TS KC 9D", "QC QD AD TD KD 9S",
...                                   "JC 9C AC TC QS JS", "AH TH KH QH KS JD")]
>>> _ = game.apply(Deal(10, hands))
>>> _ = game.apply(game.legal_actions(3)[0])           # seat 3 passes
>>> answers = iter(["hearts", "S"])                     # what the person types
>>> console = Console(width=80, color_system=None)
>>> player = HumanPlayer(console, read=lambda: next(answers))
>>> with console.capture() as screen:
...     move = player.choose(game.view(0), game.legal_actions(0))
>>> move
Name(seat=0, suit='S')
>>> [line.split("not allowed: ")[1] for line in screen.get().splitlines() if "not allowed" in line]
["in round 1 trump can only be the turn card's suit, ♠ (or pass)"]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Console, RenderableType
from rich.text import Text

from pegline_clabber.actions import Announce, CallRenege, LetStand, Name, Pass, Play, Show
from pegline_clabber.cards import SUIT_SYMBOLS, SUITS, why_illegal
from pegline_clabber.reasons import translate
from pegline_clabber.table import Table, allowed, format_plays
from pegline_clabber.views import ClabberView
from pegline_core.app.i18n import N_, Messages
from pegline_core.app.terminal_seat import WORDS as SHARED
from pegline_core.app.terminal_seat import AnswerError, Taken, TerminalSeat, card_answer
from pegline_core.cards import Card
from pegline_core.coaching import Comparison
from pegline_core.events import Action, AskCoach, Event

__all__ = ["HumanPlayer", "HELP", "WORDS", "AnswerError"]

WORDS = {"help": SHARED["help"],
         "score": N_("the last hand's count and how it was settled"),
         "compare": SHARED["compare"], "quit": SHARED["quit"]}
SUIT_WORDS = {**{s: s for s in SUITS}, **{sym: s for s, sym in SUIT_SYMBOLS.items()},
              "CLUBS": "C", "DIAMONDS": "D", "HEARTS": "H", "SPADES": "S"}
HELP = (
    N_("Naming trump: type pass, or a suit (H, hearts or ♥); in round 1 only the turn card's "
       "suit may be taken ('play' takes it too)."),
    N_("Playing: type a card's number on the screen, or the card itself (JH, 10S or TS, A♠). "
       "A * marks the cards the rules allow now."),
    N_("Before your first play you may announce your melds (y/n), and show them before your "
       "second."),
    N_("Where reneges stand until called: 'renege N' calls one on the other team's play N; once "
       "the last trick is complete, each player in turn calls one or types stand."),
)
"""The game's help, in English, before the words every seat shares (`TerminalSeat`)."""

_messages = Messages("pegline_clabber")
_ = _messages.gettext


class HumanPlayer(TerminalSeat[ClabberView]):
    """Asks a person at the terminal, showing the table before each decision.

    ``read`` reads one answer (the builtin `input` by default). The command line feeds every
    event to `observe`, so ``score`` knows the last count.
    """

    help = HELP
    words = WORDS
    messages = _messages

    def __init__(self, console: Console | None = None,
                 read: Callable[[], str] = input) -> None:
        super().__init__(console, read)
        self.table = Table()
        self._disclaimed = False

    def observe(self, event: Event) -> None:
        self.table.observe(event)

    def screen(self, view: ClabberView) -> RenderableType:
        return self.table.render(view)

    def answer(self, word: str) -> None:
        for line in self.table.last_count():  # "score"
            self.say(line)

    def compared(self, comparison: Comparison) -> None:
        """Print what the coach (`Game.compare`) thought of the last move."""
        from pegline_clabber.coach import describe

        evaluation = comparison.evaluation
        if not self._disclaimed:
            self.show(Text(_("(The coach: {note}.)").format(note=evaluation.note)), style="dim")
            self._disclaimed = True
        for line in describe(evaluation, comparison.action, comparison.rank):
            self.say(line)

    def decide(self, view: ClabberView, legal: Sequence[Action]) -> Action:
        calls = {a.target: a for a in legal if isinstance(a, CallRenege)}
        if calls:
            plays = format_plays(view.played)
            listed = _(", ").join(_("{n} ({play})").format(n=seq,
                                                           play=plays.get(seq, _("a naming")))
                                  for seq in calls)
            self.say("  " + _("(or 'renege N' to call a renege on the other team's play N: "
                              "{plays})").format(plays=listed))
        first = legal[0]
        if isinstance(first, LetStand):
            return self.loop(_("the last trick is complete: 'renege N' or stand"),
                             lambda text: _stand(text, first, calls))
        if isinstance(legal[0], Pass):
            return self.loop(self._naming_prompt(view, legal),
                             lambda text: self._name(view, text, legal, calls))
        for action in legal:
            if isinstance(action, Announce | Show):
                prompt = (_("announce your melds? (y/n)") if isinstance(action, Announce)
                          else _("show your melds? (y/n)"))
                answer = self.loop(prompt, _yes_no)
                if isinstance(answer, AskCoach):  # "compare": the request, not a yes
                    return answer
                if answer:
                    return action
        return self.loop(_("play a card"), lambda text: self._play(view, text, legal, calls,
                                                                self.table.numbered(view)))

    # -- reading moves -------------------------------------------------------------------------

    @staticmethod
    def _naming_prompt(view: ClabberView, legal: Sequence[Action]) -> str:
        suits = [SUIT_SYMBOLS[a.suit] for a in legal if isinstance(a, Name)]
        if view.round == 1:
            return (_("round 1: pass or play {suit}").format(suit=suits[0]) if suits
                    else _("round 1: pass"))
        return (_("round 2: pass or name {suits}").format(suits=" ".join(suits)) if suits
                else _("round 2: pass"))

    @staticmethod
    def _name(view: ClabberView, text: str, legal: Sequence[Action],
              calls: dict[int, CallRenege]) -> Action:
        call = _renege(text, calls)
        if call is not None:
            return call
        word = text.upper()
        if word == "PASS":
            return legal[0]
        assert view.turn_card is not None
        turned = view.turn_card.suit
        if word == "PLAY" and view.round == 1:
            word = turned
        suit = SUIT_WORDS.get(word)
        if suit is None:
            raise AnswerError(_("type pass or a suit (H, hearts or ♥), not {text}").format(
                text=repr(text)))
        names = {a.suit: a for a in legal if isinstance(a, Name)}
        if suit in names:
            return names[suit]
        if view.round == 1 and suit != turned:
            raise AnswerError(_("in round 1 trump can only be the turn card's suit, {suit} "
                                "(or pass)").format(suit=SUIT_SYMBOLS[turned]))
        if suit == turned and view.round == 2:
            raise AnswerError(_("in round 2 the turn card's suit, {suit}, was refused: name "
                                "another suit or pass").format(suit=SUIT_SYMBOLS[turned]))
        raise AnswerError(_("you may name only a suit you hold, and you hold no {suit}").format(
            suit=SUIT_SYMBOLS[suit]))

    @staticmethod
    def _play(view: ClabberView, text: str, legal: Sequence[Action], calls: dict[int, CallRenege],
              numbered: list[tuple[int, Card]]) -> Action:
        call = _renege(text, calls)
        if call is not None:
            return call
        card = card_answer(text, dict(numbered))
        if card not in view.held:
            raise AnswerError(_("you do not hold {card}").format(card=card.symbol))
        plays = {a.card: a for a in legal if isinstance(a, Play)}
        if card in allowed(view):
            return plays[card]
        reason = translate(why_illegal(view.held, view.trick, view.trump, card,
                                       view.undertrump) or "")
        if view.renege_calls and card in plays:
            raise Taken(plays[card], _("a renege ({reason}): it stands unless the other team "
                                         "calls it").format(reason=reason))
        raise AnswerError(reason)


def _renege(text: str, calls: dict[int, CallRenege]) -> CallRenege | None:
    words = text.lower().split()
    if words[:1] != ["renege"]:
        return None
    if not calls:
        raise AnswerError(_("there is no play of the other team's to call a renege on"))
    if len(words) == 2 and words[1].isdigit() and int(words[1]) in calls:
        return calls[int(words[1])]
    raise AnswerError(_("call one of: {numbers}").format(numbers=_(", ").join(map(str, calls))))


def _stand(text: str, stand: LetStand, calls: dict[int, CallRenege]) -> CallRenege | LetStand:
    """The calling window's answer: a call, or ``stand`` (no call)."""
    call = _renege(text, calls)
    if call is not None:
        return call
    if text.lower() in ("stand", "s", "no", "n", ""):
        return stand
    raise AnswerError(_("type 'renege N' to call a renege, or stand to let the hand stand"))


def _yes_no(text: str) -> bool:
    word = text.lower()
    if word in ("y", "yes", ""):
        return True
    if word in ("n", "no"):
        return False
    raise AnswerError(_("answer y or n"))
