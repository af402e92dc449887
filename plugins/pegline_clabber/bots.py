"""Clabber's greedy bot: it sees only its `ClabberView` and the legal actions.

>>> from pegline_core import play_game
>>> game = play_game("clabber", [GreedyBot(seed) for seed in range(4)], seed=5)
>>> game.over, max(game.scores) >= 500
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pegline_clabber.actions import Announce, CallRenege, Name, Pass, Play, Show
from pegline_clabber.cards import (
    PLAIN_POINTS,
    TRUMP_POINTS,
    legal_plays,
    points,
    power,
    trick_winner,
    why_illegal,
)
from pegline_clabber.views import ClabberView
from pegline_core.cards import Card
from pegline_core.events import Action

__all__ = ["GreedyBot", "strength", "provable_reneges"]

ACE, JACK = 1, 11
HAND_SIZE = 6
NAMING_THRESHOLD = 50
"""The strength a suit needs for the greedy bot to name it trump."""


def strength(held: Sequence[Card], suit: str) -> int:
    """How strong ``held`` is with ``suit`` as trump: the trumps' card points, 10 a trump, and
    the plain aces (11 each)."""
    trumps = [card for card in held if card.suit == suit]
    aces = [card for card in held if card.suit != suit and card.rank == ACE]
    return (sum(TRUMP_POINTS[card.rank] for card in trumps) + 10 * len(trumps)
            + PLAIN_POINTS[ACE] * len(aces))


def provable_reneges(view: ClabberView) -> list[int]:
    """The plays and the naming of this hand by the other team that the seat can prove were
    reneges: a play when the offender's own later plays show it held a card it had to play then;
    a naming of the suit passed in round 1; a naming of a suit the namer, once it has played all
    six cards, never played. Their event numbers."""
    played, found = view.played, []
    for index, (seq, seat, card) in enumerate(played):
        if seat % 2 == view.seat % 2:
            continue
        later = [c for _s, who, c in played[index + 1:] if who == seat]
        start = index - index % 4
        trick = tuple(c for _s, _w, c in played[start:index])
        if trick and why_illegal((card, *later), trick, view.trump, card,
                                 view.undertrump) is not None:
            found.append(seq)
    namer = next((seat for seat, suit in reversed(view.calls) if suit), None)
    if view.named >= 0 and namer is not None and namer % 2 != view.seat % 2:
        assert view.turn_card is not None
        cards = [card for _s, who, card in played if who == namer]
        passed = view.round == 2 and view.trump == view.turn_card.suit
        never_held = len(cards) == HAND_SIZE and all(c.suit != view.trump for c in cards)
        if passed or never_held:
            found.append(view.named)
    return sorted(found)


class GreedyBot:
    """Names trump when a suit is strong enough, announces and shows every meld it holds, wins
    a trick with its cheapest winning card when it can, gives its points to a partner sure of the
    trick, and throws its lowest points otherwise.

    Where reneges stand until called, it calls every renege it can prove and plays and names by
    the rules itself; with ``mistakes`` (a probability per play) it plays any card instead, as a
    sloppy player does."""

    def __init__(self, seed: int | None = None, mistakes: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.mistakes = mistakes

    def choose(self, view: ClabberView, legal: Sequence[Action]) -> Action:
        if view.renege_calls:
            proved = provable_reneges(view)
            calls = [a for a in legal if isinstance(a, CallRenege) and a.target in proved]
            if calls:
                return calls[0]
            legal = [a for a in legal if not isinstance(a, CallRenege)]
        for action in legal:
            if isinstance(action, Announce | Show):
                return action
        first = legal[0]
        if isinstance(first, Pass):
            turned = view.turn_card.suit if view.turn_card else ""
            names = [a for a in legal if isinstance(a, Name)
                     and any(c.suit == a.suit for c in view.held)
                     and (view.round == 1 or a.suit != turned)]
            if not names:
                return first
            best = max(names, key=lambda a: strength(view.held, a.suit))
            return best if strength(view.held, best.suit) >= NAMING_THRESHOLD else first
        plays = [a for a in legal if isinstance(a, Play)]
        if view.renege_calls and plays:
            if self.rng.random() < self.mistakes:
                return self.rng.choice(plays)
            allowed = set(legal_plays(view.held, view.trick, view.trump, view.undertrump))
            plays = [p for p in plays if p.card in allowed]
        return self._play(view, plays) if plays else first

    @staticmethod
    def _play(view: ClabberView, plays: list[Play]) -> Play:
        trump, trick = view.trump, view.trick

        def rank(card: Card) -> int:
            return power(card, trump) + (10 if card.suit == trump else 0)

        def cheap(play: Play) -> tuple[int, int]:
            return points(play.card, trump), rank(play.card)

        if not trick:
            masters = [p for p in plays if (p.card.suit == trump and p.card.rank == JACK)
                       or (p.card.suit != trump and p.card.rank == ACE)]
            return masters[0] if masters else min(plays, key=cheap)
        winners = [p for p in plays if trick_winner((*trick, p.card), trump) == len(trick)]
        assert view.leader is not None
        partner_leads = (view.leader + trick_winner(trick, trump)) % 4 == (view.seat + 2) % 4
        if partner_leads and len(trick) == 3:  # the trick is the partner's: give it points
            return max(plays, key=cheap)
        if winners and not partner_leads:
            return min(winners, key=lambda p: (rank(p.card), points(p.card, trump)))
        return min(plays, key=cheap)
