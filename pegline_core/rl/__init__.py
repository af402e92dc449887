"""Pegline for learning agents: any variant as a PettingZoo environment (``pip install -e
'.[rl]'`` from the checkout), the built-in bots as policies on its action numbers, and win rates
with their confidence intervals; `VectorEnv` steps many games at once, shaped like Gymnasium's
vector environments.

The adapters know no game: each game plugin gives its numbers through its
`pegline_core.encoding.Encoding`. numpy, gymnasium and pettingzoo are needed here only; the
kernel never imports this package. docs/learning.md trains an agent with it.
`openspiel_game` (``pip install -e '.[openspiel]'``) is imported on first use.
"""

from typing import Any

from pegline_core.rl.environment import REWARDS, PeglineEnv, env
from pegline_core.rl.policies import BotPolicy, Policy, WinRate, bot_policy, evaluate
from pegline_core.rl.vector import VectorEnv

__all__ = ["env", "PeglineEnv", "VectorEnv", "REWARDS", "Policy", "bot_policy", "BotPolicy",
           "evaluate", "WinRate", "openspiel_game"]


def __getattr__(name: str) -> Any:
    """`openspiel_game`, from `pegline_core.rl.openspiel`, which needs pyspiel."""
    if name == "openspiel_game":
        from pegline_core.rl.openspiel import openspiel_game

        return openspiel_game
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
