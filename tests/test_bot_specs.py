"""Bot specs: a bot of one's own (a class or factory, or ``module.path:Name``) in every tool."""

from __future__ import annotations

import functools

import pytest
from click.testing import CliRunner

from pegline_clabber.tournament import round_robin
from pegline_core import load_variant
from pegline_core.app.bot_specs import BotSpecError, registrations, resolve_bot, resolve_bots
from pegline_core.app.cli import main
from pegline_core.app.simulate import run_chunk, simulate
from pegline_cribbage.bots import GreedyBot
from tests import own_bots

TWO = load_variant("two-player")


def test_a_spec_names_a_class_a_factory_or_a_game_bot():
    assert resolve_bot("greedy", TWO).label == "greedy"
    first = resolve_bot("tests.own_bots:FirstLegal", TWO)
    assert first.factory is own_bots.FirstLegal and first.seeding == ""
    assert resolve_bot(own_bots.Seeded, TWO).spec == "tests.own_bots:Seeded"
    assert resolve_bot(own_bots.Seeded, TWO).seeding == "keyword"
    assert resolve_bot("tests.own_bots:first_legal", TWO).seeding == "positional"
    # GreedyBot(mistakes=0.0, seed=None): the seed goes by keyword, never into mistakes
    greedy = resolve_bot("pegline_cribbage.bots:GreedyBot", TWO).make(11)
    assert greedy.mistakes == 0.0 and greedy.rng.random() == GreedyBot(seed=11).rng.random()


@pytest.mark.parametrize(("spec", "said"), [
    ("genius", "unknown bot 'genius'; choose from random, greedy, sloppy, coach, or name a class"),
    ("nosuch_module_x:Bot", "cannot import nosuch_module_x"),
    ("tests.own_bots:Missing", "tests.own_bots has no Missing"),
    ("tests.own_bots:NoChoose", "the class NoChoose has no choose(view, legal) method"),
    ("tests.own_bots:NOT_CALLABLE", "is int, not a player class or factory"),
    ("tests.own_bots:", "write a bot of your own as module.path:Name"),
    (3, "not 3"),
])
def test_a_spec_that_names_no_bot_is_refused_with_the_reason(spec, said):
    with pytest.raises(BotSpecError, match=None) as caught:
        resolve_bot(spec, TWO)
    assert said in str(caught.value) and isinstance(caught.value, ValueError)


def test_a_factory_that_returns_no_player_is_refused_when_seated():
    with pytest.raises(BotSpecError, match="made int, which has no choose"):
        resolve_bot(lambda: 5, TWO).make(0)


def test_simulate_takes_classes_and_spec_strings_and_labels_them():
    by_class = simulate(TWO, [own_bots.Seeded, "greedy"], games=6, seed=3, workers=1)
    by_spec = simulate(TWO, ["tests.own_bots:Seeded", "greedy"], games=6, seed=3, workers=1)
    assert by_class == by_spec
    assert set(by_class.report()["win_rates"]) == {"tests.own_bots:Seeded", "greedy"}
    assert sum(by_class.wins.values()) == 6


def test_own_bots_play_the_same_games_on_worker_processes():
    one = simulate(TWO, [own_bots.FirstLegal, "random"], games=50, seed=2, workers=1)
    two = simulate(TWO, [own_bots.FirstLegal, "random"], games=50, seed=2, workers=2)
    assert one == two and one.games == 50


def test_a_bot_the_workers_cannot_import_is_refused_before_any_game():
    class Local(own_bots.FirstLegal):
        pass

    assert simulate(TWO, [Local, "random"], games=2, seed=0, workers=1).games == 2
    with pytest.raises(BotSpecError, match="is defined inside a function"):
        simulate(TWO, [Local, "random"], games=60, seed=0, workers=2)
    with pytest.raises(BotSpecError, match="cannot be found again by its name"):
        simulate(TWO, [functools.partial(own_bots.first_legal), "random"], games=60, workers=2)
    Local.__module__, Local.__qualname__ = "__main__", "Local"
    with pytest.raises(BotSpecError, match="a cluster's workers cannot import"):
        simulate(TWO, [Local, "random"], games=2, scheduler="tcp://127.0.0.1:1")


def test_a_worker_that_cannot_import_the_bot_says_so():
    with pytest.raises(BotSpecError, match="cannot import not_on_this_worker"):
        run_chunk(TWO, ["not_on_this_worker:Bot", "greedy"], 0, 0, 1)


def test_the_round_robin_takes_specs():
    table = round_robin(load_variant("clabber"), ["tests.own_bots:FirstLegal", "random"],
                        games=2, seed=1, workers=1)
    assert sorted(s.entrant for s in table) == ["random", "tests.own_bots:FirstLegal"]
    assert all(s.played == 2 for s in table)


