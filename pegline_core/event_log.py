"""`Game.log`: the events so far, as an immutable sequence whose events are built on read.

A machine may keep its events as rows (`pegline_core.event_rows`); `EventLog` is the reader's
side. It behaves as the tuple of events it stands for (length, indexing, slices, iteration,
equality with tuples and other logs, ``+``), but builds each event only when it is first read,
and stores it back in the game's own log while the game lives: a log read later gets that same
event. It holds the game's entries at the time it was made: later steps, or an undo, do not
change it; nor does it keep the game's later events alive.

>>> from pegline_core import Game
>>> game = Game("two-player", dealer=1)
>>> log = game.log
>>> len(log), log[0].dealer, log == tuple(log), log[0] is game.log[0]
(1, 1, True, True)
"""

from __future__ import annotations

import operator
import weakref
from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload

from pegline_core.event_rows import built_all, event_of
from pegline_core.events import Event

__all__ = ["EventLog"]


class EventLog(Sequence[Event]):
    """The events of a game up to the moment it was read, built as they are read."""

    __slots__ = ("_entries", "_owner")

    def __init__(self, source: list[Any], owner: object | None = None) -> None:
        """The entries of ``source``, the log of ``owner`` (a game, held weakly: its later
        events are not kept alive by an old log)."""
        self._entries = list(source)
        self._owner: Callable[[], Any] = weakref.ref(owner) if owner is not None else _nobody

    def __len__(self) -> int:
        return len(self._entries)

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...

    def __getitem__(self, index: int | slice) -> Event | tuple[Event, ...]:
        if isinstance(index, slice):
            return tuple(self._event(i) for i in range(*index.indices(len(self._entries))))
        try:
            at = operator.index(index)  # as a tuple takes it: an int, a bool, numpy's ints
        except TypeError:
            raise TypeError(f"log indices must be integers or slices, not "
                            f"{type(index).__name__}") from None
        size = len(self._entries)
        if at < 0:
            at += size
        if not 0 <= at < size:
            raise IndexError(f"no event {index!r} in a log of {size}")
        return self._event(at)

    def __iter__(self) -> Iterator[Event]:
        return iter(built_all(self._entries, self._source()))  # read through: build them all

    def _source(self) -> list[Any]:
        """The game's own log, while the game lives (else nothing to store back into)."""
        owner = self._owner()
        return owner._log if owner is not None else []

    def _event(self, index: int) -> Event:
        entry = self._entries[index]
        if type(entry) is not tuple:
            return entry  # type: ignore[no-any-return]
        event = self._entries[index] = event_of(entry, index)
        source = self._source()
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

    def __mul__(self, times: int) -> tuple[Event, ...]:
        return tuple(self) * times

    __rmul__ = __mul__

    def __lt__(self, other: object) -> bool:
        return tuple(self) < _as_tuple(other)

    def __le__(self, other: object) -> bool:
        return tuple(self) <= _as_tuple(other)

    def __gt__(self, other: object) -> bool:
        return tuple(self) > _as_tuple(other)

    def __ge__(self, other: object) -> bool:
        return tuple(self) >= _as_tuple(other)

    def __reduce__(self) -> tuple[Any, ...]:  # the events themselves, not the game behind them
        return (EventLog, (list(self),))

    def __copy__(self) -> EventLog:
        return self  # immutable

    def __repr__(self) -> str:
        return repr(tuple(self))


def _nobody() -> None:
    """The owner of a log made from events alone."""
    return None


def _as_tuple(other: object) -> tuple[Any, ...]:
    if isinstance(other, (EventLog, tuple)):
        return tuple(other)
    raise TypeError(f"an event log compares with a tuple or another log, not "
                    f"{type(other).__name__}")
