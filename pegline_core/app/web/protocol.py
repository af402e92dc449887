"""What a game plugin gives the web page: its table (`WebTable`), found through the game.

The server knows no game. Each game that can be played in the browser offers a `WebTable`
through its ``pegline_web_table`` hook (`pegline_core.app.hookspecs`): the JSON form of one
seat's view, what that seat is asked now, how a move sent by the page becomes an action, the
coach's compare, and the script that draws the table in the page.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from pegline_core.app.i18n import Messages
from pegline_core.coaching import Comparison
from pegline_core.errors import PeglineError
from pegline_core.events import Action, Event
from pegline_core.game import Game

__all__ = ["WebTable", "RequestError", "move_kind", "whole", "query_number", "LARGEST"]

Json = dict[str, Any]
_ = Messages("pegline_core.app").gettext


LARGEST = 2**63 - 1
"""The largest whole number a request may carry where nothing smaller bounds it (a seed): the
largest SQLite keeps as an INTEGER."""


class RequestError(PeglineError):
    """A request the server cannot read: bad JSON, a missing or mistyped field (HTTP 400)."""


def whole(value: object, name: str, low: int, high: int) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``; else `RequestError` saying
    the range (a bool is not a number, nor is 1.0 a whole one).

    >>> whole(3, "seat", 0, 3)
    3
    >>> whole(True, "seat", 0, 3)
    Traceback (most recent call last):
    pegline_core.app.web.protocol.RequestError: seat is a whole number from 0 to 3, not True
    """
    if type(value) is not int or not low <= value <= high:
        raise RequestError(_("{name} is a whole number from {low} to {high}, not {value}").format(
            name=name, low=low, high=high, value=_shown(value)))
    return value


def query_number(text: str, name: str, high: int) -> int:
    """A number in a URL's query (``?since=12``): digits 0-9 making a whole number from 0 to
    ``high``; `RequestError` saying the range otherwise."""
    number = int(text) if text.isascii() and text.isdigit() and len(text) <= 20 else text
    return whole(number, name, 0, high)


def _shown(value: object) -> str:
    """``value`` as a refusal quotes it: a huge number cut short (the message stays short)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class WebTable(Protocol):
    """A game's table in the browser. Everything it returns must be JSON-ready and must come
    from the seat's view and the public log only (the server checks nothing it cannot see)."""

    script: Path
    """The script that draws the table (served at ``/tables/<game>.js``)."""
    style: Path
    """Its style sheet (served at ``/tables/<game>.css``)."""
    options: Sequence[Json]
    """Setup choices besides the variant and the bots, each ``{"name", "label", "choices"}``
    with choices ``{"value", "label", "overlays"}`` (the first the default): a choice adds its
    overlays to the chosen variant."""

    def table(self, view: Any, log: Sequence[Event]) -> Json:
        """The seat's view as JSON, with what the public ``log`` adds (pegs, shows)."""

    def prompt(self, view: Any, legal: Sequence[Action]) -> Json:
        """What the seat is asked now (``legal`` is its legal actions, empty if none)."""

    def action(self, seat: int, data: Mapping[str, object], view: Any) -> Action:
        """The action a move from the page stands for; `RequestError` if it cannot be read
        (whether the rules allow it is the game's to say)."""

    def committed(self, action: Action) -> bool:
        """Whether ``action`` is a decision the coach can compare afterwards."""

    def compare(self, comparison: Comparison) -> Json:
        """The page's form of `Game.compare`'s answer: the coach's candidates for the seat's
        last committed decision, its own move marked."""

    def replay_table(self, game: Game) -> Json:
        """The table with every seat's cards, for replaying a finished record."""

    def public_table(self, game: Game) -> Json:
        """The table as a spectator sees it: what is public, every hand face down (the page
        draws it as a replay's table with no hands)."""


def move_kind(data: Mapping[str, object], moves: Mapping[str, set[str]]) -> str:
    """The ``type`` of a move from the page, checked against ``moves`` (each type's fields):
    `RequestError` for an unknown type or a field the type does not have.

    >>> move_kind({"type": "play", "card": "5H"}, {"play": {"card"}, "go": set()})
    'play'
    >>> move_kind({"type": "go", "card": "5H"}, {"play": {"card"}, "go": set()})
    Traceback (most recent call last):
    pegline_core.app.web.protocol.RequestError: a go move has no field 'card'
    """
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in moves:
        raise RequestError(_("a move's type is one of {types}, not {kind}").format(
            types=", ".join(moves), kind=repr(kind)))
    extra = set(data) - moves[kind] - {"type"}
    if extra:
        raise RequestError(_("a {kind} move has no field {field}").format(
            kind=kind, field=repr(min(extra))))
    return kind
