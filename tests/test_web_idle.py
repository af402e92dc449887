"""A server on a network cannot be locked by filling it: over real sockets to a server on a
loopback port, a table untouched (no move, join or socket message) for the idle time is closed
and its people are told why (410, on the API and on the table's sockets), before and after a
restart; the cap counts the tables in play only; and one client address opening tables too fast
gets 429 with Retry-After while another still opens them, its address the socket's peer unless
the server trusts a proxy's header. Time is a clock the test moves: nothing sleeps."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from pegline_core.app.web.limits import CreationLimit
from pegline_core.app.web.tables import Tables
from tests.live_server import Site

IDLE = 600.0
CLOSED = "this table was closed: nobody moved, joined or sent a message there for 10 minutes"


class Clock:
    """A clock the test moves (for the tables: seconds since the epoch; for the limit: any)."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock():
    return Clock()


def start(path, clock: Clock, limit: int = 200, idle: float = IDLE, **app: Any) -> Site:
    return Site(path, lambda store: Tables(limit, store, idle=idle, clock=clock), **app)


@pytest.fixture
def site(tmp_path, clock):
    running = start(tmp_path / "games.db", clock)
    yield running
    running.stop()


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def new_table(site: Site, seats=("person", "person"), source: str = "127.0.0.1",
              headers: dict[str, str] | None = None, **extra: Any) -> tuple[int, Any, dict]:
    return site.request("POST", "/api/tables", {"variant": "two-player", "seats": list(seats),
                                                "seed": 5} | extra, headers, source)


def opened(site: Site, **extra: Any) -> dict[str, Any]:
    status, created, _headers = new_table(site, **extra)
    assert status == 201, created
    return created


def state(site: Site, created: dict[str, Any], seat: int = 0, lang: str = "en"):
    status, answer, _headers = site.request(
        "GET", f"/api/tables/{created['id']}",
        headers=bearer(created["seats"][seat]["token"]) | {"x-pegline-lang": lang})
    return status, answer


def discard(site: Site, created: dict[str, Any], seat: int) -> int:
    """Seat ``seat`` lays away its first two cards: the answer's status."""
    _status, now = state(site, created, seat)
    move = {"expect": now["next"], "move": {"type": "discard",
                                            "cards": now["table"]["held"][:2]}}
    status, _answer, _headers = site.request("POST", f"/api/tables/{created['id']}/moves", move,
                                             bearer(created["seats"][seat]["token"]))
    return status


def socket_of(site: Site, created: dict[str, Any], seat: int = 0):
    token = created["seats"][seat]["token"]
    return connect(f"ws://127.0.0.1:{site.port}/api/tables/{created['id']}/socket?seat={token}",
                   open_timeout=20)


# -- closing the tables nobody touches ----------------------------------------------------------


def test_a_table_untouched_for_the_idle_time_is_closed_and_its_people_told_why(site, clock):
    idle, moved = opened(site, lobby=True), opened(site)
    alone = opened(site, seats=["person", "bot:greedy"])  # one person against a bot
    clock.advance(IDLE - 1)
    assert discard(site, moved, 0) == 200  # a move: this table starts its time again
    assert state(site, idle)[0] == 200  # only looking at a table does not
    assert [t["id"] for t in site.request("GET", "/api/lobby")[1]["tables"]] == [idle["id"]]
    clock.advance(1)
    status, answer = state(site, idle)
    assert (status, answer) == (410, {"error": CLOSED})
    status, answer = state(site, idle, seat=1, lang="ja")
    assert status == 410
    assert answer["error"] == ("この卓は閉じられました：10 分のあいだ、だれも手を打たず、"  # noqa: RUF001
                               "席に着かず、メッセージも送りませんでした")
    assert state(site, alone) == (410, {"error": CLOSED})
    length = site.tables.get(idle["id"]).length
    for expect in (length, 0):  # a move, even a stale one, is told why
        status, answer, _headers = site.request(
            "POST", f"/api/tables/{idle['id']}/moves", {"expect": expect, "move": {"type": "go"}},
            bearer(idle["seats"][1]["token"]))
        assert (status, answer) == (410, {"error": CLOSED})
    assert site.request("GET", "/api/lobby")[1]["tables"] == []
    status, record, _headers = site.request("GET", f"/api/tables/{idle['id']}/record",
                                            headers=bearer(idle["seats"][0]["token"]))
    assert status == 200 and "[[events]]" in record  # what was played can still be kept
    assert state(site, moved)[0] == 200 and discard(site, moved, 1) == 200


def test_a_join_and_a_socket_message_keep_a_table_open_too(site, clock):
    joined, written = opened(site, lobby=True), opened(site)
    clock.advance(IDLE - 1)
    status, _seat, _headers = site.request("POST", f"/api/tables/{joined['id']}/join",
                                           {"seat": 1})
    assert status == 200
    with socket_of(site, written) as socket:
        json.loads(socket.recv(timeout=20))
        socket.send(json.dumps({"token": written["seats"][0]["token"], "since": 0}))
        assert "state" in json.loads(socket.recv(timeout=20))
    clock.advance(IDLE - 1)
    assert state(site, joined)[0] == 200 and state(site, written)[0] == 200
    clock.advance(1)
    assert state(site, joined)[0] == 410 and state(site, written)[0] == 410


