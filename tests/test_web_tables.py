"""Tables of people and bots through the HTTP API, and games that survive a restart: each seat
sees only what it may, a seat opens only with its own token, a move sent for an old state is
refused, and a server started again on the same database finds every game where it was."""

from __future__ import annotations

import json
import re
import sqlite3
import threading
import time
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")
from starlette.testclient import TestClient

from pegline_core import Card, Input
from pegline_core.app.web import create_app, is_loopback
from pegline_core.app.web.store import MEMORY, SCHEMA, Store, StoreError
from pegline_core.app.web.tables import Tables, token_hash
from pegline_core.record import GameRecord
from pegline_cribbage.actions import Discard
from tests import test_web_api as cribbage
from tests import test_web_clabber as clabber
from tests.one_person import open_seat


def app_on(path: str, limit: int = 200) -> tuple[TestClient, Tables, Store]:
    store = Store(path)
    tables = Tables(limit, store)
    return TestClient(create_app(tables)), tables, store


@pytest.fixture
def server():
    client, tables, store = app_on(MEMORY)
    with client:
        yield client, tables
    store.close()


def new_table(client, seats, variant="two-player", seed=1, **extra) -> dict[str, Any]:
    response = client.post("/api/tables", json={"variant": variant, "seats": seats,
                                                "seed": seed} | extra)
    assert response.status_code == 201, response.text
    return response.json()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def to_act(tables, ident) -> list[int]:
    acting = tables.get(ident).game.to_act
    return [] if isinstance(acting, str) else list(acting)


