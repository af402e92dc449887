"""Errors and variant problems carry a stable code and their values; their English is unchanged;
text in another language is made from the template where it is shown, never by reading the
English back."""

from __future__ import annotations

import importlib
import pickle
import re
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from pegline_core import Game, load_variant, messages
from pegline_core.app.cli import main
from pegline_core.app.i18n import LANGUAGES, RecordedEnglish, catalog_messages, use_language
from pegline_core.app.problems import say, shown
from pegline_core.cards import Card, parse_cards
from pegline_core.errors import (
    IllegalActionError,
    PeglineError,
    PlayerError,
    VariantError,
)
from pegline_core.messages import Message, Problem, Template
from pegline_core.variant import variant_from_table
from pegline_cribbage.actions import Deal, Discard, Play

ROOT = Path(__file__).resolve().parent.parent


def _defining_modules() -> list[str]:
    """Every module of the source that defines a message template."""
    found = subprocess.run(["grep", "-rl", "--include=*.py", "Template(", "pegline_core",
                            "plugins"], cwd=ROOT, capture_output=True, text=True, check=True)
    modules = []
    for path in found.stdout.split():
        parts = Path(path).with_suffix("").parts
        modules.append(".".join(parts[1:] if parts[0] == "plugins" else parts))
    return sorted(modules)


def _all_templates() -> list[Template]:
    for module in _defining_modules():
        importlib.import_module(module)
    return sorted(messages.TEMPLATES.values(), key=lambda template: template.code)


def _untranslated(templates: list[Template]) -> list[str]:
    """Each template with no translation in a language Pegline speaks, as ``code tag``."""
    return [f"{template.code} {tag}" for template in templates for tag in LANGUAGES
            if tag != "en" and not catalog_messages(template.domain, tag).get(template.text)]


def _problems(text: str, tmp_path: Path) -> list[str]:
    file = tmp_path / "house.toml"
    file.write_text(text)
    with pytest.raises(VariantError) as caught:
        load_variant(file)
    return caught.value.problems


def test_every_template_is_translated_in_every_language():
    templates = _all_templates()
    assert len(templates) > 150
    assert _untranslated(templates) == []


def test_a_reworded_template_is_caught_untranslated(monkeypatch):
    _all_templates()
    monkeypatch.setattr(messages, "TEMPLATES", dict(messages.TEMPLATES))
    Template("test.reworded", "the game is finished")  # "the game is over", reworded
    assert _untranslated(_all_templates()) == ["test.reworded ja", "test.reworded zh-Hans"]


def test_each_code_renders_in_each_language():
    said = {}
    for tag in LANGUAGES:
        with use_language(tag):
            said[tag] = [say(template(**dict.fromkeys(_fields(template.text), "X")))
                         for template in _all_templates()]
    assert said["en"] == [template.text.format_map(dict.fromkeys(_fields(template.text), "X"))
                          for template in _all_templates()]
    worded = [bool(re.search(r"[a-z]", re.sub(r"\{\w+\}", "", template.text)))
              for template in _all_templates()]  # all but joiners such as "{message}{hint}"
    assert worded.count(False) < 6  # the joiners: hint, joined, lines, listed, differences
    for tag in ("ja", "zh-Hans"):
        assert all(a != b for a, b, words in zip(said["en"], said[tag], worded, strict=True)
                   if words)


