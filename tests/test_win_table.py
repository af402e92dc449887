"""Win chances by board position (pegline_cribbage.win_table, docs/coach.md): the backward
solution against a plain recursive one, the counting order it follows, the shipped tables
against the very hands they were made from and against a fresh small recomputation, the command,
and every bad input."""

from __future__ import annotations

import functools
import json
import random
import re

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from pegline_core import PeglineError, Ruleset, load_variant
from pegline_core.app.cli import main
from pegline_cribbage.win_table import (
    SHIPPED,
    HandOdds,
    WinTable,
    check_variant,
    first_hand,
    hand_outcome,
    play_hands,
    solve,
)

pytest.importorskip("numpy")


def _reference(outcomes: dict, target: int) -> list[list[float]]:
    """The dealer's chance by plain recursion over positions, one hand at a time, points
    counted one by one in the rules' order."""
    total = sum(outcomes.values())

    @functools.cache
    def dealer_wins(dealer: int, pone: int) -> float:
        chance = 0.0
        for (heels, pegging, pone_show, dealer_show), n in outcomes.items():
            d, p = dealer + heels, pone
            if d >= target:
                chance += n
                continue
            decided = None
            for points in pegging:
                if points > 0:
                    p += points
                    if p >= target:
                        decided = 0.0
                        break
                else:
                    d -= points
                    if d >= target:
                        decided = 1.0
                        break
            if decided is None:
                p += pone_show
                d += dealer_show
                decided = 0.0 if p >= target else 1.0 if d >= target else \
                    1.0 - dealer_wins(p, d)
            chance += n * decided
        return chance / total

    return [[dealer_wins(d, p) for p in range(target)] for d in range(target)]


pegs = st.lists(st.integers(1, 4).flatmap(lambda n: st.sampled_from([n, -n])), min_size=1,
                max_size=5).map(tuple)
outcome_sets = st.dictionaries(st.tuples(st.sampled_from([0, 0, 2]), pegs, st.integers(0, 6),
                                         st.integers(0, 9)),
                               st.integers(1, 5), min_size=1, max_size=6)


@settings(max_examples=40, deadline=None)
@given(outcome_sets, st.integers(2, 14))
def test_the_backward_solution_is_the_plain_recursion(outcomes, target):
    solved, expected = solve(outcomes, target), _reference(outcomes, target)
    assert all(abs(a - b) < 1e-6 for row_a, row_b in zip(solved, expected, strict=True)
               for a, b in zip(row_a, row_b, strict=True))


def _table(outcomes: dict, target: int) -> WinTable:
    rows = tuple(tuple(row) for row in solve(outcomes, target))
    return WinTable("test", target, sum(outcomes.values()), 0, 1, None, "by hand", rows,
                    tuple(sorted(outcomes.items())))


def _one_hand(outcomes: dict, table: WinTable, dealer: int, pone: int, sp: int,
              sd: int) -> float:
    """The dealer's chance by counting each hand in turn, the shows shifted by whole points,
    then the table's chance with the pone's side to deal."""
    total, target, chance = sum(outcomes.values()), table.target, 0.0
    for (heels, pegging, pone_show, dealer_show), n in outcomes.items():
        d, p, decided = dealer + heels, pone, None
        if d >= target:
            decided = 1.0
        for points in pegging if decided is None else ():
            p, d = (p + points, d) if points > 0 else (p, d - points)
            if p >= target or d >= target:
                decided = 1.0 if d >= target else 0.0
                break
        if decided is None:
            p, d = max(p + pone_show + sp, 0), max(d + dealer_show + sd, 0)
            decided = 0.0 if p >= target else 1.0 if d >= target else \
                1.0 - table.dealer_wins[p][d]
        chance += n * decided
    return chance / total


@settings(max_examples=40, deadline=None)
@given(outcome_sets, st.integers(2, 14), st.data())
def test_the_odds_one_hand_ahead_count_the_hand_then_read_the_table(outcomes, target, data):
    table = _table(outcomes, target)
    odds = HandOdds(table)
    dealer, pone = (data.draw(st.integers(0, target - 1)) for _ in range(2))
    shift = data.draw(st.tuples(st.integers(-3, 3), st.integers(-3, 3)))
    # no shift: one hand ahead is the table itself, solved backward from the same hands
    assert odds.chances((dealer, pone), [(0, 0)])[0] == pytest.approx(
        table.dealer_wins[dealer][pone], abs=1e-6)  # the table keeps six decimals
    assert odds.chances((dealer, pone), [shift])[0] == pytest.approx(
        _one_hand(outcomes, table, dealer, pone, *shift), abs=1e-9)
    # between whole shifts: the four around it, weighted by nearness
    sp, sd = shift[0] + 0.25, shift[1] + 0.5
    around = [_one_hand(outcomes, table, dealer, pone, shift[0] + i, shift[1] + j)
              for i in (0, 1) for j in (0, 1)]
    expected = 0.75 * (0.5 * around[0] + 0.5 * around[1]) + 0.25 * (0.5 * around[2] +
                                                                  0.5 * around[3])
    assert odds.chances((dealer, pone), [(sp, sd)])[0] == pytest.approx(expected, abs=1e-9)


