"""Players: the strategy protocol, the random and greedy bots, and the loop that plays a game.

A player sees only its own `PlayerView` and the legal actions, and returns one of them.

>>> game = play_game("two-player", [RandomBot(1), GreedyBot()], seed=5)
>>> game.over, game.result.winner.score >= 121
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from pegline_core.actions import Action, Declare, Discard, Play, Respond
from pegline_core.cards import DECK, Card
from pegline_core.engine import Game
from pegline_core.events import Event
from pegline_core.scorer import Scorer
from pegline_core.state import PlayerView
from pegline_core.variant import Variant

__all__ = ["Player", "RandomBot", "GreedyBot", "play_game", "BOTS"]


class Player(Protocol):
    """Anything that picks one of the legal actions from its own view."""

    def choose(self, view: PlayerView, legal: Sequence[Action], game: Game) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action], game: Game) -> Action:
        return legal[self.rng.randrange(len(legal))]


class GreedyBot:
    """Takes the most immediate points.

    Discards: keeps the cards whose show total, averaged over every starter it cannot see the
    other side of, is highest (crib and pegging are ignored). Plays: the card scoring the most
    pegging points now; ties go to the highest card, keeping low cards for later.

    With muggins it counts its own hands exactly, or with ``mistakes`` (a probability per count)
    it forgets one fifteen or run, as people do; it answers another's count by comparing the
    declaration with the true count of the face-up cards.
    """

    def __init__(self, mistakes: float = 0.0, seed: int | None = None) -> None:
        self.mistakes = mistakes
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action], game: Game) -> Action:
        if isinstance(legal[0], Declare | Respond):
            return self._count(view, legal[0], game)
        if isinstance(legal[0], Discard):
            starters = [c for c in DECK if c not in view.held]
            return max(legal, key=lambda action: self._keep_value(view, action, starters,
                                                                  game.scorer))
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return legal[0]

        def value(action: Play) -> tuple[int, int]:
            series = view.series + (action.card,)
            points = sum(a.score.points for a in game.scorer.play(series, seat=view.seat))
            return points, action.card.value

        return max(plays, key=value)

    def _count(self, view: PlayerView, first: Declare | Respond, game: Game) -> Action:
        seat, cards, crib, declared = view.counting
        result = game.scorer.show(cards, view.starter, crib=crib, seat=seat)
        if isinstance(first, Declare):
            forgettable = [a.score.points for a in result.awards
                           if a.rule.id in ("show-fifteen", "show-run")]
            slip = self.rng.choice(forgettable) if forgettable and \
                self.rng.random() < self.mistakes else 0
            return Declare(view.seat, min(result.total - slip, 29))
        if declared < result.total:
            return Respond(view.seat, "muggins", result.total - declared)
        if declared > result.total:
            return Respond(view.seat, "overcount")
        return Respond(view.seat, "accept")

    @staticmethod
    def _keep_value(view: PlayerView, action: Discard, starters: list[Card],
                    scorer: Scorer) -> float:
        keep = tuple(c for c in view.held if c not in action.cards)
        total = scorer.show_total
        return sum(total(keep, starter, crib=False) for starter in starters) / len(starters)


def _coach_bot(seed: int) -> Player:
    from pegline_core.coach import CoachBot  # the coach builds on this module

    return CoachBot(seed)


BOTS: dict[str, Callable[[int], Player]] = {
    "random": RandomBot,
    "greedy": lambda seed: GreedyBot(seed=seed),
    "sloppy": lambda seed: GreedyBot(mistakes=0.3, seed=seed),
    "coach": _coach_bot,
}

"""Bot factories by name (for the CLI); each takes a seed."""


def play_game(
    variant: Variant | str,
    players: Sequence[Player],
    *,
    seed: int | None = None,
    on_event: Callable[[Event], None] | None = None,
    game: Game | None = None,
) -> Game:
    """Play a game to its end (or continue ``game``), drawing chance from ``seed``."""
    game = game or Game(variant)
    if len(players) != game.players:
        raise ValueError(f"{game.variant.name} needs {game.players} players, got {len(players)}")
    rng = random.Random(seed)
    while not game.over:
        to_act = game.to_act
        if to_act == "chance":
            action = game.chance_action(rng)
        else:
            seat = to_act[0]
            action = players[seat].choose(game.view(seat), game.legal_actions(seat), game)
        for event in game.apply(action):
            if on_event is not None:
                on_event(event)
    return game
