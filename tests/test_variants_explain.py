"""`pegline variants explain`: every rule of a resolved variant in words, in the chosen language."""

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pegline_core.app.cli import main


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_a_shipped_variant_lists_every_rule_in_order_with_its_points_and_settings():
    result = run("variants", "explain", "stink-hole")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:7] == [
        "stink-hole: The standard game with the stink hole one short of the target",
        "Settings that change scoring:",
        "  the first to 121 points wins; a plain win is 2 game points",
        "  skunk: a loser below 91 gives the winner 3 game points",
        "  double skunk: a loser below 61 gives the winner 4 game points",
        "  pegging: the count may not pass 31",
        "  6 cards dealt, 2 each to the crib: hands of 4, a crib of 4",
    ]
    assert lines[7:10] == ["Rules, in the order they score:", "  standard",
                           "    his-heels: switched off (disable)"]
    assert "    peg-pair: a play of the same rank as the card before: 2 points" in lines
    assert "    peg-run: the longest tail of 3+ consecutive ranks, one point per card" in lines
    assert "    his-nobs: the jack of the starter's suit in hand or crib: 1 point" in lines
    assert lines.index("  stinkhole") > lines.index("    his-nobs: the jack of the starter's suit "
                                                    "in hand or crib: 1 point")
    assert lines[-1] == "    stinkhole-heels: his heels, unless the late-game rule forbids it: 2 points"
    assert [line.split(":")[0].strip() for line in lines if "switched off" in line] == [
        "his-heels", "go", "last-card"]


def test_overlays_change_the_settings_explained():
    lines = run("variants", "explain", "five-card", "--with", "lowball").output.splitlines()
    assert "  lowball: the first to 121 points loses; a plain win is 2 game points" in lines
    assert not any("skunk" in line for line in lines)  # skunk marks do not apply under lowball
    assert "  5 cards dealt, 1 each to the crib: hands of 4, a crib of 3 (1 from the deck)" in lines


@pytest.mark.parametrize(("lang", "expected"), [
    ("ja", ["得点に関わる設定：", "  先に121点に達した側が勝ち；通常の勝ちはゲームポイント2",
            "ルール（得点する順）：", "    ヒールズ（his-heels）：無効（disable）",
            "    ノブズ（his-nobs）：ハンドかクリブにあるスターターと同じスートのJ：1点"]),
    ("zh-Hans", ["影响计分的设置：", "  先到 121 分者胜；普通胜利得 2 局分",
                 "规则（按计分顺序）：", "    翻牌J（his-heels）：已关闭（disable）",
                 "    同花J（his-nobs）：手牌或牌盒中与公共翻牌同花色的 J：1 分"]),
])
def test_the_words_are_in_the_chosen_language(lang, expected):
    result = run("--lang", lang, "variants", "explain", "stink-hole")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("stink-hole：")
    assert [line for line in expected if line not in lines] == []
    assert not any("points" in line or "switched off" in line for line in lines)


def test_a_clabber_variant_is_explained_by_its_own_plugins_rules():
    lines = run("variants", "explain", "clabber").output.splitlines()
    assert lines[1:3] == ["Rules, in the order they score:", "  clabber-standard"]
    assert "    last-trick: the side taking the last trick: 10 points" in lines


def test_bad_input_gets_the_messages_of_variants_check_and_exit_2(tmp_path):
    house = tmp_path / "house.toml"
    house.write_text('extends = ["two-player"]\ndisable = ["peg-pairr"]\n'
                     '[config.standard]\npair = -1\n')
    for name in ("no-such-variant", str(tmp_path / "missing.toml"), str(house)):
        checked = run("--lang", "ja", "variants", "check", name)
        explained = run("--lang", "ja", "variants", "explain", name)
        assert (checked.exit_code, explained.exit_code) == (1, 2)
        assert explained.stdout == "" and explained.exception.code == 2  # a SystemExit, no traceback
        assert explained.stderr == checked.stderr
    assert explained.stderr.splitlines() == [
        f"{house}: disable[0]: このバリアントのどのプラグインもルール 'peg-pairr' を宣言していません"
        "（もしかして 'peg-pair-royal' または 'peg-run' または 'peg-double-pair-royal'？）",
        f"{house}: config.standard.pair: （プラグイン 'standard'）負であってはなりません。指定は -1"]


