"""Digests of whole game logs, seed by seed, on every shipped variant: the proof that a speed-up
(or the compiled build) changes no event.

Each game is played from its seed by bots (uniform random bots on every variant and seed, the
sloppy greedy bot on a few seeds so that views, bot scoring and counting by hand are covered);
its log is turned into its JSON form (the record's) and hashed. The digests of this checkout are
compared with tests/data/log_digests.json, which was written before the hot path was optimised.

Run: python benchmarks/log_digests.py [--seeds 200] [--write]
(tests/test_log_digests.py checks the first seeds of every variant in the suite)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pegline_core import Game, RandomBot, Ruleset, available_variants, load_variant, play_game

STORED = Path(__file__).resolve().parent.parent / "tests" / "data" / "log_digests.json"
SEEDS = 200
GREEDY_SEEDS = 10
EXTRA = (("three-player", ("muggins",)), ("partner", ("lowball",)),
         ("partner", ("muggins",)), ("partner", ("pegging-flush",)),
         ("three-player", ("around-the-corner",)), ("partner", ("late-caps",)),
         ("three-player", ("stink-hole",)))
"""Overlays combined with a base variant, beyond the variant files themselves: each house-rule
plugin (muggins, pegging flush, around the corner, late-game caps, the stink hole) also on a
table of three or four, where its hooks meet more seats and sides."""


def variants() -> list[tuple[str, tuple[str, ...]]]:
    """Every shipped variant on its own, and a few overlay combinations."""
    return [(name, ()) for name in sorted(available_variants())] + list(EXTRA)


def _sloppy(seed: int) -> Any:
    from pegline_cribbage.bots import GreedyBot

    return GreedyBot(mistakes=0.3, seed=seed)


BOTS: dict[str, tuple[Callable[[int], Any], int]] = {"random": (RandomBot, SEEDS),
                                                      "sloppy": (_sloppy, GREEDY_SEEDS)}


def digest(ruleset: Ruleset, bot: Callable[[int], Any], seed: int) -> str:
    """The first 16 hex digits of the SHA-256 of the game's log in its JSON form."""
    game = Game(ruleset=ruleset)
    players = [bot(seed * 10 + seat) for seat in range(game.players)]
    play_game(ruleset.variant, players, seed=seed, game=game)
    text = json.dumps(game.codec.dicts(game.log), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def digests(name: str, overlays: Sequence[str], kind: str, seeds: int) -> list[str]:
    """The digests of seeds 0 .. ``seeds - 1`` of one variant with one kind of bot (the sloppy
    bot plays cribbage only: none for another game)."""
    ruleset = Ruleset(load_variant(name, overlays=overlays))
    if kind == "sloppy" and ruleset.variant.game != "cribbage":
        return []
    bot = BOTS[kind][0]
    return [digest(ruleset, bot, seed) for seed in range(seeds)]


def key(name: str, overlays: Sequence[str]) -> str:
    return "+".join((name, *overlays))


def compute(seeds: int | None = None) -> dict[str, dict[str, list[str]]]:
    return {key(name, overlays): {kind: digests(name, overlays, kind,
                                                count if seeds is None else min(seeds, count))
                                  for kind, (_bot, count) in BOTS.items()}
            for name, overlays in variants()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=None, help="check only the first N seeds")
    parser.add_argument("--write", action="store_true", help=f"store the digests in {STORED}")
    args = parser.parse_args(argv)
    found = compute(args.seeds)
    if args.write:
        STORED.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
        print(f"wrote {STORED}")
        return 0
    stored = json.loads(STORED.read_text())
    bad = 0
    for variant, kinds in found.items():
        for kind, values in kinds.items():
            expected = stored[variant][kind][:len(values)]
            differ = [seed for seed, (a, b) in enumerate(zip(values, expected, strict=True))
                      if a != b]
            bad += len(differ)
            status = "ok" if not differ else f"DIFFERENT at seeds {differ[:10]}"
            print(f"{variant:<28}{kind:<8}{len(values):>4} games  {status}")
    print("identical logs" if not bad else f"{bad} logs differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
