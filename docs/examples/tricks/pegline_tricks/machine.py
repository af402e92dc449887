"""Tricks: the deal, the lead, following suit; the highest card of the suit led takes the trick.

The state is a handful of immutable values, so a snapshot is a tuple and undo, copies and replays
come free. Scoring is not here: each trick goes to the game's hook, `pegline_score_trick`, and
the rule plugins' awards are added up and logged (`EventWriter`).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, NamedTuple

from attrs import frozen

from pegline_core import (
    CHANCE,
    DECK,
    OVER,
    Card,
    Event,
    IllegalActionError,
    Phase,
    PlainMachine,
    Ruleset,
    Seats,
    ToAct,
)
from pegline_core.event_writer import EventWriter


class TricksPhase(Phase):
    """Where a game is: a hand's deal, its tricks, then over."""

    DEAL = "deal"
    PLAY = "play"
    OVER = "over"


@frozen
class Deal:
    """Chance: each seat's cards, seat 0's first."""

    TAG: ClassVar[str] = "deal"
    hands: tuple[tuple[Card, ...], ...]


@frozen
class Play:
    """A seat plays a card to the trick."""

    TAG: ClassVar[str] = "play"
    seat: int
    card: Card


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


class TricksMachine(PlainMachine):
    def __init__(self, ruleset: Ruleset, log: list[Event]) -> None:
        settings = ruleset.variant.settings
        self.log, self.cards, self.target = log, settings.cards, settings.target
        self.players = ruleset.variant.table.players
        self.score_trick = ruleset.scoring("pegline_score_trick")
        self.writer = EventWriter(log, self)
        self.phase, self.hand, self.dealer = TricksPhase.DEAL, 0, 0
        self.scores = (0,) * self.players
        self.held: tuple[tuple[Card, ...], ...] = ()
        self.trick: tuple[tuple[int, Card], ...] = ()
        self.leader, self.taken = 0, (0,) * self.players

    def snapshot(self) -> Any:
        return (self.phase, self.hand, self.dealer, self.scores, self.held, self.trick,
                self.leader, self.taken)

    def restore(self, snapshot: Any) -> None:
        (self.phase, self.hand, self.dealer, self.scores, self.held, self.trick, self.leader,
         self.taken) = snapshot

    def begin(self, dealer: int | None) -> None:
        if dealer is not None:
            if not 0 <= dealer < self.players:
                raise IllegalActionError(f"no seat {dealer} to deal")
            self.dealer = dealer

    def turn(self) -> int:
        return (self.leader + len(self.trick)) % self.players

    def to_act(self) -> ToAct:
        if self.phase == TricksPhase.DEAL:
            return CHANCE
        return Seats((self.turn(),)) if self.phase == TricksPhase.PLAY else OVER

    def legal_actions(self, seat: int | None) -> list[Any]:
        if self.phase != TricksPhase.PLAY or seat not in (None, self.turn()):
            return []
        return [Play(self.turn(), card) for card in follows(self.held[self.turn()], self.trick)]

    def chance_action(self, rng: random.Random) -> Any:
        if self.phase != TricksPhase.DEAL:
            raise IllegalActionError(f"no chance action is due in the {self.phase} phase")
        cards = rng.sample(DECK, self.players * self.cards)
        return Deal(tuple(tuple(cards[seat::self.players]) for seat in range(self.players)))

    def view(self, seat: int) -> TricksView:
        held = self.held[seat] if self.held else ()
        return TricksView(seat, self.phase, self.hand, self.dealer, self.scores, held,
                          self.trick, self.taken, self.target)

    def apply(self, action: Any) -> None:
        if type(action) is Deal:
            self._deal(action)
        elif type(action) is Play:
            self._play(action)
        else:
            raise IllegalActionError(f"not an action of tricks: {action!r}")

    def _deal(self, deal: Deal) -> None:
        cards = [card for hand in deal.hands for card in hand]
        if self.phase != TricksPhase.DEAL:
            raise IllegalActionError(f"no deal in the {self.phase} phase")
        if len(deal.hands) != self.players or any(len(h) != self.cards for h in deal.hands) \
                or len(set(cards)) != len(cards) or any(type(c) is not Card for c in cards):
            raise IllegalActionError(f"a deal is {self.cards} different cards for each of "
                                     f"{self.players} seats")
        self.hand += 1
        self.writer.input(None, deal)
        self.phase, self.held, self.trick = TricksPhase.PLAY, deal.hands, ()
        self.leader, self.taken = (self.dealer + 1) % self.players, (0,) * self.players

    def _play(self, play: Play) -> None:
        if self.phase != TricksPhase.PLAY or play.seat != self.turn():
            raise IllegalActionError(f"seat {play.seat} may not play now")
        if play.card not in follows(self.held[play.seat], self.trick):
            raise IllegalActionError(f"seat {play.seat} cannot play {play.card}: follow suit")
        self.writer.input(play.seat, play)
        held = list(self.held)
        held[play.seat] = tuple(card for card in held[play.seat] if card is not play.card)
        self.held, self.trick = tuple(held), (*self.trick, (play.seat, play.card))
        if len(self.trick) == self.players:
            self._take()

    def _take(self) -> None:
        leader, led = self.trick[0][0], self.trick[0][1].suit
        winner = max((entry for entry in self.trick if entry[1].suit == led),
                     key=lambda entry: power(entry[1]))[0]
        cards = tuple(card for _, card in self.trick)
        taken = list(self.taken)
        taken[winner] += 1
        self.taken, self.trick, self.leader = tuple(taken), (), winner
        self.writer.add(TrickTaken, winner, leader=leader, cards=cards)
        last = not self.held[winner]
        trick = Trick(winner, leader, cards, sum(taken), last, self.scores)
        for award in self.score_trick(cards, trick):
            scores = list(self.scores)
            scores[winner] += award.score.points
            self.scores = tuple(scores)
            self.writer.score(award, seat=winner, side=winner, total=scores[winner])
        if max(self.scores) >= self.target:
            self.writer.end(self.scores, [(seat,) for seat in range(self.players)])
            self.phase = TricksPhase.OVER
        elif last:
            self.phase, self.dealer = TricksPhase.DEAL, (self.dealer + 1) % self.players
