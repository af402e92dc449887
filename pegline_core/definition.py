"""What a game plugin provides: the `GameDefinition` and `Machine` protocols, and how the kernel
finds a game by name.

A game plugin (cribbage, or any other) is a class named by an entry point in the ``pegline``
group that provides a `GameDefinition`: the schema of its part of a variant file, its actions and
events, and a `Machine` — its state machine over a flat state that can snapshot and restore
itself. `pegline_core.plugins.game_definition` finds one by name; docs/writing-games.md builds one.
"""

from __future__ import annotations

import abc
import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from pegline_core.dispatch import Hook, ScoringHook
from pegline_core.events import Action, Event
from pegline_core.index_player import IndexPlayer
from pegline_core.phases import Phase
from pegline_core.strict import Problems
from pegline_core.turns import ToAct
from pegline_core.variant_data import Variant

__all__ = ["GameDefinition", "Machine", "PlainMachine", "Player", "EventPrinter", "Redactor",
           "View", "RulesetView", "PlayedGame"]


class View(Protocol):
    """What every view is: what one seat may see of a game, its seat, the phase and each
    side's score (each game's view says more)."""

    @property
    def seat(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def scores(self) -> tuple[int, ...]: ...


class Player(Protocol):
    """Anything that picks one of the legal actions from what its seat may see."""

    def choose(self, view: Any, legal: Sequence[Action]) -> Action: ...


@runtime_checkable
class Machine(Protocol):
    """A game's state machine, as `Game` drives it.

    ``phase`` is a member of the game's own `pegline_core.phases.Phase` enum; ``to_act()`` is
    `pegline_core.turns.CHANCE`, the `pegline_core.turns.Seats` that may act, or
    `pegline_core.turns.OVER`.

    ``log`` is the game's event list: `apply` appends the action's `Input` event and everything
    it causes. `snapshot` returns an immutable value from which `restore` rebuilds the state
    exactly; `Game` uses it for undo and to roll back a step that failed half way.

    ``choices(seat)`` is the actions of ``legal_actions(seat)``, in the same order, as any
    sequence (built as they are read, if the machine likes); `play_game` hands that to its
    players.

    ``play_bots(rng, bots, undo)`` is the machine's own lane for bots: take every step due to
    chance (drawn from ``rng``) or to a seat whose entry in ``bots`` is an `IndexPlayer`, until
    a seat with None is to act or the game is over, noting each step in ``undo`` as `Game` does
    (`Game.undo_notes`: None when the game keeps no history; the state before a step may be
    None for all but a run's first step: `Game` rebuilds it by replay when it needs it); exactly
    the steps `play_game`'s loop would take, without building their actions or views. It
    answers True; a machine without such a lane takes no step and answers False, and is then
    not asked again. `play_game` calls it while nobody asks for the events as they happen.

    A compare request (`AskCoach`) never reaches a machine: the kernel logs it
    (`pegline_core.review`); the seats that asked are read from the log
    (`pegline_core.event_rows.coached_seats`) for the result's ``assist_used``.

    ``quiet()``: from then on, the snapshots its steps give the plugins' hooks say they are
    hypothetical (`Game.copy(quiet=True)`, for looking ahead); it answers True, or False for a
    machine whose snapshots have no such mark.

    `PlainMachine` gives the last three to a machine with no lane and no mark.
    """

    log: list[Event]

    @property
    def phase(self) -> Phase: ...
    @property
    def hand(self) -> int: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    def begin(self, dealer: int | None) -> None: ...
    def apply(self, action: Action) -> None: ...
    def to_act(self) -> ToAct: ...
    def legal_actions(self, seat: int | None) -> list[Action]: ...
    def choices(self, seat: int) -> Sequence[Action]: ...
    def chance_action(self, rng: random.Random) -> Action: ...
    def play_bots(self, rng: random.Random, bots: list[IndexPlayer | None],
                  undo: list[tuple[object, int]] | None) -> bool: ...
    def quiet(self) -> bool: ...
    def view(self, seat: int) -> View: ...
    def snapshot(self) -> object: ...
    def restore(self, snapshot: Any) -> None: ...


class PlainMachine(abc.ABC):
    """The members of a `Machine` that a machine without shortcuts writes the same way: its
    choices are its legal actions, it has no lane for bots and no hypothetical mark."""

    @abc.abstractmethod
    def legal_actions(self, seat: int | None) -> list[Action]:
        """Every legal action of ``seat`` (of every seat to act: None), as `Machine` says."""

    def choices(self, seat: int) -> Sequence[Action]:
        return self.legal_actions(seat)

    def play_bots(self, rng: random.Random, bots: list[IndexPlayer | None],
                  undo: list[tuple[object, int]] | None) -> bool:
        return False

    def quiet(self) -> bool:
        return False


class RulesetView(Protocol):
    """What a game reads of its variant's ruleset to build a machine: the variant, a cache for
    what it works out once per ruleset, and its plugins' hooks (`pegline_core.ruleset.Ruleset`,
    which the kernel passes, has more: a game may use all of it)."""

    @property
    def variant(self) -> Variant: ...
    @property
    def cache(self) -> dict[str, Any]: ...
    def hook(self, name: str) -> Hook: ...
    def scoring(self, name: str) -> ScoringHook: ...


class PlayedGame(Protocol):
    """What a game's tally reads of a game that was played (`pegline_core.Game` is one)."""

    @property
    def players(self) -> int: ...
    @property
    def variant(self) -> Variant: ...
    @property
    def log(self) -> Sequence[Event]: ...
    def entries(self) -> list[Any]: ...


@runtime_checkable
class GameDefinition(Protocol):
    """What the kernel needs of a game: the schema of its part of a variant file, its actions
    and events, and its machine. Everything else a game offers is a hook
    (`pegline_core.game_hookspecs` for the kernel's, `pegline_core.app.hookspecs` for the
    application's): docs/writing-games.md lists them.

    ``Settings`` is an attrs class: the game's keys of a variant file (every key but the kernel's
    ``game``, ``description``, ``source``, ``extends``, ``plugins``, ``disable``, ``config`` and
    ``table``), structured strictly. ``default_plugins`` are the rule plugins a variant gets
    unless it names its own. ``actions`` and ``events`` map each ``type`` tag to its class.

    ``follows`` maps a key whose default derives from other keys to the keys it follows (dotted
    paths; empty for a game with no such key): a value that one file sets is dropped, back to its
    derived default, when a later file changes a key it follows (cribbage's skunk lines follow
    the target).
    """

    Settings: type
    default_plugins: tuple[str, ...]
    follows: Mapping[str, tuple[str, ...]]
    actions: Mapping[str, type]
    events: Mapping[str, type]

    def check_settings(self, variant: Variant) -> Problems: ...
    def new_machine(self, ruleset: RulesetView, log: list[Event]) -> Machine: ...


class Redactor(Protocol):
    """What some seats may see of a game's events (`pegline_core.game_hookspecs`'s
    ``pegline_redactor``), given each event in order (it may follow the game, as the dealer)."""

    def redact(self, data: dict[str, Any]) -> dict[str, Any]:
        """An event's dict with what the seats may not see hidden."""


class EventPrinter(Protocol):
    """Readable lines for events (the terminal, ``pegline play`` and ``replay``)."""

    def lines(self, event: Event) -> list[str]: ...
    def side(self, side: int) -> str: ...