def test_the_shows_alone_leave_out_the_heels_and_the_pegging():
    outcomes = {(2, (3, -4), 1, 2): 1}
    odds = HandOdds(_table(outcomes, 10))
    assert odds.means == {"whole": (4.0, 8.0), "shows": (1.0, 2.0)} and odds.heels == 2.0
    # at 8 all the dealer's heels win the whole hand; counting only the shows, the pone's 1 is
    # short of 2 and the dealer's 2 reaches 10
    assert odds.chances((8, 8), [(0, 0)]) == [1.0]
    assert odds.chances((8, 8), [(1, 0)], whole=False) == [0.0]   # the pone's 2 counts first


@pytest.mark.parametrize(("outcome", "at", "dealer_wins"), [
    ((0, (-1, 1), 0, 0), (2, 2), 1.0),  # the dealer pegs first at two all: the dealer wins
    ((0, (1, -1), 0, 0), (2, 2), 0.0),  # the pone pegs first: the pone wins
    ((2, (1,), 0, 0), (1, 2), 1.0),  # his heels come before any pegging
    ((0, (-1,), 5, 5), (0, 0), 0.0),  # the pone's hand counts before the dealer's
    ((0, (1,), 0, 9), (2, 0), 1.0),  # the dealer's hand and crib win when the pone falls short
])
def test_points_count_in_the_rules_order(outcome, at, dealer_wins):
    assert solve({outcome: 1}, 3)[at[0]][at[1]] == dealer_wins


def test_a_hand_that_scores_nothing_passes_the_deal_and_is_solved_exactly():
    # to 1: half the hands score nothing, half give the pone a point. The dealer wins only
    # after a scoreless hand, as the next pone: w = (1 - w) / 2, so w = 1/3
    assert solve({(0, (), 0, 0): 1, (0, (1,), 0, 0): 1}, 1) == [[0.333333]]
    with pytest.raises(PeglineError, match="no hand scored a point"):
        solve({(0, (), 0, 0): 3}, 61)


def test_the_deal_passes_between_hands():
    # every hand: the pone pegs one. From love-all, with a target of 2, the first pone pegs to 1,
    # then becomes dealer; the first dealer, now pone, pegs to 1; the next pone has won
    assert solve({(0, (1,), 0, 0): 1}, 2)[0][0] == 0.0


def test_a_hand_is_split_by_who_scored_and_when():
    variant = load_variant("two-player")
    (outcome, count), = play_hands(variant, seed=3, budget=8, start=5, count=1).items()
    heels, pegging, pone_show, dealer_show = outcome
    assert count == 1 and pegging and heels in (0, 2)
    # the same hand again, read from its log
    from pegline_cribbage.coach import CoachBot
    game = first_hand(Ruleset(variant), random.Random((3 << 32) + 5),
                      [CoachBot(budget=8, win_table=False, reading=False) for _ in range(2)])
    assert game.hand == 1 and game.phase == "deal"
    assert hand_outcome(game) == outcome
    assert sum(abs(p) for p in pegging) + heels + pone_show + dealer_show == sum(game.scores)
    assert game.scores[1] == sum(p for p in pegging if p > 0) + pone_show


@pytest.mark.parametrize("name", SHIPPED)
def test_a_shipped_table_is_solved_from_its_own_hands(name):
    """Fast and exact: at sampled positions, the table's chance is the expectation over its
    own hands of what each leaves, read from the table itself (the whole solution is checked for
    the game to 61, where it takes a couple of seconds)."""
    table = WinTable.shipped(name)
    variant = load_variant(name)
    assert table.variant == name and table.target == variant.settings.scoring.target
    assert table.hands == sum(n for _o, n in table.outcomes) >= 10_000
    assert f"--variant {name} --hands {table.hands} --seed {table.seed}" in table.made_by
    outcomes = dict(table.outcomes)
    if table.target <= 61:
        assert solve(outcomes, table.target) == [list(r) for r in table.dealer_wins]
        return
    target, rng = table.target, random.Random(0)
    for d, p in [(0, 0), (120, 120), (110, 115)] + [(rng.randrange(target),
                                                     rng.randrange(target)) for _ in range(25)]:
        expected = sum(n * _leaves(table, outcome, d, p) for outcome, n in outcomes.items())
        assert table.dealer_wins[d][p] == pytest.approx(expected / table.hands, abs=2e-6)


