"""Every number a request to `pegline serve` carries, over real sockets to a server on a
loopback port: out of its range, a bool, or a float where a whole number goes, it is refused
with 400 and the range it must be in, and nothing changes (no 500 from the store or the
generator, no move, no table)."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from pegline_core.app.web.protocol import LARGEST
from tests.live_server import Site

HUGE = 10**30
"""A seed past SQLite's INTEGER (it was an OverflowError, answered 500)."""


def wrong_wholes(top: int) -> list[Any]:
    """Values a whole number from 0 to ``top`` must refuse: just past either end, far past,
    a bool and a float."""
    return [top + 1, -1, HUGE, -HUGE, True, False if top < 0 else 1.0, 0.5, "1"]


@pytest.fixture
def site(tmp_path):
    running = Site(tmp_path / "games.db")
    yield running
    running.stop()


def table(site, seats=("person", "person"), variant="two-player", **extra) -> dict[str, Any]:
    status, created, _headers = site.request("POST", "/api/tables", {
        "variant": variant, "seats": list(seats), "seed": 3} | extra)
    assert status == 201, created
    return created


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def refused(site, method: str, path: str, body: Any, field: str, top: int | str,
            headers: dict[str, str] | None = None) -> None:
    """The request is answered 400 naming ``field`` and its range, and no table changed."""
    before = {ident: t.length for ident, t in site.tables.ids().items()}
    status, answer, _headers = site.request(method, path, body, headers)
    assert status == 400, (body, answer)
    assert f"{field} is a whole number from 0 to {top}, not " in answer["error"], answer
    assert {ident: t.length for ident, t in site.tables.ids().items()} == before


def test_a_seed_outside_what_the_store_keeps_is_refused_with_the_range(site):
    route = "/api/tables"
    body = {"variant": "two-player", "seats": ["person", "bot:greedy"]}
    for seed in [LARGEST + 1, *wrong_wholes(LARGEST)[1:]]:
        refused(site, "POST", route, body | {"seed": seed}, "seed", LARGEST)
    refused(site, "POST", route, f'{{"variant": "two-player", "seed": 1{"0" * 4000}}}'.encode(),
            "seed", LARGEST)
    status, answer, _headers = site.request("POST", route, body | {"seed": -1},
                                            {"x-pegline-lang": "ja"})
    assert status == 400
    assert answer["error"] == f"seed は 0 から {LARGEST} までの整数です（-1 ではなく）"  # noqa: RUF001
    status, _answer, _headers = site.request("POST", route, body | {"seed": LARGEST})
    assert status == 201  # the top of the range is a seed like any other
    assert len(site.tables) == 1


def test_a_handover_time_outside_0_to_86400_seconds_is_refused(site):
    for after in ("86400.5", "-1", "1e400", "NaN", "Infinity", "true", '"60"', "[]"):
        status, answer, _headers = site.request("POST", "/api/tables", (
            '{"variant": "two-player", "seats": ["person", "person"], "hand_over_after": '
            + after + "}").encode())
        assert status == 400, (after, answer)
        assert "hand_over_after is a number of seconds from 0 to 86400" in answer["error"]
    assert len(site.tables) == 0
    assert table(site, hand_over_after=86400)["id"]


def test_since_and_expect_are_event_numbers_up_to_the_tables_count(site):
    created = table(site)
    ident, token = created["id"], created["seats"][0]["token"]
    length = site.tables.get(ident).length
    for since in (str(length + 1), "-1", "1" * 30, "1" * 5000, "1.0", "%C2%B2", "true", "0x1"):
        refused(site, "GET", f"/api/tables/{ident}?since={since}", None, "since", length,
                bearer(token))
    for expect in wrong_wholes(length):
        refused(site, "POST", f"/api/tables/{ident}/moves",
                {"expect": expect, "move": {"type": "go"}}, "expect", length, bearer(token))
    status, state, _headers = site.request("GET", f"/api/tables/{ident}?since={length}",
                                           headers=bearer(token))
    assert status == 200 and state["since"] == length and state["events"] == []


