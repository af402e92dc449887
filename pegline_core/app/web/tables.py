"""The games the server is running: one `Table` per game, each with its own lock.

A table holds one game with one person (the ``human`` seat) and bots in the other seats. The bots
and chance move as soon as it is their turn, so a request always returns with the person to act
or the game over. Everything a table sends (`Table.state`) is built from the person's view and
the log as the game's printer redacts it for that seat: never another hand, the crib or the deck.
"""

from __future__ import annotations

import itertools
import random
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pegline_core.app.i18n import Messages
from pegline_core.app.players import bots_for
from pegline_core.app.web.protocol import Json, RequestError, WebTable, web_table
from pegline_core.definition import Player
from pegline_core.errors import IllegalActionError, PeglineError
from pegline_core.events import AskCoach, Event, GameEnded
from pegline_core.game import Game
from pegline_core.record import GameRecord
from pegline_core.variant import Variant

__all__ = ["Table", "Tables", "NotFound", "entry", "result_json"]

_ = Messages("pegline_core.app").gettext


class NotFound(PeglineError):
    """No game with that id (HTTP 404)."""


def entry(printer: Any, codec: Any, event: Event, redact: Callable[[Json], Json] | None) -> Json:
    """One line of the event log as the page shows it: its readable text and its data."""
    data = codec.to_dict(event)
    return {"seq": event.seq, "type": data["type"], "text": printer.lines(event),
            "data": data if redact is None else redact(data)}


def result_json(result: GameEnded | None, printer: Any) -> Json | None:
    if result is None:
        return None
    return {"sides": [{"side": r.side, "name": printer.side(r.side), "seats": list(r.seats),
                       "score": r.score, "place": r.place, "mark": r.mark}
                      for r in result.results],
            "game_points": result.game_points, "lowball": result.lowball,
            "assist_used": list(result.assist_used)}


