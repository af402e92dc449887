"""Tricks: the cut for the first dealer, the deal, following suit; the highest card of the suit
led takes the trick.

The game stands on Pegline's card-game layer (`pegline_core.card_game`): its cut, deal, plays,
seats, snapshots and events are the layer's, so this module holds only the rules of tricks.
Scoring is not here either: each trick goes to the game's hook, `pegline_score_trick`.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from attrs import frozen

from pegline_core import CHANCE, OVER, Event, IllegalActionError, Phase, PlainMachine, ToAct
from pegline_core.card_game import EventWriter, FlatState, Seating, StateFields
from pegline_core.card_game.actions import CutForDeal, Deal, Play
from pegline_core.card_game.dealing import check_hands, draw_cut, draw_hands, lowest_cut
from pegline_core.card_game.events import CutTie, DealerChosen
from pegline_core.card_tuples import position, replaced, without
from pegline_core.cards import DECK, Card
from pegline_core.ruleset import Ruleset


class TricksPhase(Phase):
    """Where a game is: the cut for the first dealer, a hand's deal, its tricks, then over."""

    CUT = "cut"
    DEAL = "deal"
    PLAY = "play"
    OVER = "over"


@frozen
class TrickTaken(Event):
    """The trick is complete: its cards from the leader's, taken by the actor."""

    TAG = "trick"
    leader: int
    cards: tuple[Card, ...]


class Trick(NamedTuple):
    """What the rule plugins score: a complete trick (``last``: the hand's last)."""

    winner: int
    leader: int
    cards: tuple[Card, ...]
    number: int
    last: bool
    scores: tuple[int, ...]


class TricksView(NamedTuple):
    """What ``seat`` sees: its own cards, the trick on the table, the tricks taken, the scores."""

    seat: int
    phase: TricksPhase
    hand: int
    dealer: int
    scores: tuple[int, ...]
    held: tuple[Card, ...]
    trick: tuple[tuple[int, Card], ...]
    taken: tuple[int, ...]
    target: int


def power(card: Card) -> int:
    """Aces high."""
    return 14 if card.rank == 1 else card.rank


def follows(held: tuple[Card, ...], trick: tuple[tuple[int, Card], ...]) -> list[Card]:
    """The cards a seat may play: one of the suit led if it has one, else any."""
    suited = [card for card in held if trick and card.suit == trick[0][1].suit]
    return sorted(suited or held, key=lambda card: (card.suit, power(card)))


class TricksMachine(FlatState, PlainMachine):
    state = StateFields("phase", "hand", "dealer", "scores", "held", "trick", "leader", "taken")

    def __init__(self, ruleset: Ruleset, log: list[Event]) -> None:
        settings = ruleset.variant.settings
        self.cards, self.target = settings.cards, settings.target
        self.seats = Seating(ruleset.variant)
        self.score_trick = ruleset.scoring("pegline_score_trick")
        self.writer = EventWriter(log, self)
        self.phase, self.hand, self.dealer, self.leader = TricksPhase.CUT, 0, 0, 0
        self.scores = self.taken = (0,) * self.seats.players
        self.held: tuple[tuple[Card, ...], ...] = ()
        self.trick: tuple[tuple[int, Card], ...] = ()

    def begin(self, dealer: int | None) -> None:
        if dealer is not None:
            self._choose(self.seats.check(dealer))

    def turn(self) -> int:
        return (self.leader + len(self.trick)) % self.seats.players

    def to_act(self) -> ToAct:
        if self.phase in (TricksPhase.CUT, TricksPhase.DEAL):
            return CHANCE
        return self.seats.turns[self.turn()] if self.phase == TricksPhase.PLAY else OVER

    def legal_actions(self, seat: int | None) -> list[Any]:
        if self.phase != TricksPhase.PLAY or seat not in (None, self.turn()):
            return []
        return [Play(self.turn(), card) for card in follows(self.held[self.turn()], self.trick)]

    def chance_action(self, rng: random.Random) -> Any:
        if self.phase == TricksPhase.CUT:
            return draw_cut(rng, DECK, players=self.seats.players)
        if self.phase != TricksPhase.DEAL:
            raise IllegalActionError(f"no chance action is due in the {self.phase} phase")
        hands, _ = draw_hands(rng, DECK, players=self.seats.players, size=self.cards,
                              dealer=self.dealer)
        return Deal(hands)

    def view(self, seat: int) -> TricksView:
        held = self.held[seat] if self.held else ()
        return TricksView(seat, self.phase, self.hand, self.dealer, self.scores, held,
                          self.trick, self.taken, self.target)

    def apply(self, action: Any) -> None:
        if self.phase == TricksPhase.CUT and type(action) is CutForDeal:
            self._cut(action)
        elif self.phase == TricksPhase.DEAL and type(action) is Deal:
            self._deal(action)
        elif self.phase == TricksPhase.PLAY and type(action) is Play:
            self._play(action)
        else:
            raise IllegalActionError(f"{action!r} is not an action of the {self.phase} phase")

    def _cut(self, cut: CutForDeal) -> None:
        lowest = lowest_cut(cut.cards, players=self.seats.players)
        self.writer.input(None, cut)
        if len(lowest) > 1:
            self.writer.add(CutTie, None, seats=lowest)
        else:
            self._choose(lowest[0])

    def _choose(self, dealer: int) -> None:
        self.writer.add(DealerChosen, None, dealer=dealer)
        self.phase, self.dealer = TricksPhase.DEAL, dealer

    def _deal(self, deal: Deal) -> None:
        check_hands(deal.hands, players=self.seats.players, size=self.cards)
        self.hand += 1
        self.writer.input(None, deal)
        self.phase, self.held, self.trick = TricksPhase.PLAY, deal.hands, ()
        self.leader, self.taken = self.seats.left_of(self.dealer), (0,) * self.seats.players

    def _play(self, play: Play) -> None:
        if play.seat != self.turn():
            raise IllegalActionError(f"seat {play.seat} may not play now")
        held = self.held[play.seat]
        if play.card not in follows(held, self.trick):
            raise IllegalActionError(f"seat {play.seat} cannot play {play.card}: follow suit")
        self.writer.input(play.seat, play)
        self.held = replaced(self.held, play.seat, without(held, position(held, play.card)))
        self.trick = (*self.trick, (play.seat, play.card))
        if len(self.trick) == self.seats.players:
            self._take()

    def _take(self) -> None:
        leader, led = self.trick[0][0], self.trick[0][1].suit
        winner = max((entry for entry in self.trick if entry[1].suit == led),
                     key=lambda entry: power(entry[1]))[0]
        cards, last = tuple(card for _, card in self.trick), not self.held[winner]
        self.taken = replaced(self.taken, winner, self.taken[winner] + 1)
        self.trick, self.leader = (), winner
        self.writer.add(TrickTaken, winner, leader=leader, cards=cards)
        trick = Trick(winner, leader, cards, sum(self.taken), last, self.scores)
        self.scores = self.writer.awards(self.score_trick(cards, trick), self.scores,
                                         seat=winner, side=winner)
        if max(self.scores) >= self.target:
            self.writer.end(self.scores, self.seats.sides)
            self.phase = TricksPhase.OVER
        elif last:
            self.phase, self.dealer = TricksPhase.DEAL, self.seats.left_of(self.dealer)
