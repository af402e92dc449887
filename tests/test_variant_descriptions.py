"""A variant is described as resolved, overlays included, wherever its description is shown:
play's header, `variants list` and `show`, the web page's setup; in the language spoken."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from pegline_core import load_variant
from pegline_core.app.cli import main
from pegline_core.errors import VariantError

TO_61 = ("two-player+to-61: The standard two-player game to 61; To 61: once around the board, "
         "with a lurch below 31")


def run(*args: str) -> str:
    said = CliRunner().invoke(main, list(args))
    assert said.exit_code == 0, said.output
    return said.output


def test_an_overlay_changes_what_the_description_says():
    variant = load_variant("two-player", overlays=["to-61"])
    assert f"{variant.name}: {variant.description}" == TO_61
    assert load_variant("three-player", overlays=["to-121"]).description.startswith(
        "Three players, each scoring alone, to 121; To 121: twice around the board")


def test_an_overlay_that_changes_nothing_is_not_described():
    later = load_variant("two-player", overlays=["to-61", "to-121"])  # to-121 undoes to-61
    assert later.description == ("The standard two-player game to 121; To 121: twice around "
                                 "the board, skunk below 91 and double skunk below 61")
    already = load_variant("two-player-61", overlays=["two-player"])  # part of it already
    assert already.description == "The standard two-player game to 61"


def test_plays_header_describes_the_variant_played():
    assert run("play", "--with", "to-61", "--seed", "3").startswith(TO_61 + " (seed 3)\n")
    assert run("--lang", "ja", "play", "--with", "to-61", "--seed", "3").startswith(
        "two-player+to-61：2人用の標準ゲーム、61点まで；61点まで：ボード1周、31点未満はラーチ"
        "（シード 3）\n")
    assert run("--lang", "zh-Hans", "play", "--with", "to-61", "--seed", "3").startswith(
        "two-player+to-61：标准双人玩法，61 分；61 分：绕板一圈，低于 31 为惨败（种子 3）\n")


def test_variants_list_and_show_describe_the_resolved_variant(tmp_path, monkeypatch):
    (tmp_path / "house.toml").write_text('extends = ["two-player"]\ndescription = "Ours, to '
                                         '{scoring.target}"\n[scoring]\ntarget = 91\n')
    monkeypatch.setenv("PEGLINE_VARIANT_PATH", str(tmp_path))
    listed = dict(line.split(None, 1) for line in run("variants", "list").splitlines())
    assert listed["house"] == "Ours, to 91"
    assert listed["two-player-61"] == "The standard two-player game to 61"
    assert run("--lang", "ja", "variants", "list").count("2人用の標準ゲーム、61点まで\n") == 1
    shown = run("variants", "show", "two-player", "--with", "to-61")
    assert ('description = "The standard two-player game to 61; To 61: once around the board, '
            'with a lurch below 31"\n') in shown


def test_a_description_naming_no_key_is_refused(tmp_path):
    (tmp_path / "house.toml").write_text('description = "to {scoring.targt}"\n')
    with pytest.raises(VariantError) as caught:
        load_variant(tmp_path / "house.toml")
    assert caught.value.problems == [
        f"{tmp_path}/house.toml: description: {{scoring.targt}} names no key of the variant"]
    said = CliRunner().invoke(main, ["--lang", "ja", "variants", "check",
                                     str(tmp_path / "house.toml")]).output
    assert said.endswith("description: {scoring.targt} はバリアントのどのキーでもありません\n")


def test_the_web_setup_describes_the_choices_made():
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from pegline_core.app.web import create_app

    with TestClient(create_app()) as client:
        described = client.post("/api/describe", headers={"x-pegline-lang": "ja"},
                                json={"variant": "two-player", "options": {"target": "61"}})
        assert described.status_code == 200
        assert described.json() == {"description": "2人用の標準ゲーム、61点まで；61点まで：ボード"
                                                   "1周、31点未満はラーチ"}
        plain = client.post("/api/describe", json={"variant": "three-player", "options": {}})
        assert plain.json() == {"description": "Three players, each scoring alone, to 61"}
        wrong = client.post("/api/describe", json={"variant": "nosuch"})
        assert wrong.status_code == 400 and "nosuch" in wrong.json()["error"]
