"""`pegline serve` in a real browser: headless Chromium (Debian's chromium and chromium-driver)
driven by Selenium through a whole hand of cribbage with muggins, the coach's compare, a record
abandoned, downloaded and replayed step by step.

Set ``PEGLINE_SCREENSHOTS=docs`` to write the screenshots docs/playing.md shows.
"""

from __future__ import annotations

import os
import re
import socket
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("selenium", reason="selenium is not installed: pip install '.[test]'")
import uvicorn
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from pegline_core import Card, Input, Scored
from pegline_core.app.i18n import plugin_domain, rule_name, use_language
from pegline_core.app.web import create_app
from pegline_core.app.web.tables import Tables
from pegline_core.record import GameRecord
from pegline_core.variant import load_variant
from pegline_cribbage.actions import Discard
from pegline_cribbage.combinations import PIPS
from pegline_cribbage.display import EventPrinter
from tests.browser import CHROMEDRIVER, CHROMIUM, MISSING, browser_missing

FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         "--window-size=1400,1500"]

pytestmark = pytest.mark.skipif(browser_missing(), reason=MISSING)


@pytest.fixture(scope="module")
def site():
    """The server, in this process on a free port, and the tables it runs."""
    tables = Tables()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(tables), host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", tables
    server.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    downloads = tmp_path_factory.mktemp("downloads")
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads)})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.downloads = downloads
    yield driver
    driver.quit()


def screenshot(driver, name: str, tmp_path: Path) -> Path:
    folder = Path(os.environ.get("PEGLINE_SCREENSHOTS") or tmp_path)
    path = folder / name
    driver.save_screenshot(str(path))
    return path


def wait(driver, condition, timeout: float = 30):
    def safely(d):
        try:
            return condition(d)
        except StaleElementReferenceException:
            return False

    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(safely)


def log_lines(driver) -> int:
    return driver.execute_script("return document.querySelectorAll('#log li').length")


def prompt_kind(driver) -> str | None:
    return driver.execute_script(
        "const p = document.getElementById('prompt'); return p ? p.dataset.kind : null")


def act(driver, click) -> None:
    """Click, then wait until the game answered (the log grows)."""
    before = log_lines(driver)
    click()
    wait(driver, lambda d: log_lines(d) > before)


def start_game(driver, url: str, *, variant: str, muggins: bool, seed: int) -> None:
    driver.get(url + "/")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f"#variant option[value='{variant}']"))
    Select(driver.find_element(By.ID, "variant")).select_by_value(variant)
    if muggins:
        driver.find_element(By.CSS_SELECTOR, "input[data-option=counting][value=muggins]").click()
    driver.find_element(By.ID, "seed").send_keys(str(seed))
    driver.find_element(By.ID, "start").click()
    wait(driver, lambda d: prompt_kind(d) is not None)


def current_table(driver, tables: Tables):
    """The server's table for the game on the page."""
    return tables.get(driver.execute_script("return Pegline.state.id"))


def test_the_coach_says_the_chance_to_win_a_discard_leaves(site, browser):
    url, tables = site
    start_game(browser, url, variant="two-player", muggins=False, seed=7)
    game = current_table(browser, tables).game
    for code in [c.get_attribute("data-card")
                 for c in browser.find_elements(By.CSS_SELECTOR, "#hand .card")][:2]:
        browser.find_element(By.CSS_SELECTOR, f"#hand .card[data-card='{code}']").click()
    act(browser, lambda: browser.find_element(By.ID, "lay-away").click())
    act(browser, lambda: browser.find_element(By.ID, "compare").click())
    wait(browser, lambda d: d.find_element(By.ID, "coach").is_displayed())
    expected = game.copy().compare(0)  # the same decision, asked again
    chances = [dict(c.reasons)["win chance (%)"] for c in expected.evaluation.candidates]
    verdict = browser.find_element(By.ID, "verdict").text
    assert verdict.endswith(f"Your move leaves {chances[expected.chosen]:.1f}% to win; the best, "
                            f"{chances[0]:.1f}%.")
    heading = browser.find_element(By.CSS_SELECTOR, "#compare-table tr").text
    assert heading.endswith("win chance (%)")


