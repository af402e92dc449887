"""What reading the other players could be worth: the coach told the other hands.

A diagnostic, not a player: the coach plays against greedy bots with every other hand given to
it as the greedy bot keeps and holds it (in the discard, the pegging, or both), beside the coach
as it is, on the same deals, each deal played with the coach in every seat. The gap between the
two is what perfect reading would add; the coach's own reading (`pegline_cribbage.reading`)
closes some of it (``--read-plays``: the coach reads the others' plays too). docs/coach.md gives
the figures.

Run: python benchmarks/coach_ceiling.py [--variant three-player] [--deals 300] [--workers 2]
     [--told both|discard|pegging|none] [--read-plays]
"""

from __future__ import annotations

import argparse
import itertools
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any

from pegline_core import Game, Ruleset, load_variant, play_game
from pegline_core.app.simulate import wilson
from pegline_cribbage.actions import Discard
from pegline_cribbage.bots import GreedyBot
from pegline_cribbage.coach import Coach, CoachBot

_RULESETS: dict[str, Ruleset] = {}


class ToldCoach(Coach):
    """The coach, imagining every other hand as it is (in the phases ``told``)."""

    def __init__(self, game: Game, told: str, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game, self.told = game, told

    def _worlds(self, view, unseen, n, rng, size, spare):  # type: ignore[no-untyped-def]
        pegging = view.phase == "pegging"
        if self.told != "both" and (self.told == "pegging") != pegging:
            return super()._worlds(view, unseen, n, rng, size, spare)
        hands: list[tuple[Any, ...]] = [()] * view.players
        known = set()
        for seat in range(view.players):
            if seat == view.seat:
                continue
            other = self.game.view(seat)
            hands[seat] = tuple(other.held)
            if not pegging and len(other.kept) == len(other.held):  # yet to lay away
                laid = len(other.held) - self.scorer.settings.hand_size()
                choice = GreedyBot().choose(other, [Discard(seat, cards) for cards in
                                                    itertools.combinations(other.held, laid)])
                hands[seat] = tuple(c for c in other.held if c not in choice.cards)
            known.update(other.held)
        pool = [c for c in unseen if c not in known]
        return [([*hands], rng.sample(pool, spare)) for _ in range(n)]


class ToldBot(CoachBot):
    def __init__(self, seed: int, game: Game, told: str, read_plays: bool) -> None:
        super().__init__(seed, read_plays=read_plays)
        self.game, self.told = game, told

    def choose(self, view: Any, legal: Any) -> Any:
        if self._coach is None:
            self._coach = ToldCoach(self.game, self.told, view.rules,
                                    read_plays=self.read_plays)
        return super().choose(view, legal)


def deal(variant: str, told: str, read_plays: bool, seed: int) -> tuple[int, int]:
    """(coach wins, games) over one deal played with the coach in each seat."""
    ruleset = _RULESETS.get(variant)
    if ruleset is None:
        ruleset = _RULESETS[variant] = Ruleset(load_variant(variant))
    players = ruleset.variant.table.players
    wins = 0
    for coached in range(players):
        game = Game(ruleset=ruleset)
        bots: list[Any] = [GreedyBot(seed=seed) for _ in range(players)]
        bots[coached] = CoachBot(seed, read_plays=read_plays) if told == "none" else \
            ToldBot(seed, game, told, read_plays)
        played = play_game(ruleset.variant, bots, seed=seed, game=game)
        assert played.result is not None
        wins += coached in played.result.winner.seats
    return wins, players


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--variant", default="three-player")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--told", default="both,pegging,discard,none",
                        help="comma-separated: both, pegging, discard, none (the coach as it is)")
    parser.add_argument("--read-plays", action="store_true",
                        help="the coach reads the others' plays as well")
    args = parser.parse_args()
    for told in args.told.split(","):
        start = time.perf_counter()
        wins = games = 0
        with ProcessPoolExecutor(args.workers) as pool:
            for won, played in pool.map(partial(deal, args.variant, told, args.read_plays),
                                        range(args.deals),
                                        chunksize=4):
                wins, games = wins + won, games + played
        low, high = wilson(wins, games)
        print(f"{args.variant}, the coach told the other hands in {told:8s}: won "
              f"{wins / games:5.1%} of {games} games (95% CI {low:.1%} to {high:.1%}) "
              f"in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
