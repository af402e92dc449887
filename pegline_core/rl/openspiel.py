"""Any Pegline variant as an OpenSpiel Python game (``pip install -e '.[openspiel]'``).

`openspiel_game(variant)` registers the variant with ``pyspiel.register_game`` (once) and loads
it, so OpenSpiel's algorithms and tests run on it. Actions are the game's `Encoding` numbers, as
in the PettingZoo environment. Chance is OpenSpiel's to draw (``EXPLICIT_STOCHASTIC``): each
card dealt, cut or turned is a chance node of its own, whose outcomes are the cards it may be,
all as likely (the game's `pegline_core.chance.Chance`, its encoding's ``chance``), so a search
that samples chance imagines other cards in each simulation rather than the ones to come. A
seat's information state is its own record of the game: every event as the game's printer writes
it for that seat, hidden cards left out (the string), and the encoding of its view (the tensor);
its observation is the same record of this hand only. A state serializes (its variant and
inputs), and resamples itself as a seat may imagine it (``resample_from_infostate``: the cards
the seat has not seen dealt anew), for OpenSpiel's Python IS-MCTS.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from pegline_core import Game, IllegalActionError, PeglineError, Ruleset, Variant, load_variant
from pegline_core.app import hookspecs
from pegline_core.app.game_hooks import app_hooks
from pegline_core.chance import CARD_OUTCOMES, Chance
from pegline_core.errors import short_repr
from pegline_core.events import Action, AskCoach, Event, Input
from pegline_core.messages import Template
from pegline_core.record import rules_digest
from pegline_core.rl.environment import encoding_of
from pegline_core.rl.unseen import relabeled, seen_by_hand

__all__ = ["openspiel_game", "PeglineGame", "PeglineState"]

MAX_GAME_LENGTH = 100_000
"""OpenSpiel asks for a bound on the number of moves; no shipped variant comes near it."""
CHANCE, TERMINAL = int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)
RESAMPLE_TRIES = 1000
"""How many deals of one hand `PeglineState.resample_from_infostate` draws before it gives
up."""
_SPECS: dict[str, _Spec] = {}
"""What the states of each game registered in this process share, by the game's name."""
_NAMES: dict[Variant, str] = {}
"""The name each resolved variant is registered under in this process."""

_NO_CHANCE = Template("rl.no-chance", "the game {game} cannot be an OpenSpiel game: its encoding "
                      "has no chance (pegline_core.chance.Chance)")
_OBSERVER_PARAMS = Template("rl.observer-params", "a Pegline game's observer takes no parameters, "
                            "not {params}")
_NOT_REGISTERED = Template("rl.not-registered", "no Pegline game {name} is registered in this "
                           "process: call openspiel_game with its variant first")
_CHANCE_OUTCOME = Template("rl.chance-outcome", "chance outcome {action} ({label}) is not possible "
                           "now")
_NOT_LEGAL = Template("rl.not-legal", "action {action} ({label}) is not legal now")
_NO_DEAL = Template("rl.no-deal", "no deal of hand {hand} agreeing with what seat {seat} has seen "
                    "was found in {tries} draws")


def openspiel_game(variant: Variant | str = "two-player") -> Any:
    """``variant`` registered as an OpenSpiel game and loaded.

    The game is ``pegline_<name>`` when the variant is the one its name loads (every shipped
    variant); any other variant of that name (a house file, one edited since) is
    ``pegline_<name>-<the start of its rules digest>``, so that each distinct set of rules is a
    game of its own (OpenSpiel cannot take a registered game back).

    >>> from pegline_core.rl import openspiel_game
    >>> game = openspiel_game("two-player-61")
    >>> game.get_type().short_name, game.num_players(), game.num_distinct_actions()
    ('pegline_two-player-61', 2, 1379)
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes())    # the first card dealt
    (True, 52)
    """
    if not isinstance(variant, Variant):
        variant = load_variant(variant)
    name = _NAMES.get(variant)
    if name is None:
        name = _NAMES[variant] = _register(Ruleset(variant))
    return pyspiel.load_game(name)


