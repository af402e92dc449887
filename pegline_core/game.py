"""The `Game` facade: one way to drive any game, python-chess style.

A game plugin provides a `Machine` (`pegline_core.definition`); `Game` wraps it: `apply` checks
and applies one action and returns the events it produced; an illegal action or a failing plugin
changes nothing; `undo` pops the last action exactly; `copy` gives an independent game.

>>> game = Game("two-player", dealer=1)
>>> import random
>>> events = game.apply(game.chance_action(random.Random(7)))   # the deal
>>> game.phase, game.to_act
('discard', (0, 1))
>>> _ = game.undo()
>>> game.phase, len(game.log)
('deal', 1)
"""

from __future__ import annotations

import os
from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from operator import itemgetter
from typing import Any, cast

import attrs

from pegline_core.arguments import A_VARIANT, expect
from pegline_core.coaching import Comparison, Evaluator
from pegline_core.definition import GameDefinition, View
from pegline_core.errors import IllegalActionError, PeglineError
from pegline_core.event_log import EventLog, StepEvents
from pegline_core.event_rows import built, built_from, event_class, input_at, inputs_of
from pegline_core.events import Action, AskCoach, EventCodec, GameEnded
from pegline_core.game_steps import GameSteps
from pegline_core.plugins import Plugins
from pegline_core.refusals import NO_UNDO
from pegline_core.review import coach, compare
from pegline_core.ruleset import Ruleset
from pegline_core.shared_rulesets import shared_ruleset
from pegline_core.variant import DEFAULT_VARIANT, Variant

__all__ = ["Game"]


