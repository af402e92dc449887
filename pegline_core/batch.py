"""Many games of one ruleset stepped by action number, in compiled code: the loop under
`pegline_core.rl.VectorEnv`, which writes what a step gathers into its numpy arrays.

Each game is a `Game` made with ``undo=False``, stepped through its machine by the encoding's
`pegline_core.encoding.Numbered` members: no action, view or dense row is made per decision. A
step is taken whole or not at all, as `Game.apply` takes one (the machine put back if a plugin
fails half way), and every number is checked against its game's legal numbers before any game
moves. Chance is drawn from each game's own generator in the order `Game` draws it (through the
machine's lane for chance, ``play_bots``, where it has one).
"""

from __future__ import annotations

import random
from typing import Any, Final

from pegline_core.encoding import Encoding, Numbered
from pegline_core.errors import IllegalActionError, PeglineError, short_repr
from pegline_core.game import Game
from pegline_core.index_player import IndexPlayer
from pegline_core.nonzeros import Nonzeros
from pegline_core.ruleset import Ruleset
from pegline_core.steps import step
from pegline_core.view_numbers import numbered_of

__all__ = ["Batch", "Chance", "REWARDS", "seat_rewards", "take_number"]

REWARDS: Final = ("win", "points", "spread")
"""``win``: +1 to each winning seat and -1 to every other at the end; ``points``: each seat
gets its side's points as they are scored; ``spread``: its side's points less the leading other
side's, as they change (over a game, the final margin)."""
PLAYING: Final = 0
TERMINATED: Final = 1
TRUNCATED: Final = 2


class Batch:
    """``count`` games of ``ruleset``, each decision from the point of view of its seat to act.

    `reset` and `step` gather their output, env by env in order: ``observed`` (each
    observation's entries, places within its row) and ``marked`` (the numbers of the legal
    actions), where each env's end in their lists ``ones_ends``, ``places_ends`` and
    ``marked_ends``; ``rewarded`` / ``rewards`` (flat places in rows of ``players``), and the
    envs that ``terminated`` or were ``truncated`` (``max_cycles``, 0 for none) in the step.
    """

    def __init__(self, ruleset: Ruleset, encoding: Encoding, count: int, reward: str,
                 max_cycles: int) -> None:
        variant = ruleset.variant
        self.ruleset = ruleset
        self.encoding = encoding
        self.numbered: Numbered = numbered_of(encoding)
        self.count = count
        self.players: int = variant.table.players
        self.side_of = tuple([variant.side_of(seat) for seat in range(self.players)])
        self.reward = reward
        self.max_cycles = max_cycles
        self.size: int = encoding.observation_size
        self.width: int = encoding.action_count
        self.games: list[Game] = [Game(ruleset=ruleset, undo=False) for _ in range(count)]
        """The games being played (a list kept in place: a game that ends is replaced)."""
        self.machines: list[Any] = [game.machine for game in self.games]
        self.rngs = [random.Random() for _ in range(count)]
        """Each game's generator of chance (seeded by `reset`, going on over its games)."""
        self.seats = [0] * count
        """Each game's seat to act (at the end: the seat that acted last)."""
        self.legal: list[list[int]] = [[] for _ in range(count)]
        self.decisions = [[0] * self.players for _ in range(count)]
        self.ended = [True] * count
        """Whether each game has ended (terminated or truncated): its next step resets it."""
        self.observed = Nonzeros()
        self.marked: list[int] = []
        self.ones_ends: list[int] = []
        self.places_ends: list[int] = []
        self.marked_ends: list[int] = []
        self.rewarded: list[int] = []
        self.rewards: list[float] = []
        self.terminated: list[int] = []
        self.truncated: list[int] = []
        self._chance = Chance(self.machines[0], self.players)

    def reset(self, seeds: list[int | None]) -> None:
        """New games in every env, env ``i``'s generator seeded with ``seeds[i]`` (None: it
        goes on)."""
        for env in range(self.count):
            seed = seeds[env]
            if seed is not None:
                self.rngs[env] = random.Random(seed)
        self._clear()
        for env in range(self.count):
            self._new_game(env)

    def step(self, numbers: list[Any]) -> None:
        """Apply one action number per env (ignored for an env whose game has ended: it starts
        a new game). `IllegalActionError` naming the env for a number that is not legal in
        it, before any game moves."""
        legal, ended = self.legal, self.ended
        for env in range(self.count):
            number = numbers[env]
            if not ended[env] and (type(number) is not int or number not in legal[env]):
                raise IllegalActionError(self.refusal(env, number))
        self._clear()
        machines, seats, decisions = self.machines, self.seats, self.decisions
        by_win = self.reward == "win"  # rewarded at the end only: the scores need not be read
        for env in range(self.count):
            if ended[env]:
                self._new_game(env)
                continue
            machine = machines[env]
            seat = seats[env]
            before: tuple[int, ...] = () if by_win else machine.scores
            self._apply(env, machine, seat, numbers[env])
            decisions[env][seat] += 1
            state = self._settle(env)
            if state == TERMINATED or (not by_win and machine.scores != before):
                self._reward(env, before)

    def refusal(self, env: int, number: object) -> str:
        label = self.encoding.label
        legal = ", ".join([f"{n} ({label(n)})" for n in sorted(self.legal[env])])
        what = short_repr(number)
        if type(number) is int and 0 <= number < self.width:
            what = f"{number} ({label(number)})"
        return (f"env {env}: seat {self.seats[env]} cannot take action {what} now; its legal "
                f"actions are: {legal}")

    # -- one env -------------------------------------------------------------------------------

    def _clear(self) -> None:
        self.observed.clear()
        self.marked.clear()
        self.ones_ends.clear()
        self.places_ends.clear()
        self.marked_ends.clear()
        self.rewarded.clear()
        self.rewards.clear()
        self.terminated.clear()
        self.truncated.clear()

    def _new_game(self, env: int) -> None:
        """Env ``env``'s next game, played up to its first decision (see `_settle`)."""
        game = self.games[env] = Game(ruleset=self.ruleset, undo=False)
        self.machines[env] = game.machine
        self.decisions[env] = [0] * self.players
        if self._settle(env) != PLAYING:
            raise PeglineError(f"the {game.variant.name} game ended before its first decision")

    def _apply(self, env: int, machine: Any, seat: int, number: int) -> None:
        """``seat`` takes action ``number``, whole or not at all."""
        try:
            take_number(self.numbered, machine, seat, number)
        except IllegalActionError as error:
            raise IllegalActionError(f"env {env}: {error}") from error

    def _settle(self, env: int) -> int:
        """Resolve chance in env ``env`` up to its next decision; gather the observation of its
        seat to act (or, at the end, of the seat that acted last) and its legal numbers; say
        whether the game goes on, terminated or was truncated. `PeglineError` for a game that
        stopped with nobody to act and is not over."""
        machine = self.machines[env]
        to_act: Any = machine.to_act()
        if isinstance(to_act, str):  # "chance"
            to_act = self._chance.resolve(machine, self.rngs[env])
        state = PLAYING
        if to_act:
            seat: int = to_act[0]
            self.seats[env] = seat
            if self.max_cycles and max(self.decisions[env]) >= self.max_cycles:
                state = TRUNCATED
                self.truncated.append(env)
        else:
            if not self.games[env].over:
                raise PeglineError(f"the game stopped with nobody to act in the "
                                   f"{machine.phase} phase")
            state = TERMINATED
            self.terminated.append(env)
            seat = self.seats[env]
        observed = self.observed
        self.numbered.observe_sparse(machine, seat, observed)
        self.ones_ends.append(len(observed.ones))
        self.places_ends.append(len(observed.places))
        self.ended[env] = state != PLAYING
        if state == PLAYING:
            self.legal[env] = numbers = self.numbered.legal_numbers(machine, seat)
            self.marked.extend(numbers)
        else:
            self.legal[env] = []
        self.marked_ends.append(len(self.marked))
        return state

    def _reward(self, env: int, before: tuple[int, ...]) -> None:
        values = seat_rewards(self.reward, self.games[env], before, self.side_of)
        base = env * self.players
        for seat in range(len(values)):
            if values[seat]:
                self.rewarded.append(base + seat)
                self.rewards.append(values[seat])


