"""Pegline in Japanese and Chinese: choosing the language, the catalogs, and what players read."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import zipfile
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from click.testing import CliRunner
from rich.console import Console

from pegline_core import Game, parse_cards
from pegline_core.app.cli import main
from pegline_core.app.i18n import (
    LanguageError,
    Messages,
    choose_language,
    current_language,
    rule_name,
    rule_summary,
    use_language,
)
from pegline_cribbage.actions import Deal
from pegline_cribbage.terminal import HumanPlayer
from tests.one_person import open_seat

ROOT = Path(__file__).resolve().parent.parent
RECORDS = Path(__file__).with_name("records")
_spec = importlib.util.spec_from_file_location("catalogs", ROOT / "tools" / "catalogs.py")
assert _spec is not None and _spec.loader is not None
catalogs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(catalogs)

# "Go" is the word Japanese and Chinese players use for a go; bot names and typed words
# (greedy, go, help...) are identifiers a player types, shown as typed.
ALLOWED_LATIN = {"Go", "greedy", "random", "sloppy", "coach"}


def run(*args: str, env: dict[str, str] | None = None):
    return CliRunner(env=env).invoke(main, list(args))


def english_words(lines: list[str]) -> set[str]:
    """Latin words of two letters or more (card notation is a rank and a suit symbol)."""
    return {w for line in lines for w in re.findall(r"[A-Za-z]{2,}", line)} - ALLOWED_LATIN


# -- choosing the language ---------------------------------------------------------------------


@pytest.mark.parametrize(("asked", "environ", "expected"), [
    ("ja", {"LANG": "zh_CN.UTF-8"}, "ja"),                 # --lang wins over the environment
    (None, {"LANG": "zh_CN.UTF-8"}, "zh-Hans"),
    (None, {"LANG": "zh_SG"}, "zh-Hans"),
    (None, {"LANG": "zh_TW.UTF-8"}, "en"),                 # Traditional: not spoken, English
    (None, {"LC_ALL": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"}, "ja"),
    (None, {"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}, "en"),  # the first one set decides
    (None, {"LANGUAGE": "fr:ja", "LANG": "en_US.UTF-8"}, "ja"),
    (None, {"LC_MESSAGES": "zh_Hans_CN"}, "zh-Hans"),
    (None, {}, "en"),
    ("zh-Hans", {}, "zh-Hans"),
    ("ja-JP", {}, "ja"),
])
def test_the_language_comes_from_the_flag_then_the_environment(asked, environ, expected):
    assert choose_language(asked, environ) == expected


def test_a_language_not_spoken_is_refused_by_name():
    with pytest.raises(LanguageError, match="no language 'fr': choose one of en, ja, zh-Hans"):
        choose_language("fr")
    result = run("--lang", "fr", "play")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "'fr' is not one of 'en', 'ja', 'zh-Hans'" in result.output


def test_the_language_ends_with_its_block_and_its_command():
    with use_language("ja"):
        assert current_language() == "ja"
    assert current_language() == "en"
    assert run("--lang", "ja", "play", "--seed", "1").exit_code == 0
    assert current_language() == "en"


def test_a_message_without_a_translation_falls_back_to_english():
    with use_language("ja"):
        assert Messages("pegline_cribbage").gettext("no such message") == "no such message"
        assert Messages("no_such_package").gettext("hello") == "hello"
        assert rule_name("no-such-rule", "pegline_standard") == "no-such-rule"


# -- the catalogs ------------------------------------------------------------------------------


def test_every_message_and_rule_is_translated_and_compiled_with_no_stale_ids():
    """Every marked message and declared rule id has a ja and a zh-Hans translation, no catalog
    holds an id the code no longer has, and every shipped .mo is compiled from its .po."""
    assert catalogs.problems() == [], (
        "run `python tools/catalogs.py update`, translate the new entries of the .po files, "
        "then `python tools/catalogs.py compile` (docs/i18n.md)")


def test_the_completeness_check_finds_a_missing_a_stale_and_an_untranslated_message(
        monkeypatch):
    real = catalogs.template

    def changed(domain):
        catalog = real(domain)
        if domain == "pegline_muggins":
            catalog.add("a new rule summary nobody translated")
            del catalog["the total a counter declares, pegged at once"]
        return catalog

    monkeypatch.setattr(catalogs, "template", changed)
    found = catalogs.problems()
    assert "pegline_muggins ja: missing (None, 'a new rule summary nobody translated')" in found
    assert ("pegline_muggins zh_Hans: stale (None, 'the total a counter declares, pegged at "
            "once')") in found


def test_the_glossary_is_generated_from_the_catalogs_and_lists_every_rule():
    text = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    assert text == catalogs.glossary()
    from pegline_core.plugins import describe_plugin, installed_plugins

    translated = catalogs.packages()  # every plugin that ships a catalog
    ids = {rule.id for name, entry in installed_plugins().items()
           if entry.value.split(":")[0].split(".")[0] in translated
           for rule in describe_plugin(name)[1]}
    assert {"standard", "muggins", "corner", "stinkhole", "caps", "pegflush"} <= {
        name for name, entry in installed_plugins().items()
        if entry.value.split(":")[0].split(".")[0] in translated}
    listed = set(re.findall(r"^\| `([^`]+)` \|", text, flags=re.MULTILINE))
    assert ids <= listed and "three-for-last" in listed
    assert "| `his-nobs` | pegline_standard | ノブズ | 同花J |" in text
    assert "| `muggins` | pegline_muggins | マギンズ | 抢分 |" in text
    assert "| `dad` | pegline_clabber_standard | ダッド | 三连顺 |" in text


@pytest.mark.xdist_group("wheel")  # the tests that read the wheel share one build
def test_the_wheel_carries_the_compiled_catalogs(pure_wheel):
    wheel = pure_wheel
    names = set(zipfile.ZipFile(wheel).namelist())
    for domain, folder in catalogs.packages().items():
        package = folder.relative_to(ROOT).as_posix().removeprefix("plugins/")
        for locale in ("ja", "zh_Hans"):
            assert f"{package}/locale/{locale}/LC_MESSAGES/{domain}.mo" in names


# -- what a player reads -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["ja", "zh-Hans"])
@pytest.mark.parametrize("args", [
    ("--seed", "3"),
    ("--seed", "11", "--variant", "muggins"),
    ("--seed", "4", "--variant", "partner"),
    ("--seed", "2", "--variant", "three-player"),
    ("--seed", "5", "--variant", "five-card"),
    ("--seed", "6", "--with", "lowball"),
    ("--seed", "2", "--match", "3"),
])
def test_a_seeded_game_in_japanese_or_chinese_has_no_english_words(lang, args):
    result = run("--lang", lang, "play", *args)
    assert result.exit_code == 0, result.output
    _header, *lines = result.output.splitlines()  # the header quotes the variant's description
    assert english_words(lines) == set()
    english = run("play", *args).output.splitlines()
    assert len(lines) == len(english) - 1  # the same events, line for line


def test_a_game_in_japanese_uses_the_players_words():
    out = run("--lang", "ja", "play", "--seed", "3").output
    for text in ("が最初のディーラー", "== 第1ハンド ==", "に配られたカード：", "がクリブへ",
                 "スターター：", "（カウント", "ショーの15", "のハンド ", "のクリブ ",
                 "ゲームポイント", "0番席（greedy）"):
        assert text in out, text


def test_the_verified_pegging_example_reads_in_both_languages():
    """The run of three, 31 for two with no last card, then the dealer's last card at 19."""
    record = str(RECORDS / "seed-example-a.toml")
    ja = run("--lang", "ja", "replay", record).output
    assert "+3 ペギングのラン 3♣ 5♦ 4♥" in ja
    assert "+2 ペギングの31" in ja and "シーケンスは31で終了、カウントを0に戻します" in ja
    assert "+1 ラストカード 7♠" in ja and "シーケンスは19で終了" in ja
    zh = run("--lang", "zh-Hans", "replay", record).output
    assert "+3 出牌顺子 3♣ 5♦ 4♥" in zh and "+2 出牌31点" in zh and "+1 最后一张 7♠" in zh
    assert "序列在 31 结束；累计归零" in zh


def test_muggins_declarations_and_settlements_are_translated():
    ja = run("--lang", "ja", "play", "--seed", "11", "--variant", "muggins").output
    assert "点を宣言" in ja and "確定（" in ja and "宣言した計算" in ja
    zh = run("--lang", "zh-Hans", "play", "--seed", "11", "--variant", "muggins").output
    assert "报分" in zh and "结算（" in zh


def test_skunk_marks_are_translated():
    finished = [run("--lang", "ja", "play", "--seed", str(seed), "--variant", "two-player-61")
                .output for seed in range(40)]
    marked = [out for out in finished if "ラーチ" in out]
    assert marked, "no lurch in 40 games to 61"
    assert all("lurch" not in out for out in finished)


