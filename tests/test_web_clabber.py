"""Clabber in `pegline serve` through its HTTP API: fair by construction over whole games (with
and without renege calls), the naming rounds, the tricks, melds and the count as the page is
told them, and every bad move refused with a message and no change."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")
from starlette.testclient import TestClient

from pegline_clabber.actions import CallRenege, CutForDeal, Deal, LetStand, Name, Play
from pegline_clabber.cards import legal_plays
from pegline_clabber.coach import move_text
from pegline_clabber.events import BellaAnnounced, MeldsShown, RenegeCalled, TrickTaken
from pegline_core import AskCoach, Card, Input
from pegline_core.app.web import create_app
from pegline_core.app.web.tables import Tables
from pegline_core.record import GameRecord
from tests.one_person import open_seat, seat_of

CARD = re.compile(r"^[A2-9TJQK][CDHS]$")
SYMBOL = re.compile(r"(10|[A2-9JQK])([♣♦♥♠])")


@pytest.fixture
def server():
    tables = Tables()
    with TestClient(create_app(tables)) as client:
        yield client, tables


def new_game(client, **body) -> dict[str, Any]:
    """A game of one person against bots (the page's new game): its first state."""
    return open_seat(client, **{"variant": "clabber", "seed": 3} | body).state()


# -- what seat 0 may know, computed from the log independently of the server --------------------


DEALERS: dict[tuple[int, int], int] = {}


def knowable(game, seat: int | None, hand: int) -> set[Card]:
    """Every card of ``hand`` that ``seat`` (None: a spectator) may have seen: its own deal, the turn card, the cut
    for deal, every card played, every meld shown and the bella. Cards come back each hand."""
    seen: set[Card] = set()
    for event in game.log:
        if event.hand != hand:
            continue
        if isinstance(event, Input):
            action = event.action
            if isinstance(action, CutForDeal):
                seen |= set(action.cards)
            elif isinstance(action, Deal):
                seen |= set(action.hands[seat]) if seat is not None else set()
                key = (id(game), event.seq)
                if key not in DEALERS:
                    DEALERS[key] = _dealer_of(game, event.seq)
                seen.add(action.hands[DEALERS[key]][-1])
            elif isinstance(action, Play):
                seen.add(action.card)
        elif isinstance(event, MeldsShown):
            seen |= {card for meld in event.melds for card in meld.cards}
        elif isinstance(event, BellaAnnounced):
            seen |= set(event.cards)
    return seen


def _dealer_of(game, seq: int) -> int:
    """The dealer of the deal at event ``seq`` (the turn card is the dealer's sixth card), by
    replaying the game's inputs up to it, apart from the server."""
    replay = GameRecord.of(game).new_game()
    for event in game.log[:seq]:
        if isinstance(event, Input):
            replay.apply(event.action)
    return replay.machine.dealer


def cards_in(data: Any) -> set[Card]:
    """Every card named anywhere in a JSON answer: as ``JH`` or as ``J♥`` inside a text."""
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
        found |= {Card.parse(rank.replace("10", "T") + suit) for rank, suit in SYMBOL.findall(data)}
    return found


def leaks(state: dict[str, Any], game, seat: int | None, cache: dict[int, set[Card]]) -> set[Card]:
    """The cards an answer names that ``seat`` may not see: each event judged by its hand, the
    settlement by its hand, everything else by the hand being played."""
    rest = {key: value for key, value in state.items() if key not in ("events", "table")}
    table = dict(state["table"])
    parts = [(e, e["data"]["hand"]) for e in state["events"]]
    settlement = table.pop("settlement")
    if settlement is not None:
        parts.append((settlement, settlement["hand"]))
    parts.append(({"rest": rest, "table": table}, game.hand))
    found: set[Card] = set()
    known = dict(cache)
    for part, hand in parts:
        if hand not in known:
            known[hand] = knowable(game, seat, hand)
            if hand < game.hand:  # a hand's knowledge is final once the next has begun
                cache[hand] = known[hand]
        found |= cards_in(part) - known[hand]
    return found


def choose_move(state: dict[str, Any], turn: int) -> dict[str, Any]:
    """A move for seat 0 from what the page is told: name when able every other time, announce
    and show, play a marked card (a renege now and then where reneges stand), call reneges."""
    prompt = state["prompt"]
    if prompt["calls"] and turn % 7 == 3:
        return {"type": "renege", "target": prompt["calls"][-1]["target"]}
    if prompt["kind"] == "calls":
        return {"type": "stand"}
    if prompt["kind"] == "name":
        if prompt["suits"] and turn % 2:
            return {"type": "name", "suit": prompt["suits"][0]}
        return {"type": "pass"}
    if prompt["announce"]:
        return {"type": "announce"}
    if prompt["show"]:
        return {"type": "show"}
    cards = prompt["any"] if turn % 11 == 5 else prompt["playable"]
    return {"type": "play", "card": cards[turn % len(cards)]}


def play_out(client, tables, state, check=None, limit=3000) -> dict[str, Any]:
    turn = 0
    while not state["over"]:
        response = seat_of(state).move(choose_move(state, turn), expect=state["next"])
        assert response.status_code == 200, response.text
        state = response.json()
        if check:
            check(state)
            check(seat_of(state).state())
        turn += 1
        assert turn < limit
    return state


# -- fair by construction ----------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "bots", "seed"), [
    ("clabber", ["greedy"], 5),
    ("clabber-renege", ["sloppy", "greedy", "sloppy"], 8),
])
def test_every_answer_of_a_whole_game_holds_only_what_seat_0_may_see(server, variant, bots, seed):
    """Each JSON answer of a whole game to 500 names no card another seat holds unplayed, no
    meld before it is shown, none of the deck: every card in it is one seat 0 has seen."""
    client, tables = server
    answers = 0
    cache: dict[int, set[Card]] = {}
    withheld: set[tuple[int, Card]] = set()

    def check(answer):
        nonlocal answers
        answers += 1
        game = tables.get(state["id"]).game
        leaked = leaks(answer, game, 0, cache)
        assert not leaked, f"answer {answers} shows {sorted(map(str, leaked))}"
        held = {c for seat, cards in enumerate(game.machine.held) if seat != 0 for c in cards}
        withheld.update((game.hand, c) for c in held - knowable(game, 0, game.hand))

    state = new_game(client, variant=variant, bots=bots, seed=seed)
    check(state)
    state = play_out(client, tables, state, check=check)
    game = tables.get(state["id"]).game
    assert state["over"] and max(game.scores) >= 500
    assert answers > 30 and game.hand >= 3
    assert len({hand for hand, _ in withheld}) >= game.hand - 1  # hidden cards in (nearly) every hand
    deals = [e for e in state["events"] if e["type"] == "deal"]
    for deal in deals:  # other seats' cards go as None, but for the turn card face up
        for hand in deal["data"]["hands"][1:]:
            assert hand[:5] == [None] * 5
    if variant == "clabber-renege":
        assert any(isinstance(e, Input) and isinstance(e.action, CallRenege) and e.actor == 0
                   for e in game.log)
        assert any(isinstance(e, RenegeCalled) for e in game.log)


