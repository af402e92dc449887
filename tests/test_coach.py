"""The coach: fair, bounded, deterministic; compare only after a commit."""

import hashlib
import json
import random

import pytest
from click.testing import CliRunner

from pegline_core import (
    AskCoach,
    Candidate,
    Evaluation,
    Game,
    GameEnded,
    IllegalActionError,
    Input,
    PeglineError,
    RandomBot,
    load_variant,
    play_game,
)
from pegline_core.app.cli import main
from pegline_core.cards import DECK, parse_cards
from pegline_core.record import GameRecord
from pegline_core.turns import Chance
from pegline_cribbage.actions import CutStarter, Deal, Discard, Go, Play
from pegline_cribbage.bots import GreedyBot
from pegline_cribbage.coach import SHORTLIST, WIN, Coach, CoachBot
from pegline_cribbage.crib_odds import CribOdds
from pegline_cribbage.playout import Pegging
from pegline_cribbage.scorer import Scorer
from pegline_cribbage.testing import play
from pegline_cribbage.win_table import WinTable

# runs in the pure build too (conftest.py): the compiled bots and coach's playouts
pytestmark = pytest.mark.both_builds

MINE = "5H 5C JD KS 2C 9H"


def dealt(other: str, variant="two-player"):
    game = Game(variant, dealer=1)
    game.apply(Deal([parse_cards(MINE), parse_cards(other)]))
    return game


def test_the_evaluation_is_the_same_however_the_hidden_cards_lie():
    unseen = [c for c in DECK if c not in parse_cards(MINE)]
    evaluations = set()
    for seed in range(5):
        other = random.Random(seed).sample(unseen, 6)
        game = dealt(" ".join(map(str, other)))
        evaluations.add(Coach(Scorer(game.ruleset)).evaluate(game.view(0)))
    assert len(evaluations) == 1


def test_pegging_evaluation_ignores_the_hidden_hand_too():
    results = set()
    for other in ("7S 8S 9S TS QC QD", "7S 8D 9D TD QC QD", "7S 3D 4D AC QC QD"):
        game = dealt(other)
        game.apply(Discard(0, parse_cards("2C 9H")))
        game.apply(Discard(1, parse_cards("QC QD")))
        game.apply(CutStarter(parse_cards("AH")[0]))
        play(game, "5H 7S")
        results.add(Coach(Scorer(game.ruleset)).evaluate(game.view(0)))
    assert len(results) == 1


def test_the_same_view_always_gets_the_same_answer():
    game = dealt("AS 2S 3S 4S 6S 7S")
    coach = Coach(Scorer(game.ruleset))
    assert coach.evaluate(game.view(0)) == coach.evaluate(game.view(0))
    assert "not perfect play" in coach.evaluate(game.view(0)).note


def test_expected_hand_points_are_exact_over_every_starter():
    game = dealt("AS 2S 3S 4S 6S 7S")
    scorer = Scorer(game.ruleset)
    evaluation = Coach(scorer).evaluate(game.view(0))
    best = evaluation.best
    keep = [c for c in parse_cards(MINE) if c not in best.action.cards]
    starters = [c for c in DECK if c not in parse_cards(MINE)]
    exact = sum(scorer.show(keep, s).total for s in starters) / len(starters)
    assert dict(best.reasons)["expected hand points"] == round(exact, 2)
    assert len(evaluation.candidates) == 15


def test_the_five_pegging_checks():
    game = dealt("7S 8S 9S TS QC QD")
    game.apply(Discard(0, parse_cards("2C 9H")))
    game.apply(Discard(1, parse_cards("QC QD")))
    game.apply(CutStarter(parse_cards("AH")[0]))
    game.apply(Play(0, parse_cards("5H")[0]))
    game.apply(Play(1, parse_cards("TS")[0]))  # count 15
    evaluation = Coach(Scorer(game.ruleset)).evaluate(game.view(0))
    by_card = {str(c.action.card): dict(c.reasons) for c in evaluation.candidates}
    assert by_card["5C"]["1 legal count"] == 20 and by_card["5C"]["3 same-rank tail"] == 1
    assert by_card["JD"]["1 legal count"] == 25
    assert all(0 <= reasons["5 reply risk (expected points)"] for reasons in by_card.values())
    assert evaluation.best.value == max(c.value for c in evaluation.candidates)


