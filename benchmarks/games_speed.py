"""Complete bot-vs-bot games per second on one core, with the full event log kept.

Issue 3 target: 1,000 two-player games per second. The peer is open-spiel's cribbage (C++ behind
pyspiel) driven by the same kind of loop with uniformly random play, installed from the package
index into benchmarks/.venv and measured in the same run.

Run: python benchmarks/games_speed.py [--games N] [--no-peer]
"""

from __future__ import annotations

import argparse
import random
import time

from pegline_core.engine import Game
from pegline_core.players import RandomBot, play_game
from pegline_core.scorer import Scorer
from pegline_core.variant import load_variant

TARGET = 1_000
OPEN_SPIEL = """
import random, time, pyspiel
game = pyspiel.load_game("cribbage", {{"players": {players}}})
rng = random.Random(1)
def one():
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
for _ in range(20):
    one()
best = 0.0
for _repeat in range(3):
    start = time.perf_counter()
    for _ in range({games}):
        one()
    best = max(best, {games} / (time.perf_counter() - start))
print(best)
"""


def pegline_rate(variant_name: str, games: int) -> tuple[float, float]:
    """(games per second, mean events per game) with random bots, every event kept."""
    variant = load_variant(variant_name)
    scorer = Scorer(variant)
    players = [RandomBot(seat) for seat in range(variant.table.players)]
    for seed in range(20):  # warm-up
        play_game(variant, players, seed=seed, game=Game(variant, scorer=scorer))
    best, events = 0.0, 0
    for _repeat in range(3):  # best of three, to damp scheduling noise
        events = 0
        start = time.perf_counter()
        for seed in range(games):
            game = play_game(variant, players, seed=seed, game=Game(variant, scorer=scorer))
            events += len(game.log)
        best = max(best, games / (time.perf_counter() - start))
    return best, events / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--no-peer", action="store_true", help="skip open-spiel")
    args = parser.parse_args()
    random.seed(0)
    peer = None
    if not args.no_peer:
        from peers import peer_python, run_peer

        peer = peer_python("open-spiel")
    print(f"{'players':<8} {'pegline games/s':>16} {'events/game':>12} {'open-spiel games/s':>19} "
          f"{'ratio':>6}")
    for players, variant in ((2, "two-player"), (3, "three-player"), (4, "partner")):
        ours, events = pegline_rate(variant, args.games)
        theirs = float(run_peer(peer, OPEN_SPIEL.format(players=players, games=args.games))) \
            if peer else float("nan")
        print(f"{players:<8} {ours:>16,.0f} {events:>12.0f} {theirs:>19,.0f} {ours / theirs:>6.2f}")
    print(f"target (two players): {TARGET:,} games/s")


if __name__ == "__main__":
    main()
