"""A round robin between teams of bots: every pair of entrants plays the same number of games,
each entrant's bot in both of its team's seats, the two teams taking side 0 in turn. Standings
follow the variant's ``tournament.standings``: by games won with game points (the points scored
in every game) breaking ties, or by game points alone.

>>> from pegline_core import load_variant
>>> table = round_robin(load_variant("clabber"), ["greedy", "random"], games=2, seed=1)
>>> [(s.entrant, s.played) for s in table]
[('greedy', 2), ('random', 2)]
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from attrs import frozen

from pegline_core.app.players import bots_for, play_game
from pegline_core.errors import PeglineError
from pegline_core.game import Game
from pegline_core.ruleset import Ruleset
from pegline_core.variant import Variant

__all__ = ["Standing", "round_robin"]


@frozen
class Standing:
    """An entrant's line of the table."""

    entrant: str
    played: int
    won: int
    game_points: int


def round_robin(variant: Variant, entrants: Sequence[str], *, games: int,
                seed: int = 0) -> list[Standing]:
    """Play every pair of ``entrants`` (bot names) ``games`` times; the standings, best first."""
    known = bots_for(variant)
    unknown = [name for name in entrants if name not in known]
    if unknown or len(set(entrants)) < 2:
        raise PeglineError(f"a round robin needs two or more different bots of {', '.join(known)}"
                           f"{f', not {unknown[0]!r}' if unknown else ''}")
    if games < 1:
        raise PeglineError("each pair plays at least one game")
    ruleset = Ruleset(variant)
    played = dict.fromkeys(entrants, 0)
    won = dict.fromkeys(entrants, 0)
    points = dict.fromkeys(entrants, 0)
    for match, pair in enumerate(combinations(dict.fromkeys(entrants), 2)):
        for number in range(games):
            first, second = pair if number % 2 == 0 else pair[::-1]
            game_seed = (seed << 32) + match * games + number
            players = [known[first if seat % 2 == 0 else second](game_seed + seat)
                       for seat in range(variant.table.players)]
            game = play_game(variant, players, seed=game_seed,
                             game=Game(variant, ruleset=ruleset))
            assert game.result is not None
            for side, name in enumerate((first, second)):
                played[name] += 1
                points[name] += game.scores[side]
            won[(first, second)[game.result.winner.side]] += 1
    by_points = variant.settings.tournament.standings == "game-points"
    table = [Standing(name, played[name], won[name], points[name]) for name in played]
    return sorted(table, key=lambda s: ((0 if by_points else -s.won), -s.game_points,
                                        s.entrant))
