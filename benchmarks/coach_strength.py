"""The coach's latency and strength at one budget (issue 17 targets).

Latency, CPU time of this process (one core): median and 95th percentile of a six-card discard
evaluation (target: median at most 100 ms) and of a pegging-play evaluation (at most 20 ms).

Strength, each figure over the same deals with the seats swapped (every deal is played once with
the coach in each of its seats), with a 95 % Wilson interval:

- two: two-player, the coach bot against the greedy bot (target at least 65 %);
- three: three-player, the coach in one seat against two greedy bots (at least 40 % of its
  seats; chance is 33.3 %);
- partners: a coach team against a greedy team (at least 58 %);
- previous: two-player, the coach bot against the coach as it was before coach v2 (a copy kept
  beside this script, `previous_coach.py`; at least 55 %);
- points: two-player, the coach bot against the coach of issue 17: playing for points, without
  a win table, and imagining other hands as any unseen cards
  (``CoachBot(win_table=False, reading=False)``; at least 55 %).

``--opponent SPEC`` plays the coach against another bot in place of greedy (in every figure but
previous and points): a bot name or a player class of one's own as ``module.path:Name``
(`pegline_core.app.bot_specs`), e.g. ``--opponent mybots:Lookahead``.

``--read-plays`` has the coach read the others' plays as the greedy bot makes them
(``Coach(read_plays=True)``, off by default: it gains against greedy bots and loses against a
coach). ``--points`` plays the coach for points, without its win table, and ``--no-reading`` has it
imagine the other hands as any unseen cards (both as before issue 31), so each part's
contribution shows.

With ``--hands N``, also the coach's points a hand ahead of the greedy bot (two-player, one hand
from each of N deals, each dealt hand played from both seats, so the cards' luck cancels): a
finer measure than wins for comparing budgets.

Run: python benchmarks/coach_strength.py [--budget N] [--games 4000] [--workers 2]
     [--figures two,three,partners,previous,points] [--latency-samples 200] [--hands 0]
     [--progress 0] [--opponent greedy] [--points] [--no-reading]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any

from previous_coach import PreviousCoachBot

from pegline_core import Game, Ruleset, load_variant, play_game
from pegline_core.app.bot_specs import resolve_bot
from pegline_core.app.simulate import wilson
from pegline_core.turns import Chance
from pegline_cribbage.coach import DEFAULT_BUDGET, Coach, CoachBot
from pegline_cribbage.machine import common, seat_to_play

FIGURES = {  # name: (variant, coach seats in each seating, target)
    "two": ("two-player", ((0,), (1,)), 0.65),
    "three": ("three-player", ((0,), (1,), (2,)), 0.40),
    "partners": ("partner", ((0, 2), (1, 3)), 0.58),
    "previous": ("two-player", ((0,), (1,)), 0.55),
    "points": ("two-player", ((0,), (1,)), 0.55),
}
_RULESETS: dict[str, Ruleset] = {}


def latency(budget: int, samples: int) -> tuple[list[float], list[float]]:
    """CPU milliseconds of each discard and pegging-play evaluation over ``samples`` deals."""
    ruleset = Ruleset(load_variant("two-player"))
    coach = Coach(common(ruleset).scorer, budget=budget)
    discard, pegging = [], []
    for seed in range(samples):
        rng = random.Random(seed)
        game = Game(ruleset=ruleset, dealer=1)
        game.apply(game.chance_action(rng))
        start = time.process_time()
        coach.evaluate(game.view(0))
        discard.append((time.process_time() - start) * 1000)
        for seat in (0, 1):
            game.apply(rng.choice(game.legal_actions(seat)))
        game.apply(game.chance_action(rng))
        while game.phase == "pegging":
            seat = seat_to_play(game)
            start = time.process_time()
            evaluation = coach.evaluate(game.view(seat))
            if evaluation is not None:
                pegging.append((time.process_time() - start) * 1000)
            game.apply(rng.choice(game.legal_actions(seat)))
    return discard, pegging


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def deal(figure: str, budget: int, opponent: str, options: dict[str, bool],
         seed: int) -> tuple[int, int]:
    """(coach wins, games) over one deal played with the coach in each of its seatings."""
    name, seatings, _target = FIGURES[figure]
    ruleset = _RULESETS.get(name)
    if ruleset is None:
        ruleset = _RULESETS[name] = Ruleset(load_variant(name))
    players = ruleset.variant.table.players
    wins = 0
    for coached in seatings:
        bots = [CoachBot(seed, budget=budget, **options) if seat in coached
                else _opponent(figure, opponent, seed)
                for seat in range(players)]
        game = play_game(ruleset.variant, bots, seed=seed, game=Game(ruleset=ruleset))
        assert game.result is not None
        wins += coached[0] in game.result.winner.seats
    return wins, len(seatings)


def _opponent(figure: str, opponent: str, seed: int) -> Any:
    """The bot the coach plays against in ``figure``: ``opponent``'s (a bot spec), except in
    ``previous``."""
    if figure == "previous":
        return PreviousCoachBot(seed)
    if figure == "points":
        return CoachBot(seed, win_table=False, reading=False)
    return resolve_bot(opponent, FIGURES[figure][0]).make(seed)


def hand_margin(budget: int, opponent: str, options: dict[str, bool], seed: int) -> float:
    """The coach's points less the ``opponent``'s (a bot spec) over one two-player hand,
    averaged over its two seats on the same deal."""
    ruleset = _RULESETS.get("two-player")
    if ruleset is None:
        ruleset = _RULESETS["two-player"] = Ruleset(load_variant("two-player"))
    margin = 0
    for coach_seat in (0, 1):
        rng = random.Random(seed)
        game = Game(ruleset=ruleset, dealer=seed % 2)
        bots = [_opponent("two", opponent, seed), _opponent("two", opponent, seed)]
        bots[coach_seat] = CoachBot(seed, budget=budget, **options)
        while not (game.over or (game.phase == "deal" and len(game.inputs()) > 1)):
            to_act = game.to_act
            if isinstance(to_act, Chance):
                game.apply(game.chance_action(rng))
            else:
                seat = to_act[0]
                game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        margin += game.scores[coach_seat] - game.scores[1 - coach_seat]
    return margin / 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET,
                        help="simulated hands per decision")
    parser.add_argument("--games", type=int, default=4000, help="games per figure (about)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--figures", default="two,three,partners,previous,points")
    parser.add_argument("--latency-samples", type=int, default=200)
    parser.add_argument("--progress", type=int, default=0,
                        help="print the running figure every N games (0: only at the end)")
    parser.add_argument("--hands", type=int, default=0,
                        help="deals for the points-a-hand figure (0: skip it)")
    parser.add_argument("--points", action="store_true",
                        help="the coach plays for points, without its win table (each part's "
                             "contribution)")
    parser.add_argument("--no-reading", action="store_true",
                        help="the coach imagines other hands as any unseen cards, not as a "
                             "hand-keeping player keeps them")
    parser.add_argument("--read-plays", action="store_true",
                        help="the coach reads the others' plays as the greedy bot makes them "
                             "(Coach(read_plays=True))")
    parser.add_argument("--opponent", default="greedy",
                        help="the coach's opponent: a bot name or module.path:Name")
    args = parser.parse_args()
    resolve_bot(args.opponent, "two-player")  # a bot that is not there: said before any game
    options = {"win_table": not args.points, "reading": not args.no_reading,
               "read_plays": args.read_plays}
    print(f"coach budget {args.budget} simulated hands per decision"
          f"{', for points (no win table)' if args.points else ''}"
          f"{', not reading the others' if args.no_reading else ''}"
          f"{', reading their plays' if args.read_plays else ''}")
    if args.latency_samples:
        discard, pegging = latency(args.budget, args.latency_samples)
        print(f"discard advice: median {statistics.median(discard):6.1f} ms, "
              f"p95 {_p95(discard):6.1f} ms CPU over {len(discard)} (target median <= 100 ms)")
        print(f"pegging advice: median {statistics.median(pegging):6.1f} ms, "
              f"p95 {_p95(pegging):6.1f} ms CPU over {len(pegging)} (target median <= 20 ms)")
    with ProcessPoolExecutor(args.workers) as pool:
        if args.hands:
            margins = list(pool.map(partial(hand_margin, args.budget, args.opponent, options),
                                    range(args.hands),
                                    chunksize=10))
            mean = statistics.fmean(margins)
            half = 1.96 * statistics.stdev(margins) / len(margins) ** 0.5
            print(f"hands   : the coach scored {mean:+.2f} points a hand against "
                  f"{args.opponent} "
                  f"(95% CI {mean - half:+.2f} to {mean + half:+.2f}) over {len(margins)} deals "
                  "played from both seats")
        for figure in filter(None, args.figures.split(",")):
            name, seatings, target = FIGURES[figure]
            deals = max(1, args.games // len(seatings))
            start = time.perf_counter()
            wins = games = 0
            for won, played in pool.map(partial(deal, figure, args.budget, args.opponent,
                                                options),
                                        range(deals),
                                        chunksize=10):
                wins, games = wins + won, games + played
                if args.progress and games % args.progress < len(seatings):
                    print(f"  ... {figure}: {wins / games:.1%} of {games} games", flush=True)
            low, high = wilson(wins, games)
            print(f"{figure:<8} ({name}): coach won {wins / games:6.1%} of {games} games "
                  f"(95% CI {low:.1%} to {high:.1%}; target {target:.0%}) "
                  f"in {time.perf_counter() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
