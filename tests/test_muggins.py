"""Muggins (docs/rules-of-play.md, "muggins"): declarations, responses, settlements and the end of
the game."""

from functools import cache
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pegline_core import GameEnded, IllegalActionError, RandomBot, Scored, load_variant, play_game
from pegline_cribbage.actions import Declare, Respond
from pegline_cribbage.bots import GreedyBot
from pegline_cribbage.events import CountSettled, HandShown
from pegline_cribbage.scripts import Script

# runs in the pure build too (conftest.py): the compiled machines, counting and hook dispatch
pytestmark = pytest.mark.both_builds

EXAMPLE_A = (Path(__file__).with_name("records") / "seed-example-a.toml").read_text()
# after pegging: seat 0 (pone) 5, seat 1 (dealer) 1. True counts: seat 0's hand 2,
# seat 1's hand 4, seat 1's crib 4.


@cache
def _counted_up_to_the_show():
    return Script.from_toml(EXAMPLE_A.replace('variant = "two-player"',
                                              'variant = "two-player"\noverlays = ["muggins"]')
                            ).replay()


def counting_game(scores=None):
    game = _counted_up_to_the_show().copy()  # an independent game, without replaying the script
    assert game.phase == "show" and game.to_act == (0,)
    if scores is not None:
        game.machine.scores = scores  # a test set-up: the scores before the count
    return game


def moves(events):
    return [(e.actor, e.rule, e.points) for e in events if isinstance(e, Scored)]


def settled(events):
    return next(e for e in events if isinstance(e, CountSettled))


def test_a_declaration_is_pegged_at_once_and_must_be_0_to_29():
    game = counting_game()
    for bad, message in [(Declare(0, 30), "from 0 to 29, not 30"), (Declare(0, -1), "not -1"),
                         (Declare(1, 2), "it is seat 0's count, not seat 1's"),
                         (Respond(1, "accept"), "no declared count")]:
        with pytest.raises(IllegalActionError, match=message):
            game.apply(bad)
    events = game.apply(Declare(0, 2))
    assert moves(events) == [(0, "declared-count", 2)] and game.scores == (7, 1)
    assert game.to_act == (1,)


def test_muggins_takes_what_was_missed_up_to_the_claim():
    game = counting_game()
    game.apply(Declare(0, 0))
    events = game.apply(Respond(1, "muggins", 5))
    assert settled(events).outcome == "muggins"
    assert moves(events) == [(1, "muggins", 2)], "min(claimed 5, missed 2)"
    game2 = counting_game()
    game2.apply(Declare(0, 0))
    assert moves(game2.apply(Respond(1, "muggins", 1))) == [(1, "muggins", 1)]


def test_a_false_muggins_gives_the_claim_to_the_counter():
    game = counting_game()
    game.apply(Declare(0, 2))
    events = game.apply(Respond(1, "muggins", 3))
    assert settled(events).outcome == "false-muggins"
    assert moves(events) == [(0, "false-muggins", 3)] and game.scores == (10, 1)


def test_an_overcount_moves_the_excess_to_the_challenger():
    game = counting_game()
    game.apply(Declare(0, 6))
    events = game.apply(Respond(1, "overcount"))
    assert moves(events) == [(0, "overcount", -4), (1, "overcount-claim", 4)]
    assert game.scores == (7, 5)


def test_a_false_overcount_changes_nothing():
    game = counting_game()
    game.apply(Declare(0, 2))
    events = game.apply(Respond(1, "overcount"))
    assert settled(events).outcome == "false-overcount" and moves(events) == []
    assert game.scores == (7, 1)


def test_when_everyone_accepts_a_wrong_count_stands_and_the_truth_is_shown():
    game = counting_game()
    game.apply(Declare(0, 10))
    events = game.apply(Respond(1, "accept"))
    result = settled(events)
    assert (result.outcome, result.declared, result.points) == ("accepted", 10, 2)
    assert [(c.rule, c.points) for c in result.breakdown] == [("show-fifteen", 2)]
    assert game.scores == (15, 1)


def test_the_dealer_counts_the_crib_last_then_the_next_hand():
    game = counting_game()
    for seat, points in ((0, 2), (1, 4), (1, 4)):
        game.apply(Declare(seat, points))
        events = game.apply(Respond(1 - seat, "accept"))
    assert settled(events).crib and game.phase == "deal" and game.machine.dealer == 0


