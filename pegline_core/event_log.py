"""`Game.log` and what `Game.apply` returns: events as immutable sequences built on read.

A machine may keep its events as rows (`pegline_core.event_rows`); these are the reader's side.
`EventLog` (the log so far) behaves as the tuple of the events it stands for, `StepEvents` (the
events of one step) as their list: length, indexing, slices, iteration, equality with a tuple
(a list) and another of its kind, ``+``. Each builds an event only when it is first read, and
stores it back in the game's own log while the game lives: every reader, earlier or later,
gets that same event. Each holds the game's entries at the time it was made: later steps, or an
undo, do not change it; nor does it keep the game's later events alive.

>>> from pegline_core import Game
>>> game = Game("two-player", dealer=1)
>>> log = game.log
>>> len(log), log[0].dealer, log == tuple(log), log[0] is game.log[0]
(1, 1, True, True)
>>> import random
>>> events = game.apply(game.chance_action(random.Random(7)))   # the deal
>>> events[0] is game.log[1], game.log[2] is events[1]   # whichever is read first
(True, True)
"""

from __future__ import annotations

import operator
import weakref
from abc import abstractmethod
from collections.abc import Callable, Iterator, Sequence
from typing import Any, SupportsIndex, cast, overload

from pegline_core.event_rows import built_all, event_of, stored
from pegline_core.events import Event

__all__ = ["EventLog", "StepEvents", "LazyEvents"]


class LazyEvents(Sequence[Event]):  # noqa: PLW1641 - each kind hashes as its form does
    """Events of a game's log from one place on, as it was when read, each built when it is
    first read and stored back in the game's own log while the game lives. A subclass says
    which built-in sequence it behaves as (`_form`: its slices, equality, ``+``, repr).

    Compiled with `Game`'s steps (a step's events are made at every `Game.apply`): so no
    class-level values, each method written out."""

    __slots__ = ("_entries", "_owner", "_start")

    def __init__(self, source: list[Any], owner: object | None = None, start: int = 0) -> None:
        """The entries of ``source`` from ``start`` on, the log of ``owner`` (a game, held
        weakly: its later events are not kept alive by these)."""
        self._entries = source[start:]
        self._start = start
        self._owner: Callable[[], Any] = weakref.ref(owner) if owner is not None else _nobody

    def __len__(self) -> int:
        return len(self._entries)

    def _at(self, index: Any) -> Event:
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

    def _events(self, part: slice) -> list[Event]:
        return [self._event(i) for i in range(*part.indices(len(self._entries)))]

    def __iter__(self) -> Iterator[Event]:  # read through: build them all
        return iter(built_all(self._entries, self._source(), self._start))

    def _source(self) -> list[Any]:
        """The game's own log, while the game lives (else nothing to store back into)."""
        owner = self._owner()
        return owner._log if owner is not None else []

    def _event(self, index: int) -> Event:
        entry = self._entries[index]
        if type(entry) is not tuple:
            return entry  # type: ignore[no-any-return]
        at = self._start + index
        event = self._entries[index] = stored(self._source(), at, entry, event_of(entry, at))
        return event

    @abstractmethod
    def _form(self) -> type[tuple[Any, ...] | list[Any]]:
        """The sequence these behave as: tuple or list (each kind says which)."""

    def _same_form(self, other: object) -> bool:
        """Whether ``other`` compares with these: another of their kind, or their form (compiled,
        ``isinstance(other, type(self))`` would take any sequence for their kind)."""
        return type(other) is type(self) or isinstance(other, self._form())

    def _as_list(self, other: object) -> list[Event]:
        if self._same_form(other):
            return list(cast(Sequence[Event], other))
        raise TypeError(f"{type(self).__name__} compares with a {self._form().__name__} or "
                        f"another {type(self).__name__}, not {type(other).__name__}")

    def __eq__(self, other: object) -> bool:
        if self._same_form(other):
            theirs = cast(Sequence[Event], other)
            return len(self) == len(theirs) and list(self) == list(theirs)  # these built first
        return NotImplemented

    def __ne__(self, other: object) -> bool:  # compiled, the default would not defer to other
        if self._same_form(other):
            return not self == other
        return NotImplemented

    def __lt__(self, other: object) -> bool:
        return list(self) < self._as_list(other)

    def __le__(self, other: object) -> bool:
        return list(self) <= self._as_list(other)

    def __gt__(self, other: object) -> bool:
        return list(self) > self._as_list(other)

    def __ge__(self, other: object) -> bool:
        return list(self) >= self._as_list(other)

    def _joined(self, other: object, *, after: bool = False) -> list[Event] | None:
        """These events and ``other``'s (``after`` them), for ``+``; None if it is no form
        these join with."""
        if not self._same_form(other):
            return None
        theirs = list(cast(Sequence[Event], other))
        return [*theirs, *self] if after else [*self, *theirs]

    def __reduce__(self) -> tuple[Any, ...]:  # the events themselves, not the game behind them
        return (type(self), (list(self),))

    def __copy__(self) -> LazyEvents:
        return self  # immutable

    def __repr__(self) -> str:
        return repr(self._form()(self))


class EventLog(LazyEvents):
    """The events of a game up to the moment it was read, built as they are read: it behaves
    as their tuple (and hashes as it)."""

    __slots__ = ()

    def _form(self) -> type[tuple[Any, ...]]:
        return tuple

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...

    def __getitem__(self, index: object) -> Event | tuple[Event, ...]:
        if isinstance(index, slice):
            return tuple(self._events(index))
        return self._at(index)

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __add__(self, other: Sequence[Event]) -> tuple[Event, ...]:
        joined = self._joined(other)
        return NotImplemented if joined is None else tuple(joined)

    def __radd__(self, other: Sequence[Event]) -> tuple[Event, ...]:
        joined = self._joined(other, after=True)
        return NotImplemented if joined is None else tuple(joined)

    def __mul__(self, times: SupportsIndex) -> tuple[Event, ...]:
        return tuple(self) * times

    def __rmul__(self, times: SupportsIndex) -> tuple[Event, ...]:
        return tuple(self) * times


class StepEvents(LazyEvents):
    """The events of one step, what `Game.apply` returns, built as they are read: it behaves
    as their list, read-only (``+`` and slices give lists)."""

    __slots__ = ()

    def _form(self) -> type[list[Any]]:
        return list

    def __hash__(self) -> int:
        raise TypeError(f"unhashable type: {type(self).__name__!r}")  # as a list's

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...

    def __getitem__(self, index: object) -> Event | list[Event]:
        if isinstance(index, slice):
            return self._events(index)
        return self._at(index)

    def __add__(self, other: Sequence[Event]) -> list[Event]:
        joined = self._joined(other)
        return NotImplemented if joined is None else joined

    def __radd__(self, other: Sequence[Event]) -> list[Event]:
        joined = self._joined(other, after=True)
        return NotImplemented if joined is None else joined

    def __mul__(self, times: SupportsIndex) -> list[Event]:
        return list(self) * times

    def __rmul__(self, times: SupportsIndex) -> list[Event]:
        return list(self) * times


def _nobody() -> None:
    """The owner of a log made from events alone."""
    return None

