"""Many games at once: streamed statistics, on every local core or a dask.distributed cluster.

Games are cut into chunks; game ``i`` always gets the same seed and the same seating (the bots
rotate seats game by game, so seats balance), and the statistics of a chunk are integer sums that
merge in any order. So the same seed gives the same report on one worker, many, or a cluster, and
memory stays flat however many games are played.

>>> from pegline_core import load_variant
>>> stats = simulate(load_variant("two-player"), ["greedy", "random"], games=4, seed=1, workers=1)
>>> stats.games, sum(stats.wins.values())
(4, 4)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from attrs import define, field

from pegline_core.app.players import bots_for, play_game
from pegline_core.errors import PeglineError
from pegline_core.game import Game
from pegline_core.ruleset import Ruleset
from pegline_core.variant import Variant

__all__ = ["SimulationStats", "simulate", "run_chunk", "wilson", "plot"]

CHUNK = 25


@define
class SimulationStats:
    """Sums over games; `merge` adds another chunk's."""

    games: int = 0
    hands: int = 0
    wins: Counter[str] = field(factory=Counter)
    seats: Counter[str] = field(factory=Counter)
    first_dealer_wins: int = 0
    points: Counter[str] = field(factory=Counter)
    """Points by the labels the game gives them (cribbage: ``role/phase``, role dealer or pone,
    phase pegging, hand, crib, heels or start)."""
    length: Counter[int] = field(factory=Counter)
    """Games by number of hands."""
    marks: Counter[str] = field(factory=Counter)
    winner_scores: Counter[int] = field(factory=Counter)
    loser_scores: Counter[int] = field(factory=Counter)

    def merge(self, other: SimulationStats) -> SimulationStats:
        self.games += other.games
        self.hands += other.hands
        self.first_dealer_wins += other.first_dealer_wins
        for name in ("wins", "seats", "points", "length", "marks", "winner_scores",
                     "loser_scores"):
            getattr(self, name).update(getattr(other, name))
        return self

    def add_game(self, game: Game, names: Sequence[str]) -> None:
        variant = game.variant
        result = game.result
        assert result is not None
        first_dealer, points = game.ruleset.game.tally(game)
        self.points.update(points)
        winner = result.results[0]
        self.games += 1
        self.hands += game.hand
        self.length[game.hand] += 1
        if first_dealer is not None:
            self.first_dealer_wins += winner.side == variant.side_of(first_dealer)
        for seat in winner.seats:
            self.wins[names[seat]] += 1
        for seat in range(game.players):
            self.seats[names[seat]] += 1
        self.winner_scores[winner.score] += 1
        for loser in result.results[1:]:
            self.loser_scores[loser.score] += 1
            if loser.mark:
                self.marks[loser.mark] += 1

    def report(self) -> dict[str, Any]:
        """The statistics as plain data: rates with 95% intervals, means per hand."""
        rates = {}  # per seat filled: the share of a bot's seats on the winning side
        for name, seats in sorted(self.seats.items()):
            wins = self.wins[name]
            rates[name] = {"wins": wins, "seats": seats, "rate": wins / seats,
                           "ci95": list(wilson(wins, seats))}
        low, high = wilson(self.first_dealer_wins, self.games)
        return {
            "games": self.games,
            "win_rates": rates,
            "first_dealer": {"rate": self.first_dealer_wins / self.games, "ci95": [low, high]},
            "points_per_hand": {key: value / self.hands
                                for key, value in sorted(self.points.items())},
            "hands_per_game": {"mean": self.hands / self.games,
                               "histogram": dict(sorted(self.length.items()))},
            "marks": {mark: n / self.games for mark, n in sorted(self.marks.items())},
        }


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """A 95% Wilson score interval for a rate."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    spread = math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    half = z * spread / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def _seating(names: Sequence[str], players: int, index: int) -> list[str]:
    """Bots for the seats of game ``index``, rotated game by game so that seats balance."""
    base = [names[seat % len(names)] for seat in range(players)]
    shift = index % players
    return base[shift:] + base[:shift]


def run_chunk(variant: Variant, names: Sequence[str], seed: int, start: int,
              count: int) -> SimulationStats:
    """Play games ``start`` .. ``start + count - 1`` and return their statistics."""
    ruleset = Ruleset(variant)
    bots = bots_for(variant)
    stats = SimulationStats()
    for index in range(start, start + count):
        game_seed = (seed << 32) + index
        seating = _seating(names, variant.table.players, index)
        players = [bots[name](game_seed + seat) for seat, name in enumerate(seating)]
        game = play_game(variant, players, seed=game_seed, game=Game(variant, ruleset=ruleset))
        stats.add_game(game, seating)
    return stats


def simulate(
    variant: Variant,
    bots: Sequence[str],
    *,
    games: int,
    seed: int = 0,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> SimulationStats:
    """Play ``games`` games; ``workers`` local processes (default: every core), or a dask
    ``scheduler`` address. ``progress(games_done)`` follows along."""
    known = bots_for(variant)
    unknown = [name for name in bots if name not in known]
    if unknown or not bots:
        raise PeglineError(f"unknown bot {unknown[0] if unknown else ''!r}; "
                           f"choose from {', '.join(known)}")
    if games < 1:
        raise PeglineError("simulate at least one game")
    chunks = [(start, min(CHUNK, games - start)) for start in range(0, games, CHUNK)]
    total, done = SimulationStats(), 0

    def collect(stats: SimulationStats) -> None:
        nonlocal done
        total.merge(stats)
        done += stats.games
        if progress is not None:
            progress(done)

    if scheduler is not None:
        from distributed import Client
        from distributed import as_completed as dask_completed

        with Client(scheduler) as client:  # type: ignore[no-untyped-call]
            futures = [client.submit(run_chunk, variant, list(bots), seed, start, count,
                                     pure=False) for start, count in chunks]
            for future in dask_completed(futures):  # type: ignore[no-untyped-call]
                collect(future.result())
        return total
    if workers == 1:
        for start, count in chunks:
            collect(run_chunk(variant, bots, seed, start, count))
        return total
    with ProcessPoolExecutor(workers) as pool:
        futures = [pool.submit(run_chunk, variant, list(bots), seed, start, count)
                   for start, count in chunks]
        for future in as_completed(futures):
            collect(future.result())
    return total


def plot(stats: SimulationStats, path: str) -> None:
    """Draw the final score distributions and the game-length histogram to a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, (scores, lengths) = plt.subplots(1, 2, figsize=(11, 4))
    for label, counts in (("winner", stats.winner_scores), ("others", stats.loser_scores)):
        xs = sorted(counts)
        scores.bar(xs, [counts[x] for x in xs], alpha=0.6, label=label)
    scores.set(title="Final scores", xlabel="score", ylabel="games")
    scores.legend()
    xs = sorted(stats.length)
    lengths.bar(xs, [stats.length[x] for x in xs], color="tab:green")
    lengths.set(title="Game length", xlabel="hands", ylabel="games")
    figure.suptitle(f"{stats.games:,} games")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)