def test_plural_forms_follow_each_language():
    cards = Messages("pegline_cribbage")
    assert [cards.ngettext("{n} card", "{n} cards", n).format(n=n) for n in (1, 2)] == \
        ["1 card", "2 cards"]
    with use_language("ja"):
        assert [cards.ngettext("{n} card", "{n} cards", n).format(n=n) for n in (1, 2)] == \
            ["1枚", "2枚"]
    with use_language("zh-Hans"):
        assert cards.ngettext("{n} card", "{n} cards", 5).format(n=5) == "5 张"
    en = run("play", "--seed", "2", "--variant", "three-player").output
    assert "1 card from the deck to the crib" in en
    ja = run("--lang", "ja", "play", "--seed", "2", "--variant", "three-player").output
    assert "山札から1枚をクリブへ" in ja
    assert re.search(r"== .* wins, 2 game points ==", run("play", "--seed", "3").output)


def test_one_game_point_is_singular_in_english(tmp_path):
    variant = tmp_path / "one-point.toml"
    variant.write_text('extends = ["two-player"]\n[scoring]\nwin_game_points = 1\n')
    out = run("play", "--seed", "3", "--variant", str(variant)).output
    assert re.search(r"== .* wins, 1 game point ==", out), out[-300:]
    ja = run("--lang", "ja", "play", "--seed", "3", "--variant", str(variant)).output
    assert re.search(r"== .*の勝ち、ゲームポイント1 ==", ja)


def test_json_output_is_the_same_in_every_language():
    outputs = {lang: run("--lang", lang, "play", "--seed", "9", "--json").output
               for lang in ("en", "ja", "zh-Hans")}
    assert outputs["en"] == outputs["ja"] == outputs["zh-Hans"]
    rules = {json.loads(line).get("rule") for line in outputs["ja"].splitlines()}
    assert "show-fifteen" in rules  # rule ids, never names
    scored = run("--lang", "ja", "score", "5H", "5C", "5D", "JS", "--starter", "5S", "--json")
    assert json.loads(scored.output)["events"][-1]["rule"] == "his-nobs"


def test_a_record_made_in_one_language_replays_in_another(tmp_path):
    path = tmp_path / "game.toml"
    made = run("--lang", "ja", "play", "--seed", "7", "--save", str(path))
    assert made.exit_code == 0, made.output
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text)  # nothing language-bound kept
    verified = run("--lang", "zh-Hans", "replay", str(path), "--verify")
    assert verified.exit_code == 0, verified.output
    shown = run("--lang", "zh-Hans", "replay", str(path))
    assert shown.exit_code == 0 and "获胜" in shown.output
    assert english_words(shown.output.splitlines()) == set()


def test_score_breakdown_names_rules_in_the_language_but_keeps_ids_in_english():
    en = run("score", "5H", "5C", "5D", "JS", "--starter", "5S").output
    assert "his-nobs" in en
    assert run("--lang", "en", "score", "5H", "5C", "5D", "JS", "--starter", "5S").output == en


# -- help, the terminal, plugins ---------------------------------------------------------------


def test_help_speaks_the_language():
    ja = run("--lang", "ja", "play", "--help").output
    assert "ゲーム（またはマッチ）を最後まで行い、すべてのイベントを表示します。" in ja
    assert "0番席を自分で受け持ち" in ja
    assert ja.startswith("使い方： main play") and "オプション:" in ja  # CliRunner names it main
    assert "このメッセージを表示して終了します。" in ja
    zh = run("--lang", "zh-Hans", "--help").output
    assert "纸牌游戏规则引擎" in zh and "显示版本并退出" in zh
    assert "スターターとともに" in run("score", "--help", env={"LANG": "ja_JP.UTF-8"}).output
    assert "监听的地址" in run("--lang", "zh-Hans", "serve", "--help").output
    english = run("play", "--help", env={"LANG": "C"}).output
    assert english.startswith("Usage: main play") and "Play a complete game" in english
    assert "Show this message and exit." in english


@pytest.mark.parametrize(("lang", "args", "said"), [
    ("ja", ("play", "--seed", "x"), "エラー：'--seed' の値が正しくありません：'x' は"),
    ("ja", ("play", "--bots"), "エラー：オプション '--bots' には引数が 1 個必要です。"),
    ("ja", ("nosuch",), "エラー：コマンド 'nosuch' はありません。"),
    ("zh-Hans", ("play", "--bogus"), "错误：没有选项 '--bogus'。"),
    ("zh-Hans", ("play", "--seed", "-1"), "错误：'--seed' 的值无效：-1 不在范围 x>=0 内。"),
    ("en", ("play", "--bogus"), "Error: No such option '--bogus'."),
])
def test_clicks_own_usage_errors_speak_the_language(lang, args, said):
    """What Click itself refuses (a value of the wrong type, a missing argument, an unknown
    option or command) is said in the chosen language, with its usage and help hint; the
    language and gettext's domain are put back after the command."""
    import gettext

    before = (os.environ.get("LANGUAGE"), gettext.textdomain())
    result = run("--lang", lang, *args)
    assert result.exit_code == 2
    assert said in result.output
    if lang != "en":
        assert not {"Error", "Usage", "Try", "Invalid", "No such"} & english_words(
            result.output.splitlines())
    assert (os.environ.get("LANGUAGE"), gettext.textdomain()) == before


def test_the_terminal_prompts_and_refusals_are_translated():
    game = Game("two-player", dealer=1)
    game.apply(Deal([parse_cards("5H 5C JD KS 2C 9H"), parse_cards("AS 2S 3S 4S 6S 7S")]))
    answers = iter(["go", "1 1", "1 9h"])
    console = Console(width=200, color_system=None)
    player = HumanPlayer(console, read=lambda: next(answers))
    with use_language("ja"), console.capture() as screen:
        move = player.choose(game.view(0), game.legal_actions(0))
    assert sorted(map(str, move.cards)) == ["2C", "9H"]
    shown = screen.get()
    assert "1番席のクリブへ2枚を送ってください" in shown
    assert "できません：go はペギングで、出せるカードが1枚もないときに言います" in shown
    assert "を2回選んでいます" in shown


def test_plugins_list_shows_rule_names_in_the_language():
    out = run("plugins", "list", "--lang", "ja").output
    assert "    his-nobs: ノブズ: ハンドかクリブにあるスターターと同じスートのJ" in out
    assert "    muggins: マギンズ:" in out
    zh = run("--lang", "zh-Hans", "plugins", "list").output
    assert "    peg-run: 出牌顺子:" in zh


