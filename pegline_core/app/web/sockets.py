"""A seat's live line to its table: ``GET /api/tables/{id}/socket`` (a WebSocket).

The server pushes the seat ``{"state": ...}`` with the events since the last it sent, whenever
the table changes (a move, a name, a person coming or going); the page falls back to polling
``GET /api/tables/{id}?since=N`` when the socket drops. The seat's token is checked on connect
(``?seat=TOKEN``, as a browser cannot set headers on a socket) and again on every message, so a
socket opened with one token cannot act for another seat. A spectator's socket
(``?watch=TOKEN``) is pushed the public table and may not move. A message is ``{"token", "since"}``
(send from there) or ``{"token", "expect", "move"}`` (a move, as ``POST .../moves``); a refusal
comes back as ``{"error", "status"}`` and changes nothing. Every message counts as the seat
being at the table (`Table.touch`); a table closed for going untouched sends its sockets
``{"error", "status": 410}`` saying why and closes them (code `GONE`).

Bounded: `MAX_SOCKETS` per table, messages up to `MAX_MESSAGE` bytes, at most `RATE` messages a
second per socket (a flood closes that socket; the others are not slowed: each move runs in a
worker thread under its table's lock only).
"""

from __future__ import annotations

import asyncio
import time

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect

from pegline_core.app.i18n import Messages, use_language
from pegline_core.app.problems import shown
from pegline_core.app.web.protocol import RequestError, query_number, whole
from pegline_core.app.web.tables import WATCHER, Forbidden, Gone, Stale, Table, Tables, link_token
from pegline_core.errors import IllegalActionError, PeglineError
from pegline_core.files import parse_json

__all__ = ["table_socket", "MAX_SOCKETS", "MAX_MESSAGE", "RATE"]

_ = Messages("pegline_core.app").gettext
MAX_SOCKETS = 16
"""Open sockets per table (a four-handed table with a few tabs each)."""
MAX_MESSAGE = 64 * 1024
RATE = 20
"""Messages a second a socket may send (averaged over a second)."""
FORBIDDEN = 4403
"""The close code for a token that opens no seat (an HTTP 403 in WebSocket terms)."""
BAD_REQUEST = 4400
"""The close code for a socket asked with a query it cannot read (``since`` out of range)."""
GONE = 4410
"""The close code for a table closed for going untouched (HTTP 410)."""


async def table_socket(websocket: WebSocket, tables: Tables, lang: str) -> None:
    """Serve one seat's socket until either side closes it."""
    try:
        table = tables.get(websocket.path_params["id"])
        seat = table.viewer_of(link_token(websocket.query_params))
    except PeglineError:
        await websocket.close(code=FORBIDDEN)
        return
    if sum(table.sockets.values()) >= MAX_SOCKETS:
        await websocket.close(code=1013)  # try again later
        return
    with use_language(lang):
        try:
            since = query_number(websocket.query_params.get("since", "0"), "since", table.length)
        except RequestError as exc:
            await websocket.accept()
            await websocket.send_json({"error": str(exc), "status": 400})
            await websocket.close(code=BAD_REQUEST)
            return
    line = _Line(websocket, table, seat, lang, since)
    await websocket.accept()
    loop = asyncio.get_running_loop()
    woken = asyncio.Event()

    def wake() -> None:
        loop.call_soon_threadsafe(woken.set)

    with table.lock:
        table.changed.append(wake)
        table.sockets[seat] = table.sockets.get(seat, 0) + 1
    await run_in_threadpool(table.notify)  # the others see the seat come
    sender = asyncio.create_task(line.push(woken))
    try:
        await line.listen(woken)
    finally:
        sender.cancel()
        with table.lock:
            table.changed.remove(wake)
            table.sockets[seat] -= 1
            if not table.sockets[seat]:
                table.left[seat] = time.monotonic()  # away from now
        await run_in_threadpool(table.notify)  # and go


class _Line:
    """One open socket: what it has sent, and the messages it reads."""

    def __init__(self, websocket: WebSocket, table: Table, seat: int, lang: str,
                 since: int) -> None:
        self.websocket = websocket
        self.table = table
        self.seat = seat
        self.lang = lang
        self.since = since
        self.sending = asyncio.Lock()

    async def send_state(self) -> None:
        async with self.sending:
            with use_language(self.lang):
                state = await run_in_threadpool(self.table.state, self.seat, self.since)
            self.since = state["next"]
            await self.websocket.send_json({"state": state})

    async def push(self, woken: asyncio.Event) -> None:
        """Send the state now and after every change, until the table is closed."""
        while True:
            woken.clear()
            try:
                await self.send_state()
            except Gone as exc:
                await self._gone(exc)
                return
            await woken.wait()

    async def listen(self, woken: asyncio.Event) -> None:
        """Read messages until the socket closes; a flood or a bad token closes it."""
        window, count = time.monotonic(), 0
        while True:
            try:
                text = await self.websocket.receive_text()
            except (WebSocketDisconnect, RuntimeError, KeyError):
                return
            now = time.monotonic()
            if now - window >= 1:
                window, count = now, 0
            count += 1
            if count > RATE or len(text) > MAX_MESSAGE:
                await self.websocket.close(code=1008)  # policy violation
                return
            try:
                if not await self.answer(text, woken):
                    return
            except (WebSocketDisconnect, RuntimeError):  # it went while being answered
                return

    async def answer(self, text: str, woken: asyncio.Event) -> bool:
        """Handle one message; False once the socket is closed for a bad token."""
        with use_language(self.lang):
            try:
                data = parse_json(text, "message", ValueError)
                if not isinstance(data, dict):
                    raise ValueError("not an object")
            except ValueError:
                await self._refuse(400, _("expected a JSON object, not {kind}").format(
                    kind="text"))
                return True
            try:
                if self.table.viewer_of(data.get("token")) != self.seat:
                    raise Forbidden("another seat's token")
            except Forbidden:
                await self.websocket.close(code=FORBIDDEN)
                return False
            try:
                await run_in_threadpool(self.table.touch)
            except Gone as exc:
                await self._gone(exc)
                return False
            if "move" in data and self.seat == WATCHER:
                await self._refuse(403, _("a spectator cannot move"))
                return True
            if "move" not in data:
                return await self._resend(data, woken)
            if "expect" not in data:
                await self._refuse(400, _("a move at a table is {example}").format(
                    example='{"expect": 12, "move": {"type": "go"}}'))
                return True
            try:
                expect = whole(data["expect"], "expect", 0, self.table.length)
                await run_in_threadpool(self.table.act, data["move"], self.seat, expect)
            except Stale as exc:
                await self._refuse(409, str(exc))
                woken.set()
            except PeglineError as exc:
                status = 409 if isinstance(exc, IllegalActionError) else 400
                await self._refuse(status, shown(exc), exc.code)
            return True

    async def _resend(self, data: dict[str, object], woken: asyncio.Event) -> bool:
        """``{"token", "since"}``: send the events from ``since`` (missing: from where it was)."""
        if "since" in data:
            try:
                self.since = whole(data["since"], "since", 0, self.table.length)
            except RequestError as exc:
                await self._refuse(400, str(exc))
                return True
        woken.set()
        return True

    async def _gone(self, exc: Gone) -> None:
        """Say why the table was closed, and close the socket."""
        await self._refuse(410, str(exc))
        await self.websocket.close(code=GONE)

    async def _refuse(self, status: int, message: str, code: str | None = None) -> None:
        async with self.sending:
            await self.websocket.send_json({"error": message, "status": status,
                                           **({"code": code} if code else {})})