class Game(GameSteps):
    """A game under one variant: apply actions, read events, undo, copy, view.

    ``variant`` is a name, a file or a `Variant`; ``dealer`` skips the cut for the first deal;
    ``ruleset`` shares built plugins between games of one variant (simulations). ``undo=False``
    keeps no history of the steps (no state is kept per step: a long batch of games, as
    `pegline_core.rl.VectorEnv` plays, holds less); `undo` and `compare` then refuse.
    """

    def __init__(
        self,
        variant: Variant | str | os.PathLike[str] | None = None,
        *,
        dealer: int | None = None,
        ruleset: Ruleset | None = None,
        extra_plugins: Plugins | None = None,
        undo: bool = True,
    ) -> None:
        expect(variant is None or isinstance(variant, Variant | str | os.PathLike),
               "a Game's variant", A_VARIANT, variant)
        expect(ruleset is None or isinstance(ruleset, Ruleset), "ruleset", "None or a Ruleset",
               ruleset)
        self._shared = ruleset is None
        """Whether the ruleset is the one every game of the variant shares (`shared_ruleset`)
        rather than one given (``ruleset=``) or this game's own (`ruleset` was read)."""
        if ruleset is not None:
            if variant is not None and variant is not ruleset.variant \
                    and variant != ruleset.variant.name and variant != ruleset.variant:
                raise PeglineError(f"the ruleset is for {ruleset.variant.name!r}, not "
                                   f"{getattr(variant, 'name', variant)!r}")
            variant = ruleset.variant
        else:
            ruleset = shared_ruleset(DEFAULT_VARIANT if variant is None else variant,
                                     extra_plugins)
            if not isinstance(variant, Variant):
                variant = ruleset.variant
        self.variant: Variant = variant
        self._ruleset = ruleset
        self.players = variant.table.players
        if dealer is not None and (type(dealer) is not int or not 0 <= dealer < self.players):
            raise IllegalActionError(f"dealer must be a seat from 0 to {self.players - 1}, "
                                     f"not {dealer!r}")
        self.first_dealer = dealer
        """The first dealer given instead of a cut (kept in records), or None."""
        self._log = []
        self._undo = []
        self._history = self._undo if undo else None
        self._quiet = False
        """Whether this is a quiet copy (`copy`): its machine marks its steps hypothetical."""
        self._drawn = None
        self._machine = ruleset.game.new_machine(ruleset, self._log)
        self._machine.begin(dealer)

    @classmethod
    def from_inputs(cls, variant: Variant | str | None, actions: Sequence[Action], *,
                    dealer: int | None = None, ruleset: Ruleset | None = None,
                    extra_plugins: Plugins | None = None) -> Game:
        """A game rebuilt by applying ``actions`` (for example another game's `inputs`)."""
        expect(isinstance(actions, Iterable), "actions", "a sequence of actions", actions)
        game = cls(variant, dealer=dealer, ruleset=ruleset, extra_plugins=extra_plugins)
        for action in actions:
            game.apply(action)
        return game

    # -- reading -------------------------------------------------------------------------------

    @property
    def log(self) -> EventLog:
        """Every event so far, in order (append-only: only `apply` adds to it), as an immutable
        sequence that behaves as their tuple; each event is built when it is first read."""
        return EventLog(self._log, self)

    @property
    def ruleset(self) -> Ruleset:
        """This game's plugins, registered together on their own plugin manager (``pm``): to
        read, or to change for this game alone (register a plugin, attach a monitor, trace).

        A game built by name or from a `Variant` plays on the ruleset that every such game of
        the variant shares (built once, `pegline_core.shared_rulesets`); reading this property
        first gives the game one of its own, over the same plugin instances (`Ruleset.fork`),
        so nothing done through it reaches another game. A game given ``ruleset=`` keeps that
        one, shared as given; a `copy` shares its original's."""
        if self._shared:
            self._own_ruleset()
        return self._ruleset

    def _own_ruleset(self) -> None:
        """Trade the shared ruleset for one of this game's own, in the same state."""
        own = self._ruleset.fork()
        machine = own.game.new_machine(own, self._log)
        machine.restore(self._machine.snapshot())
        if self._quiet:
            machine.quiet()
        self._ruleset, self._machine, self._shared = own, machine, False

    @property
    def definition(self) -> GameDefinition:
        """The game plugin this game is played by (its bots, printer, tally...): read-only,
        and reading it gives the game no ruleset of its own."""
        return self._ruleset.game

    @property
    def codec(self) -> EventCodec:
        """This game's events as plain dicts and back (the ``--json`` and record form)."""
        codec = self._ruleset.cache.get("codec")
        if codec is None:
            codec = self._ruleset.cache["codec"] = EventCodec(self._ruleset.game)
        return codec

    @property
    def over(self) -> bool:
        return self._ended() is not None

    @property
    def result(self) -> GameEnded | None:
        """The result, once the game is over; its ``assist_used`` includes the seats that
        compared after the end (their `AskCoach` inputs follow the result in the log)."""
        at = self._ended()
        if at is None:
            return None
        ended = cast(GameEnded, built(self._log, at))
        if at == len(self._log) - 1:
            return ended
        later = {e.actor for e in built_from(self._log, at + 1) if e.actor is not None}
        return attrs.evolve(ended, assist_used=tuple(sorted(set(ended.assist_used) | later)))

    def _ended(self) -> int | None:
        """Where the result event is (read without building it); only compare requests
        (`AskCoach` inputs) may follow it."""
        log = self._log
        for index in range(len(log) - 1, -1, -1):
            entry = input_at(log, index)
            if entry is None:
                return index if issubclass(event_class(log, index), GameEnded) else None
            if not isinstance(entry[1], AskCoach):
                return None
        return None

    def inputs(self) -> list[Action]:
        """The actions that drove this game: replaying them reproduces the whole log."""
        return inputs_of(self._log)

    def entries(self) -> list[Any]:
        """The log as it is stored, copied: each entry an event, or a row of the game's own
        machine not built yet (`pegline_core.event_rows`), for a game plugin that reads its own
        rows without building their events (a simulation's tally)."""
        return list(self._log)

    def events_from(self, start: int) -> StepEvents:
        """The events from ``start`` on (where `step` said a step's events start), as `apply`
        returns them."""
        return StepEvents(self._log, self, start)

    def view_before(self, start: int, seat: int) -> View | None:
        """What ``seat`` saw just before the step whose events start at ``start`` (its `Input`'s
        ``seq``), or None when no step of this game starts there: a past decision as it stood
        (`pegline_core.review`). `IllegalActionError` if the game keeps no history."""
        self._check_seat(seat)
        self._need_history()
        position = bisect_left(self._undo, start, key=itemgetter(1))
        if position == len(self._undo) or self._undo[position][1] != start:
            return None
        machine = self._ruleset.game.new_machine(self._ruleset, self._log[:start])
        machine.restore(self._snapshot_before(position))
        return machine.view(seat)

    def view(self, seat: int) -> View:
        """What ``seat`` may see now: never another seat's hidden cards."""
        self._check_seat(seat)
        return self._machine.view(seat)

    def is_legal(self, action: Action) -> bool:
        """Whether `apply` would accept ``action`` now (it is tried on a copy, a quiet one
        where the game can make one)."""
        trial = self.copy()
        trial._quiet = trial._machine.quiet()  # marked where the machine can mark its steps
        try:
            trial.apply(action)
        except IllegalActionError:
            return False
        return True

    def __repr__(self) -> str:
        scores = ", ".join(map(str, self.scores))
        state = "over" if self.over else f"hand {self.hand}, {self.phase}"
        return f"<Game {self.variant.name!r}: {state}, scores {scores}, {len(self._log)} events>"

    # -- acting --------------------------------------------------------------------------------

    @property
    def undo_notes(self) -> list[tuple[object, int]] | None:
        """Where `undo` finds each step: (the state before it, where its events start), for a
        machine's lane that takes several steps itself (`Machine`'s ``play_bots``) to note
        them; None when the game keeps no history (``undo=False``)."""
        return self._history

    def compare(self, seat: int, evaluator: Evaluator | None = None) -> Comparison:
        """The evaluation of ``seat``'s last committed decision, as it stood when it was made:
        every candidate ranked, the seat's own move marked (`Comparison`). It records an
        `AskCoach` input, so the game is "assist used" (in the log and in the result); it also
        works after the game's last move. The review itself is `pegline_core.review`'s.

        ``evaluator`` defaults to the one the game offers (its ``pegline_evaluator`` hook). Raises
        `IllegalActionError` before the seat has committed a decision its evaluator can judge
        (another seat's decisions do not count), or when the game offers no evaluator; the game
        is then unchanged.
        """
        self._check_seat(seat)
        self._need_history()
        return compare(self, seat, evaluator or coach(self._ruleset))

    def _snapshot_before(self, position: int) -> object:
        """The state before the step noted at ``position`` of the undo list. A machine's lane
        for bots (`Machine`'s ``play_bots``) notes it for the first step of each run only; for
        the others it is rebuilt here, by replaying the steps since, and kept."""
        undo = self._undo
        if undo[position][0] is not None:
            return undo[position][0]
        known = position
        while undo[known][0] is None:
            known -= 1
        snapshot, start = undo[known]
        machine = self._ruleset.game.new_machine(self._ruleset, self._log[:start])
        machine.restore(snapshot)
        machine.quiet()  # the plugins have seen these steps: to them they are hypothetical
        for index in range(known, position):
            entry = input_at(self._log, undo[index][1])
            assert entry is not None, "every step starts with its input"
            if not isinstance(entry[1], AskCoach):  # the review's: it changes no state
                machine.apply(entry[1])
            undo[index + 1] = (machine.snapshot(), undo[index + 1][1])
        return undo[position][0]

    def undo(self) -> Action:
        """Take back the last action, restoring state and log exactly; return that action."""
        self._need_history()
        if not self._undo:
            raise IllegalActionError(NO_UNDO())
        snapshot = self._snapshot_before(len(self._undo) - 1)
        _noted, start = self._undo.pop()
        entry = input_at(self._log, start)
        action = entry[1] if entry is not None else built(self._log, start)
        self._machine.restore(snapshot)
        del self._log[start:]
        return action

    def _need_history(self) -> None:
        if self._history is None:
            raise IllegalActionError("this game keeps no history of its steps (it was made with "
                                     "undo=False)")

    def copy(self, *, quiet: bool = False) -> Game:
        """An independent game in the same state, sharing the (immutable) variant and plugins.

        A ``quiet`` copy is for looking ahead: its steps call the plugins' hooks as ever, with
        snapshots marked ``hypothetical`` (cribbage's), so that a plugin that logs or counts
        the steps of a game can leave them out. `PeglineError` for a game whose machine cannot
        mark them (its ``quiet()`` answers False)."""
        twin = Game.__new__(Game)
        twin.variant, twin.players = self.variant, self.players
        twin._ruleset, twin._shared = self._ruleset, self._shared
        twin._quiet = quiet or self._quiet
        twin._drawn = None
        twin.first_dealer = self.first_dealer
        twin._log = list(self._log)
        twin._undo = list(self._undo)
        twin._history = twin._undo if self._history is not None else None
        twin._machine = self._ruleset.game.new_machine(self._ruleset, twin._log)
        twin._machine.restore(self._machine.snapshot())
        if twin._quiet and not twin._machine.quiet():
            raise PeglineError(f"the game {self.variant.game!r} cannot mark a copy's steps "
                               f"hypothetical: its machine's quiet() says it has no such mark")
        return twin

    def __copy__(self) -> Game:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self.copy()

    def __reduce__(self) -> tuple[Callable[..., Game], tuple[Any, ...]]:
        return (_rebuild, (self.variant, self._ruleset.extra_plugins, self.first_dealer,
                           self.inputs(), self._history is not None))


def _rebuild(variant: Variant, extra: Plugins, dealer: int | None, inputs: list[Action],
             undo: bool = True) -> Game:
    game = Game(variant, dealer=dealer, extra_plugins=extra, undo=undo)
    for action in inputs:
        game.apply(action)
    return game