def test_a_third_party_plugin_ships_its_own_rule_names(tmp_path, monkeypatch):
    """A plugin package's locale/<lang>/LC_MESSAGES/<package>.mo names its rules (context
    ``rule``) and translates their summaries; Pegline finds it by the package's name."""
    package = tmp_path / "pegline_lucky_i18n"
    package.mkdir()
    (package / "__init__.py").write_text(
        "from pegline_core.hookspecs import hookimpl\n"
        "from pegline_core.rules import Rule\n\n"
        "class Lucky:\n"
        "    @hookimpl\n"
        "    def pegline_rules(self):\n"
        "        return [Rule('lucky-seven', 'a seven as the starter', 'house')]\n")
    catalog = Catalog(locale="ja", domain="pegline_lucky_i18n")
    catalog.add("lucky-seven", "ラッキーセブン", context="rule")
    catalog.add("a seven as the starter", "スターターが7")
    folder = package / "locale" / "ja" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "pegline_lucky_i18n.mo").open("wb") as file:
        write_mo(file, catalog)
    info = tmp_path / "pegline_lucky_i18n-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: pegline-lucky-i18n\n"
                                   "Version: 1.0\n")
    (info / "entry_points.txt").write_text("[pegline]\nlucky-i18n = pegline_lucky_i18n:Lucky\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with use_language("ja"):
        assert rule_name("lucky-seven", "pegline_lucky_i18n") == "ラッキーセブン"
        assert rule_summary("a seven as the starter", "pegline_lucky_i18n") == "スターターが7"
    out = run("plugins", "list", "--lang", "ja").output
    assert "    lucky-seven: ラッキーセブン: スターターが7" in out
    assert "    lucky-seven: a seven as the starter" in run("plugins", "list").output


# -- the web page's server ---------------------------------------------------------------------


def test_the_web_api_speaks_the_requested_language_and_keeps_its_data_neutral():
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from pegline_core.app.web import create_app

    with TestClient(create_app()) as client:
        words = client.get("/api/messages?lang=ja").json()
        assert words["lang"] == "ja" and words["languages"]["zh-Hans"] == "简体中文"
        assert words["messages"]["New game"] == "新しいゲーム"           # the page
        assert words["messages"]["Cutting for deal"] == "ディーラーを決めるカット"  # the table
        assert words["rules"]["his-nobs"] == "ノブズ" and words["rules"]["muggins"] == "マギンズ"
        assert client.get("/api/messages?lang=xx").json()["messages"] == {}  # English

        seat = open_seat(client, seed=4, options={}, headers={"x-pegline-lang": "ja"})
        made = seat.state()
        texts = [line for entry in made["events"] for line in entry["text"]]
        assert any("0番席（あなた）に配られたカード" in line for line in texts)
        assert english_words(texts) == set()
        zh = seat.get(headers={"x-pegline-lang": "zh-Hans"}).json()
        assert any("0 号座位（你）拿到" in line for entry in zh["events"] for line in entry["text"])
        en = seat.get(headers={"x-pegline-lang": "en"}).json()
        assert any("seat 0 (you) is dealt" in line for entry in en["events"] for line in entry["text"])
        # only the words differ: the same events, types and table in every language
        for answer in (zh, en):
            assert [e["type"] for e in answer["events"]] == [e["type"] for e in made["events"]]
            assert [e["data"] for e in answer["events"]] == [e["data"] for e in made["events"]]
            assert answer["table"] == made["table"] and answer["prompt"] == made["prompt"]


def test_the_terminal_table_in_japanese_through_a_pseudo_terminal(tmp_path):
    """`pegline play --human` with LANG=ja_JP.UTF-8: the table, the prompt, a refusal, quit."""
    pexpect = pytest.importorskip("pexpect")
    from tests.test_terminal_pty import COMMAND, plain

    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "LC_ALL",
                                                          "LANGUAGE", "LC_MESSAGES")}
    env.update(TERM="xterm-256color", LANG="ja_JP.UTF-8")
    child = pexpect.spawn(COMMAND[0], [*COMMAND[1:], "play", "--human", "--seed", "7"],
                          cwd=str(tmp_path), encoding="utf-8", timeout=60, dimensions=(60, 100),
                          env=env)
    child.expect(r"クリブへ\d枚を送ってください: ")
    screen = plain(child.before)
    assert "第1ハンド" in screen and "あなたのハンド：" in screen and "目標121点。" in screen
    assert "（入力できるものは help で表示）" in screen
    child.sendline("1")
    child.expect(r"クリブへ\d枚を送ってください: ")
    assert "できません：ちょうど2枚選んでください（1枚ではなく）" in plain(child.before)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    said = plain(child.before)
    assert "終了しました：ゲームは" in said and "続けるには：pegline play --human --resume" in said
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("lang", ["en", "ja", "zh-Hans"])
def test_the_terminal_board_keeps_its_columns_with_wide_names(lang):
    """Japanese and Chinese take two terminal cells a character: the holes still line up."""
    from rich.cells import cell_len

    from pegline_cribbage.actions import CutStarter, Discard, Play
    from pegline_cribbage.table import Table

    game, table = Game("two-player-61", dealer=1), Table()
    for move in [Deal([parse_cards("5H 5C JD KS 2C 9H"), parse_cards("AS 2S 3S 4S 6S 7S")]),
                 Discard(0, parse_cards("2C 9H")), Discard(1, parse_cards("AS 2S")),
                 CutStarter(parse_cards("JS")[0]), Play(0, parse_cards("5H")[0])]:
        for event in game.apply(move):
            table.observe(event)
    with use_language(lang):
        lines = [line.plain for line in table.board(game.view(1))]
    head, first, second = lines[:3]
    starts = {cell_len(line[:line.index("○")]) for line in (first, second)}
    assert len(starts) == 1  # both sides' start holes in one column
    column = starts.pop()
    ones = cell_len(head[:head.index("  1 ")]) + 2  # the "1" over the first hole
    assert ones == column + 5


# -- Clabber -----------------------------------------------------------------------------------

# "XXX" is the score sheet's mark for a set, in every language (the Japanese seed writes it so).
CLABBER_LATIN = ALLOWED_LATIN | {"XXX"}


def clabber_english(lines: list[str]) -> set[str]:
    return {w for line in lines for w in re.findall(r"[A-Za-z]{2,}", line)} - CLABBER_LATIN


@pytest.mark.parametrize("lang", ["ja", "zh-Hans"])
@pytest.mark.parametrize("args", [
    ("--variant", "clabber", "--seed", "3"),
    ("--variant", "clabber", "--seed", "8", "--bots", "random"),
    ("--variant", "clabber-renege", "--seed", "1", "--bots", "random"),
    ("--variant", "clabber-renege", "--seed", "2", "--bots", "random"),
])
def test_a_seeded_clabber_game_in_japanese_or_chinese_has_no_english_words(lang, args):
    result = run("--lang", lang, "play", *args)
    assert result.exit_code == 0, result.output
    _header, *lines = result.output.splitlines()  # the header quotes the variant's description
    assert clabber_english(lines) == set()
    english = run("play", *args).output.splitlines()
    assert len(lines) == len(english) - 1  # the same events, line for line
    if "renege" in args[1]:  # reneges, proved and false, with their reasons
        assert any("renege proved" in line for line in english)
        assert any("a false call" in line for line in english)


def test_a_clabber_game_in_japanese_uses_the_seeds_words():
    out = run("--lang", "ja", "play", "--variant", "clabber", "--seed", "3").output
    for text in ("表向きのカード：Q♥", "切り札は♥", "がメルドを宣言：ダッド（20）", "はパス",
                 "-- トリック1は1番席（greedy）", "カードの点数 97", "最後のトリック 10",
                 "セット：XXX", "+0 セット", "メイキング", "（トリック4）"):
        assert text in out, text
    zh = run("--lang", "zh-Hans", "play", "--variant", "clabber", "--seed", "3").output
    for text in ("翻开的牌：Q♥", "将牌是 ♥", "宣告牌组：三连顺（20）", "不叫", "牌分 97",
                 "末墩 10", "失约：XXX", "成约"):
        assert text in zh, text


def test_every_reason_the_clabber_rules_give_is_translated():
    """Every refusal why_illegal can give, over many random tricks, reads with no English."""
    import random

    from pegline_clabber.cards import DECK, SUITS, legal_plays, why_illegal
    from pegline_clabber.reasons import translate

    rng = random.Random(5)
    seen = set()
    for _ in range(3000):
        cards = rng.sample(DECK, 9)
        hand, trick, trump = cards[:6], cards[6:6 + rng.randint(1, 3)], rng.choice(SUITS)
        undertrump = rng.random() < 0.5
        for card in set(hand) - set(legal_plays(hand, trick, trump, undertrump)):
            reason = why_illegal(hand, trick, trump, card, undertrump)
            assert reason is not None
            seen.add(reason.split(":")[0] + reason.split(" ")[-3])
            said = f"{card.symbol} may not be played: {reason}"
            for lang in ("ja", "zh-Hans"):
                with use_language(lang):
                    assert clabber_english([translate(said)]) == set(), translate(said)
    assert len(seen) >= 5  # follow, overtrump (one card, more), trump led, trump in
    with use_language("ja"):
        assert translate("you must overtrump: J♥ beats the 9♥ in the trick") == \
            "オーバートランプしなければなりません：J♥ がトリックの 9♥ に勝ちます"
        assert translate("seat 2 called a renege that the log disproves") == \
            "2番席がコールしたリネッジは記録により否定されました"
    assert translate("you must overtrump: J♥ beats the 9♥ in the trick").startswith("you must")


def test_the_clabber_terminal_speaks_the_language():
    from pegline_clabber.actions import CutForDeal
    from pegline_clabber.actions import Deal as ClabberDeal
    from pegline_clabber.terminal import HumanPlayer as ClabberHuman

    game = Game("clabber")
    game.apply(CutForDeal(parse_cards("9C JD AH KS")))
    game.apply(ClabberDeal(10, [parse_cards(h) for h in (
        "JH 9H AS TS KC 9D", "QC QD AD TD KD 9S", "JC 9C AC TC QS JS", "AH TH KH QH KS JD")]))
    game.apply(game.legal_actions(3)[0])  # seat 3 passes
    answers = iter(["help", "hearts", "clubs", "pass"])
    console = Console(width=100, color_system=None)
    player = ClabberHuman(console, read=lambda: next(answers))
    with use_language("ja"), console.capture() as screen:
        move = player.choose(game.view(0), game.legal_actions(0))
    assert move == game.legal_actions(0)[0]  # the pass
    shown = screen.get()
    for text in ("第1ハンド", "2番席がディーラー。", "表向きのカード J♠。", "切り札の宣言、第1ラウンド。",
                 "宣言：3番席 パス。", "あなたのハンド：", "第1ラウンド：パスか ♠ をプレイ: ",
                 "できません：第1ラウンドで切り札にできるのは表向きのカードのスート ♠ だけです",
                 "切り札の宣言：pass か、スート"):
        assert text in shown, text
    panel = [line for line in shown.splitlines() if line.startswith("│")]
    assert len(panel) >= 5 and clabber_english(panel) == set()  # the table: no English


def test_the_clabber_web_table_speaks_the_requested_language():
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from pegline_core.app.web import create_app

    with TestClient(create_app()) as client:
        words = client.get("/api/messages?lang=ja").json()
        assert words["messages"]["turn card"] == "表向きのカード"  # Clabber's table words
        assert words["messages"]["Announce your melds"] == "メルドを宣言する"
        assert words["rules"]["dad"] == "ダッド" and words["rules"]["set"] == "セット"
        seat = open_seat(client, "clabber", seed=4, options={},
                         headers={"x-pegline-lang": "zh-Hans"})
        texts = [line for entry in seat.state()["events"] for line in entry["text"]]
        assert any("翻开的牌：" in line for line in texts)
        assert clabber_english(texts) == set()
        wrong = seat.move({"type": "hop"}, headers={"x-pegline-lang": "ja"})
        assert wrong.status_code == 400
        assert wrong.json()["error"].startswith("手の type は pass, name,")