def play(client, tables, created, *, moves: int = 10**6, choose=cribbage.choose_move,
         check=None, turn: int = 0) -> int:
    """Play every person seat of a table through the API, each from its own state, until the
    game ends or ``moves`` moves were made (``turn``: the number of the first, for the person's
    choices); each seat follows with ``since``."""
    ident = created["id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    seen = dict.fromkeys(tokens, 0)
    made = 0
    while made < moves and not tables.get(ident).game.over:
        seat = to_act(tables, ident)[0]
        state = client.get(f"/api/tables/{ident}", headers=auth(tokens[seat])).json()
        body = {"expect": state["next"], "move": choose(state, turn + made)}
        answer = client.post(f"/api/tables/{ident}/moves", json=body, headers=auth(tokens[seat]))
        assert answer.status_code == 200, answer.text
        made += 1
        if check is not None:
            for other, token in tokens.items():
                got = client.get(f"/api/tables/{ident}?since={seen[other]}",
                                 headers=auth(token)).json()
                assert got["since"] == seen[other]
                check(other, got)
                seen[other] = got["next"]
        assert made < 5000
    return made


# -- each seat sees only what it may see --------------------------------------------------------


@pytest.mark.parametrize(("variant", "options"), [
    ("two-player", {"counting": "muggins"}),
    ("three-player", {"target": "61"}),
    ("partner", {"target": "61"}),
])
def test_every_answer_to_every_seat_holds_only_what_that_seat_may_see(server, variant, options):
    """Every person at the table is a person: whatever each is sent names only cards that seat
    has seen, although every seat's hand was hidden from the others in every hand."""
    client, tables = server
    players = {"two-player": 2, "three-player": 3, "partner": 4}[variant]
    created = new_table(client, ["person"] * players, variant, seed=11, options=options)
    assert [s["seat"] for s in created["seats"]] == list(range(players))
    withheld: dict[int, set[tuple[int, Card]]] = {seat: set() for seat in range(players)}
    answers = 0

    def check(seat, answer):
        nonlocal answers
        answers += 1
        game = tables.get(created["id"]).game
        leaked = cribbage.leaks(answer, game, seat)
        assert not leaked, f"seat {seat} was shown {sorted(map(str, leaked))}"
        withheld[seat].update(cribbage.hidden_now(game, seat))

    play(client, tables, created, check=check)
    game = tables.get(created["id"]).game
    assert game.over and game.hand >= 2 and answers > 50 * players
    for seat in range(players):
        assert {hand for hand, _ in withheld[seat]} == set(range(1, game.hand + 1))


def test_every_seat_of_clabber_is_sent_only_what_it_may_see(server):
    client, tables = server
    created = new_table(client, ["person"] * 4, "clabber", seed=5)
    caches: dict[int, dict[int, set[Card]]] = {seat: {} for seat in range(4)}
    hidden: dict[int, int] = dict.fromkeys(range(4), 0)

    def check(seat, answer):
        game = tables.get(created["id"]).game
        leaked = clabber.leaks(answer, game, seat, caches[seat])
        assert not leaked, f"seat {seat} was shown {sorted(map(str, leaked))}"
        others = {c for s, cards in enumerate(game.machine.held) if s != seat for c in cards}
        hidden[seat] += len(others - clabber.knowable(game, seat, game.hand)) > 0

    play(client, tables, created, moves=120, choose=clabber.choose_move, check=check)
    assert all(count > 60 for count in hidden.values())


# -- tokens, stale moves, bots ----------------------------------------------------------------


def test_a_seat_opens_only_with_its_own_token_and_a_refusal_changes_nothing(server):
    client, tables = server
    created = new_table(client, ["person", "person"])
    ident = created["id"]
    (zero, one) = [s["token"] for s in created["seats"]]
    assert len(zero) >= 22 and zero != one  # 24 random bytes, URL-safe: 192 bits
    assert created["seats"][0]["link"] == f"/t/{ident}?seat={zero}"
    table = tables.get(ident)
    assert set(table.tokens.values()) == {token_hash(zero), token_hash(one)}
    length = table.length
    move = {"expect": length, "move": {"type": "discard", "cards": ["AS", "2S"]}}
    for headers in ({}, auth("x" * 32), auth(zero[:-1] + "A" if zero[-1] != "A" else "B")):
        assert client.get(f"/api/tables/{ident}", headers=headers).status_code == 403
        assert client.post(f"/api/tables/{ident}/moves", json=move,
                           headers=headers).status_code == 403
    other = new_table(client, ["person", "bot:greedy"])
    assert client.get(f"/api/tables/{other['id']}", headers=auth(zero)).status_code == 403
    assert client.get(f"/api/tables/{ident}?seat={one}").json()["seat"] == 1
    assert client.get(f"/api/tables/{ident}", headers=auth(zero)).json()["seat"] == 0
    assert table.length == length
    for route in ("moves", "compare", "abandon"):  # the one API: a table opens by a seat's token
        assert client.post(f"/api/tables/{ident}/{route}", json={}).status_code == 403
    assert client.get(f"/api/games/{ident}").status_code == 404  # the page's old routes are gone


def test_the_same_move_sent_twice_is_applied_once_and_the_second_gets_the_state(server):
    client, tables = server
    created = new_table(client, ["person", "bot:greedy"])
    ident, token = created["id"], created["seats"][0]["token"]
    state = client.get(f"/api/tables/{ident}", headers=auth(token)).json()
    move = {"expect": state["next"], "move": cribbage.choose_move(state, 0)}
    first = client.post(f"/api/tables/{ident}/moves", json=move, headers=auth(token))
    assert first.status_code == 200
    again = client.post(f"/api/tables/{ident}/moves", json=move, headers=auth(token))
    assert again.status_code == 409
    assert again.json()["state"]["next"] == first.json()["next"] > state["next"]
    assert again.json()["state"]["since"] == state["next"]
    discards = [e for e in tables.get(ident).game.log
                if isinstance(e, Input) and e.actor == 0 and isinstance(e.action, Discard)]
    assert len(discards) == 1
    # the answer holds the events since the seat's expectation: its discard and the bot's
    events = first.json()["events"]
    assert events[0]["seq"] == state["next"] and events[-1]["seq"] == first.json()["next"] - 1


def test_bots_move_at_once_and_people_wait_for_each_other(server):
    client, tables = server
    created = new_table(client, ["person", "bot:greedy", "person"], "three-player")
    ident = created["id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    assert list(tokens) == [0, 2]  # no token for the bot
    state = client.get(f"/api/tables/{ident}", headers=auth(tokens[0])).json()
    assert state["prompt"]["kind"] == "discard"
    assert [s["kind"] for s in state["seats"]] == ["person", "bot:greedy", "person"]
    assert state["seats"][2]["present"] is False  # seat 2 has not come yet
    assert [s["taken"] for s in state["seats"]] == [True, True, False]  # the bot's is taken
    client.post(f"/api/tables/{ident}/name", json={"name": "Ann"}, headers=auth(tokens[2]))
    state = client.get(f"/api/tables/{ident}", headers=auth(tokens[0])).json()
    assert state["seats"][2] == {"seat": 2, "kind": "person", "name": "Ann", "present": True,
                                 "away": 0, "taken": True}
    assert state["names"]["2"] == "Ann"
    game = tables.get(ident).game
    assert set(game.to_act) == {0, 2}  # the bot has discarded, the people not yet


@pytest.mark.parametrize(("body", "message"), [
    ({"seats": ["person"]}, "seats are a list of 2"),
    ({"seats": ["person", "bot:nobody"]}, "unknown bot 'nobody'"),
    ({"seats": ["person", "greedy"]},  # a known bot: it was called unknown
     'seat 1 is \'greedy\', neither "person" nor "bot:NAME": write "bot:greedy"'),
    ({"seats": ["person", "human"]},
     'seat 1 is \'human\', neither "person" nor "bot:NAME" (bots: random, greedy, sloppy, '
     'coach)'),
    ({"seats": ["bot:greedy", "bot:greedy"]}, "at least one \"person\" seat"),
    ({"seats": "person"}, "seats are a list"),
    ({"lobby": "yes"}, "lobby is true or false"),
    ({"spectators": 1}, "spectators is true or false"),
    ({"hand_over_after": "soon"}, "hand_over_after is a number of seconds"),
    ({"hand_over_after": -5}, "hand_over_after is a number of seconds"),
    ({"hand_over_after": True}, "hand_over_after is a number of seconds"),
    ({"colour": "red"}, "no field 'colour'"),
])
def test_a_bad_new_table_is_refused_with_a_message(server, body, message):
    client, tables = server
    response = client.post("/api/tables", json={"variant": "two-player",
                                                "seats": ["person", "person"]} | body)
    assert response.status_code == 400 and message in response.json()["error"]
    assert len(tables) == 0


def test_a_bad_move_at_a_table_is_refused_and_changes_nothing(server):
    client, tables = server
    created = new_table(client, ["person", "person"])
    ident, token = created["id"], created["seats"][0]["token"]
    length = tables.get(ident).length
    for body in ({"move": {"type": "go"}}, {"expect": "1", "move": {}}, [],
                 {"expect": length, "move": {"type": "play", "card": "5H"}},
                 {"expect": length, "move": {"type": "discard", "cards": ["ZZ"]}}):
        answer = client.post(f"/api/tables/{ident}/moves", json=body, headers=auth(token))
        assert answer.status_code in (400, 409), answer.text
        assert "error" in answer.json()
    assert tables.get(ident).length == length
    assert client.get(f"/api/tables/{ident}?since=x",
                      headers=auth(token)).status_code == 400


def test_a_full_server_makes_room_from_finished_games_or_refuses(tmp_path):
    """The cap counts the tables in play; as many finished ones are kept again, the least
    recently used making room."""
    client, tables, store = app_on(str(tmp_path / "games.db"), limit=2)
    with client:
        first = new_table(client, ["person", "bot:greedy"])
        second = new_table(client, ["person", "bot:greedy"])
        refused = client.post("/api/tables", json={"variant": "two-player",
                                                   "seats": ["person", "person"]})
        assert refused.status_code == 503 and "2 games in progress" in refused.json()["error"]
        tables.get(first["id"]).abandon(0)
        third = new_table(client, ["person", "bot:greedy"])
        assert first["id"] in tables.ids() and tables.live() == 2  # kept, but not counted
        assert client.post("/api/tables", json={"variant": "two-player",
                                                "seats": ["person", "person"]}).status_code == 503
        for created in (second, third):
            tables.get(created["id"]).abandon(0)
            new_table(client, ["person", "bot:greedy"])
        assert len(tables) == 4 and tables.live() == 2
        assert first["id"] not in tables.ids()  # the least recently used finished one
        assert {second["id"], third["id"]} <= set(tables.ids())
    store.close()
    assert {t.id for t in Store(str(tmp_path / "games.db")).tables()} == set(tables.ids())


def test_finished_tables_idle_past_their_time_are_pruned_with_their_stored_game(tmp_path):
    store = Store(str(tmp_path / "games.db"))
    tables = Tables(200, store, keep_finished=0)
    with TestClient(create_app(tables)) as client:
        done = new_table(client, ["person", "bot:greedy"])
        going = new_table(client, ["person", "bot:greedy"])
        tables.get(done["id"]).abandon(0)
        fresh = new_table(client, ["person", "bot:greedy"])
        assert set(tables.ids()) == {going["id"], fresh["id"]}
    assert {t.id for t in store.tables()} == {going["id"], fresh["id"]}
    store.close()


def test_the_lobby_lists_open_tables_waiting_for_people_and_no_tokens(server):
    client, _tables = server
    listed = new_table(client, ["person", "person"], lobby=True)
    new_table(client, ["person", "person"])  # not opened to the lobby
    lobby = client.get("/api/lobby").json()["tables"]
    assert [t["id"] for t in lobby] == [listed["id"]]
    assert listed["seats"][0]["token"] not in str(lobby)


def test_a_table_is_abandoned_by_its_person_only_where_no_other_person_plays(server):
    """The page's game against bots stops for good, its record then downloadable; a game
    other people play goes on (nothing changes)."""
    client, tables = server
    shared = new_table(client, ["person", "person"])
    ident, zero = shared["id"], shared["seats"][0]["token"]
    refused = client.post(f"/api/tables/{ident}/abandon", headers=auth(zero))
    assert refused.status_code == 409
    assert refused.json()["error"] == "a game that other people play cannot be abandoned"
    assert not tables.get(ident).done
    alone = open_seat(client)
    assert alone.record().status_code == 409  # every card: only once the game stops
    state = alone.abandon().json()
    assert state["abandoned"] and state["prompt"] == {"kind": "wait"} and state["seat"] == 0
    assert GameRecord.from_toml(alone.record().text).replay().log == \
        tables.get(alone.id).game.log
    assert alone.abandon().status_code == 409


def test_loopback_addresses_are_told_from_others():
    assert all(map(is_loopback, ["127.0.0.1", "localhost", "::1", "127.8.0.1", "[::1]"]))
    assert not any(map(is_loopback, ["0.0.0.0", "::", "192.168.1.4", "example.org"]))


# -- games that survive a restart ---------------------------------------------------------------


def test_a_restarted_server_brings_back_every_game_exactly_and_play_goes_on(tmp_path):
    path = str(tmp_path / "games.db")
    client, tables, store = app_on(path)
    with client:
        created = new_table(client, ["person", "bot:greedy", "person"], "three-player",
                            seed=7, options={"counting": "muggins"})
        play(client, tables, created, moves=9)
        alone = open_seat(client, seed=3)  # one person against a bot, who asks the coach
        assert alone.move(cribbage.choose_move(alone.state(), 0)).status_code == 200
        assert alone.compare().status_code == 200
        before = {ident: (table.game.codec.dicts(table.game.log), table.length)
                  for ident, table in tables.ids().items()}
        token = created["seats"][1]["token"]
        seen = client.get(f"/api/tables/{created['id']}", headers=auth(token)).json()
    store.close()
    again, tables2, store2 = app_on(path)  # a new server on the same file
    with again:
        after = {ident: (table.game.codec.dicts(table.game.log), table.length)
                 for ident, table in tables2.ids().items()}
        assert after == before
        resumed = again.get(f"/api/tables/{created['id']}", headers=auth(token)).json()
        assert resumed == seen | {"seats": resumed["seats"]}
        assert again.get(alone.url, headers=auth(alone.token)).json()["assist_used"] is True
        play(again, tables2, created)  # and the game goes on to its end
        assert tables2.get(created["id"]).game.over
    store2.close()


def test_a_restart_gives_the_same_game_as_no_restart(tmp_path):
    """Chance and the bots pick up where they were: a game stopped and restarted midway ends
    exactly as the same game played in one go."""
    logs = []
    for stops in ((), (5, 17)):
        path = str(tmp_path / f"games-{len(stops)}.db")
        made, created = 0, None
        for stop in (*stops, 10**6):
            client, tables, store = app_on(path)
            with client:
                if created is None:
                    created = new_table(client, ["person", "bot:greedy"], seed=21)
                made += play(client, tables, created, moves=stop - made, turn=made)
            store.close()
        client, tables, store = app_on(path)
        game = tables.get(created["id"]).game
        assert game.over
        logs.append(game.codec.dicts(game.log))
        store.close()
    assert logs[0] == logs[1] and len(logs[0]) > 200


def test_a_tampered_stored_move_is_refused_at_start(tmp_path):
    path = str(tmp_path / "games.db")
    client, tables, store = app_on(path)
    with client:
        created = new_table(client, ["person", "bot:greedy"], seed=2)
        play(client, tables, created, moves=4)
    store.close()
    with sqlite3.connect(path) as db:  # the stored seed no longer deals the stored cards
        db.execute("UPDATE tables SET seed=seed+1")
    with pytest.raises(StoreError, match=r"table \S+: event 0 was .* but replays as"):
        Tables(200, Store(path))
    with sqlite3.connect(path) as db:  # a person's stored play, another card
        db.execute("UPDATE tables SET seed=seed-1")
        seq, event = db.execute("SELECT seq, event FROM inputs WHERE event LIKE '%discard%' "
                                "AND event LIKE '%\"actor\": 0%'").fetchone()
        cards = json.loads(event)["cards"]
        db.execute("UPDATE inputs SET event=? WHERE seq=?",
                   (event.replace(cards[0], "ZZ" if cards[0] != "ZZ" else "AS"), seq))
    with pytest.raises(StoreError, match="cannot be rebuilt"):
        Tables(200, Store(path))


def test_a_foreign_a_corrupt_or_another_versions_database_is_refused(tmp_path):
    foreign = tmp_path / "foreign.db"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
    with pytest.raises(StoreError, match="not a Pegline database"):
        Store(str(foreign))
    corrupt = tmp_path / "corrupt.db"
    corrupt.write_bytes(b"this is no database at all" * 100)
    with pytest.raises(StoreError, match="not a Pegline database"):
        Store(str(corrupt))
    newer = tmp_path / "newer.db"
    Store(str(newer)).close()
    with sqlite3.connect(newer) as db:
        db.execute("PRAGMA user_version=99")
    with pytest.raises(StoreError, match=f"schema 99; this one reads schemas 1 to {SCHEMA}"):
        Store(str(newer))
    assert foreign.read_bytes()[:16] == b"SQLite format 3\x00"  # left as it was


def test_the_token_is_not_in_the_database(tmp_path):
    path = tmp_path / "games.db"
    client, _tables, store = app_on(str(path))
    with client:
        created = new_table(client, ["person", "person"])
    store.close()
    data = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    for seat in created["seats"]:
        assert seat["token"].encode() not in data
        assert token_hash(seat["token"]).encode() in data


# -- live updates over a socket -----------------------------------------------------------------


def socket_of(client, ident, token, since=0):
    return client.websocket_connect(f"/api/tables/{ident}/socket?seat={token}&since={since}")


def until(socket, wanted, most=20) -> dict[str, Any]:
    """The first message ``wanted(message)`` accepts (pushes come also when a person comes)."""
    for _ in range(most):
        message = socket.receive_json()
        if wanted(message):
            return message
    raise AssertionError(f"no such message in {most}")


def events_pushed(message) -> bool:
    return "state" in message and bool(message["state"]["events"])


def test_a_socket_pushes_each_seat_its_new_events_and_takes_moves(server):
    client, tables = server
    created = new_table(client, ["person", "person"], seed=9)
    ident = created["id"]
    zero, one = (s["token"] for s in created["seats"])
    with socket_of(client, ident, one) as theirs, socket_of(client, ident, zero) as mine:
        first = mine.receive_json()["state"]
        assert first["seat"] == 0 and first["since"] == 0
        theirs_first = theirs.receive_json()["state"]
        assert theirs_first["seat"] == 1
        if not theirs_first["seats"][0]["present"]:  # seat 0 came after: a push says so
            until(theirs, lambda m: m["state"]["seats"][0]["present"])
        move = {"token": zero, "expect": first["next"],
                "move": cribbage.choose_move(first, 0)}
        mine.send_json(move)
        pushed = until(theirs, events_pushed)["state"]
        assert [e["type"] for e in pushed["events"]] == ["discard"]
        assert pushed["since"] == first["next"] and pushed["events"][0]["data"]["cards"] == [
            None, None]
        assert [e["type"] for e in until(mine, events_pushed)["state"]["events"]] == [
            "discard"]
        mine.send_json(move)  # the same move again: refused, nothing changes
        assert until(mine, lambda m: "status" in m)["status"] == 409
        assert tables.get(ident).length == pushed["next"]
        mine.send_json({"token": zero, "expect": "x", "move": {}})
        assert until(mine, lambda m: "status" in m)["status"] == 400
        mine.send_text("[1, 2")
        assert until(mine, lambda m: "status" in m)["status"] == 400
        assert tables.get(ident).length == pushed["next"]


def test_a_socket_opens_only_with_its_token_and_closes_on_another(server):
    client, _tables = server
    created = new_table(client, ["person", "person"], seed=9)
    ident = created["id"]
    zero, one = (s["token"] for s in created["seats"])
    from starlette.websockets import WebSocketDisconnect
    for token in ("", "nonsense", zero[::-1]):
        with pytest.raises(WebSocketDisconnect) as closed, socket_of(client, ident, token):
            pass
        assert closed.value.code == 4403
    with socket_of(client, ident, zero) as mine:
        mine.receive_json()
        mine.send_json({"token": one, "since": 0})  # seat 1's token on seat 0's socket
        with pytest.raises(WebSocketDisconnect) as closed:
            until(mine, lambda m: False)
        assert closed.value.code == 4403


@pytest.mark.parametrize("token", [5, None, True, ["x"], {"seat": "x"}])
def test_a_socket_message_whose_token_is_not_text_closes_it_as_another_seats(server, token):
    client, tables = server
    created = new_table(client, ["person", "bot:greedy"], seed=9)
    ident, mine = created["id"], created["seats"][0]["token"]
    from starlette.websockets import WebSocketDisconnect
    with socket_of(client, ident, mine) as socket:
        before = socket.receive_json()["state"]["next"]
        socket.send_text(json.dumps({"token": token, "since": 0}))
        with pytest.raises(WebSocketDisconnect) as closed:
            until(socket, lambda m: False)
        assert closed.value.code == 4403
    assert tables.get(ident).length == before


def test_a_flood_of_socket_messages_closes_that_socket_only(server):
    client, tables = server
    created = new_table(client, ["person", "bot:greedy"], seed=9)
    ident, token = created["id"], created["seats"][0]["token"]
    from starlette.websockets import WebSocketDisconnect

    from pegline_core.app.web.sockets import RATE
    with socket_of(client, ident, token) as flood:
        flood.receive_json()
        for _ in range(RATE * 3):
            flood.send_json({"token": token, "since": 10**6})
        with pytest.raises(WebSocketDisconnect) as closed:
            until(flood, lambda m: False, most=RATE * 3 + 5)
        assert closed.value.code == 1008
    state = client.get(f"/api/tables/{ident}", headers=auth(token))
    assert state.status_code == 200 and tables.get(ident).length == state.json()["next"]


def test_the_load_test_of_tables_loses_no_move_and_applies_none_twice(capsys):
    """The benchmark's load test, small and short: a real server on loopback, scripted people
    over sockets, a round of it while one more client floods the same tables with bad requests,
    one while a client opens tables in a loop, then the database replayed: every bad request
    was refused as it should be, the table flood was held to its burst while every other
    client opened its table, and every move seen done is stored exactly once."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    try:
        from table_load import load_test
    finally:
        sys.path.pop(0)
    load_test(tables=3, seconds=1.5, rounds=1, flood=True)
    said = capsys.readouterr().out
    flood = re.search(r"under a flood of (\d+) bad requests .*; (\d+) not refused as expected\): "
                      r"(\d+) moves/s", said)
    assert flood and int(flood[1]) > 50 and flood[2] == "0" and int(flood[3]) > 5, said
    found = re.search(r"(\d+) moves seen done, (\d+) stored .*: none lost, none applied twice",
                      said)
    assert found and found[1] == found[2] and int(found[1]) > 10, said
    opening = re.search(r"under a flood of (\d+) new tables asked by one client .*?: (\d+) "
                        r"created, (\d+) refused 429 with Retry-After \([\d.]+%\), (\d+) "
                        r"otherwise; the other clients opened (\d+) of (\d+) tables", said)
    assert opening and int(opening[1]) > 20 and opening[2] == "10", said  # the burst, no more
    assert int(opening[3]) == int(opening[1]) - 10 and opening[4] == "0", said
    assert opening[5] == opening[6] == "3", said  # every other client opened its table


def test_a_finished_tables_record_downloads_with_a_seats_token_and_verifies(server):
    client, tables = server
    created = new_table(client, ["person", "bot:greedy"], seed=3)
    ident, token = created["id"], created["seats"][0]["token"]
    url = f"/api/tables/{ident}/record"
    assert client.get(url, headers=auth(token)).status_code == 409  # it holds every card
    play(client, tables, created)
    for headers in ({}, auth("x" * 32)):
        assert client.get(url, headers=headers).status_code == 403
    assert client.get(url, params={"format": "pdf"}, headers=auth(token)).status_code == 400
    for form in ("toml", "jsonl"):
        response = client.get(url, params={"format": form}, headers=auth(token))
        assert response.status_code == 200
        assert "attachment" in response.headers["content-disposition"]
        record = (GameRecord.from_toml if form == "toml" else GameRecord.from_jsonl)(response.text)
        assert record.verify() is None and record.seed == 3
        assert record.replay().log == tables.get(ident).game.log


def test_kill_9_of_the_server_in_the_middle_of_moves_loses_no_answered_move(tmp_path):
    """A real server, two people moving as fast as they can over HTTP, and SIGKILL in the middle
    of it, three times with a new table each time: started again on the same file, the server
    replays and verifies every game, and each holds every move that was answered (a move in
    flight may or may not be there; never half of one)."""
    import http.client
    import random
    import sys
    import urllib.error
    import urllib.request
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    try:
        from table_load import open_table, start_server
        from web_latency import move_for
    finally:
        sys.path.pop(0)
    db = tmp_path / "tables.sqlite3"
    chance = random.Random(2026)
    promised: dict[str, int] = {}  # by table: the log's length its last answer promised
    for kill in range(3):
        process, base = start_server(db)
        status, created, _took = open_table(base, 17 + kill, "127.0.0.1")
        assert status == 201, created
        ident = created["id"]
        answered = [0]

        def call(token, body=None, ident=ident, base=base):
            request = urllib.request.Request(
                f"http://{base}/api/tables/{ident}" + ("/moves" if body else ""),
                data=None if body is None else json.dumps(body).encode(),
                headers={"authorization": f"Bearer {token}", "content-type": "application/json"})
            with urllib.request.urlopen(request, timeout=10) as answer:
                return json.loads(answer.read())

        def people(answered=answered, call=call, created=created):
            try:
                while True:
                    for seat in created["seats"]:
                        state = call(seat["token"])
                        if state["prompt"]["kind"] != "wait" and not state["over"]:
                            answered[0] = call(seat["token"], {"expect": state["next"],
                                                               "move": move_for(state)})["next"]
            except urllib.error.HTTPError as exc:
                raise AssertionError(exc.read()) from None
            except (urllib.error.URLError, ConnectionError, OSError, http.client.HTTPException):
                return  # the server is gone (perhaps in the middle of an answer)

        moving = threading.Thread(target=people)
        moving.start()
        deadline = time.monotonic() + 30  # a loaded machine: the first answer may take a while
        while answered[0] == 0 and moving.is_alive() and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(chance.uniform(0.3, 1.0))
        process.kill()  # SIGKILL, whatever the server is doing
        moving.join(30)
        assert not moving.is_alive()
        process.wait(30)
        assert process.stdout is not None
        process.stdout.close()
        promised[ident] = answered[0]
        store = Store(str(db))
        tables = Tables(10, store)  # every game replayed and verified, or StoreError
        for table, length in promised.items():
            assert tables.get(table).length >= length > 0
        store.close()
