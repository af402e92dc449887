"""Show scores per second on one core through the scalar API (issue 2 target: 300,000).

Run: python benchmarks/show_speed.py [--hands N]
Prints the fast total (`Scorer.show_total`) and the itemised breakdown (`Scorer.show`, one
award per combination through the plugin hook), over the same random hands, after a warm-up pass.
"""

from __future__ import annotations

import argparse
import random
import time

from pegline_core import DECK, Scorer

TARGET = 300_000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=200_000)
    args = parser.parse_args()
    rng = random.Random(2026)
    hands = []
    for _ in range(args.hands):
        cards = rng.sample(DECK, 5)
        hands.append((tuple(cards[:4]), cards[4], rng.random() < 0.5))
    scorer = Scorer.for_variant("two-player")
    total = scorer.show_total
    for hand, starter, crib in hands:  # warm-up: fills the rank-pattern table
        total(hand, starter, crib=crib)

    start = time.perf_counter()
    for hand, starter, crib in hands:
        total(hand, starter, crib=crib)
    fast = args.hands / (time.perf_counter() - start)

    sample = hands[: args.hands // 10]
    start = time.perf_counter()
    for hand, starter, crib in sample:
        scorer.show(hand, starter, crib=crib)
    itemised = len(sample) / (time.perf_counter() - start)

    print(f"show_total (scalar, fast):   {fast:12,.0f} scores/s  "
          f"target {TARGET:,}  ratio {fast / TARGET:.2f}")
    print(f"show (itemised, via hook):   {itemised:12,.0f} scores/s  "
          f"({fast / itemised:.0f}x slower, builds one award per combination)")


if __name__ == "__main__":
    main()
