"""The games the server is running: one `Table` per game, each with its own lock.

A table seats people and bots (``seats``: ``"person"`` or ``"bot:NAME"`` each). Chance and the
bots move as soon as it is their turn, so a request always returns with a person to act or the
game over. Everything a table sends a seat (`Table.state`) is built from that seat's view and the
log as the game's printer redacts it for that seat: never another hand, the crib or the deck.
A person's seat is opened by its token (`Table.seat_of`); only the token's hash is kept. Two
more tokens may open a table: the creator's (``host``, to hand an absent person's seat to a bot
once the table's ``hand_over_after`` has passed, `Table.hand_over`) and, if the creator asked for
one, the spectators' (``watch``: the public table, every hand face down, `WATCHER`).

With a `Store`, every move is written as the record's inputs before it is answered, and
`Tables` brings every stored game back by replaying them (`Table.restore`), checking that chance
and the bots make the same draws and choices and that the log comes out as stored.

A table in play that nobody touches (no move, join or socket message) for `Tables.idle` seconds is
closed (`Gone`, HTTP 410, saying why), so tables left behind cannot fill the server for ever; the
time is stored with the table, so it runs on across a restart.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import secrets
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping, Sequence

from pegline_core import game_hookspecs
from pegline_core.app import hookspecs
from pegline_core.app.bot_specs import bots_for
from pegline_core.app.game_hooks import app_hooks
from pegline_core.app.i18n import Messages, RuleNames, current_language
from pegline_core.app.problems import say
from pegline_core.app.web.protocol import Json, RequestError, WebTable, whole
from pegline_core.app.web.store import Store, StoredTable, StoreError
from pegline_core.coaching import Comparison
from pegline_core.definition import EventPrinter, Player
from pegline_core.errors import IllegalActionError, PeglineError, RecordError
from pegline_core.events import Action, AskCoach, Event, EventCodec, GameEnded, Input
from pegline_core.game import Game
from pegline_core.game_hooks import GameHooks, MissingHook
from pegline_core.record import GameRecord
from pegline_core.strict import did_you_mean
from pegline_core.turns import Chance
from pegline_core.variant import Variant

__all__ = ["Table", "Tables", "NotFound", "Forbidden", "Stale", "Full", "Gone", "PERSON",
           "WATCHER", "IDLE", "entry", "link_token", "result_json", "token_hash", "duration",
           "web_table"]

_messages = Messages("pegline_core.app")
_ = _messages.gettext
PERSON = "person"
"""A seat kind: a person plays it (any other kind is ``"bot:NAME"``)."""
WATCHER = -1
"""Who a spectator's token opens: no seat (the public table, every hand face down)."""
PRESENT = 15.0
"""Seconds after a seat's last request that it still counts as at the table (no socket)."""
NAME_LENGTH = 40
KEEP_FINISHED = 24 * 3600.0
"""Seconds a finished or abandoned table is kept after its last change (its record can be
downloaded meanwhile); then the next new table prunes it."""
IDLE = 4 * 3600.0
"""Seconds a table in play may go untouched (no move, join or socket message) before it is
closed."""
TOUCH_KEPT = 60.0
"""A socket message's touch is written to the store at most this often per table, so a restart
may close a table up to this much early."""


class NotFound(PeglineError):
    """No game with that id (HTTP 404)."""


class Forbidden(PeglineError):
    """No token, or one that opens no seat of this table (HTTP 403)."""


class Full(PeglineError):
    """The server holds as many tables as it may (HTTP 503)."""


class Gone(PeglineError):
    """A table closed before its end, untouched too long (HTTP 410, with why)."""


class Stale(IllegalActionError):
    """A move sent for an older state than the table's (HTTP 409, with the current state)."""

    def __init__(self, message: str, state: Json) -> None:
        super().__init__(message)
        self.state = state


def web_table(variant: Variant, definition: object) -> WebTable:
    """The game's web table for ``variant`` (its ``pegline_web_table`` hook); `MissingHook`
    naming the hook for a game that has none."""
    return app_hooks(variant.game, definition).call(hookspecs.pegline_web_table)(variant=variant)


def token_hash(token: str) -> str:
    """What is kept of a seat's token: its SHA-256 (the token itself is only in the creator's
    answer)."""
    return hashlib.sha256(token.encode()).hexdigest()


def link_token(query: Mapping[str, str]) -> str | None:
    """The token a link carries: a seat's ``?seat=TOKEN`` or the spectators' ``?watch=TOKEN``."""
    return query.get("seat") or query.get("watch")


