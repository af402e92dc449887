"""The speed of the paths a user writes, each by variant name, against OpenSpiel in the same
interleaved run: the figures docs/scale.md gives for the code a reader of the README writes.

Pegline's rows (each in a long-lived process per build, compiled and pure):

- "my player": ``play_game(name, players, seed=...)``, where each of ``players`` is a
  `MyRandomPlayer`, a plain Python class with only ``choose(view, legal)`` (a uniform
  ``rng.choice``), made once a batch as OpenSpiel's bots and generator are: games/s. Its peer:
  OpenSpiel's Python loop (below), a Python decision per step on both sides.
- "random bots": the same with the built-in `RandomBot`s: games/s, against OpenSpiel's C++ loop.
- "Game API": a new ``Game(name)`` per game, then ``to_act`` / ``legal_actions`` / ``apply`` /
  ``chance_action`` with a uniform ``rng.choice``: decisions/s (a decision is a player's action;
  chance is drawn and not counted), against OpenSpiel's Python loop's decisions/s.
- "PettingZoo": ``pegline_core.rl.env(name)`` driven by PettingZoo's own loop (``agent_iter``,
  ``last``, a uniform choice among the mask's legal numbers, ``step``): decisions/s, against a
  no-op AEC env with the same agents, spaces and wrappers whose ``observe`` builds an
  observation and a mask of the same sizes (the floor of the API itself) in the same process.

OpenSpiel (benchmarks/.venv, ``pyspiel.load_game("cribbage", {"players": N})``):

- "os C++": ``pyspiel.evaluate_bots`` with C++ uniform random bots (OpenSpiel's own benchmark
  loop, the fastest way it plays a random game from Python): games/s.
- "os Python": ``apply_action(random.choice(state.legal_actions()))`` at every node
  (python/examples/benchmark_games.py; chance is uniform there): games/s, and its decisions/s
  counting player nodes only.

Each side times its batches in its own process's CPU time (``time.process_time``); each round
times one batch of every side in turn; the figures are medians over the rounds (at least 5).

Run: python benchmarks/user_paths.py [--games N] [--rounds R] [--players 2,4]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from peers import Server, benchmark_parser, build_servers, interleaved, peer_python, ratio

VARIANTS = {2: "two-player", 4: "partner"}
WARM_UP = 10

PEGLINE = """
import random, sys, time
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pegline_core import Game, RandomBot, play_game
from pegline_core.build import build_name
from pegline_core.rl import env as pegline_env
from pegline_core.turns import CHANCE


class MyRandomPlayer:
    def __init__(self, seed):
        self.rng = random.Random(seed)

    def choose(self, view, legal):
        return self.rng.choice(legal)


def games_per_second(players, count, seed):
    table = [players(seed + s) for s in range(seats)]  # once a batch, as OpenSpiel's bots are
    start = time.process_time()
    for game in range(count):
        play_game(variant, table, seed=seed + game)
    return count / (time.process_time() - start)


def game_api(count, rng):
    decisions = 0
    start = time.process_time()
    for _ in range(count):
        game = Game(variant)
        while True:
            to_act = game.to_act
            if to_act is CHANCE:
                game.apply(game.chance_action(rng))
            elif to_act:
                game.apply(rng.choice(game.legal_actions(to_act[0])))
                decisions += 1
            else:
                break
    return decisions / (time.process_time() - start), decisions / count


def aec_loop(table, count, rng, seed):
    decisions = 0
    start = time.process_time()
    for episode in range(count):
        table.reset(seed=seed + episode)
        for agent in table.agent_iter():
            observation, _reward, terminated, truncated, _info = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            table.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
            decisions += 1
    return decisions / (time.process_time() - start)


class NoOpEnv(AECEnv):
    # the same agents and spaces as Pegline's env; every step does nothing but pass the turn,
    # and an episode lasts as many decisions as Pegline's did on average
    metadata = {{"render_modes": [], "name": "no-op", "is_parallelizable": False}}

    def __init__(self, like, length):
        super().__init__()
        self.possible_agents = list(like.possible_agents)
        self._observation_spaces = {{a: like.observation_space(a) for a in self.possible_agents}}
        self._action_spaces = {{a: like.action_space(a) for a in self.possible_agents}}
        self.length = length

    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    def observe(self, agent):
        space = self._observation_spaces[agent]
        mask = np.zeros(space["action_mask"].shape, space["action_mask"].dtype)
        mask[0] = 1
        return {{"observation": np.zeros(space["observation"].shape,
                                         space["observation"].dtype), "action_mask": mask}}

    def reset(self, seed=None, options=None):
        self.agents = list(self.possible_agents)
        self.rewards = {{a: 0 for a in self.agents}}
        self._cumulative_rewards = {{a: 0 for a in self.agents}}
        self.terminations = {{a: False for a in self.agents}}
        self.truncations = {{a: False for a in self.agents}}
        self.infos = {{a: {{}} for a in self.agents}}
        self.turn = 0
        self.agent_selection = self.agents[0]

    def step(self, action):
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        self.turn += 1
        if self.turn >= self.length:
            self.terminations = {{a: True for a in self.agents}}
        self.agent_selection = self.agents[self.turn % len(self.agents)]


def no_op_env(like, length):
    table = NoOpEnv(like, length)
    table = wrappers.AssertOutOfBoundsWrapper(table)
    return wrappers.OrderEnforcingWrapper(table)


