"""The coach's latency and strength (issue 8 targets).

Latency, on one core: median time of a six-card discard evaluation (target under 20 ms) and of a
pegging evaluation (target under 5 ms). Strength: the coach bot against the random bot and against
the greedy bot, two-player, each deal played twice with the seats swapped so that seats and deals
balance (targets: at least 90 % against random and 55 % against greedy), with a 95 % Wilson
interval. Strength games run on every core.

Run: python benchmarks/coach_strength.py [--deals 2000] [--workers 2]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from pegline_core import Game, RandomBot, Ruleset, load_variant, play_game
from pegline_core.app.simulate import wilson
from pegline_cribbage.bots import GreedyBot
from pegline_cribbage.coach import Coach, CoachBot
from pegline_cribbage.machine import seat_to_play
from pegline_cribbage.scorer import Scorer


def latency(samples: int) -> tuple[float, float]:
    variant = load_variant("two-player")
    ruleset = Ruleset(variant)
    coach = Coach(Scorer(ruleset))
    discard, pegging = [], []
    for seed in range(samples):
        rng = random.Random(seed)
        game = Game(variant, dealer=1, ruleset=ruleset)
        game.apply(game.chance_action(rng))
        start = time.perf_counter()
        coach.evaluate(game.view(0))
        discard.append(time.perf_counter() - start)
        for seat in (0, 1):
            game.apply(rng.choice(game.legal_actions(seat)))
        game.apply(game.chance_action(rng))
        while game.phase == "pegging":
            seat = seat_to_play(game)
            start = time.perf_counter()
            evaluation = coach.evaluate(game.view(seat))
            if evaluation is not None:
                pegging.append(time.perf_counter() - start)
            game.apply(rng.choice(game.legal_actions(seat)))
    return statistics.median(discard) * 1000, statistics.median(pegging) * 1000


def _play(args: tuple[str, int]) -> int:
    """Coach wins (0 to 2) over one deal played from both seats."""
    opponent, seed = args
    variant = load_variant("two-player")
    wins = 0
    for coach_seat in (0, 1):
        bots = [None, None]
        bots[coach_seat] = CoachBot(seed)
        bots[1 - coach_seat] = GreedyBot(seed=seed) if opponent == "greedy" else RandomBot(seed)
        game = play_game(variant, bots, seed=seed)
        wins += game.result.winner.side == coach_seat
    return wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2000, help="deals per opponent (x2 games)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--latency-samples", type=int, default=200)
    args = parser.parse_args()
    discard_ms, pegging_ms = latency(args.latency_samples)
    print(f"discard advice median: {discard_ms:6.2f} ms (target < 20 ms)")
    print(f"pegging advice median: {pegging_ms:6.2f} ms (target < 5 ms)")
    targets = {"random": 0.90, "greedy": 0.55}
    with ProcessPoolExecutor(args.workers) as pool:
        for opponent, target in targets.items():
            start = time.perf_counter()
            wins = sum(pool.map(_play, [(opponent, seed) for seed in range(args.deals)],
                                chunksize=20))
            games = 2 * args.deals
            low, high = wilson(wins, games)
            print(f"coach vs {opponent:<6}: {wins / games:6.1%} of {games} games "
                  f"(95% CI {low:.1%} to {high:.1%}; target {target:.0%}) "
                  f"in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
