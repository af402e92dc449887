"""A round robin between teams of bots: every pair of entrants plays the same number of games,
each entrant's bot in both of its team's seats, the two teams taking side 0 in turn. Standings
follow the variant's ``tournament.standings``: by games won with game points (the points scored
in every game) breaking ties, or by game points alone.

The games run as `pegline simulate`'s do (`pegline_core.app.simulate.run_chunks`): in chunks,
on every core, a bounded number in flight, each chunk's sums merged as it finishes; a Ctrl-C
stops it with the standings of the games finished (`Interrupted`). Game ``i`` always gets the
same seed, so the standings do not depend on the number of workers.

>>> from pegline_core import load_variant
>>> table = round_robin(load_variant("clabber"), ["greedy", "random"], games=2, seed=1)
>>> [(s.entrant, s.played) for s in table]
[('greedy', 2), ('random', 2)]
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations

from attrs import define, field, frozen

from pegline_core.app.bot_specs import ROUND_ROBIN, BotSpec, BotSpecError, resolve_bots
from pegline_core.app.simulate import Interrupted, run_chunks, specs_for_workers
from pegline_core.arguments import whole_seed
from pegline_core.errors import PeglineError
from pegline_core.game import Game
from pegline_core.players import play_game
from pegline_core.ruleset import Ruleset
from pegline_core.variant import Variant

__all__ = ["Standing", "RoundRobinTally", "round_robin", "play_chunk", "standings"]


@frozen
class Standing:
    """An entrant's line of the table."""

    entrant: str
    played: int
    won: int
    game_points: int


@define
class RoundRobinTally:
    """Sums over games by entrant; `merge` adds another chunk's."""

    games: int = 0
    played: Counter[str] = field(factory=Counter)
    won: Counter[str] = field(factory=Counter)
    points: Counter[str] = field(factory=Counter)

    def merge(self, other: RoundRobinTally) -> RoundRobinTally:
        self.games += other.games
        self.played.update(other.played)
        self.won.update(other.won)
        self.points.update(other.points)
        return self


def play_chunk(variant: Variant, entrants: Sequence[BotSpec], games: int, seed: int,
               start: int, count: int) -> RoundRobinTally:
    """Play games ``start`` .. ``start + count - 1`` of the round robin: game ``i`` is game
    ``i % games`` of pair ``i // games`` (``entrants`` are bot specs, resolved here)."""
    ruleset = Ruleset(variant)
    pairs = list(combinations(resolve_bots(entrants, variant), 2))
    tally = RoundRobinTally()
    for index in range(start, start + count):
        match, number = divmod(index, games)
        pair = pairs[match]
        first, second = pair if number % 2 == 0 else pair[::-1]
        game_seed = (seed << 32) + index
        players = [(first if seat % 2 == 0 else second).make(game_seed + seat)
                   for seat in range(variant.table.players)]
        game = play_game(variant, players, seed=game_seed, game=Game(variant, ruleset=ruleset))
        assert game.result is not None
        for side, bot in enumerate((first, second)):
            tally.played[bot.label] += 1
            tally.points[bot.label] += game.scores[side]
        tally.won[(first, second)[game.result.winner.side].label] += 1
        tally.games += 1
    return tally


def standings(variant: Variant, entrants: Sequence[str],
              tally: RoundRobinTally) -> list[Standing]:
    """The table of ``tally``, best first, by the variant's ``tournament.standings``."""
    by_points = variant.settings.tournament.standings == "game-points"
    table = [Standing(name, tally.played[name], tally.won[name], tally.points[name])
             for name in entrants]
    return sorted(table, key=lambda s: ((0 if by_points else -s.won), -s.game_points,
                                        s.entrant))


def round_robin(variant: Variant, entrants: Sequence[BotSpec], *, games: int, seed: int = 0,
                workers: int | None = None, scheduler: str | None = None,
                progress: Callable[[int], None] | None = None) -> list[Standing]:
    """Play every pair of ``entrants`` (bot specs, as `simulate` takes) ``games`` times; the
    standings, best first, by each bot's label. ``workers``, ``scheduler`` and
    ``progress(games_done)`` as for `simulate`; a Ctrl-C raises `Interrupted` whose ``stats``
    are the standings of the games finished."""
    resolved = {bot.label: (spec, bot) for spec, bot in zip(
        entrants, resolve_bots(entrants, variant), strict=True)}
    if len(resolved) < 2:
        raise BotSpecError(ROUND_ROBIN())
    if type(games) is not int or games < 1:
        raise PeglineError("each pair plays at least one game")
    seed = whole_seed(seed)
    names = list(resolved)
    total = RoundRobinTally()

    def collect(tally: RoundRobinTally) -> None:
        total.merge(tally)
        if progress is not None:
            progress(total.games)

    pairs = len(names) * (len(names) - 1) // 2
    specs = specs_for_workers([spec for spec, _ in resolved.values()],
                              [bot for _, bot in resolved.values()], pairs * games,
                              workers=workers, scheduler=scheduler)
    try:
        run_chunks(functools.partial(play_chunk, variant, specs, games, seed), pairs * games,
                   collect, workers=workers, scheduler=scheduler)
    except KeyboardInterrupt:
        raise Interrupted(standings(variant, names, total), games=total.games) from None
    return standings(variant, names, total)

