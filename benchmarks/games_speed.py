"""Complete random-play games per second on one core, the full event log kept: Pegline, compiled
and pure, against OpenSpiel's C++ cribbage (``pyspiel.load_game("cribbage", {"players": N})``),
in the same interleaved run.

Targets: issue 12, >= 1,000 games/s with two players, 700 with three (to 61), 900 with partners;
issue 19 (the compiled build), 2,400 / 1,850 / 2,200; issue 13, >= 500 complete Clabber games/s
to 500 (the "clabber" row: no peer plays Clabber).

Pegline runs in two long-lived processes of this interpreter, one per build: "compiled" (the
modules setup.py compiled with mypyc; if this install has none, the column says so) and "pure"
(``PEGLINE_PURE_PYTHON=1``: the same source, interpreted). Each plays `play_game` with
`RandomBot`s and one `Ruleset` shared by all games; events per game is ``len(game.log)``.
"py-player" plays the same games in the compiled build with `PyRandom`, a plain Python player
(uniform too, so the games are alike): what calling a Python player costs.

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
times one batch of every side in turn, each side timing itself in the CPU time of its own
process (``time.process_time``: games per second per core, whatever else the machine runs); the
figures are medians over the rounds.

Run: python benchmarks/games_speed.py [--games N] [--rounds R] [--no-peer] [--players 2,3,4]
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import nullcontext
from pathlib import Path
from typing import NamedTuple

from peers import Server, benchmark_parser, build_servers, interleaved, peer_python, ratio

from pegline_core import Game, Ruleset, load_variant, play_game

THREE_TO_121 = str(Path(__file__).with_name("three-player-121.toml"))
WARM_UP = 20
DEALS_SAMPLE = 200  # OpenSpiel games played (untimed) to count its deals per game


class Row(NamedTuple):
    label: str
    players: int
    variant: str
    target: int | None  # Pegline's target on this variant (issue 12), if any
    compiled_target: int | None  # the compiled build's (issue 19)
    peer: bool  # whether OpenSpiel plays the same game (the ratio is taken here)


ROWS = (
    Row("2", 2, "two-player", 1_000, 2_400, peer=True),
    Row("3 to 61", 3, "three-player", 700, 1_850, peer=False),
    Row("3 to 121", 3, THREE_TO_121, None, None, peer=True),
    Row("4 teams", 4, "partner", 900, 2_200, peer=True),
    Row("clabber", 4, "clabber", 500, None, peer=False),
)

PEGLINE = """
import sys
sys.path.insert(0, {here!r})
from games_speed import PeglineGames, PyRandom
from pegline_core import RandomBot
from pegline_core.build import build_name
sides = {{}}

def batch(argument):
    side, variant, player, games = argument.split("|")
    key = (variant, player)
    if key not in sides:
        sides[key] = PeglineGames(variant, RandomBot if player == "random" else PyRandom)
    run = sides[key]
    rate = run(int(games))
    return f"{{rate}} {{run.events}} {{run.deals}}"

