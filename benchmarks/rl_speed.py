"""Agent decisions per second of whole episodes with random masked actions: Pegline's PettingZoo
environment (`pegline_core.rl`), compiled and pure, against OpenSpiel's cribbage driven through
its Python API (pyspiel), in the same interleaved run.

Pegline's loop is PettingZoo's own: ``env.last()`` (the observation and its action mask are built
for every decision), a uniform choice among the mask's legal numbers, ``env.step``; chance is
resolved inside ``step``. A decision is a step with an action (the final ``step(None)`` of each
agent is not one). Two-player, partners and Clabber; OpenSpiel has no Clabber.

OpenSpiel (benchmarks/.venv) plays ``pyspiel.load_game("cribbage", {"players": N})`` in a Python
loop, its chance nodes sampled in the loop (``random.choice(state.chance_outcomes())``, which is
uniform here) and not counted; a decision is a player node. Two loops:

- "os bare", the ratio's peer: ``state.legal_actions()`` and ``state.apply_action`` of a uniform
  choice: the least a Python agent can do per decision.
- "os obs", for reference: the same with an observation and a numpy action mask built at each
  decision, as a PettingZoo observation holds them; OpenSpiel's cribbage has no observation
  tensor, so its observation is ``state.observation_string()``.

Every side runs in a long-lived process of its own and times its batches in its own CPU time
(``time.process_time``); each round times one batch of every side in turn; the figures are
medians over the rounds.

Run: python benchmarks/rl_speed.py [--games N] [--rounds R] [--no-peer]
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from peers import Server, benchmark_parser, build_servers, interleaved, peer_python, ratio

ROWS = (("two-player", 2), ("partner", 4), ("clabber", None))
"""Pegline's variant, and the players of OpenSpiel's cribbage that plays the same game."""
WARM_UP = 5

PEGLINE = """
import random, time
import numpy as np
from pegline_core.build import build_name
from pegline_core.rl import PeglineEnv
tables = {{}}

def episodes(table, games, rng):
    decisions = 0
    for _ in range(games):
        table.reset()
        for agent in table.agent_iter():
            observation, _reward, terminated, truncated, _info = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            table.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
            decisions += 1
    return decisions

def batch(argument):
    variant, games = argument.split("|")
    if variant not in tables:
        table, rng = PeglineEnv(variant), random.Random(0)
        table.reset(seed=0)
        episodes(table, {warm_up}, rng)
        tables[variant] = (table, rng)
    table, rng = tables[variant]
    start = time.process_time()
    decisions = episodes(table, int(games), rng)
    elapsed = time.process_time() - start
    return f"{{decisions / elapsed}} {{decisions / int(games)}}"

serve({{"batch": batch, "build": lambda _: int(build_name().startswith("compiled"))}})
"""
"""A Pegline build's measuring process: ``batch variant|games`` answers the decisions per
second and the decisions per game of one batch."""

OPEN_SPIEL = """
import random
import numpy as np
import pyspiel
games = {{n: pyspiel.load_game("cribbage", {{"players": n}}) for n in (2, 4)}}

def episodes(game, count, observe):
    decisions = 0
    actions = game.num_distinct_actions()
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(random.choice(state.chance_outcomes())[0])
                continue
            legal = state.legal_actions()
            if observe:
                seen = state.observation_string()
                mask = np.zeros(actions, np.int8)
                mask[legal] = 1
            state.apply_action(random.choice(legal))
            decisions += 1
    return decisions

def batch(argument):
    players, games_, observe = argument.split("|")
    game = games[int(players)]
    start = time.process_time()
    decisions = episodes(game, int(games_), observe == "obs")
    return f"{{decisions / (time.process_time() - start)}} {{decisions / int(games_)}}"

for game in games.values():
    episodes(game, {warm_up}, True)
serve({{"batch": batch}})
"""
"""OpenSpiel's measuring process: ``batch players|games|bare-or-obs``."""


def measure(games: int, rounds: int, builds: Mapping[str, Server],
            peer: Server | None) -> dict[str, float]:
    sides: list[Callable[[int], Mapping[str, float]]] = []
    for variant, players in ROWS:
        for build, server in builds.items():
            def pegline(_round: int, server: Server = server, build: str = build,
                        variant: str = variant) -> dict[str, float]:
                rate, per_game = server.ask("batch", f"{variant}|{games}")
                return {f"{build} {variant}": rate, f"per-game {variant}": per_game}
            sides.append(pegline)
        if peer is not None and players is not None:
            for loop in ("bare", "obs"):
                def open_spiel(_round: int, loop: str = loop, players: int = players,
                               variant: str = variant) -> dict[str, float]:
                    rate, per_game = peer.ask("batch", f"{players}|{games}|{loop}")
                    return {f"os {loop} {variant}": rate, f"os per-game {variant}": per_game}
                sides.append(open_spiel)
    return interleaved(rounds, sides)


def main(argv: Sequence[str] | None = None) -> None:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--games", type=int, default=20, help="episodes per side per round")
    parser.add_argument("--no-peer", action="store_true", help="skip OpenSpiel")
    args = parser.parse_args(argv)
    peer = None
    if not args.no_peer:
        python = peer_python("open-spiel", "numpy")
        peer = Server(python, OPEN_SPIEL.format(warm_up=WARM_UP))
    builds = build_servers(PEGLINE.format(warm_up=WARM_UP))
    try:
        figures = measure(args.games, args.rounds, builds, peer)
    finally:
        for server in [*builds.values(), *([peer] if peer else [])]:
            server.close()
    print(f"agent decisions/s on one core, whole episodes, medians of {args.rounds} "
          f"interleaved rounds of {args.games} episodes a side")
    print(f"{'variant':<12}" + "".join(f"{b:>10}" for b in builds)
          + f"{'per game':>9}  |{'os bare':>9}{'os obs':>9}{'per game':>9}  |"
          + "".join(f"{b + '/bare':>14}" for b in builds) + f"{'vs obs':>8}")
    for variant, _players in ROWS:
        ours = [figures[f"{build} {variant}"] for build in builds]
        bare, obs = figures.get(f"os bare {variant}"), figures.get(f"os obs {variant}")
        peer_cells = (f"{bare:>9.0f}{obs:>9.0f}{figures[f'os per-game {variant}']:>9.1f}"
                      if bare and obs else f"{'-':>9}{'-':>9}{'-':>9}")
        print(f"{variant:<12}" + "".join(f"{rate:>10.0f}" for rate in ours)
              + f"{figures[f'per-game {variant}']:>9.1f}  |{peer_cells}  |"
              + "".join(f"{ratio(rate, bare):>14}" for rate in ours)
              + f"{ratio(ours[0], obs):>8}")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main()
