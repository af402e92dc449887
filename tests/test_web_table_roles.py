"""Who else a table of people has: spectators, who see the public table only; the creator, who
may give an absent person's seat to a bot once the table's time has passed; and strangers from
the lobby, who may sit at a free seat. Each of them survives a restart, and each refusal changes
nothing."""

from __future__ import annotations

import json
import sqlite3
import time

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")

from pegline_core.app.web.store import APPLICATION_ID, MIGRATIONS, SCHEMA, Store, StoreError
from pegline_core.app.web.tables import Table, Tables
from tests import test_web_api as cribbage
from tests import test_web_clabber as clabber
from tests.test_web_tables import app_on, auth, new_table, play, server, socket_of, until

__all__ = ["server"]  # the fixture, shared with test_web_tables


def watch(client, created, since=0):
    return client.get(f"/api/tables/{created['id']}?since={since}",
                      headers=auth(created["watch"]["token"]))


# -- spectators ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "seats"), [
    ("two-player", ["person", "bot:greedy"]),
    ("three-player", ["person", "person", "bot:greedy"]),
    ("partner", ["person", "bot:greedy", "bot:random", "bot:greedy"]),
])
def test_a_spectator_is_sent_only_what_is_public(server, variant, seats):
    """Every answer to the spectators' link, after every move, names only cards every seat has
    seen: no hand, no crib before its show, no discard."""
    client, tables = server
    created = new_table(client, seats, variant, seed=13, spectators=True,
                        options={"counting": "muggins"} if variant == "two-player" else {})
    assert created["watch"]["link"] == f"/t/{created['id']}?watch={created['watch']['token']}"
    hidden, answers, since = set(), 0, 0

    def check(seat, answer):
        nonlocal answers, since
        if seat != 0:
            return
        game = tables.get(created["id"]).game
        seen = watch(client, created, since).json()
        assert seen["watching"] is True and seen["seat"] is None
        assert seen["prompt"] == {"kind": "wait"} and seen["can_compare"] is False
        assert seen["table"]["held"] == [] and seen["table"]["hands"] == []
        leaked = cribbage.leaks(seen, game, None)
        assert not leaked, f"the spectators were shown {sorted(map(str, leaked))}"
        hidden.update(cribbage.hidden_now(game, None))
        since, answers = seen["next"], answers + 1

    play(client, tables, created, check=check)
    game = tables.get(created["id"]).game
    assert game.over and answers > 20
    assert {hand for hand, _card in hidden} == set(range(1, game.hand + 1))
    final = watch(client, created).json()
    assert final["result"] is not None and len(final["events"]) == len(game.log)


def test_a_spectator_of_clabber_is_sent_only_what_is_public(server):
    client, tables = server
    created = new_table(client, ["person", "bot:greedy", "bot:greedy", "bot:greedy"], "clabber",
                        seed=5, spectators=True)
    cache: dict = {}
    checked = 0

    def check(seat, answer):
        nonlocal checked
        game = tables.get(created["id"]).game
        seen = watch(client, created).json()
        leaked = clabber.leaks(seen, game, None, cache)
        assert not leaked, f"the spectators were shown {sorted(map(str, leaked))}"
        checked += 1

    play(client, tables, created, moves=40, choose=clabber.choose_move, check=check)
    assert checked == 40


def test_a_spectator_cannot_move_and_a_table_without_spectators_has_no_such_link(server):
    client, tables = server
    created = new_table(client, ["person", "person"], spectators=True)
    ident, token = created["id"], created["watch"]["token"]
    before = tables.get(ident).length
    for path, body in (("moves", {"expect": before, "move": {"type": "go"}}),
                       ("name", {"name": "Eve"}), ("compare", {})):
        answer = client.post(f"/api/tables/{ident}/{path}", json=body, headers=auth(token))
        assert answer.status_code == 403, (path, answer.text)
    with client.websocket_connect(f"/api/tables/{ident}/socket?watch={token}") as socket:
        first = until(socket, lambda m: "state" in m)
        assert first["state"]["watching"] is True
        socket.send_json({"token": token, "expect": before, "move": {"type": "go"}})
        refused = until(socket, lambda m: "error" in m)
        assert refused["status"] == 403 and "spectator" in refused["error"]
    assert tables.get(ident).length == before
    plain = new_table(client, ["person", "person"])
    assert "watch" not in plain
    assert client.get(f"/api/tables/{plain['id']}", headers=auth(token)).status_code == 403


# -- handing a seat to a bot ---------------------------------------------------------------------