def test_a_whole_hand_with_muggins_and_the_coach(site, browser, tmp_path):
    url, tables = site
    start_game(browser, url, variant="two-player", muggins=True, seed=7)
    table = current_table(browser, tables)
    game = table.game
    assert browser.find_element(By.ID, "variant-name").text == "two-player with muggins"
    heading = browser.find_element(By.ID, "heading").text
    dealer = game.view(0).dealer
    assert heading.startswith("Hand 1 · ") and ("you deal" in heading) == (dealer == 0)
    assert ("the crib is yours" in heading) == (dealer == 0)

    # the opponent's cards are face down; ours are the cards we were dealt
    assert not browser.find_elements(By.CSS_SELECTOR, ".opponents .card[data-card]")
    assert len(browser.find_elements(By.CSS_SELECTOR, ".opponents .card.back")) == 4
    mine = [c.get_attribute("data-card") for c in browser.find_elements(By.CSS_SELECTOR, "#hand .card")]
    assert sorted(map(Card.parse, mine)) == sorted(game.machine.held[0])

    # lay away two cards: they go up when chosen, and the button waits for two
    lay_away = browser.find_element(By.ID, "lay-away")
    assert not lay_away.is_enabled()
    for code in mine[:2]:
        browser.find_element(By.CSS_SELECTOR, f"#hand .card[data-card='{code}']").click()
        wait(browser, lambda d, code=code: "selected" in d.find_element(
            By.CSS_SELECTOR, f"#hand .card[data-card='{code}']").get_attribute("class"))
    act(browser, lambda: browser.find_element(By.ID, "lay-away").click())
    assert {str(c) for c in game.machine.crib} >= set(mine[:2])

    # the coach compares the discard just made, marks it, and the game is "assist used"
    act(browser, lambda: browser.find_element(By.ID, "compare").click())
    wait(browser, lambda d: d.find_element(By.ID, "coach").is_displayed())
    rows = browser.find_elements(By.CSS_SELECTOR, "#compare-table tr")
    assert len(rows) == 16  # a heading and the 15 ways to lay away two of six
    chosen = browser.find_elements(By.CSS_SELECTOR, "#compare-table tr.chosen")
    assert len(chosen) == 1 and "your move" in chosen[0].text
    assert browser.find_element(By.ID, "assist").is_displayed()
    assert 0 in game.machine.assisted
    # the page shows what Game.compare says (asked again on a copy: the same decision)
    expected = game.copy().compare(0)
    shown = [row.find_elements(By.TAG_NAME, "td")[0].text.lstrip("=") for row in rows[1:]]
    assert shown == [str(rank) for rank in expected.evaluation.ranks]
    assert rows[1:].index(chosen[0]) == expected.chosen
    screenshot(browser, "web-coach.png", tmp_path)

    # pegging, then counting by hand: declare our count, answer the other's with muggins
    declared = claimed = False
    while game.hand == 1:
        kind = prompt_kind(browser)
        if kind == "play":
            playable = browser.find_elements(By.CSS_SELECTOR, "#hand .card.playable")
            unplayable = browser.find_elements(By.CSS_SELECTOR, "#hand .card.unplayable")
            view = game.view(0)
            room = view.limit - view.count  # the cards marked unplayable would pass it
            assert all(PIPS[Card.parse(c.get_attribute("data-card")).index] > room
                       for c in unplayable)
            assert {c.get_attribute("data-card") for c in playable} == \
                {str(a.card) for a in game.legal_actions(0)}
            assert len(playable) + len(unplayable) == len(view.held)
            act(browser, playable[0].click)
        elif kind == "go":
            act(browser, lambda: browser.find_element(By.ID, "go").click())
        elif kind == "declare":
            field = browser.find_element(By.ID, "declare-points")
            field.clear()
            field.send_keys("2")
            act(browser, lambda: browser.find_element(By.ID, "declare").click())
            declared = True
        elif kind == "respond":
            field = browser.find_element(By.ID, "muggins-points")
            field.clear()
            field.send_keys("3")
            act(browser, lambda: browser.find_element(By.ID, "muggins").click())
            claimed = True
            wait(browser, lambda d: "called by seat 0 (you)" in d.find_element(By.ID, "shows").text)
            screenshot(browser, "web-table.png", tmp_path)
        else:
            pytest.fail(f"unexpected prompt {kind!r} in hand 1")
        # the board and the scoreboard follow the game's scores
        scores = [int(e.get_attribute("data-score"))
                  for e in browser.find_elements(By.CSS_SELECTOR, ".scoreboard .score")]
        pegs = [int(e.get_attribute("data-score"))
                for e in browser.find_elements(By.CSS_SELECTOR, ".board .front-peg")]
        assert scores == pegs == list(game.scores)
    assert declared and claimed
    settled = [line.text for line in browser.find_elements(By.CSS_SELECTOR, "#log .event-settled")
               if line.text.startswith("settled (")]
    assert len(settled) == 3  # pone's hand, dealer's hand, the crib
    assert any("declared 2" in line for line in settled)
    shows = browser.find_element(By.ID, "shows").text
    assert "The show, hand 1" in shows and "called by seat 0 (you)" in shows
    assert browser.find_element(By.ID, "heading").text.startswith("Hand 2 · ")
    assert not browser.find_elements(By.CSS_SELECTOR, ".opponents .card[data-card]")


