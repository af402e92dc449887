"""Events: the append-only log of a game.

Every event has a sequence number, the hand number, the phase and the actor (a seat, or None for
chance and the rules). `Input` events hold the actions that drove the game; every other event is
derived from them by the rules, so replaying the inputs must reproduce the rest exactly.
"""

from __future__ import annotations

from typing import Any

from attrs import field, frozen

from pegline_core.actions import (
    Action,
    AskCoach,
    CutForDeal,
    CutStarter,
    Deal,
    Declare,
    Discard,
    Go,
    Play,
    Respond,
)
from pegline_core.cards import Card, parse_cards

__all__ = ["Event", "Input", "DealerChosen", "Scored", "SeriesEnded", "HandShown", "GameEnded",
           "SideResult", "CountSettled", "Combination", "event_to_dict", "event_from_dict"]


@frozen
class Event:
    seq: int
    hand: int
    phase: str
    actor: int | None


@frozen
class Input(Event):
    """An action applied to the game (a chance outcome or a player's move)."""

    action: Action


@frozen
class DealerChosen(Event):
    """The cut for deal chose the first dealer."""

    dealer: int


@frozen
class Scored(Event):
    """Points for ``actor``'s side under one rule; ``total`` is the side's score after them."""

    side: int
    points: int
    rule: str
    plugin: str
    cards: tuple[Card, ...] = field(converter=tuple)
    total: int


@frozen
class SeriesEnded(Event):
    """A pegging series ended at ``count``; the count resets. ``actor`` played its last card."""

    count: int


@frozen
class HandShown(Event):
    """``actor`` shows a hand (or the crib) with the starter; its scores follow as `Scored`."""

    cards: tuple[Card, ...] = field(converter=tuple)
    starter: Card
    crib: bool
    points: int


@frozen
class Combination:
    """One line of a count's breakdown: a rule, its points and its cards."""

    rule: str
    points: int
    cards: tuple[Card, ...] = field(converter=tuple)


@frozen
class CountSettled(Event):
    """Muggins: a count is settled and its true breakdown shown to everyone.

    ``outcome`` is ``accepted``, ``muggins``, ``false-muggins``, ``overcount`` or
    ``false-overcount``; ``claimant`` is the responder whose claim settled it (None if accepted).
    """

    cards: tuple[Card, ...] = field(converter=tuple)
    starter: Card
    crib: bool
    declared: int
    points: int
    outcome: str
    claimant: int | None
    breakdown: tuple[Combination, ...] = field(converter=tuple)


@frozen
class SideResult:
    """Where a side finished: ``place`` 1 is the winner; ``mark`` a skunk line's name or ''."""

    side: int
    seats: tuple[int, ...]
    score: int
    place: int
    mark: str = ""


@frozen
class GameEnded(Event):
    """The result: the sides by place, and the game points the winner earns."""

    results: tuple[SideResult, ...]
    game_points: int
    lowball: bool
    assist_used: tuple[int, ...] = field(default=(), converter=tuple)
    """Seats that asked the coach during the game."""

    @property
    def winner(self) -> SideResult:
        return self.results[0]


# -- JSON form ---------------------------------------------------------------------------------

_ACTION_TYPES = {"cut-for-deal": CutForDeal, "deal": Deal, "discard": Discard,
                 "starter": CutStarter, "play": Play, "go": Go, "declare": Declare,
                 "respond": Respond, "ask-coach": AskCoach}
_ACTION_NAMES = {cls: name for name, cls in _ACTION_TYPES.items()}
INPUT_TYPES = frozenset(_ACTION_TYPES)
"""The ``type`` of every input event."""
_EVENT_TYPES = {"dealer": DealerChosen, "score": Scored, "series-end": SeriesEnded,
                "show": HandShown, "settled": CountSettled, "result": GameEnded}
_EVENT_NAMES = {cls: name for name, cls in _EVENT_TYPES.items()}


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, SideResult | Combination):
        return _fields(value)
    return value


def _fields(obj: Any) -> dict[str, Any]:
    return {a.name: _plain(getattr(obj, a.name)) for a in obj.__attrs_attrs__}


def event_to_dict(event: Event) -> dict[str, Any]:
    """A JSON-ready dict: header, ``type``, then the event's (or its action's) fields.

    >>> from pegline_core.cards import Card
    >>> event_to_dict(Input(3, 1, "pegging", 0, Play(0, Card.parse("5H"))))
    {'seq': 3, 'hand': 1, 'phase': 'pegging', 'actor': 0, 'type': 'play', 'seat': 0, 'card': '5H'}
    """
    head = {"seq": event.seq, "hand": event.hand, "phase": event.phase, "actor": event.actor}
    if isinstance(event, Input):
        return head | {"type": _ACTION_NAMES[type(event.action)]} | _fields(event.action)
    body = _fields(event)
    for key in head:
        body.pop(key)
    return head | {"type": _EVENT_NAMES[type(event)]} | body


def _cards(value: Any) -> Any:
    if isinstance(value, str):
        return parse_cards([value])[0]
    return tuple(_cards(v) for v in value)


_CARD_FIELDS = {"cards", "card", "hands", "crib", "starter"}


def event_from_dict(data: dict[str, Any]) -> Event:
    """The inverse of `event_to_dict`; raises `ValueError` naming what is wrong."""
    data = dict(data)
    kind = data.pop("type", None)
    try:
        head = [data.pop(k) for k in ("seq", "hand", "phase")] + [data.pop("actor", None)]
    except KeyError as exc:
        raise ValueError(f"event is missing {exc.args[0]!r}") from None
    if kind in _ACTION_TYPES:
        cls: Any = _ACTION_TYPES[kind]
    elif kind in _EVENT_TYPES:
        cls = _EVENT_TYPES[kind]
    else:
        raise ValueError(f"unknown event type {kind!r}")
    fields = {k: (_cards(v) if k in _CARD_FIELDS and not isinstance(v, bool) else v)
              for k, v in data.items()}
    if cls is CountSettled:
        fields.setdefault("claimant", None)  # TOML has no null
        fields["breakdown"] = tuple(Combination(b["rule"], b["points"], _cards(b["cards"]))
                                    for b in fields["breakdown"])
    if cls is GameEnded:
        fields["results"] = tuple(SideResult(**{**r, "seats": tuple(r["seats"])})
                                  for r in fields["results"])
    try:
        if kind in _ACTION_TYPES:
            return Input(*head, cls(**fields))
        return cls(*head, **fields)
    except (TypeError, KeyError, AttributeError) as exc:
        raise ValueError(f"{kind} event: {exc}") from None
