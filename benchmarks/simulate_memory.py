"""`simulate` holds memory flat whatever ``--games`` is (issue 15).

Two measurements, each in a fresh process so that peak RSS (``ru_maxrss``) is its own:

* ``real``: real games (random bots, two-player) on local workers: the coordinating process's
  peak RSS and the largest worker's, at each size.
* ``dispatch``: the same scheduling loop with each chunk's games replaced by an empty result,
  so that the coordination itself (chunks, futures, merging) is measured at sizes that real
  games would take hours to reach (1M games and more).

Flat means: the peak RSS at the largest size is within a few MiB of the smallest.

Run: python benchmarks/simulate_memory.py [--real 2000,10000] [--dispatch 10000,1000000]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time

CHILD = """
import json, resource, sys, time
from pegline_core import load_variant
from pegline_core.app import simulate as sim

mode, games, workers = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
if mode == "dispatch":
    def empty(variant, names, seed, start, count):
        stats = sim.SimulationStats()
        stats.games = count
        return stats
    sim.run_chunk = empty  # the workers are forked: they see it too
started = time.perf_counter()
stats = sim.simulate(load_variant("two-player"), ["random"], games=games, seed=1,
                     workers=workers)
assert stats.games == games
print(json.dumps({"seconds": time.perf_counter() - started,
                  "main_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "worker_mib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024}))
"""


def measure(mode: str, games: int, workers: int) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", CHILD, mode, str(games), str(workers)],
                          capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(done.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--real", default="2000,10000", help="game counts with real games")
    parser.add_argument("--dispatch", default="10000,1000000,10000000",
                        help="game counts with empty chunks (the coordination alone)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(f"simulate memory, {args.workers} workers, peak RSS (ru_maxrss)")
    for mode, sizes in (("real", args.real), ("dispatch", args.dispatch)):
        first = None
        for games in (int(size) for size in sizes.split(",") if size):
            started = time.perf_counter()
            figures = measure(mode, games, args.workers)
            first = first or figures
            print(f"  {mode:<8} {games:>11,} games: main {figures['main_mib']:6.1f} MiB "
                  f"(x{figures['main_mib'] / first['main_mib']:.2f}), largest worker "
                  f"{figures['worker_mib']:6.1f} MiB, {figures['seconds']:7.1f} s "
                  f"({time.perf_counter() - started:.1f} s with start-up)")
    print(f"  this process {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.1f} MiB")


if __name__ == "__main__":
    main()