def test_an_abandoned_game_is_downloaded_and_replayed_step_by_step(site, browser, tmp_path):
    url, tables = site
    start_game(browser, url, variant="two-player-61", muggins=False, seed=3)
    table = current_table(browser, tables)
    codes = [c.get_attribute("data-card")
             for c in browser.find_elements(By.CSS_SELECTOR, "#hand .card")][:2]
    for code in codes:
        browser.find_element(By.CSS_SELECTOR, f"#hand .card[data-card='{code}']").click()
    act(browser, lambda: browser.find_element(By.ID, "lay-away").click())
    assert not browser.find_element(By.ID, "download").is_enabled()
    browser.find_element(By.ID, "abandon").click()
    browser.switch_to.alert.accept()
    wait(browser, lambda d: d.find_element(By.ID, "download").is_enabled())
    assert "abandoned" in browser.find_element(By.ID, "result").text

    browser.find_element(By.ID, "download").click()
    wait(browser, lambda d: list(Path(d.downloads).glob("*.toml")))
    (saved,) = Path(browser.downloads).glob(f"*{table.id}.toml")
    record = GameRecord.load(saved)
    assert record.verify() is None and record.replay().log == table.game.log

    browser.find_element(By.ID, "replay-this").click()
    wait(browser, lambda d: d.find_element(By.ID, "replay-view").is_displayed())
    steps = len(table.game.inputs())
    label = browser.find_element(By.ID, "step-label")
    assert label.text == f"step 0 of {steps}"
    browser.find_element(By.ID, "step-last").click()
    assert label.text == f"step {steps} of {steps} (the record stops here)"
    # a record shows every hand: both seats' cards are face up in the replay
    faces = {c.get_attribute("data-card")
             for c in browser.find_elements(By.CSS_SELECTOR, "#replay-table .opponents .cards.small .card")}
    assert faces == {str(c) for held in table.game.machine.held for c in held}
    screenshot(browser, "web-replay.png", tmp_path)
    # each step highlights the lines of the events one input caused, every card shown
    printer = EventPrinter(table.game.variant)
    by_step: list[list[str]] = [[]]
    for event in table.game.log:
        if isinstance(event, Input):
            by_step.append([])
        by_step[-1] += [line.strip() for line in printer.lines(event)]

    def highlighted():
        return [line.text for line in browser.find_elements(By.CSS_SELECTOR, "#replay-log .current")]

    assert highlighted() == by_step[steps]
    browser.find_element(By.ID, "step-back").click()
    assert label.text == f"step {steps - 1} of {steps}" and highlighted() == by_step[steps - 1]
    theirs = next(i for i, e in enumerate(table.game.inputs(), 1)
                  if isinstance(e, Discard) and e.seat == 1)
    browser.execute_script("const s = document.getElementById('step-slider'); "
                           f"s.value = {theirs}; s.dispatchEvent(new Event('input'))")
    assert label.text == f"step {theirs} of {steps}"
    assert highlighted() == by_step[theirs] and "(hidden)" not in "".join(by_step[theirs])
    browser.find_element(By.ID, "step-first").click()
    assert not browser.find_elements(By.CSS_SELECTOR, "#replay-log li")
    browser.find_element(By.ID, "step-next").click()
    assert highlighted()[0].startswith("cut for deal: seat 0 ")


def test_the_setup_describes_the_variant_as_the_choices_make_it(site, browser):
    url, _ = site
    browser.get(url + "/")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#variant option[value=two-player]"))
    Select(browser.find_element(By.ID, "variant")).select_by_value("two-player")
    description = browser.find_element(By.ID, "variant-description")
    assert description.text == "The standard two-player game to 121"
    browser.find_element(By.CSS_SELECTOR, "input[data-option=target][value='61']").click()
    wait(browser, lambda d: description.text == (
        "The standard two-player game to 61; To 61: once around the board, with a lurch below 31"))


def test_a_refused_request_shows_its_message(site, browser):
    url, _ = site
    start_game(browser, url, variant="two-player", muggins=False, seed=5)
    browser.execute_script("document.getElementById('compare').disabled = false")
    browser.find_element(By.ID, "compare").click()
    error = browser.find_element(By.ID, "error")
    wait(browser, lambda d: error.is_displayed())
    assert error.text == "nothing to compare yet: make a move first"


def test_the_table_reads_as_players_say_it_and_fits_a_laptop_screen(site, browser):
    url, tables = site
    browser.set_window_size(1280, 757)
    try:
        start_game(browser, url, variant="two-player", muggins=True, seed=11)
        heading = browser.find_element(By.ID, "heading").text
        assert heading.endswith("· laying away") and "phase:" not in heading
        assert browser.find_element(By.ID, "variant-name").text == "two-player with muggins"
        bottom, height = browser.execute_script(
            "return [document.getElementById('hand').getBoundingClientRect().bottom,"
            " window.innerHeight]")
        assert bottom <= height, "the hand is above the fold at 1280x757"
        game = current_table(browser, tables).game
        mine = [c.get_attribute("data-card")
                for c in browser.find_elements(By.CSS_SELECTOR, "#hand .card")]
        # what the bot laid away shows as backs; nothing of ours is there yet
        assert not browser.find_elements(By.CSS_SELECTOR, ".middle .crib .card[data-card]")
        for code in mine[:2]:
            browser.find_element(By.CSS_SELECTOR, f"#hand .card[data-card='{code}']").click()
        act(browser, lambda: browser.find_element(By.ID, "lay-away").click())
        wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".middle .crib .card")) == 4)
        laid = {c.get_attribute("data-card")
                for c in browser.find_elements(By.CSS_SELECTOR, ".middle .crib .card[data-card]")}
        assert laid == set(mine[:2]) and len(game.machine.crib) == 4
        assert len(browser.find_elements(By.CSS_SELECTOR, ".middle .crib .card.back")) == 2
        while prompt_kind(browser) not in ("declare", None):
            kind = prompt_kind(browser)
            if kind == "play":
                act(browser, browser.find_elements(By.CSS_SELECTOR, "#hand .card.playable")[0].click)
            elif kind == "go":
                act(browser, lambda: browser.find_element(By.ID, "go").click())
            else:
                break
        if prompt_kind(browser) == "declare":
            field = browser.find_element(By.ID, "declare-points")
            assert field.get_attribute("value") == "", "the count is the player's to make"
            before = log_lines(browser)
            browser.find_element(By.ID, "declare").click()  # nothing typed: nothing sent
            assert log_lines(browser) == before and prompt_kind(browser) == "declare"
    finally:
        browser.set_window_size(1400, 1500)


# -- Clabber ---------------------------------------------------------------------------------------


