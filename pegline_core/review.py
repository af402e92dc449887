"""Reviewing a game's past decisions with its coach: `Game.compare`, and the one handler of a
compare request (`AskCoach`), whether it comes during the play or after the end.

A request changes nothing in the play: the machine never sees it. It is checked and logged here
as an `Input` of the seat (the game is then "assist used": the machines read the log's requests
for their result, `pegline_core.event_rows.coached_seats`). `Game` keeps the history (its undo
notes) and shows the past as it stood (`Game.view_before`); this module asks the coach about it.

>>> import random
>>> from pegline_core import Game
>>> from pegline_core.events import AskCoach
>>> game = Game("two-player", dealer=1)
>>> _ = game.apply(game.chance_action(random.Random(7)))   # the deal
>>> game.apply(AskCoach(0))
Traceback (most recent call last):
pegline_core.errors.IllegalActionError: seat 0 has no committed decision to compare yet
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, cast

from pegline_core import game_hookspecs
from pegline_core.coaching import Comparison, Evaluator, same_move
from pegline_core.errors import IllegalActionError, PeglineError
from pegline_core.event_rows import built, input_at
from pegline_core.events import Action, AskCoach, Event, Input
from pegline_core.game_hooks import GameHooks, MissingHook
from pegline_core.messages import Template
from pegline_core.refusals import NOTHING_TO_COMPARE, ONLY_FORCED
from pegline_core.ruleset import Ruleset

__all__ = ["Reviewed", "asked", "coach", "compare"]

_NOT_LISTED = Template("coach.move-not-listed", "the evaluator did not list the move {action} "
                       "among its candidates")


class Reviewed(Protocol):
    """What a review reads of a game (`Game` is one)."""

    @property
    def hand(self) -> int: ...
    @property
    def phase(self) -> str: ...
    def entries(self) -> list[Any]: ...
    def view_before(self, start: int, seat: int) -> Any: ...
    def apply(self, action: Action) -> Sequence[Event]: ...


def asked(game: Reviewed, request: AskCoach) -> Input:
    """The `Input` that logs ``request`` (its seat checked by the game): `IllegalActionError`
    before the seat has committed a decision."""
    entries = game.entries()
    seat = request.seat
    if not _decisions(entries, seat):
        raise IllegalActionError(NOTHING_TO_COMPARE(seat=seat))
    return Input(len(entries), game.hand, game.phase, seat, request)


def compare(game: Reviewed, seat: int, evaluator: Evaluator) -> Comparison:
    """``evaluator``'s view of ``seat``'s last committed decision that it judges, as the game
    stood then; the request is logged (`asked`) once the comparison is made."""
    entries = game.entries()
    decisions = _decisions(entries, seat)
    if not decisions:
        raise IllegalActionError(NOTHING_TO_COMPARE(seat=seat))
    same = same_move(evaluator)
    for start in reversed(decisions):
        view = game.view_before(start, seat)
        evaluation = None if view is None else evaluator.evaluate(view)
        if evaluation is None:
            continue
        decision = cast(Input, built(entries, start))
        action = decision.action
        chosen = next((i for i, c in enumerate(evaluation.candidates)
                       if same(c.action, action)), None)
        if chosen is None:
            raise PeglineError(_NOT_LISTED(action=repr(action)))
        comparison = Comparison(seat, start, decision.hand, action, evaluation, chosen)
        game.apply(AskCoach(seat))
        return comparison
    raise IllegalActionError(ONLY_FORCED(seat=seat))


def coach(ruleset: Ruleset) -> Evaluator:
    """The evaluator the ruleset's game offers (its ``pegline_evaluator`` hook), built once per
    ruleset; `IllegalActionError` for a game that implements none."""
    found: Evaluator | None = ruleset.cache.get("evaluator")
    if found is None:
        hooks = GameHooks.of(ruleset.variant.game, ruleset.game)
        try:
            offer = hooks.call(game_hookspecs.pegline_evaluator)
        except MissingHook as exc:  # a move the player may not make here, as any other
            raise IllegalActionError(exc.message) from None
        found = ruleset.cache["evaluator"] = offer(ruleset=ruleset)
    return found


def _decisions(entries: list[Any], seat: int) -> list[int]:
    """Where the seat's own committed moves are logged, oldest first (a compare request is no
    move)."""
    return [index for index in range(len(entries))
            if (entry := input_at(entries, index)) is not None and entry[0] == seat
            and not isinstance(entry[1], AskCoach)]
