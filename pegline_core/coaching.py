"""Compare after commit: what a game's evaluator (its coach) thought of a seat's last decision.

A game plugin may offer an evaluator (its ``pegline_evaluator`` hook): it looks at one seat's view
and values every candidate move, best first, with its reasons. `Game.compare` asks it about the
seat's last committed decision, as the game stood just before it, marks the seat's own choice and
records an `AskCoach` (the game is then "assist used"). Nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from attrs import frozen

from pegline_core.events import Action

__all__ = ["Candidate", "Evaluation", "Comparison", "Evaluator"]

TIE = 1e-9
"""Values closer than this are a tie: equal moves share a rank."""


@frozen
class Candidate:
    """One possible move, its value (higher is better for the seat) and the reasons."""

    action: Action
    value: float
    reasons: tuple[tuple[str, object], ...]


@frozen
class Evaluation:
    """Every candidate of one decision, best first; ``note`` says what the evaluator is."""

    decision: str
    candidates: tuple[Candidate, ...]
    note: str = ""

    @property
    def best(self) -> Candidate:
        return self.candidates[0]

    @property
    def ranks(self) -> tuple[int, ...]:
        """Each candidate's rank, 1 for the best; tied candidates share the better rank."""
        ranks: list[int] = []
        for i, candidate in enumerate(self.candidates):
            tied = i and abs(self.candidates[i - 1].value - candidate.value) <= TIE
            ranks.append(ranks[-1] if tied else i + 1)
        return tuple(ranks)


@runtime_checkable
class Evaluator(Protocol):
    """What a game's coach provides: the evaluation of the decision a view is at, or None when
    the seat has nothing to choose there (a forced move, a decision it does not judge).

    It may also define ``same(a, b)``: whether two actions are one move (for a move whose cards
    may come in any order); otherwise actions are compared with ``==``.
    """

    def evaluate(self, view: Any) -> Evaluation | None: ...


@frozen
class Comparison:
    """A seat's committed decision beside its evaluator's candidates.

    ``event`` is the log position of the decision's `Input`; ``chosen`` is the index of the
    seat's own move in ``evaluation.candidates``.
    """

    seat: int
    event: int
    hand: int
    action: Action
    evaluation: Evaluation
    chosen: int

    @property
    def candidates(self) -> tuple[Candidate, ...]:
        return self.evaluation.candidates

    @property
    def rank(self) -> int:
        """The rank of the seat's move (1: the evaluator's best, ties included)."""
        return self.evaluation.ranks[self.chosen]

    @property
    def best(self) -> bool:
        """Whether the seat's move was one of the evaluator's best."""
        return self.rank == 1


def same_move(evaluator: Evaluator) -> Callable[[Action, Action], bool]:
    """The evaluator's test that two actions are one move (``==`` if it has none)."""
    same = getattr(evaluator, "same", None)
    return same if callable(same) else _equal


def _equal(a: Action, b: Action) -> bool:
    return bool(a == b)
