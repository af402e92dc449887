"""`Game`'s state and what a loop reads or calls at every decision (`to_act`,
`legal_actions`, `chance_action`, `apply`, `step`, the machine and its phase, hand and scores),
compiled with the machines they call: a program that drives a game itself pays for its own
loop, not for an interpreted layer around each step.

`Game` extends `GameSteps`; nothing else should. The public arguments are checked here as
`Game` checks them (a wrong one is the kernel's `ValueError`, not the compiler's `TypeError`).
"""

from __future__ import annotations

import random
from typing import Any, cast, overload

from mypy_extensions import mypyc_attr

from pegline_core.action_types import INTERNED, wrong_field
from pegline_core.arguments import refuse
from pegline_core.definition import Machine
from pegline_core.errors import IllegalActionError
from pegline_core.event_log import StepEvents
from pegline_core.events import Action, AskCoach
from pegline_core.phases import Phase
from pegline_core.refusals import NO_SEAT
from pegline_core.review import Reviewed, asked
from pegline_core.steps import step
from pegline_core.turns import ToAct

__all__ = ["GameSteps"]


@mypyc_attr(allow_interpreted_subclasses=True)  # `Game`
class GameSteps:
    """The part of a `Game` that every step goes through."""

    players: int
    """How many seats the game has."""
    _machine: Machine
    _log: list[Any]
    """The events, some perhaps still rows (`pegline_core.event_rows`): read through `built`."""
    _undo: list[tuple[object, int]]
    _history: list[tuple[object, int]] | None
    """Where each step is noted for `undo` (`_undo`), or None: the game keeps no history."""
    _drawn: object
    """The chance action `chance_action` drew last: the machine made it, its fields are
    right (`apply` checks it no more than an interned one)."""

    @property
    def machine(self) -> Machine:
        """The game's state machine, for reading its state (never change it directly)."""
        return self._machine

    @property
    def phase(self) -> Phase:
        """The phase the game is in: a member of the game's `Phase` enum, equal to its string."""
        return self._machine.phase

    @property
    def hand(self) -> int:
        """The number of the hand being played (0 before the first deal)."""
        return self._machine.hand

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score (a team's, or a seat's when there are no teams)."""
        return self._machine.scores

    @property
    def to_act(self) -> ToAct:
        """Who acts next: `CHANCE`, the `Seats` that may act now, or `OVER` when the game is
        over (`pegline_core.turns`)."""
        return self._machine.to_act()

    @overload
    def legal_actions(self) -> list[Action]: ...
    @overload
    def legal_actions(self, seat: int | None) -> list[Action]: ...

    def legal_actions(self, seat: object = None) -> list[Action]:
        """Every legal action of ``seat`` (or of every seat to act); chance phases have none."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.players):
            self._check_seat(seat)  # which says what is wrong (here, off the hot path)
        return self._machine.legal_actions(cast("int | None", seat))

    def chance_action(self, rng: random.Random) -> Action:
        """Draw the chance action due now (a cut, a deal, a starter) from ``rng``."""
        if not isinstance(rng, random.Random):
            refuse("rng", "a random.Random", rng)
        drawn = self._machine.chance_action(rng)
        self._drawn = drawn
        return drawn

    def apply(self, action: Action) -> StepEvents:
        """Apply one action and return the events it produced (its `Input` first), as a
        read-only sequence that behaves as their list, each event built when it is read.

        Raises `IllegalActionError` (a `ValueError`) with the reason, or `PluginError` if a
        plugin fails; the game is then unchanged. The fields' types of an action are checked
        first, but for one the game made: an interned one (from `legal_actions`), checked once
        when it was made (`pegline_core.action_types.interned`), or the chance action this game
        drew last (`chance_action`).
        """
        if action is not self._drawn and id(action) not in INTERNED:
            wrong = wrong_field(action)
            if wrong is not None:
                raise IllegalActionError(wrong)
        if isinstance(action, AskCoach):
            return StepEvents(self._log, self, self.step(action))
        return StepEvents(self._log, self, step(self._machine, self._log, self._history, action))

    def step(self, action: Action) -> int:
        """Apply an action the caller made and knows to be well formed (one of `legal_actions`,
        a `chance_action`, an `AskCoach`), whole or not at all, without `apply`'s check of its
        fields; return where its events start in the log (`events_from` reads them). A
        refused action raises `IllegalActionError` and changes nothing, as in `apply`.

        A compare request (`AskCoach`) is the review's (`pegline_core.review.asked`), in play
        or after the end: the machine never sees it."""
        if isinstance(action, AskCoach):
            self._check_seat(action.seat)
            log = self._log
            start = len(log)
            # it checks, then one event is added: no roll-back (`Game` is a `Reviewed`)
            log.append(asked(cast(Reviewed, self), action))
            if self._history is not None:
                self._history.append((self._machine.snapshot(), start))
            return start
        return step(self._machine, self._log, self._history, action)

    def _check_seat(self, seat: object) -> None:
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalActionError(NO_SEAT(seat=repr(seat), players=self.players))