def _fields(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def test_a_code_names_one_template(monkeypatch):
    monkeypatch.setattr(messages, "TEMPLATES", {})
    Template("game.twice", "a text")
    Template("game.twice", "a text")  # a module imported twice defines it again
    with pytest.raises(ValueError, match="already names"):
        Template("game.twice", "another text")


def test_the_kernels_errors_keep_their_english_and_carry_a_code(tmp_path):
    game = Game("two-player", dealer=1)
    game.apply(Deal([parse_cards("5H 5C JD KS 2C 9H"), parse_cards("AS 2S 3S 4S 6S 7S")]))
    cases = [
        (lambda: Card.parse("1Z"), "'1Z': unknown suit 'Z'", "card.suit"),
        (lambda: parse_cards("5H 5H"), "'5H' is given twice", "card.twice"),
        (lambda: Game("two-player").undo(), "there is no action to undo", "refused.no-undo"),
        (lambda: game.apply(Play(0, Card.parse("5H"))),
         "Play is not allowed in the discard phase", "refused.not-now"),
        (lambda: game.apply(Discard(0, parse_cards("AS 2S"))),
         "seat 0 does not hold AS 2S", "refused.not-held"),
        (lambda: game.apply(Discard(0, parse_cards("5H"))),
         "lay away exactly 2 different card(s), got 5H", "cribbage.lay-away"),
        (lambda: game.compare(7), "no seat 7 at a table of 2", "refused.no-seat"),
    ]
    for act, english, code in cases:
        with pytest.raises(PeglineError) as caught:
            act()
        assert (str(caught.value), caught.value.code) == (english, code)
    assert caught.value.params == {"seat": "7", "players": 2}  # the seat as given, shown
    problems = _problems('extends = ["two-player", "mugins"]\n[scoring]\ntargt = 121\n'
                         'win_game_points = 0\n[table]\nplayers = 9\n', tmp_path)
    assert [(problem.split(": ", 1)[1], problem.code) for problem in problems] == [
        ("extends[1]: unknown variant 'mugins' (did you mean 'muggins'? known: "
         + problems[0].split("known: ")[1], "variant.unknown"),
        ("scoring.targt: unknown key (did you mean 'target'?)", "unknown-key.near"),
        ("table.players: must be from 2 to 8, got 9", "table.players"),
        ("scoring.win_game_points: must be at least 1, got 0", "value.at-least")]
    assert problems[1].place == (str(tmp_path / "house.toml"), "scoring.targt")


def test_the_plugins_problems_keep_their_english_and_carry_a_code(tmp_path):
    problems = [
        *_problems('extends = ["two-player"]\nplugins = ["+muggins"]\n'
                   '[config.muggins]\nmax_declaration = -1\n', tmp_path),
        *_problems('extends = ["two-player"]\nplugins = ["+house"]\n'
                   '[[config.house.rules]]\nid = "x"\nname.en = "x"\nwhen = "show"\n'
                   'points = 1\nmatch.ranks = ["Z"]\n', tmp_path)]
    assert [(problem.split(": ", 1)[1], problem.code) for problem in problems] == [
        ("config.muggins.max_declaration: (plugin 'muggins') must not be negative, got -1",
         "plugin.says"),
        ("config.house.rules[0].match.ranks[0]: (plugin 'house') unknown rank 'Z' (ranks: A 2 3 "
         "4 5 6 7 8 9 10 J Q K)", "plugin.says")]
    assert [problem.message.params["message"].code for problem in problems] == [
        "value.negative", "house.unknown-rank"]
    with use_language("ja"):
        assert "負であってはなりません" in say(problems[0])


def test_a_variants_problem_is_translated_by_its_template_not_by_its_english(monkeypatch):
    with pytest.raises(VariantError) as caught:
        variant_from_table({"table": {"players": 9}}, name="house")
    monkeypatch.setattr(RecordedEnglish, "translate", _never)
    with use_language("zh-Hans"):
        assert shown(caught.value) == "house: table.players: 必须在 2 到 8 之间，实际为 9"  # noqa: RUF001


def _never(*_args: object) -> str:
    raise AssertionError("a live message read back from its English")


def test_text_without_a_template_is_shown_as_it_is():
    error = PeglineError("my plugin's own words")
    assert (error.message, error.code, error.params) == ("my plugin's own words", None, {})
    with use_language("ja"):
        assert shown(error) == "my plugin's own words"
        assert say(Problem("its own words", "house.toml", "config.x")) == \
            "house.toml: config.x: its own words"


def test_a_players_error_keeps_its_code_and_the_rules_refusal_when_pickled():
    from pegline_core.refusals import GAME_OVER

    refusal = IllegalActionError(GAME_OVER())
    error = PlayerError.refused(0, object(), "go", refusal)
    again = pickle.loads(pickle.dumps(error))
    assert str(again) == str(error) == \
        "seat 0's player builtins:object answered 'go', which the rules refuse: the game is over"
    assert again.code == "player.refused"
    assert again.params["reason"].code == "refused.game-over"
    with use_language("ja"):
        assert say(again.message) == say(error.message) != str(error)


def test_the_command_line_shows_a_kernel_error_in_the_language_asked():
    for tag, expected in (("en", "'1Z': unknown suit 'Z'"),
                          ("ja", "'1Z'\uff1a不明なスート 'Z'")):
        result = CliRunner().invoke(main, ["--lang", tag, "score", "1Z", "5C", "5D", "JS",
                                           "--starter", "5S"])
        assert result.exit_code != 0 and expected in result.output, result.output


def test_an_old_records_english_reason_still_shows_translated_and_a_new_one_by_its_code():
    from pegline_clabber.reasons import translate
    from pegline_clabber.refusals import MAY_NOT_PLAY, OVERTRUMP_ONE

    live = MAY_NOT_PLAY(card="J♥", why=OVERTRUMP_ONE(cards="9♥", card="K♥"))
    old = "J♥ may not be played: you must overtrump: 9♥ beats the K♥ in the trick"
    assert live == old and isinstance(live, Message) and live.code == "clabber.may-not-play"
    with use_language("ja"):
        by_code = translate(live)
        by_english = translate(old)
    assert by_code == by_english != old


def test_the_english_table_serves_only_old_records():
    users = subprocess.run(["grep", "-rlE", r"RecordedEnglish|Formatted|explain_known",
                            "--include=*.py", "pegline_core", "plugins"], cwd=ROOT,
                           capture_output=True, text=True).stdout.split()
    assert sorted(users) == ["pegline_core/app/i18n.py", "plugins/pegline_clabber/reasons.py"]


def test_the_kernel_decides_by_a_messages_code_not_its_wording(monkeypatch, tmp_path):
    from pegline_core import record
    from pegline_core.plugins import UNKNOWN_PLUGIN
    from pegline_core.record import GameRecord

    monkeypatch.setattr(record._OTHER_RULES, "text", "a rule set of its own, not {name}'s")
    monkeypatch.setattr(UNKNOWN_PLUGIN, "text", "no plugin called {name} ({close}{names})")
    five = GameRecord.load(ROOT / "tests" / "records" / "v1" / "five-card.toml")
    assert five.replay().variant.name == "five-card-traditional"  # renamed: found by its old name
    problems = _problems('extends = ["two-player"]\nplugins = ["+stink-hole"]\n', tmp_path)
    assert "'stink-hole' is a variant: extends = [\"stink-hole\"] builds on it" in problems[0]
    assert [problem.code for problem in problems] == ["hinted"]


def test_a_message_unpickled_keeps_its_template():
    from pegline_core.refusals import GAME_OVER

    again = pickle.loads(pickle.dumps(GAME_OVER()))
    assert again.template is GAME_OVER and again == "the game is over"


def test_the_web_apis_refusal_carries_the_code_beside_the_translated_message():
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from pegline_core.app.web import create_app
    from tests.one_person import open_seat

    with TestClient(create_app()) as client:
        seat = open_seat(client, seed=4, options={})
        held = seat.state()["table"]["held"][0]
        for tag in ("en", "ja"):
            refused = seat.move({"type": "play", "card": held}, headers={"x-pegline-lang": tag})
            assert refused.status_code == 409
            assert refused.json()["code"] == "refused.not-now"
        assert refused.json()["error"].startswith("discard フェーズでは Play はできません")
        unread = client.post("/api/tables", json={"variant": "nosuch"})
        assert unread.status_code == 400 and "code" not in unread.json()  # the app's own words


def test_a_file_that_cannot_be_read_is_said_in_the_language_asked(tmp_path):
    """What a new user meets first (a mistyped file name, a broken file) keeps its English and
    is shown in the language asked, wherever the file is read."""
    broken = tmp_path / "broken.toml"
    broken.write_text("dealer = [\n")
    english, japanese = ([CliRunner().invoke(main, ["--lang", tag, *command]).output
                          for command in (["play", "--resume", str(tmp_path / "gone.toml")],
                                          ["replay", str(broken)],
                                          ["variants", "check", str(broken)])]
                         for tag in ("en", "ja"))
    assert f"{tmp_path / 'gone.toml'}: no such file" in english[0]
    assert f"{broken}: not valid TOML: " in english[1] and "not valid TOML: " in english[2]
    assert f"{tmp_path / 'gone.toml'}: そのファイルはありません" in japanese[0]
    assert all("正しい TOML ではありません" in said for said in japanese[1:]), japanese


def test_a_record_altered_or_of_another_version_is_said_in_the_language_asked(tmp_path):
    from pegline_core.record import GameRecord

    record = tmp_path / "game.toml"
    assert CliRunner().invoke(main, ["play", "--seed", "2", "--save", str(record)]).exit_code == 0
    text = record.read_text()
    altered, later, other = (tmp_path / f"{name}.toml" for name in ("altered", "later", "other"))
    altered.write_text(text.replace("win_game_points = 2", "win_game_points = 3", 1))
    later.write_text(re.sub(r"(?m)^version = \d+", "version = 99", text, count=1))
    other.write_text(text.replace('format = "pegline-record"', 'format = "x"', 1))
    said = {tag: [CliRunner().invoke(main, ["--lang", tag, "replay", "--verify", str(path)]).output
                  for path in (altered, later)] for tag in ("en", "ja")}
    assert "the record's rules do not match its digest" in said["en"][0]
    assert "it was altered" in said["en"][0]
    assert f"{later}: record version 99 is not supported (this Pegline reads versions 1 to" in \
        said["en"][1]
    assert "改ざんされています" in said["ja"][0] and "対応していません" in said["ja"][1], said
    assert not any("it was altered" in text or "is not supported" in text for text in said["ja"])
    with pytest.raises(PeglineError) as caught:
        GameRecord.load(other)
    assert caught.value.code == "record.not-a-record"  # a Problem's: its message's
    assert caught.value.params == {"format": "'pegline-record'"}


def test_several_problems_of_one_thing_are_each_said_in_the_language_asked(tmp_path):
    record = tmp_path / "game.toml"
    assert CliRunner().invoke(main, ["play", "--seed", "2", "--save", str(record)]).exit_code == 0
    record.write_text(re.sub(r"(?m)^seed = \d+", 'seed = "x"\ndealer = "y"', record.read_text(),
                             count=1))
    english = CliRunner().invoke(main, ["replay", str(record)]).output
    assert "dealer: expected an integer, got the string 'y'; seed: expected an integer" in english
    japanese = CliRunner().invoke(main, ["--lang", "ja", "replay", str(record)]).output
    assert "dealer: 整数が必要です" in japanese and "seed: 整数が必要です" in japanese, japanese
