"""Complete random-play games per second on one core, the full event log kept: Pegline against
OpenSpiel's C++ cribbage (``pyspiel.load_game("cribbage", {"players": N})``), in the same run.

Targets (issue 3): Pegline >= 1,000 games/s with two players, 700 with three, 900 with partners;
(issue 13) >= 500 complete Clabber games/s to 500 (the "clabber" row: no peer plays Clabber).

Pegline runs in this interpreter: `play_game` with `RandomBot`s and one `Ruleset` shared by all
games; events per game is ``len(game.log)``. "py-player" plays the same games with `PyRandom`, a
plain Python player (uniform too, so the games are alike): what calling Python players costs.

The same work on both sides: a deal and a game are the same size on both (deals per game are
printed), except that OpenSpiel's three-player game goes to 121 and cannot be set to 61, so the
three-player ratio is taken against Pegline's three-player rules to 121
(benchmarks/three-player-121.toml); the target is for the real three-player game, to 61.

OpenSpiel runs in benchmarks/.venv, in a long-lived process that warms up once and then times
each batch itself, driven two ways from OpenSpiel's own examples:

- "open-spiel", the ratio's peer: ``pyspiel.evaluate_bots(state, bots, seed)`` with
  ``pyspiel.make_uniform_random_bot`` bots, the whole game in C++, chance drawn by
  ``SampleChanceOutcome``: the loop of OpenSpiel's own benchmark, open_spiel/examples/
  benchmark_game.cc (the C++ random bots are those of python/examples/nego_nbs_example.py,
  ``pyspiel.evaluate_bots`` that of python/tests/bot_test.py). It is the fastest way OpenSpiel
  offers to play a random game from Python, so the fair one: a slower driver would flatter us.
- "os py loop", for reference: python/examples/benchmark_games.py, OpenSpiel's Python rollout
  benchmark: ``apply_action(random.choice(state.legal_actions(state.current_player())))`` at
  every node, chance nodes included (valid: the peer checks that cribbage's chance is uniform).
  python/examples/example.py draws chance with ``np.random.choice(actions, p=probs)``, about 7x
  slower than that here, and ``rng.choice(state.chance_outcomes())[0]`` is 1.6x slower: neither
  is used.

OpenSpiel's state keeps every action (actions per game is ``len(state.history())``). Each round
times one batch of every side in turn; the figures are medians over the rounds.

Run: python benchmarks/games_speed.py [--games N] [--rounds R] [--no-peer] [--players 2,3,4]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import nullcontext
from pathlib import Path
from typing import NamedTuple

from peers import Server, interleaved, peer_python, ratio

from pegline_core import Game, RandomBot, Ruleset, load_variant, play_game

THREE_TO_121 = str(Path(__file__).with_name("three-player-121.toml"))
WARM_UP = 20
DEALS_SAMPLE = 200  # OpenSpiel games played (untimed) to count its deals per game


class Row(NamedTuple):
    label: str
    players: int
    variant: str
    target: int | None  # Pegline's target on this variant, if any
    peer: bool  # whether OpenSpiel plays the same game (the ratio is taken here)


ROWS = (
    Row("2", 2, "two-player", 1_000, peer=True),
    Row("3 to 61", 3, "three-player", 700, peer=False),
    Row("3 to 121", 3, THREE_TO_121, None, peer=True),
    Row("4 teams", 4, "partner", 900, peer=True),
    Row("clabber", 4, "clabber", 500, peer=False),
)

OPEN_SPIEL = """
import random, pyspiel
game = pyspiel.load_game("cribbage", {{"players": {players}}})
bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(game.num_players())]
seeds = iter(range(1 << 30))

def cpp_loop():
    state = game.new_initial_state()
    pyspiel.evaluate_bots(state, bots, next(seeds))
    return state

def py_loop():
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(random.choice(state.legal_actions(state.current_player())))
    return state

def batch(one):
    def run(games):
        games, actions = int(games), 0
        start = time.perf_counter()
        for _ in range(games):
            actions += len(one().history())
        return f"{{games / (time.perf_counter() - start)}} {{actions / games}}"
    return run

for _ in range({warm_up}):
    cpp_loop()
deals = 0  # a deal starts where chance draws from all 52 cards
for _ in range({sample}):
    state = game.new_initial_state()
    while not state.is_terminal():  # py_loop, checking on the way that chance is uniform
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert len({{p for _, p in outcomes}}) == 1, "chance is not uniform"
            deals += len(outcomes) == 52
        state.apply_action(random.choice(state.legal_actions(state.current_player())))
serve({{"cpp": batch(cpp_loop), "py": batch(py_loop), "deals": lambda _: deals / {sample}}})
"""


class PyRandom:
    """A plain Python player, uniform like `RandomBot` but not it."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: object, legal: Sequence[object]) -> object:
        return self.rng.choice(legal)


class PeglineGames:
    """Times batches of complete games in this interpreter, the seeds going on from batch to
    batch; `events` and `deals` are per game, over the last batch."""

    def __init__(self, variant_name: str, player: Callable[[int], object]) -> None:
        self.variant = load_variant(variant_name)
        self.ruleset = Ruleset(self.variant)
        self.players = [player(seat) for seat in range(self.variant.table.players)]
        self.seeds = iter(range(1 << 30))
        self.events = self.deals = 0.0
        self(WARM_UP)

    def __call__(self, games: int) -> float:
        """Games per second over ``games`` games."""
        variant, ruleset, players, seeds = self.variant, self.ruleset, self.players, self.seeds
        events = deals = 0
        start = time.perf_counter()
        for _ in range(games):
            game = Game(variant, ruleset=ruleset)
            play_game(variant, players, seed=next(seeds), game=game)
            events += len(game.log)
            deals += game.hand
        rate = games / (time.perf_counter() - start)
        self.events, self.deals = events / games, deals / games
        return rate