def test_bad_responses_are_refused():
    game = counting_game()
    game.apply(Declare(0, 2))
    for bad, message in [(Respond(0, "accept"), "seat 1's turn to respond"),
                         (Respond(1, "maybe"), "one of accept, muggins, overcount"),
                         (Respond(1, "muggins", 0), "from 1 to 29"),
                         (Respond(1, "accept", 3), "accept claims no points")]:
        before = game.machine.snapshot(), game.log
        with pytest.raises(IllegalActionError, match=message):
            game.apply(bad)
        assert (game.machine.snapshot(), game.log) == before


def test_a_count_reaching_the_target_ends_the_game_at_once():
    game = counting_game(scores=(119, 1))
    events = game.apply(Declare(0, 2))
    assert isinstance(events[-1], GameEnded) and events[-1].winner.side == 0


def test_an_overcount_reaching_the_target_waits_for_the_responses():
    game = counting_game(scores=(116, 1))
    game.apply(Declare(0, 6))
    assert not game.over and game.scores == (122, 1)
    game.apply(Respond(1, "overcount"))
    assert not game.over and game.scores == (118, 5)
    accepted = counting_game(scores=(116, 1))
    accepted.apply(Declare(0, 6))
    events = accepted.apply(Respond(1, "accept"))
    assert isinstance(events[-1], GameEnded) and events[-1].winner.score == 122


THREE = (Path(__file__).with_name("records") / "three-player-goes.toml").read_text().replace(
    'variant = "three-player"', 'variant = "three-player"\noverlays = ["muggins"]')


def test_three_players_respond_from_the_counters_left_and_the_first_claim_settles():
    game = Script.from_toml(THREE).replay()
    game.apply(Declare(0, 0))
    assert game.to_act == (1,)
    game.apply(Respond(1, "accept"))
    assert game.to_act == (2,)
    events = game.apply(Respond(2, "accept"))
    assert settled(events).outcome == "accepted"
    assert game.to_act == (1,)  # seat 1 counts next: responders are 2 then 0
    game.apply(Declare(1, 0))
    events = game.apply(Respond(2, "muggins", 29))
    assert settled(events).claimant == 2 and game.to_act == (2,), "seat 0 is never asked"


def test_in_a_partnership_only_the_other_team_responds():
    from pegline_muggins import MugginsProtocol

    def responders(variant, counter):
        return MugginsProtocol(variant, max_declaration=29).responders(counter)

    partner = load_variant("partner", overlays=["muggins"])
    assert responders(partner, 0) == (1, 3)
    assert responders(partner, 3) == (0, 2)
    assert responders(load_variant("three-player"), 1) == (2, 0)


def test_muggins_with_lowball_is_lowball_without_muggins():
    variant = load_variant("two-player", overlays=["muggins", "lowball"])
    assert variant.notices == ("muggins does not combine with lowball: this game is lowball "
                               "without muggins",)
    game = play_game(variant, [RandomBot(1), RandomBot(2)], seed=1)
    assert game.view(0).max_declaration == 0, "hands count themselves"
    assert not any(isinstance(e, CountSettled) for e in game.log)
    assert any(isinstance(e, HandShown) for e in game.log)


@given(declared=st.integers(0, 29), response=st.sampled_from(["accept", "muggins", "overcount"]),
       claimed=st.integers(1, 29))
def test_points_moved_follow_the_rules_and_no_score_goes_below_zero(declared, response, claimed):
    game = counting_game(scores=(0, 0))
    game.apply(Declare(0, declared))
    events = game.apply(Respond(1, response, claimed if response == "muggins" else 0))
    true = 2
    counter = declared + (claimed if response == "muggins" and declared >= true else 0) \
        - (declared - true if response == "overcount" and declared > true else 0)
    caller = (min(claimed, true - declared) if response == "muggins" and declared < true else 0) \
        + (declared - true if response == "overcount" and declared > true else 0)
    assert game.scores == (counter, caller)
    assert min(e.total for e in game.log if isinstance(e, Scored)) >= 0
    assert settled(events).points == true


@pytest.mark.parametrize("name", ["two-player", "two-player-61", "three-player", "partner",
                                  "five-card-traditional", "five-card"])
def test_games_with_muggins_reach_the_end_in_every_variant(name):
    variant = load_variant(name, overlays=["muggins"])
    n = variant.table.players
    for seed in range(4):
        bots = [GreedyBot(mistakes=0.3, seed=seed + s) for s in range(n)]
        game = play_game(variant, bots, seed=seed)
        assert isinstance(game.log[-1], GameEnded)
        settlements = [e for e in game.log if isinstance(e, CountSettled)]
        assert settlements and {e.outcome for e in settlements} <= {"accepted", "muggins"}
        assert all(e.outcome == "muggins" for e in settlements if e.declared < e.points)