def clabber_cards(driver, selector: str) -> list[str]:
    return [c.get_attribute("data-card") for c in driver.find_elements(By.CSS_SELECTOR, selector)]


def test_a_clabber_hand_naming_trump_and_a_trick(site, browser, tmp_path):
    """Seed 18: the turn card is the ten of hearts and seat 0 holds no heart, so in round 1 it
    may only pass; it names trump in round 2 if the bots leave it the chance, then plays."""
    url, tables = site
    start_game(browser, url, variant="clabber", muggins=False, seed=18)
    game = current_table(browser, tables).game
    assert browser.find_element(By.ID, "turn-card").get_attribute("data-card") == "TH"
    assert browser.find_element(By.ID, "trump").text == "?"
    assert sorted(clabber_cards(browser, "#hand .card")) == sorted(map(str, game.machine.held[0]))
    assert not browser.find_elements(By.CSS_SELECTOR, ".opponents .card[data-card]")
    assert len(browser.find_elements(By.CSS_SELECTOR, ".opponents .card.back")) == 18
    assert "your partner: seat 2" in browser.find_element(By.ID, "heading").text
    assert not browser.find_elements(By.CSS_SELECTOR, ".name-suit")  # round 1: no heart held
    named = False
    while game.machine.trump == "":
        assert prompt_kind(browser) == "name"
        suits = browser.find_elements(By.CSS_SELECTOR, ".name-suit")
        offered = {b.get_attribute("data-suit") for b in suits}
        assert offered == {a.suit for a in game.legal_actions(0) if hasattr(a, "suit")}
        if suits and game.view(0).round == 2:
            assert "H" not in offered and suits[0].text.startswith("Name ")
            act(browser, suits[0].click)
            named = True
        else:
            act(browser, lambda: browser.find_element(By.ID, "pass").click())
    trump = game.machine.trump
    wait(browser, lambda d: d.find_element(By.ID, "trump").get_attribute("data-trump") == trump)
    assert "made by team" in browser.find_element(By.ID, "heading").text
    assert named == (game.machine.makers == 0 and game.view(0).calls[-1][0] == 0)

    # play until a trick is turned: the marked cards are the legal ones
    while not game.machine.tricks:
        assert prompt_kind(browser) == "play"
        for button in ("announce", "show"):
            found = browser.find_elements(By.ID, button)
            if found:
                act(browser, found[0].click)
        view = game.view(0)
        on_table = [c.get_attribute("data-card")
                    for c in browser.find_elements(By.CSS_SELECTOR, "#trick .card")]
        assert on_table == [str(c) for c in view.trick]
        playable = clabber_cards(browser, "#hand .card.playable")
        assert sorted(playable) == sorted(str(a.card) for a in game.legal_actions(0)
                                          if hasattr(a, "card"))
        assert len(playable) + len(browser.find_elements(By.CSS_SELECTOR, "#hand .card.unplayable")) \
            == len(view.held)
        act(browser, browser.find_element(By.CSS_SELECTOR, "#hand .card.playable").click)
    wait(browser, lambda d: d.find_elements(By.ID, "last-trick"))
    (trick,) = game.machine.tricks
    shown = clabber_cards(browser, "#last-trick .card")
    assert shown == [str(c) for c in trick.cards]
    taken = [int(t.get_attribute("data-taken"))
             for t in browser.find_elements(By.CSS_SELECTOR, "#scores .taken")]
    assert taken == list(game.view(0).taken) and sum(taken) == 1
    screenshot(browser, "web-clabber.png", tmp_path)

    # play the hand out: the count, team by team, and the verdict are shown
    while game.hand == 1:
        for button in ("announce", "show"):
            found = browser.find_elements(By.ID, button)
            if found:
                act(browser, found[0].click)
        act(browser, browser.find_element(By.CSS_SELECTOR, "#hand .card.playable").click)
    settled = next(e for e in game.log if type(e).__name__ == "HandSettled")
    wait(browser, lambda d: d.find_elements(By.ID, "settlement"))
    box = browser.find_element(By.ID, "settlement")
    assert box.get_attribute("data-outcome") == ("made" if settled.made else "set")
    counts = {int(c.get_attribute("data-side")): c.text
              for c in box.find_elements(By.CSS_SELECTOR, ".count")}
    assert all(f": {total} (" in counts[side] for side, total in enumerate(settled.totals))
    assert ("set — their count is lost" in box.text) == (not settled.made)
    scores = [int(s.get_attribute("data-score"))
              for s in browser.find_elements(By.CSS_SELECTOR, "#scores .score")]
    assert scores == list(game.scores)


def test_clabber_renege_calls_are_buttons(site, browser, tmp_path):
    url, tables = site
    start_game(browser, url, variant="clabber-renege", muggins=False, seed=6)
    game = current_table(browser, tables).game
    while not browser.find_elements(By.CSS_SELECTOR, ".renege-call"):
        kind = prompt_kind(browser)
        if kind == "name":
            act(browser, lambda: browser.find_element(By.ID, "pass").click())
            continue
        assert kind == "play"
        for button in ("announce", "show"):
            found = browser.find_elements(By.ID, button)
            if found:
                act(browser, found[0].click)
        marked = clabber_cards(browser, "#hand .card.playable") + \
            clabber_cards(browser, "#hand .card.risky")
        assert sorted(marked) == sorted(map(str, game.view(0).held))  # any card may be played
        act(browser, browser.find_element(By.CSS_SELECTOR, "#hand .card.playable").click)
    buttons = browser.find_elements(By.CSS_SELECTOR, ".renege-call")
    targets = [int(b.get_attribute("data-target")) for b in buttons]
    assert targets == [a.target for a in game.legal_actions(0) if hasattr(a, "target")]
    screenshot(browser, "web-clabber-renege.png", tmp_path)
    act(browser, buttons[-1].click)
    called = next(e for e in reversed(game.log) if type(e).__name__ == "RenegeCalled")
    assert called.actor == 0 and called.called == targets[-1]
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#settlement[data-outcome=renege]"))
    text = browser.find_element(By.ID, "settlement").text
    assert "called a renege" in text and ("not proved" in text) == (not called.proved)