def duration(seconds: float) -> str:
    """``seconds`` as people say it: whole hours, else whole minutes, else seconds."""
    whole = round(seconds)
    if whole and whole % 3600 == 0:
        return _messages.ngettext("{n} hour", "{n} hours", whole // 3600).format(n=whole // 3600)
    if whole and whole % 60 == 0:
        return _messages.ngettext("{n} minute", "{n} minutes", whole // 60).format(n=whole // 60)
    return _messages.ngettext("{n} second", "{n} seconds", whole).format(n=whole)


def entry(printer: EventPrinter, codec: EventCodec, event: Event,
          redact: Callable[[Json], Json] | None) -> Json:
    """One line of the event log as the page shows it: its readable text and its data."""
    data = codec.to_dict(event)
    return {"seq": event.seq, "type": data["type"], "text": printer.lines(event),
            "data": data if redact is None else redact(data)}


def result_json(result: GameEnded | None, printer: EventPrinter) -> Json | None:
    if result is None:
        return None
    return {"sides": [{"side": r.side, "name": printer.side(r.side), "seats": list(r.seats),
                       "score": r.score, "place": r.place, "mark": r.mark}
                      for r in result.results],
            "game_points": result.game_points, "lowball": result.lowball,
            "assist_used": list(result.assist_used)}


class Table:
    """One game: people at the ``"person"`` seats, a bot at every other.

    ``keys`` holds the creator's and the spectators' token hashes (``"host"``, ``"watch"``);
    ``hand_over_after`` the seconds a person must be away before the creator may give the seat
    to a bot (None: never). ``replay`` and ``handovers`` (from `restore`) hold stored inputs and
    handovers to apply before anything new happens. ``clock`` (`time.time` or a test's) says
    when the table was last ``touched`` (a move, a join, a socket message); ``closed_idle`` the
    seconds untouched after which it was closed (None: open).
    """

    def __init__(self, ident: str, game: Game, web: WebTable, seats: Sequence[str], seed: int,
                 *, tokens: Mapping[int, str] | None = None, names: Mapping[int, str] | None = None,
                 keys: Mapping[str, str] | None = None, hand_over_after: float | None = None,
                 lobby: bool = False, created: float | None = None,
                 replay: deque[Input] | None = None,
                 handovers: Sequence[tuple[int, int, str]] = (),
                 clock: Callable[[], float] = time.time, touched: float | None = None,
                 closed_idle: float | None = None) -> None:
        self.id = ident
        self.game = game
        self.web = web
        self.seats = list(seats)
        self.seed = seed
        self.lobby = lobby
        self.created = time.time() if created is None else created
        self.clock = clock
        self.touched = clock() if touched is None else touched
        self._touch_kept = self.touched
        """When ``touched`` was last written to the store."""
        self.closed_idle = closed_idle
        self.tokens = dict(tokens or {})
        """Each person seat's token hash."""
        self.keys = dict(keys or {})
        self.hand_over_after = hand_over_after
        self.handovers: list[tuple[int, int, str]] = []
        self._pending = deque(handovers)
        """Stored handovers not yet reached by the replay."""
        self.given_names = dict(names or {})
        self.lock = threading.Lock()
        self.abandoned = False
        self.rng = random.Random(seed)
        self.people = tuple(seat for seat, kind in enumerate(seats) if kind == PERSON)
        known = bots_for(game)
        self.bots = {seat: kind.removeprefix("bot:") for seat, kind in enumerate(seats)
                     if kind != PERSON}
        self.players: dict[int, Player] = {seat: known[name](seed + seat)
                                           for seat, name in self.bots.items()}
        self.viewers = self.people + ((WATCHER,) if "watch" in self.keys else ())
        """Who is sent the table: each person's seat, and the spectators."""
        self.printers = {seat: self._printer(seat) for seat in self.viewers}
        self.rule_names = RuleNames(game.variant)
        """The names of the variant's rules that the installed plugins' catalogs lack."""
        redactor = GameHooks.of(game.variant.game, game.definition).call(
            game_hookspecs.pegline_redactor)  # never send what the seat may not see
        self.redacts: dict[int, Callable[[Json], Json]] = {
            seat: redactor(variant=game.variant, reveal=_reveal(seat)).redact
            for seat in self.viewers}
        self.entries: dict[int, list[Json]] = {seat: [] for seat in self.viewers}
        """Each person's log, redacted for that seat as each event happened."""
        self.recorded: list[Event] = []
        """The events in ``entries``, to print again in the language of each request."""
        self.digest = hashlib.sha256()
        """A running hash of the log's events, to check a replay against the stored one."""
        self._texts: dict[tuple[int, str], tuple[EventPrinter, list[list[str]]]] = {}
        """By seat and language: a printer that has read the whole log, and its lines."""
        self.store: Store | None = None
        self.opened = time.monotonic()
        self.seen: dict[int, float] = {}
        """When each seat last sent its token (a request or a socket's message)."""
        self.left: dict[int, float] = {}
        """When each seat's last socket closed."""
        self.sockets: dict[int, int] = {}
        self.changed: list[Callable[[], None]] = []
        """Called (under the lock) after each change: the sockets' wake-ups."""
        self._advance(replay)
        if replay or self._pending:
            raise StoreError(f"table {ident}: {len(replay or ())} stored inputs and "
                             f"{len(self._pending)} handovers were never reached")

    @classmethod
    def restore(cls, stored: StoredTable, clock: Callable[[], float] = time.time) -> Table:
        """The table ``stored`` describes, rebuilt by replaying its inputs under the installed
        rules; `StoreError` if they do not replay to the stored log."""
        try:
            record = GameRecord.from_dict(stored.head | {"events": stored.inputs},
                                          name=f"table {stored.id}")
            game = record.new_game()
            try:
                web = web_table(game.variant, game.definition)
            except MissingHook as exc:
                raise RecordError(exc.message) from None
            inputs = deque(event for _index, event in record.inputs(game))
            after = stored.options.get("hand_over_after")
            if after is not None and (isinstance(after, bool)
                                      or not isinstance(after, int | float)):
                raise TypeError(f"hand_over_after is {after!r}")
            table = cls(stored.id, game, web, stored.seats, stored.seed, tokens=stored.tokens,
                        names=stored.names, keys=stored.keys,
                        hand_over_after=after,
                        lobby=bool(stored.options.get("lobby")), created=stored.created,
                        replay=inputs, handovers=stored.handovers, clock=clock,
                        touched=stored.touched, closed_idle=stored.closed_idle)
        except (PeglineError, KeyError, TypeError) as exc:
            if isinstance(exc, StoreError):
                raise
            raise StoreError(f"table {stored.id} cannot be rebuilt: {exc}") from None
        if len(table.recorded) != stored.length or table.digest.hexdigest() != stored.digest:
            raise StoreError(f"table {stored.id} does not replay to the stored game "
                             f"({len(table.recorded)} events, {stored.length} stored)")
        table.abandoned = stored.abandoned
        return table

    def stored(self) -> StoredTable:
        """This table as the store keeps it."""
        head = GameRecord.of(self.game, seed=self.seed, derived=False).header(stream=True)
        options = {"lobby": self.lobby, "hand_over_after": self.hand_over_after}
        return StoredTable(self.id, head, self.seats, self.tokens, self.given_names, options,
                           self.seed, self.created, self.abandoned, len(self.recorded),
                           self.digest.hexdigest(), self._inputs(0), self.keys,
                           list(self.handovers), self.touched, self.closed_idle)

    # -- moving the game -----------------------------------------------------------------------

    def _inputs(self, start: int) -> list[Json]:
        codec = self.game.codec
        return [codec.to_dict(event) for event in self.recorded[start:]
                if isinstance(event, Input)]

    def _record(self, events: Sequence[Event]) -> None:
        codec = self.game.codec
        for seat, printer in self.printers.items():
            redact = self.redacts[seat]
            self.entries[seat] += [entry(printer, codec, event, redact) for event in events]
        for event in events:
            self.digest.update(json.dumps(codec.to_dict(event), sort_keys=True).encode())
        self.recorded += events

    def _commit(self, start: int, touch: bool = True) -> None:
        """Store the inputs since event ``start`` and, with ``touch``, the time (one
        transaction), and wake the sockets."""
        now = self.clock() if touch else self.touched
        if self.store is not None:
            if len(self.recorded) > start:
                self.store.append(self.id, self._inputs(start), len(self.recorded),
                                  self.digest.hexdigest(), now)
            elif touch:
                self.store.update(self.id, touched=now)
            self._touch_kept = now
        self.touched = now
        self._wake()

    def touch(self) -> None:
        """A seat's socket sent a message: the table is in use (`Gone` if it was closed). Kept
        in the store at most every `TOUCH_KEPT` seconds."""
        with self.lock:
            self._check_live()
            now = self.clock()
            if self.store is not None and now - self._touch_kept >= TOUCH_KEPT:
                self.store.update(self.id, touched=now)
                self._touch_kept = now
            self.touched = now

    @property
    def done(self) -> bool:
        """Whether the table plays no more: the game over, abandoned or closed."""
        return self.game.over or self.abandoned or self.closed_idle is not None

    def close_if_idle(self, idle: float) -> bool:
        """Close the table if it is in play and untouched for ``idle`` seconds (stored, its
        sockets woken to say why); whether it was closed now."""
        with self.lock:
            now = self.clock()
            if self.done or now - self.touched < idle:
                return False
            if self.store is not None:  # stored first: a failure changes nothing
                self.store.update(self.id, touched=now, closed_idle=idle)
            self.closed_idle, self.touched = idle, now
            self._wake()
            return True

    def _wake(self) -> None:
        for wake in list(self.changed):
            wake()

    def notify(self) -> None:
        """Wake every socket of the table (a person came or went)."""
        with self.lock:
            self._wake()

    def names(self, viewer: int | None) -> dict[int, str]:
        """The seats' names, in the current language, as ``viewer`` sees them."""
        names: dict[int, str] = {}
        for seat in range(len(self.seats)):
            given = self.given_names.get(seat)
            if seat in self.bots:
                names[seat] = (_("{name} ({bot})").format(name=given, bot=self.bots[seat]) if given
                               else _("seat {n} ({bot})").format(n=seat, bot=self.bots[seat]))
            elif seat == viewer:
                names[seat] = (_("{name} (you)").format(name=given) if given
                               else _("seat {n} (you)").format(n=seat))
            else:
                names[seat] = given or _("seat {n}").format(n=seat)
        return names

    def _printer(self, seat: int) -> EventPrinter:
        """A new printer for ``seat`` (or the spectators), speaking the current language."""
        game = self.game
        return app_hooks(game.variant.game, game.definition).call(hookspecs.pegline_printer)(
            variant=game.variant, reveal=_reveal(seat), names=self.names(seat))

    def _advance(self, replay: deque[Input] | None = None) -> None:
        """Let chance and the bots act until it is a person's turn or the game is over; first
        apply the stored inputs in ``replay``, checking chance and the bots against them."""
        game = self.game
        while True:
            while self._pending and self._pending[0][0] == len(self.recorded):
                _at, seat, bot = self._pending.popleft()
                self._seat_bot(seat, bot)
            if replay and isinstance(asked := replay[0].action, AskCoach):
                replay.popleft()
                self._compare(asked.seat)
                continue
            if game.over:
                return
            to_act = game.to_act
            if isinstance(to_act, Chance):
                action = self._check(game.chance_action(self.rng), replay)
            else:
                bots = [seat for seat in to_act if seat in self.players]
                if bots:
                    seat = bots[0]
                    action = self._check(self.players[seat].choose(
                        game.view(seat), game.legal_actions(seat)), replay)
                elif replay:
                    action = replay.popleft().action
                else:
                    return
            self._record(game.apply(action))

    def _seat_bot(self, seat: int, bot: str) -> None:
        """From now on ``bot`` plays ``seat`` (its person keeps the link, to watch it play)."""
        self.handovers.append((len(self.recorded), seat, bot))
        self.bots[seat] = bot
        self.players[seat] = bots_for(self.game)[bot](self.seed + seat)
        self._texts.clear()  # the lines name the seats

    def _check(self, action: Action, replay: deque[Input] | None) -> Action:
        """``action`` (chance's or a bot's), which must be the next stored input if any."""
        if replay:
            stored = replay.popleft()
            if stored.action != action:
                raise StoreError(f"table {self.id}: event {stored.seq} was {stored.action!r} "
                                 f"but replays as {action!r}")
        return action

    def _check_live(self) -> None:
        """`Gone`, saying why, if the table was closed for going untouched."""
        if self.closed_idle is not None:
            raise Gone(_("this table was closed: nobody moved, joined or sent a message there "
                         "for {time}").format(time=duration(self.closed_idle)))

    def _check_open(self) -> None:
        self._check_live()
        if self.abandoned:
            raise IllegalActionError(_("this game was abandoned"))
        if self.game.over:
            raise IllegalActionError(_("the game is over"))

    def seat_of(self, token: object) -> int:
        """The person seat ``token`` opens; `Forbidden` for none, another table's, a stale
        one or one that is not text (all alike, compared in constant time)."""
        if isinstance(token, str) and token:
            digest = token_hash(token)
            for seat, kept in self.tokens.items():
                if hmac.compare_digest(digest, kept):
                    self.seen[seat] = time.monotonic()
                    return seat
        raise Forbidden(_("this link opens no seat at this table"))

    def viewer_of(self, token: object) -> int:
        """The seat ``token`` opens, or `WATCHER` for the spectators' token; `Forbidden` for
        any other."""
        return WATCHER if self._opens("watch", token) else self.seat_of(token)

    def _opens(self, key: str, token: object) -> bool:
        """Whether ``token`` is the table's ``key`` token (``"host"`` or ``"watch"``)."""
        return isinstance(token, str) and bool(token) and key in self.keys and \
            hmac.compare_digest(token_hash(token), self.keys[key])

    def away(self, seat: int) -> float:
        """Seconds since a person was last at ``seat`` (0 while they are there)."""
        if self.present(seat):
            return 0.0
        return time.monotonic() - max(self.seen.get(seat, self.opened),
                                      self.left.get(seat, self.opened), self.opened)

    def hand_over(self, host: str | None, asked: object, bot: object = None) -> Json:
        """Give an absent person's seat (``asked``) to ``bot`` (the game's first bot by
        default), by the creator (``host``: their token) once the person has been away
        ``hand_over_after`` seconds; the bot moves at once if it is the seat's turn."""
        if not self._opens("host", host):
            raise Forbidden(_("only the table's creator can hand a seat to a bot"))
        known = bots_for(self.game)
        bot = next(iter(known)) if bot is None else bot
        if not isinstance(bot, str) or bot not in known:
            raise _unknown_bot(bot, known)
        seat = whole(asked, "seat", 0, len(self.seats) - 1)
        if seat not in self.people:
            raise RequestError(_("seat {seat} is not a person's seat at this table").format(
                seat=repr(seat)))
        with self.lock:
            self._check_open()
            if seat in self.bots:
                raise IllegalActionError(_("a bot plays seat {n} already").format(n=seat))
            if self.hand_over_after is None:
                raise IllegalActionError(_("this table's creator did not allow handing seats "
                                           "to bots"))
            away = self.away(seat)
            if away < self.hand_over_after:
                raise IllegalActionError(_("seat {n} has been away {away:.0f} s; it can be "
                                           "handed to a bot after {after:.0f} s").format(
                    n=seat, away=away, after=self.hand_over_after))
            start = len(self.recorded)
            if self.store is not None:  # stored first: a failure changes nothing
                self.store.update(self.id, handovers=[*self.handovers, (start, seat, bot)])
            self._seat_bot(seat, bot)
            self._advance()
            self._commit(start)
            return {"seat": seat, "kind": self._kind(seat), "next": len(self.recorded)}

    def join(self, seat: object) -> tuple[int, str]:
        """A free person seat of a table open to the lobby, for whoever asks first: the seat
        and its new token (the creator's link for it stops working). A seat is free until its
        link has been opened or it has a name."""
        if not self.lobby:
            raise Forbidden(_("this table is not open to the lobby"))
        if seat is not None:
            whole(seat, "seat", 0, len(self.seats) - 1)
        with self.lock:
            self._check_open()
            free = [s for s in self.people if self._free(s)]
            if not free:
                raise IllegalActionError(_("no seat is free at this table"))
            seat = free[0] if seat is None else seat
            if seat not in free:
                raise IllegalActionError(_("seat {seat} is not free; the free seats are "
                                           "{seats}").format(seat=repr(seat),
                                                             seats=", ".join(map(str, free))))
            token = secrets.token_urlsafe(24)
            tokens = self.tokens | {seat: token_hash(token)}
            if self.store is not None:  # stored first: a failure changes nothing
                self.store.update(self.id, tokens=tokens)
            self.tokens = tokens
            self.seen[seat] = time.monotonic()
            self._commit(len(self.recorded))
            return seat, token

    def _free(self, seat: int) -> bool:
        return (seat in self.people and seat not in self.bots and seat not in self.given_names
                and seat not in self.seen)

    def act(self, move: object, seat: int, expect: int | None = None) -> Json:
        """Apply ``seat``'s move (a JSON object from the page) and let the bots answer. With
        ``expect`` (the number of events the seat has seen), a move sent for an older state is
        refused with `Stale` and the current state."""
        if not isinstance(move, Mapping):
            raise RequestError(_("a move is a JSON object, e.g. {example}").format(
                example='{"type": "play", "card": "5H"}'))
        with self.lock:
            self._check_live()
            if expect is not None and expect != len(self.recorded):
                raise Stale(_("the table has moved on since event {n}: here is where it "
                              "stands").format(n=expect), self._state(seat, expect))
            self._check_open()
            game = self.game
            if seat in self.bots:
                raise IllegalActionError(_("a bot plays your seat now"))
            if seat not in game.to_act:
                raise IllegalActionError(_("it is not your turn"))
            action = self.web.action(seat, move, game.view(seat))
            start = len(self.recorded)
            self._record(game.apply(action))
            self._advance()
            self._commit(start)
            return self._state(seat, 0 if expect is None else expect)

    def compare(self, seat: int) -> Json:
        """The coach's evaluation of ``seat``'s last committed decision, from `Game.compare`
        (which marks the game "assist used"); after the game's last move too."""
        with self.lock:
            self._check_live()
            if self.abandoned:
                raise IllegalActionError(_("this game was abandoned"))
            if not self._can_compare(seat):
                raise IllegalActionError(_("nothing to compare yet: make a move first"))
            start = len(self.recorded)
            comparison = self._compare(seat)
            self._commit(start)
            return {"compare": self.web.compare(comparison), "state": self._state(seat)}

    def _compare(self, seat: int) -> Comparison:
        game = self.game
        start = len(game.log)
        comparison = game.compare(seat)
        self._record(game.log[start:])
        return comparison

    def _can_compare(self, seat: int) -> bool:
        """Whether the seat has committed a decision the coach can judge (in the log, so a
        resumed game's earlier moves count too)."""
        return any(isinstance(event, Input) and event.actor == seat
                   and self.web.committed(event.action) for event in self.game.log)

    def abandon(self, seat: int) -> Json:
        """Stop the game for good, by ``seat``'s person, when no other person plays at the
        table; its record can then be downloaded."""
        with self.lock:
            self._check_open()
            if any(person != seat and person not in self.bots for person in self.people):
                raise IllegalActionError(_("a game that other people play cannot be "
                                           "abandoned"))
            self.abandoned = True
            if self.store is not None:
                self.store.update(self.id, abandoned=True)
            self._commit(len(self.recorded))
            return self._state(seat)

    def sit(self, seat: int, name: object) -> Json:
        """Give ``seat`` the name its person chose (asked once by the page)."""
        if not isinstance(name, str) or not name.strip() or len(name) > NAME_LENGTH:
            raise RequestError(_("a name is 1 to {n} characters").format(n=NAME_LENGTH))
        with self.lock:
            self._check_live()
            self.given_names[seat] = name.strip()
            self._texts.clear()  # the lines name the seats
            if self.store is not None:
                self.store.update(self.id, names=self.given_names)
            self._commit(len(self.recorded))
            return self._state(seat)

    # -- what a seat sees ----------------------------------------------------------------------

    def state(self, seat: int, since: int = 0) -> Json:
        with self.lock:
            self._check_live()
            return self._state(seat, since)

    @property
    def length(self) -> int:
        """How many events the game has had (what a seat sends as ``expect``)."""
        return len(self.recorded)

    def present(self, seat: int) -> bool:
        """Whether a person is at ``seat`` now: a socket open, or a request a moment ago and
        since the seat's last socket closed (a page polling while its socket is down)."""
        seen = self.seen.get(seat, -PRESENT)
        return (self.sockets.get(seat, 0) > 0
                or (time.monotonic() - seen < PRESENT and seen > self.left.get(seat, -PRESENT)))

    def _lines(self, seat: int) -> tuple[EventPrinter, list[list[str]]]:
        """The log's lines for ``seat`` in this request's language, and the printer that read
        them in order (a printer follows the game, e.g. who deals); the data stays as it was
        redacted when each event happened."""
        key = (seat, current_language())
        printer, texts = self._texts.get(key) or (self._printer(seat), [])
        texts += [printer.lines(event) for event in self.recorded[len(texts):]]
        self._texts[key] = (printer, texts)
        return printer, texts

    def _state(self, seat: int, since: int = 0) -> Json:
        game = self.game
        watching = seat == WATCHER
        view = None if watching else game.view(seat)
        legal = [] if watching or self.abandoned or game.over else game.legal_actions(seat)
        variant = game.variant
        since = max(0, min(since, len(self.recorded)))
        printer, texts = self._lines(seat)
        events = [{**logged, "text": text} for logged, text in
                  zip(self.entries[seat][since:], texts[since:], strict=True)]
        names = self.names(seat)
        answer = {
            "id": self.id, "game": variant.game, "seat": None if watching else seat,
            "variant": {"name": variant.name, "description": variant.description,
                        "notices": list(variant.notices)},
            "names": {str(s): name for s, name in sorted(names.items())},
            "sides": [printer.side(side) for side in range(len(variant.sides))],
            "over": game.over, "abandoned": self.abandoned,
            "assist_used": any(isinstance(e, Input) and isinstance(e.action, AskCoach)
                               for e in self.recorded),
            "can_compare": not (watching or self.abandoned) and self._can_compare(seat),
            "table": (self.web.public_table(game) if watching
                      else self.web.table(view, game.log)),
            "prompt": {"kind": "wait"} if watching else self.web.prompt(view, legal),
            "events": events,
            "result": result_json(game.result, printer),
            "rules": self.rule_names.carried(),
            "since": since, "next": len(self.recorded), "watching": watching,
            "hand_over_after": self.hand_over_after,
            "seats": [{"seat": s, "kind": self._kind(s), "name": names[s],
                       "present": s in self.bots or s == seat or self.present(s),
                       "away": 0 if s in self.bots or s == seat else round(self.away(s)),
                       "taken": not self._free(s)}
                      for s in range(len(self.seats))],
        }
        return answer

    def _kind(self, seat: int) -> str:
        """Who plays ``seat`` now: ``"person"``, or ``"bot:NAME"`` (from the start or handed)."""
        return "bot:" + self.bots[seat] if seat in self.bots else PERSON

    def record(self, form: str) -> str:
        """The game's whole record (every card): only once it is over or abandoned."""
        with self.lock:
            if not self.done:
                raise IllegalActionError(_("the record is available once the game is over or "
                                           "abandoned (it holds every card)"))
            record = GameRecord.of(self.game, seed=self.seed)
            return record.to_jsonl() if form == "jsonl" else record.to_toml()

    def summary(self) -> Json:
        """What the lobby shows of the table: no cards, no tokens."""
        with self.lock:
            names = self.names(None)
            return {"id": self.id, "variant": self.game.variant.name,
                    "over": self.done,
                    "seats": [{"seat": s, "kind": self._kind(s), "name": names[s],
                               "taken": not self._free(s)}
                              for s in range(len(self.seats))]}


class Tables:
    """Every table of the server, by id: at most ``limit`` in play, a new one beyond refused
    (`Full`). A table in play untouched for ``idle`` seconds (by ``clock``, `time.time` or a
    test's) is closed (`Gone`); a finished, abandoned or closed one is kept ``keep_finished``
    seconds after its last change, and at most ``limit`` of them (the least recently used make
    room). With a ``store``, every stored table is brought back at once (those
    untouched too long meanwhile are closed then) and every new one is written."""

    def __init__(self, limit: int = 200, store: Store | None = None,
                 keep_finished: float = KEEP_FINISHED, *, idle: float = IDLE,
                 clock: Callable[[], float] = time.time) -> None:
        self.limit = limit
        self.keep_finished = keep_finished
        self.idle = idle
        self.clock = clock
        self.store = store
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._lock = threading.Lock()
        if store is not None:
            for stored in store.tables():
                table = Table.restore(stored, clock)
                start = stored.length
                table.store = store
                table._commit(start, touch=False)  # what chance or a bot did, not yet stored
                self._tables[table.id] = table
        self.sweep()

    def sweep(self) -> None:
        """Close the tables in play untouched for ``idle`` seconds (their sockets are told why)
        and drop the finished ones kept past ``keep_finished``."""
        self._close_idle()
        with self._lock:
            self._drop_finished()

    def _close_idle(self) -> None:
        """Close the idle tables, each under its own lock only (a move elsewhere goes on)."""
        since = self.clock() - self.idle
        for table in self.ids().values():
            if table.touched <= since:
                table.close_if_idle(self.idle)

    def _drop_finished(self) -> None:
        kept = self.clock() - self.keep_finished
        for ident, table in list(self._tables.items()):
            if table.done and table.touched < kept:
                self._drop(ident)

    def live(self) -> int:
        """How many tables are in play (what ``limit`` counts)."""
        return sum(not table.done for table in self.ids().values())

    def __len__(self) -> int:
        return len(self._tables)

    def create(self, variant: Variant, seats: object, seed: int | None, lobby: bool = False, *,
               spectators: bool = False, hand_over_after: float | None = None,
               admit: Callable[[], None] = lambda: None,
               ) -> tuple[Table, dict[int, str], dict[str, str]]:
        """A new table for ``variant`` with ``seats``: the table, its person seats' tokens by
        seat, and the creator's token (``"host"``) and the spectators' (``"watch"``, if
        ``spectators``); `PeglineError` for a game without a web table or an unknown bot.
        ``admit`` is called once the request is found good, before the game is made (it may
        refuse it: a client opening tables too fast)."""
        keys = {"host": secrets.token_urlsafe(24)}
        if spectators:
            keys["watch"] = secrets.token_urlsafe(24)
        table, tokens = self._add(variant, seats, seed, lobby=lobby, keys=keys,
                                  hand_over_after=hand_over_after, admit=admit)
        return table, tokens, keys

    def _add(self, variant: Variant, asked: object, seed: int | None, *, lobby: bool = False,
             keys: Mapping[str, str] | None = None,
             hand_over_after: float | None = None,
             admit: Callable[[], None] = lambda: None) -> tuple[Table, dict[int, str]]:
        seats = _check_seats(variant, asked)  # before the game is built: a refusal costs little
        admit()
        game = Game(variant)
        web = web_table(variant, game.definition)
        if seed is None:
            seed = random.SystemRandom().getrandbits(32)
        tokens = {seat: secrets.token_urlsafe(24) for seat, kind in enumerate(seats)
                  if kind == PERSON}
        self._close_idle()
        with self._lock:
            self._make_room()
        table = Table(secrets.token_urlsafe(12), game, web, seats, seed, lobby=lobby,
                      tokens={s: token_hash(t) for s, t in tokens.items()},
                      keys={k: token_hash(t) for k, t in (keys or {}).items()},
                      hand_over_after=hand_over_after, clock=self.clock)
        with self._lock:
            self._make_room()
            if self.store is not None:
                self.store.add(table.stored())
                table.store = self.store
            self._tables[table.id] = table
        return table, tokens

    def _make_room(self) -> None:
        """Drop the finished tables kept past ``keep_finished``; `Full` if ``limit`` tables are
        in play; then, while as many finished ones are kept again, drop the least recently
        used of them (a finished table keeps its record and its reason a while, not for
        ever)."""
        self._drop_finished()
        live = sum(not table.done for table in self._tables.values())
        if live >= self.limit:
            raise Full(_("the server already holds {n} games in progress; try again when "
                         "one has finished").format(n=live))
        while len(self._tables) >= 2 * self.limit:
            self._drop(next(ident for ident, table in self._tables.items() if table.done))

    def _drop(self, ident: str) -> None:
        del self._tables[ident]
        if self.store is not None:
            self.store.remove(ident)

    def get(self, ident: str) -> Table:
        """The table ``ident`` (closed first if it has been idle too long)."""
        with self._lock:
            table = self._tables.get(ident)
            if table is None:
                raise NotFound(_("no game {id} (it may have ended long ago)").format(
                    id=repr(ident)))
            self._tables.move_to_end(ident)
        if table.touched <= self.clock() - self.idle:
            table.close_if_idle(self.idle)
        return table

    def ids(self) -> Mapping[str, Table]:
        with self._lock:
            return dict(self._tables)

    def lobby(self) -> list[Json]:
        """The tables their creators opened to the lobby, still waiting for a person."""
        found = []
        for table in self.ids().values():
            if table.lobby and not table.done:
                summary = table.summary()
                if not all(s["taken"] for s in summary["seats"]):
                    found.append(summary)
        return found


def _unknown_bot(name: object, known: Mapping[str, object]) -> RequestError:
    """The refusal of a bot the game does not have, with the nearest of its bots' names."""
    close = say(did_you_mean(name, known)) if isinstance(name, str) else ""
    return RequestError(_("unknown bot {name}; {close}choose from {bots}").format(
        name=repr(name), close=close, bots=", ".join(known)))


def _reveal(seat: int) -> set[int]:
    """Whose hidden cards ``seat`` (or the spectators) may see."""
    return set() if seat == WATCHER else {seat}


def _check_seats(variant: Variant, seats: object) -> list[str]:
    """What ``seats`` names for each seat, a person or a known bot; `RequestError` unless it
    names one for each."""
    known = bots_for(variant)
    players = variant.table.players
    if (not isinstance(seats, list | tuple) or len(seats) != players
            or not all(isinstance(kind, str) for kind in seats)):
        raise RequestError(_("seats are a list of {n}, each \"person\" or \"bot:NAME\", e.g. "
                             "{example}").format(n=players,
                                                 example='["person", "bot:greedy"]'))
    for seat, kind in enumerate(seats):
        if kind != PERSON and not kind.startswith("bot:"):  # not a bot's name: say what a seat is
            said = {"seat": seat, "kind": repr(kind)}
            raise RequestError(
                _("seat {seat} is {kind}, neither \"person\" nor \"bot:NAME\": write "
                  "\"bot:{bot}\"").format(**said, bot=kind) if kind in known
                else _("seat {seat} is {kind}, neither \"person\" nor \"bot:NAME\" (bots: "
                       "{bots})").format(**said, bots=", ".join(known)))
        if kind != PERSON and kind[4:] not in known:
            raise _unknown_bot(kind.removeprefix("bot:"), known)
    if PERSON not in seats:
        raise RequestError(_("a table needs at least one \"person\" seat"))
    return list(seats)
