"""A house rule written as data names itself in the file: its names reach every screen that names
a rule (a game's lines, a show's breakdown, the terminal table, the page), in the chosen language."""

import pytest
from starlette.testclient import TestClient

from pegline_core import load_variant
from pegline_core.app.i18n import use_language
from pegline_core.app.web import create_app
from pegline_core.cards import parse_cards
from pegline_core.events import Scored
from pegline_cribbage.display import EventPrinter

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
'''
NAMES = {"en": "pegging pair, 3", "ja": "ペギングのペア3点", "zh-Hans": "出牌对子3分"}


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
    with TestClient(create_app()) as client:
        created = client.post("/api/games", json={"variant": "house", "bots": ["greedy"],
                                                  "seed": 1}, headers={"X-Pegline-Lang": lang})
        assert created.status_code == 201, created.text
        assert created.json()["rules"] == {"house-peg-pair": NAMES[lang]}
        plain = client.post("/api/games", json={"variant": "two-player", "bots": ["greedy"],
                                                "seed": 1}, headers={"X-Pegline-Lang": lang})
        assert plain.json()["rules"] == {}