variant = {variant!r}
seats = {seats}
rng = random.Random(0)
table = pegline_env(variant)
games_per_second(MyRandomPlayer, {warm_up}, 0)
games_per_second(RandomBot, {warm_up}, 0)
_, per_game = game_api({warm_up}, rng)
aec_loop(table, {warm_up}, rng, 0)
floor = no_op_env(table.unwrapped, round(per_game))
aec_loop(floor, {warm_up}, rng, 0)
seeds = iter(range(1000, 1 << 30, 1000))


def batch(argument):
    side, count = argument.split("|")
    count, seed = int(count), next(seeds)
    if side == "player":
        return games_per_second(MyRandomPlayer, count, seed)
    if side == "bots":
        return games_per_second(RandomBot, count, seed)
    if side == "api":
        return "%s %s" % game_api(count, rng)
    return aec_loop(table if side == "aec" else floor, count, rng, seed)


serve({{"batch": batch, "build": lambda _: int(build_name().startswith("compiled"))}})
"""
"""A Pegline build's measuring process for one variant: ``batch side|games``."""

OPEN_SPIEL = """
import random, pyspiel
game = pyspiel.load_game("cribbage", {{"players": {seats}}})
bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(game.num_players())]
seeds = iter(range(1 << 30))

def cpp(count):
    start = time.process_time()
    for _ in range(count):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, next(seeds))
    return count / (time.process_time() - start)

def python(count):
    decisions = 0
    start = time.process_time()
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            decisions += not state.is_chance_node()
            state.apply_action(random.choice(state.legal_actions(state.current_player())))
    elapsed = time.process_time() - start
    return "%s %s" % (count / elapsed, decisions / elapsed)

cpp({warm_up})
python({warm_up})
serve({{"cpp": lambda count: cpp(int(count)), "python": lambda count: python(int(count))}})
"""


def builds(seats: int) -> dict[str, Server]:
    """A measuring process per Pegline build (compiled where this install has it, and pure)."""
    return build_servers(PEGLINE.format(variant=VARIANTS[seats], seats=seats, warm_up=WARM_UP))


ROWS = (  # (label, Pegline's side, its unit, OpenSpiel's figure compared, the target ratio)
    ("my player, play_game", "player", "games/s", "os python games", 1.0),
    ("random bots, play_game", "bots", "games/s", "os cpp games", 0.5),
    ("Game API, new game by name", "api", "decisions/s", "os python decisions", 0.5),
    ("PettingZoo env", "aec", "decisions/s", "no-op floor", 0.85),
)


def measure(seats: int, games: int, rounds: int, peer: Server) -> dict[str, float]:
    servers = builds(seats)
    sides: list[Callable[[int], Mapping[str, float]]] = []
    try:
        for build, server in servers.items():
            for _label, side, _unit, _peer, _target in ROWS:
                def ours(_round: int, server: Server = server, side: str = side,
                         build: str = build) -> dict[str, float]:
                    return {f"{build} {side}": server.ask("batch", f"{side}|{games}")[0]}
                sides.append(ours)

            def floor(_round: int, server: Server = server, build: str = build
                      ) -> dict[str, float]:
                return {f"{build} no-op floor": server.ask("batch", f"floor|{games}")[0]}
            sides.append(floor)

        def theirs(_round: int) -> dict[str, float]:
            games_per_second, decisions = peer.ask("python", games)
            return {"os cpp games": peer.ask("cpp", games)[0],
                    "os python games": games_per_second, "os python decisions": decisions}
        sides.append(theirs)
        return interleaved(rounds, sides)
    finally:
        for server in servers.values():
            server.close()


def report(seats: int, figures: Mapping[str, float]) -> list[str]:
    lines = [f"{VARIANTS[seats]} ({seats} players)",
             (f"  {'what a user writes':<28}{'unit':>12}{'compiled':>11}{'pure':>10}"
             f"{'peer':>11}  {'ratio c/p':>10}  target")]
    for label, side, unit, peer_key, target in ROWS:
        compiled = figures.get(f"compiled {side}")
        pure = figures[f"pure {side}"]
        floor = peer_key == "no-op floor"  # measured in each build's own process
        peer_key_p = f"pure {peer_key}" if floor else peer_key
        theirs = figures.get(f"compiled {peer_key}" if floor else peer_key) \
            or figures[peer_key_p]
        ours = compiled if compiled is not None else pure
        met = "met" if ours / theirs >= target else "NOT met"
        ratios = f"{ratio(ours, theirs)}/{ratio(pure, figures[peer_key_p])}"
        shown = "-" if compiled is None else format(compiled, ",.0f")
        lines.append(f"  {label:<28}{unit:>12}{shown:>11}{format(pure, ',.0f'):>10}"
                     f"{format(theirs, ',.0f'):>11}  {ratios:>10}  >= {target} ({peer_key}): "
                     f"{met}")
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--games", type=int, default=40, help="games per side per round")
    parser.add_argument("--players", default="2,4", help="2, 4 or both")
    args = parser.parse_args(argv)
    python = peer_python("open-spiel")
    print(f"medians of {args.rounds} interleaved rounds of {args.games} games a side, CPU time "
          f"of each side's own process; peer: OpenSpiel ({Path(python).parent.parent})")
    for seats in (int(word) for word in args.players.split(",")):
        code = OPEN_SPIEL.format(seats=seats, warm_up=WARM_UP)
        with Server(python, code) as peer:
            figures = measure(seats, args.games, args.rounds, peer)
        print("\n".join(report(seats, figures)))
        print(f"  OpenSpiel: C++ loop {figures['os cpp games']:,.0f} games/s, Python loop "
              f"{figures['os python games']:,.0f} games/s and "
              f"{figures['os python decisions']:,.0f} decisions/s")


if __name__ == "__main__":
    main()
