"""Careless and hostile clients of a real `pegline serve` on a loopback port: whatever they send
or however they leave, every answer is a clear 4xx (or a 2xx), never a 500, and the server's log
holds no exception."""

from __future__ import annotations

import collections
import json
import logging
import random
import time
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.live_server import Site


class _Kept(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def site(tmp_path):
    """The server, and what it logs at ERROR (uvicorn's own loggers do not reach the root)."""
    running = Site(tmp_path / "games.db")
    kept = _Kept()
    kept.setLevel(logging.ERROR)
    loggers = [logging.getLogger(name) for name in ("uvicorn.error", "asyncio")]
    for logger in loggers:
        logger.addHandler(kept)
    running.errors = kept.records
    yield running
    for logger in loggers:
        logger.removeHandler(kept)
    running.stop()


def sockets_closed(site, ident: str) -> None:
    """Wait (bounded) until the server has finished with every socket of the table."""
    deadline = time.monotonic() + 20
    while sum(site.tables.get(ident).sockets.values()):
        assert time.monotonic() < deadline, "the server kept a socket open"
        time.sleep(0.02)


def test_a_socket_that_leaves_while_its_message_is_answered_leaves_no_error(site):
    status, created, _headers = site.request("POST", "/api/tables", {
        "variant": "two-player", "seats": ["person", "bot:greedy"], "seed": 1})
    assert status == 201
    ident, token = created["id"], created["seats"][0]["token"]
    url = f"ws://127.0.0.1:{site.port}/api/tables/{ident}/socket?seat={token}"
    for _ in range(10):
        with connect(url, open_timeout=20) as socket:
            socket.recv(timeout=20)
            socket.send("not JSON")  # answered with a refusal, as the socket closes
    sockets_closed(site, ident)
    assert [record.getMessage() for record in site.errors] == []
    with connect(url, open_timeout=20) as socket:  # and the table still answers
        assert json.loads(socket.recv(timeout=20))["state"]["seat"] == 0


def test_a_lone_surrogate_in_a_body_is_refused_and_changes_nothing(site):
    """JSON can escape half a character (``"\\ud800"``), which no UTF-8 answer can carry: a
    name that held one was kept, and every answer of that table was then a 500."""
    status, created, _headers = site.request("POST", "/api/tables", {
        "variant": "two-player", "seats": ["person", "person"], "seed": 1})
    ident, token = created["id"], created["seats"][0]["token"]
    bearer = {"authorization": f"Bearer {token}"}
    for body in (b'{"name": "\\ud800"}', b'{"name": "x\\udca5"}'):
        status, answer, _headers = site.request("POST", f"/api/tables/{ident}/name", body, bearer)
        assert status == 400 and "lone surrogate" in answer["error"], answer
    status, state, _headers = site.request("GET", f"/api/tables/{ident}", None, bearer)
    assert status == 200 and "\ud800" not in json.dumps(state, ensure_ascii=False)
    status, answer, _headers = site.request(  # a whole pair is one character: a good name
        "POST", f"/api/tables/{ident}/name", b'{"name": "\\ud83d\\udca5"}', bearer)
    assert status == 200 and answer["seats"][0]["name"].startswith("\U0001f4a5")
    assert [record.getMessage() for record in site.errors] == []


# -- random requests and socket messages (seeded: a failure names the case) --------------------

MOVE = {"expect": 0, "move": {"type": "discard", "cards": ["5H", "5C"]}}
ROUTES = [("POST", "/api/tables", {"variant": "two-player", "seats": ["person", "bot:greedy"],
                                   "seed": 1}),
          ("POST", "/api/describe", {"variant": "two-player", "options": {"counting": "muggins"}}),
          ("POST", "/api/tables", {"variant": "partner", "lobby": True, "spectators": True,
                                   "seats": ["person", "bot:greedy", "person", "bot:random"],
                                   "hand_over_after": 0}),
          ("GET", "/api/tables/{id}", {}), ("POST", "/api/tables/{id}/moves", MOVE),
          ("POST", "/api/tables/{id}/compare", {}), ("POST", "/api/tables/{id}/abandon", {}),
          ("GET", "/api/tables/{id}/record", {}),
          ("POST", "/api/replay", {"record": 'format = "pegline-record"\nversion = 3\n'}),
          ("GET", "/api/tables/{table}", {}), ("POST", "/api/tables/{table}/moves", MOVE),
          ("POST", "/api/tables/{table}/name", {"name": "Ann"}),
          ("POST", "/api/tables/{table}/compare", {}), ("POST", "/api/tables/{table}/abandon", {}),
          ("POST", "/api/tables/{table}/hand-over", {"seat": 2, "bot": "greedy"}),
          ("POST", "/api/tables/{table}/join", {"seat": 2}),
          ("GET", "/api/tables/{table}/record", {}), ("GET", "/api/lobby", {}),
          ("GET", "/api/options", {}), ("GET", "/api/messages", {}), ("PUT", "/api/tables", {}),
          ("GET", "/tables/{id}.js", {}), ("DELETE", "/api/tables/{table}", {}),
          ("GET", "/api/nope/{id}", {})]
FIELDS = ["variant", "options", "bots", "seed", "seats", "lobby", "spectators", "hand_over_after",
          "type", "card", "cards", "points", "response", "expect", "move", "name", "record",
          "token", "since", "seat", "bot", "counting"]
TEXTS = ["", "x", "two-player", "partner", "clabber", "greedy", "person", "bot:greedy", "5H",
         "go", "play", "discard", "muggins", "\U0001f4a5", "a" * 3000]
NUMBERS = ["0", "1", "-1", "3", "1e999", "NaN", "-Infinity", "1.5", "9" * 40, "true", "null"]
ODD = ['"\\ud800"', '"x\\udfff"', '"\\u0000"', '"\\ud83d\\udca5"']
"""Strings JSON can escape: lone surrogates (half a character), a NUL, a whole pair."""


def junk(rng, depth: int = 0) -> str:
    """A JSON text: scalars of every kind (a lone surrogate, numbers past any range), arrays,
    objects of the fields the routes read."""
    roll = rng.random()
    if depth > 2 or roll < 0.5:
        return rng.choice([rng.choice(NUMBERS), json.dumps(rng.choice(TEXTS)), rng.choice(ODD)])
    if roll < 0.7:
        return "[" + ", ".join(junk(rng, depth + 1) for _ in range(rng.randint(0, 3))) + "]"
    return "{" + ", ".join(f'"{rng.choice(FIELDS)}": {junk(rng, depth + 1)}'
                           for _ in range(rng.randint(0, 4))) + "}"


def near_good(rng, good: dict[str, Any]) -> str:
    """``good`` with a field or two replaced by junk, dropped, or one added."""
    fields = {key: json.dumps(value) for key, value in good.items()}
    for _ in range(rng.randint(1, 2)):
        key = rng.choice([*fields] or FIELDS) if rng.random() < 0.9 else rng.choice(FIELDS)
        if rng.random() < 0.1:
            fields.pop(key, None)
        else:  # a scalar, often one JSON writes oddly
            fields[key] = junk(rng) if rng.random() < 0.5 else rng.choice(
                ODD if rng.random() < 0.5 else NUMBERS)
    return "{" + ", ".join(f'"{key}": {value}' for key, value in fields.items()) + "}"


def test_random_requests_and_socket_messages_never_get_a_500_nor_an_error_logged(site):
    """600 requests, each a route's good body with a field or two made junk, or junk, on
    tables that exist or not (one person's against a bot among them), with a seat's token or
    another; then sockets sent such messages. A few seconds; it found the lone surrogate's 500
    and the socket token's crash."""
    rng = random.Random(15)
    alone = site.request("POST", "/api/tables", ROUTES[0][2])[1]
    games = [alone["id"]]
    table = site.request("POST", "/api/tables", {  # no lobby: a join would change the tokens
        "variant": "partner", "seats": ["person", "bot:greedy", "person", "bot:random"],
        "spectators": True, "hand_over_after": 0})[1]
    tokens = [seat["token"] for seat in table["seats"]] + [table["host"], table["watch"]["token"],
                                                            alone["seats"][0]["token"]]
    statuses: collections.Counter[int] = collections.Counter()
    for case in range(600):
        method, path, good = rng.choice(ROUTES)
        path = path.format(id=rng.choice([*games, "x", "%F0%9F%92%A5", "0" * 300]),
                           table=rng.choice([table["id"]] * 4 + ["x"]))
        query = rng.choice(["", "?since=" + rng.choice(NUMBERS), "?format=jsonl", "?lang=ja",
                            f"?seat={rng.choice(tokens)}"])
        body = near_good(rng, good) if rng.random() < 0.8 else junk(rng)
        headers = {"authorization": f"Bearer {rng.choice(tokens[:2] * 3 + tokens + ['x'])}"}
        status, answer, _headers = site.request(method, path + query, body.encode(), headers)
        statuses[status] += 1
        assert status < 500 or status == 503, (case, method, path + query, body, answer)
        if status == 201 and path == "/api/tables":
            games.append(answer["id"])
    table = site.request("POST", "/api/tables", {"variant": "two-player",
                                                 "seats": ["person", "person"]})[1]
    tokens = [seat["token"] for seat in table["seats"]]
    url = f"ws://127.0.0.1:{site.port}/api/tables/{table['id']}/socket?seat="
    for case in range(12):  # a socket per batch: each well under the rate a socket may send
        token = rng.choice(tokens)
        with connect(url + token, open_timeout=20) as socket:
            socket.recv(timeout=20)
            for _ in range(8):
                message = near_good(rng, {"token": token, "since": 0} if rng.random() < 0.5
                                    else MOVE | {"token": token})
                try:
                    socket.send(message if rng.random() < 0.9 else junk(rng))
                except ConnectionClosed as closed:  # another seat's token: 4403, never 1011
                    assert closed.rcvd is not None and closed.rcvd.code == 4403, (case, message)
                    break
    sockets_closed(site, table["id"])
    assert [record.getMessage() for record in site.errors] == []
    assert statuses[200] + statuses[201] >= 50 and statuses[400] >= 100, statuses
