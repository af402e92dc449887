"""`pegline serve` through its HTTP API: fair by construction, every bad request refused with a
message and no change, games independent and safe under concurrent requests."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.request
import zipfile
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")
from click.testing import CliRunner
from starlette.testclient import TestClient

from pegline_core import AskCoach, Card, Input, Scored, available_variants
from pegline_core.app import cli
from pegline_core.app.bot_specs import bots_for
from pegline_core.app.web import create_app
from pegline_core.app.web.tables import Tables
from pegline_core.errors import PeglineError
from pegline_core.record import GameRecord
from pegline_cribbage.actions import CutForDeal, CutStarter, Deal, Discard, Play
from pegline_cribbage.events import CountSettled, HandShown
from tests.one_person import Seat, open_seat

ROOT = Path(__file__).resolve().parents[1]
OPTION_OVERLAYS = {"muggins", "to-61", "to-121"}
CARD = re.compile(r"^[A2-9TJQK][CDHS]$")
SYMBOL = re.compile(r"(10|[A2-9JQK])([♣♦♥♠])")


@pytest.fixture
def server():
    tables = Tables()
    with TestClient(create_app(tables)) as client:
        yield client, tables


def new_game(client, **body) -> tuple[Seat, dict[str, Any]]:
    """A game of one person against bots (the page's new game) and its first state."""
    seat = open_seat(client, **body)
    return seat, seat.state()


# -- what a seat may know, computed from the whole log independently of the server -------------


def knowable(game, seat: int | None, hand: int) -> set[Card]:
    """Every card of ``hand`` that ``seat`` (None: a spectator) may have seen so far: its own deal, the cut, the
    starter, the plays, every card shown or scored, and a count on the table (face up while it
    is counted). Cards come back in every hand, so each hand is judged on its own."""
    seen: set[Card] = set()
    for event in game.log:
        if event.hand != hand:
            continue
        if isinstance(event, Input):
            action = event.action
            if isinstance(action, Deal):
                seen |= set(action.hands[seat]) if seat is not None else set()
            elif isinstance(action, CutForDeal):
                seen |= set(action.cards)
            elif isinstance(action, CutStarter):
                seen.add(action.card)
            elif isinstance(action, Play):
                seen.add(action.card)
        elif isinstance(event, HandShown | CountSettled):
            seen |= {*event.cards, event.starter}
        elif isinstance(event, Scored):
            seen |= set(event.cards)
    counting = game.view(0 if seat is None else seat).counting  # a count is face up to all
    if counting is not None and game.hand == hand:
        seen |= set(counting[1])
    return seen


def leaks(answer: dict[str, Any], game, seat: int | None) -> set[Card]:
    """The cards an answer names that ``seat`` may not see: each event is judged by its hand,
    each show and the coach's compare by theirs, everything else by the hand being played."""
    state = answer.get("state", answer)
    rest = {key: value for key, value in state.items() if key not in ("events", "table")}
    table = dict(state["table"])
    parts = [(e, e["data"]["hand"]) for e in state["events"]]
    parts += [(show, show["hand"]) for show in table.pop("shows")]
    if "compare" in answer:
        parts.append((answer["compare"], answer["compare"]["hand"]))
    parts.append(({"rest": rest, "table": table}, game.hand))
    found: set[Card] = set()
    for part, hand in parts:
        found |= cards_in(part) - knowable(game, seat, hand)
    return found


def cards_in(data: Any) -> set[Card]:
    """Every card named anywhere in a JSON answer: as ``5H`` or as ``5♥`` inside a text."""
    found: set[Card] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            found |= cards_in(key) | cards_in(value)
    elif isinstance(data, list):
        for item in data:
            found |= cards_in(item)
    elif isinstance(data, str):
        if CARD.match(data):
            found.add(Card.parse(data))
        found |= {Card.parse(rank + suit) for rank, suit in SYMBOL.findall(data)}
    return found


def hidden_now(game, seat: int | None) -> set[tuple[int, Card]]:
    """The cards other seats hold (unplayed) and the crib's before it is shown, by hand."""
    machine = game.machine
    hidden = {c for other, held in enumerate(machine.held) if other != seat for c in held}
    return {(game.hand, card) for card in
            (hidden | set(machine.crib)) - knowable(game, seat, game.hand)}


def choose_move(state: dict[str, Any], turn: int) -> dict[str, Any]:
    """A move for seat 0 from what the page is told (the prompt and the table)."""
    prompt, table = state["prompt"], state["table"]
    kind = prompt["kind"]
    if kind == "discard":
        return {"type": "discard", "cards": table["held"][: prompt["need"]]}
    if kind == "play":
        return {"type": "play", "card": prompt["playable"][turn % len(prompt["playable"])]}
    if kind == "go":
        return {"type": "go"}
    if kind == "declare":
        return {"type": "declare", "points": turn % 9}
    assert kind == "respond", prompt
    return [{"type": "respond", "response": "accept"},
            {"type": "respond", "response": "muggins", "points": 2},
            {"type": "respond", "response": "overcount"}][turn % 3]


def play_out(seat: Seat, state, *, check=None, compare_every=0) -> dict[str, Any]:
    """Play seat 0 through the API until the game ends, calling ``check(answer)`` on each."""
    turn = 0
    while not state["over"]:
        response = seat.move(choose_move(state, turn), expect=state["next"])
        assert response.status_code == 200, response.text
        state = response.json()
        if check:
            check(state)
        turn += 1
        if compare_every and turn % compare_every == 0 and state["can_compare"] \
                and not state["over"]:
            answer = seat.compare()
            assert answer.status_code == 200, answer.text
            if check:
                check(answer.json())
            state = answer.json()["state"]
        got = seat.get()
        if check:
            check(got.json())
        state = got.json()  # every event so far (a move's answer has those since its expect)
        assert turn < 2000
    return state


# -- fair by construction ----------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "options", "bots"), [
    ("two-player", {"counting": "muggins"}, ["sloppy"]),
    ("partner", {"target": "61"}, ["greedy", "coach", "random"]),
])
def test_every_answer_of_a_whole_game_holds_only_what_seat_0_may_see(server, variant, options,
                                                                     bots):
    """Each JSON answer names no card another seat holds, none of the crib before it is shown
    and none of the deck: every card in it is one seat 0 has seen."""
    client, tables = server
    answers = 0
    withheld = set()

    def check(answer):
        nonlocal answers
        answers += 1
        game = tables.get(state["id"]).game
        leaked = leaks(answer, game, 0)
        assert not leaked, f"answer {answers} shows {sorted(map(str, leaked))}"
        withheld.update(hidden_now(game, 0))

    seat, state = new_game(client, variant=variant, options=options, bots=bots, seed=11)
    check(state)
    state = play_out(seat, state, check=check, compare_every=4)
    assert state["over"] and state["result"]["sides"][0]["place"] == 1
    assert answers > 30
    # there were hidden cards in every hand, and none was sent
    game = tables.get(state["id"]).game
    assert {hand for hand, _card in withheld} == set(range(1, game.hand + 1))
    assert game.hand >= 3 and len(withheld) >= 4 * game.hand
    deals = [e for e in state["events"] if e["type"] == "deal"]
    assert all(hand == [None] * len(hand) for d in deals for hand in d["data"]["hands"][1:])