def test_a_seat_to_hand_over_or_join_is_a_seat_of_the_table(site):
    created = table(site, ("person", "person", "bot:greedy"), "three-player", lobby=True,
                    hand_over_after=0)
    ident = created["id"]
    for seat in wrong_wholes(2):
        refused(site, "POST", f"/api/tables/{ident}/hand-over", {"seat": seat}, "seat", 2,
                bearer(created["host"]))
        refused(site, "POST", f"/api/tables/{ident}/join", {"seat": seat}, "seat", 2)
    status, joined, _headers = site.request("POST", f"/api/tables/{ident}/join", {"seat": 1})
    assert status == 200 and joined["seat"] == 1


def test_the_points_of_a_declaration_or_a_muggins_call_are_within_the_variants_count(site):
    """The declaration is refused before the rules see it, so at any moment of the game: here
    the discard, when the seat is asked."""
    created = table(site, options={"counting": "muggins"})
    ident, token = created["id"], created["seats"][0]["token"]
    length = site.tables.get(ident).length
    for points in wrong_wholes(29):
        for move in ({"type": "declare", "points": points},
                     {"type": "respond", "response": "muggins", "points": points}):
            refused(site, "POST", f"/api/tables/{ident}/moves",
                    {"expect": length, "move": move}, "points", 29, bearer(token))


def test_a_renege_calls_target_is_an_event_number(site):
    created = table(site, ["person"] * 4, "clabber-renege")
    ident = created["id"]
    game = site.tables.get(ident).game
    seat = next(iter(game.to_act))
    token = created["seats"][seat]["token"]
    length = site.tables.get(ident).length
    for target in wrong_wholes(LARGEST)[1:]:
        refused(site, "POST", f"/api/tables/{ident}/moves",
                {"expect": length, "move": {"type": "renege", "target": target}}, "target",
                LARGEST, bearer(token))


def socket_url(site, ident: str, token: str, since: str = "0") -> str:
    return f"ws://127.0.0.1:{site.port}/api/tables/{ident}/socket?seat={token}&since={since}"


def test_a_sockets_since_and_expect_are_refused_out_of_range_and_the_socket_goes_on(site):
    """Each refusal answered on the socket, which then still answers a message in range (a
    socket takes `RATE` messages a second: each batch has a socket of its own)."""
    created = table(site, options={"counting": "muggins"})
    ident, token = created["id"], created["seats"][0]["token"]
    length = site.tables.get(ident).length
    batches = [("since", length, [{"token": token, "since": since}
                                  for since in wrong_wholes(length)]),
               ("expect", length, [{"token": token, "expect": expect, "move": {"type": "go"}}
                                   for expect in wrong_wholes(length)]),
               ("points", 29, [{"token": token, "expect": length,
                                "move": {"type": "declare", "points": points}}
                               for points in wrong_wholes(29)])]
    for field, top, messages in batches:
        with connect(socket_url(site, ident, token), open_timeout=20) as socket:
            assert json.loads(socket.recv(timeout=20))["state"]["next"] == length
            for message in messages:
                socket.send(json.dumps(message))
                answer = json.loads(socket.recv(timeout=20))
                assert answer["status"] == 400, (message, answer)
                assert f"{field} is a whole number from 0 to {top}, not " in answer["error"]
            socket.send(json.dumps({"token": token, "since": length}))  # in range: answered
            assert json.loads(socket.recv(timeout=20))["state"]["since"] == length
    assert site.tables.get(ident).length == length


@pytest.mark.parametrize("since", ["-1", "99", "1" * 5000, "x"])
def test_a_socket_asked_from_an_event_out_of_range_is_told_why_and_closed(site, since):
    created = table(site)
    ident, token = created["id"], created["seats"][0]["token"]
    length = site.tables.get(ident).length
    with connect(socket_url(site, ident, token, since), open_timeout=20) as socket:
        answer = json.loads(socket.recv(timeout=20))
        assert answer["status"] == 400
        assert f"since is a whole number from 0 to {length}, not " in answer["error"]
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=20)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4400
