"""The game flow (docs/rules-of-play.md, "The standard game"): cut, deal, discard, starter, show
order, the end, the result."""

import random

import pytest

from pegline_core import (
    Card,
    Game,
    GameEnded,
    IllegalActionError,
    Input,
    RandomBot,
    Scored,
    load_variant,
    parse_cards,
    play_game,
)
from pegline_cribbage.actions import CutForDeal, CutStarter, Deal, Discard, Go, Play
from pegline_cribbage.bots import GreedyBot
from pegline_cribbage.combinations import pip
from pegline_cribbage.events import DealerChosen, HandShown

# runs in the pure build too (conftest.py): the compiled machines, counting and hook dispatch
pytestmark = pytest.mark.both_builds


def c(text):
    return parse_cards(text)


def dealt_game(dealer=1, scores=None, variant="two-player"):
    """Seat 0 holds 5H 5C 5D JS + KS QS; seat 1 holds 2C 4C 6D 8D + KC QC (no fifteens)."""
    game = Game(variant, dealer=dealer)
    if scores is not None:  # place the pegs, as a mid-game position
        game.machine.scores = scores
    game.apply(Deal([c("5H 5C 5D JS KS QS"), c("2C 4C 6D 8D KC QC")]))
    game.apply(Discard(0, c("KS QS")))
    game.apply(Discard(1, c("KC QC")))
    return game


def test_the_lower_cut_deals_and_a_tie_cuts_again():
    game = Game("two-player")
    game.apply(CutForDeal(c("7H 7S")))
    assert game.phase == "cut" and game.machine.dealer is None
    events = game.apply(CutForDeal(c("KH 3S")))
    assert isinstance(events[-1], DealerChosen) and events[-1].dealer == 1
    assert game.phase == "deal"


def test_the_ace_is_low_in_the_cut():
    game = Game("two-player")
    game.apply(CutForDeal(c("AH 2S")))
    assert game.machine.dealer == 0


def test_six_cards_dealt_two_laid_away_starter_then_pone_leads():
    game = dealt_game(dealer=1)
    assert game.phase == "starter" and len(game.machine.crib) == 4
    assert [len(h) for h in game.machine.held] == [4, 4]
    game.apply(CutStarter(Card.parse("9H")))
    assert game.phase == "pegging" and game.to_act == (0,)


def test_his_heels_scores_two_for_the_dealer_at_once():
    game = dealt_game(dealer=1)
    events = game.apply(CutStarter(Card.parse("JH")))
    scored = [e for e in events if isinstance(e, Scored)]
    assert [(e.actor, e.rule, e.points) for e in scored] == [(1, "his-heels", 2)]


def test_his_heels_can_win_the_game():
    game = dealt_game(dealer=1, scores=(100, 119))
    events = game.apply(CutStarter(Card.parse("JH")))
    assert game.over and isinstance(events[-1], GameEnded)
    assert events[-1].winner.side == 1 and events[-1].winner.score == 121


def play_out(game):
    """Both seats play their lowest legal card until pegging ends."""
    while game.phase == "pegging":
        legal = game.legal_actions()
        game.apply(min(legal, key=lambda a: pip(a.card) if isinstance(a, Play) else 0))


def test_show_order_is_pone_dealer_then_crib():
    game = dealt_game(dealer=1)
    game.apply(CutStarter(Card.parse("9H")))
    play_out(game)
    shows = [(e.actor, e.crib) for e in game.log if isinstance(e, HandShown)]
    assert shows == [(0, False), (1, False), (1, True)]
    assert game.phase == "deal" and game.machine.dealer == 0, "the deal alternates"


def test_pone_counting_first_wins_though_the_dealer_would_reach_121_too():
    # pegging gives the dealer 5 (118); the pone's hand shows 14, the dealer's would show 4
    game = dealt_game(dealer=1, scores=(110, 113))
    game.apply(CutStarter(Card.parse("9H")))
    play_out(game)
    result = game.result
    assert result is not None and result.winner.side == 0
    assert [e.actor for e in game.log if isinstance(e, HandShown)] == [0]
    assert isinstance(game.log[-1], GameEnded), "nothing is recorded after the result"
    scores = [e for e in game.log if isinstance(e, Scored)]
    assert scores[-1].total >= 121 and scores[-2].total < 121, "stops at the winning award"


@pytest.mark.parametrize("loser, mark, points", [(90, "skunk", 3), (60, "double skunk", 4),
                                                  (91, "", 2)])
def test_skunk_lines(loser, mark, points):
    game = dealt_game(dealer=1, scores=(loser, 119))
    game.apply(CutStarter(Card.parse("JH")))
    result = game.result
    assert (result.results[1].mark, result.game_points) == (mark, points)


def test_lowball_the_first_to_the_target_loses():
    game = dealt_game(dealer=1, scores=(40, 119), variant=load_variant("two-player",
                                                                       overlays=["lowball"]))
    game.apply(CutStarter(Card.parse("JH")))
    result = game.result
    assert result.lowball and [r.side for r in result.results] == [0, 1]
    assert result.results[1].score == 121 and result.results[0].mark == ""


