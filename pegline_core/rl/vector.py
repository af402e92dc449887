"""Many games of one variant stepped together, shaped like Gymnasium's vector API.

A learning agent that trains on batches wants N games at once, their observations and masks in
two arrays, and no Python object per decision of its own. `VectorEnv` steps N games by action
number in compiled code (`pegline_core.batch`: each game's machine stepped through its
encoding's `pegline_core.encoding.Numbered` members, with no action, view or dense row made),
and writes what each step gathers (the observations' entries that are not zero, the legal
numbers, the rewards) into arrays it owns, with one numpy scatter each. Chance is resolved
inside `VectorEnv.step` from each game's own seeded generator, in the same order of draws as
`pegline_core.rl.PeglineEnv`: the same seed and the same actions give the same observations.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector import VectorEnv as GymnasiumVectorEnv
from gymnasium.vector.utils import batch_space

from pegline_core import Action, Game, PeglineError, Variant
from pegline_core.arguments import whole_seed
from pegline_core.batch import Batch
from pegline_core.errors import short_repr
from pegline_core.messages import Template
from pegline_core.plugins import Plugins
from pegline_core.rl.environment import checked_ruleset, encoding_of, reset_first
from pegline_core.view_numbers import actions_by_number

__all__ = ["VectorEnv"]

_NUM_ENVS = Template("rl.num-envs", "num_envs must be a whole number above 0, not {value}")
_SEEDS = Template("rl.seeds", "reset takes one seed per env ({n}), not {count}")
_AN_ARRAY = Template("rl.step-array", "step takes {n} action numbers (an integer array of shape "
                     "({n},)), not an array of {dtype} of shape {shape}")
_NUMBERS = Template("rl.step-numbers", "step takes {n} action numbers, one per env, not {value}")

Observation = dict[str, np.ndarray]
"""``{"observation": (N, D) float32, "action_mask": (N, A) int8}``."""


class VectorEnv(GymnasiumVectorEnv[Observation, np.ndarray, np.ndarray]):
    """``num_envs`` games of ``variant`` (a name or a house file), stepped together.

    `reset` and `step` return Gymnasium's tuples: ``obs["observation"]`` (N, D) is each game
    from the point of view of its seat to act, whose number is in ``info["seat"]`` (N,) (once a
    game is over, of the seat that acted last, with no legal action); ``obs["action_mask"]``
    (N, A) marks that seat's legal actions; ``rewards`` (N, players) gives every seat its reward
    from the step (``reward``, as in `PeglineEnv`: one of `REWARDS`). A game that ends is reset
    on the next `step` (Gymnasium's default next-step autoreset: that step ignores its action
    and returns the new game's first observation, with no reward), its generator going on.
    ``max_cycles`` truncates a game once a seat has made that many decisions. ``copy=False``
    returns the arrays the environment writes into (faster; the next step overwrites them).
    """

    metadata: dict[str, object] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(self, variant: Variant | str = "two-player", num_envs: int = 1, *,
                 reward: str = "win", max_cycles: int | None = None, copy: bool = True,
                 extra_plugins: Plugins | None = None) -> None:
        if type(num_envs) is not int or num_envs < 1:
            raise PeglineError(_NUM_ENVS(value=short_repr(num_envs)))
        self.ruleset = checked_ruleset(variant, reward, max_cycles, extra_plugins)
        variant = self.ruleset.variant
        self.encoding = encoding = encoding_of(self.ruleset)
        self.num_envs, self.reward, self.max_cycles, self.copy = num_envs, reward, max_cycles, copy
        self.players = players = variant.table.players
        size, count = encoding.observation_size, encoding.action_count
        self.single_observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (count,), np.int8)})
        self.single_action_space = spaces.Discrete(count)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._observations = np.zeros((num_envs, size), np.float32)
        self._masks = np.zeros((num_envs, count), np.int8)
        self._rewards = np.zeros((num_envs, players), np.float64)
        self._terminated = np.zeros(num_envs, np.bool_)
        self._truncated = np.zeros(num_envs, np.bool_)
        self._batch = Batch(self.ruleset, encoding, num_envs, reward, max_cycles or 0)
        self.games: list[Game] = self._batch.games
        """The games being played, to read (they change only through `reset` and `step`; each
        keeps no history to undo)."""
        self._started = False

    @property
    def rngs(self) -> list[random.Random]:
        """Each game's generator of chance (seeded by `reset`, going on over its games)."""
        return self._batch.rngs

    # -- Gymnasium's API -----------------------------------------------------------------------

    def reset(self, *, seed: int | Sequence[int | None] | None = None,
              options: dict[str, object] | None = None) -> tuple[Observation, dict[str, object]]:
        """New games in every env. ``seed``: None (each generator goes on), a whole number
        (env ``i`` is seeded with ``seed + i``, as Gymnasium seeds its vector environments) or
        one seed per env (None for an env whose generator goes on, as in Gymnasium).
        ``options`` are accepted and unused."""
        self._batch.reset(self._seeds(seed))
        self._write()
        self._started = True
        return self._observation(), {"seat": np.array(self._batch.seats)}

    def step(self, actions: Any) -> tuple[Observation, np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, object]]:
        """Apply one action number per env (a sequence or an array of N whole numbers; an env
        whose game ended on the last step ignores its own and starts a new game).

        Raises `PeglineError` for actions of the wrong shape or kind, and `IllegalActionError`
        (a `ValueError`) naming the env for a number its seat to act may not take; nothing is
        applied then, in any env.
        """
        if not self._started:
            raise reset_first("step")
        self._batch.step(self._numbers(actions))
        self._write()
        rewards, terminated, truncated = self._rewards, self._terminated, self._truncated
        return (self._observation(), rewards.copy() if self.copy else rewards,
                terminated.copy() if self.copy else terminated,
                truncated.copy() if self.copy else truncated,
                {"seat": np.array(self._batch.seats)})

    def close(self, **kwargs: object) -> None:
        """Nothing to release."""
        self.closed = True

    # -- one env -------------------------------------------------------------------------------

    def legal_actions(self, env: int) -> dict[int, Action]:
        """The legal actions of env ``env``'s seat to act, by number (the game's actions)."""
        batch = self._batch
        if batch.ended[env]:
            return {}
        return actions_by_number(self.encoding, batch.machines[env], batch.seats[env])

    # -- checks and output ---------------------------------------------------------------------

    def _write(self) -> None:
        """Write what the batch gathered in its last step into the arrays."""
        batch = self._batch
        observed = batch.observed
        size, count = self._observations.shape[1], self._masks.shape[1]
        observations = self._observations.reshape(-1)
        observations.fill(0.0)
        observations[_places(observed.ones, batch.ones_ends, size)] = 1.0
        observations[_places(observed.places, batch.places_ends, size)] = observed.values
        masks = self._masks.reshape(-1)
        masks.fill(0)
        masks[_places(batch.marked, batch.marked_ends, count)] = 1
        rewards = self._rewards.reshape(-1)
        rewards.fill(0.0)
        rewards[np.fromiter(batch.rewarded, np.intp, len(batch.rewarded))] = batch.rewards
        self._terminated.fill(False)
        self._terminated[batch.terminated] = True
        self._truncated.fill(False)
        self._truncated[batch.truncated] = True

    def _seeds(self, seed: object) -> list[int | None]:
        if seed is None:
            return [None] * self.num_envs
        if isinstance(seed, list | tuple) or (isinstance(seed, np.ndarray) and seed.ndim):
            if len(seed) != self.num_envs:
                raise PeglineError(_SEEDS(n=self.num_envs, count=len(seed)))
            return [None if number is None else whole_seed(number) for number in seed]
        first = whole_seed(seed)  # type: ignore[arg-type]
        return [first + env for env in range(self.num_envs)]

    def _numbers(self, actions: Any) -> list[Any]:
        """The actions as a list of N numbers (a numpy integer as a Python int), or
        `PeglineError` for the wrong shape or kind."""
        if isinstance(actions, np.ndarray):
            if actions.shape != (self.num_envs,) or actions.dtype.kind not in "iu":
                raise PeglineError(_AN_ARRAY(n=self.num_envs, dtype=str(actions.dtype),
                                             shape=str(actions.shape)))
            return actions.tolist()  # type: ignore[no-any-return]
        if not isinstance(actions, list | tuple) or len(actions) != self.num_envs:
            raise PeglineError(_NUMBERS(n=self.num_envs, value=short_repr(actions)))
        return [int(number) if isinstance(number, np.integer) else number
                for number in actions]

    def _observation(self) -> Observation:
        if self.copy:
            return {"observation": self._observations.copy(), "action_mask": self._masks.copy()}
        return {"observation": self._observations, "action_mask": self._masks}


def _places(places: list[Any], ends: list[int], width: int) -> np.ndarray:
    """Places within rows of ``width``, the rows' ends in ``ends`` (env by env), as flat
    places (``fromiter`` skips the type discovery of ``np.array``: a fifth faster)."""
    within = np.fromiter(places, np.intp, len(places))
    stops = np.fromiter(ends, np.intp, len(ends))
    counts = stops.copy()
    counts[1:] -= stops[:-1]
    return within + np.repeat(np.arange(0, len(ends) * width, width), counts)