def _register(ruleset: Ruleset) -> str:
    """Register the ruleset's game, unless a game of the same rules is; return its name."""
    variant = ruleset.variant
    try:
        named = load_variant(variant.name) == variant
    except PeglineError:
        named = False
    digest = rules_digest(ruleset).removeprefix("sha256:")
    name = f"pegline_{variant.name}" if named else f"pegline_{variant.name}-{digest[:12]}"
    if name not in pyspiel.registered_names():
        spec = _SPECS[name] = _Spec(name, ruleset)
        game_type, info = _describe(spec)
        # a class of its own per variant, as OpenSpiel's Python games register theirs
        pyspiel.register_game(game_type, type(f"PeglineGame[{name}]", (PeglineGame,), {
            "game_type": game_type, "info": info, "spec": spec}))
    return name


def _describe(spec: _Spec) -> tuple[Any, Any]:
    variant = spec.ruleset.variant
    players, sides = variant.table.players, len(variant.sides)
    kind = pyspiel.GameType
    game_type = kind(
        short_name=spec.name, long_name=f"Pegline {variant.name}: {variant.description}",
        dynamics=kind.Dynamics.SEQUENTIAL, chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC,
        information=kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.ZERO_SUM if sides == 2 and players == 2 else
        kind.Utility.GENERAL_SUM,
        reward_model=kind.RewardModel.TERMINAL, max_num_players=players,
        min_num_players=players, provides_information_state_string=True,
        provides_information_state_tensor=True, provides_observation_string=True,
        provides_observation_tensor=True, parameter_specification={})
    info = pyspiel.GameInfo(
        num_distinct_actions=spec.encoding.action_count,
        max_chance_outcomes=spec.chance.outcome_count,
        num_players=players, min_utility=-1.0, max_utility=1.0,
        utility_sum=0.0 if sides == 2 and players == 2 else None,
        max_game_length=MAX_GAME_LENGTH)
    return game_type, info


def _chance_of(encoding: Any, game: str) -> Chance:
    """The game's chance one outcome at a time (its encoding's), or an error naming a game that
    gives none."""
    chance = getattr(encoding, "chance", None)
    if not isinstance(chance, Chance):
        raise PeglineError(_NO_CHANCE(game=repr(game)))
    return chance


class PeglineGame(pyspiel.Game):  # type: ignore[misc]
    """One variant as an OpenSpiel game (`openspiel_game` makes a subclass per variant, with its
    ``game_type``, ``info`` and ``spec``)."""

    game_type: Any
    info: Any
    spec: _Spec

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(self.game_type, self.info, params or {})

    def new_initial_state(self) -> PeglineState:
        return PeglineState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        if params:
            raise PeglineError(_OBSERVER_PARAMS(params=short_repr(params)))
        perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        return _Observer(self.spec, history=perfect_recall)


class _Spec:
    """What the states of one game share: its name, the ruleset, its encoding and its chance.
    OpenSpiel clones a state by deep copy and serializes it by pickling: this is shared, never
    copied, and pickled as the game's name."""

    def __init__(self, name: str, ruleset: Ruleset) -> None:
        self.name, self.ruleset, self.encoding = name, ruleset, encoding_of(ruleset)
        self.chance = _chance_of(self.encoding, ruleset.variant.game)

    def __deepcopy__(self, memo: dict[int, object]) -> _Spec:
        return self

    def __reduce__(self) -> tuple[Callable[[str], _Spec], tuple[str]]:
        return _registered, (self.name,)


def _registered(name: str) -> _Spec:
    """The spec of the game registered as ``name`` in this process (a state read back)."""
    spec = _SPECS.get(name)
    if spec is None:
        raise PeglineError(_NOT_REGISTERED(name=repr(name)))
    return spec


class _Moves(dict[int, Action]):
    """The legal moves of one position by number: never changed once made, so a state's copies
    share it."""

    def __deepcopy__(self, memo: dict[int, object]) -> _Moves:
        return self


