"""The discard table (`pegline analyze discard`, `pegline_cribbage.discards`)."""

from __future__ import annotations

import json
import random
from itertools import combinations

import pytest
from click.testing import CliRunner

from pegline_core import Game, load_variant
from pegline_core.app.cli import main
from pegline_core.cards import DECK, parse_cards
from pegline_core.errors import CardError
from pegline_cribbage.coach import Coach
from pegline_cribbage.discards import crib_odds, discard_table
from pegline_cribbage.machine import common
from pegline_cribbage.scorer import Scorer

HAND = parse_cards("5H 5C JD QS 4H 9C")


def test_every_discard_is_ranked_by_its_net():
    scorer = Scorer.for_variant("two-player")
    table = discard_table(scorer, HAND, dealer=True)
    assert len(table) == 15 == len({row.laid for row in table})
    assert [row.net for row in table] == sorted((row.net for row in table), reverse=True)
    assert all(row.net == pytest.approx(row.hand + row.crib) for row in table)
    pone = discard_table(scorer, HAND, dealer=False)
    assert all(row.net == pytest.approx(row.hand - row.crib) for row in pone)
    assert " ".join(map(str, table[0].laid)) == "4H 9C"  # keep the fifteens and the pair


def test_the_hand_is_exact_over_every_starter_and_the_crib_is_the_table():
    scorer = Scorer.for_variant("two-player")
    row = next(r for r in discard_table(scorer, HAND, dealer=True)
               if set(r.laid) == set(parse_cards("4H 9C")))
    starters = [card for card in DECK if card not in HAND]
    by_hook = [scorer.show(row.kept, starter).total for starter in starters]
    assert len(starters) == 46 and row.hand == pytest.approx(sum(by_hook) / 46)
    assert row.crib == crib_odds(scorer).expected(row.laid)


def test_a_three_player_hand_throws_one_and_shares_a_rival_crib():
    scorer = Scorer.for_variant("three-player")
    hand = parse_cards("5H 5C JD QS 4H")
    pone = discard_table(scorer, hand, dealer=False)
    assert len(pone) == 5 and all(len(row.laid) == 1 for row in pone)
    assert all(row.net == pytest.approx(row.hand - row.crib / 2) for row in pone)


def test_lowball_ranks_the_lowest_net_first():
    scorer = Scorer(load_variant("two-player", overlays=["lowball"]))
    table = discard_table(scorer, HAND, dealer=True)
    assert [row.net for row in table] == sorted(row.net for row in table)


@pytest.mark.parametrize(("cards", "said"), [
    ("5H 5C JD QS 4H", "has 6 cards, got 5"),
    ("5H 5H JD QS 4H 9C", "the same card twice"),
])
def test_a_hand_that_is_not_dealt_is_refused(cards, said):
    with pytest.raises(CardError, match=said):
        discard_table(Scorer.for_variant("two-player"), parse_cards(cards, distinct=False),
                      dealer=True)


def test_the_coach_starts_from_the_same_rows():
    game = Game("two-player", dealer=1)
    game.apply(game.chance_action(random.Random(3)))
    view = game.view(0)  # the pone: the dealer's crib counts against it
    rows = {row.laid: row for row in discard_table(view.rules, view.held, dealer=False)}
    coach = Coach(common(game.ruleset).scorer, budget=0)
    for candidate in coach.evaluate(view).candidates:
        reasons = dict(candidate.reasons)
        row = rows[candidate.action.cards]
        assert reasons["expected hand points"] == round(row.hand, 2)
        assert reasons["expected crib points"] == round(row.crib, 2)
    assert set(rows) == set(combinations(view.held, 2))


def test_the_command_prints_and_dumps_the_table():
    runner = CliRunner()
    printed = runner.invoke(main, ["analyze", "discard", *map(str, HAND)])
    assert printed.exit_code == 0, printed.output
    lines = printed.output.splitlines()
    assert lines[0] == "two-player: 5H 5C JD QS 4H 9C, your crib (dealer)"
    assert "hand: exact, over every starter (46); crib: estimated over 600" in lines[1]
    assert lines[3].split() == ["4H", "9C", "5H", "5C", "JD", "QS", "12.70", "3.86", "16.56"]
    assert len(lines) == 3 + 15
    dumped = json.loads(runner.invoke(main, ["analyze", "discard", "--pone", "--json",
                                             *map(str, HAND)]).output)
    assert dumped["role"] == "pone" and len(dumped["discards"]) == 15
    first = dumped["discards"][0]
    assert first["net"] == pytest.approx(first["hand"] - first["crib"])
    bad = runner.invoke(main, ["analyze", "discard", "5H", "5C", "--variant", "clabber"])
    assert bad.exit_code == 1 and "for cribbage variants" in bad.output
    ja = runner.invoke(main, ["--lang", "ja", "analyze", "discard", *map(str, HAND)])
    assert ja.exit_code == 0 and "your crib" not in ja.output
