"""Policies on an environment's action numbers: the built-in bots as policies, and one call that
measures a policy's win rate against another with a confidence interval.

A policy is any callable ``policy(table, agent) -> number`` given the `PeglineEnv` and the agent
to act; a trained agent usually reads ``table.observe(agent)`` only. The built-in bots read the
seat's view instead (what the seat may see, the same as the observation holds).
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable

import attrs

from pegline_core import PeglineError, Variant
from pegline_core.app.bot_specs import bots_for
from pegline_core.arguments import expect, whole_seed
from pegline_core.errors import short_repr
from pegline_core.messages import Template
from pegline_core.players import Player
from pegline_core.rl.environment import PeglineEnv

__all__ = ["Policy", "BotPolicy", "bot_policy", "WinRate", "evaluate"]

_NOT_TO_ACT = Template("rl.not-to-act", "{agent} has no move to choose now: a policy picks for "
                       "the agent to act ({acting})")
_NONE_YET = Template("rl.none-before-reset", "none before reset")
_NO_BOT = Template("rl.no-bot", "no bot {name} in {game}; there are {bots}")
_GAMES = Template("rl.games", "games must be a whole number above 0, not {value}")
_POLICY_CALL = Template("rl.policy-call", "{role} is called as policy(env, agent), which "
                       "{name}{signature} cannot be")
_THE_POLICY = Template("rl.the-policy", "the policy")
_THE_OPPONENT = Template("rl.the-opponent", "the opponent")

Policy = Callable[[PeglineEnv, str], int]
"""Picks the number of a legal action for the agent to act."""


class BotPolicy:
    """A built-in bot (``random`` or one of the game's, such as ``greedy`` or ``coach``) as a
    policy: one bot per seat and game kind, seeded ``seed`` plus the seat."""

    def __init__(self, name: str, seed: int = 0) -> None:
        self.name, self.seed = name, whole_seed(seed)
        self._bots: dict[tuple[int, int], Player] = {}

    def __call__(self, table: PeglineEnv, agent: str) -> int:
        acting = getattr(table, "agent_selection", None)  # none before reset
        legal = table.legal_actions()
        if agent != acting or not legal:  # another's moves, or none: refused
            raise PeglineError(_NOT_TO_ACT(agent=agent, acting=acting or _NONE_YET()))
        seat = table.possible_agents.index(agent)
        bot = self._bots.get((id(table.ruleset), seat))
        if bot is None:
            factories = bots_for(table.ruleset.variant)
            if self.name not in factories:
                raise PeglineError(_NO_BOT(name=repr(self.name), game=table.ruleset.variant.game,
                                           bots=", ".join(sorted(factories))))
            bot = self._bots[(id(table.ruleset), seat)] = factories[self.name](self.seed + seat)
        view = table.game.view(seat)
        action = bot.choose(view, list(legal.values()))
        return table.encoding.action_id(view, action)

    def __repr__(self) -> str:
        return f"bot_policy({self.name!r}, seed={self.seed})"


def bot_policy(name: str, seed: int = 0) -> BotPolicy:
    """The built-in bot ``name`` as a policy (the game's names are checked on first use).

    >>> from pegline_core.rl import bot_policy, env
    >>> table = env("two-player-61")
    >>> table.reset(seed=0)
    >>> number = bot_policy("greedy")(table.unwrapped, table.agent_selection)
    >>> table.unwrapped.encoding.label(number)
    'discard 7H 8S'
    """
    return BotPolicy(name, seed)


@attrs.frozen
class WinRate:
    """Games won of games played, with the Wilson score interval at 95%."""

    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games

    @property
    def interval(self) -> tuple[float, float]:
        z, n, p = 1.96, self.games, self.rate
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - half), min(1.0, centre + half)

    def __str__(self) -> str:
        low, high = self.interval
        return (f"won {self.wins} of {self.games}: {self.rate:.1%} "
                f"(95% interval {low:.1%} to {high:.1%})")


def _called_with_env_and_agent(policy: Callable[..., object], role: str) -> None:
    """Refuse a ``policy`` that cannot be called as ``policy(env, agent)`` (one of the
    observation alone, Gymnasium's way, or a class given for its instance), before any game
    rather than as a TypeError from inside the loop."""
    try:
        signature = inspect.signature(policy)
    except (TypeError, ValueError):  # no signature to read (some built-ins): called as it is
        return
    try:
        signature.bind(None, None)
    except TypeError:
        name = getattr(policy, "__name__", type(policy).__name__)
        raise PeglineError(_POLICY_CALL(role=role, name=name, signature=signature)) from None


def evaluate(policy: Policy, opponent: Policy | str, variant: Variant | str = "two-player-61",
             *, games: int = 100, seed: int = 0) -> WinRate:
    """Play ``games`` games of ``policy`` against ``opponent`` (a policy or a bot's name) and
    count the policy's wins. The policy takes each side in turn (game ``i``: side ``i`` modulo
    the sides, every seat of it), so neither gains from the first deal; game ``i`` is dealt from
    seed ``seed + i``.

    >>> from pegline_core.rl import bot_policy, evaluate
    >>> print(evaluate(bot_policy("greedy"), "random", games=20))
    won 19 of 20: 95.0% (95% interval 76.4% to 99.1%)
    """
    if type(games) is not int or games < 1:
        raise PeglineError(_GAMES(value=short_repr(games)))
    seed = whole_seed(seed)
    expect(callable(policy), "the policy", "a callable policy(env, agent) -> number", policy)
    expect(isinstance(opponent, str) or callable(opponent), "the opponent",
           "a policy or a bot's name", opponent)
    _called_with_env_and_agent(policy, _THE_POLICY())
    if not isinstance(opponent, str):
        _called_with_env_and_agent(opponent, _THE_OPPONENT())
    other = bot_policy(opponent, seed + 1) if isinstance(opponent, str) else opponent
    table = PeglineEnv(variant, reward="win")
    sides = table.ruleset.variant.sides
    wins = 0
    for number in range(games):
        mine = sides[number % len(sides)]
        table.reset(seed=seed + number)
        for agent in table.agent_iter():
            _observation, _reward, terminated, truncated, _info = table.last(observe=False)
            if terminated or truncated:
                table.step(None)
                continue
            chooser = policy if table.possible_agents.index(agent) in mine else other
            table.step(chooser(table, agent))
        result = table.game.result
        wins += result is not None and result.winner.seats == tuple(mine)
    return WinRate(wins, games)
