"""`pegline serve`: how long a move takes to answer and how large the answers are.

Plays whole games through the HTTP API in process (Starlette's test client, no network): seat 0
makes the first legal move the page offers, the bots answer inside the same request. Prints the
median and the 95th percentile of the time per move, the largest answer in bytes, and the same
for the coach's compare. Several games then run at once in threads, each in its own game, and
the wall time is compared with playing them one after the other.

Run: python benchmarks/web_latency.py [--games 3] [--bots greedy]

``--tables N`` instead runs a load test of tables of people (`table_load`): a real
``pegline serve`` in another process on a loopback port, its games in a SQLite file, and N
two-person tables whose scripted people play over WebSockets, for ``--seconds`` a round, in
``--rounds`` rounds; it prints the moves per second and the 95th percentile of the time from
sending a move to seeing it pushed back, the medians over the rounds, and checks that every move
a person saw applied is in the database exactly once (no move lost or applied twice).

Run: python benchmarks/web_latency.py --tables 50 --seconds 12 --rounds 5

``--flood`` plays each round a second time, in turn, while one more client sends bad requests to
the same tables as fast as it can, and a third time while one client opens tables in a loop from
one address (each table of the people opened from an address of its own), and compares them.
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time
from typing import Any

from starlette.testclient import TestClient

from pegline_core.app.web import create_app
from pegline_core.variant import load_variant


def move_for(state: dict[str, Any]) -> dict[str, Any]:
    prompt, table = state["prompt"], state["table"]
    kind = prompt["kind"]
    if kind == "discard":
        return {"type": "discard", "cards": table["held"][: prompt["need"]]}
    if kind == "play":
        return {"type": "play", "card": prompt["playable"][0]}
    if kind == "declare":
        return {"type": "declare", "points": 4}
    if kind == "respond":
        return {"type": "respond", "response": "accept"}
    return {"type": "go"}


def play(client: TestClient, seed: int, bots: list[str], variant: str,
         times: list[float], sizes: list[int], compares: list[float]) -> None:
    """One game of seat 0 against ``bots``: a table whose other seats are bots, as the page's."""
    players = load_variant(variant).table.players
    seats = ["person", *(f"bot:{bots[seat % len(bots)]}" for seat in range(players - 1))]
    created = client.post("/api/tables", json={"variant": variant, "seats": seats, "seed": seed,
                                               "options": {"counting": "muggins"}}).json()
    url, token = f"/api/tables/{created['id']}", created["seats"][0]["token"]
    headers = {"authorization": f"Bearer {token}"}
    state = client.get(url, headers=headers).json()
    while not state["over"]:
        start = time.perf_counter()
        response = client.post(f"{url}/moves", json={"expect": state["next"],
                                                     "move": move_for(state)}, headers=headers)
        times.append(time.perf_counter() - start)
        sizes.append(len(response.content))
        state = response.json()
        if state["can_compare"] and len(times) % 5 == 0 and not state["over"]:
            start = time.perf_counter()
            state = client.post(f"{url}/compare", headers=headers).json()["state"]
            compares.append(time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--bots", default="greedy")
    parser.add_argument("--variant", default="two-player")
    parser.add_argument("--tables", type=int, default=0,
                        help="load-test this many tables of people instead (at most 200)")
    parser.add_argument("--seconds", type=float, default=10, help="a round's length (at most 60)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--flood", action="store_true",
                        help="with --tables: each round also under a flood of bad requests and "
                             "one of new tables")
    args = parser.parse_args()
    if args.tables:
        from table_load import load_test  # type: ignore[import-not-found]

        load_test(min(args.tables, 200), min(args.seconds, 60.0), max(1, min(args.rounds, 20)),
                  args.flood)
        return
    bots = args.bots.split(",")
    client = TestClient(create_app())
    times: list[float] = []
    sizes: list[int] = []
    compares: list[float] = []
    start = time.perf_counter()
    for seed in range(args.games):
        play(client, seed, bots, args.variant, times, sizes, compares)
    serial = time.perf_counter() - start

    def ms(values: list[float], q: float) -> float:
        return 1000 * sorted(values)[min(len(values) - 1, int(q * len(values)))]

    print(f"{args.games} games of {args.variant}+muggins against {args.bots}: {len(times)} moves")
    print(f"  move answered in: median {1000 * statistics.median(times):.1f} ms, "
          f"95th percentile {ms(times, 0.95):.1f} ms, max {ms(times, 1.0):.1f} ms")
    print(f"  answer size: median {statistics.median(sizes) / 1024:.1f} KiB, "
          f"max {max(sizes) / 1024:.1f} KiB (the table and the new events)")
    if compares:
        print(f"  compare: median {1000 * statistics.median(compares):.1f} ms "
              f"over {len(compares)} asks")
    threads = [threading.Thread(target=play, args=(client, seed, bots, args.variant, [], [], []))
               for seed in range(args.games)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    concurrent = time.perf_counter() - start
    print(f"  {args.games} games one after the other: {serial:.2f} s; at once in threads: "
          f"{concurrent:.2f} s (ratio {concurrent / serial:.2f})")


if __name__ == "__main__":
    main()