def test_in_lowball_the_coach_prefers_fewer_points():
    game = dealt("AS 2S 3S 4S 6S 7S", variant=load_variant("two-player", overlays=["lowball"]))
    evaluation = Coach(Scorer(game.ruleset)).evaluate(game.view(0))
    totals = [dict(c.reasons)["total"] for c in evaluation.candidates]
    assert totals[0] == min(totals)


@pytest.mark.heavy  # the pure pass: test_the_coach_plays_the_same_game_in_both_builds
@pytest.mark.parametrize("name", ["two-player", "three-player", "partner",
                                  "five-card-traditional", "five-card", "lowball", "muggins", "around-the-corner"])
def test_the_coach_bot_plays_every_variant_to_the_end(name):
    variant = load_variant(name)
    bots = [CoachBot(1)] + [RandomBot(s) for s in range(1, variant.table.players)]
    assert isinstance(play_game(variant, bots, seed=2).log[-1], GameEnded)


def test_the_coach_plays_the_same_game_in_both_builds():
    """Its playouts are compiled: a whole game's log, hashed, is the same in either build."""
    game = play_game("two-player-61", [CoachBot(1, budget=60), GreedyBot(seed=1)], seed=2)
    text = json.dumps(game.codec.dicts(game.log), sort_keys=True, separators=(",", ":"))
    assert isinstance(game.log[-1], GameEnded)
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == "2668bda10b81249a"


def test_compare_only_after_a_commit_and_it_marks_the_game():
    game = Game("two-player", dealer=1)
    with pytest.raises(IllegalActionError, match="no committed decision to compare yet"):
        game.apply(AskCoach(0))
    game = play_game("two-player", [GreedyBot(), GreedyBot()], seed=1,
                     game=_game_with_assist_after_first_discard())
    assert game.result.assist_used == (0,)
    record = GameRecord.of(game)
    assert record.assist_used and GameRecord.from_toml(record.to_toml()).summary["assist_used"] == [0]
    assert GameRecord.from_toml(record.to_toml()).verify() is None


def _game_with_assist_after_first_discard():
    game = Game("two-player", dealer=1)
    game.apply(game.chance_action(random.Random(3)))
    game.apply(game.legal_actions(0)[0])
    events = game.apply(AskCoach(0))
    assert isinstance(events[0], Input) and game.machine.assisted == {0}
    return game


def test_the_terminal_compare_shows_every_candidate_and_marks_the_result():
    answers = "compare\n1 2\ncompare\n" + "\n".join(["1 2", "1", "2", "3", "4", "go"] * 400) + "\n"
    result = CliRunner().invoke(main, ["play", "--human", "--seed", "2", "--bots", "coach"],
                                input=answers)
    assert result.exit_code == 0, result.output[-1500:]
    out = result.output
    assert "nothing to compare yet: commit a move first" in out
    assert out.count("(The coach: A searching evaluator") == 1, "the disclaimer is shown once"
    assert "You laid away A♥ 2♦: the coach" in out and "expect " in out
    assert "in hand and" in out and "<- your move" in out
    assert "asks the coach to compare (assist used)" in out
    assert "(assist used by seat 0 (you))" in out


# -- compare after commit (Game.compare) -------------------------------------------------------


def test_compare_is_refused_before_a_commit_and_changes_nothing():
    game = dealt("AS 2S 3S 4S 6S 7S")
    before = game.log
    with pytest.raises(IllegalActionError, match="seat 0 has no committed decision to compare"):
        game.compare(0)
    with pytest.raises(IllegalActionError, match="no seat 2"):
        game.compare(2)
    assert game.log == before and game.machine.assisted == frozenset()