def test_clabber_calling_window_and_the_coach(site, browser, tmp_path):
    """Where reneges stand: after the last trick the page offers "Let it stand" beside the
    renege calls; the coach compares the person's last move in a table with it marked."""
    url, tables = site
    start_game(browser, url, variant="clabber-renege", muggins=False, seed=11)
    game = current_table(browser, tables).game
    for _turn in range(200):
        kind = prompt_kind(browser)
        if kind == "calls":
            break
        if kind == "name":
            act(browser, lambda: browser.find_element(By.ID, "pass").click())
            continue
        assert kind == "play"
        for button in ("announce", "show"):
            found = browser.find_elements(By.ID, button)
            if found:
                act(browser, found[0].click)
        act(browser, browser.find_element(By.CSS_SELECTOR, "#hand .card.playable").click)
    assert prompt_kind(browser) == "calls" and game.phase == "calling" and game.to_act == (0,)
    buttons = browser.find_elements(By.CSS_SELECTOR, ".renege-call")
    assert [int(b.get_attribute("data-target")) for b in buttons] == [
        a.target for a in game.legal_actions(0) if hasattr(a, "target")]
    screenshot(browser, "web-clabber-calling.png", tmp_path)
    hand = game.hand
    act(browser, lambda: browser.find_element(By.ID, "stand").click())
    assert any(isinstance(e, Input) and e.hand == hand and type(e.action).__name__ == "LetStand"
               and e.actor == 0 for e in game.log)
    act(browser, lambda: browser.find_element(By.ID, "compare").click())
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#compare-table tr.chosen"))
    chosen = browser.find_element(By.CSS_SELECTOR, "#compare-table tr.chosen").text
    assert "let the hand stand" in chosen and "your move" in chosen
    assert "whether to call a renege" in browser.find_element(By.ID, "compare-table").text