def take_number(numbered: Numbered, machine: Any, seat: int, number: int) -> None:
    """``seat`` takes action ``number`` in ``machine``, whole or not at all: put back as it was
    (its log too) if anything fails on the way, as `Game.apply` takes a step."""
    log: list[Any] = machine.log
    start = len(log)
    snapshot = machine.snapshot()
    try:
        numbered.apply_number(machine, seat, number)
    except BaseException:
        machine.restore(snapshot)
        del log[start:]
        raise


class Chance:
    """The steps due to chance in the machines of one game (``players`` seats), drawn from a
    generator in the order `Game` draws them: through the machine's lane for chance where it has
    one (``play_bots`` with no bot), else by `chance_action`, a step at a time."""

    def __init__(self, machine: Any, players: int) -> None:
        self._lane = True  # until the machine says it has none
        self._no_bots: list[IndexPlayer | None] = [None] * players
        self._noted: list[tuple[object, int]] = []

    def resolve(self, machine: Any, rng: random.Random) -> Any:
        """Take the steps due to chance now; the machine's ``to_act`` after them."""
        while True:
            if self._lane:
                self._lane = machine.play_bots(rng, self._no_bots, self._noted)
                self._noted.clear()
            to_act = machine.to_act()
            if not isinstance(to_act, str):  # not "chance"
                return to_act
            step(machine, machine.log, None, machine.chance_action(rng))


def seat_rewards(reward: str, game: Game, before: tuple[int, ...],
                 side_of: tuple[int, ...]) -> list[float]:
    """Each seat's reward (one of `REWARDS`) for the step that took the sides' scores from
    ``before`` to the game's."""
    if reward == "win":
        result = game.result
        if result is None:
            return [0.0] * len(side_of)
        winners = result.winner.seats
        return [1.0 if seat in winners else -1.0 for seat in range(len(side_of))]
    after = game.scores
    if reward == "points":
        return [float(after[side] - before[side]) for side in side_of]
    return [float(_lead(after, side) - _lead(before, side)) for side in side_of]


def _lead(scores: tuple[int, ...], side: int) -> int:
    """A side's score less the best other side's."""
    return scores[side] - max(score for other, score in enumerate(scores) if other != side)