# -- the coach ---------------------------------------------------------------------------------


def test_the_coachs_reasons_are_translated():
    from pegline_cribbage.actions import CutStarter, Discard
    from pegline_cribbage.coach import Coach
    from pegline_cribbage.compare import describe, note, reason_label, reason_value

    game = Game("two-player", dealer=1)
    game.apply(Deal([parse_cards("5H 5C JD KS 2C 9H"), parse_cards("AS 2S 3S 4S 6S 7S")]))
    discard = Coach(game.view(0).rules).evaluate(game.view(0))
    assert discard is not None
    with use_language("ja"):
        lines = describe(discard, discard.candidates[10].action)
    assert lines[0] == ("あなたはクリブへ5♣ K♠を送りました：コーチの評価は15手中11位（同点）。"
                        "最善手は「クリブへ2♣ 9♥を送る」。"
                        "あなたの手の勝率は 34.0%、最善手は 53.8% です。")
    assert lines[1].endswith("クリブへ2♣ 9♥を送る：ハンドで12.43、相手のクリブに3.90の見込み、"
                             "ペギング -1.44。差し引き7.10。勝率 53.8%。")
    assert lines[11].endswith("<- あなたの手")
    game.apply(discard.candidates[0].action)
    game.apply(Discard(1, parse_cards("AS 2S")))
    game.apply(CutStarter(parse_cards("JS")[0]))
    play = Coach(game.view(0).rules).evaluate(game.view(0))
    assert play is not None
    for lang in ("ja", "zh-Hans"):
        with use_language(lang):
            said = describe(discard, discard.candidates[0].action) + describe(
                play, play.candidates[-1].action)
            assert english_words(said) == set(), said
            for evaluation in (discard, play):  # the page's table: every name and word
                words = [str(reason_label(n)) + str(reason_value(v))  # the page says yes, no
                         for candidate in evaluation.candidates for n, v in candidate.reasons
                         if not isinstance(v, bool)]
                assert english_words(words) == set(), words
                assert english_words([note(evaluation.note)]) == set()
    with use_language("zh-Hans"):
        assert "教练将它排在 15 个选择中第 11（并列）" in describe(
            discard, discard.candidates[10].action)[0]
    assert describe(discard, discard.candidates[10].action)[0].startswith(
        "You laid away 5♣ K♠: the coach ranks it 11th of 15 (a tie)")


# -- errors: variants check, the command line, the web API -------------------------------------


def test_variants_check_translates_the_message_and_keeps_the_file_and_key_path(tmp_path):
    bad = tmp_path / "house.toml"
    bad.write_text('extends = ["two-player"]\ndisable = ["his-nobz"]\n[scoring]\ntarget = "x"\n'
                   'targt = 5\n[table]\nplayers = 9\n[config.standard]\nfifteen = -2\n')
    english = run("variants", "check", str(bad)).output.splitlines()
    ja = run("--lang", "ja", "variants", "check", str(bad)).output.splitlines()
    zh = run("--lang", "zh-Hans", "variants", "check", str(bad)).output.splitlines()
    assert len(english) == len(ja) == len(zh) == 5
    for en_line, ja_line, zh_line in zip(english, ja, zh, strict=True):
        where = ": ".join(en_line.split(": ")[:2]) + ": "  # the file and the key path
        assert ja_line.startswith(where) and zh_line.startswith(where)
        said = [re.sub(r"'[^']*'", "", line[len(where):]) for line in (ja_line, zh_line)]
        assert english_words(said) == set(), said  # quoted names (keys, rules, plugins) aside
    assert f"{bad}: scoring.target: 整数が必要です。指定は 文字列 'x'" in ja
    assert f"{bad}: scoring.targt: 不明なキー（もしかして 'target'？）" in ja
    assert f"{bad}: table.players: 必须在 2 到 8 之间，实际为 9" in zh
    assert (f"{bad}: config.standard.fifteen: （插件 'standard'）不能为负，实际为 -2" in zh)
    assert f"{bad}: scoring.targt: unknown key (did you mean 'target'?)" in english


def test_a_variant_naming_unknown_things_reads_in_the_language(tmp_path):
    bad = tmp_path / "odd.toml"
    bad.write_text('extends = ["two-playr"]\n')
    ja = run("--lang", "ja", "variants", "check", str(bad)).output
    assert "extends[0]: 不明なバリアント 'two-playr'（もしかして 'two-player' または " in ja
    assert "既知：" in ja
    other = tmp_path / "plugins.toml"
    other.write_text('extends = ["two-player"]\nplugins = ["+standrd"]\n[deal]\ncards = 0\n')
    zh = run("--lang", "zh-Hans", "variants", "check", str(other)).output
    assert "deal.cards: 必须至少为 1，实际为 0" in zh
    assert "plugins[1]: 未知的插件 'standrd'（你是不是指 'standard' 或 " in zh


@pytest.mark.parametrize(("args", "ja", "en"), [
    (("play", "--variant", "nosuch"), "エラー：不明なバリアント 'nosuch'（既知：",
     "Error: unknown variant 'nosuch' (known:"),
    (("play", "--bots", "genius"),
     "エラー：'--bots' の値が不正です：不明なボット 'genius'。次から選んでください：random",
     "Error: Invalid value for '--bots': unknown bot 'genius'; choose from random"),
    (("score", "5H", "5C", "5D", "JZ", "--starter", "5S"), "エラー：'JZ'：不明なスート 'Z'",
     "Error: 'JZ': unknown suit 'Z'"),
    (("score", "5H", "5C", "5D", "JS"),
     "エラー：スターターを --starter で指定してください。例：--starter 5S",
     "Error: give the starter with --starter, e.g. --starter 5S"),
    (("replay", "no-such-record.toml"), "エラー：no-such-record.toml：そのファイルはありません",
     "Error: no-such-record.toml: no such file"),
])
def test_the_command_lines_errors_are_translated(args, ja, en):
    said = run("--lang", "ja", *args)
    assert said.exit_code in (1, 2) and ja in said.output and "Traceback" not in said.output
    english = run(*args)
    assert english.exit_code == said.exit_code and en in english.output


def test_a_usage_error_keeps_clicks_shape_in_the_language():
    said = run("--lang", "zh-Hans", "play", "--bots", "genius").output
    assert said.startswith("用法： main play [OPTIONS]\n输入 'main play --help' 查看帮助。\n")
    english = run("play", "--bots", "genius").output
    assert english.startswith("Usage: main play [OPTIONS]\nTry 'main play --help' for help.\n")


def test_the_web_apis_errors_speak_the_pages_language():
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from pegline_core.app.web import create_app

    ja = {"x-pegline-lang": "ja"}
    with TestClient(create_app()) as client:
        wrong = client.post("/api/tables", json={"variant": "nosuch"}, headers=ja)
        assert wrong.status_code == 400
        assert wrong.json()["error"] == ("不明なバリアント 'nosuch'：/api/options から選んで"
                                         "ください")
        missing = client.get("/api/tables/nope", headers={"x-pegline-lang": "zh-Hans"})
        assert missing.status_code == 404
        assert missing.json()["error"] == "没有对局 'nope'（可能早已结束）"
        seat = open_seat(client, seed=4, options={})
        made = seat.state()
        card = seat.move({"type": "play", "card": "ZZ"}, headers=ja)
        assert card.status_code == 400 and card.json()["error"] == "'ZZ'：不明なスート 'Z'"
        refused = seat.move({"type": "play", "card": made["table"]["held"][0]},
                            headers=ja)  # a play while laying away: the rules refuse it
        assert refused.status_code == 409
        assert refused.json()["error"].startswith("discard フェーズでは Play はできません")
        english = seat.move({"type": "play", "card": made["table"]["held"][0]})
        assert english.json()["error"] == "Play is not allowed in the discard phase"
        record = seat.record(headers=ja)
        assert record.status_code == 409
        assert record.json()["error"].startswith("記録はゲームが終わるか放棄された後に")


def _command_paths(command=main, path=()):
    import click

    yield path, command
    if isinstance(command, click.Group):  # as Click lists them: the plugins' commands too
        context = click.Context(command)
        for name in command.list_commands(context):
            yield from _command_paths(command.get_command(context, name), (*path, name))


