"""Many games of one variant stepped together, shaped like Gymnasium's vector API.

A learning agent that trains on batches wants N games at once, their observations and masks in
two arrays, and no Python object per decision of its own. `VectorEnv` keeps N `Game` objects and,
for each, the view and the legal actions by number of its seat to act (computed once per step,
as the AEC environment computes them), and writes observations and masks into arrays it owns.
Chance is resolved inside `VectorEnv.step` from each game's own seeded generator, in the same
order of draws as `pegline_core.rl.PeglineEnv`: the same seed and the same actions give the
same observations.
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

from pegline_core import Game, IllegalActionError, PeglineError, Variant
from pegline_core.arguments import seed_of
from pegline_core.errors import short_repr
from pegline_core.plugins import Plugins
from pegline_core.rl.environment import checked_ruleset, encoding_of, numbered, seat_rewards

__all__ = ["VectorEnv"]

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

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(self, variant: Variant | str = "two-player", num_envs: int = 1, *,
                 reward: str = "win", max_cycles: int | None = None, copy: bool = True,
                 extra_plugins: Plugins | None = None) -> None:
        if type(num_envs) is not int or num_envs < 1:
            raise PeglineError(f"num_envs must be a whole number above 0, not "
                               f"{short_repr(num_envs)}")
        self.ruleset = checked_ruleset(variant, reward, max_cycles, extra_plugins)
        variant = self.ruleset.variant
        self.encoding = encoding = encoding_of(self.ruleset)
        self.num_envs, self.reward, self.max_cycles, self.copy = num_envs, reward, max_cycles, copy
        self.players = players = variant.table.players
        self.side_of = tuple(variant.side_of(seat) for seat in range(players))
        size, count = encoding.observation_size, encoding.action_count
        self.single_observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (count,), np.int8)})
        self.single_action_space = spaces.Discrete(count)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._observations = np.zeros((num_envs, size), np.float32)
        self._masks = np.zeros((num_envs, count), np.int8)
        self._flat_masks = self._masks.reshape(-1)
        self._rows = list(self._observations)
        """Each game's row of the observations (a view, written by the encoding)."""
        self._rewards = np.zeros((num_envs, players), np.float64)
        self._terminated = np.zeros(num_envs, np.bool_)
        self._truncated = np.zeros(num_envs, np.bool_)
        self._seats = [0] * num_envs
        """Each game's seat to act (at the end: the seat that acted last)."""
        self.rngs = [random.Random() for _ in range(num_envs)]
        """Each game's generator of chance (seeded by `reset`, going on over its games)."""
        self.games = [Game(ruleset=self.ruleset) for _ in range(num_envs)]
        """The games being played, to read (they change only through `reset` and `step`)."""
        self._legal: list[dict[int, Any]] = [{} for _ in range(num_envs)]
        self._decisions = [[0] * players for _ in range(num_envs)]
        self._ended = [True] * num_envs
        """Whether each game has ended (terminated or truncated): its next step resets it."""
        self._started = False

    # -- Gymnasium's API -----------------------------------------------------------------------

    def reset(self, *, seed: int | Sequence[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        """New games in every env. ``seed``: None (each generator goes on), a whole number
        (env ``i`` is seeded with ``seed + i``, as Gymnasium seeds its vector environments) or
        one seed per env. ``options`` are accepted and unused."""
        seeds = self._seeds(seed)
        for env, number in enumerate(seeds):
            if number is not None:
                self.rngs[env] = random.Random(number)
        self._masks.fill(0)
        self._observations.fill(0)
        self._terminated.fill(False)
        self._truncated.fill(False)
        marked: list[int] = []
        for env in range(self.num_envs):
            self._new_game(env, marked)
        self._flat_masks[marked] = 1
        self._rewards.fill(0.0)
        self._started = True
        return self._observation(), {"seat": np.array(self._seats)}

    def step(self, actions: Any) -> tuple[Observation, np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        """Apply one action number per env (a sequence or an array of N whole numbers; an env
        whose game ended on the last step ignores its own and starts a new game).

        Raises `PeglineError` for actions of the wrong shape or kind, and `IllegalActionError`
        (a `ValueError`) naming the env for a number its seat to act may not take; nothing is
        applied then, in any env.
        """
        if not self._started:
            raise PeglineError("reset the VectorEnv before its first step")
        chosen = self._chosen(self._numbers(actions))
        rewards, terminated, truncated = self._rewards, self._terminated, self._truncated
        self._observations.fill(0)
        self._flat_masks.fill(0)
        rewards.fill(0.0)
        terminated.fill(False)
        truncated.fill(False)
        games, seats, reward, side_of = self.games, self._seats, self.reward, self.side_of
        marked: list[int] = []
        for env, action in enumerate(chosen):
            if action is None:
                self._new_game(env, marked)
                continue
            game = games[env]
            before = game.scores
            seat = seats[env]
            game.apply(action)
            self._decisions[env][seat] += 1
            self._settle(env, game, marked)
            if reward != "win" or terminated[env]:
                rewards[env] = seat_rewards(reward, game, before, side_of)
        self._flat_masks[marked] = 1
        return (self._observation(), rewards.copy() if self.copy else rewards,
                terminated.copy() if self.copy else terminated,
                truncated.copy() if self.copy else truncated, {"seat": np.array(seats)})

    def close(self, **kwargs: Any) -> None:
        """Nothing to release."""
        self.closed = True

    # -- one env -------------------------------------------------------------------------------

    def legal_actions(self, env: int) -> dict[int, Any]:
        """The legal actions of env ``env``'s seat to act, by number (the game's actions)."""
        return dict(self._legal[env])

    def _new_game(self, env: int, marked: list[int]) -> None:
        """Env ``env``'s next game, played up to its first decision (see `_settle`)."""
        game = self.games[env] = Game(ruleset=self.ruleset)
        self._decisions[env] = [0] * self.players
        self._settle(env, game, marked)
        if self._ended[env]:
            raise PeglineError(f"the {game.variant.name} game ended before its first decision")

    def _settle(self, env: int, game: Game, marked: list[int]) -> None:
        """Resolve chance in env ``env`` up to its next decision; write the observation of its
        seat to act (or, at the end, of the seat that acted last), keep its legal actions and
        add their places in the flat masks to ``marked``; or `PeglineError` for a game that
        stopped with nobody to act and is not over."""
        rng = self.rngs[env]
        to_act = game.to_act
        while to_act == "chance":
            game.apply(game.chance_action(rng))
            to_act = game.to_act
        self._ended[env] = ended = not to_act
        if ended:
            if not game.over:
                raise PeglineError(f"the game stopped with nobody to act in the {game.phase} "
                                   "phase")
            self._terminated[env] = True
            self._legal[env] = {}
            self.encoding.observe(game.view(self._seats[env]), self._rows[env])
            return
        seat: int = to_act[0]  # type: ignore[assignment]  # (a tuple of seats: not chance)
        self._seats[env] = seat
        view = game.view(seat)
        self.encoding.observe(view, self._rows[env])
        if self.max_cycles is not None and max(self._decisions[env]) >= self.max_cycles:
            self._truncated[env] = self._ended[env] = True
            self._legal[env] = {}
            return
        self._legal[env] = legal = numbered(game, self.encoding, seat, view)
        base = env * self.encoding.action_count
        marked.extend([base + number for number in legal])

    # -- checks and output ---------------------------------------------------------------------

    def _seeds(self, seed: object) -> list[int | None]:
        if seed is None:
            return [None] * self.num_envs
        if isinstance(seed, list | tuple | np.ndarray):
            if len(seed) != self.num_envs:
                raise PeglineError(f"reset takes one seed per env ({self.num_envs}), not "
                                   f"{len(seed)}")
            return [seed_of(number, optional=False) for number in seed]
        first = seed_of(seed, optional=False)  # type: ignore[arg-type]
        assert first is not None
        return [first + env for env in range(self.num_envs)]

    def _numbers(self, actions: Any) -> list[Any]:
        """The actions as a list of N Python ints, or `PeglineError` for the wrong shape or
        kind."""
        if isinstance(actions, np.ndarray):
            if actions.shape != (self.num_envs,) or actions.dtype.kind not in "iu":
                raise PeglineError(f"step takes {self.num_envs} action numbers (an integer "
                                   f"array of shape ({self.num_envs},)), not an array of "
                                   f"{actions.dtype} of shape {actions.shape}")
            return actions.tolist()  # type: ignore[no-any-return]
        if not isinstance(actions, list | tuple) or len(actions) != self.num_envs:
            raise PeglineError(f"step takes {self.num_envs} action numbers, one per env, not "
                               f"{short_repr(actions)}")
        return list(actions)

    def _chosen(self, numbers: list[Any]) -> list[Any]:
        """Each env's action (None for an env to reset), or `IllegalActionError` for the first
        number that is not legal in its env."""
        chosen: list[Any] = []
        for env, number in enumerate(numbers):
            if self._ended[env]:
                chosen.append(None)
                continue
            action = self._legal[env].get(int(number)) \
                if type(number) is int or isinstance(number, np.integer) else None
            if action is None:
                raise IllegalActionError(self._refusal(env, number))
            chosen.append(action)
        return chosen

    def _refusal(self, env: int, number: object) -> str:
        label = self.encoding.label
        legal = ", ".join(f"{n} ({label(n)})" for n in sorted(self._legal[env]))
        what = short_repr(number)
        if (type(number) is int or isinstance(number, np.integer)) \
                and 0 <= int(number) < self.encoding.action_count:
            what = f"{number} ({label(int(number))})"
        return (f"env {env}: seat {self._seats[env]} cannot take action {what} now; its "
                f"legal actions are: {legal}")

    def _observation(self) -> Observation:
        if self.copy:
            return {"observation": self._observations.copy(), "action_mask": self._masks.copy()}
        return {"observation": self._observations, "action_mask": self._masks}