serve({{"batch": batch, "build": lambda _: int(build_name().startswith("compiled"))}})
"""
"""A Pegline build's measuring process: ``batch side|variant|player|games`` answers the games
per second, and the events and deals per game, of one batch."""

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
        start = time.process_time()
        for _ in range(games):
            actions += len(one().history())
        return f"{{games / (time.process_time() - start)}} {{actions / games}}"
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
        start = time.process_time()
        for _ in range(games):
            game = Game(variant, ruleset=ruleset)
            play_game(variant, players, seed=next(seeds), game=game)
            events += len(game.log)
            deals += game.hand
        rate = games / (time.process_time() - start)
        self.events, self.deals = events / games, deals / games
        return rate


def measure(rows: Sequence[Row], games: int, rounds: int, peer: Server | None,
            builds: Mapping[str, Server]) -> dict[str, float]:
    """Median figures of every side for the rows of one player count, keyed by side and row."""
    sides: list[Callable[[int], Mapping[str, float]]] = []

    def pegline(build: str, row: Row, player: str) -> dict[str, float]:
        rate, events, deals = builds[build].ask("batch", f"x|{row.variant}|{player}|{games}")
        name = build if player == "random" else "py-player"
        return {f"{name} {row.label}": rate, f"events {row.label}": events,
                f"deals {row.label}": deals}

    for row in rows:
        for build in builds:
            sides.append(lambda _round, build=build, row=row: pegline(build, row, "random"))
        if row.target and "compiled" in builds:
            sides.append(lambda _round, row=row: pegline("compiled", row, "python"))
    if peer:
        def open_spiel(loop: str) -> dict[str, float]:
            rate, actions = peer.ask(loop, games)
            return {f"open-spiel {loop}": rate, f"actions {loop}": actions}

        sides += [lambda _round: open_spiel("cpp"), lambda _round: open_spiel("py")]
    figures = interleaved(rounds, sides)
    if peer:
        figures["deals open-spiel"] = peer.ask("deals")[0]
    return figures


def pegline_servers() -> dict[str, Server]:
    """A measuring process per build: compiled (when this install has compiled modules) and
    pure Python."""
    return build_servers(PEGLINE.format(here=str(Path(__file__).resolve().parent)))


def main(argv: Sequence[str] | None = None) -> None:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--games", type=int, default=100, help="games per side per round")
    parser.add_argument("--no-peer", action="store_true", help="skip OpenSpiel")
    parser.add_argument("--players", default="2,3,4", help="player counts, e.g. 2,4")
    args = parser.parse_args(argv)
    counts = [int(word) for word in args.players.split(",")]
    if not set(counts) <= {row.players for row in ROWS}:
        parser.error("--players takes some of 2,3,4")
    python = None if args.no_peer else peer_python("open-spiel")

    builds = pegline_servers()
    print(f"games/s on one core, medians of {args.rounds} interleaved rounds of {args.games} "
          f"games a side")
    print(f"{'players':<9}{'compiled':>9}{'pure':>6}{'py-player':>10}{'deals':>6}{'events':>7}  |"
          f"{'open-spiel':>11}{'deals':>6}{'actions':>8}{'os py loop':>11}  |"
          f"{'compiled':>9}{'pure':>6}  |{'targets':>12}")
    summaries = []
    try:
        for players in counts:
            rows = [row for row in ROWS if row.players == players]
            code = OPEN_SPIEL.format(players=players, warm_up=WARM_UP, sample=DEALS_SAMPLE)
            with Server(python, code) if python else nullcontext() as peer:
                figures = measure(rows, args.games, args.rounds, peer, builds)
            print("\n".join(table_rows(rows, figures)))
            summaries += summary(players, rows, figures)
    finally:
        for server in builds.values():
            server.close()
    print("compiled, pure: Pegline's two builds; py-player: the compiled build with a plain "
          "Python player;\nopen-spiel: its C++ loop (pyspiel.evaluate_bots, C++ uniform random "
          "bots); os py loop: its benchmark_games.py loop;\nratios: Pegline / open-spiel; "
          "targets: issue 12 (either build) / issue 19 (compiled); deals, events, actions: per "
          "game")
    print("\n".join(summaries))


def table_rows(rows: Sequence[Row], figures: Mapping[str, float]) -> list[str]:
    """The table's rows for one player count."""

    def cell(key: str, width: int, spec: str = ",.0f") -> str:
        return f"{format(figures[key], spec) if key in figures else '-':>{width}}"

    lines = []
    for row in rows:
        peer = (cell("open-spiel cpp", 11) + cell("deals open-spiel", 6, ".1f")
                + cell("actions cpp", 8) + cell("open-spiel py", 11)) if row.peer else " " * 36
        theirs = figures.get("open-spiel cpp") if row.peer else None
        ratios = "".join(
            f"{ratio(figures[key], theirs) if key in figures and row.peer else '':>{width}}"
            for key, width in ((f"compiled {row.label}", 9), (f"pure {row.label}", 6)))
        targets = f"{row.target:,}" if row.target else ""
        if row.compiled_target:
            targets += f" / {row.compiled_target:,}"
        lines.append(
            f"{row.label:<9}{cell('compiled ' + row.label, 9)}{cell('pure ' + row.label, 6)}"
            f"{cell('py-player ' + row.label, 10)}{cell('deals ' + row.label, 6, '.1f')}"
            f"{cell('events ' + row.label, 7)}  |{peer}  |{ratios}  |{targets:>12}")
    return lines


def summary(players: int, rows: Sequence[Row], figures: Mapping[str, float]) -> list[str]:
    """Per build, one line: the ratio on the game both play, the targets on Pegline's own game."""
    compared = next(row for row in rows if row.peer)
    aimed = next(row for row in rows if row.target)
    theirs = figures.get("open-spiel cpp")
    lines = []
    for build in ("compiled", "pure"):
        if f"{build} {compared.label}" not in figures:
            continue
        ours = figures[f"{build} {compared.label}"]
        line = (f"{players} players, {build}: pegline {ours:,.0f} games/s, open-spiel "
                f"{'n/a' if theirs is None else format(theirs, ',.0f')} games/s, "
                f"ratio {ratio(ours, theirs)}")
        reached = figures[f"{build} {aimed.label}"]
        met = "met" if reached >= (aimed.target or 0) else "NOT met"
        verdicts = [f"issue 12's {aimed.target:,}: {met}"]
        if build == "compiled":
            verdicts.append(f"issue 19's {aimed.compiled_target:,}: "
                            f"{'met' if reached >= (aimed.compiled_target or 0) else 'NOT met'}")
        where = "" if aimed is compared else f"; {aimed.variant} to 61: {reached:,.0f} games/s"
        lines.append(f"{line}{where} ({', '.join(verdicts)})")
        for row in rows:  # another game at this table size, with a target of its own
            if row.target and row is not aimed:
                rate = figures[f"{build} {row.label}"]
                lines.append(f"{row.label}, {build}: pegline {rate:,.0f} games/s "
                             f"({rate / ours:.2f}x {compared.variant}), target {row.target:,}: "
                             f"{'met' if rate >= row.target else 'NOT met'}")
    return lines


if __name__ == "__main__":
    main()