def test_the_creator_hands_an_absent_persons_seat_to_a_bot_only_after_the_tables_time(server):
    client, tables = server
    created = new_table(client, ["person", "person"], hand_over_after=600, seed=3)
    ident, host = created["id"], created["host"]
    seat0, seat1 = (s["token"] for s in created["seats"])
    url = f"/api/tables/{ident}/hand-over"

    def refused(status, text, body, token=host):
        answer = client.post(url, json=body, headers=auth(token))
        assert answer.status_code == status and text in answer.json()["error"], answer.text
        assert tables.get(ident).bots == {}

    refused(403, "only the table's creator", {"seat": 1}, token=seat0)
    refused(403, "only the table's creator", {"seat": 1}, token="")
    refused(409, "has been away 0 s; it can be handed to a bot after 600 s", {"seat": 1})
    refused(400, "unknown bot 'nobody'", {"seat": 1, "bot": "nobody"})
    refused(400, "seat is a whole number from 0 to 1, not 5", {"seat": 5})
    refused(400, "a handover is", {"seat": 1, "when": "now"})
    table = tables.get(ident)
    table.opened -= 601  # seat 1's person never came: away since the table opened
    client.get(f"/api/tables/{ident}", headers=auth(seat0))  # seat 0 is here
    refused(409, "seat 0 has been away 0 s", {"seat": 0})
    answer = client.post(url, json={"seat": 1, "bot": "greedy"}, headers=auth(host))
    assert answer.status_code == 200, answer.text
    assert answer.json()["kind"] == "bot:greedy"
    state = client.get(f"/api/tables/{ident}", headers=auth(seat1)).json()
    assert state["seats"][1]["kind"] == "bot:greedy" and state["names"]["1"] == "seat 1 (greedy)"
    move = client.post(f"/api/tables/{ident}/moves", headers=auth(seat1),
                       json={"expect": state["next"], "move": {"type": "go"}})
    assert move.status_code == 409 and "a bot plays your seat now" in move.json()["error"]
    refused_again = client.post(url, json={"seat": 1}, headers=auth(host))
    assert refused_again.status_code == 409 and "already" in refused_again.json()["error"]
    made = play(client, tables, {"id": ident, "seats": created["seats"][:1]})
    assert tables.get(ident).game.over and made > 10  # seat 0 against the bot, to the end


def test_a_table_whose_creator_set_no_time_never_hands_a_seat_over(server):
    client, tables = server
    created = new_table(client, ["person", "person"])
    tables.get(created["id"]).opened -= 10**6
    answer = client.post(f"/api/tables/{created['id']}/hand-over", json={"seat": 1},
                         headers=auth(created["host"]))
    assert answer.status_code == 409 and "did not allow" in answer.json()["error"]


def test_a_person_is_away_from_their_last_request_or_socket_not_from_the_start(server):
    client, tables = server
    created = new_table(client, ["person", "person"], hand_over_after=1)
    ident, token = created["id"], created["seats"][1]["token"]
    table = tables.get(ident)
    with socket_of(client, ident, token) as socket:
        until(socket, lambda m: "state" in m)
        table.opened -= 100
        assert table.away(1) == 0.0  # a socket is open
    assert table.away(1) < 1.0  # it closed a moment ago
    assert not table.present(1)  # gone with the socket
    table.seen[1] -= 20
    table.left[1] -= 20
    assert 20.0 <= table.away(1) < 21.0
    client.get(f"/api/tables/{ident}", headers=auth(token))  # back, by a request (polling)
    assert table.present(1) and table.away(1) == 0.0


def test_a_handed_over_seat_stays_a_bot_after_a_restart_and_the_game_replays_exactly(tmp_path):
    logs = []
    for restart in (False, True):
        path = str(tmp_path / f"games-{restart}.db")
        client, tables, store = app_on(path)
        with client:
            created = new_table(client, ["person", "person"], seed=31, hand_over_after=0)
            ident = created["id"]
            play(client, tables, created, moves=7)
            tables.get(ident).seen[1] = time.monotonic() - 60
            assert client.post(f"/api/tables/{ident}/hand-over",
                               json={"seat": 1, "bot": "greedy"},
                               headers=auth(created["host"])).status_code == 200
            play(client, tables, created, moves=5, turn=7)
            if not restart:
                play(client, tables, created, turn=12)
        if restart:
            store.close()
            client, tables, store = app_on(path)
            assert tables.get(ident).bots == {1: "greedy"}
            assert tables.get(ident).handovers[0][1:] == (1, "greedy")
            with client:
                play(client, tables, created, turn=12)
        game = tables.get(ident).game
        assert game.over
        logs.append(game.codec.dicts(game.log))
        store.close()
    assert logs[0] == logs[1]


# -- sitting down from the lobby -----------------------------------------------------------------


