"""Issue 9's figures in one run, with peers installed into benchmarks/.venv and measured alongside.

- show scores per second on one core, itemised and total, cold and warm, against
  cribbage-scorer: show_speed.py;
- the exhaustive standard distribution, hand and crib tables (target under 1 s);
- complete random-bot games per second with the full event log, two, three and four players,
  against OpenSpiel's cribbage: games_speed.py;
- the parallel speed-up of `pegline simulate` on two workers (target 1.8).

Run: python benchmarks/scale.py [--games 100]
"""

from __future__ import annotations

import argparse
import time

import games_speed
import show_speed

from pegline_core import load_variant
from pegline_core.app.simulate import simulate
from pegline_cribbage.analysis import show_distribution


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100, help="games per side per round")
    args = parser.parse_args()

    show_speed.main([])
    print()

    variant = load_variant("two-player")
    start = time.perf_counter()
    for crib in (False, True):
        show_distribution(variant, crib=crib)
    print(f"exhaustive show distribution (hand + crib, 2 x 12,994,800 pairs): "
          f"{time.perf_counter() - start:.2f} s (target < 1 s)\n")

    games_speed.main(["--games", str(args.games)])
    print()

    timings = {}
    for workers in (1, 2):
        start = time.perf_counter()
        simulate(variant, ["random", "random"], games=4 * args.games, seed=1, workers=workers)
        timings[workers] = time.perf_counter() - start
    print(f"simulate {4 * args.games} games: 1 worker {timings[1]:.1f} s, 2 workers "
          f"{timings[2]:.1f} s, speed-up {timings[1] / timings[2]:.2f} (target 1.8)")


if __name__ == "__main__":
    main()