def test_compare_is_refused_for_another_seats_decision():
    game = dealt("AS 2S 3S 4S 6S 7S")
    game.apply(Discard(1, parse_cards("AS 2S")))
    with pytest.raises(IllegalActionError, match="seat 0 has no committed decision"):
        game.compare(0)
    assert game.compare(1).action == Discard(1, parse_cards("AS 2S"))
    assert game.result is None and game.machine.assisted == {1}


def test_compare_returns_the_decision_as_it_stood_with_the_choice_marked():
    game = dealt("AS 2S 3S 4S 6S 7S")
    stood = Coach(Scorer(game.ruleset)).evaluate(game.view(0))
    game.apply(Discard(0, parse_cards("9H JD")))       # cards in any order are the same move
    game.apply(Discard(1, parse_cards("AS 2S")))
    game.apply(CutStarter(parse_cards("AH")[0]))     # the game moved on: the seat sees more now
    comparison = game.compare(0)
    assert comparison.evaluation == stood and comparison.seat == 0 and comparison.hand == 1
    assert comparison.action == Discard(0, parse_cards("9H JD"))
    chosen = comparison.candidates[comparison.chosen]
    assert sorted(chosen.action.cards) == sorted(parse_cards("JD 9H"))
    assert comparison.rank == stood.ranks[comparison.chosen] > 1 and not comparison.best
    assert sorted(map(str, stood.best.action.cards)) == ["2C", "9H"]
    assert dict(chosen.reasons)["crib is"] == "the opponents'" and "not perfect play" in \
        comparison.evaluation.note


def test_compare_records_assist_used_in_the_log_and_the_result():
    game = dealt("AS 2S 3S 4S 6S 7S")
    game.apply(Discard(0, parse_cards("2C 9H")))
    before = len(game.log)
    game.compare(0)
    assert game.log[before:] == (Input(before, 1, "discard", 0, AskCoach(0)),)
    done = play_game("two-player", [GreedyBot(), GreedyBot()], seed=4, game=game)
    assert done.result.assist_used == (0,)
    record = GameRecord.of(done)
    assert record.assist_used and record.verify() is None


def test_compare_works_after_the_last_move_of_the_game():
    game = play_game("two-player", [CoachBot(1, budget=20), GreedyBot()], seed=6)
    assert game.result.assist_used == ()
    last = next(e for e in reversed(game.log) if isinstance(e, Input) and e.actor is not None)
    ended = len(game.log)
    comparison = game.compare(last.actor)
    assert comparison.event <= last.seq and game.over
    assert game.log[ended:] == (Input(ended, game.hand, "over", last.actor,
                                      AskCoach(last.actor)),)
    assert game.result.assist_used == (last.actor,) and game.result.winner == \
        game.log[ended - 1].winner
    record = GameRecord.of(game)
    assert record.assist_used and record.verify() is None
    assert record.summary["assist_used"] == [last.actor] and record.summary["over"]
    assert GameRecord.from_toml(record.to_toml()).replay().result.assist_used == (last.actor,)
    assert game.undo() == AskCoach(last.actor) and game.result.assist_used == ()
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.apply(Play(0, parse_cards("AH")[0]))


def test_compare_ranks_ties_as_ties():
    game = dealt("7S 8S 9S TS QC QD")
    game.apply(Discard(0, parse_cards("2C 9H")))
    game.apply(Discard(1, parse_cards("QC QD")))
    game.apply(CutStarter(parse_cards("AH")[0]))
    game.apply(Play(0, parse_cards("5H")[0]))
    game.apply(Play(1, parse_cards("7S")[0]))
    game.apply(Play(0, parse_cards("JD")[0]))      # count 22: 5C, KS both fit, neither scores
    comparison = game.compare(0)
    values = [c.value for c in comparison.candidates]
    assert comparison.evaluation.ranks == tuple(
        1 + sum(v > value + 1e-9 for v in values) for value in values)
    assert Evaluation("play", (Candidate(None, 2.0, ()), Candidate(None, 2.0, ()),
                               Candidate(None, 1.0, ()))).ranks == (1, 1, 3)