def measure(rows: Sequence[Row], games: int, rounds: int, peer: Server | None
            ) -> dict[str, float]:
    """Median figures of every side for the rows of one player count, keyed by side and row."""
    sides: list[Callable[[int], Mapping[str, float]]] = []
    for row in rows:
        ours = PeglineGames(row.variant, RandomBot)
        sides.append(lambda _round, ours=ours, key=row.label: {
            f"pegline {key}": ours(games), f"events {key}": ours.events,
            f"deals {key}": ours.deals})
        if row.target:
            python_player = PeglineGames(row.variant, PyRandom)
            sides.append(lambda _round, python_player=python_player, key=row.label: {
                f"py-player {key}": python_player(games)})
    if peer:
        def open_spiel(loop: str) -> dict[str, float]:
            rate, actions = peer.ask(loop, games)
            return {f"open-spiel {loop}": rate, f"actions {loop}": actions}

        sides += [lambda _round: open_spiel("cpp"), lambda _round: open_spiel("py")]
    figures = interleaved(rounds, sides)
    if peer:
        figures["deals open-spiel"] = peer.ask("deals")[0]
    return figures


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="games per side per round")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (>= 5)")
    parser.add_argument("--no-peer", action="store_true", help="skip OpenSpiel")
    parser.add_argument("--players", default="2,3,4", help="player counts, e.g. 2,4")
    args = parser.parse_args(argv)
    if args.rounds < 5:
        parser.error("medians need at least 5 rounds")
    counts = [int(word) for word in args.players.split(",")]
    if not set(counts) <= {row.players for row in ROWS}:
        parser.error("--players takes some of 2,3,4")
    python = None if args.no_peer else peer_python("open-spiel")

    print(f"games/s on one core, medians of {args.rounds} interleaved rounds of {args.games} "
          f"games a side")
    print(f"{'players':<9}{'pegline':>8}{'deals':>7}{'events':>7}{'py-player':>10}  |"
          f"{'open-spiel':>11}{'deals':>7}{'actions':>8}{'os py loop':>11}  |"
          f"{'ratio':>6}{'target':>7}")
    summaries = []
    for players in counts:
        rows = [row for row in ROWS if row.players == players]
        code = OPEN_SPIEL.format(players=players, warm_up=WARM_UP, sample=DEALS_SAMPLE)
        with Server(python, code) if python else nullcontext() as peer:
            figures = measure(rows, args.games, args.rounds, peer)
        print("\n".join(table_rows(rows, figures)))
        summaries.append(summary(players, rows, figures))
    print("open-spiel: its C++ loop (pyspiel.evaluate_bots, C++ uniform random bots); os py loop: "
          "its benchmark_games.py loop;\npy-player: Pegline with a plain Python player; deals, "
          "events, actions: per game")
    print("\n".join(summaries))


def table_rows(rows: Sequence[Row], figures: Mapping[str, float]) -> list[str]:
    """The table's rows for one player count."""

    def cell(key: str, width: int, spec: str = ",.0f") -> str:
        return f"{format(figures[key], spec) if key in figures else '-':>{width}}"

    lines = []
    for row in rows:
        peer = (cell("open-spiel cpp", 11) + cell("deals open-spiel", 7, ".1f")
                + cell("actions cpp", 8) + cell("open-spiel py", 11)) if row.peer else " " * 37
        compared = ratio(figures[f"pegline {row.label}"], figures.get("open-spiel cpp"))
        lines.append(
            f"{row.label:<9}{cell('pegline ' + row.label, 8)}{cell('deals ' + row.label, 7, '.1f')}"
            f"{cell('events ' + row.label, 7)}{cell('py-player ' + row.label, 10)}  |{peer}  |"
            f"{compared if row.peer else '':>6}{f'{row.target:,}' if row.target else '':>7}")
    return lines


def summary(players: int, rows: Sequence[Row], figures: Mapping[str, float]) -> str:
    """One line: the ratio on the game both play, the target on Pegline's own game."""
    compared = next(row for row in rows if row.peer)
    aimed = next(row for row in rows if row.target)
    ours, theirs = figures[f"pegline {compared.label}"], figures.get("open-spiel cpp")
    line = (f"{players} players: pegline {ours:,.0f} games/s, open-spiel "
            f"{'n/a' if theirs is None else format(theirs, ',.0f')} games/s, "
            f"ratio {ratio(ours, theirs)}")
    reached, target = figures[f"pegline {aimed.label}"], aimed.target or 0
    verdict = "met" if reached >= target else "NOT met"
    if aimed is compared:
        line = f"{line} (target {target:,}: {verdict})"
    else:
        line = (f"{line}, both to 121 (target {target:,} for {aimed.variant}, to 61: "
                f"{reached:,.0f} games/s, {verdict})")
    for row in rows:  # another game at this table size, with a target of its own
        if row.target and row is not aimed:
            rate = figures[f"pegline {row.label}"]
            line += (f"\n{row.label}: pegline {rate:,.0f} games/s ({rate / ours:.2f}x "
                     f"{compared.variant}), target {row.target:,}: "
                     f"{'met' if rate >= row.target else 'NOT met'}")
    return line


if __name__ == "__main__":
    main()
