"""A table for people in real browsers: two headless Chromium sessions open a table from the
page, sit at it by their links, and play a hand against each other, each seeing only its own
cards and the other's moves live; one reloads mid-hand and resumes; the server is restarted
mid-game on the same database and both go on. Four people and a spectator play a partners'
hand, one seated from the lobby, and the creator hands a departed person's seat to a bot.

Loopback only; every wait is bounded.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("selenium", reason="selenium is not installed: pip install '.[test]'")
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from pegline_core import Card
from tests.live_server import Site
from tests.test_web_api import knowable
from tests.test_web_browser import CHROMEDRIVER, CHROMIUM, FLAGS, log_lines, prompt_kind, wait

pytestmark = pytest.mark.skipif(
    not (CHROMIUM.exists() and CHROMEDRIVER.exists()),
    reason="no browser installed: apt-get install -y chromium chromium-driver (.ci/run does)")


@pytest.fixture
def site(tmp_path):
    running = Site(tmp_path / "games.db")
    yield running
    running.stop()


def chromium(profile: Path):
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    return webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)


@pytest.fixture
def two(tmp_path):
    drivers = [chromium(tmp_path / f"profile-{n}") for n in range(2)]
    yield drivers
    for driver in drivers:
        driver.quit()


def sit(driver, name: str) -> None:
    wait(driver, lambda d: d.find_element(By.ID, "name-ask").is_displayed())
    driver.find_element(By.ID, "name-field").send_keys(name)
    driver.find_element(By.ID, "sit-down").click()
    wait(driver, lambda d: not d.find_element(By.ID, "name-ask").is_displayed())


def codes(driver, selector: str) -> list[str]:
    """The cards the page shows face up where ``selector`` points (one round trip)."""
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((c) => c.dataset.card)",
        selector)


def hand_of(driver) -> list[Card]:
    return sorted(map(Card.parse, codes(driver, "#hand .card")))


def move(driver, others, need: int = 2) -> float:
    """Make the move its page asks for (``need``: the cards to lay away); the seconds until
    every other page showed it."""
    before = [log_lines(d) for d in (driver, *others)]
    kind = prompt_kind(driver)
    if kind == "discard":
        codes = [c.get_attribute("data-card")
                 for c in driver.find_elements(By.CSS_SELECTOR, "#hand .card")][:need]
        for code in codes:
            driver.find_element(By.CSS_SELECTOR, f"#hand .card[data-card='{code}']").click()
        driver.find_element(By.ID, "lay-away").click()
    elif kind == "play":
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#hand .card.playable"))
        driver.find_element(By.CSS_SELECTOR, "#hand .card.playable").click()
    elif kind == "go":
        driver.find_element(By.ID, "go").click()
    else:
        pytest.fail(f"unexpected prompt {kind!r}")
    sent = time.monotonic()
    wait(driver, lambda d: log_lines(d) > before[0])
    for other, lines in zip(others, before[1:], strict=True):
        wait(other, lambda d, lines=lines: log_lines(d) > lines, timeout=10)
    return time.monotonic() - sent


def test_two_people_play_a_hand_live_through_a_reload_and_a_restart(site, two):
    ann, bob = two
    ann.get(site.url + "/")
    wait(ann, lambda d: d.find_elements(By.ID, "person-1"))
    Select(ann.find_element(By.ID, "variant")).select_by_value("two-player")
    ann.find_element(By.ID, "seed").send_keys("7")
    ann.find_element(By.ID, "person-1").click()
    ann.find_element(By.ID, "open-table").click()
    wait(ann, lambda d: "/t/" in d.current_url)
    sit(ann, "Ann")
    wait(ann, lambda d: prompt_kind(d) == "discard")
    status = ann.find_element(By.ID, "people-status")
    wait(ann, lambda d: status.text == "waiting for seat 1")
    link = ann.find_element(By.CSS_SELECTOR, "input.seat-link[data-seat='1']").get_attribute("value")
    assert link.startswith(site.url + "/t/") and "?seat=" in link
    ident = link.split("/t/")[1].split("?")[0]

    bob.get(link)
    sit(bob, "Bob")
    wait(bob, lambda d: prompt_kind(d) == "discard")
    wait(ann, lambda d: not d.find_element(By.ID, "people-status").is_displayed())
    game = site.tables.get(ident).game
    # each sees its own cards, and none of the other's
    assert hand_of(ann) == sorted(game.machine.held[0])
    assert hand_of(bob) == sorted(game.machine.held[1])
    for driver in two:
        assert not driver.find_elements(By.CSS_SELECTOR, ".opponents .card[data-card]")
    assert "Bob" in ann.page_source and "Ann" in bob.page_source

    pages = {0: ann, 1: bob}
    lags = []
    reloaded = restarted = False
    turns = 0
    while game.hand == 1:
        turns += 1
        assert turns < 60
        acting = game.to_act
        seat = acting[0]
        page = pages[seat]
        wait(page, lambda d: prompt_kind(d) not in (None, "wait"))
        lags.append(move(page, [pages[1 - seat]]))
        if game.phase == "pegging" and not reloaded and len(lags) >= 4:
            bob.refresh()  # Bob's tab reloads mid-hand: the same seat, the game where it is
            held = sorted(game.view(1).held)
            wait(bob, lambda d, held=held: hand_of(d) == held)
            reloaded = True
        elif reloaded and not restarted:
            site.restart()  # the server stops and starts again on the same file
            game = site.tables.get(ident).game
            restarted = True
            for driver in two:  # both pages find the new server by themselves
                wait(driver, lambda d: d.execute_script(
                    "return document.getElementById('error').hidden"), timeout=20)
    assert reloaded and restarted
    assert game.hand == 2 and len(lags) >= 8
    assert hand_of(ann) == sorted(game.machine.held[0])
    assert hand_of(bob) == sorted(game.machine.held[1])
    print(f"moves shown at the other seat within {max(lags):.2f} s "
          f"(median {sorted(lags)[len(lags) // 2]:.2f} s)")


@pytest.fixture
def five(tmp_path):
    drivers = [chromium(tmp_path / f"profile-{n}") for n in range(5)]
    yield drivers
    for driver in drivers:
        try:
            driver.quit()
        except Exception:  # noqa: BLE001 - one was quit by the test already
            pass


def face_up(driver, selector: str) -> set[Card]:
    return set(map(Card.parse, codes(driver, selector)))


def shoot(driver, name: str) -> None:
    """With ``PEGLINE_SCREENSHOTS=DIR``, save the page as DIR/NAME.png (docs/playing.md's
    pictures are made so)."""
    folder = os.environ.get("PEGLINE_SCREENSHOTS")
    if folder:
        driver.set_window_size(1100, 1000)
        driver.save_screenshot(str(Path(folder) / f"{name}.png"))


def test_four_people_a_spectator_a_lobby_seat_and_a_handover_in_real_browsers(site, five):
    """A partners' table: Ann opens it (spectators allowed, a seat may go to a bot after a
    minute, listed in the lobby); Bob and Cid come by their links, Dan sits down from the lobby
    page; Eve watches. Each person sees only their own cards, Eve none; they play a hand live.
    Then Dan leaves, and once he has been away a minute Ann's page offers his seat to a bot."""
    ann, bob, cid, dan, eve = five
    ann.get(site.url + "/")
    wait(ann, lambda d: d.find_elements(By.ID, "person-1"))
    Select(ann.find_element(By.ID, "variant")).select_by_value("partner")
    wait(ann, lambda d: d.find_elements(By.ID, "person-3"))
    ann.find_element(By.ID, "seed").send_keys("12")
    for box in ("person-1", "person-2", "person-3", "lobby-open", "spectators"):
        ann.find_element(By.ID, box).click()
    ann.find_element(By.ID, "hand-over-after").send_keys("1")
    ann.find_element(By.ID, "open-table").click()
    wait(ann, lambda d: "/t/" in d.current_url)
    sit(ann, "Ann")
    links = {int(i.get_attribute("data-seat")): i.get_attribute("value")
             for i in ann.find_elements(By.CSS_SELECTOR, "input.seat-link")}
    assert sorted(links) == [1, 2, 3]
    watch = ann.find_element(By.CSS_SELECTOR, "input.watch-link").get_attribute("value")
    assert "?watch=" in watch
    ident = links[1].split("/t/")[1].split("?")[0]
    for driver, seat, name in ((bob, 1, "Bob"), (cid, 2, "Cid")):
        driver.get(links[seat])
        sit(driver, name)
    dan.get(site.url + "/")  # Dan finds the table in the lobby and takes its free seat
    join = (By.CSS_SELECTOR, f"#lobby-list li[data-table='{ident}'] button.join[data-seat='3']")
    wait(dan, lambda d: d.find_elements(*join))
    dan.find_element(*join).click()
    wait(dan, lambda d: "/t/" in d.current_url)
    sit(dan, "Dan")
    eve.get(watch)
    people = {0: ann, 1: bob, 2: cid, 3: dan}
    for page in people.values():
        wait(page, lambda d: prompt_kind(d) == "discard")
    wait(eve, lambda d: d.find_elements(By.CSS_SELECTOR, "#table .seat"))
    wait(ann, lambda d: not d.find_element(By.ID, "people-status").is_displayed())
    table = site.tables.get(ident)
    game = table.game
    assert table.given_names == {0: "Ann", 1: "Bob", 2: "Cid", 3: "Dan"}
    shot = False
    turns = 0
    while game.hand == 1:
        turns += 1
        assert turns < 80
        seat = next(s for s in game.to_act if s in people)
        page = people[seat]
        wait(page, lambda d: prompt_kind(d) not in (None, "wait"))
        move(page, [p for s, p in people.items() if s != seat] + [eve], need=1)
        public = {c for hand in (game.hand - 1, game.hand)  # the last hand's shows stay up
                  for c in knowable(game, None, hand)}  # the cut, the starter, the plays
        for s, driver in people.items():  # each their own cards, and nobody else's
            assert hand_of(driver) == sorted(game.view(s).held)
            assert face_up(driver, ".opponents .card[data-card]") <= public
        assert face_up(eve, "#table .card[data-card]") <= public
        assert not eve.find_elements(By.ID, "hand")
        if game.phase == "pegging" and len(game.machine.series) >= 2 and not shot:
            shoot(ann, "table-four-people")
            shoot(eve, "table-spectator")
            shot = True
    assert shot and game.hand == 2
    for name in ("Ann", "Bob", "Cid", "Dan"):
        assert name in eve.page_source

    dan.quit()  # Dan leaves; a minute later (here: the clock moved on) Ann may hand his seat
    wait(ann, lambda d: "waiting for Dan" in d.find_element(By.ID, "people-status").text)
    assert not ann.find_elements(By.CSS_SELECTOR, "button.hand-over")
    with table.lock:
        table.opened -= 120
        table.seen[3] -= 120
        table.left[3] -= 120
    table.notify()
    button = (By.CSS_SELECTOR, "button.hand-over[data-seat='3']")
    wait(ann, lambda d: d.find_elements(*button))
    assert not bob.find_elements(*button)  # only the creator's page offers it
    ann.find_element(*button).click()
    wait(ann, lambda d: not d.find_element(By.ID, "people-status").is_displayed())
    assert table.bots == {3: "random"}
    assert 3 not in game.to_act
    wait(eve, lambda d: "Dan (random)" in d.page_source)