def test_an_open_socket_is_told_why_when_its_table_closes(tmp_path, clock):
    """The server looks for idle tables every `sweep_every` seconds (here 20 ms of real time,
    the table's time moved by the test) and tells their sockets."""
    site = start(tmp_path / "games.db", clock, sweep_every=0.02)
    try:
        created = opened(site)
        with socket_of(site, created, 1) as socket:
            assert "state" in json.loads(socket.recv(timeout=20))
            clock.advance(IDLE)
            assert json.loads(socket.recv(timeout=20)) == {"error": CLOSED, "status": 410}
            with pytest.raises(ConnectionClosed) as closed:
                socket.recv(timeout=20)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4410
        with socket_of(site, created) as again:  # and a socket opened later is told too
            assert json.loads(again.recv(timeout=20)) == {"error": CLOSED, "status": 410}
    finally:
        site.stop()


def test_idle_time_counts_across_a_restart_and_a_closed_table_stays_closed(tmp_path, clock):
    path = tmp_path / "games.db"
    site = start(path, clock)
    try:
        early, written, late = opened(site), opened(site), opened(site)
        clock.advance(100)
        with socket_of(site, written) as socket:  # kept in the store: a minute or more passed
            json.loads(socket.recv(timeout=20))
            socket.send(json.dumps({"token": written["seats"][0]["token"], "since": 0}))
            json.loads(socket.recv(timeout=20))
        clock.advance(IDLE - 200)
        assert discard(site, late, 0) == 200
        site.restart()  # at IDLE - 100: every table still in play
        assert [state(site, t)[0] for t in (early, written, late)] == [200, 200, 200]
        clock.advance(100)
        assert [state(site, t)[0] for t in (early, written, late)] == [410, 200, 200]
        site.stop()
        clock.advance(IDLE)  # the server is down while every table's time runs out
        site = start(path, clock)  # closed at start
        assert [state(site, t) for t in (early, written, late)] == [
            (410, {"error": CLOSED})] * 3
        site.stop()
        site = start(path, clock, idle=100 * IDLE)  # a closed table stays closed
        assert [state(site, t) for t in (early, written, late)] == [
            (410, {"error": CLOSED})] * 3
    finally:
        site.stop()


def test_the_cap_counts_the_tables_in_play_only(tmp_path, clock):
    site = start(tmp_path / "games.db", clock, limit=2)
    try:
        first, second = opened(site), opened(site)
        status, answer, _headers = new_table(site)
        assert status == 503 and "already holds 2 games in progress" in answer["error"]
        clock.advance(IDLE - 1)
        assert discard(site, second, 0) == 200
        clock.advance(1)  # the first is closed; the second goes on
        third = opened(site)  # the closed one is kept, its people told why, but not counted
        assert [state(site, t)[0] for t in (first, second, third)] == [410, 200, 200]
        status, answer, _headers = new_table(site)  # two in play again: full
        assert status == 503 and "already holds 2 games in progress" in answer["error"]
    finally:
        site.stop()


# -- how fast one client may open tables -----------------------------------------------------


def limited(tmp_path, clock, **app: Any) -> Site:
    """A server where a client may open 2 tables at once, then one a minute."""
    return start(tmp_path / "games.db", clock,
                 creation=CreationLimit(per_hour=60, burst=2, clock=clock), **app)


def test_one_address_opening_tables_too_fast_gets_429_while_another_still_opens(tmp_path,
                                                                                clock):
    site = limited(tmp_path, clock)
    try:
        for _ in range(3):  # a refused request costs nothing
            assert new_table(site, seats=["person"])[0] == 400
        opened(site)
        assert new_table(site, seats=["person", "bot:greedy"])[0] == 201  # against a bot too
        status, answer, headers = new_table(site)
        assert status == 429 and headers["retry-after"] == "60"
        assert answer["error"] == ("127.0.0.1 has opened tables faster than 60 an hour after the "
                                   "first 2; try again in 60 s")
        status, _answer, headers = new_table(site, seats=["person", "bot:greedy"])
        assert status == 429 and headers["retry-after"] == "60"
        assert new_table(site, source="127.0.0.2")[0] == 201  # another client is not held
        clock.advance(30)
        status, _answer, headers = new_table(site)
        assert status == 429 and headers["retry-after"] == "30"
        clock.advance(30)
        assert new_table(site)[0] == 201
        assert new_table(site)[0] == 429
        assert len(site.tables) == 4
    finally:
        site.stop()


@pytest.mark.parametrize("trusted", [False, True])
def test_a_proxys_header_names_the_client_only_when_the_server_trusts_it(tmp_path, clock,
                                                                        trusted):
    """Untrusted, the header changes nothing: every request here comes from one peer. Trusted,
    its last address is the client (the earlier ones are whatever the client wrote)."""
    site = limited(tmp_path, clock, proxy_header="X-Forwarded-For" if trusted else None)
    try:
        ann = {"x-forwarded-for": "203.0.113.7"}
        posing = {"x-forwarded-for": "198.51.100.9, 203.0.113.7"}
        bob = {"x-forwarded-for": "198.51.100.9"}
        answers = [new_table(site, headers=headers)
                   for headers in (ann, ann, posing, bob, bob, bob)]
        statuses = [status for status, _answer, _headers in answers]
        if trusted:
            assert statuses == [201, 201, 429, 201, 201, 429]
            assert answers[2][1]["error"].startswith("203.0.113.7 has opened tables")
        else:
            assert statuses == [201, 201, 429, 429, 429, 429]
            assert answers[3][1]["error"].startswith("127.0.0.1 has opened tables")
    finally:
        site.stop()
