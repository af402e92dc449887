"""The declared type of each field of an action, checked where actions enter a game
(`Game.apply`): a wrong type is an `IllegalActionError` naming the field, in both builds, before
any machine reads it (a compiled machine trusts the types it declares).

>>> from pegline_core.events import AskCoach
>>> wrong_field(AskCoach(2.5))
'no seat 2.5 (AskCoach.seat: expected an integer, got the float 2.5)'
>>> wrong_field(AskCoach(1)) is None
True

A game's actions that are values (a seat's play of a card, its go) can be made once per process
and `interned`: checked when made, and known to `Game.apply` by identity after that.
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from typing import Final, TypeVar

import attrs

from pegline_core.cards import Card
from pegline_core.events import Action
from pegline_core.strict import describe

__all__ = ["wrong_field", "interned", "INTERNED"]

Check = Callable[[object], bool]
_CHECKS: dict[type, tuple[tuple[str, Check, str], ...]] = {}
A = TypeVar("A", bound=Action)

INTERNED: Final[dict[int, Action]] = {}
"""The interned actions by their ``id`` (kept alive here: no other object can take one's id)."""


def interned(action: A) -> A:
    """``action``, its fields' types checked now and never again: kept for the life of the
    process, so that `Game.apply` accepts it by identity. For the actions a game makes once and
    hands out from `legal_actions` (one play of each card per seat, say), never for one made
    per call (the registry would grow without end); an action must be immutable to be one.

    >>> from pegline_core.events import AskCoach
    >>> ask = interned(AskCoach(3))
    >>> id(ask) in INTERNED, ask == AskCoach(3)
    (True, True)
    >>> interned(AskCoach("3"))
    Traceback (most recent call last):
    TypeError: no seat '3' (AskCoach.seat: expected an integer, got the string '3')
    """
    wrong = wrong_field(action)
    if wrong is not None:
        raise TypeError(wrong)
    INTERNED[id(action)] = action
    return action


def wrong_field(action: Action) -> str | None:
    """What is wrong with the type of one of ``action``'s fields, or None (an action that is not
    an attrs class is the machine's to refuse)."""
    cls = type(action)
    checks = _CHECKS.get(cls)
    if checks is None:
        checks = _CHECKS[cls] = _checks_of(cls)
    for name, ok, what in checks:
        value = getattr(action, name)
        if not ok(value):
            wrong = f"{cls.__name__}.{name}: expected {what}, got {describe(value)}"
            # a seat, or a card, says so first, as every refusal of one does
            if name == "seat":
                return f"no seat {value!r} ({wrong})"
            return f"every card must be a Card ({wrong})" if "card" in what else wrong
    return None


def _checks_of(cls: type) -> tuple[tuple[str, Check, str], ...]:
    if not attrs.has(cls):
        return ()
    try:
        hints = typing.get_type_hints(cls)
    except (NameError, TypeError):  # an annotation that cannot be resolved: nothing to check
        return ()
    found = []
    for field in attrs.fields(cls):
        check = _check(hints.get(field.name))
        if check is not None:
            found.append((field.name, *check))
    return tuple(found)


_SCALARS: dict[object, tuple[Check, str]] = {
    int: (lambda v: type(v) is int, "an integer"),
    str: (lambda v: type(v) is str, "a string"),
    bool: (lambda v: type(v) is bool, "a boolean"),
    Card: (lambda v: isinstance(v, Card), "a card"),
}


def _check(hint: object) -> tuple[Check, str] | None:
    """A check and its description for the types actions declare: scalars, cards, tuples of
    them and optional ones; None for any other (left to the machine)."""
    if hint in _SCALARS:
        return _SCALARS[hint]
    args = typing.get_args(hint)
    origin = typing.get_origin(hint)
    if origin is tuple and len(args) == 2 and args[1] is ...:
        inner = _check(args[0])
        if inner is None:
            return None
        each, what = inner
        return (lambda v: type(v) is tuple and all(each(x) for x in v)), f"a tuple of {what}"
    if len(args) == 2 and type(None) in args:  # X | None
        inner = _check(next(a for a in args if a is not type(None)))
        if inner is None:
            return None
        each, what = inner
        return (lambda v: v is None or each(v)), f"{what} or None"
    return None