def _leaves(table: WinTable, outcome, dealer: int, pone: int) -> float:
    """What one hand leaves the dealer, the later hands read from ``table``."""
    heels, pegging, pone_show, dealer_show = outcome
    target = table.target
    dealer += heels
    if dealer >= target:
        return 1.0
    for points in pegging:
        pone, dealer = (pone + points, dealer) if points > 0 else (pone, dealer - points)
        if pone >= target or dealer >= target:
            return 0.0 if pone >= target else 1.0
    pone += pone_show
    if pone >= target:
        return 0.0
    dealer += dealer_show
    return 1.0 if dealer >= target else 1.0 - table.dealer_wins[pone][dealer]


def test_a_small_recomputation_agrees_with_the_shipped_table_within_its_error():
    table = WinTable.shipped("two-player-61")
    hands = 60
    small = solve(play_hands(load_variant("two-player-61"), seed=99, budget=table.budget,
                             start=0, count=hands), table.target)
    # the error of a table of n hands grows as 1/sqrt(n): four standard errors of the difference
    bound = 4 * table.error * (1 + table.hands / hands) ** 0.5
    worst = max(abs(a - b) for row_a, row_b in zip(small, table.dealer_wins, strict=True)
                for a, b in zip(row_a, row_b, strict=True))
    assert 0 < worst <= bound


def test_what_the_shipped_tables_say():
    table = WinTable.shipped("two-player")
    assert 0.53 < table.chance((0, 0), dealer=0) < 0.59  # the first dealer's edge
    assert table.chance((0, 0), dealer=1) == pytest.approx(1 - table.chance((0, 0), dealer=0))
    assert table.chance((121, 119), dealer=1) == 1.0 and table.chance((90, 121), dealer=0) == 0.0
    # the same lead is worth more near the end, and a point to go is all but a win for the dealer
    assert table.chance((110, 100), dealer=0) > table.chance((30, 20), dealer=0) + 0.1
    assert table.chance((120, 119), dealer=0) > table.chance((119, 120), dealer=0) > 0.5
    assert 0 < table.error < 0.01


@pytest.mark.parametrize(("name", "why"), [
    ("lowball", "in lowball reaching the target loses"),
    ("three-player", "a win table is for two players, not 3"),
    ("partner", "a win table is for two players, not 4"),
    ("muggins", "hands counted by the players are not modelled"),
    ("clabber", "clabber is not a cribbage variant"),
])
def test_a_variant_it_cannot_model_is_refused(name, why):
    with pytest.raises(PeglineError, match=why):
        check_variant(load_variant(name))
    result = CliRunner().invoke(main, ["analyze", "win-table", "--variant", name, "--hands", "1"])
    assert result.exit_code == 1 and why in result.output and "Traceback" not in result.output


@pytest.mark.parametrize(("lang", "said"), [("ja", "勝率表は 2 人用です"),
                                            ("zh-Hans", "胜率表只适用于两人")])
def test_a_refusal_is_said_in_the_users_language(lang, said):
    result = CliRunner().invoke(main, ["--lang", lang, "analyze", "win-table", "--variant",
                                       "three-player", "--hands", "1"])
    assert result.exit_code == 1 and said in result.output


def test_bad_input_is_refused_with_the_reason():
    table = WinTable.shipped("two-player-61")
    for scores, dealer in [((1, 2, 3), 0), ((1, 2), 2), ((-1, 2), 0), ((1.5, 2), 0),
                           ((1, 2), 1.0), ((1, 2), True), (5, 0), (None, 0), ({0, 1}, 0),
                           ({0: 1, 1: 2}, 0), ((True, 2), 0), ((61, 70), 0)]:
        with pytest.raises(PeglineError):
            table.chance(scores, dealer=dealer)
    data = table.to_dict()
    row = [0.5] * 61
    for broken, said in [
        ([], "a JSON object, not list"),
        ({"target": 61}, "no variant, hands, seed"),
        ({**data, "dealer_wins": data["dealer_wins"][:3]}, "dealer_wins must be 61 lists"),
        ({**data, "dealer_wins": [row] * 60 + [[float("nan")] * 61]}, "chances from 0 to 1"),
        ({**data, "dealer_wins": [row] * 60 + [[1.5] * 61]}, "chances from 0 to 1"),
        ({**data, "dealer_wins": [row] * 60 + [["0.5"] * 61]}, "chances from 0 to 1"),
        ({**data, "target": True}, "target must be a whole number from 2 up"),
        ({**data, "hands": float("inf")}, "hands must be a whole number"),
        ({**data, "hands": 41}, "hands must be the sum of the outcomes' counts"),
        ({**data, "error": float("nan")}, "error must be a chance"),
        ({**data, "outcomes": [[0, "12", 1, 2, 1]]}, "outcomes must be"),
        ({**data, "variant": 3}, "variant must be a text"),
    ]:
        with pytest.raises(PeglineError, match=re.escape(said)):
            WinTable.from_dict(broken)
    with pytest.raises(PeglineError, match="no win table ships for 'five-card'"):
        WinTable.shipped("five-card")
    with pytest.raises(PeglineError, match="at least one hand"):
        solve({}, 61)
    assert WinTable.from_dict(json.loads(json.dumps(data))) == table


