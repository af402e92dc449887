"""Events: the append-only log of a game, and its one JSON-ready form.

Every event has a sequence number, the hand number, the phase and the actor (a seat, or None for
chance and the rules). `Input` events hold the actions that drove the game; every other event is
derived from them by the rules, so replaying the inputs must reproduce the rest exactly, and names
its ``cause``: the sequence number of the input that caused it (None for what the game's start
caused).

The kernel defines what every game shares (`Input`, `Scored`, `GameEnded`, the `AskCoach` action);
a game defines its own actions and events. Each class names its ``type`` tag in ``TAG``, and an
`EventCodec` for a game turns events into plain dicts and back through a strict cattrs converter.
"""

from __future__ import annotations

import functools
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, Protocol

import attrs
import cattrs
from attrs import fields, frozen
from cattrs.gen import make_dict_unstructure_fn, override

from pegline_core.cards import Card
from pegline_core.errors import CardError, PeglineError, PluginError
from pegline_core.messages import Problem, Template, said
from pegline_core.strict import StructureProblems, problems_of, problems_text
from pegline_core.strict import converter as strict_converter

_UNKNOWN_TYPE = Template("event.type", "unknown event type {type}")
_NOT_AN_INTEGER = Template("event.integer", "{type} event: {key} must be an integer, got {value}")
_NOT_A_STRING = Template("event.string", "{type} event: {key} must be a string, got {value}")
_NOT_A_SEAT = Template("event.seat", "{type} event: {key} must be a seat, got {value}")
_NOT_A_CAUSE = Template("event.cause", "{type} event: cause must be an input's seq on a derived "
                        "event, got {value}")

__all__ = ["Action", "Event", "Input", "Scored", "GameEnded", "SideResult", "AskCoach",
           "EventCodec", "KERNEL_ACTIONS", "KERNEL_EVENTS"]


class Action(Protocol):
    """What every action is, a chance outcome or a seat's move: an immutable value whose class
    names its record ``type`` in ``TAG`` (`AskCoach`, and each game's own classes)."""

    TAG: ClassVar[str]


@frozen
class Event:
    """What every event carries."""

    TAG: ClassVar[str] = ""
    seq: int
    hand: int
    phase: str
    actor: int | None
    cause: int | None = attrs.field(default=None, kw_only=True, repr=False)
    """The ``seq`` of the input that caused this derived event (None for an input)."""


@frozen
class Input(Event):
    """An action applied to the game: a chance outcome or a player's move."""

    action: Action


@frozen
class Scored(Event):
    """Points for ``actor``'s side under one rule; ``total`` is the side's score after them."""

    TAG = "score"
    side: int
    points: int
    rule: str
    plugin: str
    cards: tuple[Card, ...]
    total: int
    pending: bool = attrs.field(default=False, repr=False)
    """A claim that the responses still to come may take back (e.g. a count declared by hand,
    possibly an overcount); left out of the dict form when False."""


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

    TAG = "result"
    results: tuple[SideResult, ...]
    game_points: int
    lowball: bool = False
    """Whether the first to the target lost (a game may play for the lowest score)."""
    assist_used: tuple[int, ...] = ()
    """Seats that asked the coach during the game."""

    @property
    def winner(self) -> SideResult:
        return self.results[0]


@frozen
class AskCoach:
    """A seat asks the coach to compare its last committed decision. It changes nothing in the
    play, but marks the game "assist used". Never listed among legal actions."""

    TAG: ClassVar[str] = "ask-coach"
    seat: int


KERNEL_ACTIONS: dict[str, type] = {AskCoach.TAG: AskCoach}
KERNEL_EVENTS: dict[str, type] = {Scored.TAG: Scored, GameEnded.TAG: GameEnded}
_HEAD = ("seq", "hand", "phase", "actor", "cause")
_Unstructure = Callable[[object], dict[str, object]]
"""An event's or an action's unstructure function: its fields as a table."""


def _card_from(value: object, _type: object) -> Card:
    if not isinstance(value, str):
        raise CardError(f"a card must be a string like '5H', not {value!r}")
    return Card.parse(value)


def _is_cards(cls: object) -> bool:
    """``tuple[Card, ...]``: most of a record's values, unstructured without cattrs' general
    iterable path (a record is written at most as slowly as its game is played)."""
    return typing.get_origin(cls) is tuple and typing.get_args(cls) == (Card, ...)