HOUSE = '''extends = ["two-player"]
plugins = ["+house"]
disable = ["peg-pair", "peg-pair-royal", "peg-double-pair-royal", "peg-run", "go", "last-card",
           "his-heels"]

[[config.house.rules]]
id = "house-peg-pair"
name = { en = "pegging pair, 3", ja = "ペギングのペア3点", zh-Hans = "出牌对子3分" }
when = "play"
points = 3
match = { same_rank = 2 }

[[config.house.rules]]
id = "jack-pair"
name = { en = "jack pair bonus" }
when = "play"
points = 2
match = { same_rank = { min = 2 }, ranks = ["J"] }

[[config.house.rules]]
id = "in-order-run"
name = { en = "run in order" }
when = "play"
per_card = 1
match = { run = { min = 3, in_order = true } }

[[config.house.rules]]
id = "peg-flush-3"
name = { en = "pegging flush" }
when = "play"
per_card = 1
match = { suit = { min = 3 } }

[[config.house.rules]]
id = "five-card-flush"
name = { en = "five-card flush" }
when = "show"
of = "hand"
per_card = 1
match = { flush = { starter = true } }

[[config.house.rules]]
id = "nineteen"
name = { en = "nineteen" }
when = "after-show"
of = "hand"
points = 1
match = { total = 0 }

[[config.house.rules]]
id = "stink-go"
name = { en = "go, not from the stink hole" }
when = "series-end"
points = 1
unless = { short_of_target = 1 }

[[config.house.rules]]
id = "stink-heels"
name = { en = "his heels, not from the stink hole" }
when = "starter"
points = 2
match = { ranks = ["J"] }
unless = { short_of_target = 1 }
'''

HOUSE_LINES = {
    "en": [
        "  house",
        "    pegging pair, 3 (house-peg-pair): a pegging play: a tail of 2 cards of one rank: 3 points",
        "    jack pair bonus (jack-pair): a pegging play: a tail of 2 or more cards of one rank, only J: 2 points",
        "    run in order (in-order-run): a pegging play: a run of 3 or more cards at the tail, played in order, up or down: 1 per card",
        "    pegging flush (peg-flush-3): a pegging play: a tail of 3 or more cards of one suit: 1 per card",
        "    five-card flush (five-card-flush): the show of a hand: a flush of all five cards with the starter: 1 per card",
        "    nineteen: after the show of a hand: its other claims total 0: 1 point",
        "    go, not from the stink hole (stink-go): a series ended by a go or the last card, unless the side is 1 short of the target: 1 point",
        "    his heels, not from the stink hole (stink-heels): the starter turned, for the dealer: only J, unless the side is 1 short of the target: 2 points",
    ],
    "ja": [
        "  house",
        "    ペギングのペア3点（house-peg-pair）：ペギングでの1枚：末尾にちょうど2枚の同じランク：3点",
        "    jack pair bonus（jack-pair）：ペギングでの1枚：末尾に2枚以上の同じランク、Jのみ：2点",
        "    run in order（in-order-run）：ペギングでの1枚：末尾に3枚以上のラン、昇順または降順に続けて出された：1枚につき1点",
        "    pegging flush（peg-flush-3）：ペギングでの1枚：末尾に3枚以上の同じスート：1枚につき1点",
        "    five-card flush（five-card-flush）：ハンドのショー：スターターを含む5枚すべてのフラッシュ：1枚につき1点",
        "    nineteen：ハンドのショーの後：ほかの得点の合計が0：1点",
        "    go, not from the stink hole（stink-go）：Go またはラストカードで終わったシーケンス、ただし目標点まであと1点の側を除く：1点",
        "    his heels, not from the stink hole（stink-heels）：めくられたスターター（ディーラーの得点）：Jのみ、ただし目標点まであと1点の側を除く：2点",
    ],
    "zh-Hans": [
        "  house",
        "    出牌对子3分（house-peg-pair）：出牌阶段的一次出牌：末尾正好 2 张同点数：3 分",
        "    jack pair bonus（jack-pair）：出牌阶段的一次出牌：末尾 2 张或更多同点数，仅限 J：2 分",
        "    run in order（in-order-run）：出牌阶段的一次出牌：末尾 3 张或更多的顺子，按升序或降序连续打出：每张 1 分",
        "    pegging flush（peg-flush-3）：出牌阶段的一次出牌：末尾 3 张或更多同花色：每张 1 分",
        "    five-card flush（five-card-flush）：手牌亮牌：连同公共翻牌共五张的同花：每张 1 分",
        "    nineteen：手牌亮牌之后：其余得分合计为 0：1 分",
        "    go, not from the stink hole（stink-go）：以 Go 或最后一张结束的序列，但距目标分还差 1 分的一方除外：1 分",
        "    his heels, not from the stink hole（stink-heels）：翻出的公共翻牌（庄家得分）：仅限 J，但距目标分还差 1 分的一方除外：2 分",
    ],
}


