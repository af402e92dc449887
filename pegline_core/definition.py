"""What a game plugin provides: the `GameDefinition` and `Machine` protocols, and how the kernel
finds a game by name.

A game plugin (cribbage, or any other) is a class named by an entry point in the ``pegline``
group that provides a `GameDefinition`: the schema of its part of a variant file, its actions and
events, and a `Machine` — its state machine over a flat state that can snapshot and restore
itself. `pegline_core.plugins.game_definition` finds one by name; docs/writing-games.md builds one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from pegline_core.dispatch import Hook, ScoringHook
from pegline_core.events import Action, Event
from pegline_core.phases import Phase
from pegline_core.strict import Problems
from pegline_core.turns import ToAct
from pegline_core.variant_data import Variant

__all__ = ["GameDefinition", "Machine", "Player", "EventPrinter", "View", "RulesetView",
           "PlayedGame"]


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

    A machine may also have ``choices(seat)``: the actions of ``legal_actions(seat)``, in the same
    order, as any sequence, built as they are read; `play_game` then hands that to its players.

    A machine may also have ``play_bots(rng, bots, undo)``: take every step due to chance
    (drawn from ``rng``) or to a seat whose entry in ``bots`` is an `IndexPlayer`, until
    a seat with None is to act or the game is over, noting each step in ``undo`` as `Game` does
    (`Game.undo_notes`: None when the game keeps no history; the state before a step may be
    None for all but a run's first step: `Game` rebuilds it by replay when it needs it); exactly
    the steps `play_game`'s loop would take, without building
    their actions or views.
    `play_game` calls it while nobody asks for the events as they happen.

    A compare request (`AskCoach`) never reaches a machine: the kernel logs it
    (`pegline_core.review`); the seats that asked are read from the log
    (`pegline_core.event_rows.coached_seats`) for the result's ``assist_used``.

    A machine may also have ``quiet()``: from then on, the snapshots its steps give the plugins'
    hooks say they are hypothetical (`Game.copy(quiet=True)`, for looking ahead).
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
    def chance_action(self, rng: random.Random) -> Action: ...
    def view(self, seat: int) -> View: ...
    def snapshot(self) -> object: ...
    def restore(self, snapshot: Any) -> None: ...


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
    """What a game plugin provides besides its hooks.

    ``Settings`` is an attrs class: the game's keys of a variant file (every key but the kernel's
    ``game``, ``description``, ``source``, ``extends``, ``plugins``, ``disable``, ``config`` and
    ``table``), structured strictly. ``actions`` and ``events`` map each ``type`` tag to its class.

    ``follows``, optional, maps a key whose default derives from other keys to the keys it
    follows (dotted paths): a value that one file sets is dropped, back to its derived default,
    when a later file changes a key it follows (cribbage's skunk lines follow the target).

    Eight more members are optional, looked up when needed: ``legacy_digest(version, ruleset)``,
    the rules digest an older record schema wrote where it differs from today's, else None (so a
    migrated record is still refused under other rules, and accepted under the same ones);
    ``legacy_events(version, events)``, event dicts as an older record schema wrote them (so a
    migrated record's derived events are verified against a replay); the printer's
    ``redact(event_dict)``, which hides what a seat may not see in a player's ``--json`` stream
    (a game without it cannot be played ``--human --json``); ``web_table(variant)``, the game's
    table in the browser (`pegline_core.app.web.protocol`); and ``evaluator(ruleset)``, the
    game's coach (a `pegline_core.coaching.Evaluator`) that `Game.compare` asks about a seat's
    committed decision (a game without one cannot compare); and ``encoding(ruleset)``, the
    variant in numbers for learning agents (a `pegline_core.encoding.Encoding`, which is all
    `pegline_core.rl` needs to make an environment of it). For `pegline simulate`, a game may
    also give its own part of the report: ``statistics(totals, games=..., hands=...)``, plain data
    made of `tally`'s sums over every game, and ``statistics_lines(section)``, its printed lines;
    without them the report lists the tally's points per hand. And ``script(path)`` replays a
    game scripted for people in a file of the game's own (``pegline replay`` of a file that is
    not a record). ``check_plugins(ruleset)`` asks the plugins what a sample game between random
    players never does, raising a `PluginError` for a fault (``pegline variants check``).
    For ``pegline variants explain``, ``scoring_words(variant)`` puts the variant's settings
    that change scoring into lines of words in the current language, and ``rule_words(ruleset)``
    says in words, by rule id, the rules written as data in the game's vocabulary (any other
    rule is said by its summary).
    """

    Settings: type
    default_plugins: tuple[str, ...]
    actions: Mapping[str, type]
    events: Mapping[str, type]

    def check_settings(self, variant: Variant) -> Problems: ...
    def new_machine(self, ruleset: RulesetView, log: list[Event]) -> Machine: ...

    # for the application layer
    def bots(self) -> Mapping[str, Callable[[int], Player]]:
        """Bot factories by name, each taking a seed."""

    def human(self) -> Player:
        """A player that asks a person at the terminal. It may raise
        `pegline_core.players.PlayerLeft` to stop the game (saved for a resume), and may
        have ``observe(event)``: the command line then gives it every event as it happens (a
        resumed game's log first), for a screen that follows the table."""

    def printer(self, variant: Variant, *, reveal: set[int] | None,
                names: Mapping[int, str] | None) -> EventPrinter:
        """Turns events into readable lines; ``reveal`` limits whose hidden cards are shown."""

    def tally(self, game: PlayedGame) -> tuple[int | None, Mapping[str, int]]:
        """For simulation reports: the first dealer (None in a game without one), and the
        game's points by label. A game may also have ``tally_seats(game)``: the same points by
        the seat that scored them (``{seat: {label: points}}``), for each bot's own figures."""


class EventPrinter(Protocol):
    """Readable lines for events (the terminal, ``pegline play`` and ``replay``)."""

    def lines(self, event: Event) -> list[str]: ...
    def side(self, side: int) -> str: ...
