"""Clabber's coach (`pegline_clabber.coach`): its latency, and its strength as a team against the
greedy team (issue 17: at least 55 % of games).

Latency: CPU milliseconds of this process per evaluation, median and 95th percentile, for naming
trump and for plays, over the decisions of a few greedy games. Strength: a coach team (the coach
bot in seats 0 and 2, or 1 and 3) against a greedy team; every seed is played twice, once with
the coach team in each pair of seats, so the deals' luck cancels; the win rate with its 95 %
Wilson interval.

Run: python benchmarks/clabber_coach.py [--variant clabber] [--budget 16] [--games 200]
     [--workers 2] [--latency-games 2]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from pegline_clabber.bots import GreedyBot
from pegline_clabber.coach import DEFAULT_BUDGET, ClabberCoach, CoachBot
from pegline_core import Game, Ruleset, load_variant, play_game
from pegline_core.app.simulate import wilson
from pegline_core.turns import CHANCE


def latency(variant: str, budget: int, games: int) -> dict[str, list[float]]:
    """CPU milliseconds of each evaluation by decision, over ``games`` greedy games."""
    ruleset = Ruleset(load_variant(variant))
    coach = ClabberCoach(ruleset, budget)
    times: dict[str, list[float]] = {"naming": [], "play": []}
    for seed in range(games):
        game, rng = Game(ruleset=ruleset), random.Random(seed)
        bots = [GreedyBot(seat) for seat in range(4)]
        while not game.over:
            if game.to_act is CHANCE:
                game.apply(game.chance_action(rng))
                continue
            seat = game.to_act[0]
            view = game.view(seat)
            if view.phase in ("naming", "tricks"):
                start = time.process_time()
                coach.evaluate(view)
                times["naming" if view.phase == "naming" else "play"].append(
                    (time.process_time() - start) * 1000)
            game.apply(bots[seat].choose(view, game.legal_actions(seat)))
    return times


def one_game(variant: str, budget: int, seating: tuple[int, int]) -> bool:
    """Seed ``seating[0]`` with the coach team in seats of parity ``seating[1]``: whether the
    coach team won."""
    seed, parity = seating
    ruleset = Ruleset(load_variant(variant))
    players = [CoachBot(ruleset, budget) if seat % 2 == parity else GreedyBot(seed * 4 + seat)
               for seat in range(4)]
    game = play_game(ruleset.variant, players, seed=seed, game=Game(ruleset=ruleset))
    assert game.result is not None
    return game.result.winner.side % 2 == parity


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="clabber")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--games", type=int, default=200, help="seeds (each played twice)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--latency-games", type=int, default=2)
    args = parser.parse_args()
    for decision, ms in latency(args.variant, args.budget, args.latency_games).items():
        ms.sort()
        print(f"{decision:<7} evaluations: {len(ms):>4}, median {statistics.median(ms):6.1f} ms, "
              f"p95 {ms[max(0, int(0.95 * len(ms)) - 1)]:6.1f} ms (CPU, one core)")
    seatings = [(seed, parity) for seed in range(args.games) for parity in (0, 1)]
    start = time.monotonic()
    with ProcessPoolExecutor(args.workers) as pool:
        wins = sum(pool.map(partial(one_game, args.variant, args.budget), seatings,
                            chunksize=4))
    low, high = wilson(wins, len(seatings))
    print(f"{args.variant}, budget {args.budget}: the coach team won {wins} of {len(seatings)} "
          f"games against the greedy team: {wins / len(seatings):.1%} (95% CI {low:.1%} to "
          f"{high:.1%}; target 55%); {time.monotonic() - start:.0f} s")


if __name__ == "__main__":
    main()