class PeglineState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: a `Game`, and the outcomes drawn so far of the chance action due.
    OpenSpiel serializes it as its history and its attributes pickled: the game's name, the
    `Game` (its variant and inputs, replayed when read back) and the outcomes drawn."""

    def __init__(self, game: PeglineGame) -> None:
        super().__init__(game)
        self.spec = game.spec
        self.game = Game(ruleset=self.spec.ruleset)
        self.drawn: list[int] = []
        self._moves: _Moves | None = None

    def current_player(self) -> int:
        to_act = self.game.to_act
        if isinstance(to_act, str):
            return CHANCE
        if to_act:
            return to_act[0]
        return TERMINAL

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self.spec.chance.outcomes(self.game, self.drawn)
        return [(outcome, 1.0 / len(outcomes)) for outcome in outcomes]

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._legal()) if player == self.current_player() else []

    def _legal(self) -> _Moves:
        """The legal moves of the seat to act, by number (made once per position)."""
        if self._moves is None:
            game = self.game
            seat = self.current_player()
            view = game.view(seat)
            number = self.spec.encoding.action_id
            self._moves = _Moves({number(view, action): action
                                  for action in game.legal_actions(seat)})
        return self._moves

    def _apply_action(self, action: int) -> None:
        game = self.game
        if isinstance(game.to_act, str):
            chance = self.spec.chance
            if action not in chance.outcomes(game, self.drawn):
                raise PeglineError(_CHANCE_OUTCOME(action=action, label=chance.label(action)))
            self.drawn.append(action)
            if chance.outcomes(game, self.drawn):
                return
            drawn, self.drawn = self.drawn, []
            game.apply(chance.action(game, drawn))
        else:
            chosen = self._legal().get(action)
            if chosen is None:
                raise PeglineError(_NOT_LEGAL(action=action,
                                              label=self._action_to_string(0, action)))
            game.apply(chosen)
        self._moves = None

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]
                                ) -> PeglineState:
        """This state as seat ``player_id`` may imagine it: every card it has not seen dealt
        anew at random, uniformly among the deals that agree with all it has seen, so that its
        information state is the same (``probability_sampler()`` draws numbers from 0 to 1, as
        OpenSpiel's IS-MCTS gives it).

        Each hand is dealt again on its own (a new deal shuffles the whole pack). A deal that
        the hand's moves contradict (a go said with a card that could be played, a suit not
        followed while held), or whose events differ in more than the cards changed, is drawn
        again."""
        rng = random.Random(probability_sampler())
        seen = seen_by_hand(self.game, player_id)
        hands: dict[int, list[Event]] = {}
        for event in self.game.log:
            hands.setdefault(event.hand, []).append(event)
        twin = PeglineState(self.get_game())
        seen_now = self.information_state_tensor(player_id)
        for hand, events in hands.items():
            inputs = [event for event in events
                      if isinstance(event, Input) and not isinstance(event.action, AskCoach)]
            start = len(twin.game.log)
            for _ in range(RESAMPLE_TRIES):
                attempt = twin.clone()
                became = attempt._deal_again(inputs, seen[hand], rng)
                if became is None:
                    continue
                back = {card: was for was, card in became.items()}
                if [relabeled(event, back) for event in attempt.game.log[start:]] == events \
                        and (hand < self.game.hand
                             or attempt.information_state_tensor(player_id) == seen_now):
                    break
            else:
                raise PeglineError(_NO_DEAL(hand=hand, seat=player_id, tries=RESAMPLE_TRIES))
            twin = attempt
        for _ in self.drawn:
            twin.apply_action(rng.choice(twin.spec.chance.outcomes(twin.game, twin.drawn)))
        return twin

    def _deal_again(self, inputs: list[Input], seen: set[int],
                    rng: random.Random) -> dict[int, int] | None:
        """Take the moves of ``inputs`` (one hand's) again, every card of their chance not in
        ``seen`` drawn anew and the moves' cards changed with them; return the card each changed
        card became, or None as soon as a move no longer fits (the other cards took the game
        another way)."""
        chance, encoding = self.spec.chance, self.spec.encoding
        became: dict[int, int] = {}
        for event in inputs:
            if self.current_player() != (CHANCE if event.actor is None else event.actor):
                return None
            if event.actor is None:
                for was in chance.drawn(self.game, event.action):
                    if was < CARD_OUTCOMES and was not in seen:
                        pool = chance.outcomes(self.game, self.drawn)
                        became[was] = rng.choice([card for card in pool if card not in seen])
                    self.apply_action(became.get(was, was))
                continue
            action = relabeled(event.action, became)
            number = encoding.action_id(self.game.view(event.actor), action)
            self._moves = _Moves({number: action})  # Game.apply refuses it if it is not legal
            try:
                self.apply_action(number)
            except IllegalActionError:
                return None
        return became

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return self.spec.chance.label(action)
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
        printer = app_hooks(ruleset.variant.game, ruleset.game).call(hookspecs.pegline_printer)(
            variant=ruleset.variant, reveal={player}, names=None)
        events = game.log if self.history else [e for e in game.log if e.hand == game.hand]
        return "\n".join(line for event in events for line in printer.lines(event))