def test_an_abandoned_clabber_game_is_replayed_with_every_hand(site, browser):
    url, tables = site
    start_game(browser, url, variant="clabber", muggins=False, seed=18)
    game = current_table(browser, tables).game
    act(browser, lambda: browser.find_element(By.ID, "pass").click())
    browser.find_element(By.ID, "abandon").click()
    browser.switch_to.alert.accept()
    wait(browser, lambda d: d.find_element(By.ID, "replay-this").is_enabled())
    browser.find_element(By.ID, "replay-this").click()
    wait(browser, lambda d: d.find_element(By.ID, "replay-view").is_displayed())
    browser.find_element(By.ID, "step-last").click()
    faces = clabber_cards(browser, "#replay-table .opponents .cards.small .card")
    assert sorted(faces) == sorted(str(c) for held in game.machine.held for c in held)
    assert browser.find_element(By.CSS_SELECTOR, "#replay-table #trump").text == \
        ("?" if not game.machine.trump else {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[
            game.machine.trump])


def test_the_language_menu_translates_the_page_and_is_remembered(site, browser, tmp_path):
    """Japanese from the menu: the page's words, the table and the log; the choice survives a
    reload (localStorage); Chinese mid-game prints the whole log again; back to English."""
    url, tables = site
    browser.get(url + "/")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#lang option[value='ja']"))
    try:
        Select(browser.find_element(By.ID, "lang")).select_by_value("ja")
        wait(browser, lambda d: d.find_element(By.ID, "nav-new").text == "新しいゲーム")
        assert browser.find_element(By.ID, "start").text == "配る"
        assert "ハンドは自動で数える" in browser.find_element(By.ID, "game-options").text
        # the tables of people's words too (lobby.js): its buttons, headings and boxes
        assert browser.find_element(By.ID, "open-table").text == "人のためのテーブルを開く"
        assert "ロビーに載せる" in browser.find_element(By.ID, "people").text
        assert browser.execute_script("return localStorage.getItem('pegline-lang')") == "ja"

        start_game(browser, url, variant="two-player", muggins=False, seed=12)  # a reload
        assert Select(browser.find_element(By.ID, "lang")).first_selected_option \
            .get_attribute("value") == "ja"
        assert browser.find_element(By.ID, "heading").text.startswith("第1ハンド · ")
        log = browser.find_element(By.ID, "log").text
        assert "0番席（あなた）に配られたカード：" in log and "dealt" not in log  # noqa: RUF001
        assert "クリブへ" in browser.find_element(By.ID, "prompt").text
        screenshot(browser, "web-ja.png", tmp_path)

        Select(browser.find_element(By.ID, "lang")).select_by_value("zh-Hans")
        wait(browser, lambda d: "0 号座位（你）拿到" in d.find_element(By.ID, "log").text)  # noqa: RUF001
        assert browser.find_element(By.ID, "heading").text.startswith("第 1 手 · ")
        assert "に配られた" not in browser.find_element(By.ID, "log").text
        assert current_table(browser, tables).game.hand == 1  # the game itself is untouched
    finally:
        Select(browser.find_element(By.ID, "lang")).select_by_value("en")
        wait(browser, lambda d: d.find_element(By.ID, "nav-new").text == "New game")


def test_a_clabber_table_in_japanese(site, browser, tmp_path):
    """Clabber's table through the language menu: the heading, the turn card and trump, the
    naming buttons, the log and the hand's count speak Japanese, with no English word left."""
    url, tables = site
    browser.get(url + "/")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#lang option[value='ja']"))
    try:
        wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#variant option[value=clabber]"))
        Select(browser.find_element(By.ID, "variant")).select_by_value("clabber")
        Select(browser.find_element(By.ID, "lang")).select_by_value("ja")
        wait(browser, lambda d: d.find_element(By.ID, "nav-new").text == "新しいゲーム")
        wait(browser, lambda d: d.find_element(By.ID, "variant-description").text.startswith(
            "エバンズビル・クラバー"))  # the options again, in the language chosen
        start_game(browser, url, variant="clabber", muggins=False, seed=18)
        game = current_table(browser, tables).game
        assert browser.find_element(By.ID, "heading").text.startswith("第1ハンド · ")
        felt = browser.find_element(By.CSS_SELECTOR, ".felt").text
        assert "表向きのカード" in felt and "切り札" in felt
        while game.machine.trump == "":
            assert browser.find_element(By.ID, "pass").text == "パス"
            assert "ラウンド" in browser.find_element(By.ID, "prompt").text
            act(browser, lambda: browser.find_element(By.ID, "pass").click())
        while game.hand == 1:  # the whole hand, to its count
            for button, word in (("announce", "メルドを宣言する"), ("show", "メルドを見せる")):
                found = browser.find_elements(By.ID, button)
                if found:
                    assert found[0].text == word
                    act(browser, found[0].click)
            act(browser, browser.find_element(By.CSS_SELECTOR, "#hand .card.playable").click)
        wait(browser, lambda d: d.find_elements(By.ID, "settlement"))
        box = browser.find_element(By.ID, "settlement").text
        assert "第1ハンドの計算" in box and "カードの点数" in box
        page = browser.find_element(By.ID, "table").text + browser.find_element(By.ID, "log").text
        words = set(re.findall(r"[A-Za-z]{2,}", page)) - {"greedy", "XXX"}
        assert words == set(), words
        screenshot(browser, "web-clabber-ja.png", tmp_path)
    finally:
        Select(browser.find_element(By.ID, "lang")).select_by_value("en")
        wait(browser, lambda d: d.find_element(By.ID, "nav-new").text == "New game")


# -- tables of people, in the same browser ---------------------------------------------------------


def people_table(tables: Tables, variant: str, seats: list[str], seed: int, **options):
    """A table of people opened on the server (as the page's "Open a table" does): the table,
    its seats' tokens and its keys (the creator's, the spectators')."""
    return tables.create(load_variant(variant), seats, seed, **options)


def take_seat(driver, url: str, table, seat: int, token: str, name: str) -> None:
    """Open a seat's link with ``name`` known to this browser (the page sits down with it)."""
    driver.get(url + "/")
    driver.execute_script("localStorage.setItem('pegline-name', arguments[0])", name)
    driver.get(f"{url}/t/{table.id}?seat={token}")
    wait(driver, lambda d: table.given_names.get(seat) == name)
    wait(driver, lambda d: prompt_kind(d) is not None)


def test_a_finished_game_shows_the_standings_and_nothing_more(site, browser):
    url, tables = site
    table, tokens, keys = people_table(tables, "two-player-61", ["person", "bot:greedy"], 3,
                                       hand_over_after=0)
    take_seat(browser, url, table, 0, tokens[0], "Ann")
    table.hand_over(keys["host"], 0, "greedy")  # a bot plays Ann's seat to the end
    assert table.game.over
    wait(browser, lambda d: d.find_element(By.ID, "result").is_displayed())
    sides = table.state(0)["result"]["sides"]
    lines = browser.find_element(By.ID, "result").text.splitlines()
    assert lines[1:] == [f"{s['name']}: {s['score']}" for s in sides]


def test_the_language_menu_at_a_table_of_people_draws_it_again_in_place(site, browser):
    """At a table of people: the menu redraws the table, the whole log and the
    table's own words in the new language, with no error; moves go on as before."""
    url, tables = site
    table, tokens, _keys = people_table(tables, "two-player", ["person", "bot:greedy"], 12)
    take_seat(browser, url, table, 0, tokens[0], "Ann")
    try:
        Select(browser.find_element(By.ID, "lang")).select_by_value("ja")
        wait(browser, lambda d: d.find_element(By.ID, "heading").text.startswith("第1ハンド · "))
        log = browser.find_element(By.ID, "log").text
        assert "Ann（あなた）に配られたカード：" in log and "dealt" not in log  # noqa: RUF001
        assert not browser.find_element(By.ID, "error").is_displayed()
        assert browser.find_element(By.ID, "sit-down").get_attribute("textContent") == "席に着く"
        mine = [c.get_attribute("data-card")
                for c in browser.find_elements(By.CSS_SELECTOR, "#hand .card")]
        for code in mine[:2]:
            browser.find_element(By.CSS_SELECTOR, f"#hand .card[data-card='{code}']").click()
        act(browser, lambda: browser.find_element(By.ID, "lay-away").click())
        assert {str(c) for c in table.game.machine.crib} >= set(mine[:2])
    finally:
        Select(browser.find_element(By.ID, "lang")).select_by_value("en")
        wait(browser, lambda d: d.find_element(By.ID, "nav-new").text == "New game")


def play_for(table, seat: int) -> None:
    """Make the move ``seat`` is asked for, as its page would send it (the first cards that
    do)."""
    state = table.state(seat)
    prompt = state["prompt"]
    moves = {"discard": lambda: {"type": "discard", "cards": state["table"]["held"][:prompt["need"]]},
             "play": lambda: {"type": "play", "card": prompt["playable"][0]},
             "go": lambda: {"type": "go"}}
    table.act(moves[prompt["kind"]](), seat)


def test_the_lines_a_table_pushes_after_the_language_changes_speak_it(site, browser):
    """The score lines the table's live line brings after the menu changed name the rules in the
    new language, as the terminal does, never by their ids (the line speaks the language it was
    opened in: the page opens a new one). Both seats move on the server: every line is pushed."""
    url, tables = site
    table, tokens, _keys = people_table(tables, "two-player", ["person", "person"], 7)
    table.sit(1, "Bob")
    take_seat(browser, url, table, 0, tokens[0], "Ann")
    try:
        Select(browser.find_element(By.ID, "lang")).select_by_value("ja")
        wait(browser, lambda d: d.find_element(By.ID, "heading").text.startswith("第1ハンド · "))
        game = table.game
        while game.hand == 1:
            play_for(table, game.to_act[0])
        wait(browser, lambda d: "== 第2ハンド ==" in d.find_element(By.ID, "log").text)
        scored = [e for e in game.log if isinstance(e, Scored)]
        with use_language("ja"):
            names = {rule_name(e.rule, plugin_domain(e.plugin)) for e in scored}
        lines = "\n".join(line.text for line in
                          browser.find_elements(By.CSS_SELECTOR, "#log .event-score"))
        assert len(lines.splitlines()) == len(scored)
        assert all(name in lines for name in names), (names, lines)
        assert not {e.rule for e in scored} & set(re.findall(r"[a-z]+(?:-[a-z]+)+", lines))
    finally:
        Select(browser.find_element(By.ID, "lang")).select_by_value("en")
        wait(browser, lambda d: d.find_element(By.ID, "nav-new").text == "New game")


def test_the_names_people_sit_down_with_replace_their_seat_numbers_everywhere(site, browser):
    """Once both have sat down, Ann's log names them in the lines from before too, and the
    spectators' heading names the dealer as their scoreboard does."""
    url, tables = site
    table, tokens, keys = people_table(tables, "two-player", ["person", "person"], 7,
                                       spectators=True)
    take_seat(browser, url, table, 0, tokens[0], "Ann")
    table.sit(1, "Bob")
    wait(browser, lambda d: "Bob" in d.find_element(By.CSS_SELECTOR, ".scoreboard").text)
    # the log is drawn again once the names come: read it as it stands then (a fresh element)
    log = wait(browser, lambda d: next((text for text in [d.find_element(By.ID, "log").text]
                                        if "Bob is dealt (hidden)" in text), False))
    assert "Ann (you) is dealt" in log
    assert "seat" not in log

    browser.get(f"{url}/t/{table.id}?watch={keys['watch']}")
    dealer = ["Ann", "Bob"][table.game.view(0).dealer]
    heading = wait(browser, lambda d: next(
        (element.text for element in d.find_elements(By.CSS_SELECTOR, "#table .heading")
         if element.text.startswith("Hand 1")), False))
    assert heading.startswith(f"Hand 1 · {dealer} deals "), heading
    assert "seat" not in wait(browser, lambda d: d.find_element(By.ID, "table").text)


def test_the_creators_links_are_whole_and_fold_once_every_seat_is_taken(site, browser):
    url, tables = site
    table, tokens, keys = people_table(tables, "three-player", ["person", "person", "bot:greedy"],
                                       5, spectators=True)
    kept = {"id": table.id, "variant": "three-player", "host": keys["host"],
            "seats": [{"seat": s, "link": f"/t/{table.id}?seat={t}"} for s, t in tokens.items()],
            "watch": {"link": f"/t/{table.id}?watch={keys['watch']}"}}
    browser.get(url + "/")
    browser.execute_script("localStorage.setItem('pegline-tables', JSON.stringify([arguments[0]]))",
                           kept)
    browser.set_window_size(1280, 757)
    try:
        take_seat(browser, url, table, 0, tokens[0], "Ann")
        links = browser.find_elements(By.CSS_SELECTOR, "#invites input")
        assert [i.get_attribute("value") for i in links] == [
            url + kept["seats"][1]["link"], url + kept["watch"]["link"]]
        for link in links:  # each link in view from end to end, nothing scrolled out of the box
            assert link.is_displayed()
            assert browser.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth",
                                          link), link.get_attribute("value")
        table.sit(1, "Bob")  # the last free seat is taken: the links fold away
        wait(browser, lambda d: not d.find_element(By.CSS_SELECTOR, "input.seat-link").is_displayed())
        assert browser.find_element(By.ID, "invites").is_displayed()  # its heading stays
        browser.find_element(By.CSS_SELECTOR, "#invites summary").click()  # and opens them again
        assert browser.find_element(By.CSS_SELECTOR, "input.seat-link").is_displayed()
    finally:
        browser.set_window_size(1400, 1500)


