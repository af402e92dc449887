"""The price of a house rule written in plain Python: complete 2-player games per second on one
core, compiled, with the standard rules alone (every scoring hook on the native lane) and with
one trivial interpreted plugin on ``pegline_score_play`` (that hook then takes the contract lane
for the whole table, docs/hooks.md), OpenSpiel's C++ loop in the same interleaved run.

Target (issue 25): with the house rule, >= 0.25x OpenSpiel. Each side is a long-lived process
timing its own batches in CPU time, as in games_speed.py (one process per side: two sides in
one process measure the second one faster); medians of the rounds.

Run: python benchmarks/house_rule_price.py [--games N] [--rounds R] [--no-peer]
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from contextlib import nullcontext
from pathlib import Path

from games_speed import DEALS_SAMPLE, OPEN_SPIEL, WARM_UP
from peers import Server, interleaved, peer_python, ratio

PEGLINE = """
import sys
sys.path.insert(0, {here!r})
from games_speed import PeglineGames
from pegline_core import RandomBot, hookimpl

class EveryPlay:
    '''A house rule that looks at every play and claims nothing.'''

    @hookimpl
    def pegline_score_play(self, play):
        return []

games = PeglineGames("two-player", RandomBot)
if {house!r}:
    games.ruleset.pm.register(EveryPlay(), "every-play")
    games(20)  # warm the contract lane
serve({{"batch": lambda count: f"{{games(int(count))}}"}})
"""
"""One side's measuring process, its own interpreter: with the house rule or without."""


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="games per side per round")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (>= 5)")
    parser.add_argument("--no-peer", action="store_true", help="skip OpenSpiel")
    args = parser.parse_args(argv)
    python = None if args.no_peer else peer_python("open-spiel")
    env = {k: v for k, v in os.environ.items() if k != "PEGLINE_PURE_PYTHON"}
    here = str(Path(__file__).resolve().parent)
    peer_code = OPEN_SPIEL.format(players=2, warm_up=WARM_UP, sample=DEALS_SAMPLE)
    with Server(sys.executable, PEGLINE.format(here=here, house=False), env) as plain, \
            Server(sys.executable, PEGLINE.format(here=here, house=True), env) as house, \
            (Server(python, peer_code) if python else nullcontext()) as peer:
        sides = [lambda _r: {"plain": plain.ask("batch", args.games)[0]},
                 lambda _r: {"house": house.ask("batch", args.games)[0]}]
        if peer:
            sides.append(lambda _r: {"open-spiel": peer.ask("cpp", args.games)[0]})
        figures = interleaved(args.rounds, sides)
    theirs = figures.get("open-spiel")
    print(f"2-player games/s, compiled, medians of {args.rounds} interleaved rounds of "
          f"{args.games} games a side")
    print(f"{'standard rules alone (native lane)':<42}{figures['plain']:>8,.0f}   "
          f"/ open-spiel {ratio(figures['plain'], theirs)}")
    print(f"{'with one plain Python house rule':<42}{figures['house']:>8,.0f}   "
          f"/ open-spiel {ratio(figures['house'], theirs)}")
    if theirs:
        print(f"{'open-spiel (C++ loop)':<42}{theirs:>8,.0f}")
    print(f"the house rule's price: {figures['house'] / figures['plain']:.2f}x the games/s; "
          f"target >= 0.25x open-spiel: "
          f"{'met' if theirs and figures['house'] >= 0.25 * theirs else 'NOT met'}")


if __name__ == "__main__":
    main()
