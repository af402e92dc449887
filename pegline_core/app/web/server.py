"""The HTTP side of `pegline serve`: a Starlette app with a JSON API and the page's files.

Routes (every answer JSON, except the page, its files and a record download):

- ``GET /api/options``: the variants on the search path, each game's setup options and bots;
- ``GET /api/messages?lang=ja``: the page's words in a language, ``{"lang", "languages",
  "messages": {english: translated}}``;
- ``POST /api/describe``: ``{"variant", "options"}``, answered with the description of the
  variant they make, overlays included;
- ``POST /api/replay``: ``{"record": text}``, answered with the record's steps;
- ``POST /api/tables``, ``GET /api/tables/{id}?since=N``, ``POST /api/tables/{id}/moves``,
  ``.../name``, ``.../compare``, ``.../abandon`` (a table no other person plays),
  ``GET .../record`` (a finished table's record, with a seat's token), ``.../hand-over`` (the
  creator's token), ``.../join`` (a free seat of a table in the lobby), ``GET /api/lobby``:
  tables of people and bots (one person against bots is the page's new game), each seat opened
  by its token, the public table by the spectators' (``tables``); ``/api/tables/{id}/socket``:
  a seat's or a spectator's live line (``sockets``).

Every JSON answer speaks the language of the request's ``X-Pegline-Lang`` header (or ``?lang=``;
English otherwise): the event lines and the seats' names.
A request the server cannot read gets 400, a seat request without the seat's token 403, an
unknown game 404, a move the rules refuse now 409 (a table's stale ``expect``: 409 with
``"state"``), a table closed for going untouched 410, a body over `MAX_BODY` 413, a new game
from a client opening them too fast 429 (with ``Retry-After``, `limits`), a new game on a full
server 503; each with ``{"error": message}``, and nothing changes.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from pegline_core.app.bot_specs import bots_for
from pegline_core.app.i18n import (
    LANGUAGES,
    Messages,
    catalog_messages,
    plugin_domain,
    rule_name,
    use_language,
    variant_description,
)
from pegline_core.app.problems import say, shown
from pegline_core.app.web.limits import CreationLimit, TooMany, client_address
from pegline_core.app.web.protocol import (
    LARGEST,
    Json,
    RequestError,
    WebTable,
    query_number,
    whole,
)
from pegline_core.app.web.replay import replay_steps
from pegline_core.app.web.sockets import table_socket
from pegline_core.app.web.tables import (
    Forbidden,
    Full,
    Gone,
    NotFound,
    Stale,
    Table,
    Tables,
    link_token,
    web_table,
)
from pegline_core.errors import IllegalActionError, PeglineError, VariantError
from pegline_core.files import NOT_JSON, parse_json
from pegline_core.game_hooks import MissingHook
from pegline_core.messages import Message, Problem, said
from pegline_core.plugins import describe_plugin, game_definition, installed_plugins
from pegline_core.rules import Rule
from pegline_core.strict import did_you_mean
from pegline_core.variant import Variant, available_variants, load_variant

__all__ = ["create_app", "MAX_BODY"]

STATIC = Path(__file__).resolve().parent / "static"
_ = Messages("pegline_core.app").gettext
MAX_BODY = 4 * 1024 * 1024
"""The largest request body read (a whole game's record is well under a megabyte)."""


class Server:
    """The state behind the routes: the tables, each game's web table once seen, and how fast
    a client may open tables (``creation``; None: as fast as it likes)."""

    def __init__(self, tables: Tables, creation: CreationLimit | None = None) -> None:
        self.tables = tables
        self.creation = creation
        self.webs: dict[str, WebTable] = {}

    def _web(self, variant: Variant) -> WebTable:
        web = web_table(variant, game_definition(variant.game))
        self.webs.setdefault(variant.game, web)
        return web

    def messages(self, lang: str) -> Json:
        """The page's words in ``lang``: the app's catalog and each game's, by English text."""
        domains = ["pegline_core.app"] + sorted({domain for game in self.options()["options"]
                                                 if (domain := plugin_domain(game))})
        words: dict[str, str] = {}
        for domain in domains:
            words |= catalog_messages(domain, lang)
        with use_language(lang):
            rules = {rule.id: rule_name(rule.id, plugin_domain(name))
                     for name in installed_plugins() for rule in _declared(name)}
        return {"lang": lang, "languages": LANGUAGES, "messages": words, "rules": rules}

    def options(self) -> Json:
        variants, options, bots = [], {}, {}
        for name, path in available_variants().items():
            try:
                variant = load_variant(path)
            except VariantError as exc:
                variants.append({"name": name, "playable": False,
                                 "problem": "; ".join(map(say, exc.problems))})
                continue
            item = {"name": name, "description": variant_description(variant),
                    "game": variant.game, "players": variant.table.players, "playable": True}
            try:
                web = self._web(variant)
            except MissingHook as exc:
                item |= {"playable": False, "problem": shown(exc)}
            else:
                options[variant.game] = list(web.options)
                bots[variant.game] = list(bots_for(variant))
            variants.append(item)
        overlays = {overlay for game_options in options.values() for option in game_options
                    for choice in option["choices"] for overlay in choice["overlays"]}
        return {"variants": [v for v in variants if v["name"] not in overlays],
                "options": options, "bots": bots}

    def _variant(self, data: dict[str, object]) -> Variant:
        """The variant a new game's ``variant`` and ``options`` name."""
        name = data.get("variant")
        if name is None:
            raise RequestError(_("a new game names its variant, e.g. {example}").format(
                example='{"variant": "two-player"}'))
        known = available_variants()
        if not isinstance(name, str) or name not in known:
            close = say(did_you_mean(name, known)) if isinstance(name, str) else ""
            raise RequestError(_("unknown variant {name}: {close}choose one from /api/options")
                               .format(name=repr(name), close=close))
        base = load_variant(name)
        web = self._web(base)
        chosen = data.get("options", {})
        if not isinstance(chosen, dict):
            raise RequestError(_("options are an object of choices, e.g. {example}").format(
                example='{"counting": "muggins"}'))
        overlays = _overlays(web, chosen)
        return load_variant(name, overlays=overlays) if overlays else base

    def describe(self, body: object) -> Json:
        """What a variant with the options chosen is, as resolved (a target of 61 chosen reads
        "to 61"), for the setup to show before a game starts."""
        data = _object(body)
        _fields(data, {"variant", "options"})
        return {"description": variant_description(self._variant(data))}

    def _admit(self, client: str) -> Callable[[], None]:
        """What counts a new table for ``client`` once its request is found good (`TooMany` if
        it opens them too fast): a refused request costs the client nothing."""
        creation = self.creation
        return (lambda: None) if creation is None else (lambda: creation.take(client))

    def create_table(self, body: object, client: str) -> Json:
        """A new table of people and bots: its id and a link with a token per person seat."""
        data = _object(body)
        _fields(data, {"variant", "options", "seats", "seed", "lobby", "spectators",
                       "hand_over_after"})
        variant = self._variant(data)
        lobby, spectators = _flag(data, "lobby"), _flag(data, "spectators")
        after = data.get("hand_over_after")
        if after is not None and (isinstance(after, bool) or not isinstance(after, int | float)
                                  or not 0 <= after <= 86400):
            raise RequestError(_("hand_over_after is a number of seconds from 0 to 86400, or "
                                 "null (never), not {value}").format(value=repr(after)))
        table, tokens, keys = self.tables.create(variant, data.get("seats"), _seed(data), lobby,
                                                 spectators=spectators, hand_over_after=after,
                                                 admit=self._admit(client))
        answer: Json = {"id": table.id, "host": keys["host"], "seats": [
            {"seat": seat, "token": token, "link": f"/t/{table.id}?seat={token}"}
            for seat, token in sorted(tokens.items())]}
        if "watch" in keys:
            answer["watch"] = {"token": keys["watch"],
                               "link": f"/t/{table.id}?watch={keys['watch']}"}
        return answer


def _flag(data: dict[str, object], name: str) -> bool:
    value = data.get(name, False)
    if type(value) is not bool:
        raise RequestError(_("{name} is true or false, not {value}").format(
            name=name, value=repr(value)))
    return value


def _fields(data: dict[str, object], known: set[str]) -> None:
    unknown = set(data) - known
    if unknown:
        raise RequestError(_("a new game has no field {field}").format(field=repr(min(unknown))))


def _seed(data: dict[str, object]) -> int | None:
    seed = data.get("seed")
    return None if seed is None else whole(seed, "seed", 0, LARGEST)


def _declared(plugin: str) -> list[Rule]:
    """The rules a plugin declares (none for one that cannot be loaded: the page still works)."""
    try:
        return describe_plugin(plugin)[1]
    except PeglineError:
        return []


def _object(body: object) -> dict[str, object]:
    if not isinstance(body, dict):
        raise RequestError(_("expected a JSON object, not {kind}").format(kind=_kind(body)))
    return body


def _kind(value: object) -> str:
    """What a JSON value is, in JSON's words (not Python's list, str or NoneType)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return _("a boolean")
    if isinstance(value, int | float):
        return _("a number")
    return _("a string") if isinstance(value, str) else _("an array")


def _overlays(web: WebTable, chosen: dict[str, object]) -> list[str]:
    options = {option["name"]: option for option in web.options}
    unknown = set(chosen) - set(options)
    if unknown:
        raise RequestError(_("unknown option {name}; the options are {options}").format(
            name=repr(min(unknown)), options=", ".join(options)))
    overlays: list[str] = []
    for name, option in options.items():
        value = chosen.get(name, option["choices"][0]["value"])
        choice = next((c for c in option["choices"] if c["value"] == value), None)
        if choice is None:
            values = ", ".join(repr(c["value"]) for c in option["choices"])
            raise RequestError(_("option {name} is one of {values}, not {value}").format(
                name=repr(name), values=values, value=repr(value)))
        overlays += choice["overlays"]
    return overlays


def _error(status: int, message: str, code: str | None = None) -> JSONResponse:
    """The answer to a refused request: its message, and the message's code where it has one
    (a program reads that, whatever the language)."""
    return JSONResponse({"error": message, **({"code": code} if code else {})},
                        status_code=status)


def _status(exc: PeglineError) -> int:
    if isinstance(exc, NotFound):
        return 404
    if isinstance(exc, Forbidden):
        return 403
    if isinstance(exc, Gone):
        return 410
    if isinstance(exc, Full):
        return 503
    if isinstance(exc, IllegalActionError):
        return 409
    return 400


async def _body(request: Request) -> object:
    size = request.headers.get("content-length")
    if size is not None and size.isdigit() and int(size) > MAX_BODY:
        raise _TooLarge()
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise _TooLarge()
    try:
        return parse_json(raw or b"null", "body", ValueError)
    except ValueError as exc:
        found = said(exc)  # "body: not valid JSON: why", or another problem of the body
        message = found.message if isinstance(found, Problem) else found
        why = message.params["why"] if isinstance(message, Message) and \
            message.code == NOT_JSON.code else message  # what the parser said, a message or text
        raise RequestError(_("the body is not valid JSON: {error}").format(
            error=say(why if isinstance(why, str) else str(why)))) from None


def _token(request: Request) -> str | None:
    """The token a request carries: ``Authorization: Bearer TOKEN``, or ``?seat=TOKEN`` (or a
    spectator's ``?watch=TOKEN``) from a link."""
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip()
    return link_token(request.query_params)


class _TooLarge(Exception):
    pass


Handler = Callable[[Request], Awaitable[Json]]


def _language(request: Request) -> str:
    """The language a request asks for (the page's ``X-Pegline-Lang``); English otherwise."""
    asked = request.query_params.get("lang") or request.headers.get("x-pegline-lang", "")
    return asked if asked in LANGUAGES else "en"


def _json_route(path: str, work: Handler, methods: list[str], status: int = 200) -> Route:
    """A route whose handler returns JSON data; errors become 4xx answers with a message."""

    async def endpoint(request: Request) -> Response:
        with use_language(_language(request)):  # the page's menu sends its choice
            try:
                return JSONResponse(await work(request), status_code=status)
            except _TooLarge:
                return _error(413, _("the body is over {n} bytes").format(n=MAX_BODY))
            except Stale as exc:  # a stale move: nothing changed, here is the table now
                return JSONResponse({"error": str(exc), "state": exc.state}, status_code=409)
            except TooMany as exc:
                return JSONResponse({"error": str(exc)}, status_code=429,
                                    headers={"retry-after": str(exc.retry_after)})
            except PeglineError as exc:  # the kernel's English, in the request's language
                return _error(_status(exc), shown(exc), exc.code)

    return Route(path, endpoint, methods=methods)


def create_app(tables: Tables | None = None, *, creation: CreationLimit | None = None,
               proxy_header: str | None = None, sweep_every: float | None = None) -> Starlette:
    """The web app; ``tables`` lets a caller (a test) see the games it runs. ``creation``
    limits how fast each client opens tables (None: no limit), a client being its peer
    address or, with ``proxy_header``, what a trusted proxy's header says; every
    ``sweep_every`` seconds the idle tables are closed, their sockets told (None: only when a
    table is asked for or a new one made)."""
    server = Server(tables if tables is not None else Tables(), creation)

    async def options(request: Request) -> Json:
        return await run_in_threadpool(server.options)

    async def messages(request: Request) -> Json:
        return await run_in_threadpool(server.messages, _language(request))

    async def describe(request: Request) -> Json:
        body = await _body(request)
        return await run_in_threadpool(server.describe, body)

    async def replay(request: Request) -> Json:
        text = _object(await _body(request)).get("record")
        if not isinstance(text, str):
            raise RequestError(_("send the record's text as {example}").format(
                example='{"record": "..."}'))
        return await run_in_threadpool(replay_steps, text)

    async def table_record(request: Request) -> Response:
        return await _download(request, lambda: seat(request)[0])

    async def _download(request: Request, find: Callable[[], Table]) -> Response:
        """A finished game's record as a file (the table from ``find``, which checks the
        request may open it)."""
        form = request.query_params.get("format", "toml")
        with use_language(_language(request)):
            if form not in ("toml", "jsonl"):
                return _error(400, _("a record's format is toml or jsonl, not {form}").format(
                    form=repr(form)))
            try:
                table = find()
                text = await run_in_threadpool(table.record, form)
            except PeglineError as exc:
                return _error(_status(exc), shown(exc), exc.code)
        name = f"pegline-{table.game.variant.name.replace('+', '-')}-{table.id}.{form}"
        media = "application/toml" if form == "toml" else "application/jsonl"
        return Response(text, media_type=media,
                        headers={"content-disposition": f'attachment; filename="{name}"'})

    def person_table(request: Request) -> Table:
        return server.tables.get(request.path_params["id"])

    def seat(request: Request) -> tuple[Table, int]:
        """The table a request names and the seat its token opens (`Forbidden` if none)."""
        table = person_table(request)
        return table, table.seat_of(_token(request))

    async def create_table(request: Request) -> Json:
        body = await _body(request)
        return await run_in_threadpool(server.create_table, body,
                                       client_address(request, proxy_header))

    async def table_state(request: Request) -> Json:
        table = person_table(request)
        at = table.viewer_of(_token(request))  # a seat, or the spectators
        since = query_number(request.query_params.get("since", "0"), "since", table.length)
        return await run_in_threadpool(table.state, at, since)

    async def table_move(request: Request) -> Json:
        table, at = seat(request)
        data = _object(await _body(request))
        if "expect" not in data or set(data) - {"expect", "move"}:
            raise RequestError(_("a move at a table is {example}").format(
                example='{"expect": 12, "move": {"type": "go"}}'))
        expect = whole(data["expect"], "expect", 0, table.length)
        return await run_in_threadpool(table.act, data.get("move"), at, expect)

    async def table_name(request: Request) -> Json:
        table, at = seat(request)
        name = _object(await _body(request)).get("name")
        return await run_in_threadpool(table.sit, at, name)

    async def table_compare(request: Request) -> Json:
        table, at = seat(request)
        return await run_in_threadpool(table.compare, at)

    async def table_abandon(request: Request) -> Json:
        table, at = seat(request)
        return await run_in_threadpool(table.abandon, at)

    async def hand_over(request: Request) -> Json:
        table = person_table(request)
        data = _object(await _body(request))
        if set(data) - {"seat", "bot"}:
            raise RequestError(_("a handover is {example}").format(
                example='{"seat": 1, "bot": "greedy"}'))
        return await run_in_threadpool(table.hand_over, _token(request), data.get("seat"),
                                       data.get("bot"))

    async def join(request: Request) -> Json:
        table = person_table(request)
        data = _object(await _body(request) or {})
        if set(data) - {"seat"}:
            raise RequestError(_("joining a table is {example}").format(example='{"seat": 1}'))
        at, token = await run_in_threadpool(table.join, data.get("seat"))
        return {"id": table.id, "seat": at, "token": token,
                "link": f"/t/{table.id}?seat={token}"}

    async def socket(websocket: WebSocket) -> None:
        lang = websocket.query_params.get("lang", "en")
        await table_socket(websocket, server.tables, lang if lang in LANGUAGES else "en")

    async def lobby(request: Request) -> Json:
        return {"tables": await run_in_threadpool(server.tables.lobby)}

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def table_file(request: Request) -> Response:
        game = request.path_params["game"]
        if game not in server.webs:  # the page lists the options first; a bare request finds them
            await run_in_threadpool(server.options)
        web = server.webs.get(game)
        kind = request.path_params["kind"]
        if web is None or kind not in ("js", "css"):
            return _error(404, _("no such table file"))
        return FileResponse(web.script if kind == "js" else web.style)

    routes = [
        Route("/", page),
        Route("/t/{id}", page),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
        Route("/tables/{game}.{kind}", table_file),
        _json_route("/api/options", options, ["GET"]),
        _json_route("/api/messages", messages, ["GET"]),
        _json_route("/api/describe", describe, ["POST"]),
        _json_route("/api/replay", replay, ["POST"]),
        _json_route("/api/tables", create_table, ["POST"], status=201),
        _json_route("/api/tables/{id}", table_state, ["GET"]),
        _json_route("/api/tables/{id}/moves", table_move, ["POST"]),
        _json_route("/api/tables/{id}/name", table_name, ["POST"]),
        _json_route("/api/tables/{id}/compare", table_compare, ["POST"]),
        _json_route("/api/tables/{id}/abandon", table_abandon, ["POST"]),
        _json_route("/api/tables/{id}/hand-over", hand_over, ["POST"]),
        _json_route("/api/tables/{id}/join", join, ["POST"]),
        _json_route("/api/lobby", lobby, ["GET"]),
        WebSocketRoute("/api/tables/{id}/socket", socket),
        Route("/api/tables/{id}/record", table_record, methods=["GET"]),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        sweeping = None if sweep_every is None else asyncio.create_task(
            _sweep(server.tables, sweep_every))
        try:
            yield
        finally:
            if sweeping is not None:
                sweeping.cancel()

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.server = server
    return app


async def _sweep(tables: Tables, every: float) -> None:
    """Close the idle tables every ``every`` seconds, for as long as the server runs."""
    while True:
        await asyncio.sleep(every)
        await run_in_threadpool(tables.sweep)
