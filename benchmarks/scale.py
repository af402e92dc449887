"""Issue 9's figures in one run, with peers installed into benchmarks/.venv and measured alongside.

- show scores per second, scalar API, on one core: Pegline's `Scorer.show_total` against
  cribbage-scorer's `show_calc_score` (target 500,000 for Pegline);
- the exhaustive standard distribution, hand and crib tables (target under 1 s);
- complete random-bot games per second with the full event log, two, three and four players,
  against open-spiel's cribbage (target 1,000 for two players);
- the parallel speed-up of `pegline simulate` on two workers (target 1.8).

Run: python benchmarks/scale.py [--games 500]
"""

from __future__ import annotations

import argparse
import random
import time

from games_speed import OPEN_SPIEL, pegline_rate
from peers import peer_python, run_peer

from pegline_core.analysis import show_distribution
from pegline_core.cards import DECK
from pegline_core.scorer import Scorer
from pegline_core.simulate import simulate
from pegline_core.variant import load_variant

CRIBBAGE_SCORER = """
import random, time
from cribbage_scorer import cribbage_scorer as cs
rng = random.Random(2026)
deck = [(rank, suit) for rank in range(1, 14) for suit in "CDHS"]
hands = []
for _ in range({hands}):
    cards = rng.sample(deck, 5)
    hands.append((cards[4], cards[:4], rng.random() < 0.5))
start = time.perf_counter()
for starter, hand, crib in hands:
    cs.show_calc_score(starter, hand, crib)
print({hands} / (time.perf_counter() - start))
"""


def show_rate(hands: int) -> float:
    rng = random.Random(2026)
    sample = []
    for _ in range(hands):
        cards = rng.sample(DECK, 5)
        sample.append((tuple(cards[:4]), cards[4], rng.random() < 0.5))
    total = Scorer.for_variant("two-player").show_total
    for hand, starter, crib in sample:  # warm-up
        total(hand, starter, crib=crib)
    start = time.perf_counter()
    for hand, starter, crib in sample:
        total(hand, starter, crib=crib)
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500)
    args = parser.parse_args()
    peer = peer_python("open-spiel", "cribbage-scorer")

    ours = show_rate(200_000)
    theirs = float(run_peer(peer, CRIBBAGE_SCORER.format(hands=20_000)))
    print(f"show scores/s    pegline {ours:>10,.0f}   cribbage-scorer {theirs:>8,.0f}   "
          f"ratio {ours / theirs:6.1f}   (target 500,000)")

    variant = load_variant("two-player")
    start = time.perf_counter()
    for crib in (False, True):
        show_distribution(variant, crib=crib)
    print(f"exhaustive show distribution (hand + crib, 2 x 12,994,800 pairs): "
          f"{time.perf_counter() - start:.2f} s (target < 1 s)")

    for players, name in ((2, "two-player"), (3, "three-player"), (4, "partner")):
        rate, _events = pegline_rate(name, args.games)
        peer_rate = float(run_peer(peer, OPEN_SPIEL.format(players=players, games=args.games)))
        print(f"games/s {players} players  pegline {rate:>8,.0f}   open-spiel {peer_rate:>8,.0f}"
              f"   ratio {rate / peer_rate:5.2f}" + ("   (target 1,000)" if players == 2 else ""))

    timings = {}
    for workers in (1, 2):
        start = time.perf_counter()
        simulate(variant, ["random", "random"], games=4 * args.games, seed=1, workers=workers)
        timings[workers] = time.perf_counter() - start
    print(f"simulate {4 * args.games} games: 1 worker {timings[1]:.1f} s, 2 workers "
          f"{timings[2]:.1f} s, speed-up {timings[1] / timings[2]:.2f} (target 1.8)")


if __name__ == "__main__":
    main()