@pytest.mark.parametrize("lang", ["en", "ja", "zh-Hans"])
def test_data_rules_are_said_from_their_vocabulary_in_the_chosen_language(tmp_path, lang):
    house = tmp_path / "house.toml"
    house.write_text(HOUSE, encoding="utf-8")
    result = run("--lang", lang, "variants", "explain", str(house))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[-len(HOUSE_LINES[lang]):] == HOUSE_LINES[lang]
    off = {"en": "switched off", "ja": "無効", "zh-Hans": "已关闭"}[lang]
    assert sum(off in line for line in lines) == 7  # the standard rules the file disables


def test_a_data_rule_with_a_mistake_gets_the_loading_problems_and_exit_2(tmp_path):
    house = tmp_path / "house.toml"
    house.write_text(HOUSE.replace('points = 1\nmatch = { total = 0 }',
                                   'points = "1"\nmatch = { total = 0 }'), encoding="utf-8")
    checked = run("variants", "check", str(house))
    explained = run("variants", "explain", str(house))
    assert (checked.exit_code, explained.exit_code) == (1, 2)
    assert explained.stdout == "" and explained.stderr == checked.stderr
    assert "config.house.rules[5].points: expected an integer" in explained.stderr


def test_the_cookbooks_explain_output_is_what_the_command_prints(tmp_path, monkeypatch):
    """docs/house-rules.md shows `variants explain` on its rule 1, in English and Japanese."""
    page = (Path(__file__).resolve().parents[1] / "docs" / "house-rules.md").read_text("utf-8")
    files = dict(re.findall(r"```toml\n# (\S+?): .*?\n(.*?)```", page, re.DOTALL))
    shown = re.findall(r"```sh\n\$ pegline (.*?)\n(.*?)```", page, re.DOTALL)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pegging-pairs-3.toml").write_text(files["pegging-pairs-3.toml"], encoding="utf-8")
    assert len(shown) == 2
    for command, output in shown:
        words, _, tail = command.partition(" | tail -")
        printed = run(*words.split()).output.splitlines(keepends=True)
        assert "".join(printed[-int(tail):] if tail else printed) == output


def test_a_plugin_that_declares_no_rules_is_listed_as_such(tmp_path):
    empty = tmp_path / "empty.toml"
    empty.write_text('extends = ["two-player"]\nplugins = ["+house"]\n')
    assert run("variants", "explain", str(empty)).output.splitlines()[-1] == "  house: no rules"
    ja = run("--lang", "ja", "variants", "explain", str(empty)).output.splitlines()
    assert (ja[0], ja[-1]) == ("empty", "  house：ルールなし")  # a file without a description


@pytest.mark.parametrize(("table", "words"), [
    ({"when": "play", "points": 2, "match": {"count": [15, 31]}},
     "a pegging play: the count made 15 or 31"),
    ({"when": "play", "per_card": 1, "match": {"run": {"corner": True}}},
     "a pegging play: a run of 3 or more cards at the tail, around the corner (K-A wraps): "
     "1 per card"),
    ({"when": "show", "of": "crib", "points": 8, "match": {"same_rank": 4}},
     "the show of the crib: each group of 4 cards of one rank"),
    ({"when": "show", "per_card": 2, "match": {"run": {"min": 4}}},
     "the show of a hand or the crib: each run of 4 or more cards: 2 per card"),
    ({"when": "show", "of": "hand", "per_card": 1, "match": {"flush": {}}},
     "the show of a hand: a flush of every card shown, with the starter if it matches: 1 per card"),
    ({"when": "show", "of": "hand", "points": 1, "match": {"nobs": True}},
     "the show of a hand: the jack of the starter's suit"),
    ({"when": "series-end", "points": 1, "match": {"ending": "last-card"}},
     "the hand's pegging ended by the last card"),
    ({"when": "after-show", "of": "crib", "points": 1, "match": {"total": 0}},
     "after the show of the crib: its other claims total 0"),
])
def test_each_word_of_the_vocabulary_is_said(table, words):
    from pegline_core.strict import structure_strict
    from pegline_cribbage.house_words import house_rule_words
    from pegline_house.schema import HouseRule

    rule = structure_strict({"id": "r", "name": {"en": "r"}} | table, HouseRule)
    assert house_rule_words(rule) == words
