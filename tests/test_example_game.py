"""The worked example of docs/writing-games.md: Tricks (docs/examples/tricks), a whole game on the
toolkit, installed as a real plugin and met where a user meets it: the Python API (play,
refusals, undo, copies, records), the command line, the terminal through a pseudo-terminal, and
the page in a real browser."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from pegline_core import (
    DECK,
    Card,
    Game,
    GameRecord,
    IllegalActionError,
    Input,
    RandomBot,
    VariantError,
    load_variant,
    parse_cards,
    play_game,
)
from pegline_core.turns import CHANCE

EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "examples" / "tricks"
VARIANT = EXAMPLE / "tricks.toml"
COMMAND = "from pegline_core.app.cli import main; main()"
LIMIT = 500
"""The most lines the whole game may take, terminal and web table included (the issue's bar)."""


@pytest.fixture(scope="module")
def installed_at(tmp_path_factory) -> Path:
    """The example, pip-installed into a folder of its own (its entry points and all)."""
    target = tmp_path_factory.mktemp("tricks-installed")
    done = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps",
                           "--no-build-isolation", "--target", str(target), str(EXAMPLE)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return target


@pytest.fixture
def tricks(installed_at, monkeypatch):
    """The example installed for this test: on the import path, its variant on the variant path."""
    monkeypatch.syspath_prepend(str(installed_at))
    monkeypatch.setenv("PEGLINE_VARIANT_PATH", str(EXAMPLE))
    return load_variant("tricks")


def environment(installed_at: Path) -> dict[str, str]:
    return os.environ | {"PYTHONPATH": str(installed_at), "PEGLINE_VARIANT_PATH": str(EXAMPLE)}


def stacked(game: Game, *hands: str) -> None:
    from pegline_core.card_game import Deal

    game.apply(Deal(tuple(parse_cards(hand) for hand in hands)))


def test_the_whole_game_is_under_the_line_limit_and_the_guide_says_how_many():
    import re

    files = sorted(EXAMPLE.rglob("*.py")) + [EXAMPLE / "pyproject.toml", VARIANT]
    lines = sum(len(path.read_text().splitlines()) for path in files)
    guide = (EXAMPLE.parents[1] / "writing-games.md").read_text()
    assert lines < LIMIT
    assert re.search(r"the whole of it is (\d+) lines", guide).group(1) == str(lines)


def test_the_highest_card_of_the_suit_led_takes_the_trick_and_scores(tricks):
    game = Game(tricks, dealer=2)  # seat 0 leads
    stacked(game, "2H KS 3C 4D 5C", "AH 9S 2C 3D 6C", "QH 8S 7C 5D 8C")
    refused = game.legal_actions(1)
    assert refused == [] and game.to_act == (0,)
    game.apply(game.legal_actions(0)[[str(p.card) for p in game.legal_actions(0)].index("KS")])
    # seat 1 must follow spades: its only spade
    assert [str(play.card) for play in game.legal_actions(1)] == ["9S"]
    from pegline_core.card_game import Play

    with pytest.raises(IllegalActionError, match="follow suit"):
        game.apply(Play(1, Card.parse("AH")))
    assert len(game.log) == 3  # the refusal changed nothing
    game.apply(game.legal_actions(1)[0])
    game.apply(next(p for p in game.legal_actions(2) if str(p.card) == "8S"))
    scored = [(e.rule, e.side, e.points, e.total) for e in game.log if type(e).__name__ == "Scored"]
    assert scored == [("trick", 0, 1, 1)] and game.scores == (1, 0, 0)
    assert game.to_act == (0,)  # the winner leads


def test_the_cut_chooses_the_first_dealer_and_a_tie_cuts_again(tricks):
    from pegline_core.card_game import CutForDeal, CutTie, DealerChosen

    game = Game(tricks)
    assert game.to_act is CHANCE and game.phase == "cut"
    with pytest.raises(IllegalActionError, match="one card per seat"):
        game.apply(CutForDeal(parse_cards("9H 2S")))
    game.apply(CutForDeal(parse_cards("9H 2S 2D")))  # seats 1 and 2 tie for the lowest
    assert isinstance(game.log[-1], CutTie) and game.log[-1].seats == (1, 2)
    assert game.phase == "cut" and game.to_act is CHANCE
    game.apply(CutForDeal(parse_cards("9H 4S 3D")))
    assert isinstance(game.log[-1], DealerChosen) and game.view(0).dealer == 2
    with pytest.raises(IllegalActionError, match="not an action of the deal phase"):
        game.apply(CutForDeal(parse_cards("9H 4S 3D")))
    game.apply(game.chance_action(random.Random(1)))
    assert game.to_act == (0,)  # the dealer's left leads
    played = play_game(tricks, [RandomBot(seat) for seat in range(3)], seed=8)
    first = next(event.dealer for event in played.log if isinstance(event, DealerChosen))
    assert played.definition.pegline_tally(played)[0] == first


def test_the_last_trick_scores_a_point_more_and_the_deal_passes(tricks, tmp_path):
    short = tmp_path / "short.toml"
    short.write_text('extends = ["tricks"]\ncards = 1\n[table]\nplayers = 2\n')
    game = Game(load_variant(short), dealer=0)
    stacked(game, "2H", "3H")
    game.apply(game.legal_actions(1)[0])  # the seat after the dealer leads
    game.apply(game.legal_actions(0)[0])
    scored = [(e.rule, e.side, e.total) for e in game.log if type(e).__name__ == "Scored"]
    assert scored == [("trick", 1, 1), ("last-trick", 1, 2)]
    assert game.to_act is CHANCE and game.view(0).dealer == 1


def test_a_whole_game_with_bots_ends_at_the_target_and_replays(tricks, tmp_path):
    from pegline_core.app.bot_specs import bots_for

    assert set(bots_for(tricks)) == {"random", "greedy"}
    game = play_game(tricks, [bots_for(tricks)["greedy"](1), RandomBot(2), RandomBot(3)], seed=5)
    assert game.over and max(game.scores) >= tricks.settings.target
    assert game.result.winner.score == max(game.scores)
    path = tmp_path / "game.toml"
    GameRecord.of(game, seed=5).save(path)
    record = GameRecord.load(path)
    assert record.verify() is None and record.replay().log == game.log
    assert Game.from_inputs(tricks, game.inputs()).log == game.log
    dealt_by_2 = play_game(tricks, [RandomBot(s) for s in range(3)], seed=5,
                           game=Game(tricks, dealer=2))
    assert game.definition.pegline_tally(dealt_by_2.copy())[0] == 2


def test_undo_and_copies_come_from_the_snapshot(tricks):
    game = Game(tricks, dealer=0)
    stacked(game, "2H KS 3C 4D 5C", "AH 9S 2C 3D 6C", "QH 8S 7C 5D 8C")
    before = (game.log[:], game.view(1))
    twin = game.copy()
    twin.apply(twin.legal_actions(1)[0])
    game.apply(game.legal_actions(1)[0])
    assert twin.log == game.log
    game.undo()
    assert (game.log, game.view(1)) == before


def test_a_seat_sees_only_its_own_cards(tricks):
    game = Game(tricks, dealer=0)
    stacked(game, "2H KS 3C 4D 5C", "AH 9S 2C 3D 6C", "QH 8S 7C 5D 8C")
    view = game.view(0)
    assert view.held == parse_cards("2H KS 3C 4D 5C")
    others = set(parse_cards("AH 9S 2C 3D 6C QH 8S 7C 5D 8C"))
    assert not others & {card for field in view if isinstance(field, tuple) for card in field
                         if isinstance(card, Card)}


def test_every_mistake_in_a_variant_is_named_at_once(tricks, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "tricks"\ncards = 20\ntarget = 0\n[table]\nplayers = 3\n')
    with pytest.raises(VariantError) as caught:
        load_variant(bad)
    problems = "\n".join(caught.value.problems)
    assert "cards: 20 cards for each of 3 seats do not come from one deck" in problems
    assert "target: must be at least 1, got 0" in problems
    bad.write_text('game = "tricks"\n[table]\nplayers = 5\n')
    with pytest.raises(VariantError, match="tricks is for 2 to 4 players, not 5"):
        load_variant(bad)


def test_the_command_line_plays_saves_replays_and_simulates(installed_at, tmp_path):
    def pegline(*args: str) -> str:
        done = subprocess.run([sys.executable, "-c", COMMAND, *args],
                              capture_output=True, text=True, cwd=tmp_path, check=False,
                              env=environment(installed_at))
        assert done.returncode == 0, done.stderr
        return done.stdout

    played = pegline("play", "--variant", "tricks", "--seed", "3", "--bots", "greedy,random,random",
                     "--save", "game.toml")
    assert played.splitlines()[-1].endswith(" wins") and "takes the trick" in played
    assert "verified" in pegline("replay", "game.toml", "--verify")
    assert pegline("play", "--variant", "tricks", "--seed", "1").splitlines()[-1].endswith(" wins")
    report = pegline("simulate", "--variant", "tricks", "--games", "30", "--workers", "1",
                     "--bots", "greedy,random,random")
    assert "30 games" in report and "last-trick" in report


def test_a_person_plays_at_the_terminal_quits_and_resumes(tricks, installed_at, tmp_path):
    pexpect = pytest.importorskip("pexpect", reason="pexpect drives the terminal tests")
    from tests.test_terminal_pty import plain

    def spawn(*args: str):
        env = {k: v for k, v in environment(installed_at).items() if k not in ("COLUMNS", "LINES")}
        return pexpect.spawn(sys.executable, ["-c", COMMAND, "play", "--human", "--bots",
                                              "greedy,greedy", *args],
                             cwd=str(tmp_path), encoding="utf-8", timeout=60,
                             dimensions=(60, 100), env=env | {"TERM": "xterm", "LANG": "C.UTF-8"})

    child = spawn("--variant", "tricks", "--seed", "4", "--save", "game.toml")
    child.expect("play a card: ")
    screen = plain(child.before)
    assert "(type help to see what you can type)" in screen and "you hold 1:" in screen
    child.sendline("zz")
    child.expect("play a card: ")
    assert "not allowed: 'zz' is not a card (such as JH, 10S or TS, A♠)" in plain(child.before)
    child.sendline("9")  # the hand has five cards
    child.expect("play a card: ")
    assert "not allowed: there is no card number 9: your cards are 1 2 3 4 5" in \
        plain(child.before)
    child.sendline("help")
    child.expect("play a card: ")
    assert "follow the suit led" in plain(child.before) and "quit" in plain(child.before)
    record = GameRecord.load(tmp_path / "game.toml")  # saved before each question
    legal = record.replay().legal_actions(0)
    child.sendline(str(legal[0].card))
    child.expect("play a card: |wins")
    assert f"seat 0 (you) plays {legal[0].card.symbol}" in plain(child.before)
    child.sendline("compare")  # Tricks has no coach: refused, the game goes on
    child.expect("play a card: ")
    refused = "game 'tricks' does not implement pegline_evaluator: it has no coach to compare with"
    assert refused in plain(child.before)
    child.sendline("²")
    child.expect("play a card: ")
    assert "not allowed: '²' is not a card (such as JH, 10S or TS, A♠)" in plain(child.before)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "the game is saved in game.toml" in plain(child.before)
    kept = GameRecord.load(tmp_path / "game.toml").replay()
    assert legal[0] in [event.action for event in kept.log if isinstance(event, Input)]

    child = spawn("--resume", "game.toml")
    child.expect("play a card: ")
    assert "resumed from game.toml" in plain(child.before)
    child.sendeof()  # Ctrl-D leaves like quit
    child.expect(pexpect.EOF)
    assert "the game is saved in game.toml" in plain(child.before)


def test_the_page_s_api_serves_the_card_table_and_refuses_bad_moves(tricks):
    pytest.importorskip("starlette", reason="the web extra is not installed")
    from starlette.testclient import TestClient

    from pegline_core.app.web import create_app
    from pegline_core.app.web.tables import Tables
    from tests.one_person import open_seat

    tables = Tables()
    with TestClient(create_app(tables)) as client:
        assert "tricks" in [v["name"] for v in client.get("/api/options").json()["variants"]]
        assert "registerTable(game" in client.get("/tables/tricks.js").text
        assert '@import url("/static/cards.css")' in client.get("/tables/tricks.css").text
        seat = open_seat(client, "tricks", ["greedy", "greedy"], seed=3)
        state = seat.state()
        game = tables.get(state["id"]).game
        assert state["table"]["hand"] == [str(card) for card in game.view(0).held]
        moves = state["prompt"]["moves"]
        assert [m["card"] for m in moves] == [str(a.card) for a in game.legal_actions(0)]
        before = len(game.log)
        illegal = next(str(c) for c in DECK if str(c) not in {m["card"] for m in moves})
        for bad in ({"type": "play", "seat": 1, "card": moves[0]["card"]},
                    {"type": "play", "seat": 0, "card": "ZZ"}, {"type": "trick"},
                    {"type": "play", "seat": 0, "card": illegal}, {"type": "play"}):
            refused = seat.move(bad)
            assert refused.status_code in (400, 409), bad
            assert "error" in refused.json() and len(game.log) == before
        after = seat.move(moves[0]["move"]).json()
        assert len(game.log) > before and after["table"]["hand"] == [
            str(card) for card in game.view(0).held]


def test_a_game_in_a_real_browser(tricks, tmp_path):
    from tests.browser import MISSING, browser_missing

    if browser_missing():
        pytest.skip(MISSING)
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    from tests.test_web_browser import log_lines, prompt_kind, wait
    from tests.test_web_people import Site, chromium

    site = Site(tmp_path / "games.db")
    driver = chromium(tmp_path / "profile")
    try:
        driver.get(site.url + "/")
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#variant option[value='tricks']"))
        Select(driver.find_element(By.ID, "variant")).select_by_value("tricks")
        driver.find_element(By.ID, "seed").send_keys("3")
        driver.find_element(By.ID, "start").click()
        wait(driver, lambda d: prompt_kind(d) == "moves")
        game = site.tables.get(driver.execute_script("return Pegline.state.id")).game
        shown = [c.get_attribute("data-card")
                 for c in driver.find_elements(By.CSS_SELECTOR, "#hand .card")]
        assert shown == [str(card) for card in game.view(0).held]
        playable = driver.find_elements(By.CSS_SELECTOR, "#hand .card.playable")
        assert sorted(c.get_attribute("data-card") for c in playable) == sorted(
            str(a.card) for a in game.legal_actions(0))
        assert {c.value_of_css_property("cursor") for c in playable} == {"pointer"}  # cards.css
        assert driver.find_element(By.CSS_SELECTOR, "#scores .side.mine").text.startswith("seat 0")
        before, played = log_lines(driver), playable[0].get_attribute("data-card")
        playable[0].click()
        wait(driver, lambda d: log_lines(d) > before)
        plays = [e.action for e in game.log if isinstance(e, Input) and hasattr(e.action, "card")]
        assert str(plays[[p.seat for p in plays].index(0)].card) == played
    finally:
        driver.quit()
        site.stop()


def test_the_fairness_check_passes_the_game_and_catches_a_leaky_view(tricks, monkeypatch):
    from pegline_tricks.machine import TricksMachine

    from pegline_core.fairness import check_fair_views

    assert check_fair_views(tricks, games=5) == []
    fair = TricksMachine.view

    def leaky(machine, seat):  # the next seat's hand shown too
        view = fair(machine, seat)
        others = machine.held[machine.seats.left_of(seat)] if machine.held else ()
        return view._replace(held=view.held + others)

    monkeypatch.setattr(TricksMachine, "view", leaky)
    problems = check_fair_views(tricks, games=1)
    assert problems and "never seen" in problems[0]