def test_equal_moves_tie_in_the_coach():
    game = dealt("7S 8S 9S TS QC QD")
    game.apply(Discard(0, parse_cards("JD KS")))
    game.apply(Discard(1, parse_cards("QC QD")))
    game.apply(CutStarter(parse_cards("AH")[0]))
    game.apply(Play(0, parse_cards("2C")[0]))
    game.apply(Play(1, parse_cards("7S")[0]))      # 5H and 5C are the same play at count 9
    evaluation = Coach(Scorer(game.ruleset)).evaluate(game.view(0))
    by_card = {str(c.action.card): c.value for c in evaluation.candidates}
    assert by_card["5H"] == by_card["5C"]
    fives = [r for c, r in zip(evaluation.candidates, evaluation.ranks, strict=True)
             if c.action.card.rank == 5]
    assert fives[0] == fives[1]


def test_a_game_without_an_evaluator_cannot_compare():
    from pegline_cribbage import Cribbage

    class NoCoach(Cribbage):
        pegline_evaluator = None  # the hook, not implemented

    game = Game("two-player", dealer=1, extra_plugins={"cribbage": NoCoach})
    game.apply(Deal([parse_cards(MINE), parse_cards("AS 2S 3S 4S 6S 7S")]))
    game.apply(Discard(0, parse_cards("2C 9H")))
    assert "evaluator" not in game.ruleset.cache  # its own ruleset: nothing built for others
    with pytest.raises(IllegalActionError, match="game 'cribbage' does not implement "
                                                 "pegline_evaluator: it has no coach to compare"):
        game.compare(0)
    assert not any(isinstance(e, Input) and isinstance(e.action, AskCoach) for e in game.log)


def test_the_play_loop_hands_a_players_own_compare_to_game_compare():
    class Asker(GreedyBot):
        """Asks once, after its first committed discard, and keeps what it was shown."""

        def __init__(self):
            super().__init__()
            self.shown = []

        def choose(self, view, legal):
            if view.phase == "pegging" and not self.shown:
                return AskCoach(view.seat)
            return super().choose(view, legal)

        def compared(self, comparison):
            self.shown.append(comparison)

    asker = Asker()
    events = []
    game = play_game("two-player", [asker, GreedyBot()], seed=3, on_event=events.append)
    assert len(asker.shown) == 1 and asker.shown[0].evaluation.decision == "discard"
    assert isinstance(asker.shown[0].action, Discard) and asker.shown[0].seat == 0
    assert game.result.assist_used == (0,)
    assert [e.action for e in events if isinstance(e, Input)].count(AskCoach(0)) == 1


# -- the search: budget, fairness, strength ----------------------------------------------------


def pegging_game():
    game = dealt("7S 8S 9S TS QC QD")
    game.apply(Discard(0, parse_cards("2C 9H")))
    game.apply(Discard(1, parse_cards("QC QD")))
    game.apply(CutStarter(parse_cards("AH")[0]))
    game.apply(Play(0, parse_cards("5H")[0]))
    game.apply(Play(1, parse_cards("7S")[0]))
    return game


