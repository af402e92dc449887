"""A house rule written as data names itself in the file: its names reach every screen that names
a rule (a game's lines, a show's breakdown, the terminal table, the page), in the chosen language."""

import io
import random

import pytest
from click.testing import CliRunner
from rich.console import Console
from starlette.testclient import TestClient

from pegline_core import load_variant
from pegline_core.app.cli import main
from pegline_core.app.i18n import use_language
from pegline_core.app.web import create_app
from pegline_core.cards import parse_cards
from pegline_core.events import Scored
from pegline_cribbage.display import EventPrinter
from pegline_cribbage.terminal import HumanPlayer
from pegline_cribbage.testing import make_game, play, stack
from tests.one_person import open_seat

HOUSE = '''description = "Pegging pairs score 3"
extends = ["two-player"]
plugins = ["+house"]
disable = ["peg-pair"]

[[config.house.rules]]
id = "house-peg-pair"
name = { en = "pegging pair, 3", ja = "ペギングのペア3点", zh-Hans = "出牌对子3分" }
when = "play"
points = 3
match = { same_rank = 2 }

[[config.house.rules]]
id = "four-of-a-kind"
name = { en = "four of a kind, 8 more", ja = "フォーカードに8点追加" }
when = "show"
points = 8
match = { same_rank = 4 }
'''
NAMES = {"en": "pegging pair, 3", "ja": "ペギングのペア3点", "zh-Hans": "出牌对子3分"}
FOUR = {"en": "four of a kind, 8 more", "ja": "フォーカードに8点追加",
        "zh-Hans": "four of a kind, 8 more"}  # no Chinese name in the file: the English one


def run(*args):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def house(tmp_path, monkeypatch):
    (tmp_path / "house.toml").write_text(HOUSE, encoding="utf-8")
    monkeypatch.setenv("PEGLINE_VARIANT_PATH", str(tmp_path))
    return tmp_path / "house.toml"


@pytest.mark.parametrize("lang", ["en", "ja", "zh-Hans"])
def test_a_game_line_names_a_data_rule_by_its_name_in_the_file(house, lang):
    def scored(rule, plugin, cards):
        return Scored(seq=9, hand=1, phase="pegging", actor=1, side=1, points=3, rule=rule,
                      plugin=plugin, cards=parse_cards(cards), total=3)

    with use_language(lang):
        printer = EventPrinter(load_variant(house))
        seat = printer.seat(1)
        assert printer.lines(scored("house-peg-pair", "house", "5H 5C")) == [
            f"    +3 {NAMES[lang]} 5♥ 5♣ ({seat}: 3)"]
        heels = {"en": "his-heels", "ja": "ヒールズ", "zh-Hans": "翻牌J"}[lang]  # the catalog's
        assert printer.lines(scored("his-heels", "standard", "JH")) == [
            f"    +3 {heels} J♥ ({seat}: 3)"]


@pytest.mark.parametrize("lang", ["en", "ja", "zh-Hans"])
def test_the_page_gets_the_names_of_the_variants_own_rules(house, lang):
    headers = {"X-Pegline-Lang": lang}
    with TestClient(create_app()) as client:
        state = open_seat(client, "house", headers=headers).state()
        assert state["rules"] == {"house-peg-pair": NAMES[lang], "four-of-a-kind": FOUR[lang]}
        assert open_seat(client, "two-player", headers=headers).state()["rules"] == {}


def test_a_replayed_game_names_the_data_rule_in_the_chosen_language(house, tmp_path):
    record = tmp_path / "game.toml"
    played = run("play", "--seed", "3", "--variant", str(house), "--save", str(record))
    assert played.exit_code == 0, played.output
    assert "+3 pegging pair, 3 " in played.output
    for lang in ("ja", "zh-Hans"):
        replayed = run("--lang", lang, "replay", str(record))
        assert replayed.exit_code == 0, replayed.output
        assert f"+3 {NAMES[lang]} " in replayed.output
        assert "house-peg-pair" not in replayed.output and "pegging pair, 3" not in replayed.output


@pytest.mark.parametrize("lang", ["en", "ja", "zh-Hans"])
def test_pegline_score_names_a_data_show_rule(house, lang):
    result = run("--lang", lang, "score", "4H", "4C", "4D", "4S", "--starter", "KH",
                 "--variant", str(house))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert [line.split()[-1] for line in lines if FOUR[lang] in line] == ["8"]
    assert lines[-1].split()[-1] == "20"  # six pairs and the bonus


def test_the_page_replays_a_record_with_the_names_of_its_data_rules(house, tmp_path):
    record = tmp_path / "game.toml"
    assert run("play", "--seed", "3", "--variant", str(house), "--save", str(record)).exit_code == 0
    with TestClient(create_app()) as client:
        answer = client.post("/api/replay", json={"record": record.read_text(encoding="utf-8")},
                             headers={"X-Pegline-Lang": "ja"})
        assert answer.status_code == 200, answer.text
        assert answer.json()["rules"] == {"house-peg-pair": NAMES["ja"],
                                          "four-of-a-kind": FOUR["ja"]}
        texts = [line for step in answer.json()["steps"] for event in step["events"]
                 for line in event.get("text", [])]
        assert any(f"+3 {NAMES['ja']} " in line for line in texts)


def test_the_terminals_score_word_names_a_data_rule(house):
    """`score` at the terminal prints the last show's breakdown: a data rule by its name."""
    game = make_game(str(house))
    stack(game, ["4H 4C 4D KS 2C 9H", "AS 2S 3S 6S 7S 8S"], discards=["2C 9H", "AS 2S"],
          starter="4S")
    play(game, "KS 3S 4H 6S 4C 4D 7S 8S")  # seat 0 shows four 4s with the starter
    game.apply(game.chance_action(random.Random(1)))
    console = Console(width=80, color_system=None, record=True, file=io.StringIO())
    answers = iter(["score", "1 2"])
    player = HumanPlayer(console=console, read=lambda: next(answers))
    for event in game.log:
        player.observe(event)
    with use_language("ja"):
        player.choose(game.view(0), game.legal_actions(0))
    shown = [line.split() for line in console.export_text().splitlines() if FOUR["ja"] in line]
    assert shown == [[FOUR["ja"], "4♣", "4♦", "4♥", "4♠", "8"]]