def test_the_table_files_are_served_and_the_game_is_offered(server):
    client, _ = server
    assert 'Pegline.registerTable("clabber"' in client.get("/tables/clabber.js").text
    assert client.get("/tables/clabber.css").status_code == 200
    options = client.get("/api/options").json()
    variants = {v["name"]: v for v in options["variants"]}
    assert variants["clabber"]["playable"] and variants["clabber-renege"]["playable"]
    assert options["options"]["clabber"] == [] and "greedy" in options["bots"]["clabber"]


# -- what the page is told ---------------------------------------------------------------------


def test_naming_then_a_trick_as_the_page_sees_them(server):
    client, tables = server
    state = new_game(client, seed=18)  # seat 0 holds no heart, and the turn card is a heart
    game = tables.get(state["id"]).game
    t, prompt = state["table"], state["prompt"]
    assert prompt["kind"] == "name" and t["trump"] == "" and t["turn_card"] is not None
    view = game.view(0)
    assert t["held"] == sorted(t["held"], key=t["held"].index) and \
        set(t["held"]) == set(map(str, view.held))
    assert t["partners"] == [2] and t["target"] == 500 and t["scores"] == [0, 0]
    # round 1 offers only the turn card's suit, and only to a holder of that suit
    assert t["turn_card"] == "TH" and t["round"] == 1 and prompt["suits"] == []
    assert [(c["seat"], c["suit"]) for c in t["calls"]] == list(view.calls)
    # pass until someone makes trump, then play marked cards until a trick is turned
    turn = 0
    while state["table"]["trump"] == "" or state["table"]["tricks_played"] == 0:
        prompt = state["prompt"]
        if prompt["kind"] == "name":
            move = {"type": "name", "suit": prompt["suits"][0]} if prompt["suits"] and \
                state["table"]["round"] == 2 else {"type": "pass"}
        elif prompt["announce"] or prompt["show"]:
            move = {"type": "announce" if prompt["announce"] else "show"}
        else:
            view = tables.get(state["id"]).game.view(0)
            legal = sorted(map(str, legal_plays(view.held, view.trick, view.trump)))
            assert sorted(prompt["playable"]) == legal == sorted(prompt["any"])
            assert [c for _, c in state["table"]["trick"]] == [str(c) for c in view.trick]
            move = {"type": "play", "card": prompt["playable"][0]}
        state = seat_of(state).move(move, expect=state["next"]).json()
        turn += 1
        assert turn < 40
    game = tables.get(state["id"]).game
    t = state["table"]
    trick = next(e for e in reversed(game.log) if isinstance(e, TrickTaken))
    assert t["last_trick"] == {"number": 1, "leader": trick.leader, "winner": trick.actor,
                               "cards": [str(c) for c in trick.cards]}
    assert t["taken"] == list(game.view(0).taken) and sum(t["taken"]) == 1
    made = next(e for e in game.log if isinstance(e, Input) and isinstance(e.action, Name))
    assert t["trump"] == made.action.suit and t["makers"] == made.actor % 2
    assert t["holding"] == [len(h) for h in game.machine.held]


