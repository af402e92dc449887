"""Agent decisions per second of Pegline's batch environment (`pegline_core.rl.VectorEnv`) with
random masked actions, compiled and pure, against OpenSpiel's cribbage driven through its Python
API (pyspiel), in the same interleaved run.

Pegline's side: ``VectorEnv(variant, num_envs=256, copy=False)``; each step picks a uniform
legal number per env from the action masks (numpy, over all envs at once) and calls ``step``,
which resolves chance, builds every observation and mask, and resets the games that ended. A
decision is an env's action in a step (not the ignored action of an env being reset).
Two-player, partners and Clabber; OpenSpiel has no Clabber.

OpenSpiel (benchmarks/.venv) plays ``pyspiel.load_game("cribbage", {"players": N})`` in the
loop of its own benchmark script: ``state.apply_action(random.choice(state.legal_actions()))``,
chance nodes sampled in the loop (``random.choice(state.chance_outcomes())``, uniform here) and
not counted; no observation and no mask (they are on Pegline's side only).

Every side runs in a long-lived process of its own and times its batches in its own CPU time
(``time.process_time``); each round times one batch of every side in turn; the figures are
medians over the rounds.

Run: python benchmarks/vector_speed.py [--envs N] [--steps S] [--games G] [--rounds R] [--no-peer]
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from peers import Server, benchmark_parser, build_servers, interleaved, peer_python, ratio

ROWS = (("two-player", 2), ("partner", 4), ("clabber", None))
"""Pegline's variant, and the players of OpenSpiel's cribbage that plays the same game."""
WARM_UP = 5
"""OpenSpiel's warm-up episodes."""
WARM_UP_STEPS = 300
"""Pegline's warm-up steps: past every env's first games, so that the envs' games are at all
their stages at once (they start in step, all dealing) as in a long run."""

PEGLINE = """
import time
import numpy as np
from pegline_core.build import build_name
from pegline_core.rl import VectorEnv
batches = {{}}

def steps(envs, observation, count, rng):
    decisions = 0
    for _ in range(count):
        mask = observation["action_mask"]
        width = mask.shape[1]
        legal = np.flatnonzero(mask.reshape(-1).view(np.bool_))
        counts = np.bincount(legal // width, minlength=len(mask))
        picks = np.cumsum(counts) - counts + (rng.random(len(mask)) * counts).astype(np.int64)
        actions = np.where(counts > 0, legal[np.minimum(picks, len(legal) - 1)] % width, 0)
        decisions += int(np.count_nonzero(counts))
        observation = envs.step(actions)[0]
    return observation, decisions

def batch(argument):
    variant, envs_, count = argument.split("|")
    if variant not in batches:
        envs, rng = VectorEnv(variant, int(envs_), copy=False), np.random.default_rng(0)
        observation, _info = envs.reset(seed=0)
        observation, _ = steps(envs, observation, {warm_up_steps}, rng)
        batches[variant] = [envs, rng, observation]
    envs, rng, observation = batches[variant]
    start = time.process_time()
    observation, decisions = steps(envs, observation, int(count), rng)
    elapsed = time.process_time() - start
    batches[variant][2] = observation
    return f"{{decisions / elapsed}}"

serve({{"batch": batch, "build": lambda _: int(build_name().startswith("compiled"))}})
"""
"""A Pegline build's measuring process: ``batch variant|envs|steps`` answers the decisions per
second of one batch of vector steps."""

OPEN_SPIEL = """
import random
import pyspiel
games = {{n: pyspiel.load_game("cribbage", {{"players": n}}) for n in (2, 4)}}

def episodes(game, count):
    decisions = 0
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(random.choice(state.chance_outcomes())[0])
                continue
            state.apply_action(random.choice(state.legal_actions()))
            decisions += 1
    return decisions

def batch(argument):
    players, games_ = argument.split("|")
    start = time.process_time()
    decisions = episodes(games[int(players)], int(games_))
    return f"{{decisions / (time.process_time() - start)}}"

for game in games.values():
    episodes(game, {warm_up})
serve({{"batch": batch}})
"""
"""OpenSpiel's measuring process: ``batch players|games``."""


def measure(envs: int, steps: int, games: int, rounds: int, builds: Mapping[str, Server],
            peer: Server | None) -> dict[str, float]:
    sides: list[Callable[[int], Mapping[str, float]]] = []
    for variant, players in ROWS:
        for build, server in builds.items():
            def pegline(_round: int, server: Server = server, build: str = build,
                        variant: str = variant) -> dict[str, float]:
                return {f"{build} {variant}": server.ask("batch", f"{variant}|{envs}|{steps}")[0]}
            sides.append(pegline)
        if peer is not None and players is not None:
            def open_spiel(_round: int, players: int = players,
                           variant: str = variant) -> dict[str, float]:
                return {f"os {variant}": peer.ask("batch", f"{players}|{games}")[0]}
            sides.append(open_spiel)
    return interleaved(rounds, sides)


def main(argv: Sequence[str] | None = None) -> None:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--envs", type=int, default=256, help="games in the VectorEnv")
    parser.add_argument("--steps", type=int, default=100, help="vector steps per batch")
    parser.add_argument("--games", type=int, default=200, help="OpenSpiel episodes per batch")
    parser.add_argument("--no-peer", action="store_true", help="skip OpenSpiel")
    args = parser.parse_args(argv)
    peer = None
    if not args.no_peer:
        peer = Server(peer_python("open-spiel"), OPEN_SPIEL.format(warm_up=WARM_UP))
    builds = build_servers(PEGLINE.format(warm_up_steps=WARM_UP_STEPS))
    try:
        figures = measure(args.envs, args.steps, args.games, args.rounds, builds, peer)
    finally:
        for server in [*builds.values(), *([peer] if peer else [])]:
            server.close()
    print(f"agent decisions/s on one core, medians of {args.rounds} interleaved rounds: "
          f"{args.envs} envs x {args.steps} steps a Pegline batch, {args.games} OpenSpiel "
          "episodes")
    print(f"{'variant':<12}" + "".join(f"{b:>10}" for b in builds) + f"{'OpenSpiel':>11}  |"
          + "".join(f"{b + '/OpenSpiel':>20}" for b in builds))
    for variant, _players in ROWS:
        ours = [figures[f"{build} {variant}"] for build in builds]
        theirs = figures.get(f"os {variant}")
        print(f"{variant:<12}" + "".join(f"{rate:>10.0f}" for rate in ours)
              + (f"{theirs:>11.0f}" if theirs else f"{'-':>11}") + "  |"
              + "".join(f"{ratio(rate, theirs):>20}" for rate in ours))


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main()
