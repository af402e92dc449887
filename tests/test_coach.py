"""The coach (RULES.md §8): fair, bounded, deterministic; compare only after a commit."""

import random

import pytest
from click.testing import CliRunner

from pegline_core import (
    AskCoach,
    Game,
    GameEnded,
    IllegalActionError,
    Input,
    RandomBot,
    load_variant,
    play_game,
)
from pegline_core.app.cli import main
from pegline_core.cards import DECK, parse_cards
from pegline_core.record import GameRecord
from pegline_cribbage.actions import CutStarter, Deal, Discard, Play
from pegline_cribbage.bots import GreedyBot
from pegline_cribbage.coach import Coach, CoachBot
from pegline_cribbage.scorer import Scorer
from pegline_cribbage.testing import play

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
    for other in ("7S 8S 9S TS QC QD", "7D 8D 9D TD QC QD"):
        game = dealt(other)
        game.apply(Discard(0, parse_cards("2C 9H")))
        game.apply(Discard(1, parse_cards("QC QD")))
        game.apply(CutStarter(parse_cards("AH")[0]))
        play(game, "5H 7" + other[1])
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


@pytest.mark.parametrize("name", ["two-player", "three-player", "partner",
                                  "five-card-traditional", "five-card", "lowball", "muggins", "around-the-corner"])
def test_the_coach_bot_plays_every_variant_to_the_end(name):
    variant = load_variant(name)
    bots = [CoachBot(1)] + [RandomBot(s) for s in range(1, variant.table.players)]
    assert isinstance(play_game(variant, bots, seed=2).log[-1], GameEnded)


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
    assert out.count("(The coach: A fixed evaluator") == 1, "the disclaimer is shown once"
    assert "You laid away A♥ 2♦: the coach" in out and "expect " in out
    assert "in hand and" in out and "<- your move" in out
    assert "asks the coach to compare (assist used)" in out
    assert "(assist used by seat 0 (you))" in out
