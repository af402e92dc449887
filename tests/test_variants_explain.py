"""`pegline variants explain`: every rule of a resolved variant in words, in the chosen language."""

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
