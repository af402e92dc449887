"""How long writing a game's record takes against playing the game, and how big it is.

Target (issue 14): writing a record no slower than playing the game; gzip-compressed JSON Lines
read and written transparently. Each game is played by `RandomBot`s (the cheapest play there is,
so the strictest comparison; ``--bots greedy``: `GreedyBot`s) under one shared `Ruleset` (as
`pegline play` does); "write" is `GameRecord.of(game)` plus the text (and the compression for
``.jsonl.gz``), without the disk, for the same games just played. Each round plays its games,
then writes them in every form (the rounds interleave play and write, so a busy spell of the
machine falls on both). Figures are medians over the rounds, in milliseconds of CPU time per
game; "ratio" is write time / play time (<= 1 meets the target). The build (compiled or pure
Python) is printed: the compiled build plays faster, so run it in both.

Run: python benchmarks/records_speed.py [--games N] [--rounds R] [--variant NAME] [--bots B]
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import time

from pegline_core import Game, RandomBot, Ruleset, load_variant
from pegline_core.build import build_name
from pegline_core.players import play_game
from pegline_core.record import GameRecord
from pegline_cribbage.bots import GreedyBot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--variant", default="two-player")
    parser.add_argument("--bots", choices=("greedy", "random"), default="random")
    args = parser.parse_args()
    ruleset = Ruleset(load_variant(args.variant))
    players = ruleset.variant.table.players
    forms = {
        "toml": lambda r: r.to_toml().encode(),
        "jsonl": lambda r: r.to_jsonl().encode(),
        "jsonl.gz": lambda r: gzip.compress(r.to_jsonl().encode(), compresslevel=3, mtime=0),
    }
    play_ms: list[float] = []
    write_ms: dict[str, list[float]] = {form: [] for form in forms}
    read_ms: dict[str, list[float]] = {form: [] for form in forms}
    sizes: dict[str, list[int]] = {form: [] for form in forms}
    seed = 0
    for _round in range(args.rounds):
        games = []
        start = time.process_time()
        for _ in range(args.games):
            seed += 1
            bots = [GreedyBot(seed=seed + seat) if args.bots == "greedy" else
                    RandomBot(seed + seat) for seat in range(players)]
            games.append(play_game(args.variant, bots, seed=seed, game=Game(ruleset=ruleset)))
        play_ms.append((time.process_time() - start) * 1000 / args.games)
        for form, write in forms.items():
            start = time.process_time()
            blobs = [write(GameRecord.of(game, seed=1)) for game in games]
            write_ms[form].append((time.process_time() - start) * 1000 / args.games)
            sizes[form] += [len(blob) for blob in blobs]
            start = time.process_time()
            for blob in blobs:
                text = (gzip.decompress(blob) if form.endswith(".gz") else blob).decode()
                if form == "toml":
                    GameRecord.from_toml(text)
                else:
                    GameRecord.from_jsonl(text)
            read_ms[form].append((time.process_time() - start) * 1000 / args.games)
    play = statistics.median(play_ms)
    print(f"{args.variant}: {args.games} games x {args.rounds} rounds, {args.bots} bots, "
          f"{build_name()}")
    print(f"  play          {play:7.2f} ms/game")
    for form in forms:
        write = statistics.median(write_ms[form])
        read = statistics.median(read_ms[form])
        size = statistics.mean(sizes[form]) / 1024
        print(f"  write {form:<8} {write:7.2f} ms/game  ratio {write / play:4.2f}  "
              f"read {read:7.2f} ms  size {size:6.1f} KB")
    worst = max(statistics.median(write_ms[form]) for form in forms) / play
    print(f"target (every form written no slower than the game is played): "
          f"{'met' if worst <= 1 else 'NOT met'}, worst ratio {worst:.2f}")


if __name__ == "__main__":
    main()
