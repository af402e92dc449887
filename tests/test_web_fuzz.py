"""Careless and hostile clients of a real `pegline serve` on a loopback port: whatever they send
or however they leave, every answer is a clear 4xx (or a 2xx), never a 500, and the server's log
holds no exception."""

from __future__ import annotations

import json
import logging
import time

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")
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
