"""The price of a house rule: complete 2-player games per second on one core, compiled, with the
standard rules alone (every scoring hook on the native lane), with one trivial interpreted plugin
on ``pegline_score_play`` (that hook then takes the contract lane for the whole table,
docs/hooks.md), and with three house rules written as data in the variant file (pegging pairs
3/9/18, four of a kind 20, a pegging run of five or more 2 more: the ``house`` plugin, on the
native lane), OpenSpiel's C++ loop in the same interleaved run. Random bots, by variant (a file
written to a temporary folder for the data rules).

Targets: with the Python house rule, >= 0.25x OpenSpiel (issue 25); the data rules cost at most
10% of the games/s of the standard rules alone. Each side is a long-lived process timing its own
batches in CPU time, as in games_speed.py (one process per side: two sides in one process measure
the second one faster); medians of the rounds.

Run: python benchmarks/house_rule_price.py [--games N] [--rounds R] [--no-peer]
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from contextlib import nullcontext
from pathlib import Path

from games_speed import DEALS_SAMPLE, OPEN_SPIEL, WARM_UP
from peers import Server, benchmark_parser, interleaved, peer_python, ratio

RULES_AS_DATA = (("house-peg-pair", "play", 3, "same_rank = 2"),
                 ("house-peg-pair-royal", "play", 9, "same_rank = 3"),
                 ("house-peg-double-pair-royal", "play", 18, "same_rank = 4"),
                 ("four-of-a-kind", "show", 8, "same_rank = 4"),
                 ("long-run", "play", 2, "run = { min = 5 }"))
DATA_RULES = ('extends = ["two-player"]\nplugins = ["+house"]\n'
              'disable = ["peg-pair", "peg-pair-royal", "peg-double-pair-royal"]\n'
              + "".join(f'[[config.house.rules]]\nid = "{rule_id}"\nname = {{ en = "{rule_id}" }}\n'
                        f'when = "{when}"\npoints = {points}\nmatch = {{ {match} }}\n'
                        for rule_id, when, points, match in RULES_AS_DATA))
"""House rules 1, 4 and 6 as a variant file writes them."""

PEGLINE = """
import sys, tempfile, pathlib
sys.path.insert(0, {here!r})
from games_speed import PeglineGames
from pegline_core import RandomBot, hookimpl

class EveryPlay:
    '''A house rule that looks at every play and claims nothing.'''

    @hookimpl
    def pegline_score_play(self, play):
        return []

variant = "two-player"
if {side!r} == "data":
    path = pathlib.Path(tempfile.mkdtemp()) / "house-rules.toml"
    path.write_text({rules!r})
    variant = str(path)
games = PeglineGames(variant, RandomBot)
if {side!r} == "python":
    games.ruleset.pm.register(EveryPlay(), "every-play")
    games(20)  # warm the contract lane
serve({{"batch": lambda count: f"{{games(int(count))}}"}})
"""
"""One side's measuring process, its own interpreter: the standard rules alone, with the Python
house rule, or with the data rules."""


def main(argv: Sequence[str] | None = None) -> None:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--games", type=int, default=100, help="games per side per round")
    parser.add_argument("--no-peer", action="store_true", help="skip OpenSpiel")
    args = parser.parse_args(argv)
    python = None if args.no_peer else peer_python("open-spiel")
    env = {k: v for k, v in os.environ.items() if k != "PEGLINE_PURE_PYTHON"}
    here = str(Path(__file__).resolve().parent)
    peer_code = OPEN_SPIEL.format(players=2, warm_up=WARM_UP, sample=DEALS_SAMPLE)
    def side(name: str) -> Server:
        return Server(sys.executable, PEGLINE.format(here=here, side=name, rules=DATA_RULES), env)

    with side("plain") as plain, side("python") as house, side("data") as data, \
            (Server(python, peer_code) if python else nullcontext()) as peer:
        sides = [lambda _r: {"plain": plain.ask("batch", args.games)[0]},
                 lambda _r: {"house": house.ask("batch", args.games)[0]},
                 lambda _r: {"data": data.ask("batch", args.games)[0]}]
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
    print(f"{'with house rules 1, 4, 6 as data':<42}{figures['data']:>8,.0f}   "
          f"/ open-spiel {ratio(figures['data'], theirs)}")
    if theirs:
        print(f"{'open-spiel (C++ loop)':<42}{theirs:>8,.0f}")
    print(f"the house rule's price: {figures['house'] / figures['plain']:.2f}x the games/s; "
          f"target >= 0.25x open-spiel: "
          f"{'met' if theirs and figures['house'] >= 0.25 * theirs else 'NOT met'}")
    kept = figures["data"] / figures["plain"]
    print(f"the data rules' price: {kept:.2f}x the games/s; target >= 0.90x: "
          f"{'met' if kept >= 0.90 else 'NOT met'}")


if __name__ == "__main__":
    main()
