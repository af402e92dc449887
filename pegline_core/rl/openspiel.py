"""Any Pegline variant as an OpenSpiel Python game (``pip install -e '.[openspiel]'``).

`openspiel_game(variant)` registers the variant with ``pyspiel.register_game`` (once) and loads
it, so OpenSpiel's algorithms and tests run on it. Actions are the game's `Encoding` numbers, as
in the PettingZoo environment. Chance is sampled inside the state (OpenSpiel's
``SAMPLED_STOCHASTIC`` mode: a deal is one draw of many cards, not a chance node per card), from
a generator each new state draws from the game's (seeded by its ``seed`` parameter). A seat's
information state is its own record of the game: every event as the game's printer writes it
for that seat, hidden cards left out (the string), and the encoding of its view (the tensor);
its observation is the same record of this hand only.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from pegline_core import Game, PeglineError, Ruleset, Variant, load_variant
from pegline_core.rl.environment import encoding_of

__all__ = ["openspiel_game", "PeglineGame", "PeglineState"]

MAX_GAME_LENGTH = 100_000
"""OpenSpiel asks for a bound on the number of moves; no shipped variant comes near it."""


def openspiel_game(variant: Variant | str = "two-player", *, seed: int = 0) -> Any:
    """``variant`` registered as the OpenSpiel game ``pegline_<name>`` and loaded with ``seed``.

    >>> from pegline_core.rl import openspiel_game
    >>> game = openspiel_game("two-player-61")
    >>> game.get_type().short_name, game.num_players(), game.num_distinct_actions()
    ('pegline_two-player-61', 2, 1379)
    >>> state = game.new_initial_state()
    >>> state.current_player(), len(state.legal_actions())
    (0, 15)
    """
    if not isinstance(variant, Variant):
        variant = load_variant(variant)
    name = f"pegline_{variant.name}"
    if name not in pyspiel.registered_names():
        ruleset = Ruleset(variant)
        game_type, info = _describe(name, ruleset)
        # a class of its own per variant, as OpenSpiel's Python games register theirs
        pyspiel.register_game(game_type, type(f"PeglineGame[{variant.name}]", (PeglineGame,), {
            "game_type": game_type, "info": info, "ruleset": ruleset}))
    return pyspiel.load_game(name, {"seed": seed})


def _describe(name: str, ruleset: Ruleset) -> tuple[Any, Any]:
    variant = ruleset.variant
    players, sides = variant.table.players, len(variant.sides)
    encoding = encoding_of(ruleset)
    kind = pyspiel.GameType
    game_type = kind(
        short_name=name, long_name=f"Pegline {variant.name}: {variant.description}",
        dynamics=kind.Dynamics.SEQUENTIAL, chance_mode=kind.ChanceMode.SAMPLED_STOCHASTIC,
        information=kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.ZERO_SUM if sides == 2 and players == 2 else
        kind.Utility.GENERAL_SUM,
        reward_model=kind.RewardModel.TERMINAL, max_num_players=players,
        min_num_players=players, provides_information_state_string=True,
        provides_information_state_tensor=True, provides_observation_string=True,
        provides_observation_tensor=True, parameter_specification={"seed": 0})
    info = pyspiel.GameInfo(
        num_distinct_actions=encoding.action_count, max_chance_outcomes=0,
        num_players=players, min_utility=-1.0, max_utility=1.0,
        utility_sum=0.0 if sides == 2 and players == 2 else None,
        max_game_length=MAX_GAME_LENGTH)
    return game_type, info


class PeglineGame(pyspiel.Game):  # type: ignore[misc]
    """One variant as an OpenSpiel game (`openspiel_game` makes a subclass per variant, with its
    ``game_type``, ``info`` and ``ruleset``)."""

    game_type: Any
    info: Any
    ruleset: Ruleset

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = params or {}
        super().__init__(self.game_type, self.info, params)
        self.spec = _Spec(self.ruleset, int(params.get("seed", 0)))

    def new_initial_state(self) -> PeglineState:
        return PeglineState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        if params:
            raise PeglineError(f"a Pegline game's observer takes no parameters, not {params!r}")
        perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        return _Observer(self.spec, history=perfect_recall)


class _Spec:
    """What the states of one game share: the ruleset, its encoding, and the generator that
    seeds each new state's own (so a game's games differ, and repeat with its seed). OpenSpiel
    clones a state by deep copy; this is shared, never copied."""

    def __init__(self, ruleset: Ruleset, seed: int) -> None:
        self.ruleset, self.encoding = ruleset, encoding_of(ruleset)
        self.rng = random.Random(seed)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Spec:
        return self


class PeglineState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: a `Game`, and the generator its chance is drawn from."""

    def __init__(self, game: PeglineGame) -> None:
        super().__init__(game)
        self.spec = spec = game.spec
        self.game = Game(ruleset=spec.ruleset)
        self.rng = random.Random(spec.rng.getrandbits(64))
        self._legal: dict[int, Any] = {}
        self._resolve()

    def _resolve(self) -> None:
        game = self.game
        while game.to_act == "chance":
            game.apply(game.chance_action(self.rng))
        to_act = game.to_act
        self._legal = {}
        if isinstance(to_act, tuple) and to_act:
            seat = to_act[0]
            view = game.view(seat)
            number = self.spec.encoding.action_id
            self._legal = {number(view, action): action for action in game.legal_actions(seat)}

    def current_player(self) -> int:
        to_act = self.game.to_act
        if isinstance(to_act, tuple) and to_act:
            return to_act[0]
        return int(pyspiel.PlayerId.TERMINAL)

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._legal) if player == self.current_player() else []

    def _apply_action(self, action: int) -> None:
        chosen = self._legal.get(action)
        if chosen is None:
            raise PeglineError(f"action {action} ({self._action_to_string(0, action)}) is not "
                               "legal now")
        self.game.apply(chosen)
        self._resolve()

    def _action_to_string(self, player: int, action: int) -> str:
        return self.spec.encoding.label(action)

    def is_terminal(self) -> bool:
        return self.game.over

    def returns(self) -> list[float]:
        result = self.game.result
        players = self.game.players
        if result is None:
            return [0.0] * players
        return [1.0 if seat in result.winner.seats else -1.0 for seat in range(players)]

    def __str__(self) -> str:
        return repr(self.game)


class _Observer:
    """What a seat knows: its record of the game (``history``: the information state) or of
    this hand, as a string, and the encoding of its view as the tensor."""

    def __init__(self, spec: _Spec, *, history: bool) -> None:
        self.spec, self.history = spec, history
        self.tensor = np.zeros(spec.encoding.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: PeglineState, player: int) -> None:
        self.tensor.fill(0)
        self.spec.encoding.observe(state.game.view(player), self.tensor)

    def string_from(self, state: PeglineState, player: int) -> str:
        game, ruleset = state.game, self.spec.ruleset
        printer = ruleset.game.printer(ruleset.variant, reveal={player}, names=None)
        events = game.log if self.history else [e for e in game.log if e.hand == game.hand]
        return "\n".join(line for event in events for line in printer.lines(event))
