"""A plugin whose hooks take most of the games' time is named by `pegline simulate` (in its
report) and by `pegline --debug play`; a game of the standard rules names none."""

from __future__ import annotations

import json

import pytest

from tests.test_cli_score_variants import broken_plugins, run  # noqa: F401 - the fixture

SLOW = "plugin 'slowplay' took "


def test_simulate_names_a_plugin_whose_hooks_take_most_of_the_time(broken_plugins):  # noqa: F811
    _, variants = broken_plugins
    file = str(variants / "uses-slowplay.toml")
    result = run("simulate", "--variant", file, "--games", "3", "--workers", "1", "--json")
    assert result.exit_code == 0, result.output
    slow = json.loads(result.stdout)["slow_plugin"]
    assert slow["plugin"] == "slowplay" and slow["share"] > 0.5 and slow["ms_per_call"] >= 3
    printed = run("simulate", "--variant", file, "--games", "3", "--workers", "1")
    line = printed.stdout.splitlines()[-1]
    assert line.startswith("  " + SLOW) and "of the games' time in its hooks" in line, line


def test_simulate_names_no_plugin_in_a_normal_game():
    result = run("simulate", "--games", "20", "--workers", "1", "--json")
    assert result.exit_code == 0 and "slow_plugin" not in json.loads(result.stdout)
    assert "took" not in run("simulate", "--games", "20", "--workers", "1").stdout


def test_play_debug_names_a_slow_plugin_and_none_in_a_normal_game(broken_plugins):  # noqa: F811
    _, variants = broken_plugins
    file = str(variants / "uses-slowplay.toml")
    slow = run("--debug", "play", "--variant", file, "--seed", "1")
    assert slow.exit_code == 0, slow.output
    assert ("debug: " + SLOW) in slow.stderr and "of the games' time in its hooks" in slow.stderr
    match = run("--debug", "play", "--variant", file, "--seed", "1", "--match", "1")
    assert ("debug: " + SLOW) in match.stderr
    assert "debug:" not in run("play", "--variant", file, "--seed", "1").stderr  # not asked
    normal = run("--debug", "play", "--seed", "1")
    assert normal.exit_code == 0 and "debug:" not in normal.stderr


def test_a_plugin_is_named_only_when_its_calls_are_slow_and_most_of_the_time():
    from pegline_core.hook_times import HookTimes

    times = HookTimes()
    times.seconds, times.calls = {"standard": 0.6}, {"standard": 120_000}  # 5 us a call
    assert times.slowest(1.0) is None  # most of a fast game, but the engine's own pace
    times.seconds, times.calls = {"house": 0.6}, {"house": 200}  # 3 ms a call
    assert times.slowest(1.0) == ("house", 0.6)
    times.seconds, times.calls = {"house": 0.2}, {"house": 200}
    assert times.slowest(1.0) is None  # slow, but a fifth of the time


def test_an_implementations_first_call_in_a_process_is_not_counted(monkeypatch):
    """A process's first game pays for what a plugin builds once (the standard rules' show
    table: 10.9 ms of hooks in a fresh process's first game, 0.06 ms in the next). Counted,
    it named the standard rules as slow in a short run on a fresh dask worker."""
    import types

    from pegline_core import hook_times
    from pegline_core.hook_times import SLOW_CALL, HookTimes

    now = [0.0]
    monkeypatch.setattr(hook_times, "time", types.SimpleNamespace(perf_counter=lambda: now[0]))
    built = []

    def scores(points):
        now[0] += 0.000001 if built else 0.05  # the first call builds a table
        built.append(points)
        return points

    first_game = HookTimes()
    call = first_game.timed("tables", scores)
    for points in range(100):
        call(points)
    assert len(built) == 100 and first_game.calls["tables"] == 99
    assert first_game.per_call("tables") == pytest.approx(0.000001)
    assert first_game.slowest(elapsed=0.0002) is None  # most of the time, but fast calls
    next_game = HookTimes()  # timed again in the same process: every call counted
    call = next_game.timed("tables", scores)
    for points in range(10):
        call(points)
    assert next_game.calls["tables"] == 10 and next_game.per_call("tables") < SLOW_CALL