def test_the_settlement_shows_each_sides_count_and_the_scores(server):
    client, tables = server
    state = new_game(client, seed=4)
    state = play_out(client, tables, state)
    game = tables.get(state["id"]).game
    settlement = state["table"]["settlement"]
    assert settlement["hand"] <= game.hand
    if settlement["outcome"]["kind"] in ("made", "set"):
        assert [c["side"] for c in settlement["counts"]] == [0, 1]
        totals = [c["total"] for c in settlement["counts"]]
        assert settlement["outcome"]["totals"] == totals
        assert all(c["total"] == sum(line["points"] for line in c["lines"])
                   for c in settlement["counts"])
    assert state["table"]["scores"] == list(game.scores)
    assert settlement["scored"][-1]["total"] == game.scores[settlement["scored"][-1]["side"]]


def test_renege_calls_are_offered_one_per_callable_play(server):
    client, tables = server
    state = new_game(client, variant="clabber-renege", bots=["sloppy"], seed=6)
    turn = 0
    while not state["prompt"]["calls"]:
        state = seat_of(state).move(choose_move(state, turn * 2), expect=state["next"]).json()
        turn += 1
    game = tables.get(state["id"]).game
    legal = [a for a in game.legal_actions(0) if isinstance(a, CallRenege)]
    calls = state["prompt"]["calls"]
    assert [c["target"] for c in calls] == [a.target for a in legal]
    for call in calls:
        event = game.log[call["target"]]
        assert event.actor % 2 == 1 and call["seat"] in (event.actor, None)
        if isinstance(event.action, Play):
            assert call["card"] == str(event.action.card)
    before = len(game.log)
    state = seat_of(state).move({"type": "renege", "target": calls[0]["target"]},
                                expect=state["next"]).json()
    verdict = next(e for e in game.log[before:] if isinstance(e, RenegeCalled))
    assert state["table"]["settlement"]["outcome"] == {
        "kind": "renege", "caller": 0, "proved": verdict.proved, "offender": verdict.offender,
        "reason": verdict.reason, "said": verdict.reason}  # said: in the request's language


def test_the_calling_window_after_the_last_trick_offers_calls_and_stand(server):
    client, tables = server
    state = new_game(client, variant="clabber-renege", bots=["greedy"], seed=2)
    game = tables.get(state["id"]).game
    turn = 1
    while state["prompt"]["kind"] != "calls":
        move = choose_move({**state, "prompt": {**state["prompt"], "calls": []}}, 0)  # legal
        state = seat_of(state).move(move, expect=state["next"]).json()
        turn += 1
        assert turn < 200 and not state["over"]
    assert game.phase == "calling" and game.to_act == (0,)
    assert [c["target"] for c in state["prompt"]["calls"]] == [
        a.target for a in game.legal_actions(0) if isinstance(a, CallRenege)]
    hand = game.hand
    state = seat_of(state).move({"type": "stand"}, expect=state["next"]).json()
    assert LetStand(0) in [e.action for e in game.log if isinstance(e, Input) and e.hand == hand]
    refused = seat_of(state).move({"type": "stand"}, expect=state["next"])
    assert refused.status_code == 409


