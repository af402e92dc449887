"""Events stored as rows, built when someone reads them: the compact log of the fast lane.

A compiled machine appends to its log, in place of an event, a row: the event's class, its
positional fields, its ``cause`` and any further keyword fields (or None). A row is a plain
tuple, which costs a fraction of an `attrs` event's ``__init__``; most events of a simulated game
are never read. `Game` builds each row into its event the first time it is read, and stores the
event in its place, so every reader (`Game.log`, records, printers, the codec) gets the same
events, with the same content, as if they had been built at once. A machine that appends events
itself (any third-party game) never meets a row.

>>> from pegline_core.events import Input, AskCoach
>>> log = [row(Input, (0, 1, "pegging", 1, AskCoach(1)), None, None)]
>>> built(log, 0) == Input(0, 1, "pegging", 1, AskCoach(1)), built(log, 0) is log[0]
(True, True)
>>> inputs_of(log)
[AskCoach(seat=1)]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pegline_core.events import Event, Input

__all__ = ["row", "built", "built_all", "event_of", "built_from", "input_at", "inputs_of"]


def row(cls: type, fields: tuple[Any, ...], cause: int | None,
        extra: Mapping[str, Any] | None) -> tuple[Any, ...]:
    """The row of the event ``cls(*fields, cause=cause, **extra)``."""
    return (cls, fields, cause, extra)


def built(log: list[Any], index: int) -> Event:
    """The event at ``index``, built in place if it is still a row."""
    item = log[index]
    if type(item) is tuple:
        item = log[index] = event_of(item)
    return item  # type: ignore[no-any-return]


def event_of(item: tuple[Any, ...]) -> Event:
    """The event a row stands for."""
    cls, fields, cause, extra = item
    return cls(*fields, cause=cause, **extra) if extra else cls(*fields, cause=cause)  # type: ignore[no-any-return]


def built_all(entries: list[Any], source: list[Any]) -> list[Event]:
    """``entries`` (a copy of ``source``, or a part of it from its start) with every row built
    in place, and stored back in ``source`` where it still holds the same row."""
    size = len(source)
    for index in range(len(entries)):
        item = entries[index]
        if type(item) is tuple:
            event = entries[index] = event_of(item)
            if index < size and source[index] is item:
                source[index] = event
    return entries


def built_from(log: list[Any], start: int = 0) -> list[Event]:
    """The events from ``start`` on, each built in place if it is still a row."""
    return [built(log, index) for index in range(start, len(log))]


def input_at(log: list[Any], index: int) -> tuple[int | None, Any] | None:
    """The actor and action of the `Input` at ``index``, or None for any other event; read
    from a row without building it."""
    item = log[index]
    if type(item) is tuple:
        if item[0] is not Input:
            return None
        fields = item[1]
        return fields[3], fields[4]
    if isinstance(item, Input):
        return item.actor, item.action
    return None


def inputs_of(log: list[Any]) -> list[Any]:
    """The actions of every `Input` of the log, in order."""
    found = []
    for index in range(len(log)):
        entry = input_at(log, index)
        if entry is not None:
            found.append(entry[1])
    return found