@pytest.mark.parametrize(("variant", "said"), [
    ("three-player", "Lay away 1 card to seat 1 (greedy)'s crib: click it, then Lay away"),
    ("two-player", "Lay away 2 cards to seat 1 (greedy)'s crib: click them, then Lay away")])
def test_the_prompt_to_lay_away_says_one_card_or_several(site, browser, variant, said):
    """Three players lay away one card each: the prompt said "click them" for it too."""
    url, _ = site
    start_game(browser, url, variant=variant, muggins=False, seed=5)
    assert " ".join(browser.find_element(By.ID, "prompt").text.split()) == said


def test_a_move_while_the_server_cannot_be_reached_says_so_and_changes_nothing(site, browser):
    url, tables = site
    start_game(browser, url, variant="two-player", muggins=False, seed=9)
    game = current_table(browser, tables).game
    mine = [c.get_attribute("data-card") for c in browser.find_elements(By.CSS_SELECTOR, "#hand .card")]
    for code in mine[:2]:
        browser.find_element(By.CSS_SELECTOR, f"#hand .card[data-card='{code}']").click()
    browser.execute_cdp_cmd("Network.enable", {})
    offline = {"latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {**offline, "offline": True})
    try:
        browser.find_element(By.ID, "lay-away").click()
        error = browser.find_element(By.ID, "error")
        wait(browser, lambda d: error.is_displayed())
        assert error.text == ("The server cannot be reached: your move was not made. Make it again "
                              "once the server is back.")
        assert len(game.machine.held[0]) == 6 and not {str(c) for c in game.machine.crib} & set(mine)
    finally:
        browser.execute_cdp_cmd("Network.emulateNetworkConditions", {**offline, "offline": False})
    act(browser, lambda: browser.find_element(By.ID, "lay-away").click())  # the same move, now made
    assert not browser.find_element(By.ID, "error").is_displayed()
    assert {str(c) for c in game.machine.crib} >= set(mine[:2])


MISSING_GLYPH = "\U000F0000"
"""A private-use code point no font draws: it shows the box of a missing glyph."""


@pytest.mark.parametrize("lang", ["ja", "zh-Hans"])
def test_japanese_and_chinese_are_drawn_as_glyphs_not_empty_boxes(site, browser, tmp_path, lang):
    """The page's heading in the language, on screen, against the same number of missing
    glyphs: without a CJK font (Debian's fonts-noto-cjk) both are rows of empty boxes."""
    url, _ = site
    browser.get(url + "/")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, f"#lang option[value='{lang}']"))
    try:
        Select(browser.find_element(By.ID, "lang")).select_by_value(lang)
        title = browser.find_element(By.ID, "setup-title")
        wait(browser, lambda d: title.text != "New game")
        said = title.text
        drawn = title.screenshot_as_png
        screenshot(browser, f"web-setup-{lang}.png", tmp_path)
        browser.execute_script("arguments[0].textContent = arguments[1]", title,
                               MISSING_GLYPH * len(said))
        boxes = title.screenshot_as_png
        same = drawn == boxes
        assert not same, f"{said} is drawn as empty boxes: no font on this machine has it"
        family = browser.execute_script("return getComputedStyle(arguments[0]).fontFamily", title)
        assert {"ja": "Noto Sans CJK JP", "zh-Hans": "Noto Sans CJK SC"}[lang] in family
    finally:
        Select(browser.find_element(By.ID, "lang")).select_by_value("en")
        wait(browser, lambda d: d.find_element(By.ID, "nav-new").text == "New game")