def test_the_page_and_the_table_files_are_served_and_hold_no_cards(server):
    client, _ = server
    for path in ("/", "/static/app.js", "/static/style.css", "/tables/cribbage.js",
                 "/tables/cribbage.css"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert not SYMBOL.search(response.text)
    assert "Pegline.registerTable(\"cribbage\"" in client.get("/tables/cribbage.js").text
    for path in ("/tables/nothing.js", "/tables/cribbage.py", "/static/missing.js"):
        assert client.get(path).status_code == 404, path


# -- setting up a game -------------------------------------------------------------------------


def test_options_list_every_shipped_variant_the_bots_and_the_choices(server):
    client, _ = server
    options = client.get("/api/options").json()
    names = [v["name"] for v in options["variants"]]
    assert names == [n for n in available_variants() if n not in OPTION_OVERLAYS]
    assert all(v["playable"] for v in options["variants"])  # cribbage and Clabber alike
    assert options["bots"]["cribbage"] == list(bots_for("two-player"))
    choices = {o["name"]: [c["value"] for c in o["choices"]] for o in options["options"]["cribbage"]}
    assert choices == {"counting": ["auto", "muggins"], "target": ["variant", "61", "121"]}


def test_a_house_variant_on_the_variant_path_is_offered_and_played(server, tmp_path, monkeypatch):
    (tmp_path / "house.toml").write_text('description = "Ours"\nextends = ["three-player"]\n')
    (tmp_path / "broken.toml").write_text('[scoring]\ntarget = "lots"\n')
    monkeypatch.setenv("PEGLINE_VARIANT_PATH", str(tmp_path))
    client, _ = server
    variants = {v["name"]: v for v in client.get("/api/options").json()["variants"]}
    assert variants["house"] == {"name": "house", "description": "Ours", "game": "cribbage",
                                 "players": 3, "playable": True}
    assert not variants["broken"]["playable"] and "target" in variants["broken"]["problem"]
    _seat, state = new_game(client, variant="house", bots=["greedy", "random"])
    assert state["variant"]["name"] == "house" and len(state["names"]) == 3


@pytest.mark.parametrize(("variant", "options", "name", "target", "cap"), [
    ("two-player", {"counting": "muggins", "target": "61"}, "two-player+muggins+to-61", 61, 29),
    ("three-player", {"target": "121"}, "three-player+to-121", 121, 0),
    ("two-player-61", {}, "two-player-61", 61, 0),
])
def test_muggins_and_the_target_are_chosen_on_any_variant(server, variant, options, name, target,
                                                          cap):
    client, tables = server
    _seat, state = new_game(client, variant=variant, options=options, bots=["greedy"])
    assert state["variant"]["name"] == name
    assert state["table"]["target"] == target and state["table"]["max_declaration"] == cap
    skunks = tables.get(state["id"]).game.variant.settings.skunk
    assert all(line.below < target for line in skunks)


# -- the coach, records, replays -----------------------------------------------------------------


def test_compare_after_a_discard_marks_the_move_and_the_game_assist_used(server):
    client, tables = server
    seat, state = new_game(client)
    assert not state["can_compare"]
    held = state["table"]["held"]
    state = seat.move({"type": "discard", "cards": [held[4], held[1]]}).json()
    answer = seat.compare().json()
    compare = answer["compare"]
    assert compare["decision"] == "discard" and len(compare["candidates"]) == 15
    (mine,) = [c for c in compare["candidates"] if c["chosen"]]
    assert set(mine["cards"]) == {held[4], held[1]}
    values = [c["value"] for c in compare["candidates"]]
    assert values == sorted(values, reverse=True)
    for c in compare["candidates"]:  # ties share a rank
        assert c["rank"] == 1 + sum(v > c["value"] for v in values)
        assert c["tied"] == (values.count(c["value"]) > 1)
    assert answer["state"]["assist_used"]
    assert answer["state"]["events"][-1]["type"] == "ask-coach"
    game = tables.get(state["id"]).game
    assert GameRecord.of(game).assist_used


def test_compare_works_after_the_games_last_move_through_game_compare(server):
    """The page's compare is `Game.compare`: the same comparison, the person's last committed
    decision (here the last one of the game), the game marked "assist used" in its result."""
    client, tables = server
    seat, state = new_game(client, variant="two-player-61", seed=5)
    state = play_out(seat, state)
    assert state["over"] and state["can_compare"] and not state["result"]["assist_used"]
    game = tables.get(state["id"]).game
    expected = game.copy().compare(0)
    answer = seat.compare()
    assert answer.status_code == 200, answer.text
    compare, after = answer.json()["compare"], answer.json()["state"]
    assert compare["decision"] == expected.evaluation.decision
    assert compare["hand"] == expected.hand
    assert [c["rank"] for c in compare["candidates"]] == list(expected.evaluation.ranks)
    assert [c["chosen"] for c in compare["candidates"]].index(True) == expected.chosen
    assert after["assist_used"] and after["result"]["assist_used"] == [0]
    assert after["events"][-1]["type"] == "ask-coach"
    assert isinstance(game.log[-1].action, AskCoach) and game.result.assist_used == (0,)


def test_a_finished_game_is_downloaded_and_replayed_step_by_step(server):
    client, tables = server
    seat, state = new_game(client, variant="two-player-61", seed=5)
    state = play_out(seat, state)
    for form in ("toml", "jsonl"):
        response = seat.record(params={"format": form})
        assert response.status_code == 200
        assert response.headers["content-disposition"].startswith("attachment; filename=")
        record = (GameRecord.from_toml if form == "toml" else GameRecord.from_jsonl)(response.text)
        assert record.verify() is None and record.seed == 5
    game = tables.get(state["id"]).game
    replay = client.post("/api/replay", json={"record": response.text}).json()
    assert len(replay["steps"]) == len(game.inputs()) + 1 and replay["over"]
    assert [e["seq"] for step in replay["steps"] for e in step["events"]] == \
        [e.seq for e in game.log]
    assert replay["steps"][-1]["table"]["scores"] == list(game.scores)
    dealt = next(i for i, s in enumerate(replay["steps"]) if s["table"]["hands"])
    hands = replay["steps"][dealt]["table"]["hands"]  # a record shows every hand
    assert [sorted(h) for h in hands] == \
        [sorted(map(str, h)) for h in game.inputs()[1].hands]


def test_an_abandoned_game_can_be_downloaded_and_plays_no_more(server):
    client, tables = server
    seat, state = new_game(client)
    assert seat.record().status_code == 409
    state = seat.abandon().json()
    assert state["abandoned"] and state["prompt"] == {"kind": "wait"}
    record = GameRecord.from_toml(seat.record().text)
    assert record.replay().log == tables.get(state["id"]).game.log
    assert record.replay().phase == "discard"
    move = {"type": "discard", "cards": state["table"]["held"][:2]}
    refused = seat.move(move)
    assert refused.status_code == 409 and refused.json() == {"error": "this game was abandoned"}
    assert seat.abandon().status_code == 409


# -- bad requests: a 4xx with a message, and nothing changes -------------------------------------


def test_a_body_that_is_not_json_says_so_once(server):
    """The reason used to say it twice: "the body is not valid JSON: not valid JSON: ..."."""
    client, tables = server
    response = client.post("/api/tables", content=b"{not json",
                           headers={"content-type": "application/json"})
    assert response.status_code == 400 and len(tables) == 0
    assert response.json()["error"] == ("the body is not valid JSON: Expecting property name "
                                        "enclosed in double quotes")


def test_every_kind_of_bad_move_is_refused_and_changes_nothing(server):
    client, tables = server
    seat, state = new_game(client)
    game = tables.get(state["id"]).game
    held = state["table"]["held"]
    other = next(str(c) for c in map(Card.parse, ["AS", "2S", "3S", "4S"]) if str(c) not in held)

    def move(body):
        return {"json": {"expect": state["next"], "move": body}}

    bad: list[tuple[str, dict[str, Any], int, str]] = [
        ("/moves", {"content": b"{not json"}, 400, "not valid JSON"),
        ("/moves", move(["discard"]), 400, "a move is a JSON object"),
        ("/moves", move({"type": "shuffle"}), 400, "a move's type is one of"),
        ("/moves", move({"type": "go", "seat": 1}), 400, "has no field 'seat'"),
        ("/moves", move({"type": "discard", "cards": "5H 5C"}), 400, "a list of cards"),
        ("/moves", move({"type": "discard", "cards": ["ZZ", "5C"]}), 400, "unknown"),
        ("/moves", move({"type": "declare", "points": "3"}), 400, "whole number"),
        ("/moves", move({"type": "declare", "points": True}), 400, "whole number"),
        ("/moves", move({"type": "respond", "response": "maybe"}), 400, "a response is"),
        ("/moves", move({"type": "discard", "cards": [held[0], other]}), 409, "does not hold"),
        ("/moves", move({"type": "discard", "cards": held[:3]}), 409, ""),
        ("/moves", move({"type": "play", "card": held[0]}), 409, "not allowed in the discard"),
        ("/moves", {"content": b"x" * (5 * 1024 * 1024)}, 413, "bytes"),
        ("/compare", {}, 409, "nothing to compare yet"),
    ]
    before = (seat.state(), game.log)
    for path, body, status, message in bad:
        response = seat.post(path, headers={"content-type": "application/json"}, **body)
        assert response.status_code == status, (path, body, response.text)
        assert message in response.json()["error"]
        assert (seat.state(), game.log) == before
    assert seat.get("/record", params={"format": "pdf"}).status_code == 400
    assert seat.get("/moves").status_code == 405
    assert client.get("/api/tables/nope").status_code == 404
    assert "no game 'nope'" in client.post("/api/tables/nope/moves", json={}).json()["error"]
    assert (seat.state(), game.log) == before


@pytest.mark.parametrize(("body", "message"), [
    ({"variant": "no-such"}, "unknown variant 'no-such'"),
    ({"variant": "two-palyer"}, "unknown variant 'two-palyer': did you mean 'two-player' or "
                                "'two-player-61' or 'three-player'? choose one from /api/options"),
    ({}, 'a new game names its variant, e.g. {"variant": "two-player"}'),
    ({"variant": "two-player", "seats": ["person", "bot:greedyy"]},
     "unknown bot 'greedyy'; did you mean 'greedy'? choose from random, greedy, sloppy, coach"),
    ({"variant": "../variants/two-player.toml"}, "unknown variant"),
    ({"variant": "two-player", "seats": ["person", "bot:wizard"]}, "unknown bot 'wizard'"),
    ({"variant": "two-player", "seats": ["person"]}, "seats are a list of 2"),
    ({"variant": "two-player", "seats": "person,bot:greedy"}, "seats are a list of 2"),
    ({"variant": "two-player", "options": {"speed": "fast"}}, "unknown option 'speed'"),
    ({"variant": "two-player", "options": {"target": "99"}}, "option 'target' is one of"),
    ({"variant": "two-player", "options": []}, "options are an object"),
    ({"variant": "two-player", "seed": "7"}, "seed is a whole number from 0 to "),
    ({"variant": "two-player", "colour": "red"}, "no field 'colour'"),
    (["two-player"], "expected a JSON object, not an array"),  # it said: not list
    ("two-player", "expected a JSON object, not a string"),
    (7.5, "expected a JSON object, not a number"),
    (False, "expected a JSON object, not a boolean"),
])
def test_a_bad_new_game_is_refused_with_a_message(server, body, message):
    client, tables = server
    if isinstance(body, dict) and "seats" not in body:
        body = body | {"seats": ["person", "bot:greedy"]}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400 and message in response.json()["error"]
    assert len(tables) == 0


def test_a_bad_record_is_refused_with_a_message(server):
    client, _ = server
    cases = [({"record": "hello = 1"}, "not a Pegline record"),
             ({"record": 3}, "send the record's text"),
             ({}, "send the record's text")]
    text = (ROOT / "docs/examples/game.pegline.toml").read_text()
    cases.append(({"record": text.replace("digest = \"sha256:", "digest = \"sha256:0")},
                  "do not match its digest"))
    for body, message in cases:
        response = client.post("/api/replay", json=body)
        assert response.status_code == 400 and message in response.json()["error"], body


# -- several games at once -------------------------------------------------------------------------


def test_games_played_at_once_in_threads_are_independent(server):
    client, _tables = server
    seeds = [21, 22, 23, 24]
    games = [new_game(client, variant="two-player-61", seed=s) for s in seeds]
    finals: dict[str, dict[str, Any]] = {}

    def run(seat, state):
        finals[state["id"]] = play_out(seat, state)

    threads = [threading.Thread(target=run, args=game) for game in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # each game is the one the same seed gives alone, move for move
    for seed, (_seat, state) in zip(seeds, games, strict=True):
        alone = Tables()
        with TestClient(create_app(alone)) as single:
            again = play_out(*new_game(single, variant="two-player-61", seed=seed))
        assert [e["text"] for e in finals[state["id"]]["events"]] == \
            [e["text"] for e in again["events"]]


def test_the_same_move_sent_twice_at_once_is_applied_once(server):
    client, tables = server
    seat, state = new_game(client)
    move = {"type": "discard", "cards": state["table"]["held"][:2]}
    barrier = threading.Barrier(6)
    codes: list[int] = []

    def send():
        barrier.wait()
        codes.append(seat.move(move, expect=state["next"]).status_code)

    threads = [threading.Thread(target=send) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(codes) == [200, 409, 409, 409, 409, 409]
    game = tables.get(state["id"]).game
    assert sum(isinstance(e, Input) and isinstance(e.action, Discard) and e.actor == 0
               for e in game.log) == 1


# -- the command and the package -------------------------------------------------------------------


def test_serve_prints_where_it_listens_and_answers_there(tmp_path):
    """The real command, on a free port: it prints its address, then serves the page there."""
    command = "from pegline_core.app.cli import main; main()"
    with subprocess.Popen([sys.executable, "-c", command, "serve", "--port", "0", "--db",
                           str(tmp_path / "games.db")],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                          cwd=tmp_path, env=os.environ | {"PYTHONUNBUFFERED": "1"}) as process:
        try:
            line = process.stdout.readline()
            found = re.match(r"Pegline is serving on (http://127\.0\.0\.1:(\d+)/) "
                             r"\(Ctrl-C stops it\)", line)
            assert found, line
            deadline = time.monotonic() + 20
            while True:
                try:
                    with urllib.request.urlopen(found[1] + "api/options", timeout=5) as answer:
                        assert answer.status == 200
                        break
                except OSError:
                    assert time.monotonic() < deadline
                    time.sleep(0.1)
            taken = CliRunner().invoke(cli.main, ["serve", "--port", found[2], "--db", ":memory:"])
            assert taken.exit_code == 1
            assert taken.output.startswith(f"Error: cannot listen on 127.0.0.1 port {found[2]}: ")
            assert "choose another with --port" in taken.output
        finally:
            process.send_signal(signal.SIGINT)
            process.wait(20)


def test_serve_binds_the_address_it_is_given(monkeypatch, tmp_path):
    calls = []
    monkeypatch.setattr("pegline_core.app.web.serve", lambda host, port, announce, db,
                        **limits: calls.append((host, port, str(db), limits)))
    monkeypatch.setattr("platformdirs.user_data_dir", lambda *args, **kwargs: str(tmp_path))
    assert CliRunner().invoke(cli.main, ["serve"]).exit_code == 0
    assert CliRunner().invoke(cli.main, [
        "serve", "--host", "::1", "--port", "9000", "--db", ":memory:", "--max-tables", "5",
        "--close-idle-after", "600", "--create-burst", "3", "--create-per-hour", "0.5",
        "--trust-proxy-header", "X-Forwarded-For"]).exit_code == 0
    assert calls == [
        ("127.0.0.1", 8765, str(tmp_path / "tables.sqlite3"),
         {"max_tables": 200, "idle": 14400, "burst": 10, "per_hour": 30, "proxy_header": None}),
        ("::1", 9000, ":memory:", {"max_tables": 5, "idle": 600, "burst": 3, "per_hour": 0.5,
                                   "proxy_header": "X-Forwarded-For"})]
    for bad in (["--port", "70000"], ["--max-tables", "0"], ["--close-idle-after", "0"],
                ["--create-burst", "0"], ["--create-per-hour", "0"]):
        assert CliRunner().invoke(cli.main, ["serve", *bad]).exit_code == 2


@pytest.mark.parametrize("rate", ["nan", "inf", "1e-320", "0.0009"])
def test_serve_refuses_a_rate_of_games_that_is_no_number_or_too_slow_to_wait_for(rate, monkeypatch):
    """nan let every client open games without limit; 1e-320 an hour made the wait of a client
    over its burst overflow (a 500)."""
    calls = []
    monkeypatch.setattr("pegline_core.app.web.serve", lambda *args, **limits: calls.append(limits))
    result = CliRunner().invoke(cli.main, ["serve", "--create-per-hour", rate])
    assert result.exit_code == 2 and "--create-per-hour" in result.output and not calls


def test_serve_help_says_each_limit_its_default_and_its_option():
    said = CliRunner().invoke(cli.main, ["serve", "--help"]).output
    flat = " ".join(said.split()).replace("- ", "-")  # a line broken at a hyphen
    for option, default in (("--max-tables", "200"), ("--close-idle-after", "14400"),
                            ("--create-burst", "10"), ("--create-per-hour", "30")):
        assert re.search(rf"{option} \S+ .*?\[default: {default};", flat), option
    assert "--trust-proxy-header HEADER" in flat and "X-Forwarded-For" in flat


def test_serve_refuses_a_database_it_cannot_use_before_listening(tmp_path):
    bad = tmp_path / "notes.db"
    bad.write_bytes(b"not a database" * 200)
    refused = CliRunner().invoke(cli.main, ["serve", "--port", "0", "--db", str(bad)])
    assert refused.exit_code == 1
    assert refused.output.startswith(f"Error: {bad} is not a Pegline database")
    assert "serving" not in refused.output


def test_serve_warns_when_other_machines_can_reach_it(monkeypatch, tmp_path):
    """The warning comes before it listens (nothing is bound here: the test stops there)."""
    said = []

    def listen(host, port):
        said.append(f"listen {host}")
        raise PeglineError("stopped before listening")

    monkeypatch.setattr("pegline_core.app.web.listen", listen)
    from pegline_core.app.web import serve
    for host in ("0.0.0.0", "192.168.1.4", "127.0.0.1", "::1"):
        with pytest.raises(PeglineError, match="stopped"):
            serve(host, 0, said.append, db=str(tmp_path / "games.db"))
    assert said[0].startswith("warning: 0.0.0.0 can be reached from other machines: anyone")
    assert said[1:] == ["listen 0.0.0.0", said[2], "listen 192.168.1.4", "listen 127.0.0.1",
                        "listen ::1"]
    assert "192.168.1.4 can be reached" in said[2]


@pytest.mark.xdist_group("wheel")  # the tests that read the wheel share one build
def test_the_wheel_carries_the_page_and_the_table(pure_wheel):
    wheel = pure_wheel
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"pegline_core/app/web/static/index.html", "pegline_core/app/web/static/app.js",
            "pegline_core/app/web/static/style.css", "pegline_cribbage/static/table.js",
            "pegline_cribbage/static/table.css"} <= names
    metadata = next(n for n in names if n.endswith("METADATA"))
    text = zipfile.ZipFile(wheel).read(metadata).decode()
    assert "Provides-Extra: web" in text and "starlette" in text and "uvicorn" in text
