"""`pegline simulate` reports: each game's own figures, checked against the same games played
here and counted straight from their logs."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from click.testing import CliRunner

from pegline_clabber.events import (
    HandDead,
    HandSettled,
    MeldsShown,
    RenegeCalled,
    RenegesVoid,
    TrumpMade,
)
from pegline_core import Scored, load_variant
from pegline_core.app import simulate as sim
from pegline_core.app.bot_specs import bots_for
from pegline_core.app.cli import main
from pegline_core.players import play_game


def games_of(variant, names, games, seed):
    """The games `simulate` plays for ``seed``: game i gets seed (seed << 32) + i and the bots
    rotated by i."""
    bots = bots_for(variant)
    for index in range(games):
        game_seed = (seed << 32) + index
        seating = sim._seating(names, variant.table.players, index)
        yield play_game(variant, [bots[name](game_seed + seat)
                                  for seat, name in enumerate(seating)], seed=game_seed)


def simulated(*args):
    result = CliRunner().invoke(main, ["simulate", "--workers", "1", *args])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(("variant", "bots"), [("clabber", "greedy,random"),
                                               ("clabber-renege", "sloppy,greedy")])
def test_clabbers_figures_match_the_logs(variant, bots):
    names, games, seed = bots.split(","), 6, 4
    count, melds, points = Counter(), 0, Counter()
    hands = 0
    for game in games_of(load_variant(variant), names, games, seed):
        hands += game.hand
        makers = -1
        for event in game.log:
            if isinstance(event, TrumpMade):
                makers = event.makers
            elif isinstance(event, HandSettled):
                count["made" if event.made else "set"] += 1
            elif isinstance(event, HandDead):
                count["dead"] += 1
            elif isinstance(event, RenegeCalled):
                count["called"] += 1
            elif isinstance(event, RenegesVoid):
                count["void"] += 1
            elif isinstance(event, MeldsShown):
                melds += sum(m.points for m in event.melds)
            elif isinstance(event, Scored):
                points["makers" if event.side == makers else "defenders"] += event.points
                points[event.rule] += event.points
    report = json.loads(simulated("--variant", variant, "--bots", bots, "--games", str(games),
                                  "--seed", str(seed), "--json"))
    own = report["game_statistics"]
    played = count["made"] + count["set"]
    assert own["hands"] == {"dealt": hands, "made": count["made"], "set": count["set"],
                            "dead": count["dead"], "renege": count["called"] - count["void"],
                            "void": count["void"]}
    assert own["makers"]["success_rate"] == pytest.approx(count["made"] / played)
    assert own["makers"]["set_rate"] == pytest.approx(count["set"] / played)
    low, high = own["makers"]["ci95"]
    assert low <= count["made"] / played <= high
    assert own["meld_per_hand"]["shown"] == pytest.approx(melds / hands)
    for role in ("makers", "defenders"):
        assert own["points_per_hand"][role] == pytest.approx(points[role] / hands)
    assert own["points_per_hand"]["card-points"] == pytest.approx(points["card-points"] / hands)
    assert report["hands_per_game"]["mean"] == pytest.approx(hands / games)
    if variant == "clabber-renege":
        assert count["called"] > 0 and own["points_per_hand"]["renege"] > 0
    text = simulated("--variant", variant, "--bots", bots, "--games", str(games),
                     "--seed", str(seed))
    assert (f"makers' success rate {count['made'] / played:.1%} of the {played} hands played "
            "out") in text
    assert f"average meld per hand: {melds / hands:.2f} points shown" in text
    assert f"points per hand: makers {points['makers'] / hands:.2f}" in text
    assert "dealer/" not in text and "hands/" not in text


def test_cribbages_report_is_the_points_per_hand_by_role_and_phase():
    names, games, seed = ["greedy", "random"], 8, 2
    variant = load_variant("two-player")
    total = sum(e.points for game in games_of(variant, names, games, seed)
                for e in game.log if isinstance(e, Scored))
    hands = sum(game.hand for game in games_of(variant, names, games, seed))
    report = json.loads(simulated("--games", str(games), "--seed", str(seed), "--json"))
    assert list(report) == ["games", "win_rates", "first_dealer", "points_per_hand",
                            "hands_per_game", "marks", "bots"]
    assert set(report["points_per_hand"]) <= {f"{role}/{phase}" for role in ("dealer", "pone")
                                              for phase in ("pegging", "hand", "crib", "heels",
                                                            "start")}
    assert sum(report["points_per_hand"].values()) * hands == pytest.approx(total)
    text = simulated("--games", str(games), "--seed", str(seed)).splitlines()
    at = text.index("  points per hand:")
    assert [line.split()[0] for line in text[at + 1:at + 1 + len(report["points_per_hand"])]] \
        == list(report["points_per_hand"])
    assert text[at + 1 + len(report["points_per_hand"])].startswith("  hands per game: ")


def test_each_bot_has_its_own_points_and_marks_counted_from_the_logs():
    variant, names, games, seed = load_variant("two-player"), ["greedy", "random"], 30, 5
    points, given, taken, played = Counter(), Counter(), Counter(), Counter()
    for index, game in enumerate(games_of(variant, names, games, seed)):
        seating = sim._seating(names, variant.table.players, index)
        first = next(e.dealer for e in game.log if type(e).__name__ == "DealerChosen")
        crib = False
        for event in game.log:
            if type(event).__name__ == "HandShown":
                crib = event.crib
            if isinstance(event, Scored):
                dealer = (first + event.hand - 1) % 2
                role = "dealer" if event.actor == dealer else "pone"
                phase = {"pegging": "pegging", "starter": "heels"}.get(
                    event.phase, "crib" if crib else "hand")
                points[seating[event.actor], f"{role}/{phase}"] += event.points
        for bot in seating:
            played[bot] += game.hand
        winner, loser = game.result.results
        if loser.mark:
            given[seating[winner.seats[0]], loser.mark] += 1
            taken[seating[loser.seats[0]], loser.mark] += 1
    report = sim.simulate(variant, names, games=games, seed=seed, workers=1).report()
    for bot in names:
        figures = report["bots"][bot]
        assert figures["games"] == games and figures["hands"] == played[bot]
        assert figures["points_per_hand"] == pytest.approx(
            {label: n / played[bot] for (name, label), n in points.items() if name == bot})
        for mark, rate in figures["marks_given"].items():
            assert rate == given[bot, mark] / games
            assert figures["marks_taken"][mark] == taken[bot, mark] / games
    pooled = report["points_per_hand"]
    assert sum(v * played[b] for b in names for v in report["bots"][b]["points_per_hand"].values()) \
        == pytest.approx(sum(pooled.values()) * report["hands_per_game"]["mean"] * games)


def test_the_printed_report_gives_each_bot_and_progress_goes_to_stderr_as_lines(tmp_path):
    plot = tmp_path / "bots.png"
    result = CliRunner().invoke(main, ["simulate", "--workers", "1", "--games", "50",
                                       "--bots", "sloppy,greedy", "--plot", str(plot)])
    assert result.exit_code == 0, result.output
    assert "  sloppy: 50 games" in result.stdout and "  greedy: 50 games" in result.stdout
    assert "points per hand it played: dealer/crib" in result.stdout
    assert "skunk: given" in result.stdout
    first, last = result.stderr.splitlines()
    assert re.fullmatch(r"two-player: 25 of 50 games, about \d+:\d\d:\d\d left", first), first
    assert last == "two-player: 50 of 50 games"
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    quiet = CliRunner().invoke(main, ["simulate", "--workers", "1", "--games", "25", "--json"])
    assert quiet.stderr == "" and json.loads(quiet.stdout)["bots"]["greedy"]["games"] == 25


@pytest.mark.parametrize(("lang", "words"), [
    ("ja", ["ゲーム、ボット sloppy, greedy（席は交代）", "勝率", "最初の親の側の勝率",  # noqa: RUF001
            "1 ハンドあたりの得点：", "プレイした 1 ハンドあたりの得点：dealer/crib",  # noqa: RUF001
            "skunk：与えた"]),  # noqa: RUF001
    ("zh-Hans", ["局，机器人 sloppy, greedy（轮换座位）", "首位庄家一方胜率", "每手得分：",  # noqa: RUF001
                 "每局手数："]),  # noqa: RUF001
])
def test_the_printed_report_is_in_the_users_language(lang, words):
    result = CliRunner().invoke(main, ["--lang", lang, "simulate", "--workers", "1", "--games",
                                       "20", "--bots", "sloppy,greedy"])
    assert result.exit_code == 0, result.output
    for word in words:
        assert word in result.stdout, (word, result.stdout)
    assert "games, bots" not in result.stdout and "of its seats" not in result.stdout


def test_clabbers_report_is_in_the_users_language():
    result = CliRunner().invoke(main, ["--lang", "ja", "simulate", "--variant", "clabber",
                                       "--workers", "1", "--games", "10"])
    assert result.exit_code == 0, result.output
    for words in ("配ったハンド", "切り札チームの成功率", "平均メルド", "切り札チーム"):
        assert words in result.stdout, (words, result.stdout)
    assert "hands dealt" not in result.stdout and "makers' success" not in result.stdout