def test_the_command_line_takes_specs_in_simulate_and_play():
    runner = CliRunner()
    done = runner.invoke(main, ["simulate", "--games", "4", "--workers", "1",
                                "--bots", "tests.own_bots:FirstLegal,greedy"])
    assert done.exit_code == 0, done.output
    assert "tests.own_bots:FirstLegal wins" in done.output
    played = runner.invoke(main, ["play", "--seed", "3", "--bots", "tests.own_bots:Seeded"])
    assert played.exit_code == 0 and "seat 0 (tests.own_bots:Seeded)" in played.output
    bad = runner.invoke(main, ["play", "--bots", "tests.own_bots:Missing"])
    assert bad.exit_code == 2 and "tests.own_bots has no Missing" in bad.output
    bad = runner.invoke(main, ["simulate", "--games", "2", "--bots", "nosuch_mod:X"])
    assert bad.exit_code == 1 and "cannot import nosuch_mod" in bad.output


def test_resolve_bots_wants_a_list():
    with pytest.raises(BotSpecError, match="as a list of specs"):
        resolve_bots("greedy", TWO)
    with pytest.raises(BotSpecError, match="as a list of specs"):
        resolve_bots([], TWO)


@pytest.mark.xdist_group("dask")  # one real cluster at a time
def test_own_bots_on_a_real_dask_cluster(tmp_path, monkeypatch):
    distributed = pytest.importorskip("distributed")
    local = simulate(TWO, ["tests.own_bots:FirstLegal", "random"], games=30, seed=4, workers=1)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster:
        remote = simulate(TWO, [own_bots.FirstLegal, "random"], games=30, seed=4,
                          scheduler=cluster.scheduler_address)
        assert remote == local
        (tmp_path / "only_here_bots.py").write_text(
            "class Bot:\n    def choose(self, view, legal):\n        return legal[0]\n")
        monkeypatch.syspath_prepend(str(tmp_path))  # this process can import it; workers cannot
        with pytest.raises(BotSpecError, match="cannot import only_here_bots"):
            simulate(TWO, ["only_here_bots:Bot", "random"], games=30,
                     scheduler=cluster.scheduler_address)


@pytest.fixture
def registered(tmp_path, monkeypatch):
    """An installed package (a dist-info on sys.path) that registers two cribbage bots by name,
    one of which names a module that is not there."""
    info = tmp_path / "mybots-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: mybots\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[pegline.bots]\ncribbage.first = tests.own_bots:Seeded\n"
        "cribbage.broken = mybots_missing:Bot\nclabber.first = tests.own_bots:FirstLegal\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registrations.cache_clear()
    yield
    registrations.cache_clear()


def test_an_installed_package_registers_bots_by_name_for_its_game(registered):
    from starlette.testclient import TestClient

    from pegline_core.app.bot_specs import bots_for
    from pegline_core.app.web.server import create_app

    assert {"first", "broken"} <= set(bots_for(TWO)) and "first" in bots_for("clabber")
    bot = resolve_bot("first", TWO)
    assert bot.label == bot.spec == "first"  # workers find it again by its name
    assert isinstance(bot.make(3), own_bots.Seeded)
    report = simulate(TWO, ["first", "greedy"], games=4, seed=2, workers=2).report()
    assert set(report["win_rates"]) == {"first", "greedy"}
    with TestClient(create_app()) as client:  # the page offers it by name
        assert "first" in client.get("/api/options").json()["bots"]["cribbage"]
    with pytest.raises(BotSpecError, match="the registered bot 'broken' .*cannot import "
                                           "mybots_missing"):
        resolve_bot("broken", TWO).make(1)  # a broken one fails only where it is chosen


@pytest.mark.parametrize("command", [["play", "--seed", "1"],
                                     ["simulate", "--games", "2", "--workers", "1"]])
def test_a_bot_that_fails_when_it_is_made_is_named_without_a_traceback(command):
    spec = "tests.own_bots:FailsToStart"
    result = CliRunner().invoke(main, [*command, "--bots", f"{spec},greedy"])
    assert result.exit_code == 1 and not isinstance(result.exception, RuntimeError)
    assert "Traceback" not in result.output
    assert f"the bot '{spec}' raised RuntimeError: no opening book when it was made" in \
        result.output and "own_bots.py:" in result.output
    japanese = CliRunner().invoke(main, ["--lang", "ja", *command, "--bots", f"{spec},greedy"])
    assert "RuntimeError: no opening book" in japanese.output
    assert "when it was made" not in japanese.output
