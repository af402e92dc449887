"""Any Pegline variant as a PettingZoo AEC environment.

The adapter knows no game. The game's `Encoding` (its ``pegline_encoding`` hook) turns what a
seat sees into numbers and each legal action into its number; the adapter steps its `Game`
(made with ``undo=False``) by number through the encoding's `pegline_core.encoding.Numbered`
members, as `pegline_core.rl.VectorEnv` does (no view or action made per decision), resolves
chance with its own seeded generator, and offers one seat at a time: where several seats act at
once (cribbage's discards), the lowest seat goes first and sees nothing of the others' choices,
as at the table.
"""

from __future__ import annotations

import io
import operator
import random
from typing import Any, ClassVar, SupportsIndex

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper
from rich.console import Console

from pegline_core import (
    Action,
    Game,
    IllegalActionError,
    PeglineError,
    Ruleset,
    Variant,
    game_hookspecs,
    load_variant,
)
from pegline_core.arguments import seed_of
from pegline_core.batch import REWARDS, Chance, seat_rewards, take_number
from pegline_core.encoding import Encoding, Screen
from pegline_core.errors import short_repr
from pegline_core.game_hooks import GameHooks
from pegline_core.messages import Template
from pegline_core.nonzeros import Nonzeros
from pegline_core.plugins import Plugins
from pegline_core.view_numbers import actions_by_number, numbered_of

__all__ = ["PeglineEnv", "env", "REWARDS", "reset_first"]

_RESET_FIRST = Template("rl.reset-first", "call reset() before {call}: there is no game yet")
_RENDER_MODE = Template("rl.render-mode", "render_mode must be 'ansi' or None, not {value}")
_ILLEGAL = Template("rl.illegal-action", "{agent} cannot take action {action} now; its legal "
                    "actions are: {legal}")
_STOPPED = Template("rl.stopped", "the game stopped with nobody to act in the {phase} phase")
_REWARD = Template("rl.reward", "reward must be one of {rewards}, not {value}")
_MAX_CYCLES = Template("rl.max-cycles", "max_cycles must be a whole number above 0, not {value}")
_UNKNOWN_AGENT = Template("rl.unknown-agent", "no agent {agent} at this table; its agents are "
                          "{agents}")


Last = tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, object]]
"""What PettingZoo's ``last`` gives: the observation, reward, termination, truncation, info."""


def reset_first(call: str) -> PeglineError:
    """The refusal of ``call`` (``step``, ``observe``, ...) on an environment never reset: it
    says reset() comes first."""
    return PeglineError(_RESET_FIRST(call=f"{call}()"))


def env(variant: Variant | str = "two-player", **options: Any) -> OrderEnforcingWrapper[
        str, dict[str, np.ndarray], int]:
    """A PettingZoo environment of ``variant`` (a name or a house file), wrapped as PettingZoo's
    own environments are (a call before `reset` is PettingZoo's refusal; the bare `PeglineEnv`
    refuses it as a `PeglineError`). ``options`` are `PeglineEnv`'s.

    >>> from pegline_core.rl import env
    >>> table = env("two-player-61", reward="spread")
    >>> table.reset(seed=1)
    >>> table.agent_selection, table.num_agents
    ('player_0', 2)
    >>> observation, reward, terminated, truncated, info = table.last()
    >>> observation["observation"].shape, int(observation["action_mask"].sum())   # 15 discards
    ((532,), 15)
    """
    return OrderEnforcingWrapper(PeglineEnv(variant, **options))