@pytest.mark.parametrize("lang", ["ja", "zh-Hans"])
def test_every_commands_help_speaks_the_language(lang):
    """pegline --help, and --help of every group and command, in the language: the command's
    own text, each option's help, Click's headings and its [default: ...]."""
    from pegline_core.app.clikit import HELP_CONTEXT, help_domain

    paths = list(_command_paths())
    assert len(paths) >= 14  # pegline, its commands and groups, the groups' commands
    for path, command in paths:
        said = run("--lang", lang, *path, "--help")
        assert said.exit_code == 0, (path, said.output)
        english = run(*path, "--help", env={"LANG": "C"}).output
        assert said.output != english and english.startswith("Usage:")
        heading = "使い方：" if lang == "ja" else "用法："
        assert said.output.startswith(heading), path
        first = " ".join(command.help.split("\n\n")[0].split())
        assert first not in " ".join(said.output.split()), path  # not left in English
        with use_language(lang):
            translated = Messages(help_domain(command)).pgettext(HELP_CONTEXT, command.help)
        assert translated != command.help and translated.split()[0][:8] in said.output
        assert "[default:" not in said.output and "Options:" not in said.output


@pytest.mark.parametrize(("language", "suit", "format"), [
    ("ja", "'1Z'：不明なスート 'Z'", "'CARDS | STARTER' の形で書いてください（例：'5H 5C 5D JS | 5S'）"),
    ("zh-Hans", "'1Z'：未知的花色 'Z'", "应写成 'CARDS | STARTER'，例如 '5H 5C 5D JS | 5S'"),
], ids=["ja", "zh-Hans"])
def test_bad_lines_on_standard_input_are_said_in_the_language_with_their_code(language, suit,
                                                                               format):
    """Given cards as arguments, an error spoke the language; read from standard input, the
    same error was left in English. Each line's error now says it as the web API does, with the
    code a script reads whatever the language."""
    result = CliRunner().invoke(main, ["--lang", language, "score"],
                                input="1Z 5C 5D JS | 5S\n5H 5C 5D JS\n5H 5C 5D JS | 5S 6S\n")
    assert result.exit_code == 1
    out = [json.loads(line) for line in result.output.splitlines()]
    assert out[:2] == [{"line": 1, "error": suit, "code": "card.suit"},
                       {"line": 2, "error": format, "code": "cribbage.score-line"}]
    assert out[2]["code"] == "cribbage.score-starters" and "2" in out[2]["error"]
    english = [json.loads(line) for line in CliRunner().invoke(
        main, ["--lang", "en", "score"], input="5H 5C 5D JS | 5S 6S\n").output.splitlines()]
    assert english == [{"line": 1, "error": "expected one starter after '|', got 2",
                        "code": "cribbage.score-starters"}]


def test_a_stalled_game_is_said_in_the_language():
    """A bots' game that never scores is stopped (`STALLED_HANDS`) with its reason in the
    language."""
    result = run("--lang", "ja", "play", "--variant", "clabber", "--bots",
                 "tests.own_bots:FirstLegal", "--seed", "1")
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (
        "エラー：100ハンド続けて誰も得点していません：このボットたちではゲームが終わらないため、"
        "第101ハンド（得点 0-0）で止めました")


SCRIPT = """variant = "two-player"
dealer = 1
[[hands]]
dealt = [["3C", "4H", "9C", "TH", "KC", "KD"], ["5D", "TS", "2D", "7S", "QC", "QD"]]
discards = [["KC", "KD"], ["QC", "QD"]]
starter = "AS"
plays = ["3C", "5D", "4H", "TS", "9C", "2D", "TH", "7S", "AH"]
"""


@pytest.mark.parametrize(("change", "english", "japanese"), [
    (("", ""), "hands[0].plays[8]: pegging is over, but the script plays 'AH'",
     "hands[0].plays[8]: ペギングは終わっていますが、スクリプトは 'AH' を出しています"),
    (("dealer = 1", "dealer = 5"), "dealer: the first dealer is a seat from 0 to 1, not 5",
     "dealer: 最初のディーラーは 0 から 1 の席です。指定は 5"),
], ids=["after-pegging", "dealer"])
def test_a_scripted_games_mistakes_name_their_place_in_the_language(tmp_path, change, english,
                                                                     japanese):
    """`pegline replay` of a script said these in English under --lang ja, the dealer's without
    its place."""
    path = tmp_path / "script.toml"
    path.write_text(SCRIPT.replace(*change), encoding="utf-8")
    assert run("replay", str(path)).output.splitlines()[-1] == f"Error: {english}"
    assert run("--lang", "ja", "replay", str(path)).output.splitlines()[-1] == \
        f"エラー：{japanese}"


def test_the_web_apis_near_misses_are_said_in_the_language():
    """An unknown variant or bot named no near one on the web (the command line did), and a
    missing variant was an 'unknown variant None'."""
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from pegline_core.app.web import create_app

    client = TestClient(create_app())
    ja = {"X-Pegline-Lang": "ja"}
    said = [client.post("/api/tables", json=body, headers=ja).json()["error"] for body in (
        {"variant": "two-palyer", "seats": ["person", "bot:greedy"]},
        {"variant": "two-player", "seats": ["person", "bot:greedyy"]},
        {"seats": ["person", "bot:greedy"]})]
    assert said == ["不明なバリアント 'two-palyer'：もしかして 'two-player' または 'two-player-61' "
                    "または 'three-player'？ /api/options から選んでください",
                    "不明なボット 'greedyy'。もしかして 'greedy'？ 次から選んでください：random, greedy, "
                    "sloppy, coach",
                    '新しいゲームにはバリアントを指定してください。例：{"variant": "two-player"}']


def test_every_option_of_every_command_says_what_it_is_for():
    """--help listed serve's --port, simulate's --games and --seed and win-table's --seed with
    their defaults only; each option now says what it does, in each language."""
    import click

    from pegline_core.app.clikit import HELP_CONTEXT, help_domain

    bare = [(path, param.opts[0]) for path, command in _command_paths()
            for param in command.params if isinstance(param, click.Option) and not param.help]
    assert bare == []
    for lang in ("ja", "zh-Hans"):
        with use_language(lang):
            untranslated = [(path, param.opts[0]) for path, command in _command_paths()
                            for param in command.params
                            if isinstance(param, click.Option) and param.help == Messages(
                                help_domain(command)).pgettext(HELP_CONTEXT, param.help)]
        assert untranslated == [], lang


def test_help_given_before_the_language_or_with_only_lang_set_speaks_it():
    assert run("--help", env={"LANG": "ja_JP.UTF-8"}).output.startswith("使い方：")
    assert run("--help", "--lang", "zh-Hans").output.startswith("用法：")
    assert run("--help", env={"LANG": "C", "LC_ALL": "", "LANGUAGE": ""}).output.startswith(
        "Usage:")


def test_score_names_the_rules_in_the_language_in_aligned_columns():
    from rich.cells import cell_len

    args = ("score", "5H", "5C", "5D", "JS", "--starter", "5S")
    ja = run("--lang", "ja", *args).output.splitlines()
    assert ja[0] == "ハンド 5♥ 5♣ 5♦ J♠  スターター 5♠  （two-player）"
    assert ja[-2].startswith("  ノブズ ") and ja[-1].startswith("  合計 ") and ja[-1].endswith("29")
    assert len({cell_len(line) for line in ja[1:]}) == 1  # the points in one column
    zh = run("--lang", "zh-Hans", *args).output
    assert "同花J" in zh and "合计" in zh and english_words(zh.splitlines()[1:]) == set()
    english = run(*args).output.splitlines()
    assert english[0] == "hand 5♥ 5♣ 5♦ J♠  starter 5♠  (two-player)"
    assert english[-2].startswith("  his-nobs ") and english[-1].startswith("  total ")


def test_analyze_and_variants_show_speak_the_language():
    shown = run("--lang", "ja", "variants", "show", "muggins").output
    assert shown.startswith("# muggins：継承したキーと既定のキーをすべて含めて解決済み\n")
    assert 'game = "cribbage"' in shown  # the TOML itself is the same in every language
    analysed = [line for line in run("--lang", "zh-Hans", "analyze", "show").output.splitlines()
                if line.strip()]  # the progress bar leaves an empty line
    assert analysed[0].startswith("two-player：连同公共翻牌，对每手 4 张手牌和 4 张牌盒的亮牌总分")
    assert analysed[1].split() == ["合计", "手牌", "牌盒"] and analysed[-1].split()[0] == "平均"
    from rich.cells import cell_len

    english = [line for line in run("analyze", "show").output.splitlines() if line.strip()]
    assert english[1].split() == ["total", "hand", "crib"]
    assert [cell_len(line) for line in analysed[1:]] == [len(line) for line in english[1:]]


def test_the_shipped_variants_descriptions_are_translated():
    from pegline_core.variant import available_variants

    for lang in ("ja", "zh-Hans"):
        listed = run("--lang", lang, "variants", "list").output.splitlines()
        assert len(listed) == len(available_variants())
        said = [line.split(None, 1)[1] for line in listed]  # the name, then its description
        names = {part for name in available_variants() for part in name.split("-")}
        assert english_words(said) - names == set(), said  # a variant named by its name aside
    header = run("--lang", "ja", "play", "--variant", "clabber", "--seed", "3").output
    assert header.startswith("clabber：エバンズビル・クラバー：4人で2人ずつのパートナー、24枚、"
                             "500点まで（シード 3）\n")
    match = run("--lang", "zh-Hans", "play", "--match", "3", "--seed", "2").output
    assert match.startswith("two-player：标准双人玩法，121 分（种子 2），3 局多胜制比赛\n")
    assert run("play", "--match", "3", "--seed", "2").output.startswith(
        "two-player: The standard two-player game to 121 (seed 2), a match best of 3\n")