@pytest.mark.parametrize("budget", [0, 1, 7, 50, 240])
def test_the_budget_counts_simulated_hands_per_decision(budget):
    for game, phase in ((dealt("AS 2S 3S 4S 6S 7S"), "discard"), (pegging_game(), "play")):
        coach = Coach(Scorer(game.ruleset), budget=budget)
        evaluation = coach.evaluate(game.view(0))
        assert evaluation.decision == phase
        if phase == "discard":
            simulated = [c for c in evaluation.candidates
                         if dict(c.reasons)["pegging"] == "simulated"]
            shared = len(simulated) or SHORTLIST  # a budget under the shortlist buys nothing
        else:
            simulated, shared = list(evaluation.candidates), len(evaluation.candidates)
        # every simulated candidate gets the same whole number of hands, within the budget
        assert budget - shared < coach.simulations <= budget
        assert coach.simulations == (budget // shared) * len(simulated)
        coach.evaluate(game.view(0))
        assert coach.simulations <= 2 * budget


@pytest.mark.parametrize("budget", [-1, 2.5, "100", True])
def test_a_bad_budget_is_refused(budget):
    with pytest.raises(PeglineError, match="budget is a whole number of simulations"):
        Coach(Scorer.for_variant("two-player"), budget=budget)


def test_a_bigger_budget_may_change_the_figures_but_the_same_budget_never_does():
    game = pegging_game()
    scorer = Scorer(game.ruleset)
    small = Coach(scorer, budget=30).evaluate(game.view(0))
    assert small == Coach(scorer, budget=30).evaluate(game.view(0))
    assert small.note != Coach(scorer, budget=300).evaluate(game.view(0)).note


def test_the_seat_knows_the_cards_it_laid_away():
    game = Game("two-player", dealer=1)
    game.apply(Deal([parse_cards("5H 5C JD KS 5D 5S"), parse_cards("AS 2S 3S 4S 6S 7S")]))
    assert game.view(0).laid == ()
    game.apply(Discard(0, parse_cards("5D 5S")))
    assert game.view(0).laid == tuple(parse_cards("5D 5S")) and game.view(1).laid == ()
    game.apply(Discard(1, parse_cards("AS 2S")))
    game.apply(CutStarter(parse_cards("AH")[0]))
    assert game.view(0).laid == tuple(parse_cards("5D 5S"))
    # seat 0 leads JD (count 10): every five is its own, so no reply makes 15; only a jack
    # pairs it (2 points), held with probability 1 - C(42,4)/C(45,4) = 0.2495 by the dealer
    coach = Coach(Scorer(game.ruleset), budget=4000)
    by_card = {str(c.action.card): dict(c.reasons) for c in coach.evaluate(game.view(0))
               .candidates}
    assert 0.35 < by_card["JD"]["5 reply risk (expected points)"] < 0.65


def _after_a_go():
    """Seat 1 says go at 25: it holds 9D QD KD, none of six pips or fewer."""
    game = Game("two-player", dealer=1)
    game.apply(Deal([parse_cards("TH 7H 5H 2C AC AD"), parse_cards("8D 9D KD QD 3S 4S")]))
    game.apply(Discard(0, parse_cards("AC AD")))
    game.apply(Discard(1, parse_cards("3S 4S")))
    game.apply(CutStarter(parse_cards("6C")[0]))
    for action in (Play(0, parse_cards("TH")[0]), Play(1, parse_cards("8D")[0]),
                   Play(0, parse_cards("7H")[0]), Go(1)):
        game.apply(action)
    return game


def test_the_view_tells_every_go_of_the_hand():
    game = _after_a_go()
    view = game.view(0)
    assert (view.goes, view.said_go, view.count) == (((1, 25),), frozenset({1}), 25)
    game.apply(Play(0, parse_cards("5H")[0]))           # 30; seat 0 cannot play 2C: the end
    view = game.view(1)
    assert view.series == () and view.said_go == frozenset()   # a new series
    assert view.goes == ((1, 25),)                               # the hand's goes are kept


def test_every_go_in_the_view_is_true_and_each_hand_starts_with_none():
    rng = random.Random(7)
    checked = 0
    for variant in ("two-player", "three-player", "partner"):
        game = Game(variant)
        recorded = ()
        while not game.over:
            to_act = game.to_act
            if isinstance(to_act, Chance):
                game.apply(game.chance_action(rng))
            else:
                game.apply(rng.choice(game.legal_actions(to_act[0])))
            goes = game.view(0).goes
            if game.phase in ("discard", "starter"):   # a deal starts the hand's goes afresh
                assert goes == ()
            elif goes != recorded:      # grown by the goes of this action, each one true
                assert goes[:len(recorded)] == recorded
                for seat, count in goes[len(recorded):]:
                    assert all(min(c.rank, 10) > 31 - count for c in game.machine.held[seat])
                    checked += 1
            recorded = goes
    assert checked > 50


def test_the_coach_imagines_only_hands_that_fit_a_go():
    view = _after_a_go().view(0)
    coach = Coach(view.rules, budget=100)
    unseen = coach._unseen(view)
    assert any(c.rank < 7 for c in unseen)  # small cards are unseen: only the go rules them out
    worlds = coach._worlds(view, unseen, 200, random.Random(1), 4, 0)
    assert {len(hands[1]) for hands, _rest in worlds} == {3}
    assert all(min(c.rank for c in hands[1]) >= 7 for hands, _rest in worlds)
    # and the go is read from the view alone: the other hand's true cards never matter
    assert coach.evaluate(view) == Coach(view.rules, budget=100).evaluate(view)


def test_fairness_holds_in_a_three_player_game_too():
    mine = parse_cards("5H 5C JD KS 9H")
    unseen = [c for c in DECK if c not in mine]
    evaluations = set()
    for seed in range(3):
        rest = random.Random(seed).sample(unseen, 11)
        game = Game("three-player", dealer=2)
        game.apply(Deal([mine, rest[:5], rest[5:10]], rest[10:]))
        evaluations.add(Coach(Scorer(game.ruleset), budget=60).evaluate(game.view(0)))
    assert len(evaluations) == 1


@pytest.mark.heavy  # the pure pass: test_the_coach_plays_the_same_game_in_both_builds
def test_the_coach_beats_the_greedy_bot_hand_for_hand():
    """A small fixed smoke test: 150 deals, each played from both seats, one hand each."""
    game0 = Game("two-player", dealer=0)
    ruleset = game0.ruleset
    margins = []
    for seed in range(150):
        margin = 0
        for coach_seat in (0, 1):
            rng = random.Random(seed)
            game = Game(ruleset=ruleset, dealer=seed % 2)
            bots = [GreedyBot(seed=seed), GreedyBot(seed=seed)]
            bots[coach_seat] = CoachBot(seed, budget=60)
            while not (game.over or (game.phase == "deal" and len(game.inputs()) > 1)):
                to_act = game.to_act
                if isinstance(to_act, Chance):
                    game.apply(game.chance_action(rng))
                else:
                    seat = to_act[0]
                    game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
            margin += game.scores[coach_seat] - game.scores[1 - coach_seat]
        margins.append(margin / 2)
    assert sum(margins) / len(margins) > 0.2     # measured: about +0.7 a hand at the default


def test_with_muggins_the_coach_counts_exactly_and_claims_every_missed_point():
    sloppy = GreedyBot(mistakes=0.5, seed=3)
    game = play_game("muggins", [CoachBot(3, budget=20), sloppy], seed=8)
    settled = [e for e in game.log if type(e).__name__ == "CountSettled"]
    mine = [e for e in settled if e.actor == 0]
    missed = [e for e in settled if e.actor == 1 and e.declared < e.points]
    assert mine and missed, "the game has counts of both kinds"
    assert all(e.declared == e.points for e in mine)
    assert all(e.outcome == "muggins" and e.claimant == 0 for e in missed)


# -- the model: the crib table, the race to the target -----------------------------------------


def test_the_crib_table_counts_against_what_players_throw_and_depends_on_ranks_only():
    odds = CribOdds(Scorer.for_variant("two-player"))
    fives, balk = odds.expected(parse_cards("5H 5C")), odds.expected(parse_cards("KH TC"))
    assert fives > balk + 4  # a pair of fives is the best gift to a crib, king-ten the worst
    # any two fives of different suits, in either order, and a suited pair the same way
    assert odds.expected(parse_cards("5D 5S")) == odds.expected(parse_cards("5C 5H")) == fives
    assert odds.expected(parse_cards("TC KH")) == balk
    assert odds.expected(parse_cards("KS TS")) == odds.expected(parse_cards("KH TH"))
    # the same fixed seed in every process: a fresh table gives the same figures
    assert CribOdds(Scorer.for_variant("two-player")).expected(parse_cards("5H 5C")) == fives
    # the other throws are a hand-keeper's: a hand of 5-5-J-K-2-9 keeps 5-5-J-K
    assert set(odds._throw(parse_cards("5H 5C JD KS 2C 9H"))) == set(parse_cards("2C 9H"))


def test_the_crib_counts_for_the_dealer_and_against_the_pone():
    for dealer, sign in ((0, 1), (1, -1)):
        game = Game("two-player", dealer=dealer)
        game.apply(Deal([parse_cards(MINE), parse_cards("AS 2S 3S 4S 6S 7S")]))
        coach = Coach(Scorer(game.ruleset), budget=0)
        for candidate in coach.evaluate(game.view(0)).candidates:
            reasons = dict(candidate.reasons)
            crib = coach.crib.expected(candidate.action.cards)
            assert reasons["expected crib points"] == round(crib, 2)
            assert reasons["total"] == pytest.approx(reasons["expected hand points"] + sign * crib,
                                                     abs=0.01)  # no budget: no pegging


def test_a_race_stops_when_a_side_pegs_what_it_needs():
    pegging = Pegging(Scorer.for_variant("two-player"))
    hands = [parse_cards("5H 5C"), parse_cards("TS 5D")]
    assert pegging.race(hands, 1, 0) == ((9, 2), None)      # the whole play: as playout
    assert pegging.race(hands, 1, 0, needs=[2, 50]) == ((2, 0), 0)   # 5H makes 15: out
    assert pegging.race(hands, 1, 0, needs=[50, 2]) == ((2, 2), 1)   # 5D pairs 5H: out


def test_near_the_end_the_coach_values_the_game_not_the_points():
    game = pegging_game()  # seat 0 holds 5C JD KS after 5H 7S: the count is 12
    coach = Coach(Scorer(game.ruleset), budget=120, win_table=False)  # a game is WIN points
    view = game.view(0)
    far = coach.evaluate(view)
    assert all(abs(c.value) < 15 for c in far.candidates)  # mid-game: points
    winning = coach.evaluate(view._replace(scores=(120, 90)))  # any point wins: the go, the last
    assert all(c.value > WIN - 5 for c in winning.candidates)  # less its pegging margin
    losing = coach.evaluate(view._replace(scores=(60, 120)))  # they peg or count out first
    assert all(c.value < -0.9 * WIN for c in losing.candidates)
    # needing 2 as pone, seat 0 counts first: its hand (5H 5C JD KS, 10 with the starter AH)
    # wins whatever the play, and seat 1 cannot peg 21 first; every card is worth the game
    # (WIN) plus its pegging margin, which is negative here
    close = coach.evaluate(view._replace(scores=(119, 100)))
    assert all(far.best.value + 5 < c.value < WIN for c in close.candidates)


# -- playing to win: the win table -----------------------------------------------------------

def test_with_a_win_table_the_coach_ranks_by_the_chance_to_win():
    game = dealt("AS 2S 3S 4S 6S 7S")
    coach = Coach(Scorer(game.ruleset))
    assert coach.table == WinTable.shipped("two-player")
    view = game.view(0)
    for evaluation in (coach.evaluate(view), coach.evaluate(pegging_game().view(0))):
        chances = [dict(c.reasons)["win chance (%)"] for c in evaluation.candidates]
        assert chances == sorted(chances, reverse=True)
        assert all(0 < chance < 100 for chance in chances)
        assert [round(c.value, 1) for c in evaluation.candidates] == chances  # value: percent
    # a discard's chance is the odds' chance of its expected points: the pone's hand and
    # pegging against the dealer's heels, hand (the table's mean), crib and pegging
    best = dict(coach.evaluate(view).best.reasons)
    assert best["win chance (%)"] > 50  # 7.6 points ahead of the dealer's mean hand and crib


def test_without_a_table_the_coach_plays_for_points():
    game = dealt("AS 2S 3S 4S 6S 7S")
    for coach in (Coach(Scorer(game.ruleset), win_table=False),
                  Coach(Scorer(dealt("AS 2S 3S 4S 6S 7S", "muggins").ruleset))):
        assert coach.table is None  # switched off, or a variant whose table does not ship
        evaluation = coach.evaluate(game.view(0))
        assert all("win chance (%)" not in dict(c.reasons) for c in evaluation.candidates)
        assert [c.value for c in evaluation.candidates] == pytest.approx(
            [dict(c.reasons)["total"] for c in evaluation.candidates], abs=0.01)


def test_the_board_changes_the_advice_the_pone_counts_first():
    game = Game("two-player", dealer=1)
    game.apply(Deal([parse_cards("9C TD 2H 2C JD 3D"), parse_cards("4H 5H 7H 8H 9H TH")]))
    coach = Coach(Scorer(game.ruleset))
    view = game.view(0)
    at_love_all = coach.evaluate(view).best
    assert sorted(map(str, at_love_all.action.cards)) == ["9C", "JD"]  # the most points net
    # at 112 all the pone needs 9 and counts first: its hand may win the game before the crib
    # is counted, so it keeps 2-2-3-J (9.78 expected in hand) over 2-2-3-10 (9.57), though the
    # 9-10 it throws is worth more in the dealer's crib and its pegging is worse
    close = coach.evaluate(view._replace(scores=(112, 112)))
    assert sorted(map(str, close.best.action.cards)) == ["9C", "TD"]
    kept = {tuple(sorted(map(str, c.action.cards))): dict(c.reasons) for c in close.candidates}
    chosen, love_all = kept[("9C", "TD")], kept[("9C", "JD")]
    assert chosen["total"] < love_all["total"]
    assert chosen["expected hand points"] > love_all["expected hand points"]
    assert chosen["win chance (%)"] > love_all["win chance (%)"]


@pytest.mark.parametrize(("scores", "low", "high"), [
    ((120, 90), 98, 100),   # the pone needs a point, and pegs one in nearly every hand
    ((60, 120), 0, 1),      # the dealer needs a point: its heels, or any point it pegs
])
def test_at_the_end_of_the_game_the_chance_is_the_game(scores, low, high):
    coach = Coach(Scorer(Game("two-player").ruleset), budget=120)
    for view in (dealt("AS 2S 3S 4S 6S 7S").view(0), pegging_game().view(0)):
        evaluation = coach.evaluate(view._replace(scores=scores))
        assert all(low <= c.value <= high for c in evaluation.candidates)


def test_a_win_table_that_does_not_fit_is_refused():
    scorer = Scorer(Game("two-player").ruleset)
    with pytest.raises(PeglineError, match="a win table to 61 is not for a game to 121"):
        Coach(scorer, win_table=WinTable.shipped("two-player-61"))
    with pytest.raises(PeglineError, match="for two players, not 3"):
        Coach(Scorer(Game("three-player").ruleset), win_table=WinTable.shipped("two-player"))
    for wrong in ("yes", 1, None):
        with pytest.raises(PeglineError, match="win_table is a WinTable, True"):
            Coach(scorer, win_table=wrong)
