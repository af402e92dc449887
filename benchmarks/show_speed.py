"""Show scores per second on one core: Pegline against cribbage-scorer (PyPI), measured in the
same run, like against like.

- itemised against itemised: Pegline's `Scorer.show(hand, starter, crib=...)`, one award per
  combination, against cribbage-scorer's ``show_calc_score(starter, hand, crib)``, which returns
  the total and its breakdown (one text item per fifteen, per group of same rank, per run);
- total against total: Pegline's `Scorer.show_total` against cribbage-scorer's total-only call,
  which it does not have (``show_calc_score`` always builds the breakdown), so no ratio is taken:
  set against the itemised call it would flatter us.

Cold and warm: each round draws new distinct hands (two-player, 4 cards and a starter, crib or
hand at random) and hands them, decoded in advance, to a fresh process per side; "cold" is that
process's first pass over them (none of them seen before), "warm" its second pass over the same
hands, with whatever the first pass left: Pegline's show totals remember the points of each
pattern of ranks (6,175 of five cards), so their first pass fills that table and their second
only reads it; its itemised show finds its combinations in a table of those patterns, made whole
at its first show (in the cold pass), and cribbage-scorer has no cache. The sides take
turns within each round; the figures are medians over the rounds. Both sides get the same hands,
and the headline sets them side by side pass for pass: cold against cold, warm against warm.

Targets (issue 25), warm: itemised >= 250,000 hands/s, totals >= 2,000,000 hands/s (an earlier
reference, not required: itemised >= 500,000); the cold pass is printed beside them.

Run: python benchmarks/show_speed.py [--hands N] [--rounds R] [--no-peer]
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from peers import Server, benchmark_parser, interleaved, peer_python, ratio

TARGET_ITEMISED = 250_000
TARGET_TOTAL = 2_000_000
REFERENCE_ITEMISED = 500_000

TIMED = """
def timed(score):
    def run(argument):  # "a.b.c.d.starter.crib,..." by card index, rank-major, suits C D H S
        hands = decode([[int(n) for n in hand.split(".")] for hand in argument.split(",")])
        rates = []
        for _pass in ("cold", "warm"):
            start = time.perf_counter()
            score(hands)
            rates.append(len(hands) / (time.perf_counter() - start))
        return " ".join(map(str, rates))
    return run
"""

PEGLINE = TIMED + """
from pegline_core import DECK
from pegline_cribbage.scorer import Scorer
scorer = Scorer.for_variant("two-player")

def decode(hands):
    return [(tuple(DECK[i] for i in hand[:4]), DECK[hand[4]], bool(hand[5])) for hand in hands]

def itemised(hands):
    show = scorer.show
    for hand, starter, crib in hands:
        show(hand, starter, crib=crib).total

def total(hands):
    show_total = scorer.show_total
    for hand, starter, crib in hands:
        show_total(hand, starter, crib=crib)

serve({"itemised": timed(itemised), "total": timed(total)})
"""

CRIBBAGE_SCORER = TIMED + """
from cribbage_scorer import cribbage_scorer as cs
DECK = [(rank, suit) for rank in range(1, 14) for suit in "CDHS"]

def decode(hands):
    return [(DECK[hand[4]], [DECK[i] for i in hand[:4]], bool(hand[5])) for hand in hands]

def itemised(hands):
    show_calc_score = cs.show_calc_score
    for starter, hand, crib in hands:
        show_calc_score(starter, hand, crib)

serve({"itemised": timed(itemised)})
"""


def deal(seed: int, count: int) -> str:
    """``count`` distinct hands with their starters and crib flags, in the servers' encoding."""
    rng = random.Random(seed)
    hands: dict[tuple[int, ...], str] = {}
    while len(hands) < count:
        cards = rng.sample(range(52), 5)
        key = (*sorted(cards[:4]), cards[4])
        hands[key] = ".".join(map(str, (*cards, int(rng.random() < 0.5))))
    return ",".join(hands.values())


def main(argv: Sequence[str] | None = None) -> None:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--hands", type=int, default=20_000, help="distinct hands per round")
    parser.add_argument("--no-peer", action="store_true", help="skip cribbage-scorer")
    args = parser.parse_args(argv)
    peer = None if args.no_peer else peer_python("cribbage-scorer")

    def side(name: str, python: Path | str, code: str, command: str
             ) -> Callable[[int], dict[str, float]]:
        def run(round_number: int) -> dict[str, float]:
            with Server(python, code) as server:  # a fresh process: every cache empty
                cold, warm = server.ask(command, deal(round_number, args.hands))
            return {f"{name} cold": cold, f"{name} warm": warm}
        return run

    sides = [side("pegline show", sys.executable, PEGLINE, "itemised")]
    if peer:
        sides.append(side("cribbage-scorer show", peer, CRIBBAGE_SCORER, "itemised"))
    sides.append(side("pegline total", sys.executable, PEGLINE, "total"))
    figures = interleaved(args.rounds, sides)

    def line(label: str, cells: Callable[[str], str]) -> str:
        return f"{label:<48}" + "".join(f"{cells(kind):>12}" for kind in ("cold", "warm"))

    def rate(name: str) -> Callable[[str], str]:
        return lambda kind: (f"{figures[f'{name} {kind}']:,.0f}" if f"{name} {kind}" in figures
                             else "-")

    print(f"show scores/s on one core, two-player, medians of {args.rounds} interleaved rounds "
          f"of {args.hands:,} distinct hands")
    print(line("", str))
    print(line("itemised  pegline Scorer.show", rate("pegline show")))
    print(line("          cribbage-scorer show_calc_score", rate("cribbage-scorer show")))
    print(line("          ratio", lambda kind: ratio(
        figures[f"pegline show {kind}"], figures.get(f"cribbage-scorer show {kind}"))))
    print(line("total     pegline Scorer.show_total", rate("pegline total")))
    print(line("          cribbage-scorer has no total-only call", rate("none")))
    print("cold: a fresh process's first pass over the round's hands; warm: its second pass")
    for text in headline(figures):
        print(text)


def headline(figures: Mapping[str, float]) -> list[str]:
    """The summary: Pegline against cribbage-scorer pass for pass (a cache filled by the first
    pass would help only the second), and issue 25's targets on the warm pass, the cold one
    beside them."""

    def against(kind: str) -> str:
        ours, theirs = figures[f"pegline show {kind}"], figures[f"cribbage-scorer show {kind}"]
        return f"{kind} {ours:,.0f} against {theirs:,.0f} hands/s ({ratio(ours, theirs)} times)"

    def target(name: str, label: str, wanted: int) -> str:
        cold, warm = figures[f"pegline {name} cold"], figures[f"pegline {name} warm"]
        return (f"{label}: cold {cold:,.0f} hands/s, warm {warm:,.0f}; target {wanted:,} "
                f"(warm): {'met' if warm >= wanted else 'NOT met'}")

    peer = (f"{against('cold')}, {against('warm')}" if "cribbage-scorer show cold" in figures
            else "not measured (--no-peer)")
    reference = "met" if figures["pegline show warm"] >= REFERENCE_ITEMISED else "not met"
    itemised = target("show", "itemised show", TARGET_ITEMISED)
    return [f"itemised show against cribbage-scorer, the same pass on each side: {peer}",
            f"{itemised} (reference {REFERENCE_ITEMISED:,}, not required: {reference})",
            target("total", "total show", TARGET_TOTAL)]


if __name__ == "__main__":
    main()
