"""What every game's machine writes into its log the same way: inputs, what they cause, scores
and the result. A machine holds one `EventWriter` and writes only what is its own.

Each event is numbered by its place in the log. An `Input` is stamped with the machine's hand and
phase as they are when it is written, and every event it causes carries the same stamp and names
it as its ``cause`` (as the shipped games' machines write theirs): a trick that ends a hand
is still an event of that hand.

>>> from pegline_core.rules import Award, Rule, Score
>>> class State:
...     hand, phase = 1, "play"
>>> log = []
>>> writer = EventWriter(log, State())
>>> writer.input(0, "an action")
>>> award = Award("rules", Rule("trick", "a trick scores a point", points=1), Score("trick", 1))
>>> State.phase = "over"  # the machine moves on: what the input causes keeps its stamp
>>> writer.score(award, seat=0, side=0, total=1).total
1
>>> [(type(e).__name__, e.seq, e.hand, e.phase, e.cause) for e in log]
[('Input', 0, 1, 'play', None), ('Scored', 1, 1, 'play', 0)]
>>> writer.awards([award, award], (1, 0), seat=1, side=1)   # each a Scored: the new scores
(1, 2)
>>> writer.end((1, 3), ((0,), (1,))).results[0]
SideResult(side=1, seats=(1,), score=3, place=1, mark='')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from pegline_core.card_tuples import replaced
from pegline_core.events import Action, Event, GameEnded, Input, Scored, SideResult
from pegline_core.rules import Award

__all__ = ["EventWriter"]


class _Stamped(Protocol):
    @property
    def hand(self) -> int: ...
    @property
    def phase(self) -> str: ...


class EventWriter:
    """Appends to ``log`` the events of the machine ``state`` (read for its hand and phase)."""

    def __init__(self, log: list[Event], state: _Stamped) -> None:
        self.log = log
        self.state = state
        self.cause: int | None = None
        """The input the events being written follow from."""
        self._stamp: tuple[int, str] | None = None
        """The hand and phase of that input."""

    def input(self, actor: int | None, action: Action) -> None:
        """The action taken: everything written after it until the next input is its effect."""
        self.cause = len(self.log)
        hand, phase = self._stamp = self.state.hand, self.state.phase
        self.log.append(Input(len(self.log), hand, phase, actor, action=action))

    def add(self, cls: type[Event], actor: int | None, **fields: Any) -> Any:
        """An event of the game's own class, caused by the last input."""
        hand, phase = self._stamp or (self.state.hand, self.state.phase)
        event = cls(len(self.log), hand, phase, actor, cause=self.cause, **fields)
        self.log.append(event)
        return event

    def score(self, award: Award, *, seat: int | None, side: int, total: int) -> Scored:
        """A rule plugin's award to ``side`` (scored by ``seat``), its new ``total`` given."""
        scored: Scored = self.add(Scored, seat, side=side, points=award.score.points,
                                  rule=award.rule.id, plugin=award.plugin,
                                  cards=award.score.cards, total=total)
        return scored

    def awards(self, awards: Iterable[Award], scores: tuple[int, ...], *, seat: int | None,
               side: int) -> tuple[int, ...]:
        """Each award to ``side`` as a `Scored` event, in order: the scores after them."""
        for award in awards:
            scores = replaced(scores, side, scores[side] + award.score.points)
            self.score(award, seat=seat, side=side, total=scores[side])
        return scores

    def end(self, scores: Sequence[int], sides: Sequence[tuple[int, ...]], *,
            game_points: int = 1) -> GameEnded:
        """The result: sides placed by score, highest first (ties by side number)."""
        order = sorted(range(len(scores)), key=lambda side: (-scores[side], side))
        results = tuple(SideResult(side, tuple(sides[side]), scores[side], place)
                        for place, side in enumerate(order, 1))
        ended: GameEnded = self.add(GameEnded, None, results=results, game_points=game_points)
        return ended