SHOW_BONUS = '''extends = ["two-player-61"]
plugins = ["+house"]

[[config.house.rules]]
id = "shown"
name = { en = "a point for showing", ja = "見せた1点", zh-Hans = "亮牌得1分" }
when = "show"
points = 1
'''


def test_a_replayed_records_show_names_its_data_rule_in_the_chosen_language(site, browser,
                                                                           tmp_path):
    """A house rule written as data is named in the replay's table by the file's name: the page
    gets the names of the variant's own rules with the replay."""
    from pegline_core.players import RandomBot, play_game

    url, _ = site
    (tmp_path / "shown.toml").write_text(SHOW_BONUS, encoding="utf-8")
    game = play_game(load_variant(tmp_path / "shown.toml"), [RandomBot(1), RandomBot(2)], seed=3)
    GameRecord.of(game, seed=3).save(tmp_path / "game.toml")
    browser.get(url + "/")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#lang option[value='ja']"))
    try:
        Select(browser.find_element(By.ID, "lang")).select_by_value("ja")
        wait(browser, lambda d: d.find_element(By.ID, "nav-new").text == "新しいゲーム")
        browser.find_element(By.ID, "nav-replay").click()
        browser.find_element(By.ID, "record-file").send_keys(str(tmp_path / "game.toml"))
        wait(browser, lambda d: d.find_element(By.ID, "replay-view").is_displayed())
        browser.find_element(By.ID, "step-last").click()
        table = browser.find_element(By.ID, "replay-table").text
        assert "見せた1点" in table and "shown" not in table
    finally:
        Select(browser.find_element(By.ID, "lang")).select_by_value("en")
        wait(browser, lambda d: d.find_element(By.ID, "nav-new").text == "New game")
