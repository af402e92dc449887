"""Exact analysis and simulation at scale (docs/scale.md)."""

import json

import attrs
import pytest
from click.testing import CliRunner

from pegline_core import load_variant
from pegline_core.app.cli import main
from pegline_core.app.simulate import SimulationStats, simulate
from pegline_cribbage.analysis import show_distribution
from tests.test_show_distribution import PUBLISHED


@pytest.mark.parametrize("crib", [False, True])
def test_fast_analysis_is_the_published_table(crib):
    result = show_distribution(load_variant("two-player"), crib=crib)
    table = PUBLISHED["crib" if crib else "hand"]
    assert result.method == "plugin"
    assert result.counts == {int(k): v for k, v in table["counts"].items() if v}
    assert round(result.mean, 6) == table["mean"]


def test_fast_analysis_follows_the_plugin_configuration():
    variant = load_variant("two-player")
    lenient = attrs.evolve(variant, config={"standard": {"crib_flush_needs_starter": False}})
    assert show_distribution(lenient, crib=True).counts == \
        show_distribution(variant, crib=False).counts


def test_enumeration_when_no_plugin_offers_the_distribution():
    five = show_distribution(load_variant("five-card-traditional"), crib=False)  # three-card hands
    assert five.method == "enumerated" and five.pairs == 22100 * 49
    # the best three-card show: three fives and a five starter, 8 for fifteens and 12 for pairs
    assert max(five.counts) == 20 and five.counts[20] == 4  # C(4,3) hands, one starter each


def test_analyze_command_prints_both_tables():
    result = CliRunner().invoke(main, ["analyze", "show", "--json"])
    data = json.loads(result.output)
    assert data["hand"]["pairs"] == data["crib"]["pairs"] == 12_994_800
    assert round(data["crib"]["mean"], 6) == 4.734819


def test_the_same_seed_gives_the_same_report_on_one_or_two_workers():
    variant = load_variant("two-player")
    one = simulate(variant, ["greedy", "random"], games=60, seed=5, workers=1)
    two = simulate(variant, ["greedy", "random"], games=60, seed=5, workers=2)
    assert one == two  # every sum (the hooks' timings are not compared)
    assert one.games == 60 and one.seats == {"greedy": 60, "random": 60}
    assert sum(one.wins.values()) == 60


@pytest.mark.xdist_group("dask")  # one real cluster at a time
def test_a_real_local_dask_cluster_gives_the_same_report():
    distributed = pytest.importorskip("distributed")
    variant = load_variant("three-player")
    local = simulate(variant, ["random"], games=30, seed=2, workers=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster:
        remote = simulate(variant, ["random"], games=30, seed=2, scheduler=cluster.scheduler_address)
    assert remote == local


def test_statistics_are_sums_so_memory_stays_flat():
    variant = load_variant("two-player")
    stats = simulate(variant, ["random", "random"], games=50, seed=1, workers=1)
    sizes = {name: len(getattr(stats, name)) for name in ("wins", "points", "length", "marks")}
    more = simulate(variant, ["random", "random"], games=150, seed=1, workers=1)
    assert all(len(getattr(more, name)) <= max(size, 1) * 3 for name, size in sizes.items())
    merged = SimulationStats().merge(stats).merge(stats)
    assert merged.games == 100 and merged.hands == 2 * stats.hands


def test_simulate_command_report_json_and_plot(tmp_path):
    plot = tmp_path / "report.png"
    result = CliRunner().invoke(main, ["simulate", "--games", "20", "--bots", "greedy,random",
                                       "--workers", "1", "--json", "--plot", str(plot)])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["games"] == 20 and set(report["win_rates"]) == {"greedy", "random"}
    assert {"dealer/pegging", "pone/hand", "dealer/crib"} <= set(report["points_per_hand"])
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    bad = CliRunner().invoke(main, ["simulate", "--bots", "genius", "--games", "2"])
    assert bad.exit_code == 1 and "unknown bot 'genius'" in bad.output