def test_the_clabber_table_in_chinese_through_a_pseudo_terminal(tmp_path):
    """`pegline --lang zh-Hans play --variant clabber --human`: the table, the naming prompt, a
    refusal, a card the rules refuse with the rule in Chinese, quit."""
    pexpect = pytest.importorskip("pexpect")
    from tests.test_terminal_pty import COMMAND, plain, tables

    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env.update(TERM="xterm-256color", LANG="C.UTF-8")
    child = pexpect.spawn(COMMAND[0], [*COMMAND[1:], "--lang", "zh-Hans", "play", "--variant",
                                       "clabber", "--human", "--seed", "18"],
                          cwd=str(tmp_path), encoding="utf-8", timeout=60, dimensions=(60, 100),
                          env=env)
    prompts = [r"第 1 轮：[^\r\n]*?: ", r"第 2 轮：[^\r\n]*?: ", r"(宣告|亮出)牌组吗？（y/n）: ",
               r"请出一张牌: "]
    child.expect(prompts)
    screen = plain(child.before)
    table = tables(screen)[-1]
    for text in ("第 1 手", "翻开的牌 10♥。", "定将牌，第 1 轮。", "你的搭档：2 号座位。",
                 "目标 500 分。", "你的手牌："):
        assert text in table, text
    child.sendline("spades")
    child.expect(prompts)
    assert "不允许：第 1 轮将牌只能是翻开那张牌的花色 ♥（或不叫）" in plain(child.before)
    child.sendline("pass")
    refused = False
    for _ in range(40):
        which = child.expect(prompts)
        screen = plain(child.before)
        if which == 1:
            child.sendline("pass")
        elif which == 2:
            child.sendline("y")
        else:
            line = next(line for line in tables(screen)[-1].splitlines() if "你的手牌：" in line)
            numbers = re.findall(r"(\d) (?:10|[AKQJ9])[♣♦♥♠](\*?)", line)
            unmarked = [n for n, star in numbers if not star]
            marked = [n for n, star in numbers if star]
            if unmarked:
                child.sendline(unmarked[0])
                child.expect(prompts)
                said = plain(child.before)
                assert re.search(r"不允许：必须(跟出同花色|超吃|将吃)：", said), said
                refused = True
                break
            child.sendline(marked[0])
    assert refused, "no card the rules refuse in the hand's first tricks"
    child.sendline("quit")
    child.expect(pexpect.EOF)
    said = plain(child.before)
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in said


def test_the_clabber_coachs_compare_is_translated():
    from pegline_clabber.actions import Deal as ClabberDeal
    from pegline_clabber.coach import ClabberCoach, describe

    game = Game("clabber", dealer=0)
    game.apply(ClabberDeal(12, [parse_cards(h) for h in (
        "AH KH JC TC 9C QH", "JH 9H AS KS QS JS", "AD KD QD AC KC TH", "QC 9S TS JD 9D TD")]))
    coach = ClabberCoach(game.ruleset, budget=8)
    evaluation = coach.evaluate(game.view(1))
    assert evaluation is not None and evaluation.decision == "naming trump"  # data: English
    chosen = evaluation.candidates[-1].action
    with use_language("ja"):
        lines = describe(evaluation, chosen, evaluation.ranks[-1])
        note = coach.note
    assert "切り札の宣言で2手中" in lines[0] and lines[-1].endswith("<- あなたの手")
    assert english_words([*lines, note]) == set(), lines
    with use_language("zh-Hans"):
        assert english_words(describe(evaluation, chosen, evaluation.ranks[-1])) == set()
    assert describe(evaluation, chosen, evaluation.ranks[-1])[0].startswith("Your move (")


@pytest.mark.parametrize("lang", ["ja", "zh-Hans"])
def test_a_terminal_seat_s_help_is_said_whole_in_the_language(lang):
    """The game's own lines from its catalog, the shared words from the command line's."""
    from pegline_clabber.terminal import HumanPlayer as ClabberHuman

    english = ClabberHuman(Console()).help_lines()
    with use_language(lang):
        said = ClabberHuman(Console()).help_lines()
    assert len(said) == len(english)
    assert all(line != original for line, original in zip(said, english, strict=True)
               if line.strip().split()[0] not in ("help", "score", "compare", "quit"))


@pytest.mark.parametrize(("folder", "phrase"), [("ja", "もしかして"), ("zh_Hans", "你是不是指")])
def test_every_did_you_mean_is_said_one_way_in_each_language(folder, phrase):
    """The Chinese catalog asked "did you mean" two ways (你是不是指 in three messages, 您是指 in
    one), the Japanese two ways too (もしかして, のことですか)."""
    from babel.messages.pofile import read_po

    root = Path(__file__).resolve().parent.parent
    found = []
    for po in [*root.glob(f"pegline_core/app/locale/{folder}/LC_MESSAGES/*.po"),
               *root.glob(f"plugins/*/locale/{folder}/LC_MESSAGES/*.po")]:
        with po.open("rb") as file:
            found += [(po.name, message.string) for message in read_po(file)
                      if isinstance(message.id, str) and "did you mean" in message.id]
    assert found and all(phrase in text for _name, text in found), found


@pytest.mark.parametrize(("args", "ja", "zh"), [
    (["score", "5H", "5C", "5D", "--starter", "5S"], "エラー：two-player のハンドは4枚です。指定は3枚",
     "错误：two-player 的手牌应为 4 张，实际为 3 张"),
    (["score", "5H", "5C", "5D", "JS", "2C", "--starter", "5S", "--crib"],
     "エラー：two-player のクリブは4枚です。指定は5枚", "错误：two-player 的牌盒应为 4 张，实际为 5 张"),
    (["score", "5H", "5C", "5D", "JS", "--starter", "5H"],
     "エラー：スターター 5H がハンドにも含まれています", "错误：公共翻牌 5H 也在手牌中"),
    (["score", "5H", "5C", "5D", "JS", "--starter", "JS", "--crib"],
     "エラー：スターター JS がクリブにも含まれています", "错误：公共翻牌 JS 也在牌盒中"),
    (["analyze", "discard", "5H", "5C", "JD"], "エラー：two-player で配られるハンドは6枚です。指定は3枚",
     "错误：two-player 发到的手牌应为 6 张，实际为 3 张"),
])
def test_wrong_cards_are_said_in_the_users_language(args, ja, zh):
    # they were English under --lang ja and zh-Hans: the scorer's own checks had no template
    for language, message in (("ja", ja), ("zh-Hans", zh)):
        result = run("--lang", language, *args)
        assert result.exit_code == 1, result.output
        assert result.output.strip() == message


def _one_chunk_then_ctrl_c(work, games, collect, **_options):
    from pegline_core.app import simulate as sim

    collect(work(0, min(sim.CHUNK, games)))
    raise KeyboardInterrupt


@pytest.mark.parametrize(("args", "lines"), [
    (["simulate", "--games", "1000"], [r"中断：1,000 ゲーム中 4 ゲームで停止しました"]),
    (["simulate", "--variant", "clabber", "--round-robin", "--games", "3"],
     [r"clabber 総当たり戦：3 ゲーム中 3 ゲーム", r"中断：3 ゲーム中 3 ゲームで停止しました",
      r"clabber：総当たり戦、1 組あたり 3 ゲーム、順位は games-won",
      r"1\. greedy 3 戦 \d 勝、ゲームポイント \d+", r"2\. random 3 戦 \d 勝、ゲームポイント \d+"]),
])
def test_a_stopped_simulation_and_a_round_robin_are_said_in_the_users_language(
        monkeypatch, args, lines):
    # they were English under --lang ja: "interrupted: stopped after 4 of 1,000 games",
    # "clabber: round robin, 3 game(s) a pair, standings by games-won", "won 3 of 4, ..."
    from pegline_clabber import tournament
    from pegline_core.app import simulate as sim

    monkeypatch.setattr(sim, "CHUNK", 4)
    monkeypatch.setattr(sim, "run_chunks", _one_chunk_then_ctrl_c)
    monkeypatch.setattr(tournament, "run_chunks", _one_chunk_then_ctrl_c)
    result = run("--lang", "ja", *args, "--workers", "1")
    assert result.exit_code == 130, result.output
    said = [" ".join(line.split()) for line in result.output.splitlines()]
    for line in lines:
        assert any(re.fullmatch(line, one) for one in said), (line, result.output)
    assert not re.search(r"stopped after|round robin|game points", result.output), result.output