class PeglineEnv(AECEnv[str, dict[str, np.ndarray], int]):
    """A game of one variant for agents ``player_0`` .. ``player_{n-1}`` (seat order).

    ``reward`` is one of `REWARDS`; ``max_cycles`` truncates a game once any seat has made that
    many decisions; ``render_mode="ansi"`` makes `render` return the terminal's table, as the
    seat to act sees it; ``extra_plugins`` are `load_variant`'s (for a game not installed).
    ``game`` is the `Game` being played, to read (it changes only through `step`; it keeps no
    history to undo).
    """

    metadata: ClassVar[dict[str, object]] = {"render_modes": ["ansi"], "name": "pegline_v0",
                                          "is_parallelizable": False}

    def __init__(self, variant: Variant | str = "two-player", *, reward: str = "win",
                 max_cycles: int | None = None, render_mode: str | None = None,
                 extra_plugins: Plugins | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise PeglineError(_RENDER_MODE(value=short_repr(render_mode)))
        self.ruleset = checked_ruleset(variant, reward, max_cycles, extra_plugins)
        variant = self.ruleset.variant
        self.encoding = encoding_of(self.ruleset)
        self.reward, self.max_cycles, self.render_mode = reward, max_cycles, render_mode
        players = variant.table.players
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.side_of = tuple(variant.side_of(seat) for seat in range(players))
        size, count = self.encoding.observation_size, self.encoding.action_count
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (count,), np.int8)}) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(count) for agent in self.possible_agents}
        self.rng = random.Random()
        self.game = Game(ruleset=self.ruleset, undo=False)
        self._numbered = numbered_of(self.encoding)
        self._chance = Chance(self.game.machine, players)
        self._gathered = Nonzeros()
        self._legal: list[int] = []
        """The numbers of the legal actions of the seat to act."""
        self._screen: Screen | None = None
        self._dealt = False
        """Whether `reset` has dealt a game (before it, there is no seat to act)."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        try:
            return self.observation_spaces[agent]
        except (KeyError, TypeError):  # (a list is no key at all)
            raise self._unknown(agent) from None

    def action_space(self, agent: str) -> spaces.Space[Any]:
        try:
            return self.action_spaces[agent]
        except (KeyError, TypeError):
            raise self._unknown(agent) from None

    def _unknown(self, agent: object) -> PeglineError:
        """The refusal of an agent not at this table, naming those that are (a bare KeyError
        said neither what was wrong nor what the agents are)."""
        return PeglineError(_UNKNOWN_AGENT(agent=short_repr(agent),
                                           agents=", ".join(self.possible_agents)))

    # -- the game ------------------------------------------------------------------------------

    def reset(self, seed: SupportsIndex | None = None, options: dict[str, object] | None = None
              ) -> None:
        """A new game; ``seed`` reseeds the generator that deals (each later game goes on from
        it). ``options`` are accepted and unused."""
        number = seed_of(seed)
        if number is not None:
            self.rng = random.Random(number)
        self.game = Game(ruleset=self.ruleset, undo=False)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, object]] = {agent: {} for agent in self.agents}
        self.decisions = [0] * len(self.possible_agents)
        self._screen = self.encoding.screen() if self.render_mode else None
        self._dealt = True
        self._advance(self.game.scores)

    def step(self, action: int | None) -> None:
        """Apply the numbered action of the seat to act (None for a seat already done).

        Raises `IllegalActionError` (a `ValueError`) for a number that is not legal now; the
        game is then unchanged; `PeglineError` before `reset`.
        """
        if not self._dealt:  # before reset: say so (inline: every decision passes here)
            raise reset_first("step")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        number = _number(action)
        if number is None or number not in self._legal:
            raise IllegalActionError(self._refusal(agent, action))
        self._cumulative_rewards[agent] = 0.0
        game, seat = self.game, self.seat_of[agent]
        before, start = game.scores, len(game.machine.log)
        take_number(self._numbered, game.machine, seat, number)
        self._record(start)
        self.decisions[seat] += 1
        self._advance(before)

    def _refusal(self, agent: str, action: object) -> str:
        legal = ", ".join(f"{number} ({self.encoding.label(number)})"
                          for number in sorted(self._legal))
        what, number = repr(action), _number(action)
        if number is not None and 0 <= number < self.encoding.action_count:
            what = f"{number} ({self.encoding.label(number)})"
        return _ILLEGAL(agent=agent, action=what, legal=legal)

    def _advance(self, before: tuple[int, ...]) -> None:
        """Resolve chance up to the next decision, then give out rewards and the next turn."""
        game = self.game
        start = len(game.machine.log)
        to_act = self._chance.resolve(game.machine, self.rng)
        self._record(start)
        if not to_act:
            if not game.over:
                raise PeglineError(_STOPPED(phase=game.phase))
            self.terminations = dict.fromkeys(self.agents, True)
            self._legal = []
        else:
            seat = to_act[0]
            self.agent_selection = self.possible_agents[seat]
            self._legal = self._numbered.legal_numbers(game.machine, seat)
            if self.max_cycles is not None and max(self.decisions) >= self.max_cycles:
                self.truncations = dict.fromkeys(self.agents, True)
                self._legal = []
        if self.reward == "win" and to_act:  # nothing until the end
            self.rewards = dict.fromkeys(self.agents, 0.0)
        else:
            self.rewards = self._rewards(before)
        self._accumulate_rewards()

    def _rewards(self, before: tuple[int, ...]) -> dict[str, float]:
        return dict(zip(self.possible_agents,
                        seat_rewards(self.reward, self.game, before, self.side_of), strict=True))

    def _record(self, start: int) -> None:
        """Show the screen the events from ``start`` in the log (the step's)."""
        if self._screen is not None:
            for event in self.game.log[start:]:
                self._screen.observe(event)

    # -- what a seat sees ----------------------------------------------------------------------

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation, built from its view only, and its action mask (all zeros
        unless it is to act)."""
        if not self._dealt:  # before reset: say so (inline: every decision passes here)
            raise reset_first("observe")
        try:  # (inline: every decision passes here)
            seat = self.seat_of[agent]
        except (KeyError, TypeError):
            raise self._unknown(agent) from None
        # ``put`` with a list: less than half the time of indexing with one, at every decision
        mask = np.zeros(self.encoding.action_count, np.int8)
        if agent == self.agent_selection and self._legal:
            mask.put(self._legal, 1)
        observation = np.zeros(self.encoding.observation_size, np.float32)
        gathered = self._gathered
        gathered.clear()
        self._numbered.observe_sparse(self.game.machine, seat, gathered)
        observation.put(gathered.ones, 1.0)
        if gathered.places:
            observation.put(gathered.places, gathered.values)
        return {"observation": observation, "action_mask": mask}

    def last(self, observe: bool = True) -> Last:
        """The observation, reward, ends and info of the agent to act (PettingZoo's)."""
        if not self._dealt:  # before reset: say so (inline: every decision passes here)
            raise reset_first("last")
        last: Last = super().last(observe)
        return last

    def legal_actions(self) -> dict[int, Action]:
        """The seat to act's legal actions by number (the game's action values)."""
        if not self._legal:
            return {}
        seat = self.seat_of[self.agent_selection]
        return actions_by_number(self.encoding, self.game.machine, seat)

    def render(self) -> str | None:
        """The terminal's table as the seat to act sees it (``render_mode="ansi"``)."""
        if not self._dealt:
            raise reset_first("render")
        if self._screen is None:
            return None
        seat = self.seat_of[self.agent_selection]
        out = io.StringIO()
        Console(file=out, width=80, color_system=None).print(
            self._screen.render(self.game.view(seat)))
        return out.getvalue()

    def close(self) -> None:
        """Nothing to release."""


def _number(action: object) -> int | None:
    """The action as a whole number, if it is one: an int, a numpy integer or a 0-d integer
    array (anything ``operator.index`` takes), but not a bool."""
    if isinstance(action, bool | np.bool_):
        return None
    try:
        return operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        return None


def checked_ruleset(variant: Variant | str, reward: str, max_cycles: int | None,
                    extra_plugins: Plugins | None) -> Ruleset:
    """The ruleset of an environment's games, once the options every environment takes are
    checked (`PeglineError` naming a wrong one)."""
    if reward not in REWARDS:
        raise PeglineError(_REWARD(rewards=", ".join(REWARDS), value=short_repr(reward)))
    if max_cycles is not None and (type(max_cycles) is not int or max_cycles < 1):
        raise PeglineError(_MAX_CYCLES(value=short_repr(max_cycles)))
    if not isinstance(variant, Variant):
        variant = load_variant(variant, extra_plugins=extra_plugins)
    return Ruleset(variant, extra_plugins)


def encoding_of(ruleset: Ruleset) -> Encoding:
    """The variant's game's encoding, or an error naming a game that offers none."""
    hooks = GameHooks.of(ruleset.variant.game, ruleset.game)
    return hooks.call(game_hookspecs.pegline_encoding)(ruleset=ruleset)