def _card_names(cards: tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


@functools.cache
def _converter() -> cattrs.Converter:
    """One converter for every codec: its hooks are generated once per class, not per game."""
    conv = strict_converter.copy()
    conv.register_unstructure_hook(Card, str)
    conv.register_unstructure_hook_func(_is_cards, _card_names)
    conv.register_structure_hook(Card, _card_from)
    conv.register_unstructure_hook(Scored, make_dict_unstructure_fn(
        Scored, conv, pending=override(omit_if_default=True)))
    return conv


class Tags(Protocol):
    """What a codec reads of a game (a `pegline_core.definition.GameDefinition`): its action and
    event classes by ``type`` tag."""

    @property
    def actions(self) -> Mapping[str, type]: ...
    @property
    def events(self) -> Mapping[str, type]: ...


class EventCodec:
    """Events and actions of one game as plain, JSON- and TOML-ready dicts, and back.

    An input event reads as its header, the action's ``type`` and the action's fields; a derived
    event as its header, its ``type`` and its fields. TOML has no null: a field that is None is
    left out, and reads back as None.

    >>> from pegline_core.plugins import game_definition
    >>> codec = EventCodec(game_definition("cribbage"))
    >>> from pegline_cribbage.actions import Play
    >>> data = codec.to_dict(Input(3, 1, "pegging", 0, Play(0, Card.parse("5H"))))
    >>> data
    {'seq': 3, 'hand': 1, 'phase': 'pegging', 'actor': 0, 'type': 'play', 'seat': 0, 'card': '5H'}
    >>> codec.from_dict(data).action
    Play(seat=0, card=Card.parse('5H'))
    """

    def __init__(self, game: Tags) -> None:
        self.actions: dict[str, type] = {**KERNEL_ACTIONS, **game.actions}
        self.events: dict[str, type] = {**KERNEL_EVENTS, **game.events}
        self.converter = _converter()
        self._unstructurers: dict[type, _Unstructure] = {}
        for tag, cls in self.actions.items():  # an action's fields share one table with the head
            clash = sorted(set(_HEAD) & {field.name for field in fields(cls)})
            if clash:
                raise PluginError(f"action {cls.__name__} ({tag!r}) has a field named "
                                  f"{clash[0]!r}, which every event's header uses: rename it")

    @property
    def input_types(self) -> frozenset[str]:
        """The ``type`` of every input event."""
        return frozenset(self.actions)

    def to_dict(self, event: Event) -> dict[str, object]:
        if isinstance(event, Input):
            subject: Action | Event = event.action
            body = self._unstructurer(type(subject))(subject)
        else:
            subject = event
            body = self._unstructurer(type(event))(event)
            for key in _HEAD:
                del body[key]
        out: dict[str, object] = {
            "seq": event.seq, "hand": event.hand, "phase": str(event.phase),  # a plain str
            "actor": event.actor, "cause": event.cause, "type": type(subject).TAG}
        out.update(body)
        return {key: value for key, value in out.items() if value is not None}

    def _unstructurer(self, cls: type) -> _Unstructure:
        """The converter's unstructure function for ``cls``, found once (writing a record
        unstructures every event)."""
        found = self._unstructurers.get(cls)
        if found is None:
            found = self._unstructurers[cls] = self.converter.get_unstructure_hook(cls)
        return found

    def from_dict(self, data: Mapping[str, Any]) -> Event:
        """The event, or `PeglineError` naming what is wrong."""
        if not isinstance(data, Mapping):
            raise PeglineError(f"an event must be a table, not {type(data).__name__}")
        body = dict(data)
        tag = body.pop("type", None)
        cls = self.actions.get(tag) if isinstance(tag, str) else None
        is_input = cls is not None
        if cls is None:
            cls = self.events.get(tag) if isinstance(tag, str) else None
        if cls is None:
            raise PeglineError(_UNKNOWN_TYPE(type=repr(tag)))
        head = {key: body.pop(key, None) for key in _HEAD}
        for key in ("seq", "hand"):
            if type(head[key]) is not int:
                raise PeglineError(_NOT_AN_INTEGER(type=tag, key=key, value=repr(head[key])))
        if not isinstance(head["phase"], str):
            raise PeglineError(_NOT_A_STRING(type=tag, key="phase", value=repr(head["phase"])))
        if head["actor"] is not None and type(head["actor"]) is not int:
            raise PeglineError(_NOT_A_SEAT(type=tag, key="actor", value=repr(head["actor"])))
        if head["cause"] is not None and (is_input or type(head["cause"]) is not int):
            raise PeglineError(_NOT_A_CAUSE(type=tag, value=repr(head["cause"])))
        try:
            if is_input:
                return Input(**head, action=self._structure(body, cls))
            return self._structure(head | body, cls)  # type: ignore[no-any-return]
        except PeglineError as exc:
            raise PeglineError(Problem(said(exc), f"{tag} event")) from None

    def _structure(self, body: dict[str, Any], cls: type) -> Any:
        for field in fields(cls):  # TOML has no null: an optional field left out is None
            if field.name not in body and _optional(field.type):
                body[field.name] = None
        try:
            return self.converter.structure(body, cls)
        except cattrs.BaseValidationError as exc:
            raise PeglineError(problems_text(problems_of(exc))) from None
        except (StructureProblems, TypeError, ValueError) as exc:
            raise PeglineError(said(exc)) from None

    def dicts(self, events: Iterable[Event]) -> list[dict[str, object]]:
        return [self.to_dict(event) for event in events]


def _optional(annotation: object) -> bool:
    return "None" in str(annotation)