class Table:
    """One game: a person at ``human`` and a bot in every other seat."""

    def __init__(self, ident: str, game: Game, web: WebTable, bots: Sequence[str],
                 seed: int, human: int = 0) -> None:
        self.id = ident
        self.game = game
        self.web = web
        self.human = human
        self.seed = seed
        self.lock = threading.Lock()
        self.abandoned = False
        self.rng = random.Random(seed)
        known = bots_for(game)
        self.players: dict[int, Player] = {}
        self.bots: dict[int, str] = {}
        others = [seat for seat in range(game.players) if seat != human]
        for seat, name in zip(others, itertools.cycle(bots), strict=False):
            self.players[seat] = known[name](seed + seat)
            self.bots[seat] = name
        self.printer = self._printer()
        redact = getattr(self.printer, "redact", None)
        if redact is None:  # never send what the seat may not see
            raise RequestError(_("the game {game} cannot hide other seats' cards from its "
                                 "events: it has no table in the page").format(
                game=repr(game.variant.game)))
        self.redact: Callable[[Json], Json] = redact
        self.entries: list[Json] = []
        self.recorded: list[Event] = []
        """The events in ``entries``, to print again in the language of each request."""
        self.last: tuple[Any, Any] | None = None
        """The person's last committed decision: the view it was made at, and the action."""
        self._advance([])

    # -- moving the game -----------------------------------------------------------------------

    def _record(self, events: Sequence[Event]) -> None:
        codec = self.game.codec
        self.entries += [entry(self.printer, codec, event, self.redact) for event in events]
        self.recorded += events

    @property
    def names(self) -> dict[int, str]:
        """The seats' names, in the current language."""
        names = {self.human: _("seat {n} (you)").format(n=self.human)}
        names |= {seat: _("seat {n} ({bot})").format(n=seat, bot=bot)
                  for seat, bot in self.bots.items()}
        return names

    def _printer(self) -> Any:
        """A new printer for the person's seat, speaking the current language."""
        game = self.game
        return game.ruleset.game.printer(game.variant, reveal={self.human}, names=self.names)

    def _advance(self, events: Sequence[Event]) -> None:
        """Let chance and the bots act until it is the person's turn or the game is over."""
        self._record(events)
        game = self.game
        while not game.over:
            to_act = game.to_act
            if isinstance(to_act, str):
                self._record(game.apply(game.chance_action(self.rng)))
                continue
            bots = [seat for seat in to_act if seat != self.human]
            if not bots:
                return
            seat = bots[0]
            action = self.players[seat].choose(game.view(seat), game.legal_actions(seat))
            self._record(game.apply(action))

    def _check_open(self) -> None:
        if self.abandoned:
            raise IllegalActionError(_("this game was abandoned"))
        if self.game.over:
            raise IllegalActionError(_("the game is over"))

    def act(self, move: Any) -> Json:
        """Apply the person's move (a JSON object from the page) and let the bots answer."""
        if not isinstance(move, Mapping):
            raise RequestError(_("a move is a JSON object, e.g. {example}").format(
                example='{"type": "play", "card": "5H"}'))
        with self.lock:
            self._check_open()
            game = self.game
            if self.human not in game.to_act:
                raise IllegalActionError(_("it is not your turn"))
            view = game.view(self.human)
            action = self.web.action(self.human, move, view)
            events = game.apply(action)
            if self.web.committed(action):
                self.last = (view, action)
            self._advance(events)
            return self._state()

    def compare(self) -> Json:
        """The coach's evaluation of the person's last committed decision (marks the game
        "assist used")."""
        with self.lock:
            self._check_open()
            if self.last is None:
                raise IllegalActionError(_("nothing to compare yet: make a move first"))
            view, action = self.last
            evaluation = self.web.compare(view, action)
            if evaluation is None:
                raise IllegalActionError(_("the coach had nothing to compare at that decision"))
            self._record(self.game.apply(AskCoach(self.human)))
            return {"compare": evaluation, "state": self._state()}

    def abandon(self) -> Json:
        with self.lock:
            self._check_open()
            self.abandoned = True
            return self._state()

    # -- what the person sees ------------------------------------------------------------------

    def state(self) -> Json:
        with self.lock:
            return self._state()

    def _state(self) -> Json:
        game, seat = self.game, self.human
        view = game.view(seat)
        legal = [] if self.abandoned or game.over else game.legal_actions(seat)
        variant = game.variant
        printer = self._printer()  # the log's lines again, in this request's language; the
        # data stays as it was redacted when each event happened
        events = [{**logged, "text": printer.lines(event)}
                  for logged, event in zip(self.entries, self.recorded, strict=True)]
        return {
            "id": self.id, "game": variant.game, "seat": seat,
            "variant": {"name": variant.name, "description": variant.description,
                        "notices": list(variant.notices)},
            "names": {str(s): name for s, name in sorted(self.names.items())},
            "sides": [printer.side(side) for side in range(len(variant.sides))],
            "over": game.over, "abandoned": self.abandoned,
            "assist_used": any(e["type"] == AskCoach.TAG for e in self.entries),
            "can_compare": self.last is not None,
            "table": self.web.table(view, game.log),
            "prompt": self.web.prompt(view, legal),
            "events": events,
            "result": result_json(game.result, printer),
        }

    def record(self, form: str) -> str:
        """The game's whole record (every card): only once it is over or abandoned."""
        with self.lock:
            if not (self.game.over or self.abandoned):
                raise IllegalActionError(_("the record is available once the game is over or "
                                           "abandoned (it holds every card)"))
            record = GameRecord.of(self.game, seed=self.seed)
            return record.to_jsonl() if form == "jsonl" else record.to_toml()


class Tables:
    """Every table of the server, by id; the least recently used are dropped past ``limit``."""

    def __init__(self, limit: int = 200) -> None:
        self.limit = limit
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._tables)

    def open(self, variant: Variant, bots: Sequence[str], seed: int | None) -> Table:
        """A new table for ``variant``; `PeglineError` for a game without a web table or an
        unknown bot."""
        game = Game(variant)
        web = web_table(variant, game.ruleset.game)
        if web is None:
            raise RequestError(_("the game {game} has no table in the page yet").format(
                game=repr(variant.game)))
        known = bots_for(game)
        unknown = [name for name in bots if name not in known]
        if unknown or not bots:
            raise RequestError(_("unknown bot {name}; choose from {bots}").format(
                name=repr(unknown[0] if unknown else ""), bots=", ".join(known)))
        if seed is None:
            seed = random.SystemRandom().getrandbits(32)
        table = Table(secrets.token_urlsafe(9), game, web, bots, seed)
        with self._lock:
            self._tables[table.id] = table
            while len(self._tables) > self.limit:
                self._tables.popitem(last=False)
        return table

    def get(self, ident: str) -> Table:
        with self._lock:
            table = self._tables.get(ident)
            if table is None:
                raise NotFound(_("no game {id} (it may have ended long ago)").format(
                    id=repr(ident)))
            self._tables.move_to_end(ident)
            return table

    def ids(self) -> Mapping[str, Table]:
        with self._lock:
            return dict(self._tables)