def test_the_command_refuses_an_output_it_cannot_write(tmp_path):
    run = ["analyze", "win-table", "--variant", "two-player-61", "--hands", "2", "--budget", "2",
           "--workers", "1", "--output"]
    result = CliRunner().invoke(main, [*run, "/proc/no-such-table.json"])
    assert result.exit_code == 1 and "cannot be written" in result.output
    assert "Traceback" not in result.output
    result = CliRunner().invoke(main, ["--lang", "ja", *run, str(tmp_path)])
    assert result.exit_code == 2 and "フォルダ" in result.output


def test_a_table_of_few_hands_gives_no_error_and_its_command_runs_again(tmp_path):
    path = tmp_path / "t.json"
    result = CliRunner().invoke(main, ["analyze", "win-table", "--variant", "two-player",
                                       "--with", "to-61", "--hands", "3", "--budget", "2",
                                       "--workers", "1", "--output", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0].endswith("unknown (too few hands)")  # nothing above
    table = WinTable.from_dict(json.loads(path.read_text()))
    assert table.error is None and table.target == 61
    assert table.made_by == ("pegline analyze win-table --variant two-player --with to-61 "
                             "--hands 3 --seed 1 --budget 2")


def test_the_command_writes_a_table_that_the_same_seed_makes_again(tmp_path):
    paths = [tmp_path / "one.json", tmp_path / "two.json"]
    for path, workers in zip(paths, ("1", "2"), strict=True):
        result = CliRunner().invoke(main, ["analyze", "win-table", "--variant", "two-player-61",
                                           "--hands", "40", "--budget", "8", "--seed", "4",
                                           "--workers", workers, "--output", str(path)])
        assert result.exit_code == 0, result.output
        assert "two-player-61: 40 hands played by two coaches (budget 8), seed 4" in result.output
    assert paths[0].read_text() == paths[1].read_text()
    table = WinTable.from_dict(json.loads(paths[0].read_text()))
    assert table.hands == 40 and table.target == 61 and len(table.dealer_wins) == 61
    assert table.made_by == ("pegline analyze win-table --variant two-player-61 --hands 40 "
                             "--seed 4 --budget 8")


@pytest.mark.xdist_group("dask")  # one real cluster at a time
def test_hands_on_a_real_local_dask_cluster_are_the_same_hands():
    distributed = pytest.importorskip("distributed")
    from pegline_core.app.simulate import run_chunks

    variant = load_variant("two-player-61")
    work = functools.partial(play_hands, variant, 7, 8)
    local: dict = {}
    run_chunks(work, 30, lambda found: _add(local, found), workers=1)
    remote: dict = {}
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster:
        run_chunks(work, 30, lambda found: _add(remote, found),
                   scheduler=cluster.scheduler_address)
    assert remote == local and sum(local.values()) == 30


def _add(into: dict, found) -> None:
    for outcome, n in found.items():
        into[outcome] = into.get(outcome, 0) + n


def test_the_command_keeps_a_file_that_is_not_a_win_table(tmp_path):
    # --output wrote the table over whatever was there: a variant file given by mistake was lost
    mine = tmp_path / "house.toml"
    mine.write_text('extends = ["two-player"]\n', encoding="utf-8")
    run = ["analyze", "win-table", "--variant", "two-player-61", "--hands", "2", "--budget", "2",
           "--workers", "1", "--output", str(mine)]
    result = CliRunner().invoke(main, run)
    assert result.exit_code == 2 and "is not a win table" in result.output, result.output
    assert mine.read_text(encoding="utf-8") == 'extends = ["two-player"]\n'
    table = tmp_path / "table.json"
    for _ in range(2):  # a table is written over the one of the same name
        assert CliRunner().invoke(main, [*run[:-1], str(table)]).exit_code == 0
    assert WinTable.from_dict(json.loads(table.read_text())).target == 61