ILLEGAL = [
    ("play before the deal", lambda g: g.apply(Play(0, Card.parse("5H"))), "not allowed in the deal"),
    ("deal short", lambda g: g.apply(Deal([c("5H"), c("6H")])), "needs 6 cards for each of 2"),
    ("deal a card twice", lambda g: g.apply(Deal([c("5H 5C 5D JS KS QS"), c("5H 4C 6D 8D KC QC")])),
     "a card cannot be dealt twice"),
]


@pytest.mark.parametrize("name, act, message", ILLEGAL, ids=[i[0] for i in ILLEGAL])
def test_illegal_actions_before_the_deal(name, act, message):
    game = Game("two-player", dealer=1)
    before = (game.machine.snapshot(), game.log)
    with pytest.raises(IllegalActionError, match=message):
        act(game)
    assert (game.machine.snapshot(), game.log) == before


def test_illegal_discards_change_nothing():
    game = Game("two-player", dealer=1)
    game.apply(Deal([c("5H 5C 5D JS KS QS"), c("2C 4C 6D 8D KC QC")]))
    for action, message in [
        (Discard(0, c("KS")), "lay away exactly 2 different card"),
        (Discard(0, c("KS KC")), "seat 0 does not hold KC"),
        (Discard(2, c("KS QS")), "no seat 2"),
        (CutStarter(Card.parse("AH")), "not allowed in the discard phase"),
    ]:
        before = (game.machine.snapshot(), len(game.log))
        with pytest.raises(IllegalActionError, match=message):
            game.apply(action)
        assert (game.machine.snapshot(), len(game.log)) == before
    game.apply(Discard(0, c("KS QS")))
    with pytest.raises(IllegalActionError, match="already laid away"):
        game.apply(Discard(0, c("5H 5C")))


def test_illegal_plays_change_nothing():
    game = dealt_game(dealer=1)
    with pytest.raises(IllegalActionError, match="already been dealt"):
        game.apply(CutStarter(Card.parse("KS")))
    game.apply(CutStarter(Card.parse("9H")))
    for action, message in [
        (Play(1, Card.parse("2C")), "it is seat 0's turn to play, not seat 1's"),
        (Play(0, Card.parse("2C")), "seat 0 does not hold 2C"),
        (Go(0), "cannot say go while holding a playable card"),
        ("not an action", "not an action"),
    ]:
        before = (game.machine.snapshot(), len(game.log))
        with pytest.raises(IllegalActionError, match=message):
            game.apply(action)
        assert (game.machine.snapshot(), len(game.log)) == before


def test_over_31_is_refused():
    game = dealt_game(dealer=1)
    game.apply(CutStarter(Card.parse("9H")))
    for card in ("JS", "8D", "5H", "6D"):  # 29
        game.apply(Play(game.machine.turn, Card.parse(card)))
    with pytest.raises(IllegalActionError, match="5C would make the count 34, over 31"):
        game.apply(Play(0, Card.parse("5C")))


def test_nothing_is_allowed_after_the_end():
    game = play_game("two-player", [RandomBot(1), RandomBot(2)], seed=3)
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.apply(Go(0))


def test_the_same_seed_gives_the_same_log():
    games = [play_game("two-player", [GreedyBot(), RandomBot(9)], seed=42) for _ in range(2)]
    logs = [[g.codec.to_dict(e) for e in g.log] for g in games]
    assert logs[0] == logs[1]


@pytest.mark.parametrize("seed", range(5))
def test_replaying_the_inputs_reproduces_every_event(seed):
    game = play_game("two-player", [RandomBot(seed), RandomBot(seed + 1)], seed=seed)
    again = Game("two-player")
    for action in game.inputs():
        again.apply(action)
    assert again.log == game.log
    codec = game.codec
    assert tuple(codec.from_dict(codec.to_dict(e)) for e in game.log) == game.log


def test_scores_equal_the_sum_of_score_events():
    game = play_game("two-player", [GreedyBot(), GreedyBot()], seed=11)
    for side in (0, 1):
        assert game.machine.scores[side] == sum(
            e.points for e in game.log if isinstance(e, Scored) and e.side == side)


def test_events_carry_sequence_hand_phase_and_actor():
    game = play_game("two-player", [RandomBot(4), RandomBot(5)], seed=4)
    assert [e.seq for e in game.log] == list(range(len(game.log)))
    hands = [e.hand for e in game.log]
    assert hands == sorted(hands)
    assert all(e.actor == e.action.seat for e in game.log
               if isinstance(e, Input) and hasattr(e.action, "seat"))


def test_a_view_shows_only_the_seats_own_cards():
    game = Game("two-player", dealer=1)
    game.apply(game.chance_action(random.Random(1)))
    view = game.view(0)
    assert view.held == game.machine.held[0]
    assert not any(card in view.held for card in game.machine.held[1])
    assert not hasattr(view, "crib")
