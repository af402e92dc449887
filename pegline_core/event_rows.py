"""Events stored as rows, built when someone reads them: the compact log of the fast lane.

A compiled machine appends to its log, in place of an event, one flat tuple: the code of its
`RowKind`, the hand, the phase, the actor, the ``cause``, then the event's own fields. A row costs a
fraction of an `attrs` event's ``__init__``, and most events of a simulated game are never read; a
row of numbers and strings only is no work for the garbage collector, which stops tracking it.
`Game` builds each row into its event the first time it is read, and stores the event in its place,
so every reader (`Game.log`, records, printers, the codec) gets the same events, with the same
content, as if they had been built at once. A row's ``seq`` is its place in the log. A machine that
appends events itself (any third-party game) never meets a row.

A row's phase is the number `pegline_core.phases.row_codes` gives it (or the phase itself).
A kind builds its event as ``cls(seq, hand, phase, actor, *fields, cause=cause)``, or through its
own ``build`` where a row holds its fields in another form (cards as their codes, say; its phase
read with `phase_of`); an `Input` row's action is its first field, or what the kind's ``action``
makes of the row.

>>> from pegline_core.events import Input, AskCoach
>>> INPUT = RowKind(Input).code
>>> log = [(INPUT, 1, "pegging", 1, None, AskCoach(1))]
>>> built(log, 0) == Input(0, 1, "pegging", 1, AskCoach(1)), built(log, 0) is log[0]
(True, True)
>>> inputs_of(log)
[AskCoach(seat=1)]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from pegline_core.events import Action, AskCoach, Event, Input
from pegline_core.phases import ROW_PHASES

__all__ = ["RowKind", "keyword_kind", "phase_of", "built", "built_all", "stored", "event_of",
           "event_class", "built_from", "input_at", "inputs_of", "coached_seats"]

Row = tuple[Any, ...]

KINDS: Final[list[RowKind]] = []
"""Every kind, by its code."""


class RowKind:
    """How to read one kind of row ``(code, hand, phase, actor, cause, *fields)``: the event it
    stands for and, for an `Input`, its action. Each kind made gets its ``code``, the number a
    row starts with."""

    def __init__(self, cls: type, build: Callable[[Row, int], Event] | None = None,
                 action: Callable[[Row], Any] | None = None) -> None:
        self.code: Final = len(KINDS)
        KINDS.append(self)
        self.cls: Final = cls
        self.build: Final = build
        """``build(row, seq)``: the event, where the row's fields are not the event's own."""
        self.action: Final = action
        """``action(row)``: an input's action, where it is not the row's first field."""
        self.input: Final = issubclass(cls, Input)

    def __repr__(self) -> str:
        return f"RowKind({self.cls.__name__})"


_KEYWORD_KINDS: dict[type, RowKind] = {}


def keyword_kind(cls: type) -> RowKind:
    """The kind of a row ``(kind, hand, phase, actor, cause, fields)`` whose fields are one
    mapping of the event's keyword arguments (for events too rare to lay out one by one)."""
    kind = _KEYWORD_KINDS.get(cls)
    if kind is None:
        def build(row: Row, seq: int) -> Event:
            made: Event = cls(seq, row[1], phase_of(row), row[3], cause=row[4], **row[5])
            return made

        kind = _KEYWORD_KINDS[cls] = RowKind(cls, build)
    return kind


def phase_of(row: Row) -> str:
    """The phase of ``row``: the member its number stands for (`pegline_core.phases.row_codes`),
    or what it holds there."""
    phase = row[2]
    return ROW_PHASES[phase] if type(phase) is int else phase


def built(log: list[Any], index: int) -> Event:
    """The event at ``index``, built in place if it is still a row."""
    item = log[index]
    if type(item) is tuple:
        item = log[index] = event_of(item, index if index >= 0 else index + len(log))
    return item  # type: ignore[no-any-return]


def event_of(item: Row, seq: int) -> Event:
    """The event a row at ``seq`` stands for."""
    kind = KINDS[item[0]]
    if kind.build is not None:
        return kind.build(item, seq)
    if kind.action is not None:
        return kind.cls(seq, item[1], phase_of(item), item[3], kind.action(item), cause=item[4])  # type: ignore[no-any-return]
    return kind.cls(seq, item[1], phase_of(item), item[3], *item[5:], cause=item[4])  # type: ignore[no-any-return]


def event_class(log: list[Any], index: int) -> type:
    """The class of the event at ``index``, read from a row without building it."""
    item = log[index]
    return KINDS[item[0]].cls if type(item) is tuple else type(item)


def built_all(entries: list[Any], source: list[Any], start: int = 0) -> list[Event]:
    """``entries`` (a copy of ``source`` from ``start``, or of a part of it from there) with
    every row built in place (`stored`)."""
    for index in range(len(entries)):
        item = entries[index]
        if type(item) is tuple:
            entries[index] = stored(source, start + index, item, event_of(item, start + index))
    return entries


def stored(source: list[Any], at: int, row: Row, event: Event) -> Event:
    """``event``, just built from a copy's ``row`` at ``at``, stored back in ``source`` (the
    game's log) where it still holds that row; or the event there, if another reader has built
    it already (equal: the same object for every reader)."""
    if at < len(source):
        kept = source[at]
        if kept is row:
            source[at] = event
        elif type(kept) is not tuple and kept == event:
            return kept  # type: ignore[no-any-return]
    return event


def built_from(log: list[Any], start: int = 0) -> list[Event]:
    """The events from ``start`` on, each built in place if it is still a row."""
    return [built(log, index) for index in range(start, len(log))]


def input_at(log: list[Any], index: int) -> tuple[int | None, Action] | None:
    """The actor and action of the `Input` at ``index``, or None for any other event; read
    from a row without building it."""
    item = log[index]
    if type(item) is tuple:
        kind = KINDS[item[0]]
        if not kind.input:
            return None
        return item[3], (item[5] if kind.action is None else kind.action(item))
    if isinstance(item, Input):
        return item.actor, item.action
    return None


def inputs_of(log: list[Any]) -> list[Action]:
    """The actions of every `Input` of the log, in order."""
    found = []
    for index in range(len(log)):
        entry = input_at(log, index)
        if entry is not None:
            found.append(entry[1])
    return found


def coached_seats(log: list[Any]) -> tuple[int, ...]:
    """The seats that asked the coach (`AskCoach` inputs) in ``log``, in order: a game's result
    says its assist was used. The kernel logs these inputs as events, never as rows
    (`pegline_core.review`), so the rows are passed over unread."""
    seats: set[int] = set()
    for item in log:
        if type(item) is not tuple and isinstance(item, Input) \
                and isinstance(item.action, AskCoach):
            seats.add(item.action.seat)
    return tuple(sorted(seats))