@pytest.mark.parametrize(("old", "new", "ja", "en"), [
    ('"3H",\n        "KC",', '"3H",\n        "3H",',
     "エラー：イベント 2（記録の 2 番目の項目）：同じカードを2回配ることはできません",
     "Error: event 2 (record item 2): a card cannot be dealt twice"),
    ("winner = 1", "winner = 0", "エラー：{file}: summary.winner: ヘッダーでは 0、イベントでは 1 です",
     "Error: {file}: summary.winner: the header says 0, but the events say 1"),
    ('type = "deal"', 'type = "dael"', "エラー：{file}: events[2]: 不明なイベントの種類 'dael'",
     "Error: {file}: events[2]: unknown event type 'dael'"),
    ("seq = 1\n", 'seq = "one"\n',
     "エラー：{file}: events[1]: dealer イベント：seq は整数でなければなりません。指定は 'one'",
     "Error: {file}: events[1]: dealer event: seq must be an integer, got 'one'"),
    ('phase = "deal"', "phase = 5",
     "エラー：{file}: events[2]: deal イベント：phase は文字列でなければなりません。指定は 5",
     "Error: {file}: events[2]: deal event: phase must be a string, got 5"),
    ("actor = 0\n", 'actor = "zero"\n',
     "エラー：{file}: events[4]: discard イベント：actor は席でなければなりません。指定は 'zero'",
     "Error: {file}: events[4]: discard event: actor must be a seat, got 'zero'"),
    ('standard = "0.1.0"', 'standard = "9.0.0"',
     "エラー：この記録は別のバージョンのプラグインで作られました：standard 9.0.0（インストール済み "
     "0.1.0）。それでも再生して検証に任せるには、どのバージョンも許可してください（--versions any "
     'または versions="any"）',
     "Error: the record was made with other plugin versions: standard 9.0.0 (installed 0.1.0); "
     "to replay it anyway and let the verification decide, allow any versions (--versions any, "
     'or versions="any")'),
])
def test_a_record_edited_by_hand_is_refused_in_the_users_language(tmp_path, old, new, ja, en):
    # each was English under --lang ja
    saved = tmp_path / "saved.toml"
    assert run("play", "--seed", "5", "--save", str(saved)).exit_code == 0
    edited = tmp_path / "edited.toml"
    text = saved.read_text(encoding="utf-8")
    assert old in text
    edited.write_text(text.replace(old, new, 1), encoding="utf-8")
    said = run("--lang", "ja", "replay", str(edited), "--verify")
    assert said.exit_code == 1 and said.output.strip() == ja.format(file=edited)
    english = run("replay", str(edited), "--verify")
    assert english.exit_code == 1 and english.output.strip() == en.format(file=edited)


def test_a_notice_about_plugin_versions_is_said_in_the_users_language(tmp_path):
    saved = tmp_path / "saved.toml"
    assert run("play", "--seed", "5", "--save", str(saved)).exit_code == 0
    edited = tmp_path / "edited.toml"
    edited.write_text(saved.read_text(encoding="utf-8").replace(
        'standard = "0.1.0"', 'standard = "0.1.7"', 1), encoding="utf-8")
    said = CliRunner().invoke(main, ["--lang", "zh-Hans", "replay", str(edited), "--verify"])
    assert said.exit_code == 0, said.output
    assert said.stderr.splitlines()[0] == (
        "提示：此记录是用其他版本的插件制作的：standard 0.1.7（已安装 0.1.0）；每个派生事件都会与重放核对")


@pytest.mark.parametrize(("args", "zh"), [
    (("simulate", "--games", "5", "--bots", "greedy,random,coach"),
     "错误：2 个座位却有 3 个机器人：最多 2 个"),
    (("simulate", "--games", "5", "--scheduler", "foo"),
     "错误：调度器必须是 dask 地址 tcp://HOST:PORT，而不是 'foo'"),
    (("play", "--match", "3", "--match-to", "5"),
     "错误：比赛要么是 N 局多胜制，要么打到目标局分：两者只能给出一个"),
])
def test_simulate_and_match_options_are_refused_in_the_users_language(args, zh):
    # each was English under --lang zh-Hans ("3 bots for 2 seats: name at most 2", ...), though
    # play said the first in Chinese
    if "--scheduler" in args:
        pytest.importorskip("distributed")
    said = run("--lang", "zh-Hans", *args)
    assert said.exit_code == 1 and said.output.strip() == zh


@pytest.mark.parametrize(("args", "en", "ja"), [
    (("play", "--with", "clabber"),
     "Error: --with 'clabber': a variant of clabber cannot be put on two-player, a variant of "
     "cribbage",
     "エラー：--with 'clabber': clabber のバリアントは、cribbage のバリアント two-player には重ねられません"),
    (("play", "--variant", "clabber", "--with", "muggins"),
     "Error: --with 'muggins': a variant of cribbage cannot be put on clabber, a variant of "
     "clabber",
     "エラー：--with 'muggins': cribbage のバリアントは、clabber のバリアント clabber には重ねられません"),
])
def test_an_overlay_of_another_game_is_one_clear_problem(args, en, ja):
    # it was a list of the other game's hooks that one plugin or another "is not a hook", in
    # English, blamed on the shipped variant file
    english = run(*args)
    assert english.exit_code == 1 and english.output.strip() == en
    said = run("--lang", "ja", *args)
    assert said.exit_code == 1 and said.output.strip() == ja


@pytest.mark.parametrize(("script", "ja"), [
    ('variant = "two-player"\ncut = ["7H"]\n', "エラー：cut: カットは各席に1枚ずつ必要です"),
    ('variant = "two-player"\ndealer = 1\n[[hands]]\ndealt = [["3C", "4H"], ["5D", "TS"]]\n',
     "エラー：hands[0].dealt: 配札は 2 席それぞれに 6 枚必要です"),
])
def test_a_scripted_games_deal_is_refused_in_the_users_language(tmp_path, script, ja):
    # English under --lang ja: "the cut for deal needs one card per seat", "the deal needs ..."
    path = tmp_path / "script.toml"
    path.write_text(script, encoding="utf-8")
    said = run("--lang", "ja", "replay", str(path))
    assert said.exit_code == 1 and said.output.strip() == ja


@pytest.mark.parametrize("language", ["en", "ja", "zh-Hans"])
def test_replaying_a_variant_file_says_what_it_is(tmp_path, language):
    # it said that the variant's keys (config, extends, plugins) are no keys of a scripted game
    house = tmp_path / "house.toml"
    house.write_text('extends = ["two-player"]\nplugins = ["+muggins"]\n', encoding="utf-8")
    said = run("--lang", language, "replay", str(house))
    assert said.exit_code == 1
    assert said.output.strip() == {
        "en": f"Error: {house} is a variant file, not a record or a scripted game: play it with "
              f"pegline play --variant {house}",
        "ja": f"エラー：{house} はバリアントファイルで、記録でもスクリプトでもありません：pegline play "
              f"--variant {house} でプレイしてください",
        "zh-Hans": f"错误：{house} 是变体文件，不是记录也不是脚本对局：请用 pegline play --variant "
                   f"{house} 来玩",
    }[language]


def _saved(tmp_path, name, *args):
    path = tmp_path / name
    assert run("play", "--seed", "5", *args, "--save", str(path)).exit_code == 0
    return path


@pytest.mark.parametrize(("make", "ja"), [
    (lambda log: "", "エラー：{file}: ヘッダー行がありません"),
    (lambda log: log.splitlines()[0] + "\n[1, 2]\n",
     "エラー：{file}: line 2: JSON のオブジェクトが必要です"),
])
def test_a_log_edited_by_hand_is_refused_in_the_users_language(tmp_path, make, ja):
    # English under --lang ja: "no header line", "line 2: expected a JSON object"
    log = _saved(tmp_path, "game.jsonl").read_text(encoding="utf-8")
    edited = tmp_path / "edited.jsonl"
    edited.write_text(make(log), encoding="utf-8")
    said = run("--lang", "ja", "replay", str(edited))
    assert said.exit_code == 1 and said.output.strip() == ja.format(file=edited)


@pytest.mark.parametrize(("events", "ja"), [
    ("events = 5\n", "エラー：{file}: events: テーブルの配列が必要です"),
    ("events = [1]\n", "エラー：{file}: events[0]: テーブルが必要です"),
])
def test_a_records_events_of_the_wrong_kind_are_refused_in_the_users_language(
        tmp_path, events, ja):
    text = _saved(tmp_path, "game.toml").read_text(encoding="utf-8")
    edited = tmp_path / "edited.toml"
    edited.write_text(events + text[:text.index("[[events]]")], encoding="utf-8")
    said = run("--lang", "ja", "replay", str(edited))
    assert said.exit_code == 1 and said.output.strip() == ja.format(file=edited)


def test_a_match_record_where_a_games_is_wanted_is_said_in_the_users_language(tmp_path):
    from pegline_core.app.i18n import use_language
    from pegline_core.app.problems import shown
    from pegline_core.errors import RecordError
    from pegline_core.record import GameRecord

    match = _saved(tmp_path, "match.toml", "--match", "1")
    with pytest.raises(RecordError) as caught:
        GameRecord.load(match)
    with use_language("ja"):
        assert shown(caught.value) == (f"{match}: マッチの記録です（format 'pegline-match'）。"
                                       "1 ゲームの記録（format 'pegline-record'）ではありません")


