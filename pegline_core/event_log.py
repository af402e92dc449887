"""`Game.log`: the events so far, as an immutable sequence whose events are built on read.

A machine may keep its events as rows (`pegline_core.event_rows`); `EventLog` is the reader's
side. It behaves as the tuple of events it stands for (length, indexing, slices, iteration,
equality with tuples and other logs, ``+``), but builds each event only when it is first read,
and stores it back in the game's own log: a log read later gets that same event. It holds the
game's entries at the time it was made: later steps, or an undo, do not change it.

>>> from pegline_core import Game
>>> game = Game("two-player", dealer=1)
>>> log = game.log
>>> len(log), log[0].dealer, log == tuple(log), log[0] is game.log[0]
(1, 1, True, True)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, overload

from pegline_core.event_rows import event_of
from pegline_core.events import Event

__all__ = ["EventLog"]


class EventLog(Sequence[Event]):
    """The events of a game up to the moment it was read, built as they are read."""

    __slots__ = ("_entries", "_source")

    def __init__(self, source: list[Any]) -> None:
        self._source = source
        self._entries = list(source)

    def __len__(self) -> int:
        return len(self._entries)

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...

    def __getitem__(self, index: int | slice) -> Event | tuple[Event, ...]:
        if isinstance(index, slice):
            return tuple(self._event(i) for i in range(*index.indices(len(self._entries))))
        size = len(self._entries)
        at = index + size if type(index) is int and index < 0 else index
        if type(at) is not int or not 0 <= at < size:
            raise IndexError(f"no event {index!r} in a log of {size}")
        return self._event(at)

    def __iter__(self) -> Iterator[Event]:
        for index in range(len(self._entries)):
            yield self._event(index)

    def _event(self, index: int) -> Event:
        entry = self._entries[index]
        if type(entry) is not tuple:
            return entry  # type: ignore[no-any-return]
        event = self._entries[index] = event_of(entry)
        source = self._source
        if index < len(source) and source[index] is entry:  # the game's own log, still the same
            source[index] = event
        return event

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (EventLog, tuple)):
            return len(self) == len(other) and tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __add__(self, other: Sequence[Event]) -> tuple[Event, ...]:
        if isinstance(other, (EventLog, tuple)):
            return (*self, *other)
        return NotImplemented

    def __radd__(self, other: tuple[Event, ...]) -> tuple[Event, ...]:
        if isinstance(other, tuple):
            return (*other, *self)
        return NotImplemented

    def __repr__(self) -> str:
        return repr(tuple(self))