def test_the_coach_compares_the_persons_last_move_and_marks_assist_used(server):
    client, tables = server
    state = new_game(client, seed=5)
    game = tables.get(state["id"]).game
    move = choose_move(state, 0)
    state = seat_of(state).move(move, expect=state["next"]).json()
    assert state["can_compare"] and not state["assist_used"]
    answer = seat_of(state).compare()
    assert answer.status_code == 200, answer.text
    compare = answer.json()["compare"]
    chosen = [c for c in compare["candidates"] if c["chosen"]]
    mine = [e.action for e in game.log if isinstance(e, Input) and e.actor == 0]
    assert [c["move"] for c in chosen] == [move_text(mine[0])]
    values = [c["value"] for c in compare["candidates"]]
    assert values == sorted(values, reverse=True) and compare["candidates"][0]["rank"] == 1
    assert answer.json()["state"]["assist_used"]
    asks = [e for e in game.log if isinstance(e, Input) and e.action == AskCoach(0)]
    assert len(asks) == 1


# -- bad requests ------------------------------------------------------------------------------


def test_every_kind_of_bad_move_is_refused_and_changes_nothing(server):
    client, tables = server
    state = new_game(client, seed=3)
    seat = seat_of(state)
    game = tables.get(state["id"]).game
    held = state["table"]["held"]
    turned = state["table"]["turn_card"][1]
    other = next(s for s in "CDHS" if s != turned)

    def move(body):
        return {"json": {"expect": state["next"], "move": body}}

    bad: list[tuple[dict[str, Any], int, str]] = [
        ({"content": b"{not json"}, 400, "not valid JSON"),
        (move(["pass"]), 400, "a move is a JSON object"),
        (move({"type": "bid"}), 400, "a move's type is one of"),
        (move({"type": "pass", "seat": 1}), 400, "has no field 'seat'"),
        (move({"type": "name", "suit": "X"}), 400, "a suit is one of"),
        (move({"type": "name", "suit": ["H"]}), 400, "a suit is one of"),
        (move({"type": "play", "card": 5}), 400, "one card like"),
        (move({"type": "play", "card": "ZZ"}), 400, "unknown"),
        (move({"type": "renege", "target": "3"}), 400, "target is a whole number from 0 to "),
        (move({"type": "renege", "target": 3}), 409, "refuses illegal actions"),
        (move({"type": "name", "suit": other}), 409, ""),
        (move({"type": "play", "card": held[0]}), 409, ""),
        (move({"type": "announce"}), 409, ""),
    ]
    before = (seat.state(), list(game.log))
    for body, status, message in bad:
        response = seat.post("/moves", headers={"content-type": "application/json"}, **body)
        assert response.status_code == status, (body, response.text)
        assert message in response.json()["error"]
        assert (seat.state(), list(game.log)) == before
    refused = seat.compare()
    assert refused.status_code == 409 and "nothing to compare" in refused.json()["error"]


def test_a_finished_clabber_game_is_replayed_with_every_hand(server):
    client, tables = server
    state = play_out(client, tables, new_game(client, seed=9))
    game = tables.get(state["id"]).game
    text = seat_of(state).record().text
    replay = client.post("/api/replay", json={"record": text}).json()
    assert replay["game"] == "clabber" and replay["over"]
    assert len(replay["steps"]) == len(game.inputs()) + 1
    dealt = next(i for i, s in enumerate(replay["steps"]) if any(s["table"]["hands"]))
    deal = next(a for a in game.inputs() if isinstance(a, Deal))
    assert [sorted(h) for h in replay["steps"][dealt]["table"]["hands"]] == \
        [sorted(map(str, h)) for h in deal.hands]


def test_the_printer_and_the_redactor_each_follow_the_true_dealer():
    """A seat's stream prints each event and sends it redacted, by two objects that each follow
    the dealer from the events: it moves once per settled hand, even for an event redacted twice
    (sent again), so the turn card shown (and left face up) is the true dealer's."""
    from pegline_clabber.bots import GreedyBot
    from pegline_clabber.display import EventPrinter
    from pegline_clabber.redaction import ClabberRedactor
    from pegline_core import Game, play_game

    game = play_game("clabber", [GreedyBot(s) for s in range(4)], seed=2)
    printer, redactor = EventPrinter(game.variant, reveal={0}), ClabberRedactor(4, reveal={0})
    replay, deals = Game("clabber"), 0
    for event in game.log:
        text = printer.lines(event)
        redactor.redact(game.codec.to_dict(event))
        data = redactor.redact(game.codec.to_dict(event))
        if isinstance(event, Input) and isinstance(event.action, Deal):
            dealer = replay.machine.dealer
            turn = event.action.hands[dealer][-1]
            assert f"  turn card: {turn.symbol}" in text
            assert [seat for seat, hand in enumerate(data["hands"]) if hand[-1] is not None] \
                == sorted({0, dealer})
            deals += 1
        if isinstance(event, Input):
            replay.apply(event.action)
    assert deals == game.hand >= 3