def test_a_summary_key_left_out_or_added_is_said_as_nothing_in_the_users_language(tmp_path):
    # it was "'(nothing)'", quoted, in English under --lang ja
    text = _saved(tmp_path, "game.toml").read_text(encoding="utf-8")
    left_out = tmp_path / "left-out.toml"
    left_out.write_text(text.replace("over = true\n", "", 1), encoding="utf-8")
    added = tmp_path / "added.toml"
    added.write_text(text.replace("over = true\n", "over = true\nextra = 2\n", 1),
                     encoding="utf-8")
    assert run("--lang", "ja", "replay", str(left_out)).output.strip() == \
        f"エラー：{left_out}: summary.over: ヘッダーでは なし、イベントでは True です"
    assert run("replay", str(added)).output.strip() == \
        f"Error: {added}: summary.extra: the header says 2, but the events say nothing"


def test_serve_says_where_it_listens_or_why_it_cannot_in_the_users_language(monkeypatch):
    # both were English under --lang ja (the warning before them was not)
    uvicorn = pytest.importorskip("uvicorn")
    pytest.importorskip("starlette")
    def closed_at_once(self, sockets=()):
        for sock in sockets:
            sock.close()

    monkeypatch.setattr(uvicorn.Server, "run", closed_at_once)
    serving = run("--lang", "ja", "serve", "--port", "0", "--db", ":memory:")
    assert serving.exit_code == 0, serving.output
    assert re.fullmatch(r"Pegline は http://127\.0\.0\.1:\d+/ で提供中です（Ctrl-C で止まります）",
                        serving.output.strip()), serving.output
    refused = run("--lang", "ja", "serve", "--host", "203.0.113.1", "--db", ":memory:")
    assert refused.exit_code == 1
    assert re.fullmatch(r"エラー：203\.0\.113\.1 のポート 8765 で待ち受けられません：.+"
                        r"（--port で別のポートを選んでください）",
                        refused.output.strip().splitlines()[-1]), refused.output


@pytest.mark.parametrize(("old", "new", "ja"), [
    ("best_of = 3", "best_of = 3\nfirst_to = 2",
     "エラー：{file}: match: best_of か target のどちらかを持つテーブルが必要です"),
    ("version = 1\n", "version = 1\nplayers = 2\n",
     "エラー：{file}: 不明なキー 'players'（マッチの記録のキーは format, version, match, summary, "
     "games です）"),
    ("over = true\n", "over = false\n",
     "エラー：{file}: summary: ヘッダーでは {{'wins': [2, 1], 'points': [4, 2], 'over': False}}、"
     "ゲームでは {{'wins': [2, 1], 'points': [4, 2], 'over': True}} です"),
    ('format = "pegline-match"\nversion = 1', 'format = "pegline-match"\nversion = 7',
     "エラー：{file}: マッチの記録のバージョン 7 には対応していません（この Pegline が読めるのは"
     "バージョン 1）"),
])
def test_a_match_record_edited_by_hand_is_refused_in_the_users_language(tmp_path, old, new, ja):
    # each was English under --lang ja
    saved = tmp_path / "match.toml"
    assert run("play", "--match", "3", "--seed", "2", "--save", str(saved)).exit_code == 0
    text = saved.read_text(encoding="utf-8")
    assert old in text
    edited = tmp_path / "edited.toml"
    edited.write_text(text.replace(old, new, 1), encoding="utf-8")
    said = run("--lang", "ja", "replay", str(edited))
    assert said.exit_code == 1 and said.output.strip() == ja.format(file=edited)


@pytest.mark.parametrize("variant", [("two-player",), ("partner", "--with", "lowball")])
def test_a_resumed_games_description_is_in_the_users_language(tmp_path, variant):
    # a record's rules hold the description resolved ("... to 121"), which the catalog, keyed
    # by the shipped files' text ("... to {scoring.target}"), did not find: it was English
    name, *overlays = variant
    record = tmp_path / "game.toml"
    fresh = CliRunner().invoke(main, ["--lang", "ja", "play", "--human", "--seed", "4",
                                      "--variant", name, *overlays, "--save", str(record)],
                               input="quit\n")
    assert fresh.exit_code == 0, fresh.output
    resumed = CliRunner().invoke(main, ["--lang", "ja", "play", "--human", "--resume",
                                        str(record)], input="quit\n")
    assert resumed.exit_code == 0, resumed.output
    described = fresh.stdout.splitlines()[0].split("（シード")[0]
    assert resumed.stdout.splitlines()[0].startswith(described + "（再開："), resumed.stdout


@pytest.mark.parametrize(("header", "ja"), [
    (lambda line: line, "エラー：{file}: ログにゲームがありません"),
    (lambda line: line.replace('"stream": true', '"stream": true, "x": 1'),
     "エラー：{file}: line 1: マッチのログのヘッダーは format, version, match と stream = true です"),
])
def test_a_match_log_cut_or_edited_is_refused_in_the_users_language(tmp_path, header, ja):
    # English under --lang ja: "the log holds no game", "a match log's header has ..."
    log = tmp_path / "match.jsonl"
    assert run("play", "--match", "1", "--seed", "2", "--log", str(log)).exit_code == 0
    edited = tmp_path / "edited.jsonl"
    edited.write_text(header(log.read_text(encoding="utf-8").splitlines()[0]) + "\n",
                      encoding="utf-8")
    said = run("--lang", "ja", "replay", str(edited))
    assert said.exit_code == 1 and said.output.strip() == ja.format(file=edited)


def test_a_record_that_needs_a_plugin_not_installed_says_so_in_the_users_language(tmp_path):
    # English under --lang ja: "the record needs plugins that are not installed here: ..."
    text = _saved(tmp_path, "game.toml").read_text(encoding="utf-8")
    edited = tmp_path / "edited.toml"
    edited.write_text(text.replace('plugins = [\n    "standard",\n]',
                                   'plugins = [\n    "standard",\n    "lucky",\n]', 1)
                      .replace('standard = "0.1.0"', 'standard = "0.1.0"\nlucky = "1.0.0"', 1),
                      encoding="utf-8")
    said = run("--lang", "ja", "replay", str(edited))
    assert said.exit_code == 1
    assert said.output.strip() == ("エラー：この記録には、ここにインストールされていないプラグインが"
                                   "必要です：lucky 1.0.0")


@pytest.mark.parametrize(("old", "new", "en", "ja"), [
    ('card = "AS"', 'card = "KH"', "seat 3 does not hold KH", "3番席はKHを持っていません"),
    ("cut = 9\n", "cut = 1\n",
     "the cut leaves at least 4 cards in each packet: it lifts 4 to 20, not 1",
     "カットでは各山に少なくとも 4 枚残します：持ち上げるのは 4 枚から 20 枚まで（1 ではなく）"),
])
def test_a_clabber_record_edited_by_hand_says_why_in_the_users_language(tmp_path, old, new,
                                                                        en, ja):
    # the held card read "Card.parse('KH')", and the cut was English under --lang ja
    saved = tmp_path / "clabber.toml"
    assert run("play", "--variant", "clabber", "--seed", "2", "--save", str(saved)).exit_code == 0
    text = saved.read_text(encoding="utf-8")
    assert old in text
    edited = tmp_path / "edited.toml"
    edited.write_text(text.replace(old, new, 1), encoding="utf-8")
    english = run("replay", str(edited), "--verify").output.strip()
    assert english.startswith("Error: event ") and english.endswith(": " + en), english
    said = run("--lang", "ja", "replay", str(edited), "--verify").output.strip()
    assert said.startswith("エラー：イベント ") and said.endswith("）：" + ja), said


def test_the_machines_own_refusals_are_said_in_the_users_language():
    """A starter already dealt (a record edited by hand) and a chance action asked for when
    none is due were refused in English under ja / zh-Hans; they carry codes now."""
    import random

    from pegline_core import IllegalActionError
    from pegline_core.app.problems import shown
    from pegline_cribbage.actions import CutStarter

    game, rng = Game("two-player"), random.Random(3)
    while game.phase != "starter":
        to_act = game.to_act
        game.apply(game.chance_action(rng) if to_act == "chance"
                   else rng.choice(game.legal_actions(to_act[0])))
    card = game.machine.held[0][0]
    with pytest.raises(IllegalActionError) as dealt:
        game.apply(CutStarter(card))
    game.apply(game.chance_action(rng))
    with pytest.raises(IllegalActionError) as none_due:
        game.chance_action(rng)
    assert (dealt.value.code, none_due.value.code) == ("cribbage.starter-dealt",
                                                       "refused.no-chance")
    assert str(dealt.value) == f"the starter {card} has already been dealt"  # English unchanged
    said = {}
    for lang in ("ja", "zh-Hans"):
        with use_language(lang):
            said[lang] = (shown(dealt.value), shown(none_due.value))
    assert said["ja"][0] == f"スターター {card} はすでに配られています"
    assert said["zh-Hans"][0] == f"起牌 {card} 已经发出"
    assert "偶然の手" in said["ja"][1] and "随机行动" in said["zh-Hans"][1]