def test_a_stranger_sits_at_a_free_seat_from_the_lobby_and_the_old_link_stops_working(server):
    client, _tables = server
    created = new_table(client, ["person", "person", "person"], "three-player", lobby=True)
    ident = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    client.post(f"/api/tables/{ident}/name", json={"name": "Ann"}, headers=auth(tokens[0]))
    lobby = client.get("/api/lobby").json()["tables"]
    assert [s["taken"] for s in lobby[0]["seats"]] == [True, False, False]
    joined = client.post(f"/api/tables/{ident}/join", json={"seat": 2})
    assert joined.status_code == 200, joined.text
    joined = joined.json()
    assert joined["seat"] == 2 and joined["link"] == f"/t/{ident}?seat={joined['token']}"
    assert client.get(f"/api/tables/{ident}", headers=auth(joined["token"])).json()["seat"] == 2
    assert client.get(f"/api/tables/{ident}", headers=auth(tokens[2])).status_code == 403
    again = client.post(f"/api/tables/{ident}/join", json={"seat": 2})
    assert again.status_code == 409
    assert "seat 2 is not free; the free seats are 1" in again.json()["error"]
    first_free = client.post(f"/api/tables/{ident}/join", json={}).json()
    assert first_free["seat"] == 1
    none_left = client.post(f"/api/tables/{ident}/join")
    assert none_left.status_code == 409 and "no seat is free" in none_left.json()["error"]
    assert client.get("/api/lobby").json()["tables"] == []  # no seat waits any more


def test_only_a_table_in_the_lobby_can_be_joined(server):
    client, _tables = server
    private = new_table(client, ["person", "person"])
    answer = client.post(f"/api/tables/{private['id']}/join", json={"seat": 1})
    assert answer.status_code == 403 and "not open to the lobby" in answer.json()["error"]
    bad = client.post(f"/api/tables/{private['id']}/join", json={"seat": 1, "as": "host"})
    assert bad.status_code == 400
    assert client.get(f"/api/tables/{private['id']}",
                      headers=auth(private["seats"][1]["token"])).status_code == 200


def test_a_joined_seat_keeps_its_new_token_after_a_restart(tmp_path):
    path = str(tmp_path / "games.db")
    client, _tables, store = app_on(path)
    with client:
        created = new_table(client, ["person", "person"], lobby=True)
        joined = client.post(f"/api/tables/{created['id']}/join", json={"seat": 1}).json()
    store.close()
    again, _tables, store = app_on(path)
    with again:
        ident = created["id"]
        assert again.get(f"/api/tables/{ident}", headers=auth(joined["token"])).status_code == 200
        assert again.get(f"/api/tables/{ident}",
                         headers=auth(created["seats"][1]["token"])).status_code == 403
    store.close()


# -- the database of an earlier version ------------------------------------------------------------


def test_a_database_of_schema_1_is_migrated_and_its_games_come_back(tmp_path):
    """A file the previous version wrote (schema 1: no creator or spectator tokens, no
    handovers) opens, is migrated in place, and its games replay and go on."""
    path = str(tmp_path / "old.db")
    client, tables, store = app_on(str(tmp_path / "new.db"))
    with client:
        created = new_table(client, ["person", "bot:greedy"], seed=8)
        play(client, tables, created, moves=4)
        stored = tables.get(created["id"]).stored()
    store.close()
    with sqlite3.connect(path) as db:
        db.executescript(MIGRATIONS[1])
        db.execute(f"PRAGMA application_id={APPLICATION_ID}")
        db.execute("PRAGMA user_version=1")
        db.execute("INSERT INTO tables VALUES (?,?,?,?,?,?,?,?,?,?,?)", (
            stored.id, *map(_json, (stored.head, stored.seats, stored.tokens, stored.names,
                                    {"lobby": False, "legacy": False})),
            stored.seed, stored.created, 0, stored.length, stored.digest))
        db.executemany("INSERT INTO inputs VALUES (?,?,?)",
                       [(stored.id, e["seq"], _json(e)) for e in stored.inputs])
    db.close()
    client, tables, store = app_on(path)
    with client:
        table = tables.get(created["id"])
        assert isinstance(table, Table) and table.length == stored.length
        assert table.keys == {} and table.hand_over_after is None
        play(client, tables, created, turn=4)
        assert table.game.over
    store.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA
    Store(path).close()  # and it opens again as it is


def _json(value) -> str:
    if isinstance(value, dict) and value and all(isinstance(k, int) for k in value):
        value = {str(k): v for k, v in value.items()}
    return json.dumps(value)


@pytest.mark.parametrize(("column", "value", "message"), [
    ("handovers", '[[0, 1, "nobody"]]', "cannot be rebuilt"),
    ("handovers", '[[99999, 1, "greedy"]]', "1 handovers were never reached"),
    ("handovers", '[[0, 1]]', "cannot be read"),
    ("options", '{"hand_over_after": "soon"}', "cannot be rebuilt"),
])
def test_a_tampered_handover_or_timeout_in_the_database_is_refused_at_start(tmp_path, column,
                                                                           value, message):
    path = str(tmp_path / "games.db")
    client, _tables, store = app_on(path)
    with client:
        new_table(client, ["person", "person"], hand_over_after=60)
    store.close()
    with sqlite3.connect(path) as db:
        db.execute(f"UPDATE tables SET {column}=?", (value,))
    db.close()
    store = Store(path)
    with pytest.raises(StoreError, match=message):
        Tables(10, store)
    store.close()
